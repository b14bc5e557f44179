"""The Wormholes kit's id and tracker address, and its drawing: the galaxy board, ships, coins,
compasses and the page helpers the kit's pages share."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.wormholes.board import (
    AXES,
    BASES,
    CELLS,
    COMPASS,
    DIRECTIONS,
    HEIGHT,
    SIDE_NAMES,
    SIDE_SUITS,
    SUITS,
    TILE_ROWS,
    WIDTH,
    Cell,
    cell_name,
)
from pnp.render import typescale as ts
from pnp.render.art import INK, WHITE, Look, heading, hex_color, numbered_steps, polygon, tint
from pnp.render.fonts import BOLD, REGULAR, text_width
from pnp.render.geometry import mm
from pnp.render.options import KitOptions, table_url
from pnp.render.suits import ARMS, CROWNS, MOONS, SUNS, Suit, draw_symbol

GAME_ID = "wormholes"
TITLE = "Wormholes"
ACCENT = hex_color("#3b2a6b")
SPACE_TINT = hex_color("#eceaf6")
SUIT_ART: dict[str, Suit] = {"S": SUNS, "M": MOONS, "C": CROWNS, "A": ARMS}
SIDE_COLOR: dict[int, Color] = {0: SUNS.color, 1: CROWNS.color}
CREDIT = ("Wormholes: a game by Marty Hale-Evans and Ron Hale-Evans (2001), for the piecepack "
          "system (public domain). Summary, layout and art: pnp-space.")


def tracker_url(options: KitOptions) -> str:
    """The QR codes' new-table address; mode "table": coin values are revealed at the table."""
    return table_url(options, GAME_ID, "table")


# -- the galaxy ----------------------------------------------------------------------------

def tiles() -> list[tuple[int, int]]:
    """The lower-left cell of each 2 x 2 tile (WH-1), bottom row first."""
    return [(2 * c - 1, 2 * r - 1) for r in sorted(TILE_ROWS) for c in TILE_ROWS[r]]


@dataclass(frozen=True)
class Window:
    """A rectangle of cells, both corners included."""

    x1: int
    y1: int
    x2: int
    y2: int

    @property
    def cols(self) -> int:
        return self.x2 - self.x1 + 1

    @property
    def rows(self) -> int:
        return self.y2 - self.y1 + 1

    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, tuple):
            return False
        x, y = cell
        return bool(self.x1 <= x <= self.x2 and self.y1 <= y <= self.y2)

    def cells(self) -> list[Cell]:
        return list(_window_cells(self))

    def label(self) -> str:
        cols = "abcdefghij"
        return (f"columns {cols[self.x1 - 1]}-{cols[self.x2 - 1]}, "
                f"rows {self.y1}-{self.y2}")


_SORTED_CELLS = tuple(sorted(CELLS))


@lru_cache(maxsize=64)
def _window_cells(window: Window) -> tuple[Cell, ...]:
    """The window's cells, in order (worked out once per window: a kit draws the same few
    windows hundreds of times)."""
    return tuple(c for c in _SORTED_CELLS if c in window)


WHOLE = Window(1, 1, WIDTH, HEIGHT)


def draw_board(c: Canvas, x0: float, y0: float, cell: float, look: Look,
               window: Window = WHOLE, *, names: bool = False, edges: bool = True,
               bases: bool = True) -> None:
    """The cells of the window with (x0, y0) at its lower-left corner.

    Thin lines between cells, thick lines round each tile; `names` writes every cell's name in
    its corner (the true-size map), `bases` colours the four start cells.
    """
    cells = window.cells()

    def at(cx: int, cy: int) -> tuple[float, float]:
        return x0 + (cx - window.x1) * cell, y0 + (cy - window.y1) * cell

    c.saveState()
    if not look.low_ink:
        c.setFillColor(SPACE_TINT)
        p = c.beginPath()
        for cx, cy in cells:
            px, py = at(cx, cy)
            p.rect(px, py, cell, cell)
        c.drawPath(p, stroke=0, fill=1)
    if bases:
        for seat in (0, 1):
            for base in BASES[seat]:
                if base in window:
                    px, py = at(*base)
                    col = SIDE_COLOR[seat]
                    c.setFillColor(tint(col, 0.22))
                    c.setStrokeColor(col)
                    c.setLineWidth(max(0.6, cell * 0.025))
                    c.rect(px + cell * 0.05, py + cell * 0.05, cell * 0.9, cell * 0.9,
                           stroke=1, fill=0 if look.low_ink else 1)
    c.setStrokeColor(hex_color("#a7a2c4"))
    c.setLineWidth(max(0.3, cell * 0.006))
    p = c.beginPath()
    for cx, cy in cells:  # each cell's right and top edge, where a neighbour continues
        px, py = at(cx, cy)
        if (cx + 1, cy) in CELLS and (cx + 1, cy) in window:
            p.moveTo(px + cell, py)
            p.lineTo(px + cell, py + cell)
        if (cx, cy + 1) in CELLS and (cx, cy + 1) in window:
            p.moveTo(px, py + cell)
            p.lineTo(px + cell, py + cell)
    c.drawPath(p, stroke=1, fill=0)
    if edges:
        c.setStrokeColor(ACCENT)
        c.setLineWidth(max(0.8, cell * 0.03))
        c.setLineJoin(1)
        for tx, ty in tiles():
            box = Window(tx, ty, tx + 1, ty + 1)
            xa, ya = max(box.x1, window.x1), max(box.y1, window.y1)
            xb, yb = min(box.x2, window.x2), min(box.y2, window.y2)
            if xa > xb or ya > yb:
                continue
            px, py = at(xa, ya)
            c.rect(px, py, (xb - xa + 1) * cell, (yb - ya + 1) * cell, stroke=1, fill=0)
    if names:
        size = max(5.0, cell * 0.13)
        c.setFont(REGULAR, size)
        c.setFillColor(hex_color("#6b6690"))
        for cx, cy in cells:
            px, py = at(cx, cy)
            c.drawString(px + cell * 0.11, py + cell * 0.11, cell_name((cx, cy)))
    c.restoreState()


def draw_ship(c: Canvas, suit: str, cx: float, cy: float, r: float, look: Look,
              down: bool = False) -> None:
    """A starship: a dart in the suit's colour pointing at the owner's north."""
    art = SUIT_ART[suit]
    c.saveState()
    c.translate(cx, cy)
    if down:
        c.rotate(180)
    pts = [(0.0, r), (r * 0.62, -r * 0.8), (0.0, -r * 0.4), (-r * 0.62, -r * 0.8)]
    c.setLineJoin(1)
    c.setStrokeColor(WHITE)  # a halo, so the ship stays visible over lines and arrows
    c.setLineWidth(max(1.5, r * 0.3))
    polygon(c, pts, 1, 0)
    c.setStrokeColor(art.color)
    c.setFillColor(art.color)
    c.setLineWidth(0.8)
    c.setLineJoin(1)
    polygon(c, pts, 1, 0 if look.low_ink else 1)
    c.restoreState()


def draw_coin(c: Canvas, suit: str, cx: float, cy: float, r: float, look: Look,
              value: str | None = None) -> None:
    """A wormhole coin: suit side up, or (value given) showing its value."""
    art = SUIT_ART[suit]
    c.saveState()
    c.setStrokeColor(art.color)
    c.setLineWidth(max(0.6, r * 0.1))
    if value is None:
        c.setFillColor(art.color)
        c.circle(cx, cy, r, stroke=1, fill=0 if look.low_ink else 1)
        draw_symbol(c, art, cx, cy, r * 0.62, look, None if look.low_ink else WHITE)
    else:
        c.setFillColor(hex_color("#f6f1e4"))
        c.circle(cx, cy, r, stroke=1, fill=1)
        c.setFillColor(art.color)
        c.setFont(BOLD, r * 1.2)
        c.drawCentredString(cx, cy - r * 0.42, value)
    c.restoreState()


def arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float, color: Color,
          width: float = 1.4, head: float = 5.0, both: bool = False,
          dash: tuple[float, float] | None = None) -> None:
    c.saveState()
    c.setStrokeColor(color)
    c.setFillColor(color)
    c.setLineWidth(width)
    ang = math.atan2(y2 - y1, x2 - x1)
    back = head * 0.8
    sx = x1 + math.cos(ang) * back if both else x1
    sy = y1 + math.sin(ang) * back if both else y1
    if dash:
        c.setDash(*dash)
    c.line(sx, sy, x2 - math.cos(ang) * back, y2 - math.sin(ang) * back)
    c.setDash()
    ends = [(x2, y2, ang)] + ([(x1, y1, ang + math.pi)] if both else [])
    for ex, ey, a in ends:
        pts = [(ex, ey),
               (ex - head * math.cos(a - 0.45), ey - head * math.sin(a - 0.45)),
               (ex - head * math.cos(a + 0.45), ey - head * math.sin(a + 0.45))]
        polygon(c, pts, 0, 1)
    c.restoreState()


def draw_compass(c: Canvas, cx: float, cy: float, r: float, seat: int, look: Look) -> None:
    """A player's compass rose (WH-3), drawn from the engine's vectors and turned so that the
    player reads it from their own end of the board (the DiagonAliens' is upside down)."""
    color = SIDE_COLOR[seat]
    c.saveState()
    c.translate(cx, cy)
    if seat == 1:
        c.rotate(180)  # text faces the player at the top edge
    c.setStrokeColor(tint(color, 0.5))
    c.setLineWidth(0.6)
    c.circle(0, 0, r * 0.58, stroke=1, fill=0)
    c.restoreState()
    for name in DIRECTIONS:
        dx, dy = COMPASS[seat][name]
        length = 1.0 if len(name) == 1 else 0.72
        ux, uy = dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)
        tip = r * 0.82 * length
        head = r * (0.2 if len(name) == 1 else 0.15)
        arrow(c, cx, cy, cx + ux * tip, cy + uy * tip, color if len(name) == 1 else
              tint(color, 0.7), width=r * (0.07 if len(name) == 1 else 0.045), head=head)
        lx, ly = cx + ux * (tip + r * 0.18), cy + uy * (tip + r * 0.18)
        c.saveState()
        c.translate(lx, ly)
        if seat == 1:
            c.rotate(180)
        size = r * (0.24 if len(name) == 1 else 0.17)
        c.setFont(BOLD, size)
        c.setFillColor(INK)
        c.drawCentredString(0, -size * 0.36, name)
        c.restoreState()
    c.setFillColor(WHITE)
    c.setStrokeColor(color)
    c.circle(cx, cy, r * 0.1, stroke=1, fill=1)
    del look


def compass_caption(c: Canvas, cx: float, y: float, seat: int, size: float = 7.5,
                    upside_down: bool = False, width: float | None = None) -> None:
    """Two centred lines naming a compass; set smaller (not under 5 pt) to fit ``width``."""
    suits = " and ".join(SUIT_ART[s].name for s in SIDE_SUITS[seat])
    lines = [f"{SIDE_NAMES[seat]}' compass", f"({suits}): north points at the other side"]
    if width is not None:
        widest = max(text_width(line, BOLD, size) for line in lines)
        size = max(5.0, min(size, size * width / widest))
    c.saveState()
    c.translate(cx, y)
    if upside_down:
        c.rotate(180)
    c.setFillColor(INK)
    for k, line in enumerate(lines):
        c.setFont(BOLD if k == 0 else REGULAR, size)
        c.drawCentredString(0, -k * size * 1.25, line)
    c.restoreState()


# -- page furniture ------------------------------------------------------------------------
def _steps(c: Canvas, items: Sequence[str], x: float, y: float, w: float, size: float,
           numbered: bool = True) -> float:
    return numbered_steps(c, items, x, y, w, size, mm(1.5), color=INK, numbered=numbered)


def axes_legend(c: Canvas, x: float, y: float, w: float, look: Look) -> float:
    """One line per suit: its coin, a small double arrow along its axis, the axis name."""
    for suit in SUITS:
        r = mm(3.2)
        draw_coin(c, suit, x + r, y - r, r, look)
        (dx1, dy1), (dx2, dy2) = (COMPASS[0][d] for d in AXES[suit])
        ax = x + 2 * r + mm(6)
        ay = y - r
        k = mm(3.6) / math.hypot(dx1, dy1)
        arrow(c, ax + dx2 * k, ay + dy2 * k, ax + dx1 * k, ay + dy1 * k, SUIT_ART[suit].color,
              width=1.1, head=3.5, both=True)
        c.setFillColor(INK)
        c.setFont(REGULAR, 8)
        a, b = AXES[suit]
        text = f"{SUIT_ART[suit].name}: {a}/{b}"
        c.drawString(ax + mm(6), ay - 2.8, text)
        y -= 2 * r + mm(2)
    del w
    return y


def _heading(c: Canvas, x: float, y: float, text: str, size: float = ts.HEADING) -> float:
    """A heading in the kit's accent, a size of the one scale (``typescale``)."""
    return heading(c, x, y, text, ACCENT, size)
