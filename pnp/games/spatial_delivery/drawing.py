"""Spatial Delivery drawn from the engine's summary: the hex galaxy (pointy-top hexes from the
axial coordinates, Earth in the middle, position labels E, A1..C18 as the notation types them),
worlds in their goods colour with their score and First Delivery tokens, trade route segments
on borders, stations on corners and ships in the seat colours; beside it a legend with each
seat's score, hand and tokens, the turn tracks, the Goods Market and the fuel depot.

Route segments belong to nobody in the rules (any ship may use any route), so they are drawn in
one neutral colour; stations and ships carry the seat colours.
"""

from __future__ import annotations

import math
import re
from typing import Any

from pnp.engine.svg import esc, short, svg, text

SIZE = 30.0  # hex circumradius
SPOT = 31  # a tap target on a corner or a world: 24 px on a 360 px phone (webscore.entry)
SQ3 = math.sqrt(3)
CX, CY = 24 + SQ3 * SIZE * 3.5, 44 + SIZE * 5.5  # Earth's centre
WIDTH = 2 * CX
KEY_Y = CY + SIZE * 5.5 + 8  # the key to the marks, under the galaxy
LEGEND_Y = KEY_Y + 26  # seats on the left, tracks and market on the right
MARKET_X = WIDTH / 2 + 8
BADGE_Y = LEGEND_Y + 46  # the Goods Market's face-up cards, one badge per goods type
BADGE_W, BADGE_STEP = 38, 46
GOODS = {"Y": "#f2c94c", "B": "#4ea8ff", "P": "#ff70a6", "G": "#4cd07d"}
GOODS_NAMES = {"Y": "Culture", "B": "Medicine", "P": "Robotics", "G": "Science"}
SEATS = ["#e63946", "#b388ff", "#ff9f1c", "#f1f1f1", "#8d6e63"]
ROUTE = "#ffe8a3"
FAINT = "#98a2c7"
_HEX = re.compile(r"E|[ABC][0-9]{1,2}")


def seat_colour(seat: object) -> str:
    return SEATS[seat % len(SEATS)] if isinstance(seat, int) and seat >= 0 else "#888888"


def _centre(q: float, r: float) -> tuple[float, float]:
    return CX + SIZE * SQ3 * (q + r / 2), CY + SIZE * 1.5 * r


def _corners(x: float, y: float, size: float) -> str:
    pts = []
    for k in range(6):
        a = math.radians(60 * k - 30)
        pts.append(f"{x + size * math.cos(a):.1f},{y + size * math.sin(a):.1f}")
    return " ".join(pts)


def _hex_centres(summary: dict[str, Any]) -> dict[str, tuple[float, float]]:
    out = {}
    for h in summary.get("hexes") or []:
        q, r = h.get("q"), h.get("r")
        if isinstance(q, int) and isinstance(r, int) and abs(q) <= 6 and abs(r) <= 6:
            out[str(h.get("hex"))] = _centre(q, r)
    return out


def _corner_xy(name: object, centres: dict[str, tuple[float, float]]
               ) -> tuple[float, float] | None:
    """A corner named by its three hexes sits at the mean of their centres."""
    if not isinstance(name, str):
        return None
    parts = _HEX.findall(name)
    if "".join(parts) != name or len(parts) != 3 or any(p not in centres for p in parts):
        return None
    return (sum(centres[p][0] for p in parts) / 3, sum(centres[p][1] for p in parts) / 3)


def _tile(h: dict[str, Any], x: float, y: float) -> list[str]:
    tile, goods = h.get("tile"), h.get("goods")
    name = h.get("hex", "")
    out = []
    if tile is None:
        out.append(f'<polygon points="{_corners(x, y, SIZE - 1.5)}" fill="none" '
                   'stroke="#3b4680" stroke-width="1" stroke-dasharray="3 3"/>')
        out.append(text(x, y + 4, name, size=10, anchor="middle", fill="#56608a"))
        return out
    fill = {"earth": "#123a6b", "space": "#0d1330"}.get(str(tile), "#1c2447")
    out.append(f'<polygon points="{_corners(x, y, SIZE - 1)}" fill="{fill}" stroke="#3b4680" '
               'stroke-width="1.2"/>')
    if tile == "earth":
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.48:.1f}" fill="#2f80ed" '
                   'stroke="#8fd3ff" stroke-width="1.5"/>')
        out.append(f'<path d="M{x - 8:.1f} {y - 4:.1f} q6 -6 10 0 t8 4 M{x - 6:.1f} '
                   f'{y + 6:.1f} q5 -4 12 -1" fill="none" stroke="#7ddc8a" stroke-width="3" '
                   'stroke-linecap="round"/>')
        out.append(text(x, y + SIZE * 0.8, "Earth", size=8, anchor="middle", weight="bold",
                        fill="#cfe3ff"))
        return out
    if tile == "space":
        for dx, dy in ((-9, -7), (8, -3), (-2, 9), (11, 9)):
            out.append(f'<circle cx="{x + dx:.1f}" cy="{y + dy:.1f}" r="1" fill="#56608a"/>')
    elif goods in GOODS:
        colour = GOODS[str(goods)]
        out.append(f'<circle cx="{x:.1f}" cy="{y - 2:.1f}" r="{SIZE * 0.36:.1f}" '
                   f'fill="{colour}" opacity="0.9"/>')
        out.append(f'<ellipse cx="{x:.1f}" cy="{y - 2:.1f}" rx="{SIZE * 0.55:.1f}" ry="3.5" '
                   f'fill="none" stroke="{colour}" stroke-width="1.2" opacity="0.7"/>')
    out.append(text(x, y - SIZE * 0.55, name, size=8.5, anchor="middle", weight="bold",
                    fill="#d7ddf5"))
    token = h.get("score_token")
    if isinstance(token, int) and token > 0:
        out.append(f'<circle cx="{x - 8:.1f}" cy="{y + 12:.1f}" r="6.5" fill="#fdfdfd" '
                   'stroke="#0b1026" stroke-width="1"/>')
        out.append(text(x - 8, y + 15.5, token, size=9, anchor="middle", weight="bold",
                        fill="#0b1026"))
    if h.get("first_delivery") and goods in GOODS:
        out.append(f'<path d="M{x + 8:.1f} {y + 5.5:.1f} l6.5 6.5 l-6.5 6.5 l-6.5 -6.5z" '
                   f'fill="{GOODS[str(goods)]}" stroke="#fdfdfd" stroke-width="1.2"/>')
    return out


def _ship(x: float, y: float, colour: str, passed: bool, label: str) -> str:
    turn = f' transform="rotate(90 {x:.1f} {y:.1f})"' if passed else ""
    return (f'<g{turn}><title>{esc(label)}</title>'
            f'<path d="M{x:.1f} {y - 8:.1f} q5 5 3.5 11 l3 4 h-13 l3 -4 q-1.5 -6 3.5 -11z" '
            f'fill="{colour}" stroke="#0b1026" stroke-width="1.2"/></g>')


def _board(summary: dict[str, Any]) -> list[str]:
    centres = _hex_centres(summary)
    out = []
    for h in summary.get("hexes") or []:
        xy = centres.get(str(h.get("hex")))
        if xy is not None:
            out += _tile(h, *xy)
    for route in summary.get("routes") or []:
        ends = [_corner_xy(c, centres) for c in route.get("corners") or []]
        if len(ends) == 2 and ends[0] is not None and ends[1] is not None:
            (x1, y1), (x2, y2) = ends[0], ends[1]
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke="{ROUTE}" stroke-width="4" stroke-linecap="round">'
                       f'<title>route {esc(route.get("border", ""))}</title></line>')
    for station in summary.get("stations") or []:
        xy = _corner_xy(station.get("corner"), centres)
        if xy is None:
            continue
        owner = station.get("owner")
        out.append(f'<rect x="{xy[0] - 5:.1f}" y="{xy[1] - 5:.1f}" width="10" height="10" '
                   f'rx="1.5" fill="{seat_colour(owner)}" stroke="#0b1026" stroke-width="1.5">'
                   f'<title>station {esc(station.get("corner", ""))} of seat '
                   f'{esc(owner if not isinstance(owner, int) else owner + 1)}</title></rect>')
    spots: dict[str, int] = {}
    for ship in summary.get("ships") or []:
        at = str(ship.get("at", ""))
        seat = ship.get("seat")
        k = spots.get(at, 0)
        spots[at] = k + 1
        if at == "E":
            a = math.radians(90 + 72 * k)
            x, y = CX + SIZE * 0.78 * math.cos(a) * 1.1, CY - SIZE * 0.78 * math.sin(a)
        else:
            xy = _corner_xy(at, centres)
            if xy is None:
                continue
            x, y = xy[0] + 9 + 8 * k, xy[1] - 8
        label = f"ship of seat {seat + 1 if isinstance(seat, int) else seat} at {at}"
        out.append(_ship(x, y, seat_colour(seat), bool(ship.get("passed")), label))
    return out


def _seats(summary: dict[str, Any]) -> tuple[list[str], float]:
    x, y = 16.0, LEGEND_Y
    out = []
    scores = summary.get("scores") or []
    hands = {h.get("seat"): h for h in summary.get("hands") or [] if isinstance(h, dict)}
    firsts = summary.get("first_delivery_tokens") or []
    left = summary.get("stations_left") or []
    turn = summary.get("turn")
    for seat in range(len(scores)):
        out.append(f'<rect x="{x:.1f}" y="{y - 10:.1f}" width="12" height="12" rx="2" '
                   f'fill="{seat_colour(seat)}"/>')
        mark = "  ◀ to play" if turn == seat else ""
        names = summary.get("player_names") or []
        who = short(names[seat], 13) if seat < len(names) else f"Seat {seat + 1}"
        out.append(text(x + 18, y, f"{who}: {scores[seat]} pts{mark}", size=11,
                        weight="bold"))
        y += 14
        hand = hands.get(seat) or {}
        size, fuel = hand.get("size", 0), hand.get("fuel", 0)
        stations = left[seat] if seat < len(left) else "?"
        out.append(text(x + 18, y, f"{size} cards ({fuel} fuel) · {stations} stations left",
                        size=9, fill=FAINT))
        tokens = firsts[seat] if seat < len(firsts) and isinstance(firsts[seat], dict) else {}
        tx = x + 18
        for colour_letter, fill in GOODS.items():
            n = tokens.get(colour_letter, 0)
            fade = "" if n else ' opacity="0.3"'
            out.append(f'<path d="M{tx + 5:.1f} {y + 4:.1f} l5 5 l-5 5 l-5 -5z" '
                       f'fill="{fill}"{fade}/>')
            out.append(text(tx + 13, y + 13, n, size=9, fill="#e8ecf8"))
            tx += 28
        y += 30
    return out, y


def _tracks_and_market(summary: dict[str, Any]) -> tuple[list[str], float]:
    x, y = MARKET_X, LEGEND_Y
    out = []
    this_turn = [str(s + 1) for s in summary.get("this_turn") or [] if isinstance(s, int)]
    next_turn = [str(s + 1) for s in summary.get("next_turn") or [] if isinstance(s, int)]
    out.append(text(x, y, "This turn: seats " + " → ".join(this_turn), size=10))
    y += 14
    out.append(text(x, y, "Next turn: " + (("seats " + " → ".join(next_turn)) if next_turn
                                           else "(empty)"), size=10, fill=FAINT))
    y += 22
    out.append(text(x, y, "Goods Market", size=11, weight="bold"))
    out.append(text(x + 4 * BADGE_STEP - 6, y, "deck/discards", size=8, anchor="end",
                    fill=FAINT))
    market = summary.get("market") or {}
    for i, (colour_letter, fill) in enumerate(GOODS.items()):
        slot = market.get(colour_letter) or {}
        face = slot.get("face_up")
        bx = x + i * BADGE_STEP
        out.append(f'<rect x="{bx:.1f}" y="{BADGE_Y:.1f}" width="{BADGE_W}" height="26" '
                   f'rx="3" fill="{fill if face else "none"}" stroke="{fill}">'
                   f'<title>{GOODS_NAMES[colour_letter]}</title></rect>')
        out.append(text(bx + BADGE_W / 2, BADGE_Y + 17, face or "-", size=11,
                        anchor="middle", weight="bold", fill="#0b1026" if face else fill))
        out.append(text(bx + BADGE_W / 2, BADGE_Y + 38, f"{slot.get('deck', 0)}/"
                        f"{slot.get('discards', 0)}", size=8.5, anchor="middle", fill=FAINT))
    y = BADGE_Y + 38
    y += 18
    out.append(text(x, y, f"Fuel depot: {summary.get('fuel_depot', '?')} Rocket Fuel cards",
                    size=9, fill=FAINT))
    chance = summary.get("chance") or []
    if chance:
        y += 16
        out.append(text(x, y, f"table reveals: {str(chance[0])[:34]}", size=9,
                        fill="#ffd166"))
    result = summary.get("result")
    if isinstance(result, dict):
        y += 18
        winners = ", ".join(f"Seat {w + 1}" for w in result.get("winners") or []
                            if isinstance(w, int))
        out.append(text(x, y, f"{result.get('result', '')}: {winners}", size=11,
                        weight="bold", fill="#5be39b"))
        y += 14
        out.append(text(x, y, str(result.get("detail", ""))[:40], size=9, fill="#5be39b"))
    return out, y


def draw(summary: dict[str, Any]) -> str:
    body = ['<rect width="100%" height="100%" rx="10" fill="#141a33"/>']
    phase = str(summary.get("phase", ""))
    words = {"market": "Goods Market", "journey": "Trade Journey", "ring3": "laying ring 3",
             "setup": "setup", "over": "game over"}
    body.append(text(16, 22, f"Round {summary.get('round', '?')} of "
                     f"{summary.get('rounds', '?')} · {words.get(phase, phase)}", size=14,
                     weight="bold"))
    body += _board(summary)
    seats, bottom1 = _seats(summary)
    market, bottom2 = _tracks_and_market(summary)
    body += seats + market
    ky = KEY_Y
    kx = 16.0
    keys = [("token", "score token"), ("first", "First Delivery token"),
            ("route", "route segment"), ("station", "station")]
    for kind, label in keys:
        if kind == "token":
            body.append(f'<circle cx="{kx + 6}" cy="{ky - 4}" r="6" fill="#fdfdfd"/>')
        elif kind == "first":
            body.append(f'<path d="M{kx + 6} {ky - 10} l6 6 l-6 6 l-6 -6z" fill="#f2c94c"/>')
        elif kind == "route":
            body.append(f'<line x1="{kx}" y1="{ky - 4}" x2="{kx + 14}" y2="{ky - 4}" '
                        f'stroke="{ROUTE}" stroke-width="4"/>')
        else:
            body.append(f'<rect x="{kx + 1}" y="{ky - 9}" width="10" height="10" '
                        f'fill="{SEATS[0]}"/>')
        body.append(text(kx + 18, ky, label, size=9, fill=FAINT))
        kx += 26 + len(label) * 5.0
    return svg(WIDTH, max(bottom1, bottom2) + 8, body, "Spatial Delivery board")


_ENDS = re.compile(r"([BT]):([A-Z0-9-]+):")
_TO_WORLD = re.compile(r"D:[A-Z]{1,2}>([ABC][0-9]{1,2})!?")


def place(summary: dict[str, Any], notation: str,
          after: Any) -> tuple[float, float, str] | None:
    """Where an entry is tapped: the corner a route ends on (a new station, or the stop a
    journey reaches; Earth's centre for Earth), the world a card is delivered to, or the
    face-up card taken from the Goods Market."""
    centres = _hex_centres(summary)
    m = _ENDS.match(notation)
    if m:
        last = m.group(2).split("-")[-1]
        xy = centres.get("E") if last == "E" else _corner_xy(last, centres)
        return (xy[0], xy[1], "Earth" if last == "E" else last) if xy else None
    if notation[:1] == "+" and notation[1:] in GOODS:  # a face-up card in the Goods Market
        i = list(GOODS).index(notation[1:])
        return (MARKET_X + i * BADGE_STEP + BADGE_W / 2, BADGE_Y + 13,
                f"{GOODS_NAMES[notation[1:]]} card")
    d = _TO_WORLD.fullmatch(notation)
    if d and d.group(1) in centres:
        x, y = centres[d.group(1)]
        return x, y, d.group(1)
    return None
