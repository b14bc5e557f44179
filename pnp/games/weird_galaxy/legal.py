"""What is legal in Weird Galaxy now: every decision the player on turn may make (a table of
one small generator per action, in the order the buttons show), Phredd's spit targets, and the
die events possible or dealt at a chance node.  ``rules`` applies them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from pnp.engine.rng import Rng
from pnp.games.weird_galaxy.data import (
    ABANDON_FORFEIT,
    ACTION_COSTS,
    CAPACITY,
    DIRECTIONS,
    FEE,
    HOLE,
    MAX_SHIELDS,
    RANKS,
    SHIELD_COST,
    STATION_COSTS,
    STATIONS,
    TILE_AT,
    Pos,
    on_grid,
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
)
from pnp.games.weird_galaxy.state import Player, State


def tile_of_station(suit: str, index: int) -> Tile:
    return Tile(suit, index)


def fee_owner(state: State, seat: int, pos: Pos) -> int | None:
    """The opponent who would be owed a fee for this seat's ship being on ``pos`` now."""
    owner = state.owner_at(pos)
    if owner is None or owner == seat or pos in state.paid:
        return None
    return owner



def spit_targets(state: State, at: Pos) -> list[Target]:
    """Functional starships and unshielded functional stations within one tile of ``at``."""
    out: list[Target] = []
    for p in state.players:
        if not p.ship.disabled and within_one(at, p.ship.pos):
            out.append(Target(p.suit))
    for p in state.players:
        for st in p.stations:
            if not st.disabled and not st.shield and st.pos != HOLE and within_one(at, st.pos):
                out.append(Target(p.suit, tile_of_station(p.suit, st.index)))
    return out


def legal_decisions(state: State) -> list[WGEvent]:
    """Every decision the player on turn may make now: each action's options in turn (a
    table of one small generator per action, in the order the buttons show)."""
    if state.winner is not None or state.pending is not None:
        return []
    return [event for options in _OPTIONS for event in options(state, state.players[state.turn])]


def _moves(state: State, me: Player) -> Iterator[WGEvent]:
    if state.points >= ACTION_COSTS["move"] and not me.ship.disabled:
        for d, (dr, dc) in DIRECTIONS.items():
            to = (me.ship.pos[0] + dr, me.ship.pos[1] + dc)
            if on_grid(to) and (fee_owner(state, state.turn, to) is None or me.balance >= FEE):
                yield Move(d)


def _phredd_moves(state: State, me: Player) -> Iterator[WGEvent]:
    if state.points >= ACTION_COSTS["phredd"]:
        for d, (dr, dc) in DIRECTIONS.items():
            to = (state.phredd[0] + dr, state.phredd[1] + dc)
            if on_grid(to):
                yield MovePhredd(d)
                yield from (MovePhredd(d, t) for t in spit_targets(state, to))


def _single(state: State, me: Player) -> Iterator[WGEvent]:
    """Roll a mission, shoo Phredd, jump, build: one event each when allowed."""
    pts = state.points
    if pts >= ACTION_COSTS["mission"]:
        yield RollMission()
    if pts >= ACTION_COSTS["shoo"] and can_shoo(me, state.phredd):
        yield Shoo()
    if pts >= ACTION_COSTS["jump"] and not me.ship.disabled:
        yield Jump()
    k = len(me.stations)
    if (pts >= ACTION_COSTS["build"] and k < STATIONS
            and all(not s.disabled for s in me.stations) and me.balance >= STATION_COSTS[k]):
        yield Build()


def _shields(state: State, me: Player) -> Iterator[WGEvent]:
    if (state.points >= ACTION_COSTS["shield"] and me.balance >= SHIELD_COST
            and me.shields_used < MAX_SHIELDS):
        yield from (InstallShield(tile_of_station(me.suit, s.index)) for s in me.stations
                    if not s.disabled and not s.shield)


def _repaints(state: State, me: Player) -> Iterator[WGEvent]:
    if state.points >= ACTION_COSTS["paint"]:
        if me.ship.disabled:
            yield Repaint()
        yield from (Repaint(tile_of_station(me.suit, s.index)) for s in me.stations
                    if s.disabled)


def _cargo(state: State, me: Player) -> Iterator[WGEvent]:
    """Pick up, deliver, abandon (no action points), then end the turn."""
    ship = me.ship
    if (not ship.disabled and len(ship.loads) < CAPACITY
            and ship.loads.count(ship.pos) < state.open_from(ship.pos)):
        yield PickUp()
    if not ship.disabled:
        yield from (Deliver(m.number) for m in state.missions
                    if m.open and m.dest == ship.pos and m.source in ship.loads)
    if me.balance >= ABANDON_FORFEIT:
        yield from (Abandon(Tile(*TILE_AT[src])) for src in sorted(set(ship.loads)))
    yield EndTurn()


_OPTIONS: Final = (_moves, _phredd_moves, _single, _shields, _repaints, _cargo)


def can_shoo(me: Player, phredd: Pos) -> bool:
    return within_one(me.ship.pos, phredd) or any(within_one(s.pos, phredd)
                                                  for s in me.stations)


def chance_outcomes(state: State) -> list[WGEvent]:
    """Every physically possible die event now: a suit still in the bag, or a face."""
    pend = state.pending
    if state.winner is not None or pend is None:
        return []
    if pend.step == "draw":
        return [Draw(s) for s in pend.bag()]
    return [Roll(r) for r in range(len(RANKS))]


def dealt_outcome(state: State) -> WGEvent | None:
    """The die event the seed deals at this chance node (seeded play only)."""
    pend = state.pending
    if not state.seeded or state.seed is None or pend is None or state.winner is not None:
        return None
    rng = Rng(state.seed, f"dice/{state.chance_count}")
    if pend.step == "draw":
        return Draw(rng.choice(pend.bag()))
    return Roll(rng.below(len(RANKS)))


__all__ = ["can_shoo", "chance_outcomes", "dealt_outcome", "fee_owner", "legal_decisions",
           "spit_targets", "tile_of_station"]
