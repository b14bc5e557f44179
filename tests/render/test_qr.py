"""QR codes: vector paths with merged runs, decodable from a 150 dpi render."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.render.document import Page, write_pdf
from pnp.render.geometry import mm, paper_size
from pnp.render.qr import draw_qr, qr_matrix, runs

from .pdfutil import decode_qr


def test_runs_merge_neighbouring_modules() -> None:
    assert runs([True, True, False, True, False, False, True, True, True]) == [
        (0, 2), (3, 1), (6, 3)]
    assert runs([False, False]) == []


def test_matrix_has_finder_patterns() -> None:
    m = qr_matrix("http://localhost:5000/tables/new?game=galaxy-express&seed=7")
    assert len(m) == len(m[0]) and len(m) >= 21
    assert all(m[0][0:7]) and all(m[6][0:7]) and not any(m[1][1:6])


@pytest.mark.parametrize("size_mm", [22, 34])
def test_qr_decodes_at_150_dpi_and_is_vector(tmp_path: Path, size_mm: float) -> None:
    url = "https://tracker.example.org/tables/new?game=galaxy-express&seed=123456"
    page = Page(paper_size("a5"), lambda c: draw_qr(c, url, mm(30), mm(60), mm(size_mm)))
    path = write_pdf(tmp_path / "qr.pdf", [page], "qr test")
    assert decode_qr(path, 0) == [url]
    reader = PdfReader(path)
    pg = reader.pages[0]
    assert "/XObject" not in pg["/Resources"], "QR must not be a raster image"
    content = pg.get_contents().get_data()
    ops = content.split()
    # one fill for the white quiet zone and one for all dark modules, not one per module
    n_modules = sum(sum(row) for row in qr_matrix(url))
    assert ops.count(b"re") < n_modules
    assert ops.count(b"f") + ops.count(b"f*") <= 3
