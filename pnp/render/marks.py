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
from dataclasses import dataclass
from math import floor

from reportlab.pdfgen.canvas import Canvas

from pnp.render.geometry import Rect, mm
from pnp.render.impose import MARK_LENGTH, MARK_OFFSET

Box = tuple[float, float, float, float]

MARK_WIDTH = 0.25  # points: a hairline that still prints on inkjets
MIN_MARK = mm(0.8)


@dataclass(frozen=True)
class Segment:
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
    ``length`` and are left out where less than ``min_length`` fits.
    """
    boxes = _grown(cuts, bleed + offset) + _grown(others, offset)
    start = bleed + offset
    near = _Grid(boxes, start + length)
    out: list[Segment] = []
    seen: set[tuple[int, int, int, int]] = set()
    around = near.around
    for i, r in enumerate(cuts):
        x, y, x2, y2 = r.x, r.y, r.x2, r.y2
        for cx, cy in ((x, y), (x2, y), (x, y2), (x2, y2)):
            sx = -1.0 if cx == x else 1.0
            sy = -1.0 if cy == y else 1.0
            run_x, run_y = _free_runs(cx, cy, sx, sy, start, length, around(cx, cy), i, limit)
            # along the horizontal edge, outward in x; along the vertical edge, outward in y
            # (as Segment(cx + dx * start, cy + dy * start, ...) with (dx, dy) = (sx, 0.0),
            # then (0.0, sy): the same floats, a Segment made only for a new mark)
            if run_x >= min_length:
                x1, y1 = cx + sx * start, cy + 0.0 * start
                x2_, y2_ = cx + sx * (start + run_x), cy + 0.0 * (start + run_x)
                key = (round(x1 * 100), round(y1 * 100), round(x2_ * 100), round(y2_ * 100))
                if key not in seen:
                    seen.add(key)
                    out.append(Segment(x1, y1, x2_, y2_))
            if run_y >= min_length:
                x1, y1 = cx + 0.0 * start, cy + sy * start
                x2_, y2_ = cx + 0.0 * (start + run_y), cy + sy * (start + run_y)
                key = (round(x1 * 100), round(y1 * 100), round(x2_ * 100), round(y2_ * 100))
                if key not in seen:
                    seen.add(key)
                    out.append(Segment(x1, y1, x2_, y2_))
    return out


def _grown(rects: Sequence[Rect], d: float) -> list[tuple[float, float, float, float]]:
    """(x, y, x2, y2) of each ``r.expand(d)``, computed as ``Rect.expand`` does (to the bit),
    without making the rectangles."""
    n = -d
    out = []
    for r in rects:
        x, y = r.x + n, r.y + n
        out.append((x, y, x + (r.w - 2 * n), y + (r.h - 2 * n)))
    return out


class _Grid:
    """Boxes bucketed in square cells as wide as a mark's reach, so a corner looks only at
    the boxes near it (a sheet of 100 tiles has 800 marks; each used to scan every box)."""

    def __init__(self, boxes: list[Box], reach: float) -> None:
        self.boxes, self.reach = boxes, reach
        self.size = size = max(reach, 72.0)  # an inch: a piece covers one to four cells
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.found: dict[tuple[int, int, int, int], list[tuple[int, Box]]] = {}
        for j, (x1, y1, x2, y2) in enumerate(boxes):
            for gx in range(floor(x1 / size), floor(x2 / size) + 1):
                for gy in range(floor(y1 / size), floor(y2 / size) + 1):
                    self.cells.setdefault((gx, gy), []).append(j)

    def around(self, x: float, y: float) -> list[tuple[int, Box]]:
        """(index, box) of every box that may come within ``reach`` of (x, y)."""
        r, size = self.reach, self.size
        window = (floor((x - r) / size), floor((x + r) / size), floor((y - r) / size),
                  floor((y + r) / size))
        near = self.found.get(window)  # corners of neighbouring pieces share windows
        if near is None:
            found: set[int] = set()
            cells = self.cells
            for gx in range(window[0], window[1] + 1):
                for gy in range(window[2], window[3] + 1):
                    found.update(cells.get((gx, gy), ()))
            boxes = self.boxes
            near = self.found[window] = [(j, boxes[j]) for j in found]  # any order: a run
        return near  # is a minimum over them


def _free_runs(cx: float, cy: float, sx: float, sy: float, start: float, length: float,
               obstacles: Sequence[tuple[int, tuple[float, float, float, float]]], own: int,
               limit: Rect | None) -> tuple[float, float]:
    """How far the corner's two marks (outward in x by ``sx``, in y by ``sy``) can run from
    ``start`` before each meets another piece or the limit; 0 where a mark would start on
    (or cross into) a piece that touches this one.

    ``obstacles`` are (index, (x, y, x2, y2)): every box within reach of the corner (a box
    farther away can neither shorten a mark nor sit under its start)."""
    run_x = run_y = length
    blocked_x = blocked_y = False
    lo, hi = start - 1e-6, start + 1e-6
    for j, (x1, y1, x2, y2) in obstacles:
        if j == own:
            continue
        if y1 < cy < y2:  # across the horizontal mark's line
            dist, beyond = ((x1 - cx), (x2 - cx)) if sx > 0 else ((cx - x2), (cx - x1))
            if dist >= lo:
                if dist - start < run_x:
                    run_x = dist - start
            elif beyond > hi:
                blocked_x = True
        if x1 < cx < x2:  # across the vertical mark's line
            dist, beyond = ((y1 - cy), (y2 - cy)) if sy > 0 else ((cy - y2), (cy - y1))
            if dist >= lo:
                if dist - start < run_y:
                    run_y = dist - start
            elif beyond > hi:
                blocked_y = True
    if limit is not None:
        run_x = min(run_x, (limit.x2 - cx if sx > 0 else cx - limit.x) - start)
        run_y = min(run_y, (limit.y2 - cy if sy > 0 else cy - limit.y) - start)
    return (0.0 if blocked_x else max(run_x, 0.0)), (0.0 if blocked_y else max(run_y, 0.0))


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
