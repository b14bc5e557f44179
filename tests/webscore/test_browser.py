"""Headless Chromium (Debian's, driven by Playwright) plays a short Galaxy Express game on a
real server: create a table, log legal moves, see an illegal one refused with its rule, undo,
join from a second phone, finish, download the log and replay it."""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from werkzeug.serving import make_server

from pnp.engine import replay
from pnp.engine.log import load_log
from webscore import create_app

from .phone import PHONE, legal, seq_of, tap, typed, wait_count, wait_seq_above, wait_until

pytestmark = pytest.mark.browser

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str:
    path = os.environ.get("PNP_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        if os.environ.get("PNP_REQUIRE_SERVICES") == "1":
            pytest.fail(f"chromium not found at {path}")
        pytest.skip("chromium is not installed")
    return path


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    app = create_app({"SECRET_KEY": "browser", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'b.sqlite3'}"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()
    thread.join(5)


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=ARGS)
        yield b
        b.close()


def shot(page: Any, path: Path) -> None:
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 5000


@pytest.mark.usefixtures("printed_deal")  # the steps below follow seed 7's own deal
def test_play_a_short_galaxy_express_game(server: str, browser: Any, tmp_path: Path) -> None:
    ctx = browser.new_context(viewport=PHONE, accept_downloads=True)
    page = ctx.new_page()
    page.goto(f"{server}/new?game=galaxy-express&seed=7")
    shot(page, tmp_path / "new.png")
    page.fill("input[name=player] >> nth=0", "Zoë 🚀")
    page.check("input[name=chance][value=tracker]")
    page.click("button[type=submit]")
    page.wait_for_url("**/t/*")
    assert "Zoë 🚀, your move" in page.inner_text("#entry")
    # start on the first planet offered: tapped on the board
    seq = seq_of(page)
    page.click("button.spot >> nth=0")
    wait_seq_above(page, seq)
    history = page.text_content(".history") or ""
    assert "@" in history
    # an illegal coin: one of the Suns that is not face up
    values = legal(page)
    up = [t for t in values if t.startswith("S")]
    face_up = {t[1] for t in up}
    bad = next(f"S{v}E" for v in "012345" if v not in face_up)
    typed(page, bad)
    page.wait_for_selector("#refusal")
    assert "GE-4" in page.inner_text("#refusal")
    assert page.input_value("#text") == bad  # the box keeps what was typed
    shot(page, tmp_path / "refused.png")
    # a legal slide, then undo it
    before = page.locator(".history li").count()
    tap(page, up[0])
    wait_count(page, ".history li", before)
    assert up[0] in (page.text_content(".history") or "")
    page.click("#undo")
    wait_until(lambda: page.locator(".history li").count() == before, page)
    assert "1 entry undone" in page.inner_text(".history")
    # a second phone joins through the join link (what the QR code holds)
    join = page.get_attribute("#join-url", "href")
    assert join and "/join?k=" in join
    watcher = browser.new_context(viewport=PHONE).new_page()
    watcher.goto(page.url)
    assert "read-only" in watcher.inner_text("#entry")
    other = browser.new_context(viewport=PHONE).new_page()
    other.goto(join)
    other.wait_for_selector("#live details.typed-box")
    typed_seq = seq_of(page)
    page.click("#live details.typed-box summary")
    page.fill("#text", "D")  # phone 1 is typing while phone 2 logs an entry
    tap(other, up[0])
    wait_count(other, ".history li", before)
    # the watching phone refreshes by itself
    wait_count(watcher, ".history li", before, timeout=15000)
    # phone 1's page is stale: its entry is refused with the fresh state, nothing is lost
    assert seq_of(page) == typed_seq  # the typing phone was not redrawn under its thumb
    page.click("#log")
    page.wait_for_selector("#refusal")
    assert "tracker.stale" in page.inner_text("#refusal")
    page.fill("#text", "X")
    page.click("#log")
    page.wait_for_selector("#confirm-yes")  # conceding asks first
    page.click("#confirm-yes")
    page.wait_for_selector("text=See the result")
    page.click("text=See the result")
    page.wait_for_url("**/finish")
    assert "Conceded" in page.inner_text("main")
    shot(page, tmp_path / "finish.png")
    with page.expect_download() as info:
        page.click("#download-log")
    log_text = Path(info.value.path()).read_text()
    result = replay(load_log(log_text))
    assert result.ok and result.to_json()["finished"] and result.to_json()["result"] == "conceded"
    assert json.loads(log_text)["players"] == ["Zoë 🚀"]
    ctx.close()
