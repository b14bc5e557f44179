"""The layout check: find collisions on pages recorded as a kit is drawn (recording.py).

:class:`~pnp.render.recording.RecordingCanvas` notes each string, shape and line a page draws,
with the clip, the order of drawing and the piece being drawn (the component sheets call
``note_piece`` around each piece's art).  :func:`check_page` then applies the rules a print
shop would:

* text overlaps no other text, crosses no line or outline, and sits on a filled shape only when
  the shape lies wholly under it (a background) and was drawn before it;
* text keeps out of the 10 mm safe margin and is at least 5 pt tall as printed;
* a piece's art stays inside its cut line, or runs on to the bleed edge (backgrounds);
  sheet marks and text keep out of every piece.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterator, Sequence

from pnp.render.document import Page
from pnp.render.fonts import REGULAR, register_fonts
from pnp.render.geometry import MARGIN, MM, Rect
from pnp.render.recording import Mark, PageRecord, RecordingCanvas

MIN_TEXT_PT = 5.0
TOL = 0.3  # points: overlaps thinner than this are rounding, not collisions


# checking ------------------------------------------------------------------------------------

def _overlaps(a: Rect, b: Rect, tol: float = TOL) -> bool:
    return a.x < b.x2 - tol and b.x < a.x2 - tol and a.y < b.y2 - tol and b.y < a.y2 - tol


def _circle_of(m: Mark) -> tuple[float, float, float]:
    return m.box.cx, m.box.cy, min(m.box.w, m.box.h) / 2


def _edges(m: Mark) -> Iterator[tuple[float, float, float, float]]:
    assert m.polys is not None
    for poly in m.polys:
        for a, b in zip(poly, poly[1:] + poly[:1], strict=True):
            yield (*a, *b)


def _point_in(m: Mark, x: float, y: float) -> bool:
    """Even-odd rule over every sub-path."""
    inside = False
    for x1, y1, x2, y2 in _edges(m):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _inside_shape(m: Mark, r: Rect, shrink: float) -> bool:
    """Does ``r`` lie within the shape's interior, ``shrink`` in from its edge?"""
    if m.polys is not None:
        hit = r.expand(max(0.0, shrink - TOL))
        return _point_in(m, r.cx, r.cy) and not any(_segment_hits(e, hit) for e in _edges(m))
    if m.shape == "circle":
        cx, cy, rad = _circle_of(m)
        lim = rad - shrink + TOL
        return all(math.hypot(x - cx, y - cy) <= lim
                   for x, y in ((r.x, r.y), (r.x2, r.y), (r.x, r.y2), (r.x2, r.y2)))
    return m.box.inset(shrink).contains(r, TOL)


def _touches_shape(m: Mark, r: Rect) -> bool:
    if not _overlaps(m.box, r):
        return False
    if m.polys is not None:
        inner = r.inset(TOL / 2) if r.w > TOL and r.h > TOL else r
        return _point_in(m, r.cx, r.cy) or any(_segment_hits(e, inner) for e in _edges(m))
    if m.shape == "circle":
        cx, cy, rad = _circle_of(m)
        nx, ny = min(max(cx, r.x), r.x2), min(max(cy, r.y), r.y2)
        return math.hypot(nx - cx, ny - cy) < rad - TOL
    return True


def _segment_hits(seg: tuple[float, float, float, float], r: Rect) -> bool:
    """Liang-Barsky: does the segment pass through the rectangle?"""
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - r.x), (dx, r.x2 - x1), (-dy, y1 - r.y), (dy, r.y2 - y1)):
        if abs(p) < 1e-12:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _text_conflict(t: Mark, e: Mark, floor: int) -> str | None:
    """Why text ``t`` and element ``e`` collide, or None."""
    tv = t.visible()
    ev = e.visible()
    if tv is None or ev is None or e.alpha == 0:
        return None
    tb = tv.inset(TOL / 2) if tv.w > TOL and tv.h > TOL else tv
    if e.kind == "text":
        return "overlaps" if _overlaps(tb, ev) else None
    if e.order < floor:  # hidden under a background drawn after it
        return None
    if e.kind == "segment":
        assert e.seg is not None
        hit = tb.expand(max(0.0, e.line_width / 2 - TOL))
        if e.clip is not None and not _overlaps(hit, e.clip, 0):
            return None
        return "is crossed by" if _segment_hits(e.seg, hit) else None
    if not _overlaps(ev, tb) or not _touches_shape(e, tb):  # clipped away: no contact
        return None
    if e.order > t.order and e.fill:
        # wholly under a piece laid on it (a ship tile on a board's start square) is fine
        return None if _inside_shape(e, tb, 0.0) else "is covered by"
    if e.fill and _inside_shape(e, tb, e.line_width / 2 if e.stroke else 0.0):
        return None
    if not e.fill and _inside_shape(e, tb, e.line_width / 2):
        return None
    return "runs into" if e.fill else "crosses"


class _Grid:
    CELL = 36.0

    def __init__(self, marks: Sequence[Mark]) -> None:
        self.cells: dict[tuple[int, int], list[Mark]] = {}
        for m in marks:
            for key in self._keys(m.box):
                self.cells.setdefault(key, []).append(m)

    def _keys(self, r: Rect) -> Iterator[tuple[int, int]]:
        c = self.CELL
        for i in range(math.floor(r.x / c), math.floor(r.x2 / c) + 1):
            for j in range(math.floor(r.y / c), math.floor(r.y2 / c) + 1):
                yield i, j

    def near(self, r: Rect) -> list[Mark]:
        seen: dict[int, Mark] = {}
        for key in self._keys(r):
            for m in self.cells.get(key, ()):
                seen[m.order] = m
        return list(seen.values())


def check_page(page: PageRecord, *, margin: float = MARGIN) -> list[str]:
    """Every layout problem on one recorded page, as sentences."""
    problems: list[str] = []
    w, h = page.size
    safe = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    texts = [m for m in page.marks if m.kind == "text" and m.visible() is not None]
    grid = _Grid(page.marks)
    floors: dict[int, int] = {}  # per text: the last opaque fill under it, drawn before it
    for t in texts:
        tv = t.visible()
        assert tv is not None
        floors[t.order] = max((f.order for f in grid.near(tv) if f.kind == "shape" and f.fill
                               and f.alpha > 0 and f.order < t.order
                               and f.visible() is not None and _inside_shape(f, tv, 0.0)),
                              default=0)
    seen: set[tuple[int, int]] = set()
    for t in texts:
        tv = t.visible()
        assert tv is not None
        if t.size < MIN_TEXT_PT - 0.01:
            problems.append(f"{t.describe()} is under {MIN_TEXT_PT:g} pt")
        if not safe.contains(tv, 0.05):
            problems.append(f"{t.describe()} is inside the {margin / MM:.0f} mm margin")
        for e in grid.near(tv):
            if e.order == t.order or (e.kind == "text" and (e.order, t.order) in seen):
                continue
            if e.kind == "text" and min(e.order, t.order) < floors[max(e.order, t.order)]:
                continue  # the earlier text lies under a background of the later one
            why = _text_conflict(t, e, floors[t.order])
            if why is not None:
                if e.kind == "text":
                    seen.add((t.order, e.order))
                problems.append(f"{t.describe()} {why} {e.describe()}")
    problems += _cut_problems(page)
    return problems


def _cut_problems(page: PageRecord) -> list[str]:
    out: list[str] = []
    for m in page.marks:
        if m.piece is None:
            for p in page.pieces:
                v = m.visible()
                if v is not None and _overlaps(v, p.trim.expand(p.bleed), TOL) and not (
                        m.kind == "segment" and m.seg is not None
                        and not _segment_hits(m.seg, p.trim.expand(p.bleed).inset(TOL))):
                    out.append(f"{m.describe()} (sheet) enters the piece {p.label or ''} "
                               f"at ({p.trim.x / MM:.1f}, {p.trim.y / MM:.1f}) mm")
            continue
        p = page.pieces[m.piece]
        trim, b = p.trim, p.bleed
        box = m.box
        if m.kind == "segment" and m.line_width < 0.01:
            continue
        over = (trim.x - box.x, box.x2 - trim.x2, trim.y - box.y, box.y2 - trim.y2)
        for o in over:
            if o > TOL + m.line_width / 2 and (b <= 0 or o < b - TOL):
                out.append(f"{m.describe()} crosses the cut line of the piece {p.label} "
                           f"by {o / MM:.1f} mm")
                break
    return out


def record_pages(pages: Sequence[Page]) -> list[PageRecord]:
    """Draw the pages on a recording canvas (nothing is written) and return what it saw."""
    from pnp.render.document import render_pages

    register_fonts()
    c = RecordingCanvas(io.BytesIO(), pagesize=pages[0].size, invariant=1,
                        initialFontName=REGULAR, initialFontSize=10)
    render_pages(c, pages)
    for page, record in zip(pages, c.pages, strict=True):
        record.label = page.label
    return c.pages


def normalise(problem: str) -> str:
    """A problem without its coordinates and measures: the same fault on another sheet, seed
    or paper reads the same."""
    problem = re.sub(r" at \([-0-9., ]*\) mm| by [0-9.]+ mm| [0-9.]+ x [0-9.]+ mm", "", problem)
    return re.sub(r"\([0-9.]+ pt\)", "(pt)", problem).strip()


def page_kind(label: str) -> str:
    """A page label without its sheet number: every tile sheet is one kind of page."""
    return re.sub(r",? sheet \d+ of \d+", "", label)
