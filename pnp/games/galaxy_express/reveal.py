"""The table's chance in Galaxy Express: what a coin, the queue or a planet can still turn up,
what a seeded deal says it is (GE-12, GE-13), and moving on once every owed reveal is in (the
start planet's coin to the bottom, GE-3; lost in space, GE-9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pnp.engine import IllegalMove
from pnp.engine.values import edit, replace
from pnp.games.galaxy_express.board import cell_name
from pnp.games.galaxy_express.events import (
    SUIT_NAMES,
    CoinRevealed,
    GEEvent,
    PlanetRevealed,
    QueueRevealed,
    format_event,
)
from pnp.games.galaxy_express.lost import can_reach_planet
from pnp.games.galaxy_express.state import (
    COIN_NEEDS,
    QUEUE_NEED,
    RANKS,
    Coins,
    Need,
    State,
    planet_need,
)

Revealed = PlanetRevealed | QueueRevealed | CoinRevealed


def _what(event: Revealed) -> str:
    """What a chance outcome reveals, in a refusal's words."""
    if isinstance(event, CoinRevealed):
        return f"the {SUIT_NAMES[event.suit]} coin turned up"
    if isinstance(event, QueueRevealed):
        return "the queue's top coin"
    return f"the planet at {cell_name(event.cell)}"


def need_text(need: Need) -> str:
    """What the table owes, in words (the tracker shows it)."""
    if need.kind == "coin":
        assert need.suit is not None
        return f"the next {SUIT_NAMES[need.suit]} coin turned face up (+{need.suit}?)"
    if need.kind == "queue":
        return "the number now on top of the delivery queue (Q?)"
    assert need.cell is not None
    return f"the number of the planet at {cell_name(need.cell)} ({cell_name(need.cell)}=?)"


def _ranks(values: frozenset[int] | set[int] | Sequence[int]) -> str:
    return ", ".join(str(v) for v in sorted(values)) or "none"


def _event(need: Need, value: int) -> GEEvent:
    if need.kind == "coin":
        assert need.suit is not None
        return CoinRevealed(need.suit, value)
    if need.kind == "queue":
        return QueueRevealed(value)
    assert need.cell is not None
    return PlanetRevealed(need.cell, value)


def possible(state: State, need: Need) -> frozenset[int]:
    """The values ``need`` can still turn up."""
    if need.kind == "coin":
        assert need.suit is not None
        return state.coins(need.suit).in_stack
    if need.kind == "queue":
        unseen = state.queue_unseen
        if unseen:
            return unseen
        return frozenset({state.queue_bottom} if state.queue_bottom is not None else ())
    return RANKS - {n for n in state.numbers if n is not None}


def dealt(state: State, need: Need) -> int:
    """The value the seeded deal gives ``need``."""
    if need.kind == "coin":
        assert need.suit is not None
        stack = state.coins(need.suit).hidden_stack
        assert stack
        return stack[0]
    if need.kind == "queue":
        assert state.hidden_queue
        return state.hidden_queue[0]
    assert state.hidden_numbers is not None and need.cell is not None
    return state.hidden_numbers[state.planets.index(need.cell)]


def chance_outcomes(state: State) -> list[GEEvent]:
    if state.result is not None:
        return []
    return [_event(need, value) for need in dict.fromkeys(state.pending)
            for value in sorted(possible(state, need))]


def dealt_outcome(state: State) -> GEEvent | None:
    if not state.seeded or not state.pending or state.result is not None:
        return None
    need = state.pending[0]
    return _event(need, dealt(state, need))


def apply_chance(state: State, event: Revealed,
                 legal: Callable[[State], list[GEEvent]]) -> State:
    """A revealed outcome, checked against what is owed, possible and (seeded) dealt;
    ``legal`` lists the decisions when nothing is owed (the refusal shows them)."""
    if isinstance(event, CoinRevealed):
        want, value = COIN_NEEDS[event.suit], event.value
    elif isinstance(event, QueueRevealed):
        want, value = QUEUE_NEED, event.number
    else:
        want, value = planet_need(event.cell), event.number
    if want not in state.pending:
        awaited = (f"the table owes {need_text(state.pending[0])}" if state.pending
                   else "no coin or planet is waiting to be revealed now")
        raise IllegalMove("GE-12", f"{format_event(event)} is not awaited: {awaited}",
                          [format_event(e) for e in chance_outcomes(state)]
                          or [format_event(e) for e in legal(state)])
    can_be = possible(state, want)
    if value not in can_be:
        raise IllegalMove("GE-12", f"{_what(event)} cannot be {value}: "
                                   f"{_why_impossible(state, want, value)}; it can be "
                                   f"{_ranks(can_be)}",
                          [format_event(e) for e in chance_outcomes(state)])
    if state.seeded:
        given = dealt(state, want)
        if value != given:
            raise IllegalMove("GE-13", "this table plays a seeded deal: "
                                       f"{_what(event)} is {given}, not {value}",
                              [format_event(e) for e in [dealt_outcome(state)] if e])
    left = list(state.pending)
    left.remove(want)
    pending = tuple(left)
    if isinstance(event, CoinRevealed):
        coins = state.coins(event.suit)
        stack = coins.hidden_stack[1:] if coins.hidden_stack is not None else None
        turned = Coins(tuple(sorted((*coins.face_up, value))), coins.spent, stack)
        nxt = (replace(state, pending=pending, suns=turned) if event.suit == "S"
               else replace(state, pending=pending, moons=turned))
    elif isinstance(event, QueueRevealed):
        bottom = None if value == state.queue_bottom else state.queue_bottom
        nxt = replace(state, pending=pending, queue_top=value, queue_bottom=bottom)
    else:
        idx = state.planets.index(event.cell)
        numbers = tuple(value if i == idx else n for i, n in enumerate(state.numbers))
        nxt = replace(state, pending=pending, numbers=numbers)
    return nxt if nxt.pending else settle(nxt)


def _why_impossible(state: State, need: Need, value: int) -> str:
    if need.kind == "coin":
        assert need.suit is not None
        coins = state.coins(need.suit)
        where = "already face up" if value in coins.face_up else "spent on its ace tile"
        return f"{SUIT_NAMES[need.suit]} {value} is {where}"
    if need.kind == "queue":
        if value in state.delivered:
            return f"Crown {value} was delivered already"
        if value == state.queue_top:
            return f"Crown {value} is the coin just taken"
        return f"Crown {value} went to the bottom of the queue"
    return f"another planet already showed {value}"


def settle(draft: State) -> State:
    """Move on once every owed chance outcome is in, on a *draft*: the copy the event being
    applied has just made and nobody holds yet, changed in place (``engine.values.edit``),
    so a reveal that begins the turn makes one new state, not two."""
    if draft.phase == "setup":
        return edit(draft, phase="start")
    if draft.phase == "starting":
        assert draft.ship is not None
        number = draft.numbers[draft.planets.index(draft.ship)]
        if number == draft.queue_top:  # GE-3: that coin goes to the bottom, no delivery
            hidden = draft.hidden_queue
            rotated = (*hidden[1:], hidden[0]) if hidden else hidden
            return edit(draft, queue_bottom=number, queue_top=None,
                        hidden_queue=rotated, pending=(QUEUE_NEED,))
        return _begin_turn(draft)
    if draft.phase == "refill":
        return _begin_turn(draft)
    return draft


def _begin_turn(draft: State) -> State:
    assert draft.ship is not None
    if not can_reach_planet(draft.ship, draft.speed, draft.suns.unspent,
                            draft.moons.unspent, draft.planet_mask):  # GE-9
        return edit(draft, played=None, refueled=False, result="lost", phase="over")
    return edit(draft, phase="turn", played=None, refueled=False)


__all__ = ["COIN_NEEDS", "QUEUE_NEED", "apply_chance", "chance_outcomes", "dealt",
           "dealt_outcome", "need_text", "possible", "settle"]
