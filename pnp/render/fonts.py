"""The one bundled font family (DejaVu), registered once so every PDF embeds it.

Bundling the TrueType files makes output identical on every machine; ReportLab embeds a subset
of each face it draws with.  ``asciiReadable`` keeps printable ASCII at its own codes in the
first subset, which the fillable record sheet's form fields rely on (see forms.py).
"""

from __future__ import annotations

from fnmatch import fnmatch
from functools import partial
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import (
    TTEncoding,
    TTFont,
    instanceStringWidthTTF,
    unShapedFontGlob,
)

from pnp.render.fontcache import CachedFace

FONT_DIR = Path(__file__).parent / "fonts"

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    OBLIQUE: "DejaVuSans-Oblique.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
}

_registered = False


class _Face(TTFont):  # type: ignore[misc]  # ReportLab is untyped
    """A bundled face, read through the parsed-table cache (fontcache.py), whose text is
    encoded once per document: a kit draws the same strings many times (ids, captions, labels
    on every card), and ReportLab maps each character of every string to its subset code
    anew.  A string's codes never change once assigned (a subset only grows), so the split
    remembered per document is the one ReportLab makes."""

    def __init__(self, name: str, filename: str) -> None:
        # TTFont.__init__ with the face read through the cache (a test compares the two)
        self.fontName = name
        self.face = CachedFace(filename)
        self.encoding = TTEncoding()
        self.state: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
        self._asciiReadable = True
        self.shapable = not any(fnmatch(name, g) for g in unShapedFontGlob)

    def splitString(self, text: Any, doc: Any, encoding: str = "utf-8") -> Any:
        try:
            state = self.state[doc]
        except KeyError:
            state = self.state[doc] = TTFont.State(self._asciiReadable, self)
        memo: dict[Any, Any] | None = state.__dict__.get("pnp_split")
        if memo is None:
            memo = state.pnp_split = {}
        split = memo.get(text)
        if split is None:
            split = memo[text] = super().splitString(text, doc, encoding)
        return split


def register_fonts() -> None:
    """Register the family with ReportLab (idempotent)."""
    global _registered
    if _registered:
        return
    for name, filename in _FILES.items():
        face = _Face(name, str(FONT_DIR / filename))
        pdfmetrics.registerFont(face)
        _MEASURE[name] = partial(instanceStringWidthTTF, face, encoding="utf8")
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE,
                                  boldItalic=BOLD)
    _registered = True


def text_width(text: str, font: str, size: float) -> float:
    """``pdfmetrics.stringWidth``: for a bundled face, straight to ReportLab's own measure
    (a kit measures thousands of strings; the three calls on the way cost more than it)."""
    measure = _MEASURE.get(font)
    if measure is None:
        register_fonts()
        return float(pdfmetrics.stringWidth(text, font, size))
    return float(measure(text, size))


def glyph_widths(font: str) -> tuple[dict[int, float], float] | None:
    """A bundled face's advance widths (per 1000 units of size, by code point) and the width
    of a character it lacks, as ReportLab measures them: ``text_width(t, font, size)`` is
    ``sum(widths) * 0.001 * size`` (the widths are binary fractions, so a sum is exact in
    any order).  None for a font that is not bundled."""
    if font not in _FILES:
        return None
    register_fonts()
    face = pdfmetrics.getFont(font).face
    return face.charWidths, face.defaultWidth


_MEASURE: dict[str, Any] = {}  # bundled face -> its bound measure, once registered
