"""The Goods Market: taking a face-up card (also after a Barter), turning up the next one,
reshuffling an empty deck, and moving from one phase of the round to the next (SD-T2,
SD-G2..SD-G4).  Every function but ``take`` changes a draft in place (see ``checks``)."""

from __future__ import annotations

from pnp.engine.values import edit, replace
from pnp.games.spatial_delivery.cards import (
    COLOUR_NAMES,
    COLOURS,
    FUEL,
    FUEL_PER_ROUND,
    PICKS_PER_ROUND,
)
from pnp.games.spatial_delivery.checks import ci, order_error, refuse, set_goods, sorted_cards
from pnp.games.spatial_delivery.events import Take
from pnp.games.spatial_delivery.setup import deck_order
from pnp.games.spatial_delivery.state import Goods, Seat, State, flip_need, made


def take(state: State, move: Take) -> State:
    if state.phase == "market":
        seat_index = state.order[state.picks % state.players]
    elif state.phase == "journey" and state.must_take and state.current is not None:
        seat_index = state.current
    else:
        raise order_error(state, f"taking the {move.colour} card")
    i = ci(move.colour)
    g = state.goods[i]
    if g.market is None:
        raise refuse("SD-T2", f"no {COLOUR_NAMES[move.colour]} card is face "
                              "up (that deck and its discards are empty)")
    seat = state.seats[seat_index]
    after: dict[str, object] = (
        {"picks": state.picks + 1} if state.phase == "market" else {"must_take": False})
    need = flip_need(move.colour)
    owed = bool(g.deck) and need not in state.pending
    if owed:  # ``turn_up``'s usual case, made in the same copy
        after["pending"] = (*state.pending, need)
    goods = list(state.goods)
    goods[i] = Goods(None, g.deck, g.discards, g.reshuffles)  # (``replace``, written out)
    seats = list(state.seats)
    seats[seat_index] = Seat(sorted_cards((*seat.hand, g.market)), seat.points, seat.firsts,
                             seat.location, seat.passed, seat.bonus)
    fresh = state.__dict__.copy()  # ``made``: no field here feeds a derived lookup
    fresh["seats"] = tuple(seats)
    fresh["goods"] = tuple(goods)
    fresh.update(after)
    draft = made(fresh)
    if not owed:
        turn_up(draft, move.colour)
    return settle(draft) if draft.phase == "market" else draft


def turn_up(draft: State, colour: str) -> State:
    """Owe a flip for an empty market slot; reshuffle the discards if the deck is out."""
    g = draft.goods[ci(colour)]
    if g.market is not None or flip_need(colour) in draft.pending:
        return draft
    if not g.deck:
        if not g.discards:
            return draft  # the slot stays empty (SD-G2)
        k = g.reshuffles + 1
        deck = (deck_order(draft.seed, colour, k, g.discards)
                if draft.seeded and draft.seed is not None else g.discards)
        set_goods(draft, ci(colour), Goods(market=None, deck=deck, discards=(), reshuffles=k))
    return edit(draft, pending=(*draft.pending, flip_need(colour)))


def begin_market(draft: State) -> State:
    seats = list(draft.seats)
    depot = draft.fuel_in_depot
    for s in draft.order:  # SD-G3: the depot may run short; turn order takes first
        n = min(FUEL_PER_ROUND, depot)
        depot -= n
        seats[s] = replace(seats[s], hand=sorted_cards((*seats[s].hand, *[FUEL] * n)))
    edit(draft, seats=tuple(seats), phase="market", picks=0)
    for colour in COLOURS:
        turn_up(draft, colour)
    return settle(draft)


def begin_journey(draft: State) -> State:
    return edit(draft, phase="journey", current=draft.order[0], stage=0,
                must_take=False, extra_turns=0)


def settle(state: State) -> State:
    """Move on once every owed chance outcome is in (on a draft)."""
    if state.pending:
        return state
    if state.phase in ("setup", "ring3"):
        return begin_market(state)
    if state.phase == "market":
        done = state.picks >= PICKS_PER_ROUND * state.players
        if done or all(g.market is None for g in state.goods):  # SD-G4
            return begin_journey(state)
    return state
