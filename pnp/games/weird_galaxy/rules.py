"""The rules of Weird Galaxy: what each event does (``legal`` says which are legal now,
``invariants`` what must always hold).

Pure functions of an immutable State.  Every refusal raises IllegalMove with a rule id from
``rule_ids.RULES`` and a message that says what was wrong and what would have been legal.
"""

from __future__ import annotations

from typing import Final

from pnp.engine.errors import IllegalMove
from pnp.engine.values import replace
from pnp.games.weird_galaxy.data import (
    ABANDON_FORFEIT,
    ACTION_COSTS,
    CAPACITY,
    DIRECTIONS,
    FEE,
    HOLE,
    MAX_SHIELDS,
    POINTS_PER_TURN,
    POS_OF,
    SHIELD_COST,
    STATION_COSTS,
    SUIT_NAMES,
    Pos,
    on_grid,
    payoff,
    station_pos,
    tile_name,
    within_one,
)
from pnp.games.weird_galaxy.events import (
    Abandon,
    Build,
    Deliver,
    Draw,
    EndTurn,
    InstallShield,
    Jump,
    Move,
    MovePhredd,
    PickUp,
    Repaint,
    Roll,
    RollMission,
    Shoo,
    Target,
    Tile,
    WGEvent,
    format_event,
)
from pnp.games.weird_galaxy.legal import (
    can_shoo,
    chance_outcomes,
    dealt_outcome,
    fee_owner,
    legal_decisions,
    spit_targets,
    tile_of_station,
)
from pnp.games.weird_galaxy.state import (
    Mission,
    Pending,
    Player,
    State,
    Station,
)


# -- small helpers -----------------------------------------------------------------------
def _set_player(state: State, seat: int, player: Player) -> State:
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def _credit(state: State, seat: int, **changes: int) -> State:
    """Add to ledger fields of one seat (the only way money moves)."""
    p = state.players[seat]
    acct = replace(p.account, **{k: getattr(p.account, k) + v for k, v in changes.items()})
    return _set_player(state, seat, replace(p, account=acct))


def _spend_points(state: State, action: str) -> State:
    return replace(state, points=state.points - ACTION_COSTS[action])


def _bucks(n: int) -> str:
    return f"{n} Space Buck{'' if n == 1 else 's'}"


def _at(pos: Pos) -> str:
    return "in the black hole" if pos == HOLE else f"at {tile_name(pos)}"


def _pos_of_tile(tile: Tile) -> Pos:
    return POS_OF[(tile.suit, tile.rank)]


_STEP: Final = {"draw": "drawn", "roll": "rolled"}


# -- applying ----------------------------------------------------------------------------
def _refuse(state: State, rule: str, what: str) -> IllegalMove:
    """A refusal whose legal list is built only when it is shown."""
    return IllegalMove(rule, what, lambda: [format_event(e) for e in (legal_decisions(state)
                                                                  or chance_outcomes(state))],
                       hint=True)


def apply(state: State, event: WGEvent) -> State:
    if state.winner is not None:
        name = state.players[state.winner].name
        raise IllegalMove("WG-12", f"the game is over: {name} built the black-hole station; "
                                   "nothing is legal any more")
    if isinstance(event, Draw | Roll):
        return _apply_chance(state, event)
    if state.pending is not None:
        raise _refuse(state, "WG-T1", f"a die must be {_STEP[state.pending.step]} for "
                                      f"the {state.pending.kind} before any decision")
    return _apply_decision(state, event)


def _cost_check(state: State, action: str, label: str) -> None:
    cost = ACTION_COSTS[action]
    if cost > state.points:
        raise _refuse(state, "WG-3", f"{label} costs {cost} action point"
                                     f"{'s' if cost != 1 else ''}, only {state.points} left")


def _ship_check(state: State, label: str) -> None:
    if state.players[state.turn].ship.disabled:
        raise _refuse(state, "WG-8", f"your starship is disabled by Phredd spit and cannot "
                                     f"{label}; repaint it first (paint, 2 points)")


def _apply_decision(state: State, event: WGEvent) -> State:
    seat = state.turn
    me = state.players[seat]
    match event:
        case Move(direction=d):
            _cost_check(state, "move", "moving the starship")
            _ship_check(state, "move")
            dr, dc = DIRECTIONS[d]
            to = (me.ship.pos[0] + dr, me.ship.pos[1] + dc)
            if not on_grid(to):
                raise _refuse(state, "WG-1", f"moving {d} from {tile_name(me.ship.pos)} "
                                             "leaves the grid")
            owner = fee_owner(state, seat, to)
            if owner is not None:
                if me.balance < FEE:
                    raise _refuse(state, "WG-9", f"entering {tile_name(to)} costs a "
                                  f"{FEE} Space Buck fee to {state.players[owner].name}, "
                                  f"you have {me.balance}")
                state = _credit(state, seat, fees_out=FEE)
                state = _credit(state, owner, fees_in=FEE)
                state = replace(state, paid=state.paid | {to})
                me = state.players[seat]
            state = _set_player(state, seat, replace(me, ship=replace(me.ship, pos=to)))
            return _spend_points(state, "move")
        case MovePhredd(direction=d, target=target):
            _cost_check(state, "phredd", "moving Phredd")
            dr, dc = DIRECTIONS[d]
            to = (state.phredd[0] + dr, state.phredd[1] + dc)
            if not on_grid(to):
                raise _refuse(state, "WG-1", f"moving Phredd {d} from "
                                             f"{tile_name(state.phredd)} leaves the grid")
            moved = replace(state, phredd=to)
            if target is not None:
                if target not in spit_targets(moved, to):
                    raise _refuse(state, "WG-8", _why_not_target(moved, target, to))
                moved = _disable(moved, target)
            return _spend_points(moved, "phredd")
        case RollMission():
            _cost_check(state, "mission", "rolling a new trade mission")
            return _spend_points(replace(state, pending=Pending("mission", "draw")), "mission")
        case Shoo():
            _cost_check(state, "shoo", "shooing Phredd")
            if not can_shoo(me, state.phredd):
                raise _refuse(state, "WG-T6", f"Phredd {_at(state.phredd)} is not "
                                              "within one tile of your starship or stations")
            return _spend_points(replace(state, pending=Pending("shoo", "draw")), "shoo")
        case Jump():
            _cost_check(state, "jump", "a hyperjump")
            _ship_check(state, "hyperjump")
            return _spend_points(replace(state, pending=Pending("jump", "draw")), "jump")
        case Build():
            return _build(state)
        case InstallShield(station=tile):
            _cost_check(state, "shield", "installing a spit shield")
            st = _own_station(state, tile, "WG-T8")
            if st.disabled:
                raise _refuse(state, "WG-T8", f"your station on {tile.name} is disabled; "
                                              "repaint it before shielding it")
            if st.shield:
                raise _refuse(state, "WG-T8", f"your station on {tile.name} already has a "
                                              "spit shield")
            if me.shields_used >= MAX_SHIELDS:
                raise _refuse(state, "WG-7", f"all {MAX_SHIELDS} of your spit shield "
                                             "counters are in use")
            if me.balance < SHIELD_COST:
                raise _refuse(state, "WG-T11", f"a spit shield costs {_bucks(SHIELD_COST)}, "
                                               f"you have {me.balance}")
            state = _set_station(state, seat, st.index, shield=True)
            state = _credit(state, seat, shields=SHIELD_COST)
            return _spend_points(state, "shield")
        case Repaint(station=tile):
            _cost_check(state, "paint", "repainting")
            if tile is None:
                if not me.ship.disabled:
                    raise _refuse(state, "WG-T9", "your starship is not disabled")
                state = _set_player(state, seat,
                                    replace(me, ship=replace(me.ship, disabled=False)))
            else:
                st = _own_station(state, tile, "WG-T9")
                if not st.disabled:
                    raise _refuse(state, "WG-T9", f"your station on {tile.name} is not "
                                                  "disabled")
                state = _set_station(state, seat, st.index, disabled=False)
            return _spend_points(state, "paint")
        case PickUp():
            _ship_check(state, "pick up a load")
            here = me.ship.pos
            open_here = state.open_from(here)
            if open_here == 0:
                raise _refuse(state, "WG-T4", f"no open trade mission starts at "
                                              f"{tile_name(here)}")
            if len(me.ship.loads) >= CAPACITY:
                raise _refuse(state, "WG-6", f"your starship already carries {CAPACITY} loads")
            if me.ship.loads.count(here) >= open_here:
                raise _refuse(state, "WG-T4", f"you already carry a load from "
                                              f"{tile_name(here)} for each of its "
                                              f"{open_here} open mission(s)")
            loads = tuple(sorted((*me.ship.loads, here)))
            return _set_player(state, seat, replace(me, ship=replace(me.ship, loads=loads)))
        case Deliver(mission=n):
            return _deliver(state, n)
        case Abandon(source=tile):
            src = _pos_of_tile(tile)
            if src not in me.ship.loads:
                raise _refuse(state, "WG-11", f"you carry no load from {tile.name}")
            if me.balance < ABANDON_FORFEIT:
                raise _refuse(state, "WG-T11", f"abandoning a load costs {ABANDON_FORFEIT} "
                                               f"Space Buck, you have {me.balance}")
            state = _set_player(state, seat,
                                replace(me, ship=replace(me.ship,
                                                         loads=_without(me.ship.loads, src))))
            return _credit(state, seat, forfeits=ABANDON_FORFEIT)
        case EndTurn():
            return _end_turn(state)
    raise _refuse(state, "WG-T1", f"{event!r} is not a decision")


def _without(loads: tuple[Pos, ...], src: Pos) -> tuple[Pos, ...]:
    """The loads less one from ``src``."""
    out = list(loads)
    out.remove(src)
    return tuple(out)


def _why_not_target(state: State, target: Target, at: Pos) -> str:
    seat = state.seat_of_suit(target.suit)
    if seat is None:
        return f"no player plays {SUIT_NAMES[target.suit]} ({target.suit})"
    p = state.players[seat]
    if target.station is None:
        if not within_one(at, p.ship.pos):
            return (f"{p.name}'s starship at {tile_name(p.ship.pos)} is not within one tile "
                    f"of Phredd {_at(at)}")
        return f"{p.name}'s starship is already disabled"
    st = p.station_at(_pos_of_tile(target.station))
    if st is None:
        return f"{p.name} has no station on {target.station.name}"
    if not within_one(at, st.pos):
        return (f"{p.name}'s station on {target.station.name} is not within one tile of "
                f"Phredd {_at(at)}")
    if st.shield:
        return f"{p.name}'s station on {target.station.name} has a spit shield"
    return f"{p.name}'s station on {target.station.name} is already disabled"


def _disable(state: State, target: Target) -> State:
    seat = state.seat_of_suit(target.suit)
    assert seat is not None
    p = state.players[seat]
    if target.station is None:
        return _set_player(state, seat, replace(p, ship=replace(p.ship, disabled=True)))
    st = p.station_at(_pos_of_tile(target.station))
    assert st is not None
    return _set_station(state, seat, st.index, disabled=True)


def _set_station(state: State, seat: int, index: int, *, disabled: bool | None = None,
                 shield: bool | None = None) -> State:
    p = state.players[seat]
    stations = tuple(
        replace(s, disabled=s.disabled if disabled is None else disabled,
                shield=s.shield if shield is None else shield) if s.index == index else s
        for s in p.stations)
    return _set_player(state, seat, replace(p, stations=stations))


def _own_station(state: State, tile: Tile, rule: str) -> Station:
    me = state.players[state.turn]
    st = me.station_at(_pos_of_tile(tile)) if tile.suit == me.suit else None
    if st is None:
        built = ", ".join(tile_of_station(me.suit, s.index).name for s in me.stations)
        raise _refuse(state, rule, f"you have no station on {tile.name} (yours: {built})")
    return st


def _build(state: State) -> State:
    seat = state.turn
    me = state.players[seat]
    _cost_check(state, "build", "building a station")
    k = len(me.stations)
    down = [tile_of_station(me.suit, s.index).name for s in me.stations if s.disabled]
    if down:
        raise _refuse(state, "WG-T7", f"your station(s) on {', '.join(down)} are disabled; "
                                      "repaint them before building")
    cost = STATION_COSTS[k]
    where = station_pos(me.suit, k)
    if me.balance < cost:
        raise _refuse(state, "WG-T11", f"your next station (on {tile_name(where)}) costs "
                                       f"{_bucks(cost)}, you have {me.balance}")
    player = replace(me, stations=(*me.stations, Station(k, where)))
    state = _credit(_set_player(state, seat, player), seat, building=cost)
    state = _spend_points(state, "build")
    if where == HOLE:
        state = replace(state, winner=seat)
    return state


def _deliver(state: State, number: int) -> State:
    seat = state.turn
    me = state.players[seat]
    if not 1 <= number <= len(state.missions):
        raise _refuse(state, "WG-T5", f"there is no mission {number} "
                                      f"({len(state.missions)} rolled so far)")
    m = state.missions[number - 1]
    if not m.open:
        assert m.completed_by is not None
        raise _refuse(state, "WG-11", f"mission {number} was already completed by "
                                      f"{state.players[m.completed_by].name}")
    _ship_check(state, "deliver")
    if me.ship.pos != m.dest:
        raise _refuse(state, "WG-T5", f"mission {number} delivers to {tile_name(m.dest)}, "
                                      f"your starship is at {tile_name(me.ship.pos)}")
    if m.source not in me.ship.loads:
        raise _refuse(state, "WG-T5", f"mission {number} needs a load from "
                                      f"{tile_name(m.source)} and you carry none")
    ship = replace(me.ship, loads=_without(me.ship.loads, m.source))
    state = _set_player(state, seat, replace(me, ship=ship))
    missions = list(state.missions)
    missions[number - 1] = replace(m, completed_by=seat)
    state = replace(state, missions=tuple(missions))
    state = _credit(state, seat, earned=m.payoff)
    return _drop_worthless(state, m.source)


def _drop_worthless(state: State, source: Pos) -> State:
    """WG-11: loads from ``source`` beyond its open missions vanish, at no cost."""
    keep = state.open_from(source)
    for seat, p in enumerate(state.players):
        extra = p.ship.loads.count(source) - keep
        if extra > 0:
            loads = p.ship.loads
            for _ in range(extra):
                loads = _without(loads, source)
            state = _set_player(state, seat, replace(p, ship=replace(p.ship, loads=loads)))
    return state


def _end_turn(state: State) -> State:
    seat = state.turn
    me = state.players[seat]
    owner = fee_owner(state, seat, me.ship.pos)
    if owner is not None and me.balance >= FEE:  # WG-13: staying on a station tile
        state = _credit(state, seat, fees_out=FEE)
        state = _credit(state, owner, fees_in=FEE)
    return replace(state, turn=(seat + 1) % len(state.players), points=POINTS_PER_TURN,
                   paid=frozenset(), turn_number=state.turn_number + 1)


def _apply_chance(state: State, event: Draw | Roll) -> State:
    pend = state.pending
    if pend is None:
        raise _refuse(state, "WG-T1", "no die is being drawn or rolled now")
    if isinstance(event, Draw) and pend.step != "draw":
        raise _refuse(state, "WG-T1", f"the {pend.drawn} die is in hand; roll it first")
    if isinstance(event, Roll) and pend.step != "roll":
        raise _refuse(state, "WG-T1", "no die is in hand; draw one from the bag first")
    if isinstance(event, Draw) and event.suit not in pend.bag():
        raise _refuse(state, "WG-4", f"the {event.suit} die is not in the bag (it is the "
                                     "mission's first die, held out)")
    dealt = dealt_outcome(state)
    if dealt is not None and dealt != event:
        raise IllegalMove("WG-T10", f"in seeded play this die event is {format_event(dealt)}, "
                                    f"not {format_event(event)}; legal: {format_event(dealt)}",
                          [format_event(dealt)])
    state = replace(state, chance_count=state.chance_count + 1)
    if isinstance(event, Draw):
        return replace(state, pending=replace(pend, step="roll", drawn=event.suit))
    assert pend.drawn is not None
    pos = POS_OF[(pend.drawn, event.rank)]
    if pend.kind == "mission":
        if pend.first is None:
            return replace(state, pending=Pending("mission", "draw", first=pos,
                                                  held_out=pend.drawn))
        m = Mission(len(state.missions) + 1, pend.first, pos, payoff(pend.first, pos),
                    state.turn)
        return replace(state, missions=(*state.missions, m), pending=None)
    if pend.kind == "shoo":
        return replace(state, phredd=pos, pending=None)
    # hyperjump (WG-10): a tile with an opponent's station is redrawn and rerolled
    owner = state.owner_at(pos)
    if owner is not None and owner != state.turn:
        return replace(state, pending=Pending("jump", "draw"))
    me = state.players[state.turn]
    state = _set_player(state, state.turn, replace(me, ship=replace(me.ship, pos=pos)))
    return replace(state, pending=None)
