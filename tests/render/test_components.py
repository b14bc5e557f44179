"""Component sheets: fronts and backs paired, gutter fold, blank backs for one-sided sheets."""

from __future__ import annotations

import pytest

from pnp.render.components import SheetContext, one_sided_sheets, two_sided_sheets
from pnp.render.geometry import mm
from pnp.render.options import KitOptions
from pnp.render.piecepack import full_piecepack


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
