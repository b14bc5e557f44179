"""The pilot plays whole games through the engine; a golden winning log stays replayable."""

from __future__ import annotations

from pathlib import Path

from pnp.engine import load_log, new_log, replay
from pnp.games.galaxy_express import GAME
from pnp.games.galaxy_express.autopilot import play_game

DATA = Path(__file__).parent / "data"


def test_pilot_wins_most_seeded_games_and_each_replays() -> None:
    wins = 0
    for seed in range(20):
        log = new_log("galaxy-express", ["Pilot"], seed)
        final, events = play_game(GAME, GAME.initial_state(log.setup, log.players, seed))
        assert GAME.outcome(final) is not None
        result = replay(log.with_events([GAME.notation(e) for e in events]))
        assert result.ok and result.state == final
        if final.result == "win":
            wins += 1
            assert len(final.delivered) == 6
            assert GAME.scores(final) == [120 - 10 * final.refuels + GAME.coins_left(final)]
    assert wins >= 12  # measured: 89 of 100 seeds


def test_golden_winning_game_replays() -> None:
    result = replay(load_log((DATA / "galaxy-express-seed7-win.json").read_text("utf-8")))
    out = result.to_json()
    assert out["ok"] and out["finished"] and out["result"] == "win"
    assert out["winner"] == ["Rookie"] and out["scores"] == {"Rookie": 89}
    assert out["state"]["rating"] == "Not bad ... for a rookie!"
    assert out["state"]["refuels"] == 4 and out["state"]["coins_left"] == 9


def test_ge14_delivery_is_optional() -> None:
    log = load_log((DATA / "galaxy-express-seed7-win.json").read_text("utf-8"))
    first_d = log.events.index("D")
    # End the turn instead of delivering: legal, and the delivery is still owed.
    result = replay(log.with_events([*log.events[:first_d], "."]))
    assert result.ok and result.state.delivered == ()
