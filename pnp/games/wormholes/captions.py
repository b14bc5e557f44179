"""Wormholes entries in plain words, for the tracker's buttons and history.

A move's words name the cell the ship reaches, read from the engine's own result of the move
(so they agree with the rules, including the mover's compass, WH-3).  The rules' ``apply`` is
handed in (by default the registered game's), so this module never imports the rules: no
import circle."""

from __future__ import annotations

from collections.abc import Callable

from pnp.engine import IllegalMove, get_game
from pnp.games.wormholes.board import SIDE_NAMES, SUIT_NAMES, cell_name
from pnp.games.wormholes.events import (
    ChooseFirst,
    Jump,
    Move,
    OpeningRoll,
    Place,
    Reveal,
    Roll,
    RollChoice,
    Send,
    WHEvent,
)
from pnp.games.wormholes.state import State

Apply = Callable[[State, WHEvent], State]
"""The rules' ``apply``: the state after an event, or ``IllegalMove``."""

WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
         "SW": "south-west", "W": "west", "NW": "north-west"}


def _after(state: State, event: WHEvent, apply: Apply) -> State | None:
    try:
        return apply(state, event)
    except IllegalMove:
        return None


def _ship_move(state: State, event: Move | Jump, apply: Apply) -> str:
    name = f"{SUIT_NAMES[event.ship]} ship"
    after = _after(state, event, apply)
    where = f" to {cell_name(after.ship(event.ship).cell)}" if after is not None else ""
    if isinstance(event, Jump):
        return f"{name} jumps {WORDS.get(event.direction, event.direction)}{where}"
    if event.direction is None:
        return f"{name}: null die, open the wormhole"
    return f"{name} {WORDS.get(event.direction, event.direction)}{where}"


def describe(state: State, event: WHEvent, apply: Apply | None = None) -> str:
    """A caption for one event at this state; ``apply`` is the rules' own (by default the
    registered game's).

    >>> from pnp.engine import get_game, new_log
    >>> g = get_game("wormholes")
    >>> log = new_log("wormholes", ["Ann", "Bo"], 3, {"chance": "table"})
    >>> s = g.initial_state(log.setup, log.players, log.seed)
    >>> describe(s, g.parse("O4-2")), describe(s, g.parse("S@e5"))
    ('opening roll: OrthogonAliens 4, DiagonAliens 2', 'Sun coin on e5')
    """
    match event:
        case OpeningRoll(orthogon=o, diagon=d):
            return f"opening roll: {SIDE_NAMES[0]} {o}, {SIDE_NAMES[1]} {d}"
        case ChooseFirst(place=place):
            return "place coins first" if place else "move ships first"
        case Place(suit=suit, cell=cell, value=value):
            shown = "" if value is None else f" showing {value}"
            return f"{SUIT_NAMES[suit]} coin{shown} on {cell_name(cell)}"
        case RollChoice(ships=ships):
            return ("roll " + " and ".join(SUIT_NAMES[s] for s in ships)) if ships \
                else "roll no die"
        case Roll(dice=dice):
            return "rolled " + ", ".join(f"{SUIT_NAMES[s]} {v}" for s, v in dice)
        case Move() | Jump():
            return _ship_move(state, event, apply or get_game("wormholes").apply)
        case Send(ship=ship, cell=cell):
            return f"send the {SUIT_NAMES[ship]} ship to {cell_name(cell)}"
        case Reveal(cell=cell, value=value):
            return f"the wormhole at {cell_name(cell)} shows {value}" + (
                " (a black hole)" if value == 0 else "")
    return str(event)
