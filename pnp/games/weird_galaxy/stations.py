"""Weird Galaxy stations and Phredd's spit: building the next station (WG-T7, WG-T11, the
black hole wins), a player's own station by tile, and disabling a spit target (WG-8)."""

from __future__ import annotations

from pnp.engine.values import replace
from pnp.games.weird_galaxy.changes import (
    bucks,
    cost_check,
    credit,
    pos_of_tile,
    refuse,
    set_player,
    set_station,
    spend_points,
    where,
)
from pnp.games.weird_galaxy.data import (
    HOLE,
    STATION_COSTS,
    SUIT_NAMES,
    Pos,
    station_pos,
    tile_name,
    within_one,
)
from pnp.games.weird_galaxy.events import (
    Target,
    Tile,
)
from pnp.games.weird_galaxy.legal import (
    tile_of_station,
)
from pnp.games.weird_galaxy.state import (
    State,
    Station,
)


def why_not_target(state: State, target: Target, at: Pos) -> str:
    seat = state.seat_of_suit(target.suit)
    if seat is None:
        return f"no player plays {SUIT_NAMES[target.suit]} ({target.suit})"
    p = state.players[seat]
    if target.station is None:
        if not within_one(at, p.ship.pos):
            return (f"{p.name}'s starship at {tile_name(p.ship.pos)} is not within one tile "
                    f"of Phredd {where(at)}")
        return f"{p.name}'s starship is already disabled"
    st = p.station_at(pos_of_tile(target.station))
    if st is None:
        return f"{p.name} has no station on {target.station.name}"
    if not within_one(at, st.pos):
        return (f"{p.name}'s station on {target.station.name} is not within one tile of "
                f"Phredd {where(at)}")
    if st.shield:
        return f"{p.name}'s station on {target.station.name} has a spit shield"
    return f"{p.name}'s station on {target.station.name} is already disabled"


def disable(state: State, target: Target) -> State:
    seat = state.seat_of_suit(target.suit)
    assert seat is not None
    p = state.players[seat]
    if target.station is None:
        return set_player(state, seat, replace(p, ship=replace(p.ship, disabled=True)))
    st = p.station_at(pos_of_tile(target.station))
    assert st is not None
    return set_station(state, seat, st.index, disabled=True)


def own_station(state: State, tile: Tile, rule: str) -> Station:
    me = state.players[state.turn]
    st = me.station_at(pos_of_tile(tile)) if tile.suit == me.suit else None
    if st is None:
        built = ", ".join(tile_of_station(me.suit, s.index).name for s in me.stations)
        raise refuse(state, rule, f"you have no station on {tile.name} (yours: {built})")
    return st


def build(state: State) -> State:
    seat = state.turn
    me = state.players[seat]
    cost_check(state, "build", "building a station")
    k = len(me.stations)
    down = [tile_of_station(me.suit, s.index).name for s in me.stations if s.disabled]
    if down:
        raise refuse(state, "WG-T7", f"your station(s) on {', '.join(down)} are disabled; "
                                      "repaint them before building")
    cost = STATION_COSTS[k]
    where = station_pos(me.suit, k)
    if me.balance < cost:
        raise refuse(state, "WG-T11", f"your next station (on {tile_name(where)}) costs "
                                       f"{bucks(cost)}, you have {me.balance}")
    player = replace(me, stations=(*me.stations, Station(k, where)))
    state = credit(set_player(state, seat, player), seat, building=cost)
    state = spend_points(state, "build")
    if where == HOLE:
        state = replace(state, winner=seat)
    return state


__all__ = ["build", "disable", "own_station", "why_not_target"]
