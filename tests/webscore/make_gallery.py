"""Screenshots of the tracker for docs/gallery (run by hand, not collected by pytest):

    .venv/bin/python -m tests.webscore.make_gallery [OUT_DIR]
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

from flask import Flask
from werkzeug.serving import make_server

from pnp.engine import Rng
from webscore import create_app

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def weird_galaxy_table(app: Flask) -> str:
    """A Weird Galaxy table some turns in (random legal entries), for its board drawing."""
    client = app.test_client()
    t = client.post("/api/tables", json={"game": "weird-galaxy", "players": ["Ana", "Bo", "Cy"],
                                         "seed": 5, "chance": "tracker"}).get_json()
    s, rng = t, Rng(2, "gallery")
    for _ in range(45):
        if s["finished"]:
            break
        s = client.post(f"/api/tables/{t['id']}/events", headers={"X-Table-Token": t["token"]},
                        json={"seq": s["seq"], "text": rng.choice(s["legal"])}).get_json()
    return str(t["id"])


def main(out: Path) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "gallery", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp}/g.sqlite3"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_port}"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size, viewport in SIZES.items():
            page = browser.new_context(viewport=viewport).new_page()

            def snap(name: str, page=page, size=size) -> None:  # type: ignore[no-untyped-def]
                page.screenshot(path=str(out / f"tracker-{name}-{size}.png"), full_page=True)

            page.goto(base + "/")
            snap("home")
            page.goto(base + "/new?game=galaxy-express&seed=7")
            page.fill("input[name=player] >> nth=0", "Zoë")
            page.fill("input[name=location]", "Kitchen table")
            page.check("input[name=chance][value=tracker]")
            snap("new")
            page.click("button[type=submit]")
            page.wait_for_url("**/t/*")
            page.click("button.choice >> nth=0")
            page.wait_for_selector("button.choice")
            for _ in range(4):  # a few turns: the first legal slide, a scan if any, end
                choices = page.locator("button.choice").evaluate_all(
                    "bs => bs.map(b => b.value)")
                pick = next((c for c in choices if c.startswith("?")), None) or \
                    next((c for c in choices if c not in ("X",)), choices[0])
                page.click(f"button.choice[value='{pick}']")
                page.wait_for_load_state()
            snap("table")
            page.fill("#text", "M5Q")
            page.click("#log")
            page.wait_for_selector("#refusal")
            page.fill("#text", "D")
            page.click("#log")
            page.wait_for_selector("#refusal")
            snap("refused")
            page.fill("#text", "X")
            page.click("#log")
            page.click("text=See the result")
            page.wait_for_url("**/finish")
            snap("finish")
            page.goto(base + "/sheets/galaxy-express")
            snap("sheet")
            page.goto(base + "/t/" + weird_galaxy_table(app))
            snap("weird-galaxy")
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/gallery"))
