"""Stamps: repeated art drawn once per PDF as a form XObject looks as if drawn each time."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.render.document import Page, write_pdf
from pnp.render.kits import build_kit
from pnp.render.options import KitOptions
from pnp.render.recording import RecordingCanvas
from pnp.render.stamps import stamp, stamped


def _badge(c: Canvas, w: float, h: float, bleed: float, look: object) -> None:
    c.setFillColorRGB(0.8, 0.2, 0.1)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.circle(w / 2, h / 2, w / 3, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("DejaVuSans-Bold", 9)
    c.drawCentredString(w / 2, h / 2 - 3, "7")
    stamp(c, "dot", (-5, -5, 5, 5), lambda c: c.circle(0, 0, 2, stroke=0, fill=1))  # nested


def _pages(art: object) -> list[Page]:
    def draw(c: Canvas) -> None:
        for k in range(6):
            c.saveState()
            c.translate(20 + k * 45, 30 + (k % 2) * 10)
            if k == 5:
                c.rotate(90)  # a quarter turn, like a turned piece
            art(c, 40, 40, 2.0, None)  # type: ignore[operator]
            c.restoreState()
    return [Page((320, 120), draw), Page((320, 120), draw)]


def _render(path: Path, scale: float = 2) -> list[np.ndarray]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].render(scale=scale).to_numpy().astype(int) for i in range(len(doc))]
    finally:
        doc.close()


def _forms(path: Path) -> int:
    return sum(1 for obj in PdfReader(path).resolved_objects.values()
               if isinstance(obj, dict) and obj.get("/Subtype") == "/Form")


def test_a_stamp_is_drawn_once_and_looks_drawn_every_time(tmp_path: Path) -> None:
    plain = write_pdf(tmp_path / "plain.pdf", _pages(_badge), "plain")
    stamps = write_pdf(tmp_path / "stamps.pdf", _pages(stamped(_badge)), "stamps")
    reader = PdfReader(stamps)
    content = b"".join(p.get_contents().get_data() for p in reader.pages)
    assert content.count(b" Do") == 12  # 6 badges a page, each one form
    forms = {k: v for p in reader.pages
             for k, v in p["/Resources"]["/XObject"].get_object().items()}
    assert len(forms) == 1  # the badge; it holds the dot
    assert len(stamps.read_bytes()) < 2 * len(plain.read_bytes())
    for a, b in zip(_render(plain), _render(stamps), strict=True):
        assert np.abs(a - b).max() <= 2  # anti-aliasing may round differently


def test_a_recording_canvas_sees_every_copy() -> None:
    c = RecordingCanvas("/dev/null", pagesize=(320, 120))
    _pages(stamped(_badge))[0].draw(c)
    c.showPage()
    texts = [m for m in c.pages[0].marks if m.kind == "text"]
    assert len(texts) == 6


@pytest.mark.slow
@pytest.mark.parametrize("kit", ["piecepack", "galaxy-trucker", "spatial-delivery",
                                 "weird-galaxy"])
def test_a_kit_with_stamps_looks_as_one_without(kit: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with_stamps = build_kit(kit, KitOptions(seed=3, paper="letter", out=tmp_path / "on"))
    monkeypatch.setattr(Canvas, "stamps", False, raising=False)
    without = build_kit(kit, KitOptions(seed=3, paper="letter", out=tmp_path / "off"))
    for a_path, b_path in zip(with_stamps, without, strict=True):
        for a, b in zip(_render(a_path, 1), _render(b_path, 1), strict=True):
            d = np.abs(a - b).max(axis=2)
            assert d.max() <= 3 and (d > 0).mean() < 0.001
