"""Screenshots of the tracker for docs/gallery (run by hand, not collected by pytest):

    .venv/bin/python -m tests.webscore.make_gallery [OUT_DIR]
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.serving import make_server

from pnp.engine import Rng
from webscore import create_app

from .phone import typed
from .taps import GAMES

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


def play(app: Flask, page: Any, game_id: str, decisions: int) -> None:
    """Tap ``decisions`` entries the way tests.webscore.taps chooses them."""
    from pnp.engine import get_game
    from webscore.db import get_engine
    from webscore.snapshots import snapshot

    from .phone import seq_of, tap, wait_seq_above
    from .taps import _strategy

    table_id = page.url.rsplit("/", 1)[1].split("#")[0]
    game, pick, rng = get_game(game_id), _strategy(game_id), Rng(7, "gallery")
    for _ in range(decisions):
        snap = snapshot(get_engine(app), table_id)
        if snap.outcome is not None:
            return
        tap(page, game.notation(pick(snap.state, rng)))
        wait_seq_above(page, snap.head)
        assert seq_of(page) > snap.head


DEPTH = {"galaxy-express": 9, "wormholes": 40, "weird-galaxy": 30, "spatial-delivery": 40,
         "galaxy-trucker": 4}


def phone_table(app: Flask, browser: Any, base: str, out: Path, game_id: str,
                players: list[str], seed: int, options: dict[str, Any]) -> None:
    """One game's table some way in, as the phone's screen shows it (no scrolling)."""
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    page.goto(f"{base}/new?game={game_id}&seed={seed}")
    for i, name in enumerate(players):
        page.fill(f"input[name=player] >> nth={i}", name)
    page.check("input[name=chance][value=tracker]")
    if options:
        page.click("form.form details summary")
        page.fill("textarea[name=options]",
                  "{" + ", ".join(f'"{k}": "{v}"' for k, v in options.items()) + "}")
    page.click("button[type=submit]")
    page.wait_for_url("**/t/*")
    play(app, page, game_id, DEPTH.get(game_id, 10))
    page.screenshot(path=str(out / f"tracker-table-{game_id}-phone.png"))
    if game_id == "galaxy-express" and page.locator("button.spot.multi").count():
        page.locator("button.spot.multi").first.click()
        page.screenshot(path=str(out / "tracker-table-galaxy-express-list-phone.png"))
    page.context.close()


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
            play(app, page, "galaxy-express", 6)
            snap("table")
            typed(page, "M5Q")
            page.wait_for_selector("#refusal")
            snap("refused")
            typed(page, "X")
            page.click("#confirm-yes")
            page.click("text=See the result")
            page.wait_for_url("**/finish")
            snap("finish")
            if size == "phone":
                for game_id, (players, seed, options) in GAMES.items():
                    phone_table(app, browser, base, out, game_id, players, seed, options)
            page.goto(base + "/sheets/galaxy-express")
            snap("sheet")
            page.goto(base + "/t/" + weird_galaxy_table(app))
            snap("weird-galaxy")
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/gallery"))
