"""The PDF writer: embedded fonts only, boxes set, identical bytes for identical input."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.engine import PnpError
from pnp.render.document import Page, write_pdf
from pnp.render.fonts import BOLD, REGULAR
from pnp.render.geometry import Rect, paper_size

from .pdfutil import font_names, unembedded_fonts


def _pages() -> list[Page]:
    def draw(c: object) -> None:
        from reportlab.pdfgen.canvas import Canvas

        assert isinstance(c, Canvas)
        c.drawString(100, 700, "default font text")
        c.setFont(BOLD, 14)
        c.drawString(100, 650, "bold")
    size = paper_size("a4")
    return [Page(size, draw, trim=Rect(50, 60, 200, 300), bleed=Rect(45, 55, 210, 310)),
            Page(paper_size("a4", True), draw)]


def test_only_embedded_dejavu_fonts(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "a.pdf", _pages(), "t")
    assert unembedded_fonts(path) == set()
    names = font_names(path)
    assert names and all(REGULAR in n for n in names)
    assert not any("Helvetica" in n for n in names)


def test_same_input_same_bytes(tmp_path: Path) -> None:
    a = write_pdf(tmp_path / "a.pdf", _pages(), "t").read_bytes()
    b = write_pdf(tmp_path / "b.pdf", _pages(), "t").read_bytes()
    assert a == b


def test_trim_and_bleed_boxes(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "a.pdf", _pages(), "t")
    p0, p1 = PdfReader(path).pages
    assert [float(v) for v in p0.trimbox] == [50, 60, 250, 360]
    assert [float(v) for v in p0.bleedbox] == [45, 55, 255, 365]
    w, h = paper_size("a4", True)
    assert [float(v) for v in p1.mediabox] == pytest.approx([0, 0, w, h])
    assert [float(v) for v in p1.trimbox] == pytest.approx([0, 0, w, h])


def test_nothing_to_print_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match="nothing to print"):
        write_pdf(tmp_path / "a.pdf", [], "t")


def test_unwritable_target_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(PnpError, match="cannot create"):
        write_pdf(blocker / "sub" / "a.pdf", _pages(), "t")
