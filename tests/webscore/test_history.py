"""The history's captions (webscore.history): what a write hands over, what an answer after
``since`` shows, and undo, always equal to describing the whole log afresh; and an answer
after a write replays nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pnp.engine import get_game
from webscore import create_app, history
from webscore.db import get_engine
from webscore.snapshots import cached, clear_cache, snapshot, start_state

from .conftest import new_table_api


def _afresh(snap: Any) -> list[str]:
    """Every caption described from the start, without the kept ones."""
    game, state, out = snap.game, start_state(snap.game, snap.table), []
    for entry in snap.entries:
        event = game.parse(entry.text)
        out.append(game.describe(state, event))
        state = game.apply(state, event)
    return out


def _post(client: FlaskClient, t: dict[str, Any], path: str, seq: int,
          **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/tables/{t['id']}/{path}", headers={"X-Table-Token": t["token"]},
                    json={"seq": seq, **body})
    assert r.status_code == 201, r.get_json()
    answer: dict[str, Any] = r.get_json()
    return answer


def test_captions_after_writes_undos_and_since_equal_a_fresh_description(
        app: Flask, client: FlaskClient) -> None:
    t = new_table_api(client, game="galaxy-express", players=["Ana"], seed=5, chance="tracker")
    rng = random.Random(5)
    shown: list[dict[str, Any]] = list(client.get(f"/api/tables/{t['id']}").get_json()
                                       ["history"])
    state = client.get(f"/api/tables/{t['id']}").get_json()
    for step in range(60):
        if state["finished"]:
            break
        seq = state["seq"]
        if step % 7 == 6 and shown:
            state = _post(client, t, "undo", seq)
        else:
            state = _post(client, t, "events", seq,
                          text=rng.choice([x for x in state["legal"] if x != "X"]))
        # A phone keeps its list: drops what was taken back, appends the change.
        gone = set(state["undone"])
        shown = [h for h in shown if h["seq"] not in gone] + state["history"]
        if step % 10 == 0:  # a fresh process (no kept captions) now and then
            history._KEPT.clear()
        with app.app_context():
            snap = cached(get_engine(app), t["id"])
            assert [h["caption"] for h in shown] == _afresh(snap)
            assert [h["seq"] for h in shown] == [e.seq for e in snap.entries]
            for start in (0, len(snap.entries) // 2, len(snap.entries)):
                assert history.captions(snap, get_engine(app), start) == \
                    _afresh(snap)[start:]
    assert step > 30


def test_an_answer_after_a_write_describes_without_replaying(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    t = new_table_api(client, game="galaxy-express", players=["Ana"], seed=9, chance="tracker")
    state = client.get(f"/api/tables/{t['id']}").get_json()
    for _ in range(5):
        state = _post(client, t, "events", state["seq"], text=state["legal"][0])
    game = get_game("galaxy-express")
    parsed: list[tuple[str, str]] = []
    for name in ("parse", "parse_line"):
        real = getattr(type(game), name)
        monkeypatch.setattr(type(game), name, lambda self, text, _real=real, _name=name:
                            parsed.append((_name, text)) or _real(self, text))
    answer = _post(client, t, "events", state["seq"], text=state["legal"][0])
    assert answer["history"] and all(h["caption"] for h in answer["history"])
    # Galaxy Express reads a typed entry with parse_line: that once, and no caption replay.
    assert parsed == [("parse_line", state["legal"][0])]
    clear_cache()


def test_a_catch_up_describes_each_missed_row_once_as_it_applies_it(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process (its own cache) logs an entry; this one then writes the next: it
    applies the missed row once (describing it), the new entry once, and its answer replays
    nothing, yet every caption equals a fresh description."""
    other = create_app({"TESTING": True, "SECRET_KEY": "test",
                        "DATABASE_URL": app.config["DATABASE_URL"]}).test_client()
    t = new_table_api(client, game="galaxy-express", players=["Ana"], seed=4, chance="table")
    state = client.get(f"/api/tables/{t['id']}").get_json()
    for _ in range(3):
        state = _post(client, t, "events", state["seq"], text=state["legal"][0])
    other.get(f"/api/tables/{t['id']}")  # the other process has the table cached
    for _ in range(2):
        state = _post(client, t, "events", state["seq"], text=state["legal"][0])
    game = get_game("galaxy-express")
    applied: list[Any] = []
    real = type(game).apply
    monkeypatch.setattr(type(game), "apply", lambda self, s, e: applied.append(e) or
                        real(self, s, e))
    answer = _post(other, t, "events", state["seq"], text=state["legal"][0])
    assert len(applied) == 3  # the two missed rows, then the entry: nothing twice
    assert [h["seq"] for h in answer["history"]] == [answer["seq"]]
    snap = snapshot(get_engine(app), t["id"])  # as stored, caught up by this other process
    assert snap.head == answer["seq"]
    assert [h["caption"] for h in answer["history"]] == _afresh(snap)[-1:]
    full = other.get(f"/api/tables/{t['id']}").get_json()["history"]
    assert [h["caption"] for h in full] == _afresh(snap)


def test_a_roll_answer_describes_without_replaying(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    t = new_table_api(client, game="galaxy-express", players=["Ana"], seed=3,
                      chance="tracker", auto_deal=False)
    state = client.get(f"/api/tables/{t['id']}").get_json()
    while not state["dealt_available"]:
        state = _post(client, t, "events", state["seq"], text=state["legal"][0])
    game = get_game("galaxy-express")
    parsed: list[str] = []
    real = type(game).parse
    monkeypatch.setattr(type(game), "parse", lambda self, text: parsed.append(text) or
                        real(self, text))
    answer = _post(client, t, "roll", state["seq"])
    assert answer["history"] and all(h["caption"] for h in answer["history"])
    assert parsed == []
