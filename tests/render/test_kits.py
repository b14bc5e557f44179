"""`pnp kit`: dispatch, errors, the piecepack kit, and duplex pairing in the written PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.cli import main
from pnp.engine import PnpError
from pnp.render.geometry import mm, paper_size
from pnp.render.kits import build_kit
from pnp.render.options import KitOptions

from .pdfutil import box, guide_pages, unembedded_fonts


def test_unknown_game_lists_known_ids(tmp_path: Path) -> None:
    with pytest.raises(PnpError, match="known games"):
        build_kit("no-such-game", KitOptions(out=tmp_path))


def test_game_without_kit_yet_is_a_clear_error(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # A registered game whose record has no kit builder (every game has one today).
    from dataclasses import replace

    from pnp.engine import get_record, registry

    monkeypatch.setitem(registry._load(), "wormholes", replace(get_record("wormholes"),
                                                                 kit=None))
    with pytest.raises(PnpError, match="no printed kit for Wormholes yet"):
        build_kit("wormholes", KitOptions(out=tmp_path))
    assert not any(tmp_path.iterdir())


@pytest.mark.slow
def test_piecepack_kit(tmp_path: Path) -> None:
    paths = build_kit("piecepack", KitOptions(out=tmp_path, paper="letter"))
    assert [p.name for p in paths] == ["piecepack-letter.pdf", "piecepack-seasons-letter.pdf"]
    w, h = paper_size("letter")
    for path in paths:
        reader = PdfReader(path)
        for page in reader.pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert size == pytest.approx(sorted((w, h)), abs=0.01)
        assert unembedded_fonts(path) == set()
    again = build_kit("piecepack", KitOptions(out=tmp_path / "again", paper="letter"))
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in paths]


@pytest.mark.slow
def test_written_duplex_pages_have_mirrored_trim_boxes(tmp_path: Path) -> None:
    (path, _) = build_kit("piecepack", KitOptions(out=tmp_path, bleed_mm=3))
    reader = PdfReader(path)
    # the guide (and its back), then sheet 1 of pieces: tiles and coins, fronts and backs
    pages = reader.pages
    front, back = pages[guide_pages(path)], pages[guide_pages(path) + 1]
    w = float(front.mediabox.width)
    fx1, fy1, fx2, fy2 = box(front, "trimbox")
    bx1, by1, bx2, by2 = box(back, "trimbox")
    assert (w - bx2, by1, w - bx1, by2) == pytest.approx((fx1, fy1, fx2, fy2), abs=mm(0.1))
    bl = box(front, "bleedbox")
    assert bl == pytest.approx((fx1 - mm(3), fy1 - mm(3), fx2 + mm(3), fy2 + mm(3)), abs=0.01)


@pytest.mark.slow
def test_cli_kit_writes_and_prints_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    code = main(["kit", "galaxy-express", "--seed", "7", "--paper", "letter", "--out",
                 str(tmp_path), "--ink", "low", "--bleed", "2", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.strip() == str(tmp_path / "galaxy-express-seed7-letter.pdf")
    code = main(["kit", "chess", "--out", str(tmp_path)])
    assert code == 1 and "unknown game 'chess'" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("opts", [
    {"paper": "a4"}, {"paper": "letter", "bleed_mm": 3.0}, {"paper": "a5", "gutter_fold": True},
    {"paper": "letter", "duplex": "short", "crop_marks": False}])
def test_trim_and_bleed_boxes_inside_printable_area(tmp_path: Path, opts: dict[str, object]
                                                    ) -> None:
    """Every cut line (TrimBox) and all bleed art stays inside the 10 mm margin."""
    options = KitOptions(out=tmp_path, seed=2, **opts)  # type: ignore[arg-type]
    paths = build_kit("piecepack", options) + build_kit("galaxy-express", options)
    for path in paths:
        for page in PdfReader(path).pages:
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            x1, y1, x2, y2 = box(page, "bleedbox")
            if (x1, y1, x2, y2) == (0, 0, w, h):
                continue  # a text page: no cut lines
            assert x1 >= mm(10) - 0.01 and y1 >= mm(10) - 0.01
            assert x2 <= w - mm(10) + 0.01 and y2 <= h - mm(10) + 0.01
            t = box(page, "trimbox")
            assert t[0] >= x1 and t[1] >= y1 and t[2] <= x2 and t[3] <= y2


def _ink_mask(path: Path, index: int, dark: bool) -> object:
    """A 1-bit mask of where a page carries piece art (rendered at 50 dpi)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        img = doc[index].render(scale=50 / 72, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()
    limit = 80 if dark else 250  # tile backs are dark navy; fronts are a pale tint
    return img.point(lambda v: 255 if v < limit else 0)


@pytest.mark.slow
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_rendered_backs_land_behind_rendered_fronts(tmp_path: Path, duplex: str) -> None:
    """Turn the rendered back page the way the printer does; its tiles cover the fronts.

    Uses the Galaxy Express kit's second sheet of pieces: a part-filled layout with no
    symmetry, so a back mirrored the wrong way cannot pass.
    """
    from PIL import ImageChops, ImageOps, ImageStat

    from pnp.render.galaxy_express import galaxy_express_kit, kit_pages

    opts = KitOptions(out=tmp_path, duplex=duplex)  # type: ignore[arg-type]
    (path,) = galaxy_express_kit(opts)
    labels = [p.label for p in kit_pages(opts)[0]]
    front = labels.index("Galaxy Express - pieces, sheet 2 of 2 (fronts)")
    assert labels[front + 1] == "Galaxy Express - pieces, sheet 2 of 2 (backs)"
    # compare inside the front's trim box only: crop marks and titles are not piece art
    page = PdfReader(path).pages[front]
    x1, y1, x2, y2 = box(page, "trimbox")
    k, height = 50 / 72, float(page.mediabox.height)
    crop = (int(x1 * k) - 2, int((height - y2) * k) - 2,
            int(x2 * k) + 2, int((height - y1) * k) + 2)
    # only the tiles (dark backs): the sheet also carries coins (pale backs), dice nets and a
    # pawn (no backs)
    from PIL import Image, ImageDraw

    from pnp.render.layout import record_pages

    pages = kit_pages(opts)[0]
    width = float(page.mediabox.width)
    two_sided = Image.new("L", (round(width * k), round(height * k)), 0)
    pen = ImageDraw.Draw(two_sided)
    tiles = [p.trim.expand(mm(opts.bleed_mm)) for p in record_pages([pages[front + 1]])[0].pieces
             if p.trim.w > mm(50)]  # 2 in tiles, as placed on the back page
    assert tiles
    for r in tiles:
        fx, fy = (width - r.x2, r.y) if duplex == "long" else (r.x, height - r.y2)
        pen.rectangle((fx * k, (height - fy - r.h) * k, (fx + r.w) * k, (height - fy) * k),
                      fill=255)
    fronts = ImageChops.multiply(_ink_mask(path, front, dark=False),  # type: ignore[arg-type]
                                 two_sided).crop(crop)
    backs = _ink_mask(path, front + 1, dark=True)

    def overlap(turned: object) -> float:
        turned = turned.crop(crop)  # type: ignore[attr-defined]
        either = ImageStat.Stat(ImageChops.lighter(fronts, turned)).sum[0]
        both = ImageStat.Stat(ImageChops.darker(fronts, turned)).sum[0]
        return float(both / either)

    right = ImageOps.mirror(backs) if duplex == "long" else ImageOps.flip(backs)
    wrong = ImageOps.flip(backs) if duplex == "long" else ImageOps.mirror(backs)
    assert overlap(right) > 0.85  # the grid lines on the backs are light: not in the mask
    assert overlap(wrong) < 0.2


@pytest.mark.parametrize("game", ["galaxy-express", "galaxy-trucker"])
def test_a_kit_imports_only_its_own_game(tmp_path: Path, game: str) -> None:
    """`pnp kit GAME` loads one rules engine, no PDF reader and not the photo reader's OpenCV
    or NumPy, though Galaxy Trucker's score pages are drawn from ``pnp.sheetread``'s layout
    (start-up is a kit's cost); nor ``importlib.metadata`` (``pnp.engine.entrypoints`` finds
    the game) and Pillow only as the lazy module ReportLab never touches (``pnp.render.pillow``)."""
    import subprocess
    import sys

    code = ("import sys; from pnp.cli import main; "
            f"main(['kit', {game!r}, '--quiet', '--out', {str(tmp_path)!r}]); "
            "print(sorted({m.split('.')[2] for m in sys.modules if m.startswith('pnp.games.')}),"
            " [m for m in ('pypdf', 'cv2', 'numpy', 'importlib.metadata', 'email')"
            "  if m in sys.modules]"
            " + [m for m in ('PIL.Image',) if type(sys.modules.get(m)).__name__ == 'module'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == f"[{game.replace('-', '_')!r}] []"
