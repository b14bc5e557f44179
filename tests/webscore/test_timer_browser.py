"""In Chromium: a Galaxy Trucker table page keeps one live stream for entries and the build
timer alike, and a timer started on another phone shows on this one within a second."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from .test_browser import ARGS, PHONE, chromium_path, server

__all__ = ["server"]
pytestmark = pytest.mark.browser

COUNT_STREAMS = """(function () {
  var Real = window.EventSource;
  window.__streams = [];
  window.EventSource = function (url, init) {
    window.__streams.push(String(url));
    return new Real(url, init);
  };
  window.EventSource.prototype = Real.prototype;
})();"""


def _api(url: str, data: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Table-Token"] = token
    req = urllib.request.Request(url, method="POST", data=json.dumps(data).encode(),
                                 headers=headers)
    with urllib.request.urlopen(req) as resp:
        out: dict[str, Any] = json.loads(resp.read())
    return out


def test_the_timer_rides_the_table_stream(server: str) -> None:
    from playwright.sync_api import sync_playwright

    table = _api(server + "/api/tables", {"game": "galaxy-trucker", "players": ["Ana", "Bo"],
                                          "seed": 2, "chance": "tracker"})
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=ARGS)
        page = browser.new_page(viewport=PHONE)
        page.add_init_script(COUNT_STREAMS)
        page.goto(f"{server}/t/{table['id']}")
        page.wait_for_selector("#timer")
        time.sleep(0.5)
        streams = page.evaluate("window.__streams")
        assert len(streams) == 1 and "/events" in streams[0], streams
        before = page.inner_text("#timer")
        # Another phone sets the timer up: this page's panel follows within a second.
        _api(f"{server}/api/tables/{table['id']}/timer", {"action": "new", "round": 2},
             table["token"])
        start = time.monotonic()
        while page.inner_text("#timer") == before:
            assert time.monotonic() - start < 1.0, "the timer change did not arrive in 1 s"
            time.sleep(0.05)
        assert page.evaluate("window.__streams.length") == 1
        browser.close()
