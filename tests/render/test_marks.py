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
