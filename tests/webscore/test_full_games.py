"""The tracker hosts whole games, not just openings: every entry of a complete engine-played
game is posted through the API as players would type it, and the finished table shows its
board, scores and winner, and hands out a log that replays to the same result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from pnp.engine import load_log, log_from_json, replay

DATA = Path(__file__).resolve().parents[1] / "games" / "data"
pytestmark = pytest.mark.usefixtures("printed_deal")  # known games of the printed seed


def host(client: FlaskClient, game: str, players: list[str], seed: int, options: dict[str, Any],
         events: list[str]) -> dict[str, Any]:
    """Create a seeded table whose entries are all typed (no auto-deal), post every event in
    small batches, and return the final state."""
    r = client.post("/api/tables", json={"game": game, "players": players, "seed": seed,
                                         "chance": "tracker", "auto_deal": False,
                                         "options": options})
    assert r.status_code == 201, r.get_json()
    t = r.get_json()
    s = t
    for start in range(0, len(events), 10):
        batch = " ".join(events[start:start + 10])
        r = client.post(f"/api/tables/{t['id']}/events", json={"seq": s["seq"], "text": batch},
                        headers={"X-Table-Token": t["token"]})
        assert r.status_code == 201, (start, batch, r.get_json())
        s = r.get_json()
    assert s["seq"] == len(events) and s["finished"], s
    page = client.get(f"/t/{t['id']}").get_data(as_text=True)
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page
    assert client.get(f"/t/{t['id']}/finish").status_code == 200
    logged = client.get(f"/api/tables/{t['id']}/log").get_json()
    result = replay(log_from_json(logged))
    assert result.ok and result.to_json()["finished"]
    return {"table": t, "state": s, "page": page, "replay": result.to_json()}


def test_a_whole_wormholes_game(client: FlaskClient) -> None:
    golden = load_log((DATA / "wormholes-seed7-game.json").read_text("utf-8"))
    options = {k: v for k, v in golden.setup.items() if k == "two_ships"}
    done = host(client, "wormholes", list(golden.players), golden.seed or 0, options,
                list(golden.events))
    expected = replay(golden).to_json()
    assert done["replay"]["winner"] == expected["winner"] and expected["winner"]
    assert done["replay"]["scores"] == expected["scores"]
    assert "Olga" in done["page"] and "Dana" in done["page"]


def test_a_whole_three_player_weird_galaxy_game(client: FlaskClient) -> None:
    from pnp.engine import new_log
    from pnp.engine.rng import Rng
    from pnp.games.weird_galaxy import GAME
    from tests.games.test_weird_galaxy_properties import greedy

    players = ["Ann", "Bea", "Cy"]
    log = new_log("weird-galaxy", players, 11, {"chance": "seeded"})
    state = GAME.initial_state(log.setup, log.players, log.seed)
    rng, events = Rng(11, "test-playout"), []
    while GAME.actor(state) is not None and len(events) < 5000:
        event = greedy(state, rng)
        state = GAME.apply(state, event)
        events.append(GAME.notation(event))
    assert GAME.outcome(state) is not None
    done = host(client, "weird-galaxy", players, 11, {}, events)
    winners = [players[i] for i in GAME.outcome(state).winners]  # type: ignore[union-attr]
    assert done["replay"]["winner"] == winners
    for name in players:
        assert name in done["page"]
    assert json.dumps(done["state"]["scores"])
