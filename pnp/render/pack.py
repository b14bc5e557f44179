"""Mixed sheets: pieces of several sizes, with or without backs, on as few sheets as fit.

A kit used to give every kind of piece its own sheets (a tile sheet, a coin sheet, a sheet of
die nets), so the last sheet of each kind was often nearly empty: two tiles, fifteen cubes.
Here all of a kit's card-stock pieces share sheets, packed in *shelves* (rows aligned at their
tops, so a trimmer can still cut along a row) and, inside a shelf, *columns* (coins stack two
or three deep beside a row of tiles), first fit over the sheets already open, in a few orders
(tallest, largest, widest first, as given), keeping the packing with the fewest sheets.

Backs need nothing special: a back is printed at the mirror image of its front's rectangle
(:func:`pnp.render.impose.mirror` for duplex, the fold line for a gutter fold), whatever else
is on the sheet.  A one-sided piece on a two-sided sheet simply has nothing behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.engine import PnpError
from pnp.render.geometry import Rect, mm, paper_size
from pnp.render.impose import (
    Mode,
    SheetPlan,
    Slot,
    _fold_area,
    _fold_mirror,
    _Option,
    _options,
    mark_room,
    mirror,
)

EPS = 1e-6


@dataclass(frozen=True)
class Item:
    """A piece to place: its cut size and the gutter it wants around it."""

    w: float
    h: float
    gutter: float
    turnable: bool = False  # may be placed a quarter turn round (one-sided pieces)


@dataclass(frozen=True)
class Spot:
    index: int  # position in the caller's list
    rect: Rect  # the cut rectangle
    turned: bool = False  # placed a quarter turn round: rect is h x w


@dataclass
class _Shelf:
    top: float
    h: float
    gutter: float  # the largest gutter of its pieces: the gap to the shelf below
    next_x: float  # right edge of its last column
    col: tuple[float, float, float, float]  # the last column: x, w, bottom, gutter


class _Sheet:
    """One page being filled: shelves top down and, in each shelf, columns.

    A piece goes into the first shelf with room: under the last piece of its last column when
    it is no wider and the shelf is deep enough, else in a new column to the right (the
    bottom shelf deepens if it must); else it starts a new shelf.  Rows stay aligned at their
    tops, so a trimmer can cut along a shelf.  The gap between two pieces is the larger of
    their gutters.

    A failed placement changes nothing, so the pieces refused since the last one placed are
    remembered: first fit asks every open sheet for every later piece, mostly the same few
    sizes, and a full sheet answers them at once (the packing is the same).  For the same
    reason a piece like the last one placed (a run of equal pieces, as sorted) is tried from
    the shelf that took the last one: the shelves above refused it and have not changed since
    (a shelf that stops being the bottom one only refuses more).

    ``slack`` is how far the floor could rise with every placement made the same: the least
    room left under a piece placed against the floor (a shelf started or deepened).  A failed
    placement fails on a higher floor too, so a sheet cut shorter by less than its slack packs
    the very same way (:func:`pack` skips those cuts)."""

    def __init__(self, area: Rect) -> None:
        self.area = area
        self.right = area.x2 + EPS  # (read for every open sheet and every piece)
        self.floor = area.y - EPS
        self.spots: list[_Raw] = []  # made Spots once the packing is chosen (centred)
        self.shelves: list[_Shelf] = []
        self.refused: set[int] = set()  # kinds of piece (equal items) refused since a placement
        self.slack = float("inf")
        self.last = (-1, 0, False)  # the last placement's kind, shelf and turn

    def place(self, index: int, it: _Dims, kind: int) -> bool:
        """Place the piece (w, h, gutter, turnable) as it is or, if that fails and it may
        turn, a quarter turn round (``kind`` numbers the items equal to ``it``)."""
        if kind in self.refused:
            return False
        w, h, g, turnable = it
        last_kind, shelf, was_turned = self.last
        start = shelf if last_kind == kind else 0  # (see the class: the same packing)
        at = self._place(index, w, h, g, False, start)
        if at < 0 and turnable and abs(w - h) > EPS:
            # turned: from the last one's shelf if it was turned too (else never tried above)
            at = self._place(index, h, w, g, True, start if was_turned else 0)
            if at >= 0:
                self.last = (kind, at, True)
        elif at >= 0:
            self.last = (kind, at, False)
        if at >= 0:
            self.refused.clear()
            return True
        self.refused.add(kind)
        return False

    def _place(self, index: int, w_: float, h_: float, g_: float, turned: bool,
               start: int = 0) -> int:
        """The shelf the piece went into (shelves from ``start`` tried), or -1."""
        shelves = self.shelves
        final = len(shelves) - 1
        for k in range(start, final + 1):
            sh = shelves[k]
            x, w, bottom, g = sh.col
            gap = g if g >= g_ else g_  # max(g, g_)
            y = bottom - gap - h_
            if w_ <= w + EPS and y >= sh.top - sh.h - EPS:
                self.spots.append((index, x, y, w_, h_, turned))
                sh.gutter = max(sh.gutter, g_)
                sh.col = (x, w, y, gap)
                return k
            x = sh.next_x + gap
            if x + w_ <= self.right and (h_ <= sh.h + EPS
                                         or (k == final and sh.top - h_ >= self.floor)):
                if h_ > sh.h + EPS and sh.top - h_ - self.floor < self.slack:
                    self.slack = sh.top - h_ - self.floor  # deepened against the floor
                self.spots.append((index, x, sh.top - h_, w_, h_, turned))
                sh.gutter = max(sh.gutter, g_)
                sh.h = max(sh.h, h_)
                sh.col = (x, w_, sh.top - h_, g_)
                sh.next_x = x + w_
                return k
        a = self.area
        if shelves:
            below = shelves[-1]
            top = below.top - below.h - max(below.gutter, g_)
        else:
            top = a.y2
        if w_ > a.w + EPS or top - h_ < a.y - EPS:
            return -1
        if top - h_ - (a.y - EPS) < self.slack:
            self.slack = top - h_ - (a.y - EPS)
        shelves.append(_Shelf(top, h_, max(0.0, g_), a.x + w_, (a.x, w_, top - h_, g_)))
        self.spots.append((index, a.x, top - h_, w_, h_, turned))
        return len(shelves) - 1

    def fill(self, area: Rect) -> float:
        """:func:`fill` of the spots as placed."""
        b = 2 * BORDER
        return sum((w + b) * (h + b) for _, _, _, w, h, _ in self.spots) / (area.w * area.h)

    def centred(self) -> list[Spot]:
        """The spots moved so the block they make sits in the middle of the area's width."""
        if not self.spots:
            return []
        right = max(x + w for _, x, _, w, _, _ in self.spots)
        dx = (self.area.x2 - right) / 2
        return [Spot(i, Rect(x + dx, y, w, h), turned) for i, x, y, w, h, turned in self.spots]


_Dims = tuple[float, float, float, bool]  # an Item's w, h, gutter, turnable
_Raw = tuple[int, float, float, float, float, bool]  # a Spot's index, x, y, w, h, turned


ORDERS = (lambda it: -it.h, lambda it: -it.w * it.h, lambda it: -it.w, lambda it: 0.0)
"""Ways to order the pieces before packing (stable sorts): tallest, largest, widest first,
and the caller's order.  Each is tried; shelves are greedy, so no one order always wins."""


LAST_SHEET_FILL = 0.34
"""The least a kit's last sheet of pieces should hold: below it, the sheets before it give up
room (see :func:`pack`).  The target is 30 % of the sheet inside its margin (paper.py); this
area is smaller (less the crop-mark room), hence a little more here."""
STEP = mm(5)
SLACK_MARGIN = 1e-3  # points: far above float rounding, far below a millimetre


def pack(items: Sequence[Item], first: Rect, rest: Rect) -> list[list[Spot]]:
    """Place ``items`` on sheets whose free area is ``first`` for the first sheet (room left
    under a header) and ``rest`` after it: the fewest sheets any of :data:`ORDERS` gives,
    then the emptiest last sheet (everything as far forward as it goes).  A last sheet under
    :data:`LAST_SHEET_FILL` pulls pieces from the sheets before it: their area is cut from
    the bottom, 5 mm at a time, until it holds enough (never with an extra sheet)."""
    for it in items:
        if not _fits(it.w, it.h, rest) and not (it.turnable and _fits(it.h, it.w, rest)):
            raise PnpError(f"a {it.w / mm(1):.0f} x {it.h / mm(1):.0f} mm piece is larger than "
                           f"the printable area")
    dims = [(it.w, it.h, it.gutter, it.turnable) for it in items]
    kinds: dict[Item, int] = {}
    kind = [kinds.setdefault(it, len(kinds)) for it in items]
    orders: list[tuple[int, ...]] = []
    for key in ORDERS:
        order = tuple(sorted(range(len(items)), key=lambda i: key(items[i])))
        if order not in orders:  # two keys that sort alike pack alike
            orders.append(order)
    best, _ = _best_order(dims, kind, orders, first, rest, 0.0, 0)
    cut = STEP
    while len(best) > 1 and best[-1].fill(rest) < LAST_SHEET_FILL and cut < first.h:
        short = len(best) - 1
        fewer, slack = _best_order(dims, kind, orders, first, rest, cut, short)
        if len(fewer) > len(best):
            break
        at, best, cut = cut, fewer, cut + STEP
        if len(best) == short + 1:  # the next cuts are packed with the same ``short``
            # Cuts less than the slack further pack exactly alike (the same sheets, the
            # same fill), so the loop would go on through them: go straight to the last
            # one before first.h (packed, for its own rounding of the floats).
            while cut + STEP < first.h and cut + STEP - at < slack - SLACK_MARGIN:
                cut += STEP
    return [sheet.centred() for sheet in best]


def _fits(w: float, h: float, area: Rect) -> bool:
    return w <= area.w + EPS and h <= area.h + EPS


def _best_order(dims: Sequence[_Dims], kind: Sequence[int], orders: Sequence[Sequence[int]],
                first: Rect, rest: Rect, cut: float, short: int) -> tuple[list[_Sheet], float]:
    """The packing with the fewest sheets, then the emptiest last sheet, over the distinct
    ``orders`` :data:`ORDERS` give (sheets compared as packed, centred once chosen: centring
    moves no piece between sheets and changes no fill), and the least slack of the ``short``
    sheets of any order (how much more they could be cut with every order packing the same)."""
    best: list[_Sheet] | None = None
    best_fill = 0.0
    slack = float("inf")
    for order in orders:
        sheets, shorts = _first_fit(dims, kind, order, first, rest, cut, short)
        slack = min([slack, *(s.slack for s in shorts)])
        last = sheets[-1].fill(rest)
        if best is None or (len(sheets), last) < (len(best), best_fill):
            best, best_fill = sheets, last
    assert best is not None
    return best, slack


def _shorter(area: Rect, cut: float) -> Rect:
    return Rect(area.x, area.y + cut, area.w, max(area.h - cut, 0.0))


def _first_fit(dims: Sequence[_Dims], kind: Sequence[int], order: Sequence[int], first: Rect,
               rest: Rect, cut: float, short: int) -> tuple[list[_Sheet], list[_Sheet]]:
    """First fit over the open sheets; the first ``short`` sheets are ``cut`` shorter (so
    that the pieces they give up go to the last).  ``dims[i]`` is item i's (w, h, gutter,
    turnable), ``kind[i]`` numbers the items equal to it (a sheet remembers the kinds it
    refused).  Returns the sheets and the short ones among them."""
    sheets = [_Sheet(_shorter(first, cut) if short > 0 else first)]
    shorts = sheets[:1] if short > 0 else []
    for i in order:  # first fit: a sheet stays open for smaller pieces after it is "full"
        it, k = dims[i], kind[i]
        for sheet in sheets:
            if k not in sheet.refused and sheet.place(i, it, k):
                break
        else:
            sheets.append(_Sheet(_shorter(rest, cut) if len(sheets) < short else rest))
            if len(sheets) <= short:
                shorts.append(sheets[-1])
            if not sheets[-1].place(i, it, k):
                sheets[-1] = _Sheet(rest)  # too tall for a short sheet: a full one
                if not sheets[-1].place(i, it, k):  # pragma: no cover - checked in pack
                    raise PnpError("a piece does not fit on an empty sheet")
    return [s for s in sheets if s.spots], shorts


BORDER = mm(2)
"""Half the narrowest gutter: the paper a piece needs around it to be cut out."""


def footprint(rect: Rect) -> float:
    """The paper a piece takes: its cut rectangle with a :data:`BORDER` all round (a sheet of
    25 mm tiles 4 mm apart is full at 100 %, not at the 74 % their cut area covers)."""
    return (rect.w + 2 * BORDER) * (rect.h + 2 * BORDER)


def fill(spots: Sequence[Spot], area: Rect) -> float:
    """The share of ``area`` the pieces' footprints cover (0-1)."""
    return sum(footprint(s.rect) for s in spots) / (area.w * area.h)


def plan_sheets(items: Sequence[Item], paper: str, mode: Mode, *, bleed: float,
                crop_marks: bool, header: tuple[float, float] | None = None) -> list[SheetPlan]:
    """Sheet plans for mixed ``items`` in a two-sided ``mode`` (``long``, ``short``, ``none``
    or ``fold``): every orientation (and fold direction) is tried and the one that needs the
    fewest sheets wins (the first tried on a tie: portrait).  ``header`` (height, width) keeps
    that much room at the top of the first sheet's fronts, on layouts at least that wide."""
    room = mark_room(bleed, crop_marks)
    best: tuple[list[list[Spot]], _Option, tuple[int, float]] | None = None
    for opt in _options(paper, mode, mm(4), bleed):
        area = opt.area if opt.fold is None else _fold_area(opt, room)
        if opt.fold is None:
            area = area.inset(room)
        first = area
        if header is not None:
            if area.w < header[1] - room * 2 - EPS:
                continue
            first = Rect(area.x, area.y, area.w, area.h - header[0])
            if first.h <= 0:
                continue
        try:
            sheets = pack(items, first, area)
        except PnpError:
            continue
        # fewest sheets; then a last sheet that is not nearly empty
        key = (len(sheets), -min(fill(sheets[-1], area), LAST_SHEET_FILL))
        if best is None or key < best[2]:
            best = (sheets, opt, key)
    if best is None:
        raise PnpError(f"these pieces do not fit on {paper} paper with these options")
    sheets, opt, _ = best
    size = paper_size(paper, opt.landscape)
    plans = []
    for spots in sheets:
        slots = []
        for s in spots:
            if opt.fold is not None:
                back = _fold_mirror(s.rect, opt.fold)
            else:
                assert opt.axis is not None
                back = mirror(s.rect, size, opt.axis)
            slots.append(Slot(s.index, s.rect, back, s.turned))
        plans.append(SheetPlan(size, mode, tuple(slots), opt.axis, opt.fold))
    return plans


__all__ = ["BORDER", "Item", "Spot", "fill", "footprint", "pack", "plan_sheets"]
