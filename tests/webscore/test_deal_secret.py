"""A table where the tracker deals keeps its deal seed on the server: no page, download or API
answer shows it (nor the hidden deal) before the game ends, the printed seed does not predict
what comes, and the finished log carries the secret and replays with `pnp replay`."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from pnp.cli import main as pnp_main
from pnp.engine import get_game, log_from_json, new_log, replay
from pnp.engine.deal import DEAL_SEED, public_setup
from pnp.engine.play import resolve_dealt
from webscore.db import get_engine
from webscore.snapshots import snapshot

from .conftest import TEST_DEAL_SEED, new_table_api
from .test_galaxy_express_table import play_random

SECRET = str(TEST_DEAL_SEED)


def everything_a_watcher_sees(client: FlaskClient, tid: str) -> str:
    """Every page, download and API answer of the table, as one text."""
    texts = []
    for path in (f"/t/{tid}", f"/t/{tid}/finish", f"/t/{tid}/log.json", f"/t/{tid}/play.json",
                 f"/t/{tid}/events", f"/t/{tid}/timer", f"/api/tables/{tid}",
                 f"/api/tables/{tid}/log", f"/api/tables/{tid}/export"):
        resp = client.get(path)
        assert resp.status_code == 200, path
        texts.append(resp.get_data(as_text=True))
    pdf = PdfReader(io.BytesIO(client.get(f"/t/{tid}/result.pdf").data))
    texts += [page.extract_text() for page in pdf.pages]
    return "\n".join(texts)


@pytest.mark.parametrize("game_id", ["galaxy-express", "weird-galaxy", "wormholes",
                                     "spatial-delivery", "galaxy-trucker"])
def test_no_watcher_or_writer_sees_the_secret_mid_game(app: Flask, game_id: str) -> None:
    game = get_game(game_id)
    players = ["Ana", "Bo", "Cy"][:max(game.min_players, min(3, game.max_players))]
    writer = app.test_client()
    t = new_table_api(writer, game=game_id, players=players, seed=7, chance="tracker")
    writer.get(f"/t/{t['id']}/join?k={t['token']}")
    watcher = app.test_client()
    for client in (watcher, writer):
        seen = everything_a_watcher_sees(client, t["id"])
        assert SECRET not in seen and DEAL_SEED not in seen
        assert '"deal"' not in seen
    log = watcher.get(f"/api/tables/{t['id']}/log").get_json()
    assert log["setup"]["chance"] == "table" and replay(log_from_json(log)).ok


def test_the_printed_seed_does_not_predict_the_deal(client: FlaskClient) -> None:
    """What `pnp setup galaxy-express --seed 7 --json` deals is not what the table gets."""
    t = new_table_api(client, game="galaxy-express", players=["Zoë"], seed=7,
                      chance="tracker")
    snap = snapshot(get_engine(client.application), t["id"])
    game = snap.game
    printed = new_log("galaxy-express", ["Zoë"], 7, {"chance": "seeded"})
    _, by_printed = resolve_dealt(game, game.initial_state(printed.setup, printed.players, 7))
    table_dealt = [h["event"] for h in t["history"] if h["chance"]]
    assert table_dealt and table_dealt != [game.notation(e) for e in by_printed]
    # ... while the public setup (the kit's setup sheet) is the printed seed's.
    assert public_setup(snap.table.setup) == public_setup(printed.setup)


def test_the_finished_log_carries_the_secret_and_replays(client: FlaskClient,
                                                         tmp_path: Path,
                                                         capsys: Any) -> None:
    t = new_table_api(client, game="galaxy-express", players=["Zoë"], seed=7,
                      chance="tracker")
    s = play_random(client, t, 5, limit=600)
    assert s["finished"]
    log = client.get(f"/t/{t['id']}/log.json").get_data(as_text=True)
    data = json.loads(log)
    assert data["setup"][DEAL_SEED] == TEST_DEAL_SEED and data["setup"]["chance"] == "seeded"
    path = tmp_path / "game.json"
    path.write_text(log, encoding="utf-8")
    assert pnp_main(["replay", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] and result["finished"] and result["applied"] == len(data["events"])


def test_nobody_chooses_the_secret(client: FlaskClient) -> None:
    t = new_table_api(client, game="galaxy-express", players=["Zoë"], seed=7,
                      chance="tracker", options={DEAL_SEED: 1})
    snap = snapshot(get_engine(client.application), t["id"])
    assert snap.table.setup[DEAL_SEED] == TEST_DEAL_SEED
    assert DEAL_SEED not in snap.table.options
