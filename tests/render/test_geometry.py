"""Paper sizes and rectangles."""

from __future__ import annotations

import pytest

from pnp.engine import PnpError
from pnp.render.geometry import MARGIN, Rect, paper_size, printable_area, union_all

MM = 72 / 25.4


@pytest.mark.parametrize(("paper", "w_mm", "h_mm"), [
    ("a4", 210, 297), ("letter", 215.9, 279.4), ("a5", 148, 210)])
def test_paper_sizes_are_exact(paper: str, w_mm: float, h_mm: float) -> None:
    w, h = paper_size(paper)
    assert w / MM == pytest.approx(w_mm, abs=1e-9)
    assert h / MM == pytest.approx(h_mm, abs=1e-9)
    assert paper_size(paper, landscape=True) == (h, w)


def test_letter_in_points() -> None:
    assert paper_size("letter") == (612.0, 792.0)


def test_unknown_paper_is_a_clear_error() -> None:
    with pytest.raises(PnpError, match="a4, a5, letter"):
        paper_size("tabloid")


def test_margin_is_printable_by_home_printers() -> None:
    assert MARGIN / MM >= 5
    area = printable_area(paper_size("a4"))
    assert area.x == pytest.approx(10 * MM) and area.x2 == pytest.approx(200 * MM)


def test_rect_helpers() -> None:
    r = Rect(10, 20, 30, 40)
    assert (r.x2, r.y2, r.cx, r.cy) == (40, 60, 25, 40)
    assert r.expand(5) == Rect(5, 15, 40, 50)
    assert r.contains(Rect(11, 21, 5, 5)) and not r.contains(Rect(0, 0, 5, 5))
    assert r.overlaps(Rect(39, 59, 5, 5)) and not r.overlaps(Rect(40, 20, 5, 5))
    assert r.union(Rect(0, 0, 1, 1)) == Rect(0, 0, 40, 60)


def test_union_all_is_union_after_union_to_the_bit() -> None:
    import random

    rng = random.Random(18)
    for _ in range(500):
        rects = [Rect(rng.uniform(-50, 500), rng.uniform(-50, 700), rng.uniform(0, 200),
                      rng.uniform(0, 200)) for _ in range(rng.randint(1, 12))]
        if rng.random() < 0.3:  # shared edges and corners, as on a sheet of cards
            rects += [Rect(r.x2, r.y, r.w, r.h) for r in rects]
        one = rects[0]
        for r in rects[1:]:
            one = one.union(r)
        assert union_all(rects) == one
