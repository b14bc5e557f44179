"""Galaxy Express properties: playouts, replay, notation round-trips, corrupted logs."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.engine import NotationError, new_log, replay
from pnp.engine.play import random_playout
from pnp.engine.rng import Rng
from pnp.games.galaxy_express import GAME
from pnp.games.galaxy_express.events import (
    CoinRevealed,
    Concede,
    Deliver,
    EndTurn,
    PlanetRevealed,
    Play,
    QueueRevealed,
    Refuel,
    Scan,
    Start,
    format_turn,
    parse_event,
    parse_turn,
)

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
MODES = st.sampled_from(["seeded", "table"])


def playout(seed: int, mode: str) -> tuple[Any, Any, list[str]]:
    log = new_log("galaxy-express", ["Solo"], seed, {"chance": mode})
    state = GAME.initial_state(log.setup, log.players, log.seed)
    final, events = random_playout(GAME, state, Rng(seed, "test-playout"), 3000)
    return log, final, [GAME.notation(e) for e in events]


@settings(max_examples=60, deadline=None)
@given(SEEDS, MODES)
def test_random_playouts_replay_to_the_same_state(seed: int, mode: str) -> None:
    log, final, texts = playout(seed, mode)
    result = replay(log.with_events(texts))
    assert result.ok, result.error
    assert result.state == final
    assert result.to_json()["finished"] == (GAME.outcome(final) is not None)


@settings(max_examples=40, deadline=None)
@given(SEEDS, MODES)
def test_every_offered_event_round_trips(seed: int, mode: str) -> None:
    log = new_log("galaxy-express", ["Solo"], seed, {"chance": mode})
    state = GAME.initial_state(log.setup, log.players, log.seed)
    rng = Rng(seed, "offered")
    for _ in range(200):
        offered = GAME.legal(state) + GAME.chance_outcomes(state)
        for event in offered:
            assert GAME.parse(GAME.notation(event)) == event
        choices = [e for e in offered if not isinstance(e, Concede)]
        if not choices:
            break
        state = GAME.apply(state, rng.choice(choices)) if GAME.dealt_outcome(state) is None \
            else GAME.apply(state, GAME.dealt_outcome(state))


CELLS = st.integers(min_value=0, max_value=47)
RANKS = st.integers(min_value=0, max_value=5)
SUITS = st.sampled_from(["S", "M"])
EVENTS = st.one_of(
    st.builds(Start, CELLS), st.builds(Scan, CELLS),
    st.builds(Play, SUITS, RANKS, st.sampled_from([None, "N", "E", "S", "W"])),
    st.just(Deliver()), st.just(Refuel()), st.just(EndTurn()), st.just(Concede()),
    st.builds(PlanetRevealed, CELLS, RANKS), st.builds(QueueRevealed, RANKS),
    st.builds(CoinRevealed, SUITS, RANKS),
)


@given(EVENTS)
def test_notation_round_trips(event: Any) -> None:
    assert parse_event(GAME.notation(event)) == event


@given(st.lists(EVENTS, max_size=12))
def test_turn_lines_round_trip(events: list[Any]) -> None:
    assert parse_turn(format_turn(events)) == events


@given(st.text(max_size=12))
def test_parser_refuses_cleanly(text: str) -> None:
    try:
        event = parse_event(text)
    except NotationError as exc:
        assert exc.message
    else:
        assert parse_event(GAME.notation(event)) == event


CORRUPTIONS = st.sampled_from(["replace", "drop", "duplicate", "swap", "garble"])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, MODES, CORRUPTIONS, st.integers(min_value=0), st.text(max_size=6), EVENTS)
def test_a_corrupted_log_is_refused_cleanly(seed: int, mode: str, how: str, where: int,
                                            junk: str, other: Any) -> None:
    log, _, texts = playout(seed, mode)
    if not texts:
        return
    i = where % len(texts)
    bad = list(texts)
    if how == "replace":
        bad[i] = GAME.notation(other)
    elif how == "drop":
        del bad[i]
    elif how == "duplicate":
        bad.insert(i, bad[i])
    elif how == "swap" and i + 1 < len(bad):
        bad[i], bad[i + 1] = bad[i + 1], bad[i]
    elif how == "garble":
        bad[i] = junk
    result = replay(log.with_events(bad))  # never raises anything but a clean refusal
    if not result.ok:
        assert result.error is not None
        assert result.error["rule"] == "notation" or str(result.error["rule"]).startswith("GE-")
        assert result.error["message"]
        assert result.error["index"] >= i  # the untouched prefix still replays
