"""Ship boards I, II, III and IIIa (GT-3) at tile size: one per player colour.

Cells are exactly one tile (25 mm), so the printed tiles sit on them.  Row numbers run down
both sides and column numbers along the top and bottom, the numbers a 2d6 hit roll names; the
starting square carries the player's colour.  Boards I-III have the discard area in the empty
upper-right corner (two set-aside spots and the insurance cap, GT-6); IIIa has none.

A board that does not fit the sheet (on A5, say) is cut into parts along its rows or columns
(``pnp.render.tiling``, as the Wormholes map): every part but the last carries a glue strip
ticked where the next part's grid lines go, and the next part is cut on its marked edge and
laid on the strip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from pnp.games.galaxy_trucker.boards import BOARDS, Board, Cell
from pnp.games.galaxy_trucker.tiles import PILOT_COLOURS
from pnp.render.art import (
    GREY,
    INK,
    MIN_PRINTED_PT,
    Look,
    centred_text,
    fitted_size,
    hex_color,
    legible_text,
    tint,
    wrap,
)
from pnp.render.document import Page
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.galaxy_trucker.tile_icons import PILOT_COLOURS as INKS
from pnp.render.galaxy_trucker.tiles import TILE
from pnp.render.geometry import Rect, mm, paper_size, printable_area
from pnp.render.stamps import stamp
from pnp.render.tiling import cut_edge, glue_strip, split_runs

Axis = Literal["rows", "cols"]

CELL = TILE
EDGE = mm(8)  # room for the row/column numbers, and the width of a glue strip
BAND = mm(6)  # title line at the top, note line at the bottom
HULL = hex_color("#3d4a63")
FLOOR = hex_color("#f3f5f9")


@dataclass(frozen=True)
class Part:
    """One sheet's share of a board: a run of its rows or columns."""

    board: Board
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    index: int
    count: int
    axis: Axis

    @property
    def first(self) -> bool:
        return self.index == 0

    @property
    def last(self) -> bool:
        return self.index == self.count - 1

    @property
    def size(self) -> tuple[float, float]:
        """Width and height the part needs, numbers and glue strip included."""
        return (len(self.cols) * CELL + 2 * EDGE, len(self.rows) * CELL + 2 * EDGE + 2 * BAND)


def span(values: Sequence[int]) -> tuple[int, ...]:
    return tuple(range(min(values), max(values) + 1))


def discard_slots(board: Board) -> tuple[Cell, ...]:
    """Two spots in the upper-right corner, outside the building area (none on IIIa)."""
    if board.max_penalty is None:
        return ()
    top, right = min(board.rows), max(board.columns)
    slots = ((top, right - 1), (top, right))
    assert not any(s in board.cells for s in slots), board.name
    return slots


def name_slot(board: Board) -> Cell:
    slot = (min(board.rows), min(board.columns))
    assert slot not in board.cells, board.name
    return slot


def plan_parts(board: Board, paper: str) -> tuple[bool, list[Part]]:
    """(landscape, parts): the fewest sheets the board fits on at full size."""
    rows, cols = span(board.rows), span(board.columns)
    for n in range(1, max(len(rows), len(cols)) + 1):
        for axis in (("cols", "rows") if n > 1 else ("cols",)):
            for landscape in (False, True):
                area = printable_area(paper_size(paper, landscape))
                pieces = split_runs(cols if axis == "cols" else rows, n)
                if len(pieces) != n:
                    continue
                parts = [Part(board, rows if axis == "cols" else p, p if axis == "cols" else cols,
                              k, n, axis)
                         for k, p in enumerate(pieces)]
                if all(p.size[0] <= area.w + 1e-6 and p.size[1] <= area.h + 1e-6
                       for p in parts):
                    return landscape, parts
    raise AssertionError(f"board {board.name} fits no sheet of {paper}")  # pragma: no cover


# -- drawing ----------------------------------------------------------------------------------

def _cell_rect(part: Part, gx: float, gy: float, cell: Cell) -> Rect:
    r, c = cell
    return Rect(gx + (c - part.cols[0]) * CELL, gy + (part.rows[-1] - r) * CELL, CELL, CELL)


def _draw_cell(c: Canvas, floor: Color, look: Look) -> None:
    """One square of the grid, at the origin: its floor, outline and corner ticks."""
    if not look.low_ink:
        c.setFillColor(floor)
        c.rect(0, 0, CELL, CELL, stroke=0, fill=1)
    c.setStrokeColor(hex_color("#9aa3b5"))
    c.setLineWidth(0.5)
    c.rect(0, 0, CELL, CELL, stroke=1, fill=0)
    c.setStrokeColor(hex_color("#c3c9d6"))
    c.setLineWidth(0.35)
    k = mm(2.2)
    for x, y, dx, dy in ((0, 0, 1, 1), (CELL, 0, -1, 1), (0, CELL, 1, -1), (CELL, CELL, -1, -1)):
        c.line(x + dx * mm(1), y + dy * mm(1), x + dx * (mm(1) + k), y + dy * mm(1))
        c.line(x + dx * mm(1), y + dy * mm(1), x + dx * mm(1), y + dy * (mm(1) + k))


def _draw_cells(c: Canvas, part: Part, gx: float, gy: float, colour: Color, look: Look) -> None:
    board = part.board
    mine = [cell for cell in sorted(board.cells)
            if cell[0] in part.rows and cell[1] in part.cols]
    for cell in mine:
        r = _cell_rect(part, gx, gy, cell)
        floor = tint(colour, 0.5) if cell == board.start else FLOOR
        c.saveState()
        c.translate(r.x, r.y)
        stamp(c, ("gt-cell", floor, look), (-1, -1, CELL + 1, CELL + 1),
              partial(_draw_cell, floor=floor, look=look))
        c.restoreState()
    # the hull: a thick line wherever a valid square meets the outside
    c.setStrokeColor(HULL)
    c.setLineWidth(1.6)
    c.setLineCap(2)
    for cell in mine:
        r = _cell_rect(part, gx, gy, cell)
        row, col = cell
        if (row - 1, col) not in board.cells:
            c.line(r.x, r.y2, r.x2, r.y2)
        if (row + 1, col) not in board.cells:
            c.line(r.x, r.y, r.x2, r.y)
        if (row, col - 1) not in board.cells:
            c.line(r.x, r.y, r.x, r.y2)
        if (row, col + 1) not in board.cells:
            c.line(r.x2, r.y, r.x2, r.y2)
    c.setLineCap(0)
    if board.start in mine:
        r = _cell_rect(part, gx, gy, board.start)
        c.setStrokeColor(colour)
        c.setLineWidth(1.4)
        c.circle(r.cx, r.cy, mm(8.5), stroke=1, fill=0)
        c.setFillColor(INK)
        legible_text(c, "START", r.cx, r.cy + mm(1.5), mm(2.2), BOLD)
        legible_text(c, "pilot cabin", r.cx, r.cy - mm(2.2), mm(1.5), BOLD)


def _draw_numbers(c: Canvas, part: Part, gx: float, gy: float) -> None:
    w, h = len(part.cols) * CELL, len(part.rows) * CELL
    c.setFillColor(INK)
    left = part.axis == "rows" or part.first
    right = part.axis == "rows" or part.last
    top = part.axis == "cols" or part.first
    bottom = part.axis == "cols" or part.last
    for k, row in enumerate(reversed(part.rows)):
        y = gy + (k + 0.5) * CELL
        if left:
            centred_text(c, str(row), gx - EDGE / 2, y, mm(3.2), BOLD)
        if right:
            centred_text(c, str(row), gx + w + EDGE / 2, y, mm(3.2), BOLD)
    for k, col in enumerate(part.cols):
        x = gx + (k + 0.5) * CELL
        if top:
            centred_text(c, str(col), x, gy + h + EDGE / 2, mm(3.2), BOLD)
        if bottom:
            centred_text(c, str(col), x, gy - EDGE / 2, mm(3.2), BOLD)


def _draw_corner_slots(c: Canvas, part: Part, gx: float, gy: float, colour: Color,
                       look: Look, colour_name: str) -> None:
    board = part.board
    name = name_slot(board)
    if name[0] in part.rows and name[1] in part.cols:
        r = _cell_rect(part, gx, gy, name)
        c.setFillColor(colour)
        centred_text(c, board.name, r.cx, r.cy + mm(2), mm(9), BOLD, r.w - mm(2))
        c.setFillColor(INK)
        legible_text(c, f"class {board.name} - {colour_name}", r.cx, r.y + mm(3), mm(1.7),
                     BOLD, r.w - mm(1))
    slots = [s for s in discard_slots(board) if s[0] in part.rows and s[1] in part.cols]
    for k, slot in enumerate(slots):
        r = _cell_rect(part, gx, gy, slot).inset(mm(0.8))
        c.saveState()
        c.setStrokeColor(GREY)
        c.setDash(3, 2)
        c.setLineWidth(0.7)
        if not look.low_ink:
            c.setFillColor(hex_color("#f7efe2"))
        c.rect(r.x, r.y, r.w, r.h, stroke=1, fill=0 if look.low_ink else 1)
        c.restoreState()
        c.setFillColor(INK)
        if slot[1] == max(board.columns):
            legible_text(c, "max", r.cx, r.cy + mm(6), mm(2), BOLD)
            centred_text(c, str(board.max_penalty), r.cx, r.cy, mm(6.5), BOLD)
            legible_text(c, "credits lost", r.cx, r.cy - mm(6.2), mm(1.6), BOLD, r.w - mm(1))
        else:
            legible_text(c, "DISCARD", r.cx, r.cy + mm(4.5), mm(2.0), BOLD, r.w - mm(1))
            legible_text(c, "set aside (2)", r.cx, r.cy, mm(1.6), REGULAR, r.w - mm(1))
            legible_text(c, "and lost parts", r.cx, r.cy - mm(3), mm(1.6), REGULAR,
                         r.w - mm(1))
        del k


def _draw_join(c: Canvas, part: Part, gx: float, gy: float, look: Look) -> None:
    """The glue strip after this part and the cut edge before it (``tiling``)."""
    w, h = len(part.cols) * CELL, len(part.rows) * CELL
    if not part.last:
        label = f"glue here - part {part.index + 2} goes on top, grid lines on these ticks"
        if part.axis == "cols":
            glue_strip(c, Rect(gx + w, gy, EDGE, h), "right",
                       [gy + k * CELL for k in range(len(part.rows) + 1)], label, look, HULL)
        else:
            glue_strip(c, Rect(gx, gy - EDGE, w, EDGE), "bottom",
                       [gx + k * CELL for k in range(len(part.cols) + 1)], label, look, HULL)
    if not part.first:
        label = f"cut here, then lay this edge on the glue strip of part {part.index}"
        if part.axis == "cols":
            cut_edge(c, gx, gy, gx, gy + h, "left", label)
        else:
            cut_edge(c, gx, gy + h, gx + w, gy + h, "top", label)


def board_title(board: Board, colour: str, part: Part) -> str:
    text = f"Galaxy Trucker - ship board {board.name} ({colour})"
    return text + (f", part {part.index + 1} of {part.count}" if part.count > 1 else "")


def draw_board(c: Canvas, part: Part, x: float, y: float, colour: str, look: Look
               ) -> tuple[float, float]:
    """Draw the part with the lower-left of its block (numbers included) at (x, y); returns
    the lower-left corner of its grid."""
    gx, gy = x + EDGE, y + BAND + EDGE
    ink = INKS[colour]
    _draw_cells(c, part, gx, gy, ink, look)
    _draw_numbers(c, part, gx, gy)
    _draw_corner_slots(c, part, gx, gy, ink, look, colour)
    if part.count > 1:
        _draw_join(c, part, gx, gy, look)
    return gx, gy


def board_page(part: Part, colour: str, landscape: bool, paper: str, look: Look) -> Page:
    size = paper_size(paper, landscape)
    area = printable_area(size)
    board = part.board
    title = board_title(board, colour, part)
    pw, ph = part.size
    x0 = area.x + (area.w - pw) / 2
    y0 = area.y + (area.h - ph) / 2
    cap = ("no maximum: every lost part costs 1 credit" if board.max_penalty is None
           else f"lost parts cost 1 credit each, at most {board.max_penalty}")
    note = (f"Print at 100%: squares are 25 mm, one tile each. Rows and columns not numbered "
            f"here are misses for a 2d6 roll. {cap}.")

    def draw(c: Canvas) -> None:
        draw_board(c, part, x0, y0, colour, look)
        c.setFillColor(INK)
        c.setFont(BOLD, 9)
        c.drawString(area.x, y0 + ph - BAND + mm(1.5), title)
        c.setFillColor(GREY)
        size_ = fitted_size(note, REGULAR, 6.5, area.w, MIN_PRINTED_PT)  # then wrapped (A5)
        c.setFont(REGULAR, size_)
        for k, line in enumerate(reversed(wrap(note, REGULAR, size_, area.w))):
            c.drawString(area.x, y0 + mm(1.5) + k * size_ * 1.2, line)

    return Page(size, draw, title)


def board_pages(paper: str, look: Look) -> tuple[list[Page], bool]:
    """All boards, four of each (one per pilot colour), in the order I, II, III, IIIa per
    colour; and whether any board had to be split into parts."""
    pages: list[Page] = []
    split = False
    for colour in PILOT_COLOURS:
        for board in BOARDS.values():
            landscape, parts = plan_parts(board, paper)
            split = split or len(parts) > 1
            pages += [board_page(p, colour, landscape, paper, look) for p in parts]
    return pages, split


__all__ = ["CELL", "Part", "board_pages", "discard_slots", "draw_board", "plan_parts", "span"]
