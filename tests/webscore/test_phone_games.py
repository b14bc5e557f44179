"""A whole game of each of the five games logged on a 390x844 phone by tapping only (Galaxy
Trucker: one round), the tracker dealing: at every decision the board and the control to tap
are both on the screen without scrolling, the page never scrolls sideways, after the first
page load nothing reloads the page (every entry is redrawn in place), and a second phone
watching the table shows each entry within a second."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from pnp.engine import Rng, get_game
from webscore.db import get_engine
from webscore.snapshots import snapshot

from .phone import PHONE, seq_of, tap, target, wait_seq_above, wait_until
from .taps import GAMES, _strategy
from .test_browser import browser  # noqa: F401  (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight + 0.5
         && r.right <= window.innerWidth + 0.5; }"""


@pytest.fixture
def live_app(tmp_path: Any) -> Any:
    """The app and a real server on it (the test reads the table's state from its database
    to choose each entry as a player would)."""
    import threading

    from werkzeug.serving import make_server

    from webscore import create_app

    app = create_app({"SECRET_KEY": "phone", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}"})
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()
    thread.join(5)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_by_tapping_on_a_phone(live_app: Any, browser: Any,  # noqa: F811
                                            game_id: str) -> None:
    app, base = live_app
    players, seed, options = GAMES[game_id]
    page = browser.new_context(viewport=PHONE).new_page()
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
    table_id = page.url.rsplit("/", 1)[1]
    watcher = browser.new_context(viewport=PHONE).new_page()
    watcher.goto(page.url)
    loads: list[str] = []
    page.on("framenavigated", lambda frame: loads.append(frame.url)
            if frame == page.main_frame else None)
    game, pick, rng = get_game(game_id), _strategy(game_id), Rng(seed, "taps")
    engine = get_engine(app)
    decisions, lag = 0, 0.0
    for _ in range(3000):
        with app.app_context():
            snap = snapshot(engine, table_id)
        if snap.outcome is not None:
            break
        assert seq_of(page) == snap.head
        text = game.notation(pick(snap.state, rng))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        board = page.locator("#board svg.board")
        assert board.evaluate(IN_VIEW), f"board off screen before {text}"
        first = target(page, text)
        assert first.evaluate(IN_VIEW), f"the control for {text} is off screen"
        how = tap(page, text)
        assert how in ("board", "board+list", "button"), how
        decisions += 1
        seq = wait_seq_above(page, snap.head)
        started = time.monotonic()
        wait_until(lambda seq=seq: seq_of(watcher) >= seq, watcher, timeout=3000)
        lag = max(lag, time.monotonic() - started)
    with app.app_context():
        done = snapshot(engine, table_id)
    assert done.outcome is not None, f"{game_id} did not finish"
    assert loads == [], f"full page loads after the first: {loads}"
    assert lag < 1.0, f"the watching phone lagged {lag:.2f} s behind"
    assert decisions == sum(e.source == "typed" for e in done.entries)
    assert re.search(r"See the result", page.inner_text("#entry"))
