"""In a real Chromium: the join survives quitting and restarting the browser (its profile kept),
and no page breaks the Content-Security-Policy (the browser reports every violation)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .test_browser import ARGS, PHONE, chromium_path, server

__all__ = ["server"]
pytestmark = pytest.mark.browser

WATCH_CSP = """document.addEventListener('securitypolicyviolation', function (e) {
  (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI);
});"""


def _launch(pw: Any, profile: Path) -> Any:
    return pw.chromium.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=ARGS, viewport=PHONE)


def test_rights_survive_a_browser_restart(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    req = urllib.request.Request(server + "/api/tables", method="POST", data=json.dumps(
        {"game": "galaxy-express", "players": ["Ana"], "seed": 7, "chance": "tracker"}
    ).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as resp:
        table = json.loads(resp.read())
    profile = tmp_path / "profile"
    with sync_playwright() as pw:
        ctx = _launch(pw, profile)
        page = ctx.new_page()
        page.goto(table["join_url"])
        page.wait_for_url(f"**/t/{table['id']}")
        assert page.query_selector("#join-url") is not None
        ctx.close()  # quit the browser: session-only cookies are gone now
        ctx = _launch(pw, profile)
        page = ctx.new_page()
        page.goto(f"{server}/t/{table['id']}")
        assert page.query_selector("#join-url") is not None, "rights lost on restart"
        assert page.query_selector("button.choice") is not None
        ctx.close()


def test_no_page_violates_the_content_security_policy(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=ARGS)
        page = browser.new_page(viewport=PHONE)
        page.add_init_script(WATCH_CSP)
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text)
                if "Content Security Policy" in m.text else None)
        page.goto(f"{server}/new?game=galaxy-express&seed=7")
        page.fill("input[name=player] >> nth=0", "Ana")
        page.check("input[name=chance][value=tracker]")
        page.click("button[type=submit]")
        page.wait_for_url("**/t/*")
        table_url = page.url
        violations = page.evaluate("window.__csp || []")
        page.click("button.spot >> nth=0")  # a start planet, tapped on the board
        page.wait_for_selector("#live .history li.typed")
        for path in ("/", "/ships/timer", "/sheets/", table_url.replace(server, "") + "/finish"):
            page.goto(server + path)
            violations += page.evaluate("window.__csp || []")
        page.goto(table_url)
        page.wait_for_timeout(300)
        violations += page.evaluate("window.__csp || []")
        assert violations == [] and errors == [], (violations, errors)
        icon = page.evaluate("fetch('/favicon.ico').then(r => r.status)")
        assert icon == 200
        browser.close()
