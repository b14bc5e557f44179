"""Wormholes positions for the rule tests (``test_wormholes_*.py``): table-play states built
directly, so every die and coin value is typed by the test, and short ways to play and refuse
events in them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from pnp.engine import IllegalMove
from pnp.games.wormholes import GAME
from pnp.games.wormholes.board import START, SUITS, cell_name, parse_cell
from pnp.games.wormholes.effects import start_turn
from pnp.games.wormholes.state import Coin, Ship, State

P = ["Olga", "Dana"]


def at(name: str) -> tuple[int, int]:
    cell = parse_cell(name)
    assert cell is not None
    return cell


def table(two_ships: bool = False) -> State:
    setup = GAME.new_setup(None, P, {"chance": "table", "two_ships": two_ships})
    return GAME.initial_state(setup, P, None)


def play(ships: dict[str, str] | None = None,
         coins: Sequence[tuple[str, str, int | None]] = (), turn: int = 0,
         two_ships: bool = False, lost: Sequence[str] = ()) -> State:
    """A table-play position at the start of `turn`'s turn (placement skipped)."""
    state = table(two_ships)
    counts: Counter[str] = Counter()
    placed = []
    for suit, cell, value in coins:
        placed.append(Coin(suit, at(cell), counts[suit], value))  # type: ignore[arg-type]
        counts[suit] += 1
    where = {s: cell_name(c) for s, c in START.items()} | (ships or {})
    fleet = tuple(Ship(s, at(where[s]), s in lost) for s in SUITS)
    state = replace(state, phase="play", coins=tuple(placed), ships=fleet, high=turn,
                    first_mover=turn)
    return start_turn(state, turn)


def run(state: State, *texts: str) -> State:
    for text in texts:
        state = GAME.apply(state, GAME.parse(text))
    return state


def refused(state: State, text: str, rule: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        GAME.apply(state, GAME.parse(text))
    assert info.value.rule == rule, info.value
    assert info.value.message
    return info.value


def cell_of(state: State, suit: str) -> str:
    return cell_name(state.ship(suit).cell)  # type: ignore[arg-type]


def legal(state: State) -> set[str]:
    return {GAME.notation(e) for e in GAME.legal(state)}


DATA = Path(__file__).parent / "data"

