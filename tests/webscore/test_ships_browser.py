"""Headless Chromium on the ship pages: build a ship by tapping squares on a phone, paste a
wrong one and apply a repair, and run a short build timer (the countdown ticks, Flip waits for
the sand).  Run as a script to refresh the gallery pictures:

    .venv/bin/python -m tests.webscore.test_ships_browser [OUT_DIR]
"""

from __future__ import annotations

import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from pnp.games.galaxy_trucker import generate_tiles
from webscore import create_app

from .test_browser import ARGS, PHONE, chromium_path, shot

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
WRONG = "I 11@6,6 103@6,7/1 98@7,6/1 141@7,7 65@7,8 80@7,9/2 28@8,6 50@8,7/1 5@8,9/3 61@9,9/2"
# a 26-tile class III ship of the seed-1 tiles (random legal build), #73 then turned wrongly
GALLERY = ("III 125@5,6/3 3@5,7 116@5,8/1 81@6,5 104@6,6/2 98@6,7/1 138@6,8 51@6,9/1 "
           "49@7,4/3 120@7,5/1 128@7,6/2 141@7,7 73@7,8/1 106@7,9/2 56@7,10/1 93@8,3/2 "
           "14@8,4/1 91@8,5/3 119@8,6/1 85@8,7/2 112@8,9/3 68@8,10/1 61@9,4/2 131@9,6/3 "
           "29@9,7 82@9,10/2")


def serve() -> tuple[Any, str]:
    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "ships", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp}/s.sqlite3"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_port}"


@pytest.fixture
def server() -> Iterator[str]:
    srv, base = serve()
    yield base
    srv.shutdown()


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=ARGS)
        yield b
        b.close()


def test_build_a_ship_by_tapping_on_a_phone(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/ships")
    page.select_option("#new-ship select[name=board]", "I")
    page.click("#new-ship button[type=submit]")
    page.wait_for_url("**/ships/check?*")
    assert "passes the spot check" in page.inner_text("#verdict")
    # tap the square in front of the pilot cabin, name a structural module, pick a turn
    structural = next(t for t in generate_tiles(1).warehouse if t.kind.value == "structural")
    page.click('svg.ship a[aria-label^="row 6, column 7:"]')
    assert "Row 6, column 7" in page.inner_text("#square")
    page.fill("#square input[name=tile]", str(structural.id))
    page.click("#square button[type=submit]")
    page.click("#rotations a.fits >> nth=0")
    page.wait_for_selector(f'svg.ship a[aria-label^="row 6, column 7: #{structural.id} "]',
                           state="attached")
    assert "2 tiles" in page.inner_text("#verdict")
    assert "passes the spot check" in page.inner_text("#verdict")
    # turn it until a connector meets a smooth side or it stays legal: the page rechecks
    page.click("#turn")
    assert "Row 6, column 7" in page.inner_text("#square")
    shot(page, tmp_path / "phone.png")


def test_paste_a_wrong_ship_and_repair_it(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server}/ships")
    page.fill("#paste-ship textarea[name=ship]", WRONG)
    page.click("#paste-ship button[type=submit]")
    assert "1 mistake" in page.inner_text("#verdict")
    assert "GT-S2" in page.inner_text("#mistakes")
    page.click("#repairs li >> nth=0 >> a")
    assert "passes the spot check" in page.inner_text("#verdict")
    shot(page, tmp_path / "desktop.png")


def test_build_timer_counts_down_and_waits_for_the_sand(server: str, browser: Any) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server}/ships/timer")
    page.select_option("select[name=round]", "2")
    page.select_option("select[name=players]", "2")
    page.fill("input[name=player1]", "Ana")
    page.fill("input[name=run]", "10")
    page.click("#new-timer button[type=submit]")
    page.click("#go")
    page.wait_for_selector("#flip")
    assert page.is_disabled("#flip")  # the sand is running
    first = page.inner_text("#clock")
    page.wait_for_timeout(1600)
    assert page.inner_text("#clock") != first
    page.wait_for_selector("text=Time!", timeout=15000)  # the page reloads at zero
    page.click("#flip")
    page.wait_for_selector("text=running on circle 1")


def main(out: Path) -> None:
    """The gallery pictures: the ship page on a phone and on a desktop."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    srv, base = serve()
    url = f"{base}/ships/check?seed=1&ship={GALLERY.replace(' ', '+')}"
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=ARGS)
        page = b.new_context(viewport=PHONE).new_page()
        page.goto(url)
        page.screenshot(path=str(out / "tracker-ship-phone.png"), full_page=False)
        page = b.new_context(viewport=DESKTOP).new_page()
        page.goto(f"{url}&cell=8,8&tile=36")
        page.screenshot(path=str(out / "tracker-ship-desktop.png"), full_page=False)
        b.close()
    srv.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/gallery"))
