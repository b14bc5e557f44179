"""How many taps a whole seeded game takes on the phone table, against its real decisions.

A table is created and played through the pages (the tracker deals every chance outcome, here
from the printed seed rather than a server secret, so the count repeats), each
decision picked by a seeded strategy from the engine's own choices.  For each decision the
page it was made on is read as a person would use it: the entry's tap target on the board
(1 tap), its place's list when the place has several choices (2 taps), its button (1), the
select list when there are more than 40 choices left (3: open, pick, log); conceding would add
its confirmation.  Steps the rules force are applied by the page (0 taps) and counted apart.

    .venv/bin/python -m tests.webscore.taps        # prints the table docs/tracker.md shows
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from html import unescape
from typing import Any

from flask.testing import FlaskClient

from pnp.engine import Rng, get_game
from webscore import create_app
from webscore.db import get_engine
from webscore.snapshots import snapshot

GAMES: dict[str, tuple[list[str], int, dict[str, Any]]] = {
    "galaxy-express": (["Zoë"], 7, {}),
    "wormholes": (["Olga", "Dana"], 7, {}),
    "weird-galaxy": (["Ann", "Bea"], 11, {}),
    "spatial-delivery": (["Ann", "Bøn", "Cy"], 5, {}),
    "galaxy-trucker": (["Ada", "Ben"], 13, {"rounds": "1"}),
}
FETCH = {"X-Requested-With": "fetch"}
SELECT_TAPS = 3


@dataclass
class Tally:
    game: str
    players: int
    decisions: int = 0  # entries a player chose among two or more legal events
    taps: int = 0
    forced: int = 0  # applied by the page, no tap
    dealt: int = 0  # dealt by the tracker, no tap
    single_choice_taps: int = 0  # taps on a decision with only one legal event (must be 0)
    how: dict[str, int] = field(default_factory=dict)

    def row(self) -> str:
        ways = ", ".join(f"{k} {v}" for k, v in sorted(self.how.items()))
        return (f"| {self.game} | {self.players} | {self.decisions + self.forced + self.dealt} "
                f"| {self.dealt} | {self.forced} | {self.decisions} | {self.taps} "
                f"| {self.taps / max(self.decisions, 1):.2f} | {self.decisions + self.forced} "
                f"| {ways} |")


HEADER = ("| game | players | entries | dealt (0 taps) | forced (0 taps) | decisions | taps "
          "| taps per decision | one tap per entry | how |\n"
          "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")


def _values(html: str, pattern: str) -> set[str]:
    return {unescape(v) for v in re.findall(pattern, html, re.S)}


def taps_for(html: str, text: str) -> tuple[int, str, str]:
    """The fewest taps the page needs for ``text``, how, and the entry those taps post (a
    place offers one of several entries with the very same result)."""
    for posted, alike in re.findall(r'<button class="spot"[^>]*?value="([^"]*)"[^>]*?'
                                    r'(?:data-alike="([^"]*)")?>', html):
        if text == unescape(posted) or text in unescape(alike).split():
            return 1, "board", unescape(posted)
    for panel in re.findall(r'<div class="pick"[^>]*>(.*?)</div>\s*</div>', html, re.S):
        if text in _values(panel, r'value="([^"]*)"'):
            return 2, "board+list", text
    box = re.search(r'id="choices">(.*?)</form>', html, re.S)
    if box and text in _values(box.group(1), r'value="([^"]*)"'):
        return 1, "button", text
    select = re.search(r'<select name="text"(.*?)</select>', html, re.S)
    if select and text in _values(select.group(1), r'<option value="([^"]*)"'):
        return SELECT_TAPS, "select", text
    raise AssertionError(f"{text!r} is not offered on the page")


def _strategy(game_id: str) -> Any:
    game = get_game(game_id)
    if game_id == "weird-galaxy":  # a plain trader: random play rarely ends a game
        from tests.games.test_weird_galaxy_properties import greedy

        return greedy
    if game_id == "galaxy-express":  # the engine's pilot: a whole game, usually won
        from pnp.games.galaxy_express.autopilot import choose

        return lambda state, rng: choose(game, state)  # type: ignore[arg-type]
    return lambda state, rng: rng.choice(game.playout_choices(state))


def measure(client: FlaskClient, game_id: str, players: list[str], seed: int,
            options: dict[str, Any], max_decisions: int = 3000) -> Tally:
    from tests.webscore.conftest import csrf

    token = csrf(client)
    opts = "".join(f'"{k}": "{v}"' for k, v in options.items())
    from webscore import inputs

    drawn = inputs.draw_deal_seed  # the printed seed's own deal, so the count is repeatable
    inputs.draw_deal_seed = lambda: None
    try:
        r = client.post("/new", data={"csrf": token, "game": game_id, "player": players,
                                      "chance": "tracker", "seed": str(seed),
                                      "options": "{" + opts + "}" if opts else ""})
    finally:
        inputs.draw_deal_seed = drawn
    assert r.status_code == 303, r.data.decode()[:2000]
    tid = r.headers["Location"].rsplit("/", 1)[1]
    engine = get_engine(client.application)
    game, pick, rng = get_game(game_id), _strategy(game_id), Rng(seed, "taps")
    tally = Tally(game_id, len(players))
    for _ in range(max_decisions):
        snap = snapshot(engine, tid)
        if snap.outcome is not None:
            break
        assert game.forced(snap.state) is None, "the page waits on a forced step"
        html = client.get(f"/t/{tid}/part").get_json()["html"]
        event = pick(snap.state, rng)
        text = game.notation(event)
        n, how, text = taps_for(html, text)
        real = [e for e in game.legal(snap.state) if not game.concedes(e)]
        tally.single_choice_taps += len(real) < 2
        tally.decisions += 1
        tally.taps += n
        tally.how[how] = tally.how.get(how, 0) + 1
        r = client.post(f"/t/{tid}/move", headers=FETCH,
                        data={"csrf": token, "seq": str(snap.head), "text": text})
        assert r.status_code == 200, r.get_json()
    snap = snapshot(engine, tid)
    assert snap.outcome is not None, f"{game_id} did not finish"
    tally.forced = sum(e.source == "auto" for e in snap.entries)
    tally.dealt = sum(e.source == "dealt" for e in snap.entries)
    assert tally.decisions == sum(e.source == "typed" for e in snap.entries)
    return tally


def app_client() -> FlaskClient:
    tmp = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "SECRET_KEY": "taps", "AUTO_MIGRATE": True,
                      "DATABASE_URL": f"sqlite:///{tmp}/taps.sqlite3"})
    return app.test_client()


def main() -> None:
    client = app_client()
    print(HEADER)
    for game_id, (players, seed, options) in GAMES.items():
        print(measure(client, game_id, players, seed, options).row(), flush=True)


if __name__ == "__main__":
    main()
