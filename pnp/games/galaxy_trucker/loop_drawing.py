"""The top of the Galaxy Trucker board: the 40-space flight loop (a flat stadium travelled
clockwise from the top) with a rocket per flying seat, and the current card in its middle
(round, stage, last roll, who decides)."""

from __future__ import annotations

import math
from typing import Any

from pnp.engine.svg import esc, short, text
from pnp.games.galaxy_trucker.draw_common import (
    ACCENT,
    BAD,
    CX1,
    CX2,
    CY,
    INK,
    MUTED,
    PERIMETER,
    STRAIGHT,
    R,
    W,
    as_dict,
    as_int,
    seat_colour,
    seat_name,
)
from pnp.games.galaxy_trucker.state import LOOP


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
            f'</title><g transform="scale(0.8)">{mark}<g transform="rotate({heading:.0f})">'
            f'<path d="{body}" fill="{colour}" stroke="#0b1026" stroke-width="1.4"/></g>'
            + text(0, 4, number, size=10, anchor="middle", weight="bold", fill="#0b1026")
            + "</g></g>")


def loop(summary: dict[str, Any], ships: list[dict[str, Any]]) -> list[str]:
    out = [f'<path d="M{W / 2} {CY - R} H{CX2} A{R} {R} 0 0 1 {CX2} {CY + R} H{CX1} '
           f'A{R} {R} 0 0 1 {CX1} {CY - R}Z" fill="none" stroke="#2a3463" stroke-width="20"/>']
    for k in range(LOOP):
        x, y, _ = space_xy(k)
        start = k == 0
        fill, ring = ("#3a3000", ACCENT) if start else ("#111836", "#56608a")
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{fill}" stroke="{ring}" '
                   'stroke-width="1.2"/>')
        if k % 5 == 0:  # numbers outside the loop, every fifth space; 0 is the start
            dx, dy = x - W / 2, y - CY
            if abs(dx) < STRAIGHT / 2:
                dx = 0
            else:
                dx -= math.copysign(STRAIGHT / 2, dx)
            d = math.hypot(dx, dy) or 1
            out.append(text(x + dx / d * 17, y + dy / d * 17 + 3.5, "start 0" if start else k,
                            size=9, anchor="middle", weight="bold" if start else "normal",
                            fill=ACCENT if start else MUTED))
    flying = [s for s in ships if s.get("flying") and as_int(s.get("pos")) is not None]
    for s in flying:
        seat, pos = as_int(s.get("seat")) or 0, as_int(s.get("pos")) or 0
        x, y, heading = space_xy(pos)
        behind = bool(s.get("lapped"))
        label = (f"{s['_name']}: space {pos % LOOP}" + (", lapped" if behind else ""))
        out.append(_rocket(x, y, heading, seat_colour(seat), label, seat + 1,
                           BAD if behind else None))
    return out


def centre(summary: dict[str, Any]) -> list[str]:
    """The card in the middle of the loop: round and card count, what it is and its stage,
    the roll, who decides."""
    r2 = R - 15
    out = [f'<path d="M{CX1} {CY - r2} H{CX2} A{r2} {r2} 0 0 1 {CX2} {CY + r2} H{CX1} '
           f'A{r2} {r2} 0 0 1 {CX1} {CY - r2}Z" fill="#151c3d" stroke="#2a3463"/>']
    x = CX1 - 22
    c = as_dict(summary.get("card"))
    rnd = summary.get("round")
    turned, size = as_int(summary.get("cards_turned")), as_int(summary.get("deck_size"))
    head = f"Round {short(rnd, 4)}" if rnd is not None else "Galaxy Trucker"
    if turned is not None and size is not None:
        head += f" · card {turned} of {size}"
    if c and c.get("stage"):
        head += f" · {short(c.get('stage'), 16)}"
    out.append(text(x, CY - 19, head, size=10, fill=MUTED))
    if c:
        cid, title = short(c.get("id") or "?", 8), short(c.get("title") or "", 26)
        badge = 8 + 6.5 * len(cid)
        out.append(f'<rect x="{x}" y="{CY - 14}" width="{badge}" height="15" rx="4" '
                   f'fill="{ACCENT}"/>')
        out.append(text(x + 4, CY - 2.5, cid, size=10, weight="bold", fill="#1b1400"))
        out.append(text(x + badge + 6, CY - 1.5, title, size=13, weight="bold", fill=INK))
        body = str(c.get("text") or "")
        body = body.split(": ", 1)[1] if ": " in body else ""
        if body:
            out.append(text(x, CY + 13, short(body, 50), size=10, fill=INK))
    else:
        words = {"build": "Building: enter the ships", "fix": "Spot check: repairs",
                 "crew": "Crew and aliens board", "gate": "Between cards",
                 "over": "The flight is over"}
        out.append(text(x, CY + 1, words.get(str(summary.get("phase")), "No card yet"),
                        size=13, weight="bold", fill=INK))
    dice = as_int(summary.get("dice"))
    if dice is not None and summary.get("phase") == "card":
        dx, dy = CX2 + 12, CY - 16
        out.append(f'<g class="dice"><title>last 2d6 roll: {dice}</title>'
                   f'<rect x="{dx}" y="{dy}" width="24" height="22" rx="5" fill="#fdfdfd" '
                   'stroke="#0b1026"/>'
                   + text(dx + 12, dy + 16, short(dice, 3), size=13, anchor="middle",
                          weight="bold", fill="#0b1026")
                   + "</g>")
    decision = as_dict(summary.get("decision"))
    colour = ACCENT
    if summary.get("phase") == "over" or summary.get("awaiting") == "over":
        line = f"Over: {summary.get('result') or ''}"
        colour = "#5be39b"
    elif decision:
        seat = as_int(decision.get("seat"))
        who = seat_name(summary, {"name": decision.get("name")}, seat) if seat is not None \
            else str(decision.get("name") or "?")
        line = f"{who}: {decision.get('what') or decision.get('kind') or ''}"
        out.append(f'<rect x="{x}" y="{CY + 17}" width="4" height="12" rx="2" '
                   f'fill="{seat_colour(seat)}"/>')
    elif summary.get("chance"):
        line = f"Log the {summary.get('chance')}"
        colour = "#9fc2ff"
    else:
        line = ""
    if line:
        out.append(text(x + 8, CY + 27, short(line, 50), size=11, weight="bold", fill=colour))
    return out


__all__ = ["centre", "loop", "space_xy"]
