"""Galaxy Trucker drawn from the flight engine's summary, phone first (one narrow column): the
40-space flight loop with a rocket per seat (pilot-cabin colours: blue, red, green, yellow) and
the current card in its middle (stage, last roll, whose decision), the flight order under it
(leader first, lapped and given-up players marked), then one panel per seat with a small ship
drawing (``ship_drawing.draw``), the crew, battery tokens and goods laid on their tiles,
and the credits.

Tile faces depend on the seed the tiles were printed from; a summary without ``tile_seed``
still shows the ship's squares and tile ids.  Every text is escaped; anything the summary
lacks or gets wrong is drawn as unknown rather than failing.
"""

from __future__ import annotations

import math
from typing import Any

from pnp.engine.errors import PnpError
from pnp.engine.svg import esc, short, svg, text
from pnp.games.galaxy_trucker import ship_drawing
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.notation import parse_ship, placed_cells
from pnp.games.galaxy_trucker.state import LOOP, tiles_of

W = 440
PAD = 8
SEATS = [ship_drawing.PILOT_COLOUR[c] for c in ("blue", "red", "green", "yellow")]
INK, MUTED, ACCENT, BAD = "#e8ecf8", "#98a2c7", "#ffcf4a", "#ff6b6b"
GOODS = {"R": "#ef476f", "Y": "#ffd23f", "G": "#2ec27e", "B": "#4c8dff"}
ALIENS = {"B": "#b07a45", "P": "#9b5de5"}
ORDINAL = ["leader", "2nd", "3rd", "4th", "5th"]
PHASE_WORDS = {"build": "building", "fix": "spot check", "crew": "crew boards",
               "over": "game over"}

# the loop: a stadium (two half circles joined by straights) travelled clockwise from the top
R = 88.0
LOOP_TOP = 42.0
CX1, CX2, CY = 36 + R, W - 36 - R, LOOP_TOP + 16 + R
STRAIGHT = CX2 - CX1
PERIMETER = 2 * STRAIGHT + 2 * math.pi * R
STRIP_Y = CY + R + 44  # the flight order
PANELS_Y = STRIP_Y + 40
PANEL_W = (W - 3 * PAD) / 2
SHIP_H = 146.0
PANEL_H = 46 + SHIP_H + 40


# -- reading the summary defensively ---------------------------------------------------------
def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _wrap(value: object, width: int, lines: int) -> list[str]:
    """Greedy word wrap by characters; the last line is clipped with an ellipsis."""
    out: list[str] = []
    line = ""
    for word in str(value).split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = short(out[-1] + " …", width)
    return [short(x, width) for x in out]


def seat_colour(seat: object) -> str:
    s = _int(seat)
    return SEATS[s % len(SEATS)] if s is not None and s >= 0 else "#888888"


def _name(summary: dict[str, Any], ship: dict[str, Any], seat: int) -> str:
    names = _list(summary.get("player_names"))
    if 0 <= seat < len(names) and str(names[seat]).strip():
        return str(names[seat])
    return str(ship.get("name") or f"seat {seat + 1}")


# -- the flight loop -----------------------------------------------------------------------
def space_xy(space: float) -> tuple[float, float, float]:
    """Centre of a space (0 at the top middle, clockwise) and the heading in degrees."""
    s = (space % LOOP) / LOOP * PERIMETER
    half = STRAIGHT / 2
    if s < half:
        return W / 2 + s, CY - R, 90.0
    s -= half
    if s < math.pi * R:
        a = -math.pi / 2 + s / R
        return CX2 + R * math.cos(a), CY + R * math.sin(a), math.degrees(a) + 180
    s -= math.pi * R
    if s < STRAIGHT:
        return CX2 - s, CY + R, 270.0
    s -= STRAIGHT
    if s < math.pi * R:
        a = math.pi / 2 + s / R
        return CX1 + R * math.cos(a), CY + R * math.sin(a), math.degrees(a) + 180
    s -= math.pi * R
    return CX1 + s, CY - R, 90.0


def _rocket(x: float, y: float, heading: float, colour: str, label: str, number: int,
            ring: str | None) -> str:
    """A rocket pointing along the loop, the seat number on its body."""
    body = ("M0 -15 C6 -9 7 -1 6 6 L10 12 L4 11 L3 14 L-3 14 L-4 11 L-10 12 L-6 6 "
            "C-7 -1 -6 -9 0 -15Z")
    mark = (f'<circle cx="0" cy="0" r="15" fill="none" stroke="{ring}" stroke-width="2.5" '
            'stroke-dasharray="4 2"/>' if ring else "")
    return (f'<g class="rocket" transform="translate({x:.1f} {y:.1f})"><title>{esc(label)}'
            f'</title>{mark}<g transform="rotate({heading:.0f})">'
            f'<path d="{body}" fill="{colour}" stroke="#0b1026" stroke-width="1.4"/></g>'
            + text(0, 4, number, size=10, anchor="middle", weight="bold", fill="#0b1026")
            + "</g>")


def _loop(summary: dict[str, Any], ships: list[dict[str, Any]]) -> list[str]:
    out = [f'<path d="M{W / 2} {CY - R} H{CX2} A{R} {R} 0 0 1 {CX2} {CY + R} H{CX1} '
           f'A{R} {R} 0 0 1 {CX1} {CY - R}Z" fill="none" stroke="#2a3463" stroke-width="26"/>']
    for k in range(LOOP):
        x, y, _ = space_xy(k)
        start = k == 0
        fill, ring = ("#3a3000", ACCENT) if start else ("#111836", "#56608a")
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="{fill}" stroke="{ring}" '
                   'stroke-width="1.2"/>')
        if k % 5 == 0:  # numbers outside the loop, every fifth space; 0 is the start
            dx, dy = x - W / 2, y - CY
            if abs(dx) < STRAIGHT / 2:
                dx = 0
            else:
                dx -= math.copysign(STRAIGHT / 2, dx)
            d = math.hypot(dx, dy) or 1
            out.append(text(x + dx / d * 22, y + dy / d * 22 + 3.5, "start 0" if start else k,
                            size=10, anchor="middle", weight="bold" if start else "normal",
                            fill=ACCENT if start else MUTED))
    flying = [s for s in ships if s.get("flying") and _int(s.get("pos")) is not None]
    for s in flying:
        seat, pos = _int(s.get("seat")) or 0, _int(s.get("pos")) or 0
        x, y, heading = space_xy(pos)
        behind = bool(s.get("lapped"))
        label = (f"{s['_name']}: space {pos % LOOP}" + (", lapped" if behind else ""))
        out.append(_rocket(x, y, heading, seat_colour(seat), label, seat + 1,
                           BAD if behind else None))
    return out


def _centre(summary: dict[str, Any]) -> list[str]:
    """The card in the middle of the loop: what it is, its stage, the roll, who decides."""
    r2 = R - 22
    out = [f'<path d="M{CX1} {CY - r2} H{CX2} A{r2} {r2} 0 0 1 {CX2} {CY + r2} H{CX1} '
           f'A{r2} {r2} 0 0 1 {CX1} {CY - r2}Z" fill="#151c3d" stroke="#2a3463"/>']
    x = CX1 - 40
    c = _dict(summary.get("card"))
    rnd = summary.get("round")
    turned, size = _int(summary.get("cards_turned")), _int(summary.get("deck_size"))
    head = f"Round {short(rnd, 4)}" if rnd is not None else "Galaxy Trucker"
    if turned is not None and size is not None:
        head += f" · card {turned} of {size}"
    out.append(text(W / 2, CY - 47, head, size=11, anchor="middle", fill=MUTED))
    if c:
        cid, title = short(c.get("id") or "?", 8), short(c.get("title") or "", 22)
        badge = 8 + 7 * len(cid)
        out.append(f'<rect x="{x}" y="{CY - 40}" width="{badge}" height="16" rx="4" '
                   f'fill="{ACCENT}"/>')
        out.append(text(x + 4, CY - 27.5, cid, size=11, weight="bold", fill="#1b1400"))
        out.append(text(x + badge + 6, CY - 26, title, size=15, weight="bold", fill=INK))
        body = str(c.get("text") or "")
        body = body.split(": ", 1)[1] if ": " in body else ""
        for i, line in enumerate(_wrap(body, 40, 2)):
            out.append(text(x, CY - 9 + 14 * i, line, size=12, fill=INK))
        stage = c.get("stage")
        if stage:
            out.append(text(x, CY + 20, f"stage: {short(stage, 26)}", size=11, fill=MUTED))
    else:
        words = {"build": "Building: enter the ships", "fix": "Spot check: repairs",
                 "crew": "Crew and aliens board", "gate": "Between cards",
                 "over": "The flight is over"}
        out.append(text(W / 2, CY - 18, words.get(str(summary.get("phase")), "No card yet"),
                        size=15, anchor="middle", weight="bold", fill=INK))
    dice = _int(summary.get("dice"))
    if dice is not None and summary.get("phase") == "card":
        dx, dy = CX2 + 6, CY + 4
        out.append(f'<g class="dice"><title>last 2d6 roll: {dice}</title>'
                   f'<rect x="{dx}" y="{dy}" width="26" height="24" rx="5" fill="#fdfdfd" '
                   'stroke="#0b1026"/>'
                   + text(dx + 13, dy + 17.5, short(dice, 3), size=14, anchor="middle",
                          weight="bold", fill="#0b1026")
                   + text(dx - 4, dy + 16, "roll", size=10, anchor="end", fill=MUTED)
                   + "</g>")
    decision = _dict(summary.get("decision"))
    colour = ACCENT
    if summary.get("phase") == "over" or summary.get("awaiting") == "over":
        lines = _wrap(f"Over: {summary.get('result') or ''}", 38, 2)
        colour = "#5be39b"
    elif decision:
        seat = _int(decision.get("seat"))
        who = _name(summary, {"name": decision.get("name")}, seat) if seat is not None \
            else str(decision.get("name") or "?")
        lines = _wrap(f"{who}: {decision.get('what') or decision.get('kind') or ''}", 38, 2)
        out.append(f'<rect x="{x}" y="{CY + 29}" width="4" height="{14 * len(lines) + 2}" '
                   f'rx="2" fill="{seat_colour(seat)}"/>')
    elif summary.get("chance"):
        lines = _wrap(f"Log the {summary.get('chance')}", 38, 2)
        colour = "#9fc2ff"
    else:
        lines = []
    for i, line in enumerate(lines):
        out.append(text(x + 8, CY + 40 + 14 * i, line, size=12, weight="bold", fill=colour))
    return out


def _strip(summary: dict[str, Any], ships: list[dict[str, Any]]) -> list[str]:
    """The flight order under the loop, leader first; lapped and given-up players marked."""
    by_seat = {_int(s.get("seat")): s for s in ships}
    order = [by_seat[i] for i in _list(summary.get("order")) if _int(i) in by_seat]
    rest = [s for s in ships if s not in order]
    chips = order + rest
    if not chips:
        return []
    width = (W - 2 * PAD) / max(len(chips), 1)
    over = summary.get("phase") == "over"
    caption = "Final credits" if over else "Flight order (leader first)"
    out = [text(PAD, STRIP_Y - 6, caption, size=10, fill=MUTED)]
    for i, s in enumerate(chips):
        seat = _int(s.get("seat")) or 0
        x = PAD + i * width
        pos, space = _int(s.get("pos")), _int(s.get("space"))
        if over:
            credits = _int(s.get("credits"))
            where, colour = f"{credits if credits is not None else '?'} credits", ACCENT
        elif s.get("gave_up"):
            where, colour = "gave up", MUTED
        elif pos is None:
            where = PHASE_WORDS.get(str(summary.get("phase")), "not launched")
            colour = MUTED
        elif s.get("lapped"):
            where, colour = f"lapped · {space}", BAD
        else:
            where, colour = f"space {space}", INK
        faded = ' opacity="0.55"' if s.get("gave_up") else ""
        chars = max(int((width - 30) / 8), 3)
        out.append(f'<g class="chip"{faded}><circle cx="{x + 10}" cy="{STRIP_Y + 10}" r="9" '
                   f'fill="{seat_colour(seat)}" stroke="#0b1026"/>'
                   + text(x + 10, STRIP_Y + 14, seat + 1, size=10, anchor="middle",
                          weight="bold", fill="#0b1026")
                   + text(x + 24, STRIP_Y + 8, short(s["_name"], chars), size=13,
                          weight="bold", fill=INK)
                   + text(x + 24, STRIP_Y + 23, where, size=11, fill=colour) + "</g>")
    return out


# -- one seat's ship -------------------------------------------------------------------------
def _crew_marks(value: object) -> dict[int, str]:
    """Figures on their cabins (the summary's ``berths``): a white badge with the number of
    humans, or the alien."""
    out: dict[int, str] = {}
    for berth in _list(value):
        b = _dict(berth)
        cabin, humans, alien = _int(b.get("cabin")), _int(b.get("humans")), b.get("alien")
        if cabin is None:
            continue
        if alien in ALIENS:
            out[cabin] = (f'<circle cx="48" cy="48" r="12" fill="{ALIENS[str(alien)]}" '
                          'stroke="#fdfdfd" stroke-width="2"/>'
                          + text(48, 54, alien, size=15, anchor="middle", weight="bold",
                                 fill="#fdfdfd"))
        elif humans:
            out[cabin] = ('<circle cx="48" cy="48" r="12" fill="#fdfdfd" '
                          'stroke="#0b1026" stroke-width="1.5"/>'
                          + text(48, 54, humans, size=16, anchor="middle", weight="bold",
                                 fill="#0b1026"))
    return out


def _tile_marks(s: dict[str, Any]) -> dict[int, str]:
    marks = _crew_marks(s.get("berths"))
    for tile, n in _dict(s.get("batteries")).items():
        if str(tile).isdigit() and _int(n) is not None:
            marks[int(tile)] = marks.get(int(tile), "") + (
                '<rect x="36" y="38" width="24" height="22" rx="5" fill="#0b1026" '
                'stroke="#5be39b" stroke-width="2"/>'
                + text(48, 55, n, size=16, anchor="middle", weight="bold", fill="#5be39b"))
    for tile, goods in _dict(s.get("goods")).items():
        if not str(tile).isdigit():
            continue
        cubes = [g for g in str(goods) if g in GOODS][:4]
        row = "".join(f'<rect x="{6 + 14 * i}" y="46" width="12" height="12" rx="2" '
                      f'fill="{GOODS[g]}" stroke="#0b1026" stroke-width="1.2"/>'
                      for i, g in enumerate(cubes))
        marks[int(tile)] = marks.get(int(tile), "") + row
    return marks


def _outline(board_name: str, text_: str, frame: tuple[float, float, float, float],
             label: str, marks: dict[int, str] | None = None) -> str:
    """The ship's squares and tile ids, for a summary that does not name the tile seed."""
    board = BOARDS.get(board_name)
    placed = placed_cells(text_)
    cells = set(board.cells if board else ()) | set(placed)
    if not cells:
        cells = {(7, 7)}
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    if len(rows) > 12 or len(cols) > 12:
        return ""
    cell = ship_drawing.CELL
    body = []
    for r, c in sorted(cells):
        x, y = (c - cols.start) * cell, (r - rows.start) * cell
        if (r, c) in placed:
            body.append(f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" '
                        'rx="4" fill="#27305a" stroke="#8892c0"/>'
                        + text(x + cell / 2, y + cell / 2 - 1, f"#{placed[(r, c)]}", size=16,
                               anchor="middle", weight="bold", fill=INK))
            mark = (marks or {}).get(placed[(r, c)])
            if mark:
                body.append(f'<g transform="translate({x} {y})">{mark}</g>')
        else:
            body.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cell - 2}" height="{cell - 2}" '
                        'rx="5" fill="#111836" stroke="#3b4680" stroke-dasharray="4 3"/>')
    return (f'<svg x="{frame[0]:.1f}" y="{frame[1]:.1f}" width="{frame[2]:.1f}" '
            f'height="{frame[3]:.1f}" viewBox="0 0 {len(cols) * cell} {len(rows) * cell}" '
            f'class="ship-mini outline" aria-label="{esc(label)}">{"".join(body)}</svg>')


def _history(lines: list[str], frame: tuple[float, float, float, float]) -> str:
    """Between rounds and at the end there is no ship: the pay of the rounds so far."""
    x, y, _, h = frame
    out = [text(x + 6, y + 14, "Rounds so far", size=11, weight="bold", fill=MUTED)]
    rows: list[str] = []
    for line in lines:
        rows += _wrap(line, 34, 3)
    for i, row in enumerate(rows[: int((h - 24) // 13)]):
        out.append(text(x + 6, y + 32 + 13 * i, row, size=10, fill=INK))
    return f'<g class="history">{"".join(out)}</g>'


def _ship(summary: dict[str, Any], s: dict[str, Any],
          frame: tuple[float, float, float, float]) -> str:
    label = f"ship of {s['_name']}"
    notation = s.get("ship")
    board = str(s.get("board") or "")
    if not isinstance(notation, str) or not notation.strip():
        history = [str(h) for h in _list(s.get("history"))]
        if history:
            return _history(history, frame)
        return _outline(board, board, frame, f"{label}: not entered yet")
    seed = _int(summary.get("tile_seed"))
    if seed is not None and 0 <= seed < 2**63:
        try:
            ship = parse_ship(notation, tiles_of(seed))
        except PnpError:
            pass
        else:
            return ship_drawing.draw(ship, label=label, marks=_tile_marks(s), frame=frame)
    return _outline(notation.split()[0], notation, frame, label, _tile_marks(s))


def _panel(summary: dict[str, Any], s: dict[str, Any], x: float, y: float,
           rank: str) -> list[str]:
    seat = _int(s.get("seat")) or 0
    colour = seat_colour(seat)
    decision = _dict(summary.get("decision"))
    deciding = _int(decision.get("seat")) == seat and summary.get("awaiting") == "decision"
    out = [f'<g class="seat" data-seat="{seat}"><title>{esc(s["_name"])}: '
           f'{esc(" / ".join(str(h) for h in _list(s.get("history"))) or "first round")}'
           '</title>'
           f'<rect x="{x}" y="{y}" width="{PANEL_W}" height="{PANEL_H - PAD}" rx="10" '
           f'fill="#151c3d" stroke="{ACCENT if deciding else "#2a3463"}" '
           f'stroke-width="{2.5 if deciding else 1}"/>',
           f'<rect x="{x + 1}" y="{y + 8}" width="5" height="{PANEL_H - PAD - 16}" rx="2.5" '
           f'fill="{colour}"/>',
           f'<circle cx="{x + 22}" cy="{y + 18}" r="10" fill="{colour}" stroke="#0b1026"/>',
           text(x + 22, y + 22, seat + 1, size=11, anchor="middle", weight="bold",
                fill="#0b1026"),
           text(x + 38, y + 23, short(s["_name"], 12), size=14, weight="bold", fill=INK)]
    credits = _int(s.get("credits"))
    out.append(text(x + PANEL_W - 10, y + 23, f"{credits if credits is not None else '?'} cr",
                    size=14, anchor="end", weight="bold", fill=ACCENT))
    number = _int(s.get("number"))
    status = "gave up" if s.get("gave_up") else rank
    bits = [status] + ([f"tile {number}"] if number is not None else [])
    if deciding:
        bits.insert(0, "▶ to decide")
    out.append(text(x + 14, y + 40, " · ".join(bits), size=11,
                    fill=ACCENT if deciding else MUTED))
    out.append(_ship(summary, s, (x + 6, y + 46, PANEL_W - 12, SHIP_H)))
    humans, total = _int(s.get("humans")), _int(s.get("crew_total"))
    tokens = sum(n for n in _dict(s.get("batteries")).values() if _int(n) is not None)
    goods = "".join(str(g) for g in _dict(s.get("goods")).values())
    crew = f"crew {total if total is not None else '?'}"
    if humans is not None and total is not None and humans != total:
        crew += f" ({total - humans} alien{'s' if total - humans > 1 else ''})"
    out.append(text(x + 12, y + 46 + SHIP_H + 14, f"{crew} · batteries {tokens}", size=11,
                    fill=INK))
    lost, exposed = _int(s.get("lost")), _int(s.get("exposed"))
    goods_x = x + 12
    out.append(text(goods_x, y + 46 + SHIP_H + 29, "goods", size=11, fill=INK))
    gx = goods_x + 40
    for g in [g for g in goods if g in GOODS][:8]:
        out.append(f'<rect x="{gx}" y="{y + 46 + SHIP_H + 19}" width="10" height="10" rx="2" '
                   f'fill="{GOODS[g]}" stroke="#0b1026"/>')
        gx += 12
    if not any(g in GOODS for g in goods):
        out.append(text(gx, y + 46 + SHIP_H + 29, "none", size=11, fill=MUTED))
        gx += 34
    tail = " · ".join(b for b in (f"lost {lost}" if lost else "",
                                  f"exposed {exposed}" if exposed else "") if b)
    if tail:
        out.append(text(x + PANEL_W - 10, y + 46 + SHIP_H + 29, tail, size=11, anchor="end",
                        fill=MUTED))
    out.append("</g>")
    return out


# -- the whole drawing -------------------------------------------------------------------------
def draw(summary: dict[str, Any]) -> str:
    ships = [dict(s) for s in _list(summary.get("ships")) if isinstance(s, dict)]
    for i, s in enumerate(ships):
        seat = _int(s.get("seat"))
        s["seat"] = seat if seat is not None and 0 <= seat < 16 else i
        s["_name"] = _name(summary, s, s["seat"])
    rows = (len(ships) + 1) // 2
    height = PANELS_Y + rows * PANEL_H + PAD
    rounds = _list(summary.get("rounds"))
    number = _int(summary.get("round_number"))
    head = "Galaxy Trucker"
    if number is not None and rounds:
        head += f" · round {number} of {len(rounds)}"
    board = next((str(s.get("board")) for s in ships if s.get("board")), "")
    body = [f'<rect width="{W}" height="{height:.0f}" fill="#0b1026"/>',
            text(PAD, 20, head, size=14, weight="bold", fill=INK)]
    if board:
        body.append(text(W - PAD, 20, f"flight board {short(board, 6)}", size=11,
                         anchor="end", fill=MUTED))
    body += _loop(summary, ships)
    body += _centre(summary)
    body += _strip(summary, ships)
    order = [_int(i) for i in _list(summary.get("order"))]
    for i, s in enumerate(ships):
        x = PAD + (i % 2) * (PANEL_W + PAD)
        y = PANELS_Y + (i // 2) * PANEL_H
        rank = (ORDINAL[min(order.index(s["seat"]), 4)] if s["seat"] in order
                else PHASE_WORDS.get(str(summary.get("phase")), "not flying"))
        body += _panel(summary, s, x, y, rank)
    return svg(W, height, body, "Galaxy Trucker flight board and ships")
