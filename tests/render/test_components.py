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


def _butted_plan(paper: str, duplex: str = "long", count: int = 72, bleed: float = 0.0
                 ) -> SheetPlan:
    return impose(count, mm(63), mm(88), paper, duplex, gutter=mm(6), butt=True,  # type: ignore[arg-type]
                  bleed=bleed)[0]


def _inside(inner: Rect, outer: Rect) -> bool:
    return outer.contains(inner, tol=1e-6)


def _seg_box(s: Segment) -> Rect:
    return Rect(min(s.x1, s.x2), min(s.y1, s.y2), abs(s.x2 - s.x1), abs(s.y2 - s.y1))


def _enters(a: Rect, b: Rect) -> bool:
    """Closed-rectangle contact: a line on b's edge counts."""
    return a.x <= b.x2 and b.x <= a.x2 and a.y <= b.y2 and b.y <= a.y2


@pytest.mark.parametrize(("paper", "bleed", "pages", "block"), [
    ("a4", 1.5, 20, (189, 264)), ("a4", 0.0, 20, (189, 264)),
    ("letter", 1.5, 24, (252, 176)),  # 8 a landscape sheet: no room round 9 for the bleed
    ("letter", 0.0, 20, (189, 264))])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_butted_cards_nine_a_sheet_backs_behind_fronts(paper: str, duplex: str, bleed: float,
                                                      pages: int, block: tuple[int, int]
                                                      ) -> None:
    opts = KitOptions(paper=paper, duplex=duplex, bleed_mm=bleed)  # type: ignore[arg-type]
    cards = _sd_cards()
    sheets = two_sided_sheets(SheetContext("t", opts), cards, "cards", butt=True)
    assert len(sheets) == pages  # 90 cards, 9 (or 8) a sheet, fronts and backs
    spaced = two_sided_sheets(SheetContext("t", opts), cards, "cards")
    assert len(spaced) > 44
    for front, back in zip(sheets[::2], sheets[1::2], strict=True):
        assert front.size == back.size
        assert (front.size[0] > front.size[1]) == (block[0] > block[1])
        w, h = front.size
        assert front.trim is not None and back.trim is not None
        if len(front.cuts) == len(sheets[0].cuts):  # a full sheet (Letter's last has 2)
            assert front.trim.w == pytest.approx(mm(block[0]))
            assert front.trim.h == pytest.approx(mm(block[1]))
        assert front.bleed == front.trim.expand(mm(bleed))  # round the block only
        assert back.bleed == back.trim.expand(mm(bleed))
        about_vertical = (duplex in ("long", "none")) == (w < h)
        fx = w - back.trim.cx if about_vertical else back.trim.cx
        fy = back.trim.cy if about_vertical else h - back.trim.cy
        assert abs(fx - front.trim.cx) <= mm(0.1) and abs(fy - front.trim.cy) <= mm(0.1)
        margin = printable_area(front.size, mm(5))
        assert _inside(front.trim, margin) and _inside(back.trim, margin)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0.0), ("letter", 0.0), ("a4", mm(1.5)),
                                           ("letter", mm(1.5)), ("a4", mm(3))])
@pytest.mark.parametrize("back", [False, True])
def test_butted_marks_only_outside_the_block_and_inside_the_margin(paper: str, back: bool,
                                                                  bleed: float) -> None:
    plan = _butted_plan(paper, bleed=bleed)
    cards = plan.back_rects() if back else plan.cut_rects()
    block = cards[0]
    for r in cards[1:]:
        block = block.union(r)
    segs = butted_marks(plan, back)
    margin = printable_area(plan.size, mm(5))
    for s in segs:
        box = _seg_box(s)
        assert _inside(box, margin), "a mark in the 5 mm margin"
        assert not _enters(box, block.expand(bleed + mm(0.5) - 1e-6)), \
            "a mark on the cards or their bleed"
        assert mm(1.5) - 1e-6 <= s.length <= mm(3) + 1e-6
    # every cut line, shared ones included, has a mark at both ends outside the block
    cols, rows = round(block.w / mm(63)), round(block.h / mm(88))
    for k in range(cols + 1):
        x = block.x + k * mm(63)
        ends = [s for s in segs if s.x1 == s.x2 and abs(s.x1 - x) < 1e-3]
        assert {min(s.y1, s.y2) > block.y2 for s in ends} == {True, False}, x
    for k in range(rows + 1):
        y = block.y + k * mm(88)
        ends = [s for s in segs if s.y1 == s.y2 and abs(s.y1 - y) < 1e-3]
        assert {min(s.x1, s.x2) > block.x2 for s in ends} == {True, False}, y
    assert len(segs) == 2 * (cols + 1) + 2 * (rows + 1)


LONG_TITLE = "Spatial Delivery - cards, sheet 10 of 10 (fronts)"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_butted_text_and_targets_clear_of_marks_and_cards(paper: str, duplex: str,
                                                           bleed: float) -> None:
    opts = KitOptions(paper=paper, duplex=duplex, bleed_mm=bleed)  # type: ignore[arg-type]
    ctx = SheetContext("t", opts)
    plan = _butted_plan(paper, duplex, bleed=ctx.bleed)
    note = butted_note(ctx)
    assert "no bleed" not in note
    labels = butted_labels(plan, LONG_TITLE, ctx.how_to_print(), note)
    assert [lb.text for lb in labels] == [LONG_TITLE, ctx.how_to_print(), note]
    # room enough: not shrunk to a squint (between A4's column marks, the print size floor)
    assert all(lb.size >= (6 if plan.strips_clear() else 5) for lb in labels)
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
    assert where == ({"top", "bottom"} if plan.butt == "top-bottom" else {"left", "right"})
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
    assert pages[0].trim is not None
    assert pages[0].bleed == pages[0].trim.expand(mm(2))  # round the blocks only


@pytest.mark.parametrize(("opts", "sheets"), [
    ({"paper": "a4"}, 10), ({"paper": "letter", "bleed_mm": 3.0}, 12),
    ({"paper": "letter", "bleed_mm": 0.0}, 10),
    ({"paper": "a4", "duplex": "none", "crop_marks": False}, 10)])
def test_spatial_delivery_cards_print_butted(opts: dict[str, object], sheets: int) -> None:
    """The kit's 90 cards take 10 sheets (was 23; Letter with bleed 12); every other sheet
    keeps the 10 mm margin."""
    from pnp.render.spatial_delivery import component_pages

    options = KitOptions(**opts)  # type: ignore[arg-type]
    pages = component_pages(options)
    cards = [p for p in pages if " - cards, " in p.label]
    assert len(cards) == 2 * sheets
    for page in pages:
        if page.trim is None:
            continue
        assert page.bleed is not None
        butted = page in cards
        margin = printable_area(page.size, mm(5) if butted else mm(10))
        assert _inside(page.bleed, margin) and _inside(page.trim, page.bleed), page.label


# -- the outer bleed of a butted block ------------------------------------------------------------

def _same(a: Rect, b: Rect) -> bool:
    return all(abs(u - v) < 1e-6 for u, v in zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h),
                                                   strict=True))


def _union(rects: list[Rect]) -> Rect:
    out = rects[0]
    for r in rects[1:]:
        out = out.union(r)
    return out


@pytest.mark.parametrize(("paper", "duplex"), [("a4", "long"), ("a4", "short"),
                                               ("letter", "long"), ("letter", "none")])
def test_butted_art_bleeds_round_the_block_only_and_backs_stay_behind(paper: str,
                                                                     duplex: str) -> None:
    from pnp.render.butted import outer_clip
    from pnp.render.impose import mirror

    bleed = mm(1.5)
    plan = _butted_plan(paper, duplex, bleed=bleed)
    fronts, backs = plan.cut_rects(), plan.back_rects()
    clips = [outer_clip(r, fronts, bleed) for r in fronts]
    block = _union(fronts)
    # the clips tile the block and its bleed: no gap, no overlap (no art on a neighbour)
    assert _same(_union(clips), block.expand(bleed))
    assert sum(c.w * c.h for c in clips) == pytest.approx(block.expand(bleed).w
                                                          * block.expand(bleed).h)
    for a, b in itertools.combinations(clips, 2):
        assert not a.inset(1e-6).overlaps(b.inset(1e-6))
    # a corner card bleeds on two sides, an edge card on one, a middle card on none
    grown = sorted(round((c.w * c.h - r.w * r.h) / (bleed * mm(63)), 1)
                   for c, r in zip(clips, fronts, strict=True))
    assert grown[0] < 0.1 or len(fronts) == 8  # 3 x 3 has a middle card; 4 x 2 does not
    # each back's clip is its front's, mirrored: a 1 mm shift shows the same colour
    axis = plan.mirror_axis
    assert axis is not None
    for front, back in zip(fronts, backs, strict=True):
        assert _same(mirror(outer_clip(front, fronts, bleed), plan.size, axis),
                     outer_clip(back, backs, bleed))


def test_butted_gutter_fold_bleeds_outside_and_up_to_the_fold() -> None:
    from pnp.render.butted import outer_clip

    bleed = mm(2)
    plan = impose(4, mm(63), mm(88), "a4", "fold", gutter=mm(6), butt=True, bleed=bleed)[0]
    assert plan.fold_line is not None
    axis, pos = plan.fold_line
    cards = plan.cut_rects()
    clips = [outer_clip(r, cards, bleed, plan.fold_line) for r in cards]
    fronts, backs = _union(clips[:4]), _union(clips[4:])
    assert axis == "y" and fronts.y == pytest.approx(pos) and backs.y2 == pytest.approx(pos)
    assert fronts.y2 == pytest.approx(_union(cards[:4]).y2 + bleed)
    assert fronts.x == pytest.approx(_union(cards[:4]).x - bleed)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_butted_block_shifted_1mm_shows_no_white(tmp_path: Path, paper: str) -> None:
    """Rendered at 100 dpi: 1 mm outside each outer edge of the block of backs (where a cut
    1 mm off, or a back printed 1 mm off, would show) there is ink, not paper."""
    opts = KitOptions(paper=paper)  # type: ignore[arg-type]
    pages = two_sided_sheets(SheetContext("Spatial Delivery", opts), _sd_cards()[:8], "cards",
                             butt=True)
    path = write_pdf(tmp_path / "cards.pdf", pages, "t")
    back = pages[1]
    assert back.trim is not None
    img = _render(path, 1, 100)
    dots = 100 / 72
    h = img.size[1]
    t, one = back.trim, mm(1)
    for x, y in ((t.x - one, t.cy), (t.x2 + one, t.cy), (t.cx, t.y - one), (t.cx, t.y2 + one)):
        px, py = round(x * dots), round(h - y * dots)
        assert _darkest(img, (px - 1, py - 1, px + 2, py + 2)) < 230, (x, y)
    opts = KitOptions(paper=paper, bleed_mm=0)  # type: ignore[arg-type]
    bare = two_sided_sheets(SheetContext("Spatial Delivery", opts), _sd_cards()[:8], "cards",
                            butt=True)
    path = write_pdf(tmp_path / "bare.pdf", bare, "t")
    t = bare[1].trim
    assert t is not None
    img = _render(path, 1, 100)
    h = img.size[1]
    px, py = round((t.x - one) * dots), round(h - t.cy * dots)
    assert _darkest(img, (px - 1, py - 1, px + 2, py + 2)) > 240  # without bleed: white
