"""The rules of Weird Galaxy: what each event does (``legal`` says which are legal now,
``invariants`` what must always hold; the small state changes and the refusal are in
``changes``, building and Phredd's spit targets in ``stations``).

Pure functions of an immutable State.  Every refusal raises IllegalMove with a rule id from
``rule_ids.RULES`` and a message that says what was wrong and what would have been legal.
"""

from __future__ import annotations

from typing import Final

from pnp.engine.errors import IllegalMove
from pnp.engine.values import replace
from pnp.games.weird_galaxy.changes import (
    bucks,
    cost_check,
    credit,
    pos_of_tile,
    refuse,
    set_player,
    set_station,
    ship_check,
    spend_points,
    where,
    without,
)
from pnp.games.weird_galaxy.data import (
    ABANDON_FORFEIT,
    CAPACITY,
    DIRECTIONS,
    FEE,
    MAX_SHIELDS,
    POINTS_PER_TURN,
    POS_OF,
    SHIELD_COST,
    Pos,
    on_grid,
    payoff,
    tile_name,
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
    WGEvent,
    format_event,
)
from pnp.games.weird_galaxy.legal import (
    can_shoo,
    dealt_outcome,
    fee_owner,
    spit_targets,
)
from pnp.games.weird_galaxy.state import (
    Mission,
    Pending,
    State,
)
from pnp.games.weird_galaxy.stations import build, disable, own_station, why_not_target

_STEP: Final = {"draw": "drawn", "roll": "rolled"}


# -- applying ----------------------------------------------------------------------------
def apply(state: State, event: WGEvent) -> State:
    if state.winner is not None:
        name = state.players[state.winner].name
        raise IllegalMove("WG-12", f"the game is over: {name} built the black-hole station; "
                                   "nothing is legal any more")
    if isinstance(event, Draw | Roll):
        return _apply_chance(state, event)
    if state.pending is not None:
        raise refuse(state, "WG-T1", f"a die must be {_STEP[state.pending.step]} for "
                                      f"the {state.pending.kind} before any decision")
    return _apply_decision(state, event)


def _apply_decision(state: State, event: WGEvent) -> State:
    seat = state.turn
    me = state.players[seat]
    match event:
        case Move(direction=d):
            cost_check(state, "move", "moving the starship")
            ship_check(state, "move")
            dr, dc = DIRECTIONS[d]
            to = (me.ship.pos[0] + dr, me.ship.pos[1] + dc)
            if not on_grid(to):
                raise refuse(state, "WG-1", f"moving {d} from {tile_name(me.ship.pos)} "
                                             "leaves the grid")
            owner = fee_owner(state, seat, to)
            if owner is not None:
                if me.balance < FEE:
                    raise refuse(state, "WG-9", f"entering {tile_name(to)} costs a "
                                  f"{FEE} Space Buck fee to {state.players[owner].name}, "
                                  f"you have {me.balance}")
                state = credit(state, seat, fees_out=FEE)
                state = credit(state, owner, fees_in=FEE)
                state = replace(state, paid=state.paid | {to})
                me = state.players[seat]
            state = set_player(state, seat, replace(me, ship=replace(me.ship, pos=to)))
            return spend_points(state, "move")
        case MovePhredd(direction=d, target=target):
            cost_check(state, "phredd", "moving Phredd")
            dr, dc = DIRECTIONS[d]
            to = (state.phredd[0] + dr, state.phredd[1] + dc)
            if not on_grid(to):
                raise refuse(state, "WG-1", f"moving Phredd {d} from "
                                             f"{tile_name(state.phredd)} leaves the grid")
            moved = replace(state, phredd=to)
            if target is not None:
                if target not in spit_targets(moved, to):
                    raise refuse(state, "WG-8", why_not_target(moved, target, to))
                moved = disable(moved, target)
            return spend_points(moved, "phredd")
        case RollMission():
            cost_check(state, "mission", "rolling a new trade mission")
            return spend_points(replace(state, pending=Pending("mission", "draw")), "mission")
        case Shoo():
            cost_check(state, "shoo", "shooing Phredd")
            if not can_shoo(me, state.phredd):
                raise refuse(state, "WG-T6", f"Phredd {where(state.phredd)} is not "
                                              "within one tile of your starship or stations")
            return spend_points(replace(state, pending=Pending("shoo", "draw")), "shoo")
        case Jump():
            cost_check(state, "jump", "a hyperjump")
            ship_check(state, "hyperjump")
            return spend_points(replace(state, pending=Pending("jump", "draw")), "jump")
        case Build():
            return build(state)
        case InstallShield(station=tile):
            cost_check(state, "shield", "installing a spit shield")
            st = own_station(state, tile, "WG-T8")
            if st.disabled:
                raise refuse(state, "WG-T8", f"your station on {tile.name} is disabled; "
                                              "repaint it before shielding it")
            if st.shield:
                raise refuse(state, "WG-T8", f"your station on {tile.name} already has a "
                                              "spit shield")
            if me.shields_used >= MAX_SHIELDS:
                raise refuse(state, "WG-7", f"all {MAX_SHIELDS} of your spit shield "
                                             "counters are in use")
            if me.balance < SHIELD_COST:
                raise refuse(state, "WG-T11", f"a spit shield costs {bucks(SHIELD_COST)}, "
                                               f"you have {me.balance}")
            state = set_station(state, seat, st.index, shield=True)
            state = credit(state, seat, shields=SHIELD_COST)
            return spend_points(state, "shield")
        case Repaint(station=tile):
            cost_check(state, "paint", "repainting")
            if tile is None:
                if not me.ship.disabled:
                    raise refuse(state, "WG-T9", "your starship is not disabled")
                state = set_player(state, seat,
                                    replace(me, ship=replace(me.ship, disabled=False)))
            else:
                st = own_station(state, tile, "WG-T9")
                if not st.disabled:
                    raise refuse(state, "WG-T9", f"your station on {tile.name} is not "
                                                  "disabled")
                state = set_station(state, seat, st.index, disabled=False)
            return spend_points(state, "paint")
        case PickUp():
            ship_check(state, "pick up a load")
            here = me.ship.pos
            open_here = state.open_from(here)
            if open_here == 0:
                raise refuse(state, "WG-T4", f"no open trade mission starts at "
                                              f"{tile_name(here)}")
            if len(me.ship.loads) >= CAPACITY:
                raise refuse(state, "WG-6", f"your starship already carries {CAPACITY} loads")
            if me.ship.loads.count(here) >= open_here:
                raise refuse(state, "WG-T4", f"you already carry a load from "
                                              f"{tile_name(here)} for each of its "
                                              f"{open_here} open mission(s)")
            loads = tuple(sorted((*me.ship.loads, here)))
            return set_player(state, seat, replace(me, ship=replace(me.ship, loads=loads)))
        case Deliver(mission=n):
            return _deliver(state, n)
        case Abandon(source=tile):
            src = pos_of_tile(tile)
            if src not in me.ship.loads:
                raise refuse(state, "WG-11", f"you carry no load from {tile.name}")
            if me.balance < ABANDON_FORFEIT:
                raise refuse(state, "WG-T11", f"abandoning a load costs {ABANDON_FORFEIT} "
                                               f"Space Buck, you have {me.balance}")
            state = set_player(state, seat,
                                replace(me, ship=replace(me.ship,
                                                         loads=without(me.ship.loads, src))))
            return credit(state, seat, forfeits=ABANDON_FORFEIT)
        case EndTurn():
            return _end_turn(state)
    raise refuse(state, "WG-T1", f"{event!r} is not a decision")


def _deliver(state: State, number: int) -> State:
    seat = state.turn
    me = state.players[seat]
    if not 1 <= number <= len(state.missions):
        raise refuse(state, "WG-T5", f"there is no mission {number} "
                                      f"({len(state.missions)} rolled so far)")
    m = state.missions[number - 1]
    if not m.open:
        assert m.completed_by is not None
        raise refuse(state, "WG-11", f"mission {number} was already completed by "
                                      f"{state.players[m.completed_by].name}")
    ship_check(state, "deliver")
    if me.ship.pos != m.dest:
        raise refuse(state, "WG-T5", f"mission {number} delivers to {tile_name(m.dest)}, "
                                      f"your starship is at {tile_name(me.ship.pos)}")
    if m.source not in me.ship.loads:
        raise refuse(state, "WG-T5", f"mission {number} needs a load from "
                                      f"{tile_name(m.source)} and you carry none")
    ship = replace(me.ship, loads=without(me.ship.loads, m.source))
    state = set_player(state, seat, replace(me, ship=ship))
    missions = list(state.missions)
    missions[number - 1] = replace(m, completed_by=seat)
    state = replace(state, missions=tuple(missions))
    state = credit(state, seat, earned=m.payoff)
    return _drop_worthless(state, m.source)


def _drop_worthless(state: State, source: Pos) -> State:
    """WG-11: loads from ``source`` beyond its open missions vanish, at no cost."""
    keep = state.open_from(source)
    for seat, p in enumerate(state.players):
        extra = p.ship.loads.count(source) - keep
        if extra > 0:
            loads = p.ship.loads
            for _ in range(extra):
                loads = without(loads, source)
            state = set_player(state, seat, replace(p, ship=replace(p.ship, loads=loads)))
    return state


def _end_turn(state: State) -> State:
    seat = state.turn
    me = state.players[seat]
    owner = fee_owner(state, seat, me.ship.pos)
    if owner is not None and me.balance >= FEE:  # WG-13: staying on a station tile
        state = credit(state, seat, fees_out=FEE)
        state = credit(state, owner, fees_in=FEE)
    return replace(state, turn=(seat + 1) % len(state.players), points=POINTS_PER_TURN,
                   paid=frozenset(), turn_number=state.turn_number + 1)


def _apply_chance(state: State, event: Draw | Roll) -> State:
    pend = state.pending
    if pend is None:
        raise refuse(state, "WG-T1", "no die is being drawn or rolled now")
    if isinstance(event, Draw) and pend.step != "draw":
        raise refuse(state, "WG-T1", f"the {pend.drawn} die is in hand; roll it first")
    if isinstance(event, Roll) and pend.step != "roll":
        raise refuse(state, "WG-T1", "no die is in hand; draw one from the bag first")
    if isinstance(event, Draw) and event.suit not in pend.bag():
        raise refuse(state, "WG-4", f"the {event.suit} die is not in the bag (it is the "
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
    state = set_player(state, state.turn, replace(me, ship=replace(me.ship, pos=pos)))
    return replace(state, pending=None)
