"""Form fields added after drawing: exact names, pre-filled values, the embedded font only."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.engine import PnpError
from pnp.render.document import Page, write_pdf
from pnp.render.forms import FormField, add_form_fields
from pnp.render.geometry import Rect, paper_size

from .pdfutil import unembedded_fonts


def _doc(tmp_path: Path, text: bool = True) -> Path:
    def draw(c: Canvas) -> None:
        if text:
            c.drawString(72, 700, "Name:")
        c.rect(120, 690, 200, 20)
    return write_pdf(tmp_path / "f.pdf", [Page(paper_size("a4"), draw)], "form")


def test_fields_round_trip_with_embedded_font(tmp_path: Path) -> None:
    path = _doc(tmp_path)
    add_form_fields(path, [FormField("name", 0, Rect(120, 690, 200, 20), "Ada (x)"),
                           FormField("score", 0, Rect(120, 650, 60, 20), "", align=1)])
    reader = PdfReader(path)
    fields = reader.get_fields()
    assert fields is not None and set(fields) == {"name", "score"}
    assert fields["name"].get("/V") == "Ada (x)"
    assert unembedded_fonts(path) == set()
    form = reader.trailer["/Root"]["/AcroForm"]
    font = form["/DR"]["/Font"]["/DejaVu"].get_object()
    assert str(font["/BaseFont"]).endswith("+DejaVuSans")
    assert "/FontFile2" in font["/FontDescriptor"]
    assert "Helvetica" not in path.read_bytes().decode("latin-1")


def test_adding_fields_is_deterministic(tmp_path: Path) -> None:
    outs = []
    for n in range(2):
        d = tmp_path / str(n)
        d.mkdir()
        path = _doc(d)
        add_form_fields(path, [FormField("a", 0, Rect(100, 100, 50, 20), "7")])
        outs.append(path.read_bytes())
    assert outs[0] == outs[1]


def test_non_ascii_prefill_is_refused(tmp_path: Path) -> None:
    path = _doc(tmp_path)
    with pytest.raises(PnpError, match="only ASCII"):
        add_form_fields(path, [FormField("a", 0, Rect(100, 100, 50, 20), "é")])


def test_page_without_the_font_is_a_clear_error(tmp_path: Path) -> None:
    path = _doc(tmp_path, text=False)
    with pytest.raises(PnpError, match="no embedded DejaVuSans"):
        add_form_fields(path, [FormField("a", 0, Rect(100, 100, 50, 20))])
