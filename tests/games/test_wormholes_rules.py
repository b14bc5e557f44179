"""The game object (``rules``): registered, replayed from logs (the golden logs, the CLI), and its
public summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.cli import main as cli_main
from pnp.engine import Rng, get_game, load_log, new_log, replay
from pnp.engine.game import CHANCE
from pnp.engine.play import random_playout, resolve_dealt
from pnp.games.wormholes import GAME
from pnp.games.wormholes.board import cell_name
from pnp.games.wormholes.events import ChooseFirst
from tests.games.wormholes_positions import DATA, P, at


def test_summary_is_json_and_hides_unrevealed_values() -> None:
    setup = GAME.new_setup(5, P, {"chance": "seeded"})
    state = resolve_dealt(GAME, GAME.initial_state(setup, P, 5))[0]
    state = GAME.apply(state, ChooseFirst(True))
    state = GAME.apply(state, GAME.legal(state)[0])
    summary = GAME.summary(state)
    json.dumps(summary)
    assert len(summary["board"]["cells"]) == 92
    assert summary["wormholes"][0]["value"] is None
    assert "deal" not in json.dumps(summary)
    assert summary["phase"] == "placement" and summary["actor"] == summary["turn"]
    assert {s["cell"] for s in summary["ships"]} == {"j1", "j2", "a17", "a18"}


def test_registered_and_replayable_from_a_log() -> None:
    assert get_game("wormholes") is GAME
    log = new_log("wormholes", P, seed=2, options={"chance": "table"})
    log = log.with_events(["O5-2", "move-first", "C@e5", "S@e6", "Z9"])
    result = replay(log)
    assert not result.ok and result.applied == 4
    assert result.error is not None and result.error["rule"] == "notation"
    json.dumps(result.to_json())


def test_golden_table_example_replays_as_documented() -> None:
    result = replay(load_log((DATA / "wormholes-table-example.json").read_text("utf-8")))
    assert result.ok, result.error
    state = result.state
    assert {s.suit: cell_name(s.cell) for s in state.ships} == {
        "S": "f3", "M": "i2", "C": "d14", "A": "e9"}
    h3, e14, e9 = (state.coin_at(at(c)) for c in ("h3", "e14", "e9"))
    assert h3 is not None and (h3.value, h3.flips) == (2, 1)
    assert e14 is not None and (e14.value, e14.flips) == (5, 1)
    assert e9 is not None and (e9.value, e9.flips) == (None, 0)  # a jump does not activate
    assert state.turn == 0 and GAME.actor(state) == CHANCE


def test_golden_seeded_game_is_reproduced_event_for_event() -> None:
    log = load_log((DATA / "wormholes-seed7-game.json").read_text("utf-8"))
    result = replay(log)
    assert result.ok and result.to_json()["winner"] == ["Dana"]
    state = GAME.initial_state(log.setup, log.players, log.seed)
    assert log.setup == GAME.new_setup(7, P, {"chance": "seeded"})
    final, events = random_playout(GAME, state, Rng(7, "golden"), 20_000)
    assert [GAME.notation(e) for e in events] == list(log.events)
    assert final == result.state


def test_cli_replay_accepts_the_example_and_refuses_a_bad_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["replay", str(DATA / "wormholes-table-example.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["state"]["phase"] == "play"
    log = load_log((DATA / "wormholes-table-example.json").read_text("utf-8"))
    bad = tmp_path / "bad.json"
    bad.write_text(log.with_events([*log.events[:-1], "C:S"]).dumps(), "utf-8")
    assert cli_main(["replay", str(bad)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["index"] == len(log.events) - 1 and out["error"]["rule"] == "WH-4"

