"""The score-sheet forms in headless Chromium, on a phone (390x844) and a desktop: the page never
scrolls sideways (wide grids scroll inside their own box), a filled Spatial Delivery sheet
checks out, and a wrong Galaxy Trucker cell is marked on the form."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from .test_browser import PHONE, browser, server  # noqa: F401  (fixtures)
from .test_sheets import GT_GOOD, SD_GOOD

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
# PNP_GALLERY=docs/gallery keeps the screenshots for the README gallery.
GALLERY = os.environ.get("PNP_GALLERY")


def save(page: Any, tmp_path: Path, name: str) -> Path:
    out = Path(GALLERY) if GALLERY else tmp_path
    path = out / f"tracker-sheet-{name}.png"
    page.screenshot(path=str(path), full_page=name.endswith("desktop"))
    assert path.stat().st_size > 5000
    return path


def widths(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("""() => ({
        page: document.documentElement.scrollWidth, view: window.innerWidth,
        boxes: [...document.querySelectorAll('.sheet-scroll')].map(
            b => [b.scrollWidth, b.clientWidth, b.getBoundingClientRect().right])})"""))


@pytest.mark.parametrize("game_id", ["spatial-delivery", "galaxy-trucker", "wormholes",
                                     "galaxy-express", "weird-galaxy"])
def test_no_page_wide_sideways_scroll_on_a_phone(server: str, browser: Any,  # noqa: F811
                                                 game_id: str) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/sheets/{game_id}")
    w = widths(page)
    assert w["page"] <= w["view"], w
    assert all(right <= w["view"] for _, _, right in w["boxes"]), w
    page.close()


def fill(page: Any, values: dict[str, str]) -> None:
    for name, value in values.items():
        page.fill(f"form.sheet input[name='{name}']", value)


def test_spatial_delivery_form_on_phone_and_desktop(server: str, browser: Any,  # noqa: F811
                                                    tmp_path: Path) -> None:
    for name, viewport in (("spatial-delivery-phone", PHONE),
                           ("spatial-delivery-desktop", DESKTOP)):
        page = browser.new_page(viewport=viewport)
        page.goto(f"{server}/sheets/spatial-delivery")
        # the row labels stay in view when the grid is scrolled sideways
        label = page.get_by_role("rowheader", name="Round 1", exact=True)
        x0 = label.bounding_box()["x"]
        grid = page.locator(".sheet-block.players .sheet-scroll").first  # the totals grid
        grid.evaluate("b => b.scrollLeft = 400")
        assert abs(label.bounding_box()["x"] - x0) < 1
        grid.evaluate("b => b.scrollLeft = 0")
        fill(page, SD_GOOD)
        page.click("form.sheet button[type=submit]")
        page.wait_for_selector("#report")
        assert "Every line checks out" in page.inner_text("#report")
        page.locator("input[name=p1_r1]").scroll_into_view_if_needed()
        save(page, tmp_path, name)
        page.close()


def test_galaxy_trucker_wrong_cell_is_marked(server: str, browser: Any,  # noqa: F811
                                             tmp_path: Path) -> None:
    for name, viewport in (("galaxy-trucker-phone", PHONE), ("galaxy-trucker-desktop", DESKTOP)):
        page = browser.new_page(viewport=viewport)
        page.goto(f"{server}/sheets/galaxy-trucker")
        fill(page, {**GT_GOOD, "p1_r2_goods": "7"})
        page.click("form.sheet button[type=submit]")
        page.wait_for_selector("#report")
        assert "p1_r2_goods" in page.inner_text("#report")
        cell = page.locator("input[name=p1_r2_goods]")
        assert cell.get_attribute("aria-invalid") == "true"
        assert "expected 4" in (cell.get_attribute("title") or "")
        assert page.locator("input[name=p1_r2_round]").get_attribute("class") == "ok"
        w = widths(page)
        assert w["page"] <= w["view"], w
        # show player 1's round headers down to the marked cell
        page.locator(".sheet-block.rounds table").first.evaluate("t => t.scrollIntoView()")
        save(page, tmp_path, name)
        page.close()
