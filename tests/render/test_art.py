"""Drawing helpers: text fitting, wrapping, and no graphics state leaking out."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import BLACK, Look, centred_text, outlined_text, paragraph, wrap
from pnp.render.document import Page, write_pdf
from pnp.render.fonts import REGULAR, text_width
from pnp.render.geometry import paper_size


def test_wrap_respects_width() -> None:
    text = "the quick brown fox jumps over the lazy dog " * 4
    lines = wrap(text, REGULAR, 10, 120)
    assert len(lines) > 3
    assert all(text_width(line, REGULAR, 10) <= 120 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_paragraph_measures_without_a_canvas() -> None:
    y = paragraph(None, "one two three " * 10, 0, 500, 100, REGULAR, 10)
    assert y < 500 - 30


def test_outlined_text_does_not_leak_its_render_mode(tmp_path: Path) -> None:
    def draw(c: Canvas) -> None:
        outlined_text(c, "A", 100, 100, 30, BLACK, Look(low_ink=True))
        c.drawString(100, 200, "plain")
        centred_text(c, "B", 100, 300, 20)
    path = write_pdf(tmp_path / "t.pdf", [Page(paper_size("a5"), draw)], "t")
    ops = PdfReader(path).pages[0].get_contents().get_data().split()
    i = ops.index(b"Tr")
    assert ops[i - 1] == b"1"
    rest = ops[i:]
    assert rest.index(b"Q") < rest.index(b"BT"), "outline mode must end before the next text"
