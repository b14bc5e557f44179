"""A Galaxy Trucker ship drawn as SVG: tiles with their connectors and function icons, the
board's squares with row and column numbers, and the spot-check mistakes marked on the tile
and side they concern.

Connectors are pipes across the tile edge, as on the printed tiles: one pipe for a simple
connector, two for a double, three for a universal, none on a smooth side; the colours
(blue, amber, green) tell them apart at a glance on a small screen too.  A tile is drawn in its
printed orientation (engine exhaust to the rear, cannon barrel to the front, shield on the
front and right) and turned as a whole by its rotation; the id and the mistakes are written
upright.  Every text is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence

from pnp.engine.svg import esc, text
from pnp.games.galaxy_trucker.boards import Board
from pnp.games.galaxy_trucker.check import Violation
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.sides import SIDES, Side
from pnp.games.galaxy_trucker.tiles import Connector, Kind, Tile

CELL = 64
LEFT, TOP = 30, 28
PIPE_W, PIPE_PITCH, PIPE_DEPTH, PLATE_H = 4.6, 8.0, 12.0, 3.0
PIPE_OFFSETS: dict[Connector, tuple[float, ...]] = {  # pipe centres from the side's middle
    Connector.SMOOTH: (), Connector.SIMPLE: (0.0,),
    Connector.DOUBLE: (-PIPE_PITCH / 2, PIPE_PITCH / 2),
    Connector.UNIVERSAL: (-PIPE_PITCH, 0.0, PIPE_PITCH),
}
PIPE_COLOUR = {Connector.SIMPLE: "#9fc2ff", Connector.DOUBLE: "#ffcf4a",
               Connector.UNIVERSAL: "#5be39b"}
PILOT_COLOUR = {"blue": "#4c8dff", "red": "#ef476f", "green": "#2ec27e", "yellow": "#ffd23f"}
BAD = "#ff5c5c"
SELECTED = "#ffcf4a"
EXPOSED = "#ff9f43"
INK = "#e8ecf8"
MUTED = "#98a2c7"

Link = Callable[[int, int], "str | None"]


# -- one tile, printed orientation, in a 0..CELL square ----------------------------------------
def _pipes(connector: Connector) -> list[str]:
    """The pipes of one connector on the N edge, laid out as on the printed tiles
    (pnp/render/galaxy_trucker/tiles.py): pipes from the edge inward onto a mounting plate,
    a little thicker than print so they read on a phone."""
    offsets = PIPE_OFFSETS[connector]
    if not offsets:
        return []
    colour = PIPE_COLOUR[connector]
    c = CELL / 2
    span = max(abs(o) for o in offsets) + PIPE_W / 2 + 1.5
    out = [f'<rect x="{c - span:.1f}" y="{PIPE_DEPTH}" width="{2 * span:.1f}" '
           f'height="{PLATE_H}" fill="{colour}" stroke="#0b1026" stroke-width="0.6"/>']
    for o in offsets:
        out.append(f'<rect class="pipe {connector.word}" x="{c + o - PIPE_W / 2:.1f}" y="0" '
                   f'width="{PIPE_W}" height="{PIPE_DEPTH}" fill="{colour}" stroke="#0b1026" '
                   'stroke-width="0.6"/>')
        out.append(f'<rect x="{c + o - PIPE_W * 0.15:.1f}" y="1.2" width="{PIPE_W * 0.3:.1f}" '
                   f'height="{PIPE_DEPTH - 1.2:.1f}" fill="#0b1026" opacity="0.45"/>')
    return out


def _arc(r: float, start: float, end: float, cx: float = CELL / 2,
         cy: float = CELL / 2) -> str:
    """An arc path around (cx, cy), angles in degrees clockwise from the right."""
    a, b = math.radians(start), math.radians(end)
    x1, y1 = cx + r * math.cos(a), cy + r * math.sin(a)
    x2, y2 = cx + r * math.cos(b), cy + r * math.sin(b)
    large = 1 if (end - start) % 360 > 180 else 0
    return f"M{x1:.1f} {y1:.1f} A{r} {r} 0 {large} 1 {x2:.1f} {y2:.1f}"


def _person(x: float, y: float, colour: str) -> str:
    return (f'<circle cx="{x}" cy="{y - 5}" r="3.2" fill="{colour}"/>'
            f'<path d="M{x - 5} {y + 5} Q{x} {y - 4} {x + 5} {y + 5}Z" fill="{colour}"/>')


def _icon(tile: Tile) -> list[str]:
    """The function of the tile, drawn in its printed orientation."""
    c = CELL / 2
    k = tile.kind
    if k.is_cabin:
        fill = PILOT_COLOUR.get(tile.colour or "", "#c9cfe8") if k is Kind.PILOT else "#c9cfe8"
        out = [f'<rect x="17" y="19" width="30" height="26" rx="6" fill="{fill}" '
               'stroke="#0b1026" stroke-width="1.2"/>',
               _person(c - 6, c + 3, "#1b2347"), _person(c + 6, c + 3, "#1b2347")]
        if k is Kind.PILOT:
            out.append(f'<circle cx="{c}" cy="{c}" r="17" fill="none" stroke="{fill}" '
                       'stroke-width="2" stroke-dasharray="3 2"/>')
        return out
    if k.is_engine:
        xs = [c] if k is Kind.ENGINE else [c - 7, c + 7]
        w = 12 if k is Kind.ENGINE else 9
        out = [f'<rect x="{c - 12}" y="16" width="24" height="20" rx="3" fill="#8d6e63" '
               'stroke="#0b1026" stroke-width="1"/>']
        for x in xs:  # nozzles and flames toward the printed exhaust side (S)
            out.append(f'<path d="M{x - w / 2} 36 L{x + w / 2} 36 L{x + w / 2 + 3} 50 '
                       f'L{x - w / 2 - 3} 50Z" fill="#c7773b" stroke="#0b1026" '
                       'stroke-width="1"/>')
            out.append(f'<path d="M{x - 3} 51 L{x} 58 L{x + 3} 51Z" fill="#ff9f43"/>')
        return out
    if k.is_cannon:
        xs = [c] if k is Kind.CANNON else [c - 6, c + 6]
        out = []
        for x in xs:  # barrels toward the printed front (N)
            out.append(f'<rect x="{x - 3}" y="14" width="6" height="{c - 12}" rx="1.5" '
                       'fill="#e8707a" stroke="#0b1026" stroke-width="1"/>')
        out.append(f'<circle cx="{c}" cy="{c + 6}" r="11" fill="#b8323a" stroke="#0b1026" '
                   'stroke-width="1.2"/>')
        return out
    if k is Kind.BATTERY:
        n = max(tile.capacity, 1)
        out = []
        for i in range(n):
            x = c + (i - (n - 1) / 2) * 11
            out.append(f'<rect x="{x - 4.5}" y="20" width="9" height="24" rx="2" '
                       'fill="#5be39b" stroke="#0b1026" stroke-width="1"/>')
            out.append(f'<rect x="{x - 2}" y="17" width="4" height="3" fill="#5be39b"/>')
        return out
    if k is Kind.SHIELD:  # a dish sending waves toward the two covered sides (N and E)
        cx, cy = c - 5, c + 5
        out = [f'<circle cx="{cx}" cy="{cy}" r="6.5" fill="#2a9d8f" stroke="#0b1026" '
               'stroke-width="1"/>']
        for r in (10.5, 14.5, 18.5):
            out.append(f'<path d="{_arc(r, -82, -8, cx, cy)}" fill="none" stroke="#64dfdf" '
                       'stroke-width="2.4" stroke-linecap="round"/>')
        return out
    if k in (Kind.CARGO, Kind.SPECIAL_CARGO):
        colour = "#ef476f" if k is Kind.SPECIAL_CARGO else "#4cc9f0"
        n = max(tile.capacity, 1)
        out = [f'<rect x="14" y="22" width="36" height="20" rx="3" fill="none" '
               f'stroke="{colour}" stroke-width="1.5"/>']
        for i in range(n):
            x = c + (i - (n - 1) / 2) * 11
            out.append(f'<rect x="{x - 4.5}" y="27" width="9" height="10" rx="1.5" '
                       f'fill="{colour}"/>')
        return out
    if k is Kind.STRUCTURAL:
        return ['<rect x="18" y="18" width="28" height="28" fill="none" stroke="#aab4d8" '
                'stroke-width="2.5"/>',
                '<path d="M18 18 L46 46 M46 18 L18 46" stroke="#aab4d8" stroke-width="2"/>']
    colour = "#b07a45" if k is Kind.LIFE_BROWN else "#9b5de5"
    return [f'<circle cx="{c}" cy="{c}" r="13" fill="{colour}" stroke="#0b1026" '
            'stroke-width="1.2"/>',
            f'<path d="{_arc(7, 0, 250)}" fill="none" stroke="#0b1026" stroke-width="2"/>',
            f'<circle cx="{c}" cy="{c}" r="2.5" fill="#0b1026"/>']


def tile_body(tile: Tile, rotation: int) -> str:
    """The tile in a 0..CELL square, turned by ``rotation`` clockwise quarter turns."""
    parts = [f'<rect x="1.5" y="1.5" width="{CELL - 3}" height="{CELL - 3}" rx="4" '
             'fill="#27305a" stroke="#8892c0" stroke-width="1"/>']
    for side in SIDES:
        pipes = _pipes(tile.sides[side])
        if pipes:
            parts.append(f'<g transform="rotate({90 * side} {CELL / 2} {CELL / 2})">'
                         + "".join(pipes) + "</g>")
    parts.extend(_icon(tile))
    return (f'<g transform="rotate({90 * (rotation % 4)} {CELL / 2} {CELL / 2})">'
            + "".join(parts) + "</g>")


def describe_tile(tile: Tile, rotation: int) -> str:
    """Words for a tooltip: the function and the connector now facing each side."""
    faces = ", ".join(f"{side.word} {tile.sides[(side - rotation) % 4].word}"
                      for side in SIDES)
    turn = f", turned {rotation}x" if rotation else ""
    return f"#{tile.id} {tile.label}{turn}: {faces}"


def tile_svg(tile: Tile, rotation: int, *, size: float = 72, label: str | None = None) -> str:
    """One tile as a small SVG picture (the rotation picker)."""
    title = esc(label or describe_tile(tile, rotation))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-4 -4 {CELL + 8} {CELL + 8}" '
            f'width="{size}" height="{size}" role="img" aria-label="{title}" class="tile">'
            f'<title>{title}</title>{tile_body(tile, rotation)}'
            + text(5, 12, f"#{tile.id}", size=9, weight="bold", fill=INK) + "</svg>")


# -- the whole ship -------------------------------------------------------------------------
def _grid(board: Board, ship: Ship) -> tuple[range, range]:
    cells = set(board.cells) | set(ship.by_cell)
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    cols = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    return rows, cols


def _short(rule: str) -> str:
    return rule.removeprefix("GT-")


def _side_bar(x: float, y: float, side: Side, colour: str, width: float) -> str:
    x1, y1, x2, y2 = {Side.N: (0, 0, CELL, 0), Side.E: (CELL, 0, CELL, CELL),
                      Side.S: (0, CELL, CELL, CELL), Side.W: (0, 0, 0, CELL)}[side]
    return (f'<line x1="{x + x1}" y1="{y + y1}" x2="{x + x2}" y2="{y + y2}" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round"/>')


def draw(ship: Ship, violations: Sequence[Violation] = (), *, link: Link | None = None,
         selected: tuple[int, int] | None = None, exposed: Iterable[tuple[int, Side]] = (),
         label: str = "ship", marks: Mapping[int, str] | None = None,
         frame: tuple[float, float, float, float] | None = None,
         window: tuple[range, range] | None = None, cls: str = "ship-mini") -> str:
    """The ship on its board; ``link(row, col)`` makes squares tappable (None: not).

    ``marks`` (tile id -> SVG in the square's 0..CELL box, upright) lays what the tile holds
    over it (the tracker's crew, tokens, goods); ``frame`` (x, y, width, height) makes the
    picture a nested ``svg`` of class ``cls`` placed in a larger drawing, sized by its own
    attributes; ``window`` (rows, columns) shows only those squares, edge to edge (a zoomed
    ship: the row and column numbers are left out)."""
    board = ship.board
    rows, cols = _grid(board, ship)
    width = LEFT + len(cols) * CELL + 8
    height = TOP + len(rows) * CELL + 8
    out: list[str] = []

    def xy(row: int, col: int) -> tuple[float, float]:
        return LEFT + (col - cols.start) * CELL, TOP + (row - rows.start) * CELL

    for col in cols if window is None else ():  # a window shows no numbers
        out.append(text(LEFT + (col - cols.start) * CELL + CELL / 2, TOP - 9, col, size=18,
                        anchor="middle", weight="bold", fill=MUTED))
    for row in rows if window is None else ():
        out.append(text(LEFT - 14, TOP + (row - rows.start) * CELL + CELL / 2 + 6, row,
                        size=18, anchor="middle", weight="bold", fill=MUTED))
    def shown(row: int, col: int) -> bool:
        return window is None or (row in window[0] and col in window[1])

    for row, col in sorted(board.cells):
        if not shown(row, col):
            continue
        x, y = xy(row, col)
        out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                   'rx="5" fill="#111836" stroke="#3b4680" stroke-dasharray="4 3"/>')
        if (row, col) == board.start:
            out.append(text(x + CELL / 2, y + CELL / 2 + 6, "★", size=16, anchor="middle",
                            fill="#3b4680"))
    by_tile: dict[int, list[Violation]] = {}
    for v in violations:
        by_tile.setdefault(v.tile, []).append(v)
    for p in ship:
        if not shown(p.row, p.col):  # outside the window: not drawn (its texts would stray)
            continue
        x, y = xy(p.row, p.col)
        title = esc(describe_tile(p.tile, p.rotation))
        out.append(f'<g transform="translate({x} {y})"><title>{title}</title>'
                   f'{tile_body(p.tile, p.rotation)}</g>')
        out.append(text(x + 4, y + 13, p.id, size=12, weight="bold", fill=INK))
        if marks and p.id in marks:
            out.append(f'<g transform="translate({x} {y})">{marks[p.id]}</g>')
    for tile_id, side in exposed:
        hit = ship.by_id.get(tile_id)
        if hit is None:
            continue
        x, y = xy(hit.row, hit.col)
        dr, dc = side.delta
        out.append(f'<circle cx="{x + CELL / 2 + dc * (CELL / 2 + 3)}" '
                   f'cy="{y + CELL / 2 + dr * (CELL / 2 + 3)}" r="3" fill="none" '
                   f'stroke="{EXPOSED}" stroke-width="1.5"/>')
    for tile_id, found in by_tile.items():
        bad = ship.by_id.get(tile_id)
        if bad is None:
            continue
        x, y = xy(bad.row, bad.col)
        out.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                   f'rx="5" fill="none" stroke="{BAD}" stroke-width="3"/>')
        for v in found:
            if v.side is not None:
                out.append(_side_bar(x, y, v.side, BAD, 5))
        rules = sorted({_short(v.rule) for v in found})
        badge = "·".join(rules[:2]) + (f"+{len(rules) - 2}" if len(rules) > 2 else "")
        bw = 7 * len(badge) + 6
        out.append(f'<rect x="{x + CELL - bw - 3}" y="{y + CELL - 17}" width="{bw}" '
                   f'height="14" rx="4" fill="{BAD}"/>')
        out.append(text(x + CELL - 3 - bw / 2, y + CELL - 6.5, badge, size=10, anchor="middle",
                        weight="bold", fill="#1c0005"))
    if selected is not None:
        x, y = xy(*selected)
        if selected[0] in rows and selected[1] in cols:
            out.append(f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" '
                       f'rx="6" fill="none" stroke="{SELECTED}" stroke-width="4"/>')
    if link is not None:
        for row, col in sorted(set(board.cells) | set(ship.by_cell)):
            href = link(row, col)
            if href is None:
                continue
            x, y = xy(row, col)
            on = ship.at((row, col))
            what = describe_tile(on.tile, on.rotation) if on else "empty square"
            out.append(f'<a href="{esc(href)}" aria-label="row {row}, column {col}: '
                       f'{esc(what)}"><rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       'fill="#000" fill-opacity="0" class="square"/></a>')
    place = ('class="board ship"' if frame is None else
             'x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}"'.format(*frame)
             + f' class="{esc(cls)}"')
    view = f"0 0 {width} {height}"
    if window is not None:
        x0, y0 = xy(window[0].start, window[1].start)
        view = f"{x0} {y0} {len(window[1]) * CELL} {len(window[0]) * CELL}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}" '
            f'{place} aria-label="{esc(label)}" '
            f'font-family="DejaVu Sans, Verdana, sans-serif">' + "".join(out) + "</svg>")


def legend() -> str:
    """The connector key: simple, double, universal, smooth, an exposed end and a mistake."""
    items: list[str] = []
    x = 4.0
    for name, conn in (("simple", Connector.SIMPLE), ("double", Connector.DOUBLE),
                       ("universal", Connector.UNIVERSAL), ("smooth", Connector.SMOOTH)):
        pipes = "".join(_pipes(conn))
        items.append(f'<g transform="translate({x} 4)"><rect x="0" y="0" width="{CELL}" '
                     f'height="16" fill="#27305a" stroke="#8892c0"/>'
                     f'<g transform="translate(0 0)">{pipes}</g></g>')
        items.append(text(x + CELL / 2, 34, name, size=11, anchor="middle", fill=MUTED))
        x += CELL + 12
    items.append(f'<circle cx="{x + 8}" cy="12" r="3" fill="none" stroke="{EXPOSED}" '
                 'stroke-width="1.5"/>')
    items.append(text(x + 8, 34, "exposed", size=11, anchor="middle", fill=MUTED))
    x += 52
    items.append(f'<rect x="{x}" y="4" width="34" height="16" rx="4" fill="none" '
                 f'stroke="{BAD}" stroke-width="3"/>')
    items.append(text(x + 17, 34, "mistake", size=11, anchor="middle", fill=MUTED))
    w = x + 44
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} 40" class="legend" '
            'role="img" aria-label="key: simple, double, universal connectors, smooth side, '
            'exposed connector, mistake" font-family="DejaVu Sans, Verdana, sans-serif">'
            + "".join(items) + "</svg>")
