"""Imposition: pieces fit the printable area, never overlap, and backs sit behind fronts."""

from __future__ import annotations

import itertools

import pytest

from pnp.engine import PnpError
from pnp.render.geometry import inch, mm, paper_size, printable_area
from pnp.render.impose import (
    BUTT_MARK_MIN,
    BUTT_MARK_OFFSET,
    BUTT_TEXT,
    Mode,
    SheetPlan,
    impose,
    mark_room,
)

PIECES = {"tile": (inch(2), inch(2), mm(6)), "coin": (inch(0.75), inch(0.75), mm(4)),
          "card": (inch(2.5), inch(3.5), mm(6))}
PAPERS = ("a4", "letter", "a5")
MODES: tuple[Mode, ...] = ("long", "short", "none", "fold")


def physical_flip(size: tuple[float, float], mode: Mode, x: float, y: float
                  ) -> tuple[float, float]:
    """Where a point printed on the back page lands behind the front, as the paper turns.

    Written out from how a sheet is turned, independently of the code under test: long-edge
    duplex turns a portrait sheet about its vertical axis and a landscape sheet about its
    horizontal one; short-edge the other way round.
    """
    w, h = size
    portrait = w <= h
    about_vertical = (mode in ("long", "none")) == portrait
    return (w - x, y) if about_vertical else (x, h - y)


def all_plans() -> list[tuple[str, str, Mode, float, bool, list[SheetPlan]]]:
    """Every piece, paper, mode, bleed and marks setting; cards also butted ("card-butted")."""
    out = []
    kinds = [(kind, size, False) for kind, size in PIECES.items()]
    kinds.append(("card-butted", (mm(63), mm(88), mm(6)), True))
    for (kind, (w, h, gutter), butt), paper, mode, bleed, marks in itertools.product(
            kinds, PAPERS, MODES, (0.0, mm(3)), (True, False)):
        plans = impose(30, w, h, paper, mode, gutter=gutter, bleed=bleed, crop_marks=marks,
                       butt=butt)
        out.append((kind, paper, mode, bleed, marks, plans))
    return out


def butted(kind: str, mode: Mode) -> bool:
    """Butted layout asked for and given (a gutter fold butts the cards against the fold)."""
    return kind == "card-butted"


PLANS = all_plans()


@pytest.mark.parametrize(("kind", "paper", "mode", "bleed", "marks", "plans"), PLANS)
def test_cut_lines_inside_printable_area_with_room_for_marks(
        kind: str, paper: str, mode: Mode, bleed: float, marks: bool,
        plans: list[SheetPlan]) -> None:
    assert sum(len(p.slots) for p in plans) == 30
    assert sorted(s.index for p in plans for s in p.slots) == list(range(30))
    for plan in plans:
        assert plan.size in (paper_size(paper), paper_size(paper, True))
        assert (plan.butt is not None) == butted(kind, mode)
        if plan.butt:  # cards edge to edge: the 5 mm card margin, outer bleed, short marks
            area = printable_area(plan.size, mm(5))
            assert plan.bleed == bleed
            room = bleed + (BUTT_MARK_OFFSET + BUTT_MARK_MIN if marks else 0.0)
        else:
            area = printable_area(plan.size)  # 10 mm
            room = mark_room(bleed, marks)
        for r in plan.cut_rects():
            assert area.contains(r), (kind, paper, mode, r)
            assert area.contains(r.expand(bleed)), "bleed must stay printable too"
        # the outer crop-mark room stays inside the printable area, on every side
        for r in plan.cut_rects():
            if mode != "fold":
                assert min(r.x - area.x, area.x2 - r.x2) >= room - 1e-6
                assert min(r.y - area.y, area.y2 - r.y2) >= room - 1e-6


@pytest.mark.parametrize(("kind", "paper", "mode", "bleed", "marks", "plans"), PLANS)
def test_pieces_and_their_bleed_never_overlap(
        kind: str, paper: str, mode: Mode, bleed: float, marks: bool,
        plans: list[SheetPlan]) -> None:
    for plan in plans:
        if plan.butt:
            bleed = 0.0  # inside a butted block the art stops at the shared lines (test_components)
        for side in (plan.cut_rects(), plan.back_rects()):
            grown = [r.expand(bleed).inset(1e-6) for r in side]  # touching is fine
            for a, b in itertools.combinations(grown, 2):
                assert not a.overlaps(b)


@pytest.mark.parametrize(("kind", "paper", "mode", "bleed", "marks", "plans"),
                         [p for p in PLANS if p[2] != "fold"])
def test_duplex_back_centre_lands_on_front_centre(
        kind: str, paper: str, mode: Mode, bleed: float, marks: bool,
        plans: list[SheetPlan]) -> None:
    for plan in plans:
        for slot in plan.slots:
            assert slot.back is not None
            x, y = physical_flip(plan.size, mode, slot.back.cx, slot.back.cy)
            assert abs(x - slot.front.cx) <= mm(0.1)
            assert abs(y - slot.front.cy) <= mm(0.1)


@pytest.mark.parametrize(("kind", "paper", "mode", "bleed", "marks", "plans"),
                         [p for p in PLANS if p[2] == "fold"])
def test_gutter_fold_backs_mirror_across_the_fold(
        kind: str, paper: str, mode: Mode, bleed: float, marks: bool,
        plans: list[SheetPlan]) -> None:
    for plan in plans:
        assert plan.fold_line is not None
        axis, pos = plan.fold_line
        for slot in plan.slots:
            assert slot.back is not None
            if plan.butt:
                bleed = 0.0  # butted blocks reach to the fold at most (FOLD_GAP)
            if axis == "x":
                assert slot.front.cx + slot.back.cx == pytest.approx(2 * pos, abs=mm(0.1))
                assert slot.front.cy == pytest.approx(slot.back.cy, abs=mm(0.1))
                assert slot.front.x2 + bleed < pos < slot.back.x - bleed
            else:
                assert slot.front.cy + slot.back.cy == pytest.approx(2 * pos, abs=mm(0.1))
                assert slot.back.y2 + bleed < pos < slot.front.y - bleed


def test_as_few_sheets_as_fit() -> None:
    # 2 in tiles on A4 portrait: 3 x 4 = 12 per sheet
    plans = impose(24, inch(2), inch(2), "a4", "long", gutter=mm(6))
    assert [len(p.slots) for p in plans] == [12, 12]
    plans = impose(13, inch(2), inch(2), "a4", "long", gutter=mm(6))
    assert [len(p.slots) for p in plans] == [12, 1]


def test_landscape_chosen_when_it_fits_more() -> None:
    # 130 x 40 mm on A4: portrait fits 1 x 5, landscape 2 x 3
    plans = impose(12, mm(130), mm(40), "a4", "long", gutter=mm(5))
    assert plans[0].landscape
    assert [len(p.slots) for p in plans] == [6, 6]
    # landscape long-edge duplex turns the sheet about its horizontal axis
    assert plans[0].mirror_axis == "y"


def test_piece_too_big_is_a_clear_error() -> None:
    with pytest.raises(PnpError, match="does not fit"):
        impose(1, mm(300), mm(300), "a4", "long", gutter=mm(5))


def test_row_group_lines_up_suits_without_costing_a_sheet() -> None:
    plans = impose(24, inch(0.75), inch(0.75), "a4", "long", gutter=mm(4), row_group=6)
    assert len(plans) == 1
    ys = sorted({round(s.front.y, 3) for s in plans[0].slots}, reverse=True)
    rows = [[s.index for s in plans[0].slots if round(s.front.y, 3) == y] for y in ys]
    assert rows == [list(range(k, k + 6)) for k in range(0, 24, 6)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("mode", ["long", "short", "none"])
def test_butted_poker_cards_nine_to_a_portrait_sheet(paper: str, mode: Mode) -> None:
    plans = impose(90, mm(63), mm(88), paper, mode, gutter=mm(6), butt=True)
    assert [len(p.slots) for p in plans] == [9] * 10
    for plan in plans:
        assert not plan.landscape and plan.butt is not None
        fronts = plan.cut_rects()
        xs = sorted({round(r.x, 6) for r in fronts})
        ys = sorted({round(r.y, 6) for r in fronts})
        assert len(xs) == 3 and len(ys) == 3
        # edge to edge: each column starts where the one before ends
        assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([mm(63)] * 2)
        assert [b - a for a, b in itertools.pairwise(ys)] == pytest.approx([mm(88)] * 2)
        # centred on the sheet, so the backs' block sits exactly behind the fronts' block
        w, h = plan.size
        assert xs[0] == pytest.approx(w - (xs[-1] + mm(63)))
        assert ys[0] == pytest.approx(h - (ys[-1] + mm(88)))
    spaced = impose(90, mm(63), mm(88), paper, mode, gutter=mm(6))
    assert len(spaced[0].slots) == 4  # what the cards got before


@pytest.mark.parametrize(("paper", "bleed", "sides", "clear"), [
    ("a4", 0.0, "top-bottom", True), ("letter", 0.0, "left-right", False),
    ("a4", mm(1.5), "top-bottom", False), ("letter", mm(1.5), "top-bottom", True),
    ("a4", mm(3), "top-bottom", False)])
def test_butted_text_strips_are_inside_the_10mm_margin_and_outside_cards(
        paper: str, bleed: float, sides: str, clear: bool) -> None:
    plan = impose(9, mm(63), mm(88), paper, "long", gutter=mm(6), butt=True, bleed=bleed)[0]
    assert plan.butt == sides and plan.strips_clear() is clear
    safe, limit = printable_area(plan.size, mm(10)), plan.mark_limit()
    assert printable_area(plan.size, mm(5)).contains(limit)
    for strip in plan.text_strips():
        assert safe.contains(strip)
        assert min(strip.w, strip.h) <= BUTT_TEXT + 1e-6
        assert not any(strip.overlaps(r.expand(bleed + BUTT_MARK_OFFSET))
                       for r in plan.cut_rects())
        # clear: the marks stop short of the strips; else the text goes between them
        assert strip.overlaps(limit) is not clear


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutter_fold_puts_four_poker_cards_on_a_sheet(paper: str) -> None:
    """Spaced, two fit (fronts and backs on one sheet); butted against the fold, four: on A4
    turned a quarter, the sheet folded across; on Letter landscape, folded down the middle."""
    assert len(impose(4, mm(63), mm(88), paper, "fold", gutter=mm(6))[0].slots) == 2
    plans = impose(20, mm(63), mm(88), paper, "fold", gutter=mm(6), butt=True)
    assert [len(p.slots) for p in plans] == [4] * 5
    plan = plans[0]
    assert plan.butt is not None and plan.fold_line is not None
    assert all(s.turned for s in plan.slots) == (paper == "a4")
    fronts = [s.front for s in plan.slots]
    backs = [s.back for s in plan.slots if s.back is not None]
    edge = printable_area(plan.size)
    for r in fronts + backs:
        assert edge.contains(r)
        assert {round(r.w / mm(1)), round(r.h / mm(1))} == {63, 88}
    assert not any(a.inset(0.01).overlaps(b.inset(0.01))
                   for a, b in itertools.combinations(fronts + backs, 2))


@pytest.mark.parametrize(("paper", "bleed", "per_sheet", "landscape"), [
    ("a4", mm(1.5), 9, False), ("a4", mm(3), 9, False), ("letter", mm(1.5), 8, True),
    ("letter", mm(3), 8, True), ("a5", mm(1.5), 4, False)])
@pytest.mark.parametrize("mode", ["long", "short"])
def test_butted_blocks_keep_room_for_their_outer_bleed(paper: str, bleed: float,
                                                       per_sheet: int, landscape: bool,
                                                       mode: Mode) -> None:
    """The block's bleed and its marks fit inside the 5 mm card margin: nine poker cards
    still fit A4 with 3 mm; Letter, whose three rows leave 7.7 mm, takes eight on its side."""
    plans = impose(72, mm(63), mm(88), paper, mode, gutter=mm(6), butt=True, bleed=bleed)
    assert len(plans[0].slots) == per_sheet and plans[0].landscape is landscape
    for plan in plans:
        assert plan.bleed == bleed
        room = bleed + BUTT_MARK_OFFSET + BUTT_MARK_MIN
        assert printable_area(plan.size, mm(5)).contains(plan.block().expand(room))
        # the backs' block, bleed included, lies exactly behind the fronts'
        back = plan.back_rects()[0]
        for r in plan.back_rects()[1:]:
            back = back.union(r)
        x, y = physical_flip(plan.size, mode, back.cx, back.cy)
        assert (x, y) == pytest.approx((plan.block().cx, plan.block().cy), abs=mm(0.01))
        assert (back.w, back.h) == pytest.approx((plan.block().w, plan.block().h))


@pytest.mark.parametrize(("paper", "bleed", "per_sheet"), [
    ("a4", mm(1.5), 4), ("a4", mm(3), 4), ("letter", mm(1.5), 4),
    ("letter", mm(3), 3)])  # Letter's two rows need 176 mm; 3 mm bleed and marks leave 175.4
def test_butted_gutter_fold_keeps_four_cards_with_outer_bleed(paper: str, bleed: float,
                                                              per_sheet: int) -> None:
    plans = impose(8, mm(63), mm(88), paper, "fold", gutter=mm(6), butt=True, bleed=bleed)
    assert len(plans[0].slots) == per_sheet
    for plan in plans:
        room = bleed + BUTT_MARK_OFFSET + BUTT_MARK_MIN
        assert plan.fold_line is not None and plan.bleed == bleed
        for r in plan.cut_rects():  # every outer side has room for bleed and marks
            assert printable_area(plan.size, mm(5)).contains(r.expand(room))


def test_butted_piece_too_big_is_a_clear_error() -> None:
    with pytest.raises(PnpError, match="edge to edge"):
        impose(1, mm(250), mm(300), "a4", "long", gutter=0.0, butt=True)
