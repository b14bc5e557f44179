"""What is legal in Weird Galaxy now: every decision the player on turn may make (a table of
one small function per action, each adding its options in the order the buttons show),
Phredd's spit targets, and the die events possible or dealt at a chance node.  ``rules``
applies them."""

from __future__ import annotations

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
    NEAR,
    RANKS,
    SHIELD_COST,
    STATION_COSTS,
    STATIONS,
    STEPS,
    SUITS,
    TILE_AT,
    Pos,
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
    near = NEAR[at]
    return [_TARGETS[suit, index] for pos, suit, index in _spit_candidates(state)
            if pos in near]


def _spit_candidates(state: State) -> list[tuple[Pos, str, int]]:
    """(where, suit, station index or -1 for the starship) of everything Phredd may spit
    on from a tile near it: functional starships, then unshielded functional stations."""
    out = [(p.ship.pos, p.suit, -1) for p in state.players if not p.ship.disabled]
    for p in state.players:
        for st in p.stations:
            if not st.disabled and not st.shield and st.pos != HOLE:
                out.append((st.pos, p.suit, st.index))
    return out


def legal_decisions(state: State) -> list[WGEvent]:
    """Every decision the player on turn may make now: each action's options in turn (a
    table of one small function per action, each adding its options, in the order the
    buttons show)."""
    if state.winner is not None or state.pending is not None:
        return []
    out: list[WGEvent] = []
    me = state.players[state.turn]
    for options in _OPTIONS:
        options(state, me, out)
    return out


def _moves(state: State, me: Player, out: list[WGEvent]) -> None:
    ship = me.ship
    if state.points >= _COST_MOVE and not ship.disabled:
        if me.balance >= FEE:  # every fee can be paid: each step on the grid
            out.extend(_MOVES_FROM[ship.pos])
            return
        seat = state.turn
        for d, to in STEPS[ship.pos]:
            if fee_owner(state, seat, to) is None:
                out.append(_MOVE[d])


def _phredd_moves(state: State, me: Player, out: list[WGEvent]) -> None:
    if state.points >= _COST_PHREDD:
        candidates = _spit_candidates(state)
        for d, to in STEPS[state.phredd]:
            out.append(_PHREDD[d, "", -1])
            near = NEAR[to]
            for pos, suit, index in candidates:
                if pos in near:
                    out.append(_PHREDD[d, suit, index])


def _single(state: State, me: Player, out: list[WGEvent]) -> None:
    """Roll a mission, shoo Phredd, jump, build: one event each when allowed."""
    pts = state.points
    if pts >= _COST_MISSION:
        out.append(_ROLL_MISSION)
    if pts >= _COST_SHOO and can_shoo(me, state.phredd):
        out.append(_SHOO)
    if pts >= _COST_JUMP and not me.ship.disabled:
        out.append(_JUMP)
    k = len(me.stations)
    if (pts >= _COST_BUILD and k < STATIONS
            and all(not s.disabled for s in me.stations) and me.balance >= STATION_COSTS[k]):
        out.append(_BUILD)


def _shields(state: State, me: Player, out: list[WGEvent]) -> None:
    if (state.points >= ACTION_COSTS["shield"] and me.balance >= SHIELD_COST
            and me.shields_used < MAX_SHIELDS):
        out.extend(InstallShield(tile_of_station(me.suit, s.index)) for s in me.stations
                   if not s.disabled and not s.shield)


def _repaints(state: State, me: Player, out: list[WGEvent]) -> None:
    if state.points >= ACTION_COSTS["paint"]:
        if me.ship.disabled:
            out.append(Repaint())
        out.extend(Repaint(tile_of_station(me.suit, s.index)) for s in me.stations
                   if s.disabled)


def _cargo(state: State, me: Player, out: list[WGEvent]) -> None:
    """Pick up, deliver, abandon (no action points), then end the turn."""
    ship = me.ship
    if not ship.disabled:
        here, loads = ship.pos, ship.loads
        from_here, to_here = state.open_index
        if len(loads) < CAPACITY and loads.count(here) < from_here.get(here, 0):
            out.append(_PICK_UP)
        if loads:
            out.extend(Deliver(number) for number, source in to_here.get(here, ())
                       if source in loads)
    if ship.loads and me.balance >= ABANDON_FORFEIT:
        out.extend(Abandon(Tile(*TILE_AT[src])) for src in sorted(set(ship.loads)))
    out.append(_END_TURN)


_OPTIONS: Final = (_moves, _phredd_moves, _single, _shields, _repaints, _cargo)

# The events the list is made of, made once (events are immutable values).
_MOVE: Final = {d: Move(d) for d in DIRECTIONS}
_MOVES_FROM: Final = {pos: tuple(_MOVE[d] for d, _ in steps) for pos, steps in STEPS.items()}
_TARGETS: Final = {(suit, index): Target(suit, None if index < 0 else Tile(suit, index))
                   for suit in SUITS for index in range(-1, STATIONS)}
_PHREDD: Final = {
    **{(d, "", -1): MovePhredd(d) for d in DIRECTIONS},
    **{(d, suit, index): MovePhredd(d, target) for d in DIRECTIONS
       for (suit, index), target in _TARGETS.items()}}
_ROLL_MISSION: Final = RollMission()
_SHOO: Final = Shoo()
_JUMP: Final = Jump()
_BUILD: Final = Build()
_PICK_UP: Final = PickUp()
_END_TURN: Final = EndTurn()
_COST_MOVE: Final = ACTION_COSTS["move"]
_COST_PHREDD: Final = ACTION_COSTS["phredd"]
_COST_MISSION: Final = ACTION_COSTS["mission"]
_COST_SHOO: Final = ACTION_COSTS["shoo"]
_COST_JUMP: Final = ACTION_COSTS["jump"]
_COST_BUILD: Final = ACTION_COSTS["build"]


def can_shoo(me: Player, phredd: Pos) -> bool:
    near = NEAR[phredd]
    return me.ship.pos in near or any(s.pos in near for s in me.stations)


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
