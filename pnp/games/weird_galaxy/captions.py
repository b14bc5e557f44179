"""Weird Galaxy entries in plain words, for the tracker's buttons and history.

Moves name the tile they reach (the engine's own result of the move); dice name the suit and
face; purchases say what they cost."""

from __future__ import annotations

from pnp.engine import IllegalMove
from pnp.games.weird_galaxy import events as ev
from pnp.games.weird_galaxy.data import RANKS, STATION_COSTS, SUIT_NAMES, tile_name
from pnp.games.weird_galaxy.state import State

WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
         "SW": "south-west", "W": "west", "NW": "north-west"}


def _after(state: State, event: ev.WGEvent) -> State | None:
    from pnp.games.weird_galaxy import rules

    try:
        return rules.apply(state, event)
    except IllegalMove:
        return None


def _target(target: ev.Target) -> str:
    who = SUIT_NAMES.get(target.suit, target.suit)
    return f"the {who} station on {target.station.name}" if target.station else \
        f"the {who} starship"


def _move(state: State, event: ev.Move) -> str:
    after = _after(state, event)
    way = WORDS.get(event.direction, event.direction)
    if after is None:
        return f"fly {way}"
    return f"fly {way} to {tile_name(after.players[state.turn].ship.pos)}"


def _phredd(state: State, event: ev.MovePhredd) -> str:
    after = _after(state, event)
    way = WORDS.get(event.direction, event.direction)
    where = f" to {tile_name(after.phredd)}" if after is not None else ""
    spit = f", spit on {_target(event.target)}" if event.target else ""
    return f"Phredd {way}{where}{spit}"


def describe(state: State, event: ev.WGEvent) -> str:
    """A caption for one event at this state.

    >>> from pnp.engine import get_game, new_log
    >>> g = get_game("weird-galaxy")
    >>> log = new_log("weird-galaxy", ["Ann", "Bo"], 3, {"chance": "table"})
    >>> s = g.initial_state(log.setup, log.players, log.seed)
    >>> describe(s, g.parse("mission")), describe(s, g.parse("roll:N"))
    ('roll a trade mission (1 point)', 'the die shows null')
    """
    me = state.players[state.turn]
    match event:
        case ev.Move():
            return _move(state, event)
        case ev.MovePhredd():
            return _phredd(state, event)
        case ev.RollMission():
            return "roll a trade mission (1 point)"
        case ev.Shoo():
            return "shoo Phredd away (1 point)"
        case ev.Jump():
            return "hyperjump (3 points)"
        case ev.Build():
            k = len(me.stations)
            cost = STATION_COSTS[k] if k < len(STATION_COSTS) else "?"
            return f"build station {k + 1} ({cost} Space Bucks)"
        case ev.InstallShield(station=tile):
            return f"spit shield on {tile.name} (2 Space Bucks)"
        case ev.Repaint(station=None):
            return "repaint your starship (2 points)"
        case ev.Repaint(station=ev.Tile() as tile):
            return f"repaint your station on {tile.name} (2 points)"
        case ev.PickUp():
            return f"pick up a load on {tile_name(me.ship.pos)}"
        case ev.Deliver(mission=n):
            return f"deliver mission {n}"
        case ev.Abandon(source=tile):
            return f"abandon the load from {tile.name} (1 Space Buck)"
        case ev.EndTurn():
            return "end the turn"
        case ev.Draw(suit=suit):
            return f"drew the {SUIT_NAMES.get(suit, suit)} die"
        case ev.Roll(rank=rank):
            face = {0: "null", 1: "ace"}.get(rank, RANKS[rank] if 0 <= rank < 6 else "?")
            return f"the die shows {face}"
    return ev.format_event(event)
