"""Galaxy Trucker flight properties: a whole 3-round game replayed from its log, random
playouts over the round options that replay to the same state, corrupted logs refused with
the rule, the table's invariants (offered events and parser fuzzing:
tests/games/test_contract.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine import CHANCE, get_game, log_from_json, new_log, replay
from pnp.engine.play import random_playout
from pnp.engine.rng import Rng
from pnp.games.galaxy_trucker import GAME
from pnp.games.galaxy_trucker.tiles import Kind

GOLDEN = Path(__file__).parent / "data" / "galaxy_trucker_game_seed13.json"
SEEDS = st.integers(min_value=0, max_value=2**40)
PLAYERS = st.integers(min_value=2, max_value=4)
MODES = st.sampled_from(["seeded", "table"])
ROUNDS = st.sampled_from(["1,2,3", "1", "3a", "1,2,3,3a", "2,3"])


def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return data


def test_the_game_is_registered() -> None:
    assert get_game("galaxy-trucker") is GAME


def test_a_whole_three_round_game_replays_from_its_log() -> None:
    data = golden()
    log = log_from_json(data["log"])
    result = replay(log)
    assert result.ok, result.error
    expect = data["expect"]
    assert result.applied == len(log.events) == expect["events"]
    state = result.state
    assert GAME.outcome(state) is not None and state.phase == "over"
    assert GAME.scores(state) == expect["scores"]
    outcome = GAME.outcome(state)
    assert outcome is not None and list(outcome.winners) == expect["winners"]
    assert outcome.detail == expect["detail"]
    assert [list(t.history) for t in state.truckers] == expect["history"]
    assert all(len(t.history) == 3 for t in state.truckers)  # three rounds, each paid
    kinds = {type(GAME.parse(e)).__name__ for e in log.events}
    assert {"Enter", "Go", "Flip", "Roll", "Power", "Land", "Cargo", "Take"} <= kinds


def test_the_golden_log_is_what_the_seed_plays() -> None:
    data = golden()
    log = log_from_json(data["log"])
    state = GAME.initial_state(log.setup, log.players, log.seed)
    _, events = random_playout(GAME, state, Rng(log.seed or 0, "golden"), 5000)
    assert [GAME.notation(e) for e in events] == list(log.events)


def test_corrupted_logs_are_refused_with_a_rule() -> None:
    log = log_from_json(golden()["log"])
    events = list(log.events)
    flips = [i for i, e in enumerate(events) if e.startswith("card:")]
    rolls = [i for i, e in enumerate(events) if e.startswith("roll:")]
    gates = [i for i, e in enumerate(events) if e == "go"]
    cases = {
        flips[1]: ("card:III-20", "GT-F24"),  # not the seed's card (and not in round 1)
        rolls[0]: (f"roll:{2 if events[rolls[0]] != 'roll:2' else 3}", "GT-F24"),
        gates[0]: ("pow:-", "GT-F6"),
        0: ("1:II;141@7,7", "GT-F1"),
    }
    for index, (text, rule) in cases.items():
        broken = log.with_events([*events[:index], text, *events[index + 1:]])
        result = replay(broken)
        assert not result.ok and result.error is not None
        assert result.error["index"] == index and result.error["rule"] == rule, result.error
        assert result.error["message"] and result.applied == index
    swapped = events[:]
    swapped[flips[0]], swapped[flips[0] - 1] = swapped[flips[0] - 1], swapped[flips[0]]
    result = replay(log.with_events(swapped))
    assert not result.ok and result.error is not None and result.error["index"] == flips[0] - 1
    bad = replay(log.with_events([*events[:5], "fly:away"]))
    assert bad.error is not None and bad.error["rule"] == "notation" and bad.applied == 5
    cut = replay(log.with_events(events[:100]))
    assert cut.ok and GAME.outcome(cut.state) is None


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(SEEDS, PLAYERS, MODES, ROUNDS)
def test_random_playouts_finish_and_replay_to_the_same_state(seed: int, players: int, mode: str,
                                                             rounds: str) -> None:
    names = [f"P{i}" for i in range(players)]
    log = new_log("galaxy-trucker", names, seed, {"chance": mode, "rounds": rounds})
    state = GAME.initial_state(log.setup, log.players, log.seed)
    final, events = random_playout(GAME, state, Rng(seed, "test-playout"), 5000)
    assert GAME.outcome(final) is not None  # every random game ends
    texts = [GAME.notation(e) for e in events]
    result = replay(log.with_events(texts))
    assert result.ok, result.error
    assert result.state == final
    assert len(final.truckers[0].history) == len(final.rounds)
    json.dumps(GAME.summary(final))


def check_invariants(state: Any) -> None:
    spaces = [t.pos % 40 for t in state.truckers if t.active]
    assert len(spaces) == len(set(spaces)), "two markers on one space"
    for t in state.truckers:
        assert t.credits >= 0 and t.lost >= 0
        if t.ship is None:
            continue
        holds = {p.id: p for p in t.ship.of_kind(Kind.CARGO, Kind.SPECIAL_CARGO)}
        for tile, goods in t.goods:
            assert tile in holds and 0 < len(goods) <= holds[tile].tile.capacity
            assert "R" not in goods or holds[tile].kind is Kind.SPECIAL_CARGO
        for tile, tokens in t.batteries:
            assert tile in t.ship and 0 <= tokens <= t.ship[tile].tile.capacity
        for cabin, berth in t.crew.berths:
            assert cabin in t.ship and berth.count <= 2 and not (berth.alien and berth.humans)
        assert len(t.crew.aliens) == len(set(t.crew.aliens))


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(SEEDS, PLAYERS, MODES)
def test_playouts_keep_the_tables_invariants(seed: int, players: int, mode: str) -> None:
    names = [f"P{i}" for i in range(players)]
    log = new_log("galaxy-trucker", names, seed, {"chance": mode})
    state = GAME.initial_state(log.setup, log.players, log.seed)
    rng = Rng(seed, "invariants")
    lost = [0] * players
    round_index = 0
    while GAME.actor(state) is not None:
        if GAME.actor(state) == CHANCE:
            event = GAME.dealt_outcome(state) or rng.choice(GAME.chance_outcomes(state))
        else:
            event = rng.choice(GAME.legal(state))  # quitting included
        state = GAME.apply(state, event)
        check_invariants(state)
        if state.round_index != round_index or state.phase == "over":
            round_index, lost = state.round_index, [0] * players  # a new round starts at 0
        now = [t.lost for t in state.truckers]
        assert all(a >= b for a, b in zip(now, lost, strict=True))  # losses only grow
        lost = now


def test_a_typed_line_splits_on_white_space_only() -> None:
    events = GAME.parse_line("go  pow:36,37@74,74\tcargo:97=GY,112=R")
    assert [GAME.notation(e) for e in events] == ["go", "pow:36,37@74,74",
                                                   "cargo:97=YG,112=R"]
