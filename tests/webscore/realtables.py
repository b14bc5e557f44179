"""Real tables for backup, restore and upgrade tests: whole recorded games and seeded tables of
every registered game at its largest player count, with undos, logged through the API."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pnp.engine import Rng, all_games, load_log

DATA = Path(__file__).resolve().parents[1] / "games" / "data"
NAMES = ["Zoë", "Łukasz", "Ωmega", "Bo", "Ana 🚀"]


def _post(client: FlaskClient, table: dict[str, Any], path: str,
          body: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"/api/tables/{table['id']}/{path}", json=body,
                    headers={"X-Table-Token": table["token"]})
    assert r.status_code == 201, (path, body, r.get_json())
    state: dict[str, Any] = r.get_json()
    return state


def _create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.get_json()
    table: dict[str, Any] = r.get_json()
    return table


def whole_game(client: FlaskClient, name: str, option_keys: tuple[str, ...] = ()) -> str:
    """A recorded game typed in batches of ten events (no auto-deal), to its end."""
    golden = load_log((DATA / name).read_text("utf-8"))
    options = {k: v for k, v in golden.setup.items() if k in option_keys}
    table = _create(client, game=golden.game, players=list(golden.players),
                    seed=golden.seed, chance="tracker", auto_deal=False, options=options,
                    location="Club night")
    state = table
    events = list(golden.events)
    for start in range(0, len(events), 10):
        state = _post(client, table, "events",
                      {"seq": state["seq"], "text": " ".join(events[start:start + 10])})
    assert state["finished"]
    return str(table["id"])


def seeded_game(client: FlaskClient, game_id: str, seed: int, moves: int) -> str:
    """A seeded table at the game's largest player count: random legal entries, with an
    undo early on and one at the end (the undo rows stay in the record)."""
    game = next(g for g in all_games() if g.id == game_id)
    players = NAMES[:min(game.max_players, len(NAMES))]
    table = _create(client, game=game_id, players=players, seed=seed, chance="tracker")
    state, rng = table, Rng(seed, "realtables")
    for i in range(moves):
        if state["finished"] or not state["legal"]:
            break
        text = rng.choice([e for e in state["legal"] if e != "X"] or state["legal"])
        state = _post(client, table, "events", {"seq": state["seq"], "text": text})
        if i in (5, moves - 1) and state["history"]:
            state = _post(client, table, "undo", {"seq": state["seq"]})
    return str(table["id"])


def table_play_game(client: FlaskClient, moves: int) -> str:
    """Real pieces: every die and card typed as the table saw it."""
    table = _create(client, game="galaxy-express", players=["Zoë"], seed=None,
                    chance="table", options={"planets": ["b2", "d5", "f1", "g6", "h3", "e4"]})
    state, rng = table, Rng(5, "table-play")
    for _ in range(moves):
        if state["finished"] or not state["legal"]:
            break
        state = _post(client, table, "events", {"seq": state["seq"],
                                                "text": rng.choice(state["legal"])})
    return str(table["id"])


def populate(client: FlaskClient) -> list[str]:
    """Make the real tables; returns their ids.  The recorded games were dealt from their
    printed seed, so every table here deals from it too (no secret deal seed): the same
    rows every run, as docs/tracker.md shows."""
    from webscore import inputs

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(inputs, "draw_deal_seed", lambda: None)
        ids = [whole_game(client, "galaxy-express-seed7-win.json"),
               whole_game(client, "wormholes-seed7-game.json", ("two_ships",))]
        for n, game in enumerate(all_games()):
            if game.id != "toy-dice":
                ids.append(seeded_game(client, game.id, 40 + n, 30))
        ids.append(table_play_game(client, 25))
    return ids


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Flask, str]]:
    """A SQLite tracker holding the real tables, and its backup's text."""
    from webscore import create_app
    from webscore.backup import dump
    from webscore.db import get_engine

    path = tmp_path_factory.mktemp("source") / "source.sqlite3"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{path}"})
    populate(app.test_client())
    yield app, "".join(dump(get_engine(app)))
    get_engine(app).dispose()
