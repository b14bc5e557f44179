"""The table page on a phone, without a browser: steps the rules force are applied by
themselves (and undone with the entry before them), places on the board are buttons that post
a legal entry, a place with several choices lists them, conceding asks first, and every answer
to a page's post is either the redrawn part (JavaScript) or a redirect to the table (plain
form)."""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

from flask.testing import FlaskClient

from pnp.engine import get_game
from webscore.db import get_engine
from webscore.snapshots import snapshot

from .conftest import csrf, new_table_api

FETCH = {"X-Requested-With": "fetch"}


def page_table(client: FlaskClient, game: str, players: list[str], seed: int = 7) -> str:
    r = client.post("/new", data={"csrf": csrf(client), "game": game, "player": players,
                                  "chance": "tracker", "seed": str(seed)})
    assert r.status_code == 303, r.data.decode()[:3000]
    m = re.fullmatch(r"/t/([\w-]+)", r.headers["Location"])
    assert m
    return m.group(1)


def post(client: FlaskClient, tid: str, **form: str) -> dict[str, Any]:
    seq = snapshot(get_engine(client.application), tid).head
    r = client.post(f"/t/{tid}/move", headers=FETCH,
                    data={"csrf": csrf(client), "seq": str(seq), **form})
    assert r.status_code == 200, r.get_json()
    part: dict[str, Any] = r.get_json()
    return part


def spots(html: str) -> list[str]:
    return [unescape(v) for v in re.findall(r'class="spot"[^>]*value="([^"]*)"', html)]


def test_a_forced_step_takes_no_tap_and_undo_takes_it_back_too(client: FlaskClient) -> None:
    tid = page_table(client, "galaxy-express", ["Zoë"])
    engine = get_engine(client.application)
    game = get_game("galaxy-express")
    # Play until an entry is followed by a forced one (ending a turn with nothing left).
    for _ in range(60):
        snap = snapshot(engine, tid)
        assert game.forced(snap.state) is None  # the page never waits on a forced step
        choice = next(e for e in game.legal(snap.state) if not game.concedes(e))
        before = snap.head
        part = post(client, tid, text=game.notation(choice))
        snap = snapshot(engine, tid)
        sources = [e.source for e in snap.entries if e.seq > before]
        if "auto" in sources:
            break
    else:
        raise AssertionError("no forced step in 60 entries")
    assert "automatic" in part["html"]
    auto = [e for e in snap.entries if e.seq > before and e.source == "auto"]
    assert auto and auto[0].actor == 0 and auto[0].text == "."
    # the API shows the same rows; an undo from the page takes the entry and its automatic
    # steps (and what was dealt after them) back together
    r = client.post(f"/t/{tid}/undo", headers=FETCH,
                    data={"csrf": csrf(client), "seq": str(snap.head)})
    assert r.status_code == 200
    after = snapshot(engine, tid)
    assert [e.seq for e in after.entries] == [e.seq for e in snap.entries if e.seq <= before]


def test_the_api_leaves_forced_steps_to_the_client(client: FlaskClient) -> None:
    r = client.post("/api/tables", json={"game": "galaxy-express", "players": ["Zoë"],
                                         "seed": 7, "chance": "tracker"})
    t = r.get_json()
    assert all(h["source"] != "auto" for h in t["history"])


def test_board_spots_post_legal_entries(client: FlaskClient) -> None:
    tid = page_table(client, "galaxy-express", ["Zoë"])
    html = client.get(f"/t/{tid}").data.decode()
    starts = spots(html)
    assert starts and all(s.startswith("@") for s in starts)
    legal = snapshot(get_engine(client.application), tid).legal()
    assert set(starts) == {e for e in legal if e.startswith("@")}
    assert 'aria-label="start at the planet at' in html
    part = post(client, tid, text=starts[0])
    assert part["seq"] > 0 and "entry" in part["html"]
    # a coin's slide is tapped on the cell it ends on (the engine's result, not the page's)
    snap = snapshot(get_engine(client.application), tid)
    html = client.get(f"/t/{tid}").data.decode()
    game = snap.game
    for text in spots(html):
        event = game.parse(text)
        if type(event).__name__ == "Play":
            ship = game.summary(game.apply(snap.state, event))["ship"]
            assert f'aria-label="{game.describe(snap.state, event)}"' in html
            assert ship in game.describe(snap.state, event)


def test_a_place_with_several_choices_lists_them(client: FlaskClient) -> None:
    tid = page_table(client, "wormholes", ["Ann", "Bo"])
    engine = get_engine(client.application)
    game = get_game("wormholes")
    for _ in range(10):  # the opening choice, then placements
        snap = snapshot(engine, tid)
        html = client.get(f"/t/{tid}").data.decode()
        multi = re.findall(r'name="spot" value="([^"]+)"', html)
        if multi:
            break
        post(client, tid, text=game.notation(game.legal(snap.state)[0]))
    else:
        raise AssertionError("no place with several choices")
    # without JavaScript: the post names the place, the page comes back with its choices
    r = client.post(f"/t/{tid}/move", data={"csrf": csrf(client), "seq": str(snap.head),
                                            "spot": multi[0]})
    assert r.status_code == 303
    page = client.get(f"/t/{tid}").data.decode()
    panel = re.search(rf'<div class="pick" id="pick-{multi[0]}">(.*?)</div>\s*</div>', page,
                      re.S)
    assert panel, "the chosen place's panel is shown"
    assert len(re.findall(r'name="text"', panel.group(1))) >= 2


def test_conceding_asks_first_with_and_without_javascript(client: FlaskClient) -> None:
    tid = page_table(client, "galaxy-express", ["Zoë"])
    engine = get_engine(client.application)
    head = snapshot(engine, tid).head
    part = post(client, tid, text="X")
    assert "concede the game?" in part["html"] and 'id="confirm-yes"' in part["html"]
    assert snapshot(engine, tid).head == head  # nothing logged yet
    r = client.post(f"/t/{tid}/move", data={"csrf": csrf(client), "seq": str(head),
                                            "text": "X"})
    assert r.status_code == 303 and r.headers["Location"] == f"/t/{tid}#entry"
    page = client.get(f"/t/{tid}").data.decode()
    assert "concede the game?" in page and 'name="confirmed" value="1"' in page
    r = client.post(f"/t/{tid}/move", data={"csrf": csrf(client), "seq": str(head),
                                            "text": "X", "confirmed": "1"})
    assert r.status_code == 303
    assert snapshot(engine, tid).outcome is not None


def test_the_live_part_answers_204_while_nothing_changed(client: FlaskClient) -> None:
    tid = page_table(client, "galaxy-express", ["Zoë"])
    head = snapshot(get_engine(client.application), tid).head
    assert client.get(f"/t/{tid}/part?since={head}").status_code == 204
    r = client.get(f"/t/{tid}/part?since={head - 1}")
    assert r.status_code == 200 and r.get_json()["seq"] == head
    assert r.headers["Cache-Control"] == "no-store"
    assert client.get(f"/t/{tid}/part?since=zz").status_code == 200
    assert client.get("/t/nope/part").status_code == 404


PLAYERS = {"galaxy-express": ["Zoë"], "wormholes": ["Ann", "Bo"],
           "weird-galaxy": ["Ann", "Bo"], "spatial-delivery": ["Ann", "Bo", "Cy"],
           "galaxy-trucker": ["Ann", "Bo"]}


def test_every_games_board_targets_are_its_legal_entries(client: FlaskClient) -> None:
    """Twenty-five taps into each game, preferring the board: every tap target is an entry the
    engine lists as legal there, and the page never waits on a forced step."""
    from pnp.engine import Rng

    engine = get_engine(client.application)
    on_board: dict[str, int] = {}
    for game_id, players in PLAYERS.items():
        tid = page_table(client, game_id, players, seed=5)
        rng = Rng(9, game_id)
        on_board[game_id] = 0
        for _ in range(25):
            snap = snapshot(engine, tid)
            if snap.outcome is not None:
                break
            assert snap.game.forced(snap.state) is None or snap.actor == -1
            html = client.get(f"/t/{tid}").data.decode()
            legal = set(snap.legal())
            targets = spots(html) + [unescape(v) for v in re.findall(
                r'<button class="choice" form="board-form"[^>]*value="([^"]*)"', html)]
            assert set(targets) <= legal, game_id
            on_board[game_id] += bool(targets)
            playable = [e for e in snap.legal() if e not in ("X", "quit")]
            pick = rng.choice(targets) if targets else rng.choice(playable)
            post(client, tid, text=pick)
    # the games whose decisions have places get tap targets on their boards
    assert all(on_board[g] for g in ("galaxy-express", "wormholes", "weird-galaxy")), on_board


def test_the_history_shows_captions_with_the_notation_on_demand(client: FlaskClient) -> None:
    """Every logged entry in the engine's plain words (its caption in the state it was logged
    in), the notation beside it behind a switch; the API's history carries both."""
    t = new_table_api(client, game="galaxy-express", players=["Zoë"], seed=7,
                      chance="tracker")
    client.get(f"/t/{t['id']}/join?k={t['token']}")
    game = get_game("galaxy-express")
    state = client.get(f"/api/tables/{t['id']}").get_json()
    for _ in range(6):
        if state["finished"] or not state["legal"]:
            break
        r = client.post(f"/api/tables/{t['id']}/events", headers={"X-Table-Token": t["token"]},
                        json={"seq": state["seq"], "text": state["legal"][-1]})
        assert r.status_code == 201, r.get_json()
        state = client.get(f"/api/tables/{t['id']}").get_json()
    history = state["history"]
    assert len(history) >= 6
    # The captions are the engine's words for each event in the state it was logged in.
    log = client.get(f"/api/tables/{t['id']}/log").get_json()
    from pnp.engine.log import log_from_json
    from pnp.engine.steps import replay_steps

    parsed = log_from_json(log)
    start = game.initial_state(parsed.setup, parsed.players, parsed.seed)
    before = start
    expected = []
    for step in replay_steps(game, start, parsed.events):
        expected.append(game.describe(before, step.event))
        before = step.state
    assert [h["caption"] for h in history] == expected
    assert all(h["caption"] != h["event"] for h in history if not h["chance"])
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    for h in history:
        assert f'<span class="what">{escape(h["caption"])}</span>' in page
        assert f'<code class="notation">{escape(h["event"])}</code>' in page
    assert 'id="show-notation"' in page
    # An entry since the last look is described from where the table was (no replay).
    since = client.get(f"/api/tables/{t['id']}?since={state['seq']}").get_json()
    assert since["history"] == []
