"""The Wormholes kit: rules reference, board sheet, record sheet, the map at true size, pieces.

Wormholes is Marty and Ron Hale-Evans' two-player starship race for the piecepack (2001).  The
galaxy, the bases, the compasses and the wormhole axes all come from the engine's board module
(pnp.games.wormholes.board), so the print and the rules engine cannot disagree.  The record
sheet's fields are the ones pnp.games.wormholes.sheet checks.

Players with tiles lay the 23 tiles out as the board sheet shows (drawn at half size); players
without tiles print the map sheets, which carry the galaxy at true piecepack size (1 in cells,
2 in tiles) split over as few landscape or portrait sheets as the paper allows, with glue
strips, alignment ticks and each sheet's place in the whole.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.engine import get_game
from pnp.games.wormholes import sheet as wh_sheet
from pnp.games.wormholes.board import (
    AXES,
    BASES,
    CELLS,
    COMPASS,
    DIRECTIONS,
    HEIGHT,
    SIDE_NAMES,
    SIDE_SUITS,
    START,
    SUITS,
    TILE_ROWS,
    WIDTH,
    Cell,
    cell_name,
    ray,
)
from pnp.games.wormholes.board import Suit as ShipSuit
from pnp.render.art import (
    GREY,
    INK,
    LIGHT,
    WHITE,
    Look,
    hex_color,
    numbered_steps,
    page_title,
    paragraph,
    polygon,
    tint,
)
from pnp.render.calibration import calibration_pages
from pnp.render.components import SheetContext, blank_back
from pnp.render.document import Page, fit_transform, scaled, write_pdf
from pnp.render.fonts import BOLD, CONDENSED_BOLD, OBLIQUE, REGULAR, text_width
from pnp.render.forms import FormField
from pnp.render.geometry import MARGIN, Rect, inch, mm, paper_size, printable_area, text_sheet_size
from pnp.render.guide import with_guide
from pnp.render.options import KitOptions, table_url
from pnp.render.parts import piece_pages
from pnp.render.piecepack import Piece, roll_table, suit_set
from pnp.render.qr import qr_block
from pnp.render.suits import ARMS, CLASSIC, CROWNS, MOONS, SUNS, Suit, draw_symbol

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


def kit_path(options: KitOptions) -> Path:
    return options.out / f"{GAME_ID}-seed{options.seed}-{options.paper}.pdf"


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
        return [c for c in sorted(CELLS) if c in self]

    def label(self) -> str:
        cols = "abcdefghij"
        return (f"columns {cols[self.x1 - 1]}-{cols[self.x2 - 1]}, "
                f"rows {self.y1}-{self.y2}")


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



def _footer(c: Canvas, area: Rect, text: str = CREDIT) -> None:
    c.setFillColor(GREY)
    c.setFont(REGULAR, 6.5)
    c.drawString(area.x, area.y + mm(1), text)


def _heading(c: Canvas, x: float, y: float, text: str, size: float = 12) -> float:
    c.setFillColor(ACCENT)
    c.setFont(BOLD, size)
    c.drawString(x, y - size, text)
    c.setFillColor(INK)
    return y - size - mm(2.5)


def _fit_centred(c: Canvas, text: str, font: str, size: float, cx: float, y: float,
                 width: float) -> None:
    while text_width(text, font, size) > width and size > 4:
        size -= 0.25
    c.setFont(font, size)
    c.drawCentredString(cx, y, text)


def _steps(c: Canvas, items: Sequence[str], x: float, y: float, w: float, size: float,
           numbered: bool = True) -> float:
    return numbered_steps(c, items, x, y, w, size, mm(1.5), color=INK, numbered=numbered)



# -- the board sheet (half size) ---------------------------------------------------------------

BOARD_SCALE_CELL = inch(0.5)


def _labels(c: Canvas, x0: float, y0: float, cell: float, window: Window, *, top: bool,
            size: float) -> None:
    """Column letters under (and over) the window, row numbers on both sides."""
    c.setFillColor(INK)
    c.setFont(BOLD, size)
    w, h = window.cols * cell, window.rows * cell
    for i in range(window.cols):
        letter = "abcdefghij"[window.x1 - 1 + i]
        c.drawCentredString(x0 + (i + 0.5) * cell, y0 - size - 2, letter)
        if top:
            c.drawCentredString(x0 + (i + 0.5) * cell, y0 + h + 3, letter)
    for j in range(window.rows):
        label = str(window.y1 + j)
        yy = y0 + (j + 0.5) * cell - size * 0.36
        c.drawRightString(x0 - 3, yy, label)
        c.drawString(x0 + w + 3, yy, label)


def quick_start(seed: int) -> dict[str, list[str]]:
    """The engine's proposed placement for this seed, as cells per suit (S, M, C, A)."""
    setup = get_game(GAME_ID).new_setup(seed, ["OrthogonAliens", "DiagonAliens"],
                                        {"chance": "table"})
    quick = setup.get("quick_start")
    out: dict[str, list[str]] = {s: [] for s in SUITS}
    if isinstance(quick, Mapping):
        for moves in quick.values():
            for move in moves if isinstance(moves, list) else []:
                suit, _, cell = str(move).partition("@")
                out.setdefault(suit, []).append(cell)
    return out


def _board_page(look: Look, size: tuple[float, float], seed: int) -> Page:
    area = printable_area(size)
    cell = BOARD_SCALE_CELL
    quick = quick_start(seed)

    def draw(c: Canvas) -> None:
        top = page_title(c, area, "Wormholes - the galaxy",
                         "23 tiles grid side up, 92 cells, drawn at half size: one cell is 1/2 in "
                         "here and 1 in on the tiles. Thick lines are tile edges.", ACCENT)
        gx = area.x + mm(7)
        room_top = top - area.y - mm(9)
        gy = area.y + mm(9)
        label_top = HEIGHT * cell + mm(12) <= room_top
        draw_board(c, gx, gy, cell, look, names=True)
        _labels(c, gx, gy, cell, WHOLE, top=label_top, size=8)
        for suit, cell_xy in START.items():
            seat = 0 if suit in SIDE_SUITS[0] else 1
            cx = gx + (cell_xy[0] - 0.5) * cell
            cy = gy + (cell_xy[1] - 0.5) * cell
            draw_ship(c, suit, cx, cy, cell * 0.3, look, down=seat == 1)
        # each player's compass in the empty corner at their end of the bounding box
        r = cell * 1.25
        draw_compass(c, gx + 2 * cell, gy + 2.15 * cell, r, 0, look)
        compass_caption(c, gx + 2 * cell, gy + 0.35 * cell, 0, size=6.5)
        draw_compass(c, gx + 8 * cell, gy + 15.85 * cell, r, 1, look)
        compass_caption(c, gx + 8 * cell, gy + 17.65 * cell, 1, size=6.5, upside_down=True)
        # the right-hand column
        x = gx + WIDTH * cell + mm(10)
        w = area.x2 - x
        y = top - mm(2)
        y = _heading(c, x, y, "Laying it out", 10.5)
        y = paragraph(c, "Sit facing each other across the long way of the board. The "
                      "OrthogonAliens sit at the bottom edge (rows 1-2), the DiagonAliens at "
                      "the top (rows 17-18). Lay the tiles row by row as drawn; any 23 tiles "
                      "do, grid side up.", x, y, w, REGULAR, 8) - mm(3)
        y = paragraph(c, "No tiles? Print the map sheets of this kit: the same galaxy at "
                      "full size, to glue together.", x, y, w, OBLIQUE, 8) - mm(4)
        y = _heading(c, x, y, "Bases and ships", 10.5)
        for seat in (0, 1):
            col = SIDE_COLOR[seat]
            c.setFillColor(tint(col, 0.22))
            c.setStrokeColor(col)
            c.rect(x, y - mm(4), mm(4), mm(4), stroke=1, fill=0 if look.low_ink else 1)
            c.setFillColor(INK)
            s1, s2 = SIDE_SUITS[seat]
            text = (f"{SIDE_NAMES[seat]} bases {cell_name(START[s1])} and "
                    f"{cell_name(START[s2])}: the {SUIT_ART[s1].name[:-1]} ship starts on "
                    f"{cell_name(START[s1])}, the {SUIT_ART[s2].name[:-1]} ship on "
                    f"{cell_name(START[s2])}.")
            y = paragraph(c, text, x + mm(6), y, w - mm(6), REGULAR, 8) - mm(2.5)
        y -= mm(2)
        y = _heading(c, x, y, "Wormhole axes", 10.5)
        y = axes_legend(c, x, y, w, look)
        y -= mm(3)
        y = _heading(c, x, y, f"Quick start, seed {seed}", 10.5)
        y = paragraph(c, "In a hurry? Skip the placing and put the coins suit up on these "
                      "cells, values unseen ('pnp setup wormholes --seed "
                      f"{seed}' lists the same).", x, y, w, REGULAR, 7.5) - mm(1.5)
        for suit in SUITS:
            c.setFillColor(SUIT_ART[suit].color)
            c.setFont(BOLD, 7.5)
            c.drawString(x, y - 7.5, SUIT_ART[suit].name)
            c.setFillColor(INK)
            y = paragraph(c, " ".join(quick.get(suit, [])), x + mm(13), y, w - mm(13),
                          REGULAR, 7.5) - mm(0.8)
        y -= mm(3)
        paragraph(c, "The galaxy follows our reconstruction of the lost board diagram "
                  "(ruling WH-1); it looks the same after a half turn, so neither side has "
                  "the better end.", x, y, w, OBLIQUE, 7)
        _footer(c, area)

    return Page(size, draw, f"Wormholes - board sheet (quick start for seed {seed})")


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


# -- the map at true size ------------------------------------------------------------------

MAP_CELL = inch(1)
GLUE = mm(12)
MAP_TOP = mm(14)  # title, position and locator
MAP_BOTTOM = mm(5)


@dataclass(frozen=True)
class MapSheet:
    window: Window
    landscape: bool
    glue_top: bool  # a sheet above overlaps this one's top strip
    glue_right: bool  # a sheet to the right overlaps this one's right strip
    cut_bottom: bool  # this sheet is cut along its bottom edge and laid on the one below
    cut_left: bool


def _extent(y1: int, y2: int, x1: int = 1, x2: int = WIDTH) -> Window | None:
    cells = [(x, y) for (x, y) in CELLS if y1 <= y <= y2 and x1 <= x <= x2]
    if not cells:
        return None
    return Window(min(x for x, _ in cells), min(y for _, y in cells),
                  max(x for x, _ in cells), max(y for _, y in cells))


def _plan(pw: float, ph: float, landscape: bool) -> list[MapSheet]:
    full_rows = int((ph - MAP_TOP - MAP_BOTTOM) // MAP_CELL)
    rows = full_rows if full_rows >= HEIGHT else int(
        (ph - MAP_TOP - MAP_BOTTOM - GLUE) // MAP_CELL)
    full_cols = int(pw // MAP_CELL)
    cols = int((pw - GLUE) // MAP_CELL)
    if rows < 1 or cols < 1:
        return []
    windows: list[Window] = []
    y = 1
    while y <= HEIGHT:
        band = _extent(y, min(HEIGHT, y + rows - 1))
        y += rows
        if band is None:
            continue
        if band.cols <= full_cols:
            windows.append(band)
            continue
        parts = -(-band.cols // cols)
        step = -(-band.cols // parts)
        for k in range(parts):
            x1 = band.x1 + k * step
            piece = _extent(band.y1, band.y2, x1, min(band.x2, x1 + step - 1))
            if piece is not None:
                windows.append(piece)
    out = []
    for win in windows:
        def touches(dx: int, dy: int, win: Window = win) -> bool:
            return any((x + dx, y + dy) in CELLS and (x + dx, y + dy) not in win
                       for x, y in win.cells())
        out.append(MapSheet(win, landscape, glue_top=touches(0, 1), glue_right=touches(1, 0),
                            cut_bottom=touches(0, -1), cut_left=touches(-1, 0)))
    return out


def plan_map(paper: str) -> list[MapSheet]:
    """The fewest sheets (portrait or landscape) that carry the galaxy at true size."""
    w, h = paper_size(paper)
    inner = 2 * MARGIN
    plans = [_plan(w - inner, h - inner, False), _plan(h - inner, w - inner, True)]
    plans = [p for p in plans if p]
    return min(plans, key=len)


def _map_page(sheet: MapSheet, k: int, plan: Sequence[MapSheet], paper: str, look: Look
              ) -> Page:
    size = paper_size(paper, landscape=sheet.landscape)
    area = printable_area(size)
    win = sheet.window
    cell = MAP_CELL
    content_w = win.cols * cell + (GLUE if sheet.glue_right else 0)
    content_h = win.rows * cell + (GLUE if sheet.glue_top else 0)
    body = Rect(area.x, area.y + MAP_BOTTOM, area.w, area.h - MAP_TOP - MAP_BOTTOM)
    x0 = body.x + (body.w - content_w) / 2
    y0 = body.y + (body.h - content_h) / 2
    total = len(plan)
    title = f"Wormholes - map sheet {k + 1} of {total}"
    neighbours = _neighbours(k, plan)

    def draw(c: Canvas) -> None:
        draw_board(c, x0, y0, cell, look, win, names=True)
        for suit, start in START.items():
            if start in win:
                seat = 0 if suit in SIDE_SUITS[0] else 1
                draw_ship(c, suit, x0 + (start[0] - win.x1 + 0.5) * cell,
                          y0 + (start[1] - win.y1 + 0.5) * cell, cell * 0.22, look,
                          down=seat == 1)
        if sheet.glue_top:
            _glue_strip(c, x0, y0 + win.rows * cell, win.cols * cell, GLUE, "top", win, cell,
                        neighbours.get("above", ""), look)
        if sheet.glue_right:
            _glue_strip(c, x0 + win.cols * cell, y0, GLUE, win.rows * cell, "right", win, cell,
                        neighbours.get("right", ""), look)
        if sheet.cut_bottom:
            _cut_line(c, x0, y0, x0 + win.cols * cell, y0, "cut here, then lay this edge on the "
                      f"glue strip of {neighbours.get('below', 'the sheet below')}")
        if sheet.cut_left:
            _cut_line(c, x0, y0, x0, y0 + win.rows * cell, "cut here, then lay this edge on "
                      f"the glue strip of {neighbours.get('left', 'the sheet to the left')}")
        # title, position, locator
        c.setFillColor(ACCENT)
        _fit_left(c, f"{title}: {win.label()}", BOLD, 11, area.x, area.y2 - mm(4.5), area.w)
        c.setFillColor(INK)
        places = [f"{v} {_verb(v, 'goes', 'go')} {side}" if side in ("above", "below")
                  else f"{v} {_verb(v, 'is', 'are')} to the {side}"
                  for side, v in neighbours.items()]
        where = "; ".join(places) or "the whole galaxy"
        _fit_left(c, f"Print at 100% (actual size): 1 cell = 1 in. {where[0].upper()}"
                  f"{where[1:]}.", REGULAR, 7.5, area.x, area.y2 - mm(8.5), area.w)
        c.setFillColor(GREY)
        _fit_left(c, "Trim the outer edges if you like; glue each sheet onto the strip of the "
                  "sheet below or to its left, grid lines meeting the ticks.", REGULAR, 6.5,
                  area.x, area.y2 - mm(12), area.w)
        spot = empty_block(win)
        if spot is not None:
            bx = x0 + (spot.x1 - win.x1) * cell
            by = y0 + (spot.y1 - win.y1) * cell
            _locator(c, Rect(bx, by, spot.cols * cell, spot.rows * cell).inset(mm(4)), k,
                     plan, look)
        else:
            _locator(c, Rect(area.x2 - mm(40), area.y2 - MAP_TOP, mm(40), MAP_TOP), k, plan,
                     look)
        c.setFillColor(GREY)
        _fit_left(c, CREDIT, REGULAR, 6, area.x, area.y + mm(1), area.w)

    return Page(size, draw, f"{title} ({win.label()})")


def _verb(subject: str, one: str, many: str) -> str:
    return many if " and " in subject else one


def _fit_left(c: Canvas, text: str, font: str, size: float, x: float, y: float,
              width: float) -> None:
    while text_width(text, font, size) > width and size > 4:
        size -= 0.25
    c.setFont(font, size)
    c.drawString(x, y, text)


def _neighbours(k: int, plan: Sequence[MapSheet]) -> dict[str, str]:
    """Which numbered sheet lies above, below, left and right of sheet k."""
    win = plan[k].window
    out: dict[str, str] = {}
    probes = {"above": (0, 1), "below": (0, -1), "right": (1, 0), "left": (-1, 0)}
    for side, (dx, dy) in probes.items():
        found = []
        for j, other in enumerate(plan):
            if j == k:
                continue
            if any((x + dx, y + dy) in other.window and (x + dx, y + dy) in CELLS
                   for x, y in win.cells()):
                found.append(f"sheet {j + 1}")
        if found:
            out[side] = " and ".join(found)
    return out


def _glue_strip(c: Canvas, x: float, y: float, w: float, h: float, side: str, win: Window,
                cell: float, other: str, look: Look) -> None:
    """The overlap strip: tinted, labelled, with ticks where the next sheet's grid lines go."""
    c.saveState()
    if not look.low_ink:
        c.setFillColor(hex_color("#f3efe0"))
        c.rect(x, y, w, h, stroke=0, fill=1)
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.setDash(2, 2)
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.setDash()
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.8)
    tick = mm(4)
    if side == "top":
        above = [cx for cx in range(win.x1, win.x2 + 1) if (cx, win.y2 + 1) in CELLS]
        xs = sorted(set(above) | {cx + 1 for cx in above})
        for cx in xs:
            px = x + (cx - win.x1) * cell
            c.line(px, y, px, y + tick)
            c.line(px, y + h - tick, px, y + h)
        text = (f"glue here - {other} {_verb(other, 'goes', 'go')} on top, grid lines on "
                "these ticks")
        c.setFillColor(INK)
        c.setFont(REGULAR, 7)
        c.drawCentredString(x + w / 2, y + h / 2 - 2.5, text)
    else:
        beside = [cy for cy in range(win.y1, win.y2 + 1) if (win.x2 + 1, cy) in CELLS]
        ys = sorted(set(beside) | {cy + 1 for cy in beside})
        for cy in ys:
            py = y + (cy - win.y1) * cell
            c.line(x, py, x + tick, py)
            c.line(x + w - tick, py, x + w, py)
        c.translate(x + w / 2, y + h / 2)
        c.rotate(90)
        c.setFillColor(INK)
        c.setFont(REGULAR, 7)
        c.drawCentredString(0, -2.5, f"glue here - {other} {_verb(other, 'goes', 'go')} on top")
    c.restoreState()


def _cut_line(c: Canvas, x1: float, y1: float, x2: float, y2: float, text: str) -> None:
    c.saveState()
    c.setStrokeColor(hex_color("#c0392b"))
    c.setLineWidth(0.6)
    c.setDash(5, 2)
    c.line(x1, y1, x2, y2)
    c.setFillColor(hex_color("#c0392b"))
    c.setFont(REGULAR, 6)
    if y1 == y2:
        c.drawString(x1 + mm(1), y1 - mm(3), "\u2702 " + text)
    else:
        c.translate(x1 - mm(1.2), y1 + mm(1))
        c.rotate(90)
        c.drawString(0, 0, "\u2702 " + text)
    c.restoreState()


def empty_block(win: Window) -> Window | None:
    """The largest rectangle of gaps (no board cells) inside the window, at least 2 x 2."""
    best: Window | None = None
    for x1 in range(win.x1, win.x2 + 1):
        for y1 in range(win.y1, win.y2 + 1):
            for x2 in range(x1 + 1, win.x2 + 1):
                for y2 in range(y1 + 1, win.y2 + 1):
                    cand = Window(x1, y1, x2, y2)
                    if best is not None and cand.cols * cand.rows <= best.cols * best.rows:
                        continue
                    if not cand.cells():
                        best = cand
    return best


def _locator(c: Canvas, box: Rect, k: int, plan: Sequence[MapSheet], look: Look) -> None:
    """A thumbnail of the galaxy with every sheet outlined and numbered, this one shaded."""
    label_h = mm(7) if box.h > mm(30) else 0.0
    cell = min(box.w / WIDTH, (box.h - label_h) / HEIGHT)
    w, h = WIDTH * cell, HEIGHT * cell
    x0 = box.x + (box.w - w) / 2
    y0 = box.y + (box.h - label_h - h) / 2
    if label_h:
        c.setFillColor(ACCENT)
        _fit_centred(c, f"This is sheet {k + 1} of {len(plan)}", BOLD, 9, box.cx,
                     box.y2 - mm(4), box.w)
    draw_board(c, x0, y0, cell, look, edges=False, bases=False)
    c.saveState()
    c.setFillColor(tint(ACCENT, 0.55))
    shade = c.beginPath()
    for x, y in plan[k].window.cells():
        shade.rect(x0 + (x - 1) * cell, y0 + (y - 1) * cell, cell, cell)
    c.drawPath(shade, stroke=0, fill=1)
    for j, other in enumerate(plan):
        ow = other.window
        this = j == k
        c.setStrokeColor(ACCENT if this else GREY)
        c.setLineWidth(1.2 if this else 0.5)
        rx, ry = x0 + (ow.x1 - 1) * cell, y0 + (ow.y1 - 1) * cell
        c.rect(rx, ry, ow.cols * cell, ow.rows * cell, stroke=1, fill=0)
        if cell > mm(1.5):  # the number on a plate of its own, over the grid lines
            fs = min(9.0, cell * 1.4)
            cx, cy = rx + ow.cols * cell / 2, ry + ow.rows * cell / 2
            c.setFillColor(ACCENT if this else WHITE)
            c.setLineWidth(0.5)
            c.roundRect(cx - fs * 0.55, cy - fs * 0.6, fs * 1.1, fs * 1.2, fs * 0.25,
                        stroke=1, fill=1)
            c.setFillColor(WHITE if this else INK)
            c.setFont(BOLD, fs)
            c.drawCentredString(cx, cy - fs * 0.36, str(j + 1))
    c.restoreState()


def map_pages(options: KitOptions, look: Look) -> list[Page]:
    plan = plan_map(options.paper)
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    pages: list[Page] = []
    for k, sheet in enumerate(plan):
        page = _map_page(sheet, k, plan, options.paper, look)
        pages.append(page)
        if duplex:  # map sheets are cut and glued: nothing on their backs
            pages.append(blank_back(page.size, page.label))
    return pages


# -- rules reference ---------------------------------------------------------------------------

SETUP_STEPS = (
    "Lay out the galaxy: 23 tiles grid side up as on the board sheet (or the glued map). "
    "The OrthogonAliens sit at the bottom edge, the DiagonAliens at the top.",
    "Ships on the bases: Sun ship on j1, Moon ship on j2; Crown ship on a18, Arm ship on a17. "
    "Your two start cells are your bases for the whole game.",
    "Each player rolls one die (null is lowest; roll ties again). The high roller decides: "
    "place the first wormhole, or make the first move. The other player gets the other.",
    "Seed the galaxy: taking turns, put one of your coins suit side up on any empty cell that "
    "is not a base, until all 24 coins are down. Nobody peeks under a coin.",
)

TURN_STEPS = (
    "Roll your two dice. Each die belongs to the ship of its suit (a ship sitting in a black "
    "hole does not roll this turn).",
    "Move each ship exactly its die's number of cells in one straight line: along its row, "
    "its column or a diagonal, whichever of the eight ways you like. Every cell on the way "
    "and the cell you stop on must be part of the galaxy: no cutting across gaps or off the "
    "edge. Flying over ships and coins is fine. A ship may never stop on its partner.",
    "Use both dice if you can, in either order; a die is lost only when its ship has no "
    "legal move. A null die keeps its ship where it is.",
)

WORMHOLE_TEXT = (
    "Stop on a coin by die and the wormhole opens: turn the coin over for both players to "
    "see (it stays turned; the next visitor turns it back). A null is a black hole: the ship "
    "misses its side's next turn. Any other value throws the ship exactly that many cells "
    "along the axis of the coin's suit, either way along the line (its owner decides). If "
    "only one way stays inside the galaxy, the ship goes that way; if neither does, it stays.",
    "A coin never changes its value, so a wormhole you have seen opened is no longer a "
    "gamble. A jump that ends on another coin does not open it. A null die rolled while "
    "sitting on a coin opens that coin again (a ship in a black hole that rolls a null "
    "falls in again).",
)

CONTACT_TEXT = (
    "Stop on an enemy ship, by die or by jump, and you send it anywhere you like that holds "
    "no ship: its own base, a black hole, a wormhole (which then opens under it). If the "
    "enemy sat on a coin and you came by die, send it first, then your own ship opens the "
    "coin.")

WIN_TEXT = ("The first ship to stop exactly on one of the two enemy bases, by die or by "
            "jump, wins the game on the spot, even with a die still unused. A ship that is "
            "sent onto an enemy base does not win.")

VARIANT_TEXT = ("Longer game: you need both ships on enemy bases. A ship already there may "
                "sit out its roll (say so before rolling), but a die you roll must be used.")

RECORD_TEXT = ("Keeping the record: note each coin's cell as it goes down, then write one row "
               "per turn: your side (O or D), the dice (S3 M1), and for each ship that moved "
               "its suit, the cell it left, the cell its die took it to, the value if a "
               "wormhole opened, where the jump took it, and where you sent an enemy ship "
               "(e5; if that ship then jumped on, e5>e9). The tracker (QR code) or "
               "'pnp check-sheet' follows the ships and checks every line.")

TIPS = (
    "Keep one ship home to guard your bases and send the other racing; swap the roles when "
    "the dice say so.",
    "A coin on the edge of the galaxy can only throw one way: use that to aim, or to turn an "
    "enemy back.",
    "Remember what every opened coin showed. Rolling its value by die lands you on the next "
    "coin of a chain.",
)


def _rules_page_1(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 9.3

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Wormholes", "Rules reference 1/2 - starship tactics for two "
                       "players and one piecepack, about 20 minutes", ACCENT)
        c.setFillColor(INK)
        y = paragraph(c, "Two alien fleets race across a spiral galaxy. The OrthogonAliens "
                      "believe in straight lines, the DiagonAliens in slants, and neither "
                      "will give in. Both sides seed the galaxy with hidden wormholes, then "
                      "dive through them, hoping to touch down on the other side's home base "
                      "first.", area.x, y, area.w, OBLIQUE, 10.2) - mm(4)
        col = (area.w - mm(10)) / 2
        top = y
        y = _heading(c, area.x, y, "What you need (one piecepack)")
        items = (
            ("Galaxy", "23 tiles grid side up (any one tile stays in the box): 92 cells "
                       "named a-j from left to right and 1-18 from bottom to top."),
            ("OrthogonAliens", "the Suns and Moons: 12 coins (wormholes), 2 dice, 2 pawns "
                               "(starships)."),
            ("DiagonAliens", "the Crowns and Arms: the same."),
        )
        label = mm(31)
        for head, text in items:
            c.setFont(BOLD, body)
            c.setFillColor(INK)
            c.drawString(area.x, y - body, head)
            y = paragraph(c, text, area.x + label, y, col - label, REGULAR, body) - mm(1.8)
        y -= mm(2)
        y = _heading(c, area.x, y, "Which way is north?")
        y = paragraph(c, "Your north always points at your opponent, along the long side of "
                      "the galaxy; your east is on your right hand. So the two compasses are "
                      "half a turn apart: the OrthogonAliens' north is up the board, the "
                      "DiagonAliens' north is down it.", area.x, y, col, REGULAR, body) - mm(2)
        y = paragraph(c, "A wormhole throws a ship along the axis of its suit. An axis is a "
                      "line, so both players agree on it: a Crown coin throws every ship "
                      "along the same slant, whoever opens it.", area.x, y, col, REGULAR,
                      body)
        left_bottom = y
        x2 = area.x + col + mm(10)
        y = _heading(c, x2, top, "Setting up")
        y = _steps(c, SETUP_STEPS, x2, y, col, body)
        y = min(y, left_bottom) - mm(4)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.line(area.x, y, area.x2, y)
        hints_h = _hints(None, area.x, 0.0, area.w)
        bottom = area.y + mm(6) + hints_h
        _axes_diagram(c, Rect(area.x, bottom, area.w, y - mm(3) - bottom), look)
        _hints(c, area.x, bottom, area.w)
        _footer(c, area)

    return Page(size, draw, "Wormholes - rules reference 1/2")


def _hints(c: Canvas | None, x: float, top: float, w: float) -> float:
    """The strategy hints from `top` down; returns the height they take (c None: measure)."""
    y = top - mm(2)
    if c is not None:
        y = _heading(c, x, y, "Hints", 10.5)
    else:
        y -= 10.5 + mm(2.5)
    for tip in TIPS:
        if c is not None:
            c.setFont(BOLD, 8.6)
            c.setFillColor(ACCENT)
            c.drawString(x, y - 8.6, "\u2022")
            c.setFillColor(INK)
        y = paragraph(c, tip, x + mm(4), y, w - mm(4), REGULAR, 8.6) - mm(1)
    return top - y


def _axes_diagram(c: Canvas, box: Rect, look: Look) -> None:
    """Both compasses, and the four suit axes drawn through a patch of cells."""
    y = _heading(c, box.x, box.y2, "The two compasses and the four axes")
    h = y - box.y
    r = min(h * 0.3, mm(24))
    cy = box.y + h / 2
    cx0 = box.x + r + mm(6)
    draw_compass(c, cx0, cy, r, 0, look)
    compass_caption(c, cx0, cy - r - mm(8), 0, 7, width=2 * (cx0 - box.x))
    cx1 = cx0 + 2 * r + mm(16)
    draw_compass(c, cx1, cy, r, 1, look)
    compass_caption(c, cx1, cy + r + mm(8), 1, 7, upside_down=True, width=2 * (cx0 - box.x))
    c.setFillColor(GREY)
    c.setFont(OBLIQUE, 7)
    c.drawCentredString(cx1, cy - r - mm(8), "(upside down: the DiagonAliens read it")
    c.drawCentredString(cx1, cy - r - mm(11), "from their end of the board)")
    # four axis panels, two by two, centred on the compasses' line
    x = cx1 + r + mm(14)
    pw = (box.x2 - x) / 2
    ph = min(h / 2, pw + mm(8))
    y0 = cy - ph
    for k, suit in enumerate(SUITS):
        px = x + (k % 2) * pw
        py = y0 + (1 - k // 2) * ph
        _axis_panel(c, Rect(px, py, pw - mm(3), ph - mm(2)), suit, look)


def _axis_panel(c: Canvas, box: Rect, suit: ShipSuit, look: Look) -> None:
    """A 5 x 5 patch of cells with a coin in the middle and its two jump directions."""
    cell = min((box.w - mm(2)) / 5, (box.h - mm(9)) / 5)
    gx = box.x + (box.w - 5 * cell) / 2
    gy = box.y + mm(8)
    c.saveState()
    if not look.low_ink:
        c.setFillColor(SPACE_TINT)
        c.rect(gx, gy, 5 * cell, 5 * cell, stroke=0, fill=1)
    c.setStrokeColor(hex_color("#a7a2c4"))
    c.setLineWidth(0.4)
    for i in range(6):
        c.line(gx + i * cell, gy, gx + i * cell, gy + 5 * cell)
        c.line(gx, gy + i * cell, gx + 5 * cell, gy + i * cell)
    c.restoreState()
    mx, my = gx + 2.5 * cell, gy + 2.5 * cell
    color = SUIT_ART[suit].color
    for d in AXES[suit]:
        dx, dy = COMPASS[0][d]
        arrow(c, mx + dx * cell * 0.45, my + dy * cell * 0.45, mx + dx * cell * 2.3,
              my + dy * cell * 2.3, color, width=1.6, head=5)
    draw_coin(c, suit, mx, my, cell * 0.36, look)
    a, b = AXES[suit]
    c.setFillColor(INK)
    _fit_centred(c, f"{SUIT_ART[suit].name}: {a} or {b}", BOLD, 8.5, box.cx, box.y + mm(3.5),
                 box.w)


def _rules_page_2(look: Look, size: tuple[float, float]) -> Page:
    area = printable_area(size)
    body = 9.0

    def draw(c: Canvas) -> None:
        y = page_title(c, area, "Wormholes", "Rules reference 2/2 - a turn, wormholes, contact, "
                       "winning", ACCENT)
        col = (area.w - mm(10)) * 0.56
        x2 = area.x + col + mm(10)
        w2 = area.x2 - x2
        top = y
        y = _heading(c, area.x, y, "Your turn")
        y = _steps(c, TURN_STEPS, area.x, y, col, body)
        y -= mm(2)
        y = _heading(c, area.x, y, "Wormholes")
        for text in WORMHOLE_TEXT:
            y = paragraph(c, text, area.x, y, col, REGULAR, body) - mm(2)
        y -= mm(1)
        y = _heading(c, area.x, y, "Landing on an enemy ship")
        y = paragraph(c, CONTACT_TEXT, area.x, y, col, REGULAR, body) - mm(3)
        y = _heading(c, area.x, y, "Winning")
        y = paragraph(c, WIN_TEXT, area.x, y, col, REGULAR, body) - mm(2)
        y = paragraph(c, VARIANT_TEXT, area.x, y, col, OBLIQUE, body) - mm(3)
        left_bottom = y
        # right column: two diagrams, stacked
        y = _heading(c, x2, top, "A die move of 3", 10.5)
        y = _move_diagram(c, x2, y, w2, look) - mm(4)
        y = _heading(c, x2, y, "Opening a wormhole", 10.5)
        y = _jump_diagram(c, x2, y, w2, look) - mm(3)
        y = min(y, left_bottom) - mm(1)
        c.setStrokeColor(LIGHT)
        c.setLineWidth(0.6)
        c.line(area.x, y, area.x2, y)
        y -= mm(3)
        y = paragraph(c, RECORD_TEXT, area.x, y, area.w, REGULAR, 8.6) - mm(2)
        c.setFillColor(GREY)
        y = paragraph(c, "The jump above as a row of the record (the Crown ship then moved "
                      "its 1 from a18 to b18):", area.x, y, area.w, OBLIQUE, 8) - mm(1.5)
        _example_row(c, area.x, y, area.w, look)
        _footer(c, area)

    return Page(size, draw, "Wormholes - rules reference 2/2")


def _tall(c: Canvas) -> float:
    """How tall this sheet is next to A4 (at most 1): diagrams shrink on Letter."""
    return min(1.0, float(c._pagesize[1]) / paper_size("a4")[1])


EXAMPLE_ROW = ("12", "D", "C1 A3", "A", "e15", "e12", "2", "c14", "", "C", "a18", "b18", "",
               "", "")


def _example_row(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """A header and one filled row drawn like the record sheet's table."""
    cols = ["turn", *_columns()]
    widths = [TURN_W] + [_width(col) for col in cols[1:]]
    scale = w / sum(widths)
    head_h, row_h = mm(5), mm(5.5)
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x, top - head_h, w, head_h, stroke=0, fill=1)
    xx = x
    for col, width, value in zip(cols, widths, EXAMPLE_ROW, strict=True):
        cw = width * scale
        base = col.rstrip("12")
        c.setFillColor(WHITE if not look.low_ink else INK)
        _fit_centred(c, "Turn" if col == "turn" else COLUMN_HEADS[base], BOLD, 6.5,
                     xx + cw / 2, top - head_h + mm(1.5), cw - 1)
        c.setFillColor(hex_color("#1f3b73"))
        _fit_centred(c, value, OBLIQUE, 8, xx + cw / 2, top - head_h - row_h + mm(1.6), cw - 1)
        c.setStrokeColor(hex_color("#c3bfd9"))
        c.setLineWidth(0.35)
        c.line(xx, top - head_h - row_h, xx, top - head_h)
        xx += cw
    c.setStrokeColor(ACCENT)
    c.setLineWidth(0.8)
    c.rect(x, top - head_h - row_h, w, head_h + row_h, stroke=1, fill=0)
    return top - head_h - row_h


def _patch(c: Canvas, win: Window, x: float, y: float, cell: float, look: Look) -> None:
    draw_board(c, x, y, cell, look, win, bases=False)
    c.setFont(REGULAR, max(5.0, cell * 0.2))
    c.setFillColor(GREY)
    for i in range(win.cols):
        c.drawCentredString(x + (i + 0.5) * cell, y - cell * 0.3, "abcdefghij"[win.x1 - 1 + i])
    for j in range(win.rows):
        c.drawRightString(x - 2, y + (j + 0.5) * cell - 2, str(win.y1 + j))


MOVE_EXAMPLE: tuple[Cell, Cell] = ((5, 8), (2, 8))  # the Moon ship on e8, the Sun ship on b8
JUMP_EXAMPLE: tuple[Cell, Cell] = ((5, 15), (5, 12))  # the Arm ship's start, the Crown coin


def _move_diagram(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """The Moon ship on e8 with a 3: where a straight move of 3 can and cannot end (WH-4)."""
    win = Window(1, 5, 8, 12)
    cell = min((w - mm(6)) / win.cols, mm(8.5) * _tall(c))
    gx = x + mm(4)
    gy = top - mm(1) - win.rows * cell
    _patch(c, win, gx, gy, cell, look)
    start, partner = MOVE_EXAMPLE

    def centre(cell_xy: Cell) -> tuple[float, float]:
        return gx + (cell_xy[0] - win.x1 + 0.5) * cell, gy + (cell_xy[1] - win.y1 + 0.5) * cell

    ok_color = hex_color("#2e7d32")
    bad_color = hex_color("#c0392b")
    for d in DIRECTIONS:
        vec = COMPASS[0][d]
        end = ray(start, vec, 3)
        far = (start[0] + 3 * vec[0], start[1] + 3 * vec[1])
        sx, sy = centre(start)
        ex, ey = centre(far)
        legal = end is not None and end != partner
        arrow(c, sx, sy, ex, ey, ok_color if legal else tint(bad_color, 0.6), width=1.1,
              head=4, dash=None if legal else (2, 2))
        if not legal and far in win:
            c.setStrokeColor(bad_color)
            c.setLineWidth(1.2)
            k = cell * 0.16
            c.line(ex - k, ey - k, ex + k, ey + k)
            c.line(ex - k, ey + k, ex + k, ey - k)
    draw_ship(c, "M", *centre(start), cell * 0.3, look)
    draw_ship(c, "S", *centre(partner), cell * 0.3, look)
    draw_coin(c, "C", *centre((6, 9)), cell * 0.3, look)
    y = gy - mm(5)
    c.setFillColor(INK)
    text = ("From e8 the Moon ship may end on any green arrowhead. West would land on its "
            "partner (b8); the red ways leave the galaxy or cross a gap. Flying over the "
            "Crown coin on f9 is fine.")
    return paragraph(c, text, x, y, w, REGULAR, 8)


def _jump_diagram(c: Canvas, x: float, top: float, w: float, look: Look) -> float:
    """An Arm ship opens a Crown coin worth 2 on e12 and may jump NW or SE (WH-3, WH-12)."""
    win = Window(2, 9, 8, 16)
    cell = min((w - mm(6)) / win.cols, mm(7.5) * _tall(c))
    gx = x + mm(4)
    gy = top - mm(1) - win.rows * cell
    _patch(c, win, gx, gy, cell, look)
    coin_at: Cell = JUMP_EXAMPLE[1]

    def centre(cell_xy: Cell) -> tuple[float, float]:
        return gx + (cell_xy[0] - win.x1 + 0.5) * cell, gy + (cell_xy[1] - win.y1 + 0.5) * cell

    arrow(c, *centre(JUMP_EXAMPLE[0]), *centre(coin_at), INK, width=1, head=4, dash=(2, 1.5))
    for d in AXES["C"]:
        vec = COMPASS[0][d]
        end = (coin_at[0] + 2 * vec[0], coin_at[1] + 2 * vec[1])
        arrow(c, *centre(coin_at), *centre(end), CROWNS.color, width=1.5, head=5)
    draw_coin(c, "C", *centre(coin_at), cell * 0.34, look, value="2")
    draw_ship(c, "A", *centre(JUMP_EXAMPLE[0]), cell * 0.3, look, down=True)
    y = gy - mm(5)
    c.setFillColor(INK)
    text = ("The Arm ship flies 3 north (down the board, for the DiagonAliens) from e15 and "
            "stops on the Crown coin on e12: it shows 2. Crowns throw along the NW-SE slant, "
            "so the DiagonAliens choose c14 or g10.")
    return paragraph(c, text, x, y, w, REGULAR, 8)


# -- record sheet ----------------------------------------------------------------------------

FIRST_PAGE_ROWS = 30
PANEL = mm(57)
HEAD = mm(11)
FOOT = mm(11)
TURN_W = 8.0
COLUMN_WIDTHS: dict[str, float] = {"side": 8.0, "dice": 15.0, "ship": 7.5, "from": 10.0,
                                   "to": 10.0, "value": 8.5, "jump": 10.0, "send": 15.0}
COLUMN_HEADS = {"side": "Side", "dice": "Dice", "ship": "Ship", "from": "From", "to": "To",
                "value": "Value", "jump": "Jump to", "send": "Sent to"}
COLUMN_HINTS = {"side": "O / D", "dice": "S3 M1", "ship": "S M C A", "from": "cell",
                "to": "by die", "value": "0-5", "jump": "cell", "send": "cell(>cell)"}
LEGEND = ("Side O or D. Dice: suit and face (S3 M1, null = 0). Value: what the wormhole showed "
          "(0 = black hole). Jump to: where it threw the ship. Sent to: where you sent an "
          "enemy ship you landed on (e5, or e5>e9 if it then jumped).")


def page_rows(page: int) -> range:
    """The turn numbers printed on record page 0 and 1."""
    if page == 0:
        return range(1, FIRST_PAGE_ROWS + 1)
    return range(FIRST_PAGE_ROWS + 1, wh_sheet.ROWS + 1)


def _columns() -> list[str]:
    cols = ["side", "dice"]
    for k in wh_sheet.SLOTS:
        cols += [f"{c}{k}" for c in wh_sheet.MOVE_COLUMNS]
    return cols


def _width(col: str) -> float:
    return COLUMN_WIDTHS[col.rstrip("12")]


def record_layout(size: tuple[float, float], page: int) -> dict[str, Rect]:
    """The rectangle of every form field on record page 0 or 1, by field name."""
    area = printable_area(size)
    top = area.y2 - (mm(19) if page == 0 else mm(11))
    fields: dict[str, Rect] = {}
    if page == 0:
        fields.update(_panel_layout(area, top))
        top -= PANEL
    cols = _columns()
    natural = TURN_W + sum(_width(c) for c in cols)
    scale = area.w / mm(natural)
    rows = page_rows(page)
    row_h = (top - HEAD - area.y - FOOT) / len(rows)
    for i, n in enumerate(rows):
        y = top - HEAD - (i + 1) * row_h
        x = area.x + mm(TURN_W) * scale
        for col in cols:
            w = mm(_width(col)) * scale
            fields[f"t{n}_{col}"] = Rect(x + 1, y + 1, w - 2, row_h - 2)
            x += w
    return fields


QR_SIZE = mm(34)


def _panel_layout(area: Rect, top: float) -> dict[str, Rect]:
    right = area.x2 - QR_SIZE - mm(6)
    label = mm(48)
    h = mm(6.2)
    out = {"orthogon": Rect(area.x + label, top - mm(8), right - area.x - label, h),
           "diagon": Rect(area.x + label, top - mm(15.5), right - area.x - label, h)}
    y = top - mm(23)
    out["seed"] = Rect(area.x + mm(11), y, mm(34), h)
    out["winner"] = Rect(area.x + mm(64), y, mm(40), h)
    out["turns"] = Rect(right - mm(16), y, mm(16), h)
    lab = mm(24)
    fw = (right - area.x - lab) / wh_sheet.COINS_PER_SUIT
    y = top - mm(30)
    for suit in ("S", "M", "C", "A"):
        y -= mm(6.2)
        for k in range(wh_sheet.COINS_PER_SUIT):
            out[f"wh_{suit}{k + 1}"] = Rect(area.x + lab + k * fw + 1, y + 0.6, fw - 2,
                                            mm(6.2) - 1.2)
    return out


def _record_page(options: KitOptions, look: Look, size: tuple[float, float], page: int
                 ) -> Page:
    area = printable_area(size)
    fields = record_layout(size, page)
    url = tracker_url(options)
    rows = page_rows(page)

    def draw(c: Canvas) -> None:
        if page == 0:
            page_title(c, area, "Wormholes - game record", "Fill it in by hand, or type into the "
                       "PDF and check it with 'pnp check-sheet' or the tracker.", ACCENT)
            _record_panel(c, fields, area, url, look)
        else:
            c.setFillColor(ACCENT)
            c.setFont(BOLD, 13)
            c.drawString(area.x, area.y2 - mm(5), "Wormholes - game record (continued)")
            c.setFillColor(GREY)
            c.setFont(REGULAR, 8.5)
            c.drawRightString(area.x2, area.y2 - mm(5), f"turns {rows.start}-{rows.stop - 1}")
        first = fields[f"t{rows.start}_side"]
        top = first.y2 + 1 + HEAD
        _table(c, fields, area.x, top, rows, look)
        c.setFillColor(GREY)
        paragraph(c, LEGEND, area.x, area.y + FOOT - mm(1.5), area.w, REGULAR, 6.3,
                  leading=7.4)
        _footer(c, area)

    return Page(size, draw, f"Wormholes - game record {page + 1}/2")


def _field_box(c: Canvas, r: Rect, look: Look, thick: bool = False) -> None:
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.1 if thick else 0.6)
    c.setFillColor(WHITE)
    c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0 if look.low_ink else 1)


def _record_panel(c: Canvas, fields: Mapping[str, Rect], area: Rect, url: str, look: Look
                  ) -> None:
    for name, seat in (("orthogon", 0), ("diagon", 1)):
        r = fields[name]
        s1, s2 = SIDE_SUITS[seat]
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawString(area.x, r.y + mm(1.8), f"{SIDE_NAMES[seat]}")
        c.setFillColor(GREY)
        c.setFont(REGULAR, 7)
        c.drawString(area.x + text_width(SIDE_NAMES[seat], BOLD, 9) + mm(1.5), r.y + mm(1.8),
                     f"({SUIT_ART[s1].name}, {SUIT_ART[s2].name})")
        _field_box(c, r, look)
    for name, text in (("seed", "Seed"), ("winner", "Winner"), ("turns", "Turns")):
        r = fields[name]
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawRightString(r.x - mm(1.5), r.y + mm(1.8), text)
        _field_box(c, r, look, thick=name == "winner")
    first = fields["wh_S1"]
    c.setFillColor(ACCENT)
    c.setFont(BOLD, 9)
    c.drawString(area.x, first.y2 + mm(2.2), "Wormholes placed")
    c.setFillColor(GREY)
    c.setFont(REGULAR, 7)
    c.drawString(area.x + text_width("Wormholes placed", BOLD, 9) + mm(2), first.y2 + mm(2.2),
                 "the cell of each coin, as it goes down (any order within a suit)")
    for suit in ("S", "M", "C", "A"):
        r = fields[f"wh_{suit}1"]
        rr = mm(2.3)
        draw_coin(c, suit, area.x + rr, r.cy, rr, look)
        c.setFillColor(INK)
        c.setFont(REGULAR, 8)
        c.drawString(area.x + 2 * rr + mm(1.5), r.cy - 2.8, SUIT_ART[suit].name)
        for k in range(wh_sheet.COINS_PER_SUIT):
            _field_box(c, fields[f"wh_{suit}{k + 1}"], look)
    qx = area.x2 - QR_SIZE
    qy = fields["orthogon"].y2 - QR_SIZE + mm(2)
    qr_block(c, url, qx, qy, QR_SIZE, left=qx - mm(3), right=area.x2)


def _table(c: Canvas, fields: Mapping[str, Rect], x: float, top: float, rows: range,
           look: Look) -> None:
    cols = _columns()
    first_row = rows.start
    last_row = rows.stop - 1
    right = fields[f"t{first_row}_{cols[-1]}"].x2 + 1
    row_h = fields[f"t{first_row}_side"].h + 2
    bottom = fields[f"t{last_row}_side"].y - 1
    turn_x2 = fields[f"t{first_row}_side"].x - 1
    if not look.low_ink:
        c.setFillColor(ACCENT)
        c.rect(x, top - HEAD, right - x, HEAD, stroke=0, fill=1)
    head_ink = WHITE if not look.low_ink else INK
    c.setFillColor(head_ink)
    _fit_centred(c, "Turn", BOLD, 7.5, (x + turn_x2) / 2, top - mm(7.5), turn_x2 - x)
    for k in wh_sheet.SLOTS:
        a = fields[f"t{first_row}_ship{k}"].x - 1
        b = fields[f"t{first_row}_send{k}"].x2 + 1
        c.setFillColor(head_ink)
        _fit_centred(c, f"Ship move {k}", BOLD, 7.5, (a + b) / 2, top - mm(3.4), b - a)
        c.setStrokeColor(head_ink)
        c.setLineWidth(0.5)
        c.line(a + mm(1), top - mm(4.6), b - mm(1), top - mm(4.6))
    for col in cols:
        r = fields[f"t{first_row}_{col}"]
        base = col.rstrip("12")
        c.setFillColor(head_ink)
        _fit_centred(c, COLUMN_HEADS[base], BOLD, 7.2, r.cx, top - mm(7.6), r.w + 1)
        _fit_centred(c, COLUMN_HINTS[base], REGULAR, 5.2, r.cx, top - mm(10.2), r.w + 1.5)
    for i, n in enumerate(rows):
        y = fields[f"t{n}_side"].y - 1
        if not look.low_ink and i % 2 == 1:
            c.setFillColor(SPACE_TINT)
            c.rect(x, y, right - x, row_h, stroke=0, fill=1)
        c.setFillColor(GREY)
        c.setFont(CONDENSED_BOLD, 7.2)
        c.drawCentredString((x + turn_x2) / 2, y + row_h / 2 - 2.5, str(n))
    c.setStrokeColor(hex_color("#c3bfd9"))
    c.setLineWidth(0.35)
    for i in range(len(rows) + 1):
        y = top - HEAD - i * row_h
        c.line(x, y, right, y)
    xs = [turn_x2] + [fields[f"t{first_row}_{col}"].x - 1 for col in cols[1:]]
    for xx in xs:
        c.line(xx, bottom, xx, top - HEAD)
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.0)
    for k in wh_sheet.SLOTS:  # a heavier line before each move's group
        xx = fields[f"t{first_row}_ship{k}"].x - 1
        c.line(xx, bottom, xx, top)
    c.rect(x, bottom, right - x, top - bottom, stroke=1, fill=0)


def record_fields(options: KitOptions, size: tuple[float, float], first_page: int
                  ) -> list[FormField]:
    """The form fields of both record pages (pages first_page and first_page + 1)."""
    design = text_sheet_size(options.paper)
    s, dx, dy = fit_transform(design, size)
    out = []
    for page in (0, 1):
        for name, designed in record_layout(design, page).items():
            rect = Rect(dx + designed.x * s, dy + designed.y * s, designed.w * s,
                        designed.h * s)
            value = str(options.seed) if name == "seed" else ""
            big = not name.startswith("t") or name == "turns"
            left = name in ("orthogon", "diagon", "winner") or "_send" in name
            out.append(FormField(name, first_page + page, rect, value,
                                 (9 if big else 7.5) * min(s, 1.0), align=0 if left else 1))
    return out


# -- pieces and the whole kit ----------------------------------------------------------------

def pieces() -> dict[str, list[Piece]]:
    """One whole piecepack; the game uses 23 of its tiles (grid side up) and everything else.

    Printing all 24 tiles keeps the set complete for other games; the parts list says which
    pieces Wormholes uses.
    """
    groups = suit_set(CLASSIC)
    groups["card"] = [roll_table(CLASSIC)]
    return groups


PARTS_LINES = (
    "Wormholes uses: 23 tiles grid side up for the galaxy (any one stays out), all 24 coins "
    "as wormholes, the 4 dice and the 4 pawns as starships (Suns and Moons: OrthogonAliens; "
    "Crowns and Arms: DiagonAliens).",
    "No tiles? The map sheets earlier in this kit carry the galaxy at full size.",
)


def kit_pages(options: KitOptions) -> tuple[list[Page], int]:
    """Every page in print order, and the index of the first record page."""
    look = Look(low_ink=options.ink == "low")
    size = paper_size(options.paper)
    design = text_sheet_size(options.paper)
    duplex = not options.gutter_fold and options.duplex in ("long", "short")
    text_pages = [_rules_page_1(look, design), _rules_page_2(look, design),
                  _board_page(look, design, options.seed)]
    if duplex:
        text_pages.append(blank_back(design, "Wormholes - board sheet"))
    record_index = len(text_pages)
    text_pages += [_record_page(options, look, design, 0),
                   _record_page(options, look, design, 1)]
    if design != size:
        text_pages = [scaled(p, size) for p in text_pages]
    pages = text_pages + map_pages(options, look)
    ctx = SheetContext(TITLE, options)
    pages += piece_pages(ctx, pieces(), "Wormholes - pieces", PARTS_LINES)
    pages += calibration_pages(options)
    pages, shift = with_guide(TITLE, options, pages, GUIDE_NOTES)
    return pages, record_index + shift


GUIDE_NOTES = (
    "The galaxy: the map sheets print it at full size (cut and glue them into one map); or lay "
    "23 piecepack tiles grid side up (the tile sheets): print one of the two.",
    "The board sheet is a small quick-start map of this seed: handy, not needed.",
)


def wormholes_kit(options: KitOptions) -> list[Path]:
    pages, record_index = kit_pages(options)
    path = kit_path(options)
    write_pdf(path, pages, f"Wormholes - seed {options.seed}", options.progress,
              record_fields(options, pages[record_index].size, record_index),
              duplex=options.print_mode,
              cut_file=options.cut_file)
    return [path]


__all__: Sequence[str] = ["kit_pages", "plan_map", "record_fields", "record_layout",
                          "tracker_url", "wormholes_kit"]
