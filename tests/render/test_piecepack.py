"""The printable piecepack: standard sizes, complete sets, suits readable in greyscale."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from pnp.render.art import Look
from pnp.render.document import Page, write_pdf
from pnp.render.geometry import inch, mm, paper_size
from pnp.render.piecepack import (
    COIN,
    DIE,
    TILE,
    coin,
    die,
    full_piecepack,
    pawn,
    roll_table,
    seasons_expansion,
    tile,
)
from pnp.render.suits import ALL_SUITS, CLASSIC, RANKS, SEASONS


def test_standard_sizes() -> None:
    assert inch(2) == TILE and inch(0.75) == COIN and inch(0.5) == DIE
    t = tile(CLASSIC[0], "ace")
    assert (t.width, t.height) == (inch(2), inch(2)) and t.back is not None
    c = coin(CLASSIC[1], "null")
    assert c.round and c.back is not None
    d = die(CLASSIC[2])
    assert d.width == pytest.approx(4 * inch(0.5) + mm(3)) and d.height == pytest.approx(1.5 * 72)
    assert not d.crop_marks and d.back is None


def test_full_set_has_every_suit_and_rank() -> None:
    pp = full_piecepack()
    assert len(pp["tile"]) == 24 and len(pp["coin"]) == 24
    assert len(pp["die"]) == 4 and len(pp["pawn"]) == 4
    labels = {p.label for p in pp["tile"]}
    for suit, rank in itertools.product(CLASSIC, RANKS):
        assert f"{suit.name} {rank} tile" in labels
    assert [s.name for s in SEASONS] == ["Spring", "Summer", "Autumn", "Winter"]
    assert {p.label.split()[0] for p in seasons_expansion()["coin"]} == {
        "Spring", "Summer", "Autumn", "Winter"}


def _render_sides(tmp_path: Path, arts: list[tuple[object, float]], look: Look
                  ) -> list[Image.Image]:
    """Draw each art alone on a page and return greyscale renders."""
    import pypdfium2 as pdfium

    pages = []
    for art, size in arts:
        def draw(c: object, art: object = art, size: float = size) -> None:
            c.translate(20, 20)  # type: ignore[attr-defined]
            art(c, size, size, 0.0, look)  # type: ignore[operator]
        pages.append(Page((size + 40, size + 40), draw))
    path = write_pdf(tmp_path / "sides.pdf", pages, "sides")
    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].render(scale=150 / 72, grayscale=True).to_pil().convert("L")
                for i in range(len(doc))]
    finally:
        doc.close()


def _centre(img: Image.Image, half: float) -> Image.Image:
    """The square of +-half points around the centre of a 150 dpi render."""
    w, h = img.size
    k = half * 150 / 72
    return img.crop((int(w / 2 - k), int(h / 2 - k), int(w / 2 + k), int(h / 2 + k)))


def _shape_difference(a: Image.Image, b: Image.Image) -> float:
    """Share of 'inked' pixels (either image) where the two disagree, after thresholding.

    A symbol is light on a dark coin in full colour and dark on white in low ink; threshold
    each image at its own mid-grey so both cases compare shapes, not tones.
    """
    def mask(img: Image.Image) -> Image.Image:
        lo, hi = img.getextrema()  # type: ignore[misc]
        mid = (lo + hi) / 2
        return img.point(lambda v: 255 if v < mid else 0)
    ma, mb = mask(a), mask(b)
    either = ImageStat.Stat(ImageChops.lighter(ma, mb)).sum[0]
    differ = ImageStat.Stat(ImageChops.difference(ma, mb)).sum[0]
    return differ / either if either else 0.0


@pytest.mark.parametrize("low_ink", [False, True])
def test_suits_differ_in_greyscale(tmp_path: Path, low_ink: bool) -> None:
    """Coin suit sides of all eight suits are told apart without colour."""
    arts = [(coin(s, "null").front, COIN) for s in ALL_SUITS]
    images = [_centre(img, COIN * 0.32) for img in _render_sides(tmp_path, arts, Look(low_ink))]
    for (i, a), (j, b) in itertools.combinations(enumerate(images), 2):
        assert _shape_difference(a, b) > 0.12, (
            f"{ALL_SUITS[i].name} and {ALL_SUITS[j].name} look alike in grey")


def test_ranks_differ_in_greyscale(tmp_path: Path) -> None:
    arts = [(coin(CLASSIC[0], r).back, COIN) for r in RANKS]
    images = _render_sides(tmp_path, arts, Look())
    for (i, a), (j, b) in itertools.combinations(enumerate(images), 2):
        diff = ImageStat.Stat(ImageChops.difference(a, b)).mean[0]
        assert diff > 2, f"ranks {RANKS[i]} and {RANKS[j]} look alike"


def test_symbols_are_light_on_dark_coins(tmp_path: Path) -> None:
    """Full-colour coin suit sides: a dark disc (greyscale < 60%) with a light symbol."""
    arts = [(coin(s, "ace").front, COIN) for s in ALL_SUITS]
    for s, img in zip(ALL_SUITS, _render_sides(tmp_path, arts, Look()), strict=True):
        w, h = img.size
        ring = img.getpixel((w // 2, int(h / 2 - COIN * 150 / 72 * 0.45)))
        assert isinstance(ring, int) and ring < 160, f"{s.name} disc too light in grey"


def test_every_piece_draws_in_both_looks(tmp_path: Path) -> None:
    pieces = [p for ps in full_piecepack().values() for p in ps]
    pieces += [p for ps in seasons_expansion().values() for p in ps]
    pieces += [roll_table(CLASSIC), pawn(SEASONS[3])]
    for low in (False, True):
        pages = []
        for p in pieces:
            for art in (p.front, p.back):
                if art is None:
                    continue

                def draw(c: object, art: object = art, p: object = p, low: bool = low) -> None:
                    art(c, p.width, p.height, mm(2), Look(low))  # type: ignore[operator, attr-defined]
                pages.append(Page(paper_size("a5"), draw))
        path = write_pdf(tmp_path / f"all-{low}.pdf", pages, "all")
        assert path.stat().st_size > 10_000
