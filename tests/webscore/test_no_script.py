"""The table page with JavaScript off (headless Chromium): a tap on the board, a refusal and
undo all post plain forms and come back to the table's own address (POST-redirect-GET, so
/t/ID/move never stays in the address bar); a place with several choices lists them; conceding
asks first."""

from __future__ import annotations

from typing import Any

import pytest

from .phone import PHONE
from .test_browser import browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_the_table_works_without_javascript(server: str, browser: Any) -> None:  # noqa: F811
    ctx = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = ctx.new_page()
    page.goto(f"{server}/new?game=galaxy-express&seed=7")
    page.check("input[name=chance][value=tracker]")
    page.click("button[type=submit]")  # a solo table needs no name
    page.wait_for_url("**/t/*")
    table = page.url
    assert "Player 1" in page.inner_text("#status")
    page.click("button.spot >> nth=0")  # a start planet on the board
    page.wait_for_load_state()
    assert page.url.split("#")[0] == table
    assert "@" in (page.text_content(".history") or "")
    before = page.locator(".history li").count()
    # a refusal waits on the table's own page, the typed text kept
    page.click("#live details.typed-box summary")
    page.fill("#text", "M5Q")
    page.click("#log")
    page.wait_for_selector("#refusal")
    assert page.url.split("#")[0] == table and page.input_value("#text") == "M5Q"
    # a place with several choices: its list, then one of them
    for _ in range(12):
        multi = page.locator("button.spot.multi")
        if multi.count():
            break
        page.click("button.spot >> nth=0")
        page.wait_for_load_state()
    if multi.count():
        multi.first.click()
        page.wait_for_selector(".pick:not([hidden]) button")
        assert page.url.split("#")[0] == table
        page.click(".pick:not([hidden]) button >> nth=0")
        page.wait_for_load_state()
    assert page.locator(".history li").count() > before
    # undo, then conceding asks first
    page.click("#undo")
    page.wait_for_load_state()
    assert page.url.split("#")[0] == table
    page.click("#live details.typed-box summary")
    page.fill("#text", "X")
    page.click("#log")
    page.wait_for_selector("#confirm-yes")
    assert "concede the game?" in page.inner_text("#ask")
    page.click("#confirm-yes")
    page.wait_for_selector("text=See the result")
    assert page.url.split("#")[0] == table
    ctx.close()
