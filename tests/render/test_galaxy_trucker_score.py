"""The Galaxy Trucker A5 score page (its own layout): the tracker's code is on it as on the A4
page, readable, and the page stays clean by the layout check."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.render.art import Look
from pnp.render.fonts import REGULAR, register_fonts
from pnp.render.galaxy_trucker.score import score_page, score_sheet
from pnp.render.geometry import paper_size
from pnp.render.layout import check_page
from pnp.render.recording import RecordingCanvas
from tests.render.pdfutil import decode_qr

URL = "http://192.168.100.200:5000/tables/new?game=galaxy-trucker&seed=123456&chance=table"
A5 = paper_size("a5")


def test_the_a5_score_page_carries_the_tracker_code(tmp_path: Path) -> None:
    register_fonts()
    for seat in (1, 4):
        page = score_page(seat, 123456, URL, Look(), A5)
        pdf = tmp_path / f"p{seat}.pdf"
        c = Canvas(str(pdf), pagesize=A5, invariant=1)
        page.draw(c)
        c.showPage()
        c.save()
        assert decode_qr(pdf, 0, dpi=200) == [URL]  # a long LAN address, a 6-digit seed
        rec = RecordingCanvas(io.BytesIO(), pagesize=A5, invariant=1, initialFontName=REGULAR)
        page.draw(rec)
        rec.showPage()
        assert check_page(rec.pages[0]) == []
    # the layout a photo is read by is the one printed before the code came: version 2
    assert score_sheet(A5, 1).version == 2
