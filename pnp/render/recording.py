"""A ReportLab canvas that records what it draws: every string, shape and line in page
coordinates (through every translate, rotate and scale), with the clip in force, the order of
drawing and the piece being drawn, for the layout check (layout.py).

Boxes are tight ones: a string's box runs from the lowest to the highest point of its letters'
outlines (read from the font's glyph table), so stacked lines do not count as touching."""

from __future__ import annotations

import itertools
import math
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

from pnp.render.fonts import text_width
from pnp.render.geometry import MM, Rect

Kind = Literal["text", "shape", "segment"]

Matrix = tuple[float, float, float, float, float, float]

_INK: dict[str, dict[str, tuple[float, float] | None]] = {}

def _glyph_heights(font: str, ch: str) -> tuple[float, float] | None:
    """(yMin, yMax) of a character's outline, as a share of the font size (None: blank)."""
    cache = _INK.setdefault(font, {})
    if ch not in cache:
        face = pdfmetrics.getFont(font).face
        gid = face.charToGlyph.get(ord(ch))
        if gid is None or face.glyphPos[gid + 1] == face.glyphPos[gid]:
            cache[ch] = None
        else:
            pos = face.get_table_pos("glyf")[0] + face.glyphPos[gid]
            _, _, y_min, _, y_max = struct.unpack(">hhhhh", face.get_chunk(pos, 10))
            cache[ch] = (y_min / face.unitsPerEm, y_max / face.unitsPerEm)
    return cache[ch]

def ink_heights(text: str, font: str) -> tuple[float, float]:
    """How far the string's ink reaches below and above its baseline, per point of size."""
    spans = [h for h in (_glyph_heights(font, ch) for ch in text) if h is not None]
    if not spans:
        return 0.0, 0.0
    return min(lo for lo, _ in spans), max(hi for _, hi in spans)

@dataclass(frozen=True)
class Mark:
    """One drawn thing in page coordinates."""

    kind: Kind
    box: Rect
    order: int
    fill: bool = False
    stroke: bool = False
    shape: str = ""  # rect, circle or path
    text: str = ""
    size: float = 0.0  # a string's height as printed, points
    line_width: float = 0.0
    seg: tuple[float, float, float, float] | None = None
    piece: int | None = None  # index in PageRecord.pieces of the piece being drawn
    clip: Rect | None = None
    alpha: float = 1.0
    polys: tuple[tuple[tuple[float, float], ...], ...] | None = None  # a free path's outline

    def visible(self) -> Rect | None:
        return self.box if self.clip is None else _intersection(self.box, self.clip)

    def describe(self) -> str:
        where = f"at ({self.box.x / MM:.1f}, {self.box.y / MM:.1f}) mm"
        if self.kind == "text":
            return f"text {self.text[:40]!r} ({self.size:.1f} pt) {where}"
        if self.kind == "segment":
            return f"a line {where}"
        how = "filled" if self.fill else "outlined"
        return f"a {how} {self.shape} {self.box.w / MM:.1f} x {self.box.h / MM:.1f} mm {where}"

@dataclass(frozen=True)
class PieceBox:
    trim: Rect
    bleed: float
    label: str = ""

@dataclass
class PageRecord:
    size: tuple[float, float]
    label: str = ""
    marks: list[Mark] = field(default_factory=list)
    pieces: list[PieceBox] = field(default_factory=list)

def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f

def _mul(m: Matrix, n: Matrix) -> Matrix:
    """The matrix doing ``n`` first, then ``m``."""
    a0, b0, c0, d0, e0, f0 = m
    a, b, c, d, e, f = n
    return (a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d,
            a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)

def _box(m: Matrix, x0: float, y0: float, x1: float, y1: float) -> Rect:
    pts = [_apply(m, x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))

def _intersection(a: Rect, b: Rect) -> Rect | None:
    x, y = max(a.x, b.x), max(a.y, b.y)
    x2, y2 = min(a.x2, b.x2), min(a.y2, b.y2)
    if x2 < x or y2 < y:
        return None
    return Rect(x, y, x2 - x, y2 - y)

def _ellipse_pts(x1: float, y1: float, x2: float, y2: float, start: float = 0.0,
                 extent: float = 360.0, n: int = 24) -> list[tuple[float, float]]:
    cx, cy, rx, ry = (x1 + x2) / 2, (y1 + y2) / 2, abs(x2 - x1) / 2, abs(y2 - y1) / 2
    return [(cx + rx * math.cos(math.radians(start + extent * k / n)),
             cy + ry * math.sin(math.radians(start + extent * k / n))) for k in range(n + 1)]

class _Path(PDFPathObject):  # type: ignore[misc]
    """A path that remembers its outline as polygons (curves sampled), for the layout check."""

    def __init__(self, code: Any = None) -> None:
        super().__init__(code)
        self.polys: list[list[tuple[float, float]]] = []
        self.parts: list[str] = []

    def _new(self, pts: list[tuple[float, float]], part: str) -> None:
        self.polys.append(pts)
        self.parts.append(part)

    def _more(self, pts: list[tuple[float, float]], part: str) -> None:
        if not self.polys:
            self.polys.append([])
        self.polys[-1] += pts
        self.parts.append(part)

    def segments(self) -> list[tuple[float, float, float, float]] | None:
        """The straight segments, when the path is nothing but open moveTo/lineTo runs."""
        if not set(self.parts) <= {"m", "l"}:
            return None
        return [(*a, *b) for poly in self.polys for a, b in itertools.pairwise(poly)]

    def moveTo(self, x: float, y: float) -> None:
        self._new([(x, y)], "m")
        super().moveTo(x, y)

    def lineTo(self, x: float, y: float) -> None:
        self._more([(x, y)], "l")
        super().lineTo(x, y)

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float,
                y3: float) -> None:
        x0, y0 = self.polys[-1][-1] if self.polys and self.polys[-1] else (x1, y1)
        pts = []
        for k in range(1, 9):
            t = k / 8
            a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
            pts.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
        self._more(pts, "c")
        super().curveTo(x1, y1, x2, y2, x3, y3)

    def arc(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,
            extent: float = 90) -> None:
        self._new(_ellipse_pts(x1, y1, x2, y2, startAng, extent), "a")
        super().arc(x1, y1, x2, y2, startAng, extent)

    def arcTo(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,
              extent: float = 90) -> None:
        self._more(_ellipse_pts(x1, y1, x2, y2, startAng, extent), "a")
        super().arcTo(x1, y1, x2, y2, startAng, extent)

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self._new([(x, y), (x + width, y), (x + width, y + height), (x, y + height)], "r")
        PDFPathObject.rect(self, x, y, width, height)

    def ellipse(self, x: float, y: float, width: float, height: float) -> None:
        self._new(_ellipse_pts(x, y, x + width, y + height), "e")
        PDFPathObject.ellipse(self, x, y, width, height)

    def circle(self, x_cen: float, y_cen: float, r: float) -> None:
        self._new(_ellipse_pts(x_cen - r, y_cen - r, x_cen + r, y_cen + r), "o")
        PDFPathObject.circle(self, x_cen, y_cen, r)

    def roundRect(self, x: float, y: float, width: float, height: float,
                  radius: float) -> None:
        self._new([(x, y), (x + width, y), (x + width, y + height), (x, y + height)], "r")
        PDFPathObject.roundRect(self, x, y, width, height, radius)

    def close(self) -> None:
        self.parts.append("z")
        super().close()

class _Text(PDFTextObject):  # type: ignore[misc]
    """A text object that remembers each run it sets: (x, y, text, font, size)."""

    def __init__(self, canvas: Canvas, x: float = 0, y: float = 0, direction: Any = None) -> None:
        self.runs: list[tuple[float, float, str, str, float]] = []
        super().__init__(canvas, x, y, direction=direction)

    def _note(self, text: str) -> None:
        if text.strip():
            self.runs.append((self._x, self._y, text, self._fontname, self._fontsize))

    def textOut(self, text: str) -> None:
        self._note(text)
        super().textOut(text)

    def textLine(self, text: str = "") -> None:
        self._note(text)
        super().textLine(text)

class RecordingCanvas(Canvas):  # type: ignore[misc]
    """A canvas that also records what it draws, page by page, in :attr:`pages`."""

    stamps = False  # repeated art is drawn (and recorded) every time, not stamped (stamps.py)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pages: list[PageRecord] = []
        self._order = 0
        self._stack: list[tuple[Rect | None, int | None]] = []
        self._clip: Rect | None = None
        self._piece: int | None = None
        self._record = PageRecord(self._pagesize)

    # state -----------------------------------------------------------------------------------
    def saveState(self) -> None:
        self._stack.append((self._clip, self._piece))
        super().saveState()

    def restoreState(self) -> None:
        self._clip, self._piece = self._stack.pop()
        super().restoreState()

    def setPageSize(self, size: Any) -> None:
        super().setPageSize(size)
        self._record.size = (float(size[0]), float(size[1]))

    def showPage(self) -> None:
        self.pages.append(self._record)
        self._record = PageRecord(self._pagesize)
        self._clip, self._piece, self._stack = None, None, []
        super().showPage()

    def note_piece(self, trim: Rect, bleed: float, label: str = "") -> None:
        """The art drawn from here to the matching restoreState belongs to this piece."""
        box = _box(self._currentMatrix, trim.x, trim.y, trim.x2, trim.y2)
        self._record.pieces.append(PieceBox(box, bleed * _scale(self._currentMatrix), label))
        self._piece = len(self._record.pieces) - 1

    # recording -------------------------------------------------------------------------------
    def _mark(self, kind: Kind, box: Rect, **kw: Any) -> None:
        self._order += 1
        self._record.marks.append(Mark(kind, box, self._order, piece=self._piece,
                                       clip=self._clip, **kw))

    def _alpha(self, fill: bool) -> float:
        color = self._fillColorObj if fill else self._strokeColorObj
        return float(getattr(color, "alpha", 1.0) or 0.0)

    def _shape(self, x0: float, y0: float, x1: float, y1: float, stroke: Any, fill: Any,
               shape: str) -> None:
        m = self._currentMatrix
        self._mark("shape", _box(m, min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)),
                   fill=bool(fill), stroke=bool(stroke), shape=shape,
                   line_width=self._lineWidth * _scale(m), alpha=self._alpha(bool(fill)))

    def _segment(self, x1: float, y1: float, x2: float, y2: float) -> None:
        m = self._currentMatrix
        ax, ay = _apply(m, x1, y1)
        bx, by = _apply(m, x2, y2)
        box = Rect(min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))
        self._mark("segment", box, stroke=True, line_width=self._lineWidth * _scale(m),
                   seg=(ax, ay, bx, by), alpha=self._alpha(False))

    def beginPath(self) -> _Path:
        return _Path()

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> _Text:
        return _Text(self, x, y, direction=direction)

    def drawText(self, aTextObject: PDFTextObject) -> None:
        m = self._currentMatrix
        scale = _scale(m)
        for x, y, text, font, size in getattr(aTextObject, "runs", []):
            w = text_width(text, font, size)
            low, high = ink_heights(text, font)
            self._mark("text", _box(m, x, y + low * size, x + w, y + high * size), text=text,
                       size=size * scale, alpha=self._alpha(True))
        super().drawText(aTextObject)

    def drawPath(self, aPath: PDFPathObject, stroke: Any = 1, fill: Any = 0,
                 fillMode: Any = None) -> None:
        if isinstance(aPath, _Path) and aPath.polys:
            segs = None if fill else aPath.segments()
            if segs is not None:
                for seg in segs:
                    self._segment(*seg)
            else:
                m = self._currentMatrix
                polys = tuple(tuple(_apply(m, x, y) for x, y in poly) for poly in aPath.polys)
                xs = [x for poly in polys for x, _ in poly]
                ys = [y for poly in polys for _, y in poly]
                shape = {"r": "rect", "o": "circle"}.get("".join(aPath.parts), "path")
                self._mark("shape", Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)),
                           fill=bool(fill), stroke=bool(stroke), shape=shape,
                           line_width=self._lineWidth * _scale(m), alpha=self._alpha(bool(fill)),
                           polys=polys if shape == "path" else None)
        super().drawPath(aPath, stroke, fill, fillMode)

    def clipPath(self, aPath: PDFPathObject, stroke: Any = 1, fill: Any = 0,
                 fillMode: Any = None) -> None:
        pts = [pt for poly in getattr(aPath, "polys", []) for pt in poly]
        if pts:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            box = _box(self._currentMatrix, min(xs), min(ys), max(xs), max(ys))
            self._clip = box if self._clip is None else (_intersection(self._clip, box)
                                                         or Rect(box.x, box.y, 0, 0))
        super().clipPath(aPath, stroke, fill, fillMode)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._segment(x1, y1, x2, y2)
        super().line(x1, y1, x2, y2)

    def lines(self, linelist: Sequence[tuple[float, float, float, float]]) -> None:
        for x1, y1, x2, y2 in linelist:
            self._segment(x1, y1, x2, y2)
        super().lines(linelist)

    def rect(self, x: float, y: float, width: float, height: float, stroke: Any = 1,
             fill: Any = 0) -> None:
        self._shape(x, y, x + width, y + height, stroke, fill, "rect")
        super().rect(x, y, width, height, stroke, fill)

    def roundRect(self, x: float, y: float, width: float, height: float,
                  radius: float, stroke: Any = 1, fill: Any = 0) -> None:
        self._shape(x, y, x + width, y + height, stroke, fill, "rect")
        super().roundRect(x, y, width, height, radius, stroke, fill)

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: Any = 1,
                fill: Any = 0) -> None:
        self._shape(x1, y1, x2, y2, stroke, fill, "circle")
        super().ellipse(x1, y1, x2, y2, stroke, fill)

    def wedge(self, x1: float, y1: float, x2: float, y2: float, startAng: float,
              extent: float, stroke: Any = 1, fill: Any = 0) -> None:
        self._shape(x1, y1, x2, y2, stroke, fill, "path")
        super().wedge(x1, y1, x2, y2, startAng, extent, stroke, fill)

    def arc(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,
            extent: float = 90) -> None:
        self._shape(x1, y1, x2, y2, 1, 0, "path")
        super().arc(x1, y1, x2, y2, startAng, extent)

def note_piece(c: Canvas, trim: Rect, bleed: float, label: str = "") -> None:
    """Tell a recording canvas that a piece's art starts (a no-op on any other canvas)."""
    if isinstance(c, RecordingCanvas):
        c.note_piece(trim, bleed, label)
