"""The one bundled font family (DejaVu), registered once so every PDF embeds it.

Bundling the TrueType files makes output identical on every machine; ReportLab embeds a subset
of each face it draws with.  ``asciiReadable`` keeps printable ASCII at its own codes in the
first subset, which the fillable record sheet's form fields rely on (see forms.py).
"""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, unShapedFontGlob

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
        pdfmetrics.registerFont(_Face(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE,
                                  boldItalic=BOLD)
    _registered = True


def text_width(text: str, font: str, size: float) -> float:
    register_fonts()
    return float(pdfmetrics.stringWidth(text, font, size))
