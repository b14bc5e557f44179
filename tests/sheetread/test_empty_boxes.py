"""An empty comb box whose only ink is a dark frame's corner stubs reads as empty (the Weird
Galaxy A5 ledger's empty boxes read as a 1: a stub at the top and one at the bottom of a
wall), while a digit keeps every stroke it has along the walls."""

from __future__ import annotations

import numpy as np

from pnp.sheetread import photo
from pnp.sheetread.boxes import box_cuts
from pnp.sheetread.layout import layouts

LAYOUT = next(lay for lay in layouts("weird-galaxy") if lay.layout == "ledger1.a5")
BOX = LAYOUT.field("p1_r3_balance")


def _comb() -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """The balance comb's printed walls in an ink map, and each box's pixels."""
    rects = [LAYOUT.image_box(r, photo.SCALE) for r in BOX.boxes]
    left, top, right, bottom = rects[0][0], rects[0][1], rects[-1][2], rects[0][3]
    ink = np.zeros((bottom + 60, right + 60), np.float32)
    ink[top - 1:top + 2, left:right] = ink[bottom - 1:bottom + 2, left:right] = 1.0
    for x in [r[0] for r in rects] + [right]:
        ink[top:bottom, x - 1:x + 2] = 1.0
    return ink, rects


def _stubs(ink: np.ndarray, rect: tuple[int, int, int, int]) -> None:
    """A dark corner stub just inside the box's left wall, at its top and at its bottom
    (where a table's heavy rule meets the wall, a few pixels off in the photo)."""
    left, top, _right, bottom = rect
    ink[top + 3:top + 7, left + 3:left + 6] = 1.0
    ink[bottom - 7:bottom - 3, left + 3:left + 6] = 1.0


def test_corner_stubs_alone_are_an_empty_box() -> None:
    ink, rects = _comb()
    _stubs(ink, rects[1])
    cuts = box_cuts(ink, LAYOUT, BOX.boxes, photo.SCALE)
    assert all(float(c.sum()) == 0.0 for c in cuts)


def test_a_digit_keeps_its_strokes_along_the_wall() -> None:
    ink, rects = _comb()
    _stubs(ink, rects[1])
    left, top, right, bottom = rects[1]
    middle = (left + right) // 2
    ink[top + 6:bottom - 6, middle - 1:middle + 2] = 1.0  # a 1 down the middle
    cuts = box_cuts(ink, LAYOUT, BOX.boxes, photo.SCALE)
    alone = np.zeros_like(ink)
    alone[top + 6:bottom - 6, middle - 1:middle + 2] = 1.0
    (_a, only_the_one, _c) = box_cuts(_comb()[0] + alone, LAYOUT, BOX.boxes, photo.SCALE)
    assert float(cuts[1].sum()) > float(only_the_one.sum()) > 0  # the stubs stay with it
    # a 1 written against the wall is long: a pen's stroke, not a stub
    ink, rects = _comb()
    ink[top + 4:bottom - 4, left + 3:left + 6] = 1.0
    assert float(box_cuts(ink, LAYOUT, BOX.boxes, photo.SCALE)[1].sum()) > 0
