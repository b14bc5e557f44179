"""What every journey action checks first (whose turn, which stage, which cards), the refusal
it raises, and spending cards (SD-T1, SD-T3).

An event's checks read the state it is applied to; then the event makes one copy, its
*draft*, and every step after (spending, turning up cards, ending the turn or the round)
changes that draft in place (``pnp.engine.values.edit``): nobody else holds it yet, and the
state handed out is never changed again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnp.engine.values import edit, replace
from pnp.games.spatial_delivery.cards import COLOURS, FUEL
from pnp.games.spatial_delivery.state import Goods, Seat, State


class Refusal(Exception):
    """A refusal found while checking; apply() turns it into IllegalMove with the legal list."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(rule, message)
        self.rule = rule
        self.message = message


def ci(colour: str) -> int:
    return _COLOUR_INDEX[colour]


_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


def sorted_cards(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


def remove(hand: tuple[str, ...], cards: Sequence[str]) -> tuple[str, ...]:
    left = list(hand)
    for c in cards:
        left.remove(c)
    return tuple(left)


def missing(hand: tuple[str, ...], cards: Sequence[str]) -> list[str]:
    if len(cards) == 1:  # most checks: one card
        return [] if cards[0] in hand else list(cards)
    left = list(hand)
    short = []
    for c in cards:  # the multiset difference, without two Counters
        if c in left:
            left.remove(c)
        else:
            short.append(c)
    return sorted(short)


def hand_text(hand: tuple[str, ...]) -> str:
    return ".".join(hand) if hand else "no cards"


def refuse(rule: str, message: str) -> Refusal:
    return Refusal(rule, message)


def now_text(state: State) -> str:
    if state.phase == "market":
        return "the Goods Market: take a face-up card (+Y, +B, +P, +G)"
    if state.must_take:
        return "the Barter's card must be taken from the market first (+Y, +B, +P, +G)"
    return {0: "the turn begins: a trade mission (B:, T:), a delivery (D:), a card "
               "action (A:) or pass",
            1: "after the trade mission: a delivery, a card action, or end the turn (.)",
            2: "after the delivery: a card action or end the turn (.)",
            3: "after the card action only the end of the turn (.) remains"}[state.stage]


def order_error(state: State, what: str) -> Refusal:
    return refuse("SD-T1", f"{what} is not possible now: {now_text(state)}")


def journey_seat(state: State, what: str) -> tuple[int, Seat]:
    if state.phase != "journey" or state.current is None:
        raise order_error(state, what)
    if state.must_take:
        raise order_error(state, what)
    return state.current, state.seats[state.current]


def check_hand(seat: Seat, cards: Sequence[str]) -> None:
    short = missing(seat.hand, cards)
    if short:
        raise refuse("SD-T3", f"the hand holds {hand_text(seat.hand)}; "
                              f"it has no {', '.join(short)} to spend")


def set_seat(draft: State, i: int, seat: Seat, **changes: Any) -> State:
    """The draft with seat ``i`` changed (and any other ``changes``), in place."""
    return edit(draft, seats=(*draft.seats[:i], seat, *draft.seats[i + 1:]), **changes)


def set_goods(draft: State, i: int, goods: Goods, **changes: Any) -> State:
    """The draft with one goods type changed (and any other ``changes``), in place."""
    return edit(draft, goods=(*draft.goods[:i], goods, *draft.goods[i + 1:]), **changes)


def discarded(goods: tuple[Goods, ...], cards: Sequence[str]) -> tuple[Goods, ...]:
    """Spent goods go face up to their type's discard pile; fuel back to the depot."""
    piles: dict[int, list[str]] = {}
    for card in cards:
        if card != FUEL:  # a goods card's first letter is its colour
            piles.setdefault(_COLOUR_INDEX[card[0]], []).append(card)
    if not piles:
        return goods
    out = list(goods)
    for i, spent in piles.items():
        g = out[i]  # (``replace``, written out)
        out[i] = Goods(g.market, g.deck, sorted_cards((*g.discards, *spent)), g.reshuffles)
    return tuple(out)


def spend(state: State, who: int, cards: Sequence[str],
          seat_changes: Mapping[str, Any] | None = None, **changes: Any) -> State:
    """A new draft (one copy): ``cards`` leave seat ``who``'s hand for the discard piles,
    with the seat's other ``seat_changes`` and the state's other ``changes``."""
    seats = list(state.seats)
    seat = seats[who]
    if seat_changes:
        seats[who] = replace(seat, hand=remove(seat.hand, cards), **seat_changes)
    else:  # (``replace``, written out)
        seats[who] = Seat(remove(seat.hand, cards), seat.points, seat.firsts, seat.location,
                          seat.passed, seat.bonus)
    return replace(state, seats=tuple(seats), goods=discarded(state.goods, cards), **changes)
