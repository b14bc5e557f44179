"""What every journey action checks first (whose turn, which stage, which cards), the refusal
it raises, and spending cards (SD-T1, SD-T3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pnp.engine.values import replace
from pnp.games.spatial_delivery.cards import COLOURS, colour_of
from pnp.games.spatial_delivery.state import Seat, State


class Refusal(Exception):
    """A refusal found while checking; apply() turns it into IllegalMove with the legal list."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(rule, message)
        self.rule = rule
        self.message = message


def ci(colour: str) -> int:
    return COLOURS.index(colour)


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
    short = Counter(cards) - Counter(hand)
    return sorted(short.elements())


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


def discard(state: State, cards: Sequence[str]) -> State:
    """Spent goods go face up to their type's discard pile; fuel back to the depot."""
    for card in cards:
        colour = colour_of(card)
        if colour is None:
            continue
        g = state.goods[ci(colour)]
        state = state.with_goods(ci(colour), replace(g, discards=sorted_cards(
            (*g.discards, card))))
    return state


def spend(state: State, seat_index: int, cards: Sequence[str]) -> State:
    seat = state.seats[seat_index]
    state = state.with_seat(seat_index, replace(seat, hand=remove(seat.hand, cards)))
    return discard(state, cards)
