"""Every game the engine registers works on the tracker: a seeded table plays random legal
entries through the API, and every page and download of it answers."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from pnp.engine import Rng, all_games

from .test_api import post

GAMES = [g.id for g in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_table_of_every_game(client: FlaskClient, game_id: str) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    players = [f"Spieler {i + 1} ✦" for i in range(max(game.min_players, 2)
                                                     if game.max_players >= 2 else 1)]
    r = client.post("/api/tables", json={"game": game_id, "players": players, "seed": 99,
                                         "chance": "tracker"})
    assert r.status_code == 201, r.get_json()
    t = r.get_json()
    s = t
    rng = Rng(99, "every-game")
    for _ in range(60):
        if s["finished"] or not s["legal"]:
            break
        text = rng.choice(s["legal"])
        r = post(client, t, "events", {"seq": s["seq"], "text": text})
        assert r.status_code == 201, (text, r.get_json())
        s = r.get_json()
    assert s["seq"] > 0
    tid = t["id"]
    for path in (f"/t/{tid}", f"/t/{tid}/finish", f"/t/{tid}/log.json", f"/t/{tid}/play.json",
                 f"/t/{tid}/result.pdf", f"/api/tables/{tid}/export"):
        assert client.get(path).status_code == 200, path
    page = client.get(f"/t/{tid}").data.decode()
    assert "<svg" in page and "Spieler 1 ✦" in page
