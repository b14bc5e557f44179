"""Rounds: the adventure deck of GT-8, the cards a table may turn up, and end-of-round pay.

Round 1 uses 8 level-I cards; round 2 8 level-II and 4 level-I; rounds 3 and 3a 8 level-III,
4 level-II and 4 level-I; the deck is reshuffled until its top card's level is the round's.
Each round draws from the full level decks (GT-FR2).  The test flight (GT-7) is the 8 marked
cards.  Seeded play deals the deck from ``Rng(seed, "galaxy-trucker/deck/<round index>")``.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import cache

from pnp.engine.rng import Rng, two_dice
from pnp.games.galaxy_trucker.cards import Card, all_cards, card, level_cards, test_flight
from pnp.games.galaxy_trucker.events import Flip, GTEvent, Roll
from pnp.games.galaxy_trucker.goods import value
from pnp.games.galaxy_trucker.state import (
    BEST_LOOKING,
    REWARDS,
    ROUND_LEVEL,
    Pay,
    State,
    Trucker,
)


def composition(round_name: str, test: bool) -> dict[int, int]:
    """Cards per level in the round's deck."""
    level = ROUND_LEVEL[round_name]
    if test and round_name == "1":
        return {1: 8}
    return {lvl: (8 if lvl == level else 4) for lvl in range(1, level + 1)}


def deal(seed: int, index: int, round_name: str, test: bool) -> tuple[str, ...]:
    """The seeded deck, top first (GT-8)."""
    rng = Rng(seed, f"galaxy-trucker/deck/{index}")
    if test and round_name == "1":
        cards = [c.id for c in test_flight()]
    else:
        cards = []
        for lvl, n in sorted(composition(round_name, test).items()):
            cards += [c.id for c in rng.shuffled(level_cards(lvl))[:n]]
    level = ROUND_LEVEL[round_name]
    while True:
        rng.shuffle(cards)
        if card(cards[0]).level == level:
            return tuple(cards)


@cache
def dice(seed: int, round_index: int, rolls: int) -> int:
    """The seeded 2d6 roll number ``rolls`` of a round (asked for twice a roll: to deal it
    and to check the one logged)."""
    return two_dice(seed, f"galaxy-trucker/dice/{round_index}/{rolls}")


def is_dealt(s: State, event: Flip | Roll) -> bool:
    """Whether a seeded table's card or roll is the deal's next, compared without making it
    (replay asks for every one): the dealt card is always one that may come now (the deck is
    dealt by the round's quotas, its first card of the round's level), so it needs no other
    test."""
    if s.seed is None:
        return False
    if s.need == "card":
        return isinstance(event, Flip) and s.deck is not None and bool(s.deck) \
            and event.card == s.deck[0]
    return isinstance(event, Roll) and event.total == dice(s.seed, s.round_index, s.rolls)


@cache
def deck_size(round_name: str, test: bool) -> int:
    return _TEST_SIZE if test and round_name == "1" else _DECK_SIZE[round_name]


_DECK_SIZE = {name: sum(composition(name, False).values()) for name in ROUND_LEVEL}
_TEST_SIZE = sum(composition("1", True).values())


def possible_flips(round_name: str, test: bool, drawn: tuple[str, ...]) -> list[Card]:
    """Cards the table may turn up next: not seen this round, within the level quotas, the
    first of the round's level (GT-8); the test flight's marked cards only."""
    if len(drawn) >= deck_size(round_name, test):
        return []
    if test and round_name == "1":
        return [c for c in test_flight() if c.id not in drawn]
    quota = composition(round_name, test)
    used = Counter(card(d).level for d in drawn)
    out = []
    for lvl, n in sorted(quota.items(), reverse=True):
        if used[lvl] >= n or (not drawn and lvl != ROUND_LEVEL[round_name]):
            continue
        out += [c for c in level_cards(lvl) if c.id not in drawn]
    return out


def chance_outcomes(state: State) -> list[GTEvent]:
    """The card flips or 2d6 rolls that may come now (none while no chance is awaited)."""
    if state.phase == "over" or state.need is None:
        return []
    if state.need == "card":
        return [Flip(c.id) for c in possible_flips(state.round, state.test_flight,
                                                   state.drawn)]
    return [Roll(n) for n in range(2, 13)]


def may_flip(round_name: str, test: bool, drawn: tuple[str, ...], card_id: str) -> bool:
    """Whether ``card_id`` is one of :func:`possible_flips` (without listing them: replay
    checks every card turned up)."""
    if card_id in drawn or len(drawn) >= deck_size(round_name, test):
        return False
    c = all_cards().get(card_id)
    if c is None:
        return False
    if test and round_name == "1":
        return c in test_flight()
    quota = composition(round_name, test).get(c.level)
    if quota is None or (not drawn and c.level != ROUND_LEVEL[round_name]):
        return False
    return sum(1 for d in drawn if card(d).level == c.level) < quota


def _exposed(t: Trucker) -> int:
    return t.ship.exposed_connectors if t.ship is not None else 0


def settle(round_name: str, truckers: tuple[Trucker, ...], finish: tuple[int, ...],
           penalties: dict[int, int]) -> tuple[Trucker, ...]:
    """End of round (GT-6): finish-order rewards, best-looking ship, goods sale (half, rounded
    up, after giving up), then losses; credits never drop below 0 (FAQ)."""
    rewards = REWARDS[round_name]
    exposed = {s: _exposed(truckers[s]) for s in finish}
    fewest = min(exposed.values(), default=None)
    out = []
    for seat, t in enumerate(truckers):
        place = finish.index(seat) if seat in finish else None
        reward = rewards[place] if place is not None else 0
        looks = BEST_LOOKING[round_name] if place is not None and exposed[seat] == fewest else 0
        sale = value(t.goods_list)
        if place is None:
            sale = math.ceil(sale / 2)
        loss = penalties[seat]
        credits = max(0, t.credits + reward + looks + sale - loss)
        before = t.pays[-1].credits if t.pays else 0
        g = t.goods_list
        sold = (g.count("R"), g.count("Y"), g.count("G"), g.count("B"))
        pay = Pay(round_name, None if place is None else place + 1, t.credits - before, reward,
                  exposed.get(seat), fewest if place is not None else None, looks, sold, sale,
                  t.lost, loss, credits)
        out.append(Trucker(credits=credits, pays=(*t.pays, pay)))
    return tuple(out)
