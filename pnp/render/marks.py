"""Printer's marks: crop marks outside each cut line, registration targets, fold lines.

Crop marks extend each cut edge outward from the corner, starting a little beyond the bleed so
that a slightly-off cut never shows a mark on the piece.  A mark stops before it would reach
another piece's art (bleed included), so gutters can be narrow, and pieces may even touch: a
mark that would start on a neighbour (an interior corner of a butted block) is dropped, so a
shared cut line is marked only where it leaves the block.  There is never a box line around a
piece.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import floor
from typing import NamedTuple

from reportlab.pdfgen.canvas import Canvas

from pnp.render.buildmemo import remembered
from pnp.render.geometry import Rect, mm
from pnp.render.impose import MARK_LENGTH, MARK_OFFSET

Box = tuple[float, float, float, float]

MARK_WIDTH = 0.25  # points: a hairline that still prints on inkjets
MIN_MARK = mm(0.8)


class Segment(NamedTuple):
    """A mark from (x1, y1) to (x2, y2) (a named tuple: a kit makes thousands)."""

    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def length(self) -> float:
        return float(abs(self.x2 - self.x1) + abs(self.y2 - self.y1))


def crop_marks(cuts: Sequence[Rect], bleed: float, limit: Rect | None = None,
               others: Sequence[Rect] = (), *, offset: float = MARK_OFFSET,
               length: float = MARK_LENGTH, min_length: float = MIN_MARK) -> list[Segment]:
    """The crop-mark segments for pieces cut along ``cuts`` (deduplicated, in a stable order).

    ``others`` are more shapes on the page (without marks of their own) that marks must avoid.
    ``offset`` is the gap between the corner (plus bleed) and the mark; marks run up to
    ``length`` and are left out where less than ``min_length`` fits.  Within a kit build the
    marks of a layout met before (a sheet like the last, a butted sheet's marks asked again)
    are not worked out again (``buildmemo``)."""
    cuts, others = tuple(cuts), tuple(others)
    return list(remembered(("crop_marks", cuts, bleed, limit, others, offset, length,
                            min_length),
                           lambda: _crop_marks(cuts, bleed, limit, others, offset, length,
                                               min_length)))


def _crop_marks(cuts: Sequence[Rect], bleed: float, limit: Rect | None,
                others: Sequence[Rect], offset: float, length: float, min_length: float
                ) -> tuple[Segment, ...]:
    """:func:`crop_marks`, worked out.

    Each corner's two marks run from ``start`` until they meet another box near the corner
    (or the limit); a mark that would start on (or cross into) a piece touching this one is
    dropped.  The boxes are bucketed in square cells as wide as a mark's reach, so a corner
    looks only at the boxes near it (a sheet of 100 tiles has 800 marks)."""
    boxes = _grown(cuts, bleed + offset) + _grown(others, offset)
    start = bleed + offset
    reach = start + length
    size = max(reach, 72.0)  # an inch: a piece covers one to four cells
    cells: dict[tuple[int, int], list[int]] = {}
    for j, (x1, y1, x2, y2) in enumerate(boxes):
        for gx in range(floor(x1 / size), floor(x2 / size) + 1):
            for gy in range(floor(y1 / size), floor(y2 / size) + 1):
                cells.setdefault((gx, gy), []).append(j)
    found: dict[tuple[int, int, int, int], list[tuple[int, float, float, float, float]]] = {}
    lo, hi = start - 1e-6, start + 1e-6
    if limit is not None:
        lim_x, lim_y, lim_x2, lim_y2 = limit.x, limit.y, limit.x2, limit.y2
    out: list[Segment] = []
    seen: set[tuple[int, int, int, int]] = set()  # marks by their ends to 1/100 pt
    made: set[tuple[float, float, float, float]] = set()  # ... and exactly (a quicker test)
    for i, r in enumerate(cuts):
        x, y = r.x, r.y
        x2, y2 = x + r.w, y + r.h  # (Rect.x2, Rect.y2)
        for cx, cy in ((x, y), (x2, y), (x, y2), (x2, y2)):
            sx = -1.0 if cx == x else 1.0
            sy = -1.0 if cy == y else 1.0
            # every box that may come within reach of the corner (corners of neighbouring
            # pieces share their windows of cells)
            window = (floor((cx - reach) / size), floor((cx + reach) / size),
                      floor((cy - reach) / size), floor((cy + reach) / size))
            near = found.get(window)
            if near is None:
                js: set[int] = set()
                for gx in range(window[0], window[1] + 1):
                    for gy in range(window[2], window[3] + 1):
                        js.update(cells.get((gx, gy), ()))
                near = found[window] = [(j, *boxes[j]) for j in js]  # any order: a run is
                # a minimum over them
            # how far each mark (outward in x by sx, in y by sy) runs from start
            run_x = run_y = length
            blocked_x = blocked_y = False
            for j, bx1, by1, bx2, by2 in near:
                if j == i:
                    continue
                if by1 < cy < by2:  # across the horizontal mark's line
                    dist, beyond = ((bx1 - cx), (bx2 - cx)) if sx > 0 else ((cx - bx2),
                                                                             (cx - bx1))
                    if dist >= lo:
                        if dist - start < run_x:
                            run_x = dist - start
                    elif beyond > hi:
                        blocked_x = True
                if bx1 < cx < bx2:  # across the vertical mark's line
                    dist, beyond = ((by1 - cy), (by2 - cy)) if sy > 0 else ((cy - by2),
                                                                             (cy - by1))
                    if dist >= lo:
                        if dist - start < run_y:
                            run_y = dist - start
                    elif beyond > hi:
                        blocked_y = True
            if limit is not None:
                run_x = min(run_x, (lim_x2 - cx if sx > 0 else cx - lim_x) - start)
                run_y = min(run_y, (lim_y2 - cy if sy > 0 else cy - lim_y) - start)
            run_x = 0.0 if blocked_x else max(run_x, 0.0)
            run_y = 0.0 if blocked_y else max(run_y, 0.0)
            # along the horizontal edge, outward in x; along the vertical edge, outward in y
            # (as Segment(cx + dx * start, cy + dy * start, ...) with (dx, dy) = (sx, 0.0),
            # then (0.0, sy): the same floats)
            if run_x >= min_length:
                seg = (cx + sx * start, cy + 0.0 * start,
                       cx + sx * (start + run_x), cy + 0.0 * (start + run_x))
                if seg not in made:
                    made.add(seg)
                    key = (round(seg[0] * 100), round(seg[1] * 100), round(seg[2] * 100),
                           round(seg[3] * 100))
                    if key not in seen:
                        seen.add(key)
                        out.append(Segment(*seg))
            if run_y >= min_length:
                seg = (cx + 0.0 * start, cy + sy * start,
                       cx + 0.0 * (start + run_y), cy + sy * (start + run_y))
                if seg not in made:
                    made.add(seg)
                    key = (round(seg[0] * 100), round(seg[1] * 100), round(seg[2] * 100),
                           round(seg[3] * 100))
                    if key not in seen:
                        seen.add(key)
                        out.append(Segment(*seg))
    return tuple(out)


def _grown(rects: Sequence[Rect], d: float) -> list[tuple[float, float, float, float]]:
    """(x, y, x2, y2) of each ``r.expand(d)``, computed as ``Rect.expand`` does (to the bit),
    without making the rectangles."""
    n = -d
    out = []
    for r in rects:
        x, y = r.x + n, r.y + n
        out.append((x, y, x + (r.w - 2 * n), y + (r.h - 2 * n)))
    return out


def draw_segments(c: Canvas, segments: Iterable[Segment], width: float = MARK_WIDTH) -> None:
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(width)
    c.setLineCap(0)
    p = c.beginPath()
    for s in segments:
        p.moveTo(s.x1, s.y1)
        p.lineTo(s.x2, s.y2)
    c.drawPath(p, stroke=1, fill=0)
    c.restoreState()


REG_RADIUS = mm(2.5)


def registration_points(page: Rect, size: tuple[float, float], taken: Sequence[Rect]
                        ) -> list[tuple[float, float]]:
    """Targets at the middle of each printable edge that no piece covers.

    The candidate set is symmetric under both duplex mirrors, so each target printed on a front
    lands on a target printed on its back.
    """
    r = REG_RADIUS + mm(0.5)
    cands = [(page.x + r, size[1] / 2), (page.x2 - r, size[1] / 2),
             (size[0] / 2, page.y + r), (size[0] / 2, page.y2 - r)]
    out = []
    boxes = [(t.x, t.y, t.x2, t.y2) for t in taken]
    for x, y in cands:
        box = Rect(x - r, y - r, 2 * r, 2 * r)
        bx, by, bw, bh = box.x, box.y, box.w, box.h
        # the target and its two mirror images, as (x, y, x2, y2) the way Rect computes them
        mx, my = size[0] - (bx + bw), size[1] - (by + bh)
        free = True
        for ax, ay, ax2, ay2 in ((bx, by, bx + bw, by + bh), (mx, by, mx + bw, by + bh),
                                 (bx, my, bx + bw, my + bh)):
            for x1, y1, x2, y2 in boxes:
                if ax < x2 and x1 < ax2 and ay < y2 and y1 < ay2:  # Rect.overlaps
                    free = False
                    break
            if not free:
                break
        if free:
            out.append((x, y))
    return out


def draw_registration(c: Canvas, points: Iterable[tuple[float, float]]) -> None:
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK_WIDTH)
    for x, y in points:
        c.circle(x, y, REG_RADIUS * 0.6, stroke=1, fill=0)
        c.line(x - REG_RADIUS, y, x + REG_RADIUS, y)
        c.line(x, y - REG_RADIUS, x, y + REG_RADIUS)
    c.restoreState()


def draw_fold_line(c: Canvas, axis: str, pos: float, size: tuple[float, float],
                   page: Rect, label: bool = True,
                   skip: tuple[float, float] | None = None) -> None:
    """A dashed line along the fold, broken at each end for a small "fold" label centred on
    it (there, in the fold gap, no crop mark can cross the word).  Butted cards reach the
    fold line from both sides: ``label=False`` leaves the words out, for lack of room, and
    ``skip`` (from, to along the line) leaves out the stretch where their bleed meets it."""
    from pnp.render.fonts import REGULAR, text_width

    word, fs = "fold", 6.0
    w = text_width(word, REGULAR, fs)
    mid = fs * 0.38  # half the word's height: centred on the fold line
    c.saveState()
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setFillColorRGB(0.45, 0.45, 0.45)
    c.setLineWidth(0.5)
    c.setDash(4, 3)
    c.setFont(REGULAR, fs)
    if not label:
        lo, hi = (page.y, page.y2) if axis == "x" else (page.x, page.x2)
        for a, b in [(lo, hi)] if skip is None else [(lo, skip[0]), (skip[1], hi)]:
            if b - a < mm(1):
                continue
            if axis == "x":
                c.line(pos, a, pos, b)
            else:
                c.line(a, pos, b, pos)
    elif axis == "x":
        c.line(pos, page.y + w + mm(1), pos, page.y2 - w - mm(1))
        for y0 in (page.y2, page.y + w):  # read downwards, from the end of the line
            c.saveState()
            c.translate(pos, y0)
            c.rotate(-90)
            c.drawString(0, -mid, word)
            c.restoreState()
    else:
        c.line(page.x + w + mm(1), pos, page.x2 - w - mm(1), pos)
        c.drawString(page.x, pos - mid, word)
        c.drawRightString(page.x2, pos - mid, word)
    c.restoreState()
