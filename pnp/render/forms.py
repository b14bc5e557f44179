"""Fillable form fields (AcroForm) whose text uses the embedded font.

ReportLab's own form support only knows the standard 14 PDF fonts, which are never embedded, so
a kit with its fields would name an unembedded Helvetica.  Instead the page is drawn first and
the fields are added afterwards with pypdf: each field's default appearance names the page's
own embedded DejaVu Sans subset, whose first 128 codes are plain ASCII (see fonts.py), and each
field gets an appearance stream built with that font.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

from pnp.engine import PnpError
from pnp.render.fonts import REGULAR, text_width
from pnp.render.geometry import Rect

FORM_FONT = "/DejaVu"


@dataclass(frozen=True)
class FormField:
    name: str
    page: int
    rect: Rect
    value: str = ""
    size: float = 9.0
    align: int = 0  # 0 left, 1 centre


def _form_font(writer: PdfWriter, page_index: int) -> DictionaryObject:
    """The indirect font object of the page's ASCII subset of DejaVu Sans."""
    page = writer.pages[page_index]
    resources = page["/Resources"].get_object()
    assert isinstance(resources, DictionaryObject)
    fonts = resources["/Font"].get_object()
    assert isinstance(fonts, DictionaryObject)
    for key, ref in fonts.items():
        font = ref.get_object()
        if str(font.get("/BaseFont", "")).endswith(f"+{REGULAR}") and str(key).endswith("+0"):
            return ref  # type: ignore[no-any-return]
    raise PnpError(f"page {page_index + 1} has no embedded {REGULAR} text to borrow for forms")


def _appearance(f: FormField, font_ref: DictionaryObject) -> DecodedStreamObject:
    w, h = f.rect.w, f.rect.h
    ops = ["/Tx BMC"]
    if f.value:
        if not f.value.isascii():
            raise PnpError(f"form field {f.name}: only ASCII text can be pre-filled")
        tw = text_width(f.value, REGULAR, f.size)
        x = (w - tw) / 2 if f.align == 1 else 2.0
        y = (h - f.size * 0.73) / 2
        text = f.value.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        ops += ["q BT", f"{FORM_FONT} {f.size:g} Tf 0 g", f"{x:.2f} {y:.2f} Td ({text}) Tj",
                "ET Q"]
    ops.append("EMC")
    stream = DecodedStreamObject()
    stream.set_data("\n".join(ops).encode("ascii"))
    stream.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject([FloatObject(0), FloatObject(0), FloatObject(w),
                                          FloatObject(h)]),
        NameObject("/Resources"): DictionaryObject({
            NameObject("/Font"): DictionaryObject({NameObject(FORM_FONT): font_ref}),
        }),
    })
    return stream


def add_form_fields(path: Path, fields: Sequence[FormField]) -> None:
    """Rewrite the PDF at ``path`` with these text fields added (deterministically)."""
    if not fields:
        return
    writer = PdfWriter(clone_from=PdfReader(path))
    font_ref = _form_font(writer, fields[0].page)
    field_refs = ArrayObject()
    appearances: dict[tuple[float, float, str, float, int], Any] = {}  # shared when identical
    for f in fields:
        page = writer.pages[f.page]
        r = f.rect
        annot = DictionaryObject({
            NameObject("/Type"): NameObject("/Annot"),
            NameObject("/Subtype"): NameObject("/Widget"),
            NameObject("/FT"): NameObject("/Tx"),
            NameObject("/T"): TextStringObject(f.name),
            NameObject("/Rect"): ArrayObject([FloatObject(round(v, 3)) for v in r.box()]),
            NameObject("/F"): NumberObject(4),  # print
            NameObject("/Q"): NumberObject(f.align),
            NameObject("/DA"): TextStringObject(f"{FORM_FONT} {f.size:g} Tf 0 g"),
            NameObject("/V"): TextStringObject(f.value),
            NameObject("/MK"): DictionaryObject(),
            NameObject("/P"): page.indirect_reference,
        })
        key = (round(r.w, 3), round(r.h, 3), f.value, f.size, f.align)
        if key not in appearances:
            appearances[key] = writer._add_object(_appearance(f, font_ref))
        annot[NameObject("/AP")] = DictionaryObject({NameObject("/N"): appearances[key]})
        ref = writer._add_object(annot)
        if "/Annots" not in page:
            page[NameObject("/Annots")] = ArrayObject()
        annots = page["/Annots"].get_object()
        assert isinstance(annots, ArrayObject)
        annots.append(ref)
        field_refs.append(ref)
    writer.root_object[NameObject("/AcroForm")] = DictionaryObject({
        NameObject("/Fields"): field_refs,
        NameObject("/DR"): DictionaryObject({
            NameObject("/Font"): DictionaryObject({NameObject(FORM_FONT): font_ref}),
        }),
        NameObject("/DA"): TextStringObject(f"{FORM_FONT} 9 Tf 0 g"),
        NameObject("/NeedAppearances"): BooleanObject(False),
    })
    for page in writer.pages:
        page.compress_content_streams()  # pypdf decodes them while cloning
    try:
        with path.open("wb") as fh:
            writer.write(fh)
    except OSError as exc:
        raise PnpError(f"cannot write {path}: {exc.strerror}") from None
