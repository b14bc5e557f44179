"""Form fields written with the page: exact names, pre-filled values, the embedded form font."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from pnp.engine import PnpError
from pnp.render.document import Page, write_pdf
from pnp.render.forms import FORM_CHARS, FormField
from pnp.render.geometry import Rect, paper_size

from .pdfutil import unembedded_fonts

NAMES = "Vlaada Chvátil, Zoë Brontë, Łukasz Woźniak, Dvořák, Gödel, Şahin, Ærø"


def _doc(tmp_path: Path, fields: list[FormField], text: bool = True,
         name: str = "f.pdf") -> Path:
    def draw(c: Canvas) -> None:
        if text:
            c.drawString(72, 700, "Name:")
        c.rect(120, 690, 200, 20)
    return write_pdf(tmp_path / name, [Page(paper_size("a4"), draw)] * 2, "form",
                     fields=fields)


def test_fields_round_trip_with_embedded_font(tmp_path: Path) -> None:
    path = _doc(tmp_path, [FormField("name", 0, Rect(120, 690, 200, 20), "Ada (x)"),
                           FormField("score", 1, Rect(120, 650, 60, 20), "", align=1,
                                     tooltip="Final score, Zoë")])
    reader = PdfReader(path)
    fields = reader.get_fields()
    assert fields is not None and set(fields) == {"name", "score"}
    assert fields["name"].get("/V") == "Ada (x)"
    assert fields["score"].get("/TU") == "Final score, Zoë"
    assert [len(p.get("/Annots", [])) for p in reader.pages] == [1, 1]
    assert unembedded_fonts(path) == set()
    form = reader.trailer["/Root"]["/AcroForm"]
    font = form["/DR"]["/Font"]["/DejaVu"].get_object()
    assert str(font["/BaseFont"]).endswith("+DejaVuSans-Form")
    assert "/FontFile2" in font["/FontDescriptor"]
    assert "Helvetica" not in path.read_bytes().decode("latin-1")
    # the pre-filled value is drawn by the field's appearance, in the form font
    shown = fields["name"].indirect_reference.get_object()["/AP"]["/N"].get_object()
    assert b"(Ada \\(x\\)) Tj" in shown.get_data()


def test_form_font_is_not_the_page_font(tmp_path: Path) -> None:
    path = _doc(tmp_path, [FormField("a", 0, Rect(100, 100, 50, 20), "7")])
    names = set()
    for page in PdfReader(path).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    assert "/AAAAAA+DejaVuSans-Form" in names and "/AAAAAA+DejaVuSans" in names


def test_written_in_one_pass_deterministically(tmp_path: Path) -> None:
    outs = [_doc(tmp_path, [FormField("a", 0, Rect(100, 100, 50, 20), "7")], name=f"{n}.pdf")
            .read_bytes() for n in range(2)]
    assert outs[0] == outs[1]


def test_latin_names_fill_in_with_the_form_font(tmp_path: Path) -> None:
    """A viewer filling the field encodes the names with the form font (pypdf plays it)."""
    path = _doc(tmp_path, [FormField("name", 0, Rect(60, 690, 500, 20))])
    writer = PdfWriter(clone_from=PdfReader(path))
    writer.update_page_form_field_values(writer.pages[0], {"name": NAMES},
                                         auto_regenerate=False)
    buf = io.BytesIO()
    writer.write(buf)
    reader = PdfReader(buf)
    field = reader.get_fields()["name"]  # type: ignore[index]
    assert field.get("/V") == NAMES
    ap = field.indirect_reference.get_object()["/AP"]["/N"].get_object()
    assert b"/DejaVu" in ap.get_data()
    # the appearance's text, decoded through the form font's own ToUnicode map
    from pypdf import PageObject

    page = PageObject.create_blank_page(width=600, height=40)
    page[__import__("pypdf").generic.NameObject("/Resources")] = ap["/Resources"]
    page.replace_contents(ap)
    assert page.extract_text().strip() == NAMES


def test_value_outside_the_form_font_is_refused(tmp_path: Path) -> None:
    assert all(ch in FORM_CHARS for ch in NAMES)
    with pytest.raises(PnpError, match="form font cannot show '中'"):
        _doc(tmp_path, [FormField("a", 0, Rect(100, 100, 50, 20), "中")])


def test_prefilled_latin_value_is_drawn(tmp_path: Path) -> None:
    path = _doc(tmp_path, [FormField("a", 0, Rect(100, 100, 300, 20), "Łukasz Zoë")], text=False)
    reader = PdfReader(path)
    assert reader.get_fields()["a"].get("/V") == "Łukasz Zoë"  # type: ignore[index]


def test_field_on_a_missing_page_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match="on page 3 of 2"):
        _doc(tmp_path, [FormField("a", 2, Rect(100, 100, 50, 20))])
