"""Fillable form fields (AcroForm) written with the page, in the one pass that draws it.

ReportLab's own form support (``canvas.acroForm``) only knows the standard 14 PDF fonts, which
are never embedded, so a kit using it would name an unembedded Helvetica.  Instead the widgets
are built here from ReportLab's PDF objects while the page is drawn: each field's default
appearance names a dedicated subset of DejaVu Sans (the *form font*) whose codes are fixed in
advance (ASCII and Windows-1252 at their own codes, Latin Extended-A letters in the rest: Chvátil,
Zoë, Łukasz, O’Neill), so a viewer can type those names with the embedded font and
the sheet checker reads them back.  Writing the fields in the first pass costs what drawing
them costs; the former second pass (pypdf reading and rewriting the whole file) took 13-46 %
of a kit's time.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.engine import PnpError
from pnp.render.fonts import REGULAR, register_fonts
from pnp.render.geometry import Rect

FORM_FONT = "/DejaVu"
"""The name the fields' default appearance (/DA) and the form's resources (/DR) use."""

FORM_FONT_NAME = "DejaVuSans-Form"


_KEPT_WINANSI = "‘’“”–—…€"  # quotes (O’Neill), dashes, ellipsis, euro
_RARE = set("ĸŉſĿŀĲĳŊŋĦħŦŧĨĩĬĭŎŏŬŭĔĕĜĝĤĥĴĵŶŷ"
            "ĈĉŜŝŴŵĊċĠġŖŗ")


def _layout() -> dict[int, str]:
    """Code -> character of the form font: Windows-1252 (PDF's WinAnsiEncoding) where it has
    letters, so a viewer that assumes WinAnsi types them right, and Latin Extended-A letters in
    the codes WinAnsi spends on symbols.  Left out for want of codes: Latin Extended-A's rarest
    letters (Greenlandic kra, long s, Dutch ij, Sami eng, Maltese, Esperanto and Welsh
    circumflexes, breves of Latin dictionaries)."""
    layout = {c: chr(c) for c in range(32, 127)}
    free = [*range(1, 32), 127]
    for c in range(128, 256):
        ch = bytes([c]).decode("cp1252", errors="replace")
        if ch.isalpha() or ch in _KEPT_WINANSI:
            layout[c] = ch
        else:
            free.append(c)
    have = set(layout.values())
    extra = [chr(u) for u in range(0x100, 0x180) if chr(u) not in have and chr(u) not in _RARE]
    assert len(extra) <= len(free), (len(extra), len(free))
    layout.update(zip(free, extra, strict=False))
    return layout


FORM_LAYOUT = _layout()
FORM_CHARS = "".join(sorted(FORM_LAYOUT.values()))
"""Every character a form field can show with the form font (a value outside is refused)."""


class FormFont(TTFont):  # type: ignore[misc]  # ReportLab is untyped
    """DejaVu Sans under its own name, whose one subset holds exactly :data:`FORM_LAYOUT`.

    It shares the registered face's parsed tables (no second read of the file); its subset
    gets the PostScript name DejaVuSans-Form, so no two different embedded subsets carry the
    same name, and an /Encoding (WinAnsi plus /Differences with uniXXXX names) that tells a
    viewer which code types which letter."""

    def fix_codes(self, doc: Any) -> str:
        """Assign every code of the layout in ``doc``; the font's internal name there."""
        state = self._assignState(doc)
        if not state.frozen and len(state.subsets[0]) != 256:
            subset = [0] * 256
            for code, ch in FORM_LAYOUT.items():
                subset[code] = ord(ch)
            state.subsets = [subset]
            state.assignments = {ord(ch): code for code, ch in FORM_LAYOUT.items()}
            state.assignments[0] = 0
            state.nextCode = 256
        return str(self.getSubsetInternalName(0, doc))

    def addObjects(self, doc: Any) -> None:
        name = self.fix_codes(doc)[1:]
        super().addObjects(doc)
        differences: list[Any] = []
        for code, ch in sorted(FORM_LAYOUT.items()):
            if code >= 128 and bytes([code]).decode("cp1252", errors="replace") == ch:
                continue
            if code >= 32 and code < 127:
                continue
            differences += [code, pdfdoc.PDFName(f"uni{ord(ch):04X}")]
        font = doc.idToObject["BasicFonts"].dict[name]
        font.Encoding = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("Encoding"),
            "BaseEncoding": pdfdoc.PDFName("WinAnsiEncoding"),
            "Differences": pdfdoc.PDFArray(differences)})


_form_font: FormFont | None = None


def form_font() -> FormFont:
    global _form_font
    if _form_font is None:
        register_fonts()
        base = pdfmetrics.getFont(REGULAR)
        assert isinstance(base, TTFont)
        font = FormFont.__new__(FormFont)
        font.__dict__.update(base.__dict__)
        font.fontName = FORM_FONT_NAME
        font.face = copy.copy(base.face)
        font.face.subfontNameX = b"-Form"
        font.state = WeakKeyDictionary()
        pdfmetrics.registerFont(font)
        _form_font = font
    return _form_font


class _Dictionary(pdfdoc.PDFDictionary):  # type: ignore[misc]  # ReportLab is untyped
    """A PDF dictionary written to the very bytes ReportLab writes, faster: a kit's sheets
    carry up to ~2,000 widgets of a dozen entries, and formatting them (each key made a PDF
    name and encoded, each text value escaped and encoded, one by one) was a third of saving a
    Wormholes kit.  Here the keys, the names and the unencrypted strings are encoded once per
    process; everything else goes through ReportLab's own ``format``."""

    def format(self, document: Any, IND: bytes = b"\n ") -> bytes:
        plain = isinstance(document.encrypt, pdfdoc.NoEncryption)
        entries = [_key(k) + b" " + _value(self.dict[k], document, plain)
                   for k in sorted(self.dict)]
        if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
            body = IND.join(entries)
        else:  # as PDFDictionary.format: a line break every 6 entries
            for i in reversed(range(6, len(entries), 6)):
                entries.insert(i, b"\n ")
            body = b" ".join(entries)
        return b"<<\n" + body + b"\n>>"


@cache
def _key(name: str) -> bytes:
    return bytes(pdfdoc.format(pdfdoc.PDFName(name), None))


@lru_cache(maxsize=4096)
def _encoded(value: str) -> bytes:
    """A name or other text written as is (``format`` only encodes it: no document needed)."""
    return bytes(pdfdoc.format(value, None))


@lru_cache(maxsize=4096)
def _text(value: str, escape: int, enc: str) -> bytes:
    """A string in an unencrypted document (escaped and encoded as ``PDFString`` does)."""
    return bytes(pdfdoc.PDFString(value, escape, enc).format(pdfdoc.DummyDoc()))


_MULTILINE = bool(rl_config.pdfMultiLine)  # PDFArray.format puts each number on a line


def _value(value: Any, document: Any, plain: bool) -> bytes:
    kind = type(value)
    if kind is str:
        return _encoded(value)
    if kind is int or kind is float:  # as ``pdfdoc.format``: fp_str's digits, encoded
        return bytes(fp_str(value), "latin-1")
    if (kind is pdfdoc.PDFArray and len(value.sequence) <= 10 and not _MULTILINE
            and all(type(v) is int or type(v) is float for v in value.sequence)):
        return b"[ " + bytes(fp_str(*value.sequence), "latin-1") + b" ]"  # a Rect, a BBox
    if plain and kind is pdfdoc.PDFString and type(value.s) is str:
        return _text(value.s, getattr(value, "escape", 1), getattr(value, "enc", "auto"))
    if kind is pdfdoc.PDFObjectReference and value.name in document.idToObjectNumberAndVersion:
        return b"%d %d R" % document.idToObjectNumberAndVersion[value.name]
    return bytes(pdfdoc.format(value, document))


@dataclass(frozen=True)
class FormField:
    name: str
    page: int
    rect: Rect
    value: str = ""
    size: float = 9.0
    align: int = 0  # 0 left, 1 centre
    tooltip: str = ""  # /TU: what a screen reader or a hovering pointer says


def check_value(f: FormField) -> None:
    bad = sorted({ch for ch in f.value if ch not in FORM_CHARS})
    if bad:
        raise PnpError(f"form field {f.name}: the form font cannot show {''.join(bad)!r} "
                       "(it carries ASCII, Windows-1252 and most Latin Extended-A letters)")


class FormWriter:
    """The fields of one canvas: :meth:`add` them while their page is the current one, then
    :meth:`finish` before ``canvas.save()`` to attach the form to the document."""

    def __init__(self, c: Canvas) -> None:
        self._c = c
        self._doc = c._doc
        self._font_ref = pdfdoc.PDFObjectReference(form_font().fix_codes(self._doc)[1:])
        self._fields: list[Any] = []
        self._appearances: dict[tuple[float, float, str, float, int], Any] = {}

    def _font_dict(self) -> Any:
        return _Dictionary({"Font": _Dictionary({FORM_FONT[1:]: self._font_ref})})

    def _appearance(self, f: FormField) -> Any:
        w, h = round(f.rect.w, 3), round(f.rect.h, 3)
        key = (w, h, f.value, f.size, f.align)
        if key in self._appearances:
            return self._appearances[key]
        ops = ["/Tx BMC"]
        if f.value:
            font = form_font()
            tw = font.stringWidth(f.value, f.size)
            x = (f.rect.w - tw) / 2 if f.align == 1 else 2.0
            y = (f.rect.h - f.size * 0.73) / 2
            ((_, code),) = font.splitString(f.value, self._doc)
            ops += ["q BT", f"{FORM_FONT} {f.size:g} Tf 0 g",
                    f"{x:.2f} {y:.2f} Td ({escapePDF(code)}) Tj", "ET Q"]
        ops.append("EMC")
        stream = pdfdoc.PDFStream(
            _Dictionary({
                "Type": pdfdoc.PDFName("XObject"), "Subtype": pdfdoc.PDFName("Form"),
                "BBox": pdfdoc.PDFArray([0, 0, w, h]), "Resources": self._font_dict()}),
            "\n".join(ops).encode("latin-1"),
            filters=[pdfdoc.PDFZCompress] if self._doc.compression else None)
        ref = self._appearances[key] = self._doc.Reference(stream)
        return ref

    def add(self, f: FormField) -> None:
        """A text field on the canvas's current page."""
        check_value(f)
        widget = {
            "Type": pdfdoc.PDFName("Annot"), "Subtype": pdfdoc.PDFName("Widget"),
            "FT": pdfdoc.PDFName("Tx"), "T": pdfdoc.PDFString(f.name),
            "Rect": pdfdoc.PDFArray([round(v, 3) for v in f.rect.box()]),
            "F": 4,  # print
            "Q": f.align,
            "DA": pdfdoc.PDFString(f"{FORM_FONT} {f.size:g} Tf 0 g"),
            "V": pdfdoc.PDFString(f.value),
            "MK": _Dictionary({}),
            "P": self._doc.thisPageRef(),
            "AP": _Dictionary({"N": self._appearance(f)}),
        }
        if f.tooltip:
            widget["TU"] = pdfdoc.PDFString(f.tooltip)
        annot = _Dictionary(widget)
        self._c._addAnnotation(annot)
        self._fields.append(self._doc.Reference(annot))

    def finish(self) -> None:
        """The document's /AcroForm: every field, the form font, no appearances to rebuild."""
        if not self._fields:
            return
        self._doc.Catalog.AcroForm = pdfdoc.PDFDictionary({
            "Fields": pdfdoc.PDFArray(self._fields),
            "DR": self._font_dict(),
            "DA": pdfdoc.PDFString(f"{FORM_FONT} 9 Tf 0 g"),
            "NeedAppearances": pdfdoc.PDFfalse,
        })


def fields_on(fields: Sequence[FormField], pages: int) -> dict[int, list[FormField]]:
    """The fields grouped by page; a field on a page the document does not have is an error."""
    by_page: dict[int, list[FormField]] = {}
    for f in fields:
        if not 0 <= f.page < pages:
            raise PnpError(f"form field {f.name} is on page {f.page + 1} of {pages}")
        check_value(f)
        by_page.setdefault(f.page, []).append(f)
    return by_page


__all__ = ["FORM_CHARS", "FORM_FONT", "FormField", "FormWriter", "fields_on", "form_font"]
