"""Crop marks: short, outside every piece and its bleed, never a box around a piece."""

from __future__ import annotations

import itertools

import pytest

from pnp.render.geometry import Rect, inch, mm, printable_area
from pnp.render.impose import MARK_LENGTH, impose
from pnp.render.marks import Segment, crop_marks, registration_points


def _touches(seg: Segment, r: Rect) -> bool:
    """Whether the segment enters the open rectangle r."""
    xs, ys = sorted((seg.x1, seg.x2)), sorted((seg.y1, seg.y2))
    return xs[0] < r.x2 and xs[1] > r.x and ys[0] < r.y2 and ys[1] > r.y


@pytest.mark.parametrize("bleed", [0.0, mm(2), mm(3)])
@pytest.mark.parametrize(("w", "gutter"), [(inch(2), mm(6)), (inch(0.75), mm(4))])
def test_marks_stay_off_every_piece(bleed: float, w: float, gutter: float) -> None:
    plan = impose(40, w, w, "a4", "long", gutter=gutter, bleed=bleed)[0]
    cuts = plan.cut_rects()
    segs = crop_marks(cuts, bleed, printable_area(plan.size))
    assert segs
    area = printable_area(plan.size)
    for s in segs:
        assert 0 < s.length <= MARK_LENGTH + 1e-6
        assert s.x1 == s.x2 or s.y1 == s.y2  # horizontal or vertical
        for r in cuts:
            assert not _touches(s, r.expand(bleed)), "a crop mark runs into a piece"
        for x, y in ((s.x1, s.y1), (s.x2, s.y2)):
            assert area.x - 1e-6 <= x <= area.x2 + 1e-6 and area.y - 1e-6 <= y <= area.y2 + 1e-6


def test_every_corner_gets_both_marks_on_an_isolated_piece() -> None:
    r = Rect(100, 100, 50, 80)
    segs = crop_marks([r], 0.0)
    assert len(segs) == 8
    for cx, cy in itertools.product((r.x, r.x2), (r.y, r.y2)):
        near = [s for s in segs if min(abs(s.x1 - cx) + abs(s.y1 - cy),
                                        abs(s.x2 - cx) + abs(s.y2 - cy)) < mm(6)]
        assert len(near) == 2
    # each mark extends a cut line (lies on x = edge or y = edge), outside the piece
    for s in segs:
        on_line = (s.x1 == s.x2 and s.x1 in (r.x, r.x2)) or (s.y1 == s.y2 and s.y1 in (r.y, r.y2))
        assert on_line
        assert not _touches(s, r)


def test_marks_in_a_narrow_gutter_are_clipped_not_dropped_into_art() -> None:
    a, b = Rect(0, 0, 50, 50), Rect(50 + mm(4), 0, 50, 50)
    segs = crop_marks([a, b], 0.0)
    between = [s for s in segs if s.y1 == s.y2 and a.x2 <= min(s.x1, s.x2)
               and max(s.x1, s.x2) <= b.x]
    assert between, "gutter marks are kept where they fit"
    for s in segs:
        assert not _touches(s, a) and not _touches(s, b)


def test_registration_targets_are_symmetric_and_free() -> None:
    plan = impose(12, inch(2), inch(2), "a4", "long", gutter=mm(6))[0]
    area = printable_area(plan.size)
    pts = registration_points(area, plan.size, [r.expand(mm(5)) for r in plan.cut_rects()])
    assert pts
    w, h = plan.size
    as_set = {(round(x, 3), round(y, 3)) for x, y in pts}
    assert {(round(w - x, 3), round(y, 3)) for x, y in pts} == as_set
    assert {(round(x, 3), round(h - y, 3)) for x, y in pts} == as_set


def _on(seg: Segment, r: Rect) -> bool:
    """Whether the segment enters r or runs along its edge (a mark drawn over a cut line)."""
    return _touches(seg, r.expand(0.01))


def _touching_grid(cols: int, rows: int, count: int | None = None) -> list[Rect]:
    w, h = mm(63), mm(88)
    cells = [Rect(mm(20) + c * w, mm(10) + r * h, w, h) for r in range(rows) for c in range(cols)]
    return cells[:count] if count is not None else cells


def test_touching_pieces_keep_only_the_marks_outside_the_block() -> None:
    cuts = _touching_grid(3, 3)
    block = Rect(cuts[0].x, cuts[0].y, 3 * mm(63), 3 * mm(88))
    segs = crop_marks(cuts, 0.0)
    for s in segs:
        assert not _on(s, block), f"mark {s} lies on the block"
    # every cut line (shared or not) is marked at both ends, outside the block, on its line
    xs = [block.x + k * mm(63) for k in range(4)]
    ys = [block.y + k * mm(88) for k in range(4)]
    for x in xs:
        on_line = [s for s in segs if s.x1 == s.x2 and abs(s.x1 - x) < 1e-6]
        assert sorted(min(s.y1, s.y2) >= block.y2 for s in on_line) == [False, True], x
        assert any(max(s.y1, s.y2) <= block.y for s in on_line)
    for y in ys:
        on_line = [s for s in segs if s.y1 == s.y2 and abs(s.y1 - y) < 1e-6]
        assert sorted(min(s.x1, s.x2) >= block.x2 for s in on_line) == [False, True], y
        assert any(max(s.x1, s.x2) <= block.x for s in on_line)
    # ... and nothing else: 4 + 4 lines, two ends each (the interior corners' marks vanish)
    assert len(segs) == 16


def test_touching_pieces_in_an_l_shape_never_mark_a_piece() -> None:
    cuts = _touching_grid(3, 3, count=7)  # a partly filled last sheet
    segs = crop_marks(cuts, 0.0, offset=mm(0.75), length=mm(3), min_length=mm(1.5))
    assert segs
    for s in segs:
        assert mm(1.5) - 1e-6 <= s.length <= mm(3) + 1e-6
        for r in cuts:
            assert not _on(s, r), (s, r)


def test_spaced_pieces_keep_their_marks_between_them() -> None:
    """The touching-piece rule must not drop marks a gutter has room for."""
    cuts = [Rect(0, 0, 50, 50), Rect(50 + mm(6), 0, 50, 50), Rect(0, 50 + mm(6), 50, 50),
            Rect(50 + mm(6), 50 + mm(6), 50, 50)]
    segs = crop_marks(cuts, 0.0)
    assert len(segs) == 32  # eight marks a piece: the 6 mm gutter fits both pieces' marks
