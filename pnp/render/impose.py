"""Imposition: where each piece of one size goes on as few sheets as possible.

A sheet plan says, for every piece on it, the rectangle of its cut line on the front page and,
for two-sided pieces, on the back.  Backs are mirrored so they land behind their fronts:

* ``long``  - long-edge duplex: the sheet turns about its long edge (portrait: left-right
  mirror; landscape: top-bottom mirror);
* ``short`` - short-edge duplex: the sheet turns about its short edge;
* ``none``  - single-sided printing, the back sheet glued behind the front one turned about the
  long edge (same geometry as ``long``);
* ``fold``  - gutter fold: fronts on one half of one page, backs mirrored on the other half, the
  page folded along the centre line;
* ``single`` - one-sided pieces, no backs.

The grid is centred in the printable area, kept clear of the margin by room for crop marks.

Butted sheets (``impose(..., butt=True)``, for cards) put the pieces edge to edge: no gutter,
neighbours share their cut lines, the margin is :data:`~pnp.render.geometry.BUTT_MARGIN`, the
crop marks are shorter and only outside the block, and the sheet's title and note move into a
thin strip along two opposite edges (top and bottom, or rotated along the sides) chosen so that
as many pieces fit as possible.  Art cannot bleed into a neighbour, so a butted block bleeds
only round its outside (``bleed`` past the block's edges, the crop marks beyond that).  A
gutter fold butts the block against the fold instead (see :func:`_impose_butted_fold`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from pnp.engine import PnpError
from pnp.render.geometry import (
    BUTT_MARGIN,
    MARGIN,
    Rect,
    mm,
    paper_size,
    printable_area,
    union_all,
)

Mode = Literal["long", "short", "none", "fold", "single"]
Axis = Literal["x", "y"]  # "x": mirror left-right (about a vertical line); "y": top-bottom
TextSides = Literal["top-bottom", "left-right"]  # where a butted sheet writes its title

MARK_OFFSET = mm(0.5)
"""Gap between a cut line's corner (plus bleed) and the start of its crop mark."""
MARK_LENGTH = mm(3.0)
BAND = mm(5.0)
"""Height kept free at the top and bottom of a component sheet for its title and print note."""

BUTT_MARK_OFFSET = mm(0.75)
"""Gap between a butted block's bleed edge and its crop marks."""
BUTT_MARK_MIN = mm(1.5)
"""The shortest crop mark a butted sheet reserves room for (Letter: 3 x 88 mm leaves 7.7 mm)."""
BUTT_MARK_LENGTH = mm(3.0)
"""Butted marks run up to this long where the margin allows."""
BUTT_TEXT = mm(3.5)
"""Width of the strip along an edge of a butted sheet that carries its title or print note."""


@dataclass(frozen=True)
class Slot:
    index: int  # position of the piece in the caller's list
    front: Rect  # cut rectangle on the front page
    back: Rect | None  # cut rectangle of the same piece's back (back page, or other half)
    turned: bool = False  # drawn a quarter turn anticlockwise (front rect is h x w)


@dataclass(frozen=True)
class SheetPlan:
    size: tuple[float, float]
    mode: Mode
    slots: tuple[Slot, ...]
    mirror_axis: Axis | None  # how backs map to fronts
    fold_line: tuple[Axis, float] | None = None  # ("x", 297.6): fold along x = 297.6 pt
    butt: TextSides | None = None  # butted sheet: which edges carry the text strips
    bleed: float = 0.0  # butted sheet: how far the art runs past the block's outer edges

    def margin_area(self) -> Rect:
        """What may carry ink: inside the sheet's margin (narrower for butted sheets)."""
        return printable_area(self.size, BUTT_MARGIN if self.butt else MARGIN)

    def block(self) -> Rect:
        """The cut rectangles of the front page, as one rectangle."""
        return self._block

    @cached_property
    def _block(self) -> Rect:  # (asked for again and again by a butted sheet's strips)
        return union_all([s.front for s in self.slots])

    def _text_gap(self) -> float:
        """Paper between a butted block and the edges that carry its text."""
        b = self.block()
        if self.butt == "left-right":
            return min(b.x, self.size[0] - b.x2)
        return min(b.y, self.size[1] - b.y2)

    def strips_clear(self) -> bool:
        """Do the text strips fit between the 10 mm margin and the shortest crop marks?  (A4
        yes; on Letter the text sits between the marks instead, in the rows' spans.)"""
        return self._text_gap() >= (MARGIN + BUTT_TEXT + self.bleed + BUTT_MARK_OFFSET
                                    + BUTT_MARK_MIN - 1e-6)

    def text_strips(self) -> tuple[Rect, Rect]:
        """Butted sheets: the two strips (top then bottom, or left then right) for text, just
        inside the 10 mm margin that text keeps out of."""
        thick = BUTT_TEXT if self.strips_clear() else min(
            BUTT_TEXT, self._text_gap() - MARGIN - self.bleed - BUTT_MARK_OFFSET)
        a = printable_area(self.size, MARGIN)
        if self.butt == "left-right":
            return (Rect(a.x, a.y, thick, a.h), Rect(a.x2 - thick, a.y, thick, a.h))
        return (Rect(a.x, a.y2 - thick, a.w, thick), Rect(a.x, a.y, a.w, thick))

    def mark_limit(self) -> Rect:
        """How far crop marks may run: the margin, less a butted sheet's text strips where
        the marks stop short of them."""
        a = self.margin_area()
        if self.butt is None or not self.strips_clear():
            return a
        first, second = self.text_strips()
        if self.butt == "left-right":
            return Rect(first.x2, a.y, second.x - first.x2, a.h)
        return Rect(a.x, second.y2, a.w, first.y - second.y2)

    @property
    def landscape(self) -> bool:
        return self.size[0] > self.size[1]

    def cut_rects(self) -> list[Rect]:
        """Every cut rectangle on the front page (both halves for a gutter fold)."""
        rects = [s.front for s in self.slots]
        if self.mode == "fold":
            rects += [s.back for s in self.slots if s.back is not None]
        return rects

    def back_rects(self) -> list[Rect]:
        return [s.back for s in self.slots if s.back is not None]


def mirror(rect: Rect, size: tuple[float, float], axis: Axis) -> Rect:
    """The rectangle the other side of the sheet puts behind ``rect``."""
    if axis == "x":
        return Rect(size[0] - rect.x2, rect.y, rect.w, rect.h)
    return Rect(rect.x, size[1] - rect.y2, rect.w, rect.h)


def duplex_axis(mode: Mode, size: tuple[float, float]) -> Axis:
    """Which mirror a duplex printer applies to a page of this shape."""
    portrait = size[0] <= size[1]
    if mode in ("long", "none"):
        return "x" if portrait else "y"
    if mode == "short":
        return "y" if portrait else "x"
    raise ValueError(f"{mode} is not a duplex mode")


def mark_room(bleed: float, crop_marks: bool) -> float:
    return bleed + (MARK_OFFSET + MARK_LENGTH if crop_marks else 0.0)


def grid_fit(area: Rect, w: float, h: float, gutter: float, room: float) -> tuple[int, int]:
    usable_w = area.w - 2 * room
    usable_h = area.h - 2 * room
    cols = max(0, math.floor((usable_w + gutter + 1e-6) / (w + gutter)))
    rows = max(0, math.floor((usable_h + gutter + 1e-6) / (h + gutter)))
    return cols, rows


def grid_cells(area: Rect, w: float, h: float, gutter: float, cols: int, rows: int) -> list[Rect]:
    """Cut rectangles of a centred grid, filled top row first, left to right."""
    gw = cols * w + (cols - 1) * gutter
    gh = rows * h + (rows - 1) * gutter
    x0 = area.x + (area.w - gw) / 2
    y0 = area.y + (area.h - gh) / 2
    cells = []
    for r in range(rows):
        for col in range(cols):
            cells.append(Rect(x0 + col * (w + gutter), y0 + gh - h - r * (h + gutter), w, h))
    return cells


@dataclass(frozen=True)
class _Option:
    landscape: bool
    area: Rect  # where fronts go
    axis: Axis | None
    fold: tuple[Axis, float] | None


def _options(paper: str, mode: Mode, gutter: float, bleed: float) -> list[_Option]:
    opts = []
    for landscape in (False, True):
        size = paper_size(paper, landscape)
        full = printable_area(size)
        page = Rect(full.x, full.y + BAND, full.w, full.h - 2 * BAND)
        if mode == "single":
            opts.append(_Option(landscape, page, None, None))
        elif mode == "fold":
            gap = max(gutter / 2, bleed + MARK_OFFSET)
            for axis in ("y", "x"):
                if axis == "x":  # fold along the vertical centre line; fronts on the left
                    mid = size[0] / 2
                    area = Rect(page.x, page.y, mid - gap - page.x, page.h)
                else:  # fold along the horizontal centre line; fronts on top
                    mid = size[1] / 2
                    area = Rect(page.x, mid + gap, page.w, page.y2 - mid - gap)
                opts.append(_Option(landscape, area, axis, (axis, mid)))
        else:
            opts.append(_Option(landscape, page, duplex_axis(mode, size), None))
    return opts


def impose(count: int, w: float, h: float, paper: str, mode: Mode, *, gutter: float,
           bleed: float = 0.0, crop_marks: bool = True, row_group: int = 1,
           butt: bool = False) -> list[SheetPlan]:
    """Plan ``count`` pieces of ``w`` x ``h`` points on as few sheets as fit.

    ``row_group`` > 1 trims the columns to a multiple of it when that costs no extra sheet
    (six coins of a suit to a row read better than seven).  ``butt`` puts the pieces edge to
    edge (see the module notes); ``gutter`` is then ignored and ``bleed`` runs round the
    outside of the block only.
    """
    if count <= 0:
        return []
    if butt and mode != "fold":
        return _impose_butted(count, w, h, paper, mode, crop_marks, row_group, bleed)
    if butt:
        return _impose_butted_fold(count, w, h, paper, crop_marks, bleed)
    room = mark_room(bleed, crop_marks)
    gutter = max(gutter, 2 * bleed + 2 * MARK_OFFSET)  # bleeds never meet
    best: tuple[int, _Option, int, int] | None = None
    for opt in _options(paper, mode, gutter, bleed):
        fold_room = room if opt.fold is None else 0.0
        cols, rows = _fit_with_fold(opt, w, h, gutter, room, fold_room)
        cols = _group(cols, rows, count, row_group)
        n = cols * rows
        if best is None or n > best[0]:
            best = (n, opt, cols, rows)
    assert best is not None
    per_sheet, opt, cols, rows = best
    if per_sheet == 0:
        raise PnpError(
            f"a {w / mm(1):.0f} x {h / mm(1):.0f} mm piece does not fit on {paper} paper "
            f"with these options"
        )
    size = paper_size(paper, opt.landscape)
    area = opt.area if opt.fold is None else _fold_area(opt, room)
    cells = grid_cells(area, w, h, gutter, cols, rows)
    sheets = []
    for start in range(0, count, per_sheet):
        n = min(per_sheet, count - start)
        slots = []
        for k in range(n):
            front = cells[k]
            back = mirror(front, size, opt.axis) if opt.axis is not None else None
            if opt.fold is not None:
                back = _fold_mirror(front, opt.fold)
            slots.append(Slot(start + k, front, back))
        sheets.append(SheetPlan(size, mode, tuple(slots), opt.axis, opt.fold))
    return sheets


def _group(cols: int, rows: int, count: int, row_group: int) -> int:
    grouped = cols - cols % row_group
    if grouped and rows and (math.ceil(count / (grouped * rows))
                             <= math.ceil(count / (cols * rows))):
        return grouped
    return cols


def _butt_room(bleed: float, crop_marks: bool) -> float:
    """Paper a butted block needs round it: its outer bleed, then the shortest crop marks."""
    return bleed + (BUTT_MARK_OFFSET + BUTT_MARK_MIN if crop_marks else 0.0)


def _impose_butted(count: int, w: float, h: float, paper: str, mode: Mode, crop_marks: bool,
                   row_group: int, bleed: float) -> list[SheetPlan]:
    """Edge-to-edge grid: room for the outer bleed and the shortest marks all round, text
    strips on two edges.  (Nine poker cards fit A4 with up to 3 mm of bleed; on Letter three
    rows leave 7.7 mm above and below, too little for bleed and marks, so eight go on a
    landscape sheet unless ``bleed`` is 0.)"""
    room = _butt_room(bleed, crop_marks)
    best: tuple[int, bool, TextSides, int, int] | None = None
    for landscape in (False, True):
        area = printable_area(paper_size(paper, landscape), BUTT_MARGIN)
        for sides in ("top-bottom", "left-right"):
            rx = room + (BUTT_TEXT if sides == "left-right" else 0.0)
            ry = room + (BUTT_TEXT if sides == "top-bottom" else 0.0)
            cols, rows = grid_fit(Rect(area.x + rx, area.y + ry, area.w - 2 * rx,
                                       area.h - 2 * ry), w, h, 0.0, 0.0)
            cols = _group(cols, rows, count, row_group)
            if best is None or cols * rows > best[0]:
                best = (cols * rows, landscape, sides, cols, rows)
    assert best is not None
    per_sheet, landscape, sides, cols, rows = best
    if per_sheet == 0:
        raise PnpError(f"a {w / mm(1):.0f} x {h / mm(1):.0f} mm piece does not fit on {paper} "
                       f"paper, even edge to edge")
    size = paper_size(paper, landscape)
    axis = None if mode == "single" else duplex_axis(mode, size)
    cells = grid_cells(printable_area(size, BUTT_MARGIN), w, h, 0.0, cols, rows)
    sheets = []
    start = 0
    for n in sheet_counts(count, per_sheet):
        slots = tuple(Slot(start + k, cells[k],
                           mirror(cells[k], size, axis) if axis is not None else None)
                      for k in range(n))
        sheets.append(SheetPlan(size, mode, slots, axis, None, sides, bleed))
        start += n
    return sheets


def sheet_counts(count: int, per_sheet: int) -> list[int]:
    """How many pieces each sheet takes: full sheets, unless the last would hold less than
    half a sheet; then as evenly as the same number of sheets allows (90 cards eight to a
    sheet: six sheets of 8 and six of 7, not eleven of 8 and one of 2).

    >>> sheet_counts(90, 8), sheet_counts(60, 9)
    ([8, 8, 8, 8, 8, 8, 7, 7, 7, 7, 7, 7], [9, 9, 9, 9, 9, 9, 6])
    """
    sheets = -(-count // per_sheet)
    last = count - (sheets - 1) * per_sheet
    if 2 * last >= per_sheet:
        return [per_sheet] * (sheets - 1) + [last]
    base, extra = divmod(count, sheets)
    return [base + 1] * extra + [base] * (sheets - extra)


FOLD_GAP = mm(0.5)
"""Butted gutter fold: the gap between the block of fronts and the fold line (the fold is
cut away with the block's edge)."""


def _impose_butted_fold(count: int, w: float, h: float, paper: str, crop_marks: bool,
                        bleed: float) -> list[SheetPlan]:
    """Gutter fold for cards: fronts butted in a block against the fold, backs mirrored on
    the other side, turned a quarter where that fits more (four poker cards on A4 portrait,
    folded across; on Letter landscape, folded down the middle).  The blocks bleed on their
    three outer sides (and up to the fold line), into the 5 mm card margin at the sides."""
    room = _butt_room(bleed, crop_marks)
    best: tuple[int, bool, Axis, bool, int, int] | None = None
    for landscape in (False, True):
        size = paper_size(paper, landscape)
        page = butt_fold_page(size)
        for axis in ("y", "x"):
            area = _butt_fold_area(size, page, axis, room)
            for turned in (False, True):
                pw, ph = (h, w) if turned else (w, h)
                cols, rows = grid_fit(area, pw, ph, 0.0, 0.0)
                if best is None or cols * rows > best[4] * best[5]:
                    best = (cols * rows, landscape, axis, turned, cols, rows)
    assert best is not None
    per_sheet, landscape, axis, turned, cols, rows = best
    if per_sheet == 0:
        raise PnpError(f"a {w / mm(1):.0f} x {h / mm(1):.0f} mm card does not fit on {paper} "
                       f"paper folded")
    size = paper_size(paper, landscape)
    area = _butt_fold_area(size, butt_fold_page(size), axis, room)
    pw, ph = (h, w) if turned else (w, h)
    cells = grid_cells(area, pw, ph, 0.0, cols, rows)
    # the block sits against the fold (centred the other way)
    block = union_all(cells)
    mid = size[0] / 2 if axis == "x" else size[1] / 2
    dx = (mid - FOLD_GAP) - block.x2 if axis == "x" else 0.0
    dy = (mid + FOLD_GAP) - block.y if axis == "y" else 0.0
    cells = [Rect(c.x + dx, c.y + dy, c.w, c.h) for c in cells]
    fold: tuple[Axis, float] = (axis, mid)
    sheets = []
    for start in range(0, count, per_sheet):
        n = min(per_sheet, count - start)
        slots = tuple(Slot(start + k, cells[k], _fold_mirror(cells[k], fold), turned)
                      for k in range(n))
        sheets.append(SheetPlan(size, "fold", slots, axis, fold, "top-bottom", bleed))
    return sheets


def butt_fold_page(size: tuple[float, float]) -> Rect:
    """What a butted fold sheet's cards, bleed and marks may cover: the 5 mm card margin at
    the sides, the title and note bands inside the 10 mm margin at the top and bottom."""
    full, card = printable_area(size), printable_area(size, BUTT_MARGIN)
    return Rect(card.x, full.y + BAND, card.w, full.h - 2 * BAND)


def _butt_fold_area(size: tuple[float, float], page: Rect, axis: str, room: float) -> Rect:
    """Where a butted block of fronts may go: its half of the page, crop-mark room on the
    three outer sides, :data:`FOLD_GAP` from the fold."""
    if axis == "x":
        mid = size[0] / 2
        return Rect(page.x + room, page.y + room, mid - FOLD_GAP - page.x - room,
                    page.h - 2 * room)
    mid = size[1] / 2
    return Rect(page.x + room, mid + FOLD_GAP, page.w - 2 * room,
                page.y2 - room - mid - FOLD_GAP)


def _fold_area(opt: _Option, room: float) -> Rect:
    """The fronts' half, less crop-mark room on the three outer sides only."""
    a = opt.area
    assert opt.fold is not None
    if opt.fold[0] == "x":  # fold on the right of the area
        return Rect(a.x + room, a.y + room, a.w - room, a.h - 2 * room)
    return Rect(a.x + room, a.y, a.w - 2 * room, a.h - room)  # fold below the area


def _fit_with_fold(opt: _Option, w: float, h: float, gutter: float, room: float,
                   fold_room: float) -> tuple[int, int]:
    if opt.fold is None:
        return grid_fit(opt.area, w, h, gutter, room)
    return grid_fit(_fold_area(opt, room), w, h, gutter, 0.0)


def _fold_mirror(rect: Rect, fold: tuple[Axis, float]) -> Rect:
    axis, pos = fold
    if axis == "x":
        return Rect(2 * pos - rect.x2, rect.y, rect.w, rect.h)
    return Rect(rect.x, 2 * pos - rect.y2, rect.w, rect.h)


@dataclass(frozen=True)
class Placed:
    index: int
    rect: Rect
    turned: bool = False  # a quarter turn anticlockwise: rect is the piece's h x w
