"""Wormholes drawn from the engine's summary: the S-shaped board of cells (a1 bottom left),
both bases, the wormhole coins (suit side or revealed value), the ships, and the dice.

The players and dice sit in a band above the board so that the tall board takes the phone's
whole width: a cell is then a tap target of at least 24 px."""

from __future__ import annotations

import re
from typing import Any

from pnp.engine.svg import short, svg, text

CELL = 22
SPOT = CELL  # a tap target is one cell (webscore.entry lays it over the drawing)
LEFT, TOP = 22, 58
NAME_CHARS = 12
SUIT_COLOURS = {"S": "#ffb703", "M": "#9fc2ff", "C": "#c77dff", "A": "#ef476f"}
SEAT_COLOURS = ["#ffd166", "#06d6a0"]
_CELL = re.compile(r"([a-z])(\d{1,2})")


def _xy(cell: object, height: int) -> tuple[float, float] | None:
    m = _CELL.fullmatch(cell) if isinstance(cell, str) else None
    if m is None:
        return None
    col = ord(m.group(1)) - ord("a")
    row = int(m.group(2)) - 1
    return LEFT + col * CELL, TOP + (height - 1 - row) * CELL


def draw(summary: dict[str, Any]) -> str:
    board = summary.get("board") or {}
    width = int(board.get("width") or 10)
    height = int(board.get("height") or 18)
    body = ['<rect width="100%" height="100%" rx="10" fill="#141a33"/>']
    body.append(text(LEFT - 10, 17, f"{summary.get('phase', '')} · turn "
                     f"{summary.get('turns', 0)}", size=12, weight="bold"))
    bases: dict[str, int] = {}
    for seat, side in enumerate(summary.get("sides") or []):
        for cell in (board.get("bases") or {}).get(side.get("side"), []):
            bases[cell] = seat
    for cell in board.get("cells") or []:
        xy = _xy(cell, height)
        if xy is None:
            continue
        x, y = xy
        stroke = SEAT_COLOURS[bases[cell] % 2] if cell in bases else "#3b4680"
        sw = 2.5 if cell in bases else 0.8
        body.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                    f'rx="2" fill="#0d1330" stroke="{stroke}" stroke-width="{sw}"/>')
    for c in range(width):
        body.append(text(LEFT + c * CELL + CELL / 2, TOP + height * CELL + 12,
                         chr(ord("a") + c), size=9, anchor="middle", fill="#98a2c7"))
    for r in range(0, height, 3):
        body.append(text(LEFT - 6, TOP + (height - 1 - r) * CELL + CELL / 2 + 3, r + 1,
                         size=8, anchor="end", fill="#98a2c7"))
    for hole in summary.get("wormholes") or []:
        xy = _xy(hole.get("cell"), height)
        if xy is None:
            continue
        x, y = xy[0] + CELL / 2, xy[1] + CELL / 2
        suit = str(hole.get("suit", "?"))
        owner = hole.get("owner")
        ring = SEAT_COLOURS[owner % 2] if isinstance(owner, int) else "#98a2c7"
        shown = hole.get("value") if hole.get("side_up") == "value" else suit
        body.append(f'<circle cx="{x}" cy="{y}" r="7.5" fill="{SUIT_COLOURS.get(suit, "#888")}" '
                    f'stroke="{ring}" stroke-width="1.5" opacity="0.85"/>')
        body.append(text(x, y + 3, shown, size=8, anchor="middle", weight="bold",
                         fill="#0b1026"))
    for ship in summary.get("ships") or []:
        xy = _xy(ship.get("cell"), height)
        if xy is None:
            continue
        x, y = xy[0] + CELL / 2, xy[1] + CELL / 2
        owner = ship.get("owner")
        colour = SEAT_COLOURS[owner % 2] if isinstance(owner, int) else "#fff"
        body.append(f'<path d="M{x} {y - 9} L{x + 8} {y + 7} L{x - 8} {y + 7}Z" '
                    f'fill="{colour}" stroke="#0b1026" stroke-width="1.5"/>')
        body.append(text(x, y + 5, ship.get("suit", ""), size=8, anchor="middle",
                         weight="bold", fill="#0b1026"))
    total_w = LEFT + width * CELL + 10
    body += _band(summary, total_w)
    y = TOP + height * CELL + 18
    if summary.get("result"):
        y += 16
        body.append(text(LEFT - 10, y, short(str(summary.get("result")), 40), size=11,
                         weight="bold", fill="#5be39b"))
    return svg(total_w, y + 8, body, "Wormholes board")


def _band(summary: dict[str, Any], width: float) -> list[str]:
    """The players (colour, name, side, suits) and the dice, above the board."""
    out: list[str] = []
    half = (width - LEFT) / 2
    for seat, side in enumerate((summary.get("sides") or [])[:2]):
        px, y = LEFT - 10 + seat * half, 33.0
        out.append(f'<rect x="{px}" y="{y - 9}" width="10" height="10" '
                   f'fill="{SEAT_COLOURS[seat % 2]}"/>')
        out.append(text(px + 14, y, short(str(side.get("player", "")), NAME_CHARS), size=11,
                        weight="bold"))
        suits = " ".join(side.get("suits") or [])
        out.append(text(px + 14, y + 12, f"{side.get('side', '')} {suits}", size=8.5,
                        fill="#98a2c7"))
    x, y = width - 8 - 54 * len(summary.get("dice") or []), 17.0
    for die in summary.get("dice") or []:
        used = bool(die.get("used"))
        fill = SUIT_COLOURS.get(str(die.get("suit")), "#888")
        fade = ' opacity="0.35"' if used else ""
        out.append(f'<rect x="{x}" y="{y - 11}" width="15" height="15" rx="3" '
                   f'fill="{fill}"{fade}/>')
        out.append(text(x + 7.5, y, die.get("face", ""), size=10, anchor="middle",
                        weight="bold", fill="#0b1026"))
        out.append(text(x + 19, y, f"{die.get('suit', '')}{' used' if used else ''}",
                        size=9, fill="#98a2c7"))
        x += 54
    return out


_PLACE = re.compile(r"[SMCA]\d?@([a-j]\d{1,2})")  # a value may be named (WH-18)
_SEND = re.compile(r"[SMCA]>([a-j]\d{1,2})")
_MOVE = re.compile(r"([SMCA])[:*]([NESW]{1,2}|0)")


def place(summary: dict[str, Any], notation: str,
          after: Any) -> tuple[float, float, str] | None:
    """Where an entry is tapped: the cell a coin is placed on or a ship is sent to, or the
    cell a ship's move or jump ends on (the engine's own result of the move)."""
    height = int((summary.get("board") or {}).get("height") or 18)
    cell: str | None = None
    m = _PLACE.fullmatch(notation) or _SEND.fullmatch(notation)
    if m:
        cell = m.group(1)
    elif (m := _MOVE.fullmatch(notation)) is not None:
        result = after(notation)
        ships = (result or {}).get("ships") or []
        cell = next((s.get("cell") for s in ships if s.get("suit") == m.group(1)), None)
    xy = _xy(cell, height) if cell else None
    if xy is None or cell is None:
        return None
    return xy[0] + CELL / 2, xy[1] + CELL / 2, cell
