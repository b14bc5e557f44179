"""It's a Weird, Weird Galaxy! drawn from the engine's summary: the 7x7 tile grid around the
black hole (tiles coloured by suit, rank shown), Phredd, each player's ship and stations, open
trade missions, and each player's Space Bucks and loads."""

from __future__ import annotations

import re
from typing import Any

from pnp.engine.svg import short, svg, text

TILE = 50
LEFT, TOP = 12, 30
SUITS = {"a": "#7a5c12", "b": "#3d5a80", "c": "#5a3d80", "d": "#80303d", "e": "#2f6b3a",
         "f": "#8a6d1f", "g": "#7a3f1a", "h": "#4a6070"}
SEATS = ["#ffd166", "#06d6a0", "#ef476f", "#4cc9f0", "#c77dff"]


def _pos(item: object) -> tuple[int, int] | None:
    if not isinstance(item, dict):
        return None
    row, col = item.get("row"), item.get("col")
    return (row, col) if isinstance(row, int) and isinstance(col, int) else None


def draw(summary: dict[str, Any]) -> str:
    grid = summary.get("grid") or {}
    size = int(grid.get("size") or 7)
    body = ['<rect width="100%" height="100%" rx="10" fill="#141a33"/>']
    turn = summary.get("turn") or {}
    body.append(text(LEFT, 20, f"Turn {turn.get('number', '')}: "
                     f"{short(turn.get('player', ''), 20)} · "
                     f"{turn.get('points_left', '')} points left", size=13, weight="bold"))
    for tile in grid.get("tiles") or []:
        pos = _pos(tile)
        if pos is None:
            continue
        r, c = pos
        x, y = LEFT + c * TILE, TOP + r * TILE
        body.append(f'<rect x="{x + 1}" y="{y + 1}" width="{TILE - 2}" height="{TILE - 2}" '
                    f'rx="4" fill="{SUITS.get(str(tile.get("suit")), "#333")}"/>')
        body.append(text(x + 5, y + 14, tile.get("tile", ""), size=11, weight="bold",
                         fill="#f1f1f1"))
    hole = _pos(grid.get("hole"))
    if hole is not None:
        hx, hy = LEFT + hole[1] * TILE + TILE / 2, TOP + hole[0] * TILE + TILE / 2
        body.append(f'<circle cx="{hx}" cy="{hy}" r="{TILE / 2 - 3}" fill="#000" '
                    'stroke="#c77dff" stroke-width="2"/>')
    for seat, player in enumerate(summary.get("players") or []):
        colour = SEATS[seat % len(SEATS)]
        for station in player.get("stations") or []:
            pos = _pos(station)
            if pos is None:
                continue
            x = LEFT + pos[1] * TILE + 4 + seat * 9
            y = TOP + pos[0] * TILE + TILE - 12
            edge = "#ffffff" if station.get("shield") else "#0b1026"
            fade = ' opacity="0.45"' if station.get("disabled") else ""
            body.append(f'<rect x="{x}" y="{y}" width="8" height="8" fill="{colour}" '
                        f'stroke="{edge}"{fade}/>')
        ship = player.get("ship") or {}
        pos = _pos(ship)
        if pos is not None:
            x = LEFT + pos[1] * TILE + 12 + (seat % 3) * 13
            y = TOP + pos[0] * TILE + 27 + (seat // 3) * 10
            fade = ' opacity="0.45"' if ship.get("disabled") else ""
            body.append(f'<circle cx="{x}" cy="{y}" r="6.5" fill="{colour}" '
                        f'stroke="#0b1026" stroke-width="1.5"{fade}/>')
            body.append(text(x, y + 3, seat + 1, size=8, anchor="middle", weight="bold",
                             fill="#0b1026"))
    phredd = _pos(summary.get("phredd"))
    if phredd is not None:
        x = LEFT + phredd[1] * TILE + TILE - 10
        y = TOP + phredd[0] * TILE + 12
        body.append(f'<circle cx="{x}" cy="{y}" r="7" fill="#b5e48c" stroke="#0b1026"/>')
        body.append(text(x, y + 3, "P", size=9, anchor="middle", weight="bold",
                         fill="#0b1026"))
    y = TOP + size * TILE + 22
    for seat, player in enumerate(summary.get("players") or []):
        colour = SEATS[seat % len(SEATS)]
        body.append(f'<circle cx="{LEFT + 7}" cy="{y - 4}" r="6" fill="{colour}"/>')
        loads = player.get("ship", {}).get("loads") or []
        line = (f"{short(player.get('name', ''), 18)} ({player.get('suit_name', '')}) · "
                f"{player.get('space_bucks', '?')} SB · stations "
                f"{len(player.get('stations') or [])} · loads "
                f"{len(loads)}")
        body.append(text(LEFT + 18, y, line, size=11))
        y += 18
    open_missions = [m for m in summary.get("missions") or [] if m.get("open")]
    if open_missions:
        y += 6
        body.append(text(LEFT, y, "Open missions", size=11, weight="bold"))
        for m in open_missions[:6]:
            y += 16
            body.append(text(LEFT + 8, y, f"#{m.get('number')}: {m.get('source')} → "
                             f"{m.get('dest')} pays {m.get('payoff')}", size=10,
                             fill="#b9c2e0"))
    if summary.get("result"):
        y += 20
        body.append(text(LEFT, y, str(summary["result"]), size=12, weight="bold",
                         fill="#5be39b"))
    return svg(LEFT * 2 + size * TILE, y + 14, body, "Weird Galaxy tile grid")


SPOT = 28  # a tap target in a corner of a tile, 24 px on a 360 px phone (webscore.entry)


def _tile_xy(item: object) -> tuple[float, float, str] | None:
    pos = _pos(item)
    if pos is None or not isinstance(item, dict):
        return None
    return LEFT + pos[1] * TILE, TOP + pos[0] * TILE, str(item.get("at") or "")


_AT_TILE = re.compile(r"(?:shield|paint):([a-h][NA2-5])")


def _grid_tile(summary: dict[str, Any], name: str) -> tuple[float, float, str] | None:
    for tile in (summary.get("grid") or {}).get("tiles") or []:
        if isinstance(tile, dict) and tile.get("tile") == name:
            return _tile_xy({**tile, "at": name})
    return None


def place(summary: dict[str, Any], notation: str,
          after: Any) -> tuple[float, float, str] | None:
    """Where an entry is tapped, in a corner of a tile: the tile the starship flies to, and
    what is done where the starship is (pick up, deliver, repaint it), on a station (a shield,
    a repaint) or where the next station goes, at the bottom left; the tile Phredd moves to
    at the top right, where Phredd is drawn.  Moves are read from the engine's own result;
    the two round targets of one tile do not touch."""
    seat = (summary.get("turn") or {}).get("seat")
    players = summary.get("players") or []
    me = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}
    where: tuple[float, float, str] | None = None
    if notation in ("pick", "paint") or notation.startswith("deliver:"):
        where = _tile_xy((me or {}).get("ship"))
    elif notation == "build":
        where = _tile_xy((me or {}).get("next_station"))
    elif (m := _AT_TILE.fullmatch(notation)) is not None:
        where = _grid_tile(summary, m.group(1))
    elif notation.startswith("P:"):
        result = after(notation)
        where = _tile_xy((result or {}).get("phredd"))
        return (where[0] + 36, where[1] + 14, f"Phredd {where[2]}") if where else None
    elif notation.isalpha() and notation.isupper():
        result = after(notation)
        moved = (result or {}).get("players") or []
        if isinstance(seat, int) and 0 <= seat < len(moved):
            where = _tile_xy((moved[seat] or {}).get("ship"))
    return (where[0] + 14, where[1] + 36, where[2]) if where else None
