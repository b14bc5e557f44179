"""Galaxy Express entries in plain words, for the tracker's buttons and history.

``describe(state, event, apply)`` reads the state it is asked about (where the ship is, which
planet the queue wants) and, for a coin played, the engine's own result of playing it: the words
say where the ship ends up, never a rule re-derived here.  The rules hand in their ``apply``
(``GalaxyExpress.describe`` does), so this module never imports them: no import circle.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.engine import IllegalMove, get_game
from pnp.games.galaxy_express.board import cell_name
from pnp.games.galaxy_express.events import (
    SUIT_NAMES,
    CoinRevealed,
    Concede,
    Deliver,
    EndTurn,
    GEEvent,
    PlanetRevealed,
    Play,
    QueueRevealed,
    Refuel,
    Scan,
    Start,
)
from pnp.games.galaxy_express.state import State

Apply = Callable[[State, GEEvent], State]
"""The rules' ``apply``: the state after an event, or ``IllegalMove``."""

DIRECTIONS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _planet(state: State, cell: int) -> str:
    index = state.planet_index(cell)
    number = state.numbers[index] if index is not None else None
    return f"planet {number} at {cell_name(cell)}" if number is not None else \
        f"the planet at {cell_name(cell)}"


def _play(state: State, event: Play, apply: Apply) -> str:
    coin = f"{SUIT_NAMES[event.suit]} {event.value}"
    try:
        after = apply(state, event)
    except IllegalMove:
        return f"play {coin}"
    if event.direction is None or after.ship is None:
        return f"{coin}: speed {after.speed}, stay"
    return (f"{coin}: speed {after.speed}, {DIRECTIONS.get(event.direction, event.direction)}"
            f" to {cell_name(after.ship)}")


def describe(state: State, event: GEEvent, apply: Apply | None = None) -> str:
    """A caption for one event at this state; ``apply`` is the rules' own (by default the
    registered game's).

    >>> from pnp.engine import get_game, new_log
    >>> GAME = get_game("galaxy-express")
    >>> log = new_log("galaxy-express", ["Zoë"], 7, {"chance": "seeded"})
    >>> s = GAME.initial_state(log.setup, log.players, log.seed)
    >>> describe(s, GAME.parse("Q3")), describe(s, GAME.parse("X"))
    ('the queue shows 3', 'concede the game')
    """
    match event:
        case Start(cell=cell):
            return f"start at {_planet(state, cell)}"
        case Play():
            return _play(state, event, apply or get_game("galaxy-express").apply)
        case Scan(cell=cell):
            return f"scan {cell_name(cell)}"
        case Deliver():
            return f"deliver to planet {state.queue_top}"
        case Refuel():
            return "refuel"
        case EndTurn():
            return "end the turn"
        case Concede():
            return "concede the game"
        case PlanetRevealed(cell=cell, number=number):
            return f"{cell_name(cell)} is planet {number}"
        case QueueRevealed(number=number):
            return f"the queue shows {number}"
        case CoinRevealed(suit=suit, value=value):
            return f"{SUIT_NAMES[suit]} {value} turns up"
    return str(event)
