"""Galaxy Express notation properties: any event and any turn line round-trip.  Playouts,
replay, offered events, parser fuzzing and corrupted logs are the generic contract's
(tests/games/test_contract.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

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


CORRUPTIONS = st.sampled_from(["replace", "drop", "duplicate", "swap", "garble"])


