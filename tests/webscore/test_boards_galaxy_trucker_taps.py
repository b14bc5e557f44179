"""The Galaxy Trucker board as a phone taps it: every tile-naming entry of the deciding ship is
a tap target on its tile (rounds 1 and 3 of a real table), and (marked browser) the page on a
phone and a desktop.  Run as a script to refresh the gallery pictures:

    .venv/bin/python -m tests.webscore.test_boards_galaxy_trucker_taps [OUT_DIR]
"""

from __future__ import annotations

import re
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from pnp.engine import Rng, get_game
from pnp.games.galaxy_trucker import drawing as gt
from webscore import create_app

from .test_api import post
from .test_browser import ARGS, PHONE, chromium_path

GAME = get_game("galaxy-trucker")
DESKTOP = {"width": 1280, "height": 900}


# -- tapping the zoomed ship ---------------------------------------------------------------------
SPOT = re.compile(r'<foreignObject x="([-0-9.]+)" y="([-0-9.]+)" width="([0-9.]+)" '
                  r'height="[0-9.]+">\s*<button class="spot[^"]*"[^>]*?'
                  r'(?:value="([^"]*)"|data-pick="pick-([^"]*)")', re.S)


def _spots(html: str) -> dict[str, tuple[float, float, float]]:
    """Every entry a tap on the board makes (directly or from a place's list): its spot's
    centre and size."""
    from html import unescape

    out: dict[str, tuple[float, float, float]] = {}
    for x, y, size, value, pick in SPOT.findall(html):
        where = (float(x) + float(size) / 2, float(y) + float(size) / 2, float(size))
        if value:
            out[unescape(value)] = where
            continue
        panel = re.search(rf'<div class="pick" id="pick-{re.escape(pick)}".*?</div>\s*</div>',
                          html, re.S)
        assert panel is not None
        for v in re.findall(r'data-text="([^"]*)"', panel.group(0)):
            out[unescape(v)] = where
    return out


@pytest.mark.usefixtures("printed_deal")
@pytest.mark.parametrize("rounds", ["1", "3"])
def test_tiles_of_the_deciding_ship_are_tap_targets(client: FlaskClient, rounds: str) -> None:
    """On a real table, at every decision that names a tile of the deciding ship (a piece to
    keep, a cannon or shield, a cabin, a hold, a double to power, a tile to remove), the
    zoomed ship carries that entry on that tile, only entries the engine offers are on the
    board, and each tile target is at least 54 drawing units (44 px at phone width)."""
    t = client.post("/api/tables", json={
        "game": "galaxy-trucker", "seed": 11, "players": ["Ana", "Bo", "Zoë", "Kai"],
        "chance": "tracker", "auto_deal": False, "options": {"rounds": rounds}}).get_json()
    client.get(f"/t/{t['id']}/join?k={t['token']}")
    s, rng = t, Rng(3, "gt-taps")
    seen: dict[str, int] = {}
    for _ in range(700):
        if s["finished"] or s["summary"]["round_number"] != 1:
            break
        if s["awaiting"] == "decision":
            named = {e: GAME.parse(e) for e in s["legal"]}
            named = {e: tiles_named_of(ev) for e, ev in named.items()}
            html = client.get(f"/t/{t['id']}/part").get_json()["html"]
            spots = _spots(html)
            assert set(spots) <= set(s["legal"])  # the engine's entries only
            summary = {**s["summary"], "player_names": s["players"], "offered": s["legal"]}
            layout = gt.focus_layout(summary)
            for text, tiles in named.items():
                if text.startswith("land:"):  # a planet of the card, over the ship
                    where = gt.planet_centre(summary, int(text.split(":")[1]))
                    assert where is not None and text in spots, text
                    x, y, size = spots[text]
                    assert (round(x, 1), round(y, 1)) == (round(where[0], 1),
                                                          round(where[1], 1))
                    assert size >= 54
                    seen["land"] = seen.get("land", 0) + 1
                    continue
                if not tiles:
                    assert text not in spots, text
                    continue
                assert layout is not None and layout.seat == s["summary"]["decision"]["seat"]
                where = layout.centre(tiles[0])
                if where is None:  # outside a window: still a button under the board
                    seen["off-window"] = seen.get("off-window", 0) + 1
                    assert text not in spots
                    continue
                assert text in spots, f"{text} is not on the board"
                x, y, size = spots[text]
                assert (round(x, 1), round(y, 1)) == (round(where[0], 1), round(where[1], 1))
                assert size >= gt.MIN_CELL * gt.SPOT_SHARE >= 54
                kind = text.split(":")[0]
                seen[kind] = seen.get(kind, 0) + 1
            r = post(client, t, "events", {"seq": s["seq"], "text": rng.choice(
                [e for e in s["legal"] if e != "quit"] or s["legal"])})
        else:
            r = post(client, t, "roll", {"seq": s["seq"]})
        assert r.status_code == 201, r.get_json()
        s = r.get_json()
    on_board = sum(n for k, n in seen.items() if k != "off-window")
    assert on_board >= 3, seen  # the round asked something about a tile more than once


def tiles_named_of(event: Any) -> tuple[int, ...]:
    from pnp.games.galaxy_trucker import tiles_named

    return tiles_named(event)


# -- in a browser: the page as a phone and a desktop show it -----------------------------------
def midround_table(client: FlaskClient, cards: int = 3) -> tuple[str, str, dict[str, Any]]:
    """A seeded 4-player table played by legal entries and "Roll for us" until a card's own
    decision about its ship's tiles (not the go/quit gate) is awaited after ``cards`` cards:
    the gallery's table."""
    t = client.post("/api/tables", json={
        "game": "galaxy-trucker", "seed": 11, "players": ["Ana", "Bo", "Zoë", "Kai"],
        "chance": "tracker", "auto_deal": False}).get_json()
    s, rng = t, Rng(5, "gt-table")
    for _ in range(600):
        sm = s["summary"]
        if sm["cards_turned"] >= cards and s["awaiting"] == "decision" \
                and sm["phase"] == "card" and sm["decision"]["kind"] != "gate" \
                and any(tiles_named_of(GAME.parse(e)) for e in s["legal"]):
            break  # a decision about tiles of the deciding ship: tap targets on it
        if s["awaiting"] == "chance":
            r = post(client, t, "roll", {"seq": s["seq"]})
        else:
            r = post(client, t, "events", {
                "seq": s["seq"], "text": rng.choice([e for e in s["legal"] if e != "quit"])})
        assert r.status_code == 201, r.get_json()
        s = r.get_json()
    return str(t["id"]), str(t["token"]), s


def shoot(base: str, client: FlaskClient, browser: Any, out: Path, prefix: str) -> None:
    """Open the mid-round table on a phone and a desktop, check the board fits and shows every
    rocket and ship, and save a picture of the page down to the board's bottom edge."""
    table, token, s = midround_table(client)
    flying = sum(1 for x in s["summary"]["ships"] if x["flying"])
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(f"{base}/t/{table}/join?k={token}")
        board = page.locator("svg.board").first
        box = board.bounding_box()
        assert box is not None
        assert page.evaluate("document.scrollingElement.scrollWidth") <= viewport["width"]
        assert 300 < box["width"] <= viewport["width"]
        assert page.locator("svg.board g.rocket").count() == flying
        assert page.locator("svg.board svg.ship-mini").count() == 4
        spots = page.locator("#live button.spot").all()
        assert spots, "the deciding ship's tiles are tap targets"
        for spot in spots:  # a thumb's target on the zoomed ship, also on a phone
            b = spot.bounding_box()
            assert b is not None and b["width"] >= 44 and b["height"] >= 44, b
        for rocket in page.locator("svg.board g.rocket").all():
            r = rocket.bounding_box()
            assert r is not None and r["x"] >= box["x"] and r["x"] + r["width"] <= (
                box["x"] + box["width"])
        page.screenshot(path=str(out / f"{prefix}-{size}.png"), full_page=True,
                        clip={"x": 0, "y": 0, "width": viewport["width"],
                              "height": box["y"] + box["height"] + 12})
        assert (out / f"{prefix}-{size}.png").stat().st_size > 5000
        page.context.close()


@pytest.mark.browser
def test_phone_and_desktop_show_the_whole_board(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    app = create_app({"SECRET_KEY": "gt", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'gt.sqlite3'}"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=ARGS)
            shoot(f"http://127.0.0.1:{srv.server_port}", app.test_client(), browser, tmp_path,
                  "gt")
            browser.close()
    finally:
        srv.shutdown()


def main(out: Path) -> None:
    """Refresh docs/gallery/tracker-galaxy-trucker-{phone,desktop}.png."""
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp())
    app = create_app({"SECRET_KEY": "gallery", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp / 'g.sqlite3'}"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        shoot(f"http://127.0.0.1:{srv.server_port}", app.test_client(), browser, out,
              "tracker-galaxy-trucker")
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/gallery"))
