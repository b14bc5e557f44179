"""Component sheets: fronts and backs paired, gutter fold, blank backs for one-sided sheets,
butted card sheets (nine to a sheet, marks only outside the block, text in the strips)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from PIL import Image

from pnp.render.butted import butted_labels, butted_marks, butted_note, butted_targets
from pnp.render.components import SheetContext, one_sided_sheets, two_sided_sheets
from pnp.render.document import write_pdf
from pnp.render.geometry import Rect, mm, printable_area
from pnp.render.impose import SheetPlan, impose
from pnp.render.marks import REG_RADIUS, Segment
from pnp.render.options import KitOptions
from pnp.render.piecepack import Piece, full_piecepack


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_back_pages_mirror_their_fronts(duplex: str) -> None:
    opts = KitOptions(duplex=duplex, bleed_mm=2)  # type: ignore[arg-type]
    pages = two_sided_sheets(SheetContext("t", opts), full_piecepack()["tile"], "tiles")
    assert len(pages) == 4
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert front.size == back.size
        w, h = front.size
        assert front.trim is not None and back.trim is not None
        about_vertical = (duplex in ("long", "none")) == (w <= h)
        fx = w - back.trim.cx if about_vertical else back.trim.cx
        fy = back.trim.cy if about_vertical else h - back.trim.cy
        assert abs(fx - front.trim.cx) <= mm(0.1) and abs(fy - front.trim.cy) <= mm(0.1)


def test_gutter_fold_puts_fronts_and_backs_on_one_page() -> None:
    opts = KitOptions(gutter_fold=True)
    pages = two_sided_sheets(SheetContext("t", opts), full_piecepack()["tile"], "tiles")
    assert len(pages) == 4  # 6 tiles a page, each with its back on the other half


@pytest.mark.parametrize(("duplex", "pages"), [("long", 2), ("short", 2), ("none", 1)])
def test_one_sided_sheets_get_blank_backs_only_in_duplex(duplex: str, pages: int) -> None:
    opts = KitOptions(duplex=duplex)  # type: ignore[arg-type]
    out = one_sided_sheets(SheetContext("t", opts), full_piecepack()["die"], "dice")
    assert len(out) == pages
    if pages == 2:
        assert "blank back" in out[1].label


# -- butted card sheets -------------------------------------------------------------------------

def _sd_cards() -> list[Piece]:
    from pnp.render.spatial_delivery import pieces

    return pieces()["card"]


def _butted_plan(paper: str, duplex: str = "long", count: int = 9) -> SheetPlan:
    return impose(count, mm(63), mm(88), paper, duplex, gutter=mm(6), butt=True)[0]  # type: ignore[arg-type]


def _inside(inner: Rect, outer: Rect) -> bool:
    return outer.contains(inner, tol=1e-6)


def _seg_box(s: Segment) -> Rect:
    return Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))


def _enters(a: Rect, b: Rect) -> bool:
    """Closed-rectangle contact: a line on b's edge counts."""
    return a.x <= b.x2 and b.x <= a.x2 and a.y <= b.y2 and b.y <= a.y2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_butted_cards_nine_a_sheet_backs_behind_fronts(paper: str, duplex: str) -> None:
    opts = KitOptions(paper=paper, duplex=duplex)  # type: ignore[arg-type]
    cards = _sd_cards()
    pages = two_sided_sheets(SheetContext("t", opts), cards, "cards", butt=True)
    assert len(pages) == 20  # 90 cards, 9 a sheet, fronts and backs (spaced: 46 pages)
    spaced = two_sided_sheets(SheetContext("t", opts), cards, "cards")
    assert len(spaced) == 46
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert front.size == back.size and front.size[0] < front.size[1]  # portrait
        w, h = front.size
        assert front.trim is not None and back.trim is not None
        assert front.trim.w == pytest.approx(mm(189)) and front.trim.h == pytest.approx(mm(264))
        assert front.bleed == front.trim  # no bleed on butted sheets
        about_vertical = duplex in ("long", "none")
        fx = w - back.trim.cx if about_vertical else back.trim.cx
        fy = back.trim.cy if about_vertical else h - back.trim.cy
        assert abs(fx - front.trim.cx) <= mm(0.1) and abs(fy - front.trim.cy) <= mm(0.1)
        margin = printable_area(front.size, mm(5))
        assert _inside(front.trim, margin) and _inside(back.trim, margin)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("back", [False, True])
def test_butted_marks_only_outside_the_block_and_inside_the_margin(paper: str, back: bool
                                                                  ) -> None:
    plan = _butted_plan(paper)
    cards = plan.back_rects() if back else plan.cut_rects()
    block = cards[0]
    for r in cards[1:]:
        block = block.union(r)
    segs = butted_marks(plan, back)
    margin = printable_area(plan.size, mm(5))
    for s in segs:
        box = _seg_box(s)
        assert _inside(box, margin), "a mark in the 5 mm margin"
        assert not _enters(box, block.expand(mm(0.5) - 1e-6)), "a mark on or by the cards"
        assert mm(1.5) - 1e-6 <= s.length <= mm(3) + 1e-6
    # every cut line, shared ones included, has a mark at both ends outside the block
    for k in range(4):
        x = block.x + k * mm(63)
        ends = [s for s in segs if s.x1 == s.x2 and abs(s.x1 - x) < 1e-3]
        assert {min(s.y1, s.y2) > block.y2 for s in ends} == {True, False}, x
        y = block.y + k * mm(88)
        ends = [s for s in segs if s.y1 == s.y2 and abs(s.y1 - y) < 1e-3]
        assert {min(s.x1, s.x2) > block.x2 for s in ends} == {True, False}, y
    assert len(segs) == 16


LONG_TITLE = "Spatial Delivery - cards, sheet 10 of 10 (fronts)"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_butted_text_and_targets_clear_of_marks_and_cards(paper: str, duplex: str,
                                                           bleed: float) -> None:
    opts = KitOptions(paper=paper, duplex=duplex, bleed_mm=bleed)  # type: ignore[arg-type]
    ctx = SheetContext("t", opts)
    plan = _butted_plan(paper, duplex)
    note = butted_note(ctx)
    assert ("no bleed" in note) == (bleed > 0)
    labels = butted_labels(plan, LONG_TITLE, ctx.how_to_print(), note)
    assert [lb.text for lb in labels] == [LONG_TITLE, ctx.how_to_print(), note]
    assert all(lb.size >= 6 for lb in labels)  # room enough: not shrunk to a squint
    margin = printable_area(plan.size, mm(5))
    strips = plan.text_strips()
    cards = plan.cut_rects() + plan.back_rects()
    segs = [_seg_box(s) for b in (False, True) for s in butted_marks(plan, b)]
    boxes = [lb.box() for lb in labels]
    for box in boxes:
        assert _inside(box, margin)
        assert any(_inside(box, s) for s in strips), "text outside its strip"
        assert not any(_enters(box, r) for r in cards + segs)
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b)
    # targets: A4 at the top and bottom, Letter on the two sides; each has its partner
    targets = butted_targets(ctx, plan, LONG_TITLE)
    w, h = plan.size
    where = {("top" if y > h * 0.9 else "bottom" if y < h * 0.1 else
              "left" if x < w * 0.1 else "right") for x, y in targets}
    assert where == ({"top", "bottom"} if paper == "a4" else {"left", "right"})
    for x, y in targets:
        spot = Rect(x - REG_RADIUS, y - REG_RADIUS, 2 * REG_RADIUS, 2 * REG_RADIUS)
        assert _inside(spot, margin)
        assert not any(_enters(spot, r) for r in cards + segs + boxes)
        partner = (w - x, y) if plan.mirror_axis == "x" else (x, h - y)
        assert any(abs(partner[0] - u) < 1e-6 and abs(partner[1] - v) < 1e-6
                   for u, v in targets)


def _render(path: Path, index: int, dpi: int) -> Image.Image:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        img: Image.Image = doc[index].render(scale=dpi / 72, grayscale=True).to_pil()
        return img.convert("L")
    finally:
        doc.close()


def _darkest(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    low, _ = img.crop(box).getextrema()
    assert isinstance(low, int)
    return low


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_butted_sheet_prints_nothing_in_the_outer_5_mm(tmp_path: Path, paper: str) -> None:
    opts = KitOptions(paper=paper)  # type: ignore[arg-type]
    pages = two_sided_sheets(SheetContext("Spatial Delivery", opts), _sd_cards()[:9], "cards",
                             butt=True)
    path = write_pdf(tmp_path / "cards.pdf", pages, "t")
    for index in (0, 1):
        img = _render(path, index, 100)
        w, h = img.size
        edge = round(4.8 / 25.4 * 100)  # 5 mm less anti-aliasing
        for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
            assert _darkest(img, box) > 240, (index, box)
        # ... while the text strips just inside carry ink (title, note, hint)
        inner = round(9 / 25.4 * 100)
        strips = ((0, 0, w, inner), (0, h - inner, w, h)) if paper == "a4" else (
            (0, 0, inner, h), (w - inner, 0, w, h))
        for box in strips:
            assert _darkest(img, box) < 100, (index, box)


def test_butted_sheets_are_byte_identical(tmp_path: Path) -> None:
    opts = KitOptions(paper="letter", duplex="short")
    cards = _sd_cards()[:12]
    made = []
    for name in ("a.pdf", "b.pdf"):
        pages = two_sided_sheets(SheetContext("t", opts), cards, "cards", butt=True)
        made.append(write_pdf(tmp_path / name, pages, "t").read_bytes())
    assert made[0] == made[1]
    spaced = two_sided_sheets(SheetContext("t", opts), cards, "cards")
    assert write_pdf(tmp_path / "c.pdf", spaced, "t").read_bytes() != made[0]


def test_butted_gutter_fold_prints_four_cards_a_sheet_turned_on_a4() -> None:
    ctx = SheetContext("t", KitOptions(gutter_fold=True, bleed_mm=2))
    cards = _sd_cards()[:10]
    pages = two_sided_sheets(ctx, cards, "cards", butt=True)
    assert len(pages) == 3  # 4 + 4 + 2, fronts and backs on each page
    assert len(pages[0].cuts) == 4
    assert pages[0].bleed == pages[0].trim  # butted: no bleed, whatever the option says


@pytest.mark.parametrize("opts", [{"paper": "a4"}, {"paper": "letter", "bleed_mm": 3.0},
                                  {"paper": "a4", "duplex": "none", "crop_marks": False}])
def test_spatial_delivery_cards_print_butted(opts: dict[str, object]) -> None:
    """The kit's 90 cards take 10 sheets (was 23); every other sheet keeps the 10 mm margin."""
    from pnp.render.spatial_delivery import component_pages

    options = KitOptions(**opts)  # type: ignore[arg-type]
    pages = component_pages(options)
    cards = [p for p in pages if " - cards, " in p.label]
    assert len(cards) == 20
    for page in pages:
        if page.trim is None:
            continue
        assert page.bleed is not None
        butted = page in cards
        margin = printable_area(page.size, mm(5) if butted else mm(10))
        assert _inside(page.bleed, margin) and _inside(page.trim, page.bleed), page.label
