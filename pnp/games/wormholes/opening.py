"""Before the first move: the opening roll (WH-9), the high roller's choice, and placing the
wormholes (WH-1, WH-2, WH-5, WH-16, WH-18)."""

from __future__ import annotations

from pnp.engine import IllegalMove
from pnp.engine.values import edit, replace
from pnp.games.wormholes.board import (
    CELLS,
    OWNER,
    SIDE_SUITS,
    SUIT_NAMES,
    SUITS,
    cell_name,
    opponent,
)
from pnp.games.wormholes.effects import begin_turn
from pnp.games.wormholes.events import OpeningRoll, Place
from pnp.games.wormholes.offers import (
    COINS_PER_SUIT,
    TOTAL_COINS,
    check_dealt,
    is_base,
    legal_of,
    side,
)
from pnp.games.wormholes.state import Coin, State, fields_of, made


def opening(state: State, event: OpeningRoll) -> State:
    check_dealt(state, event, "WH-T2")
    nxt = replace(state, rolls=state.rolls + 1,
                  last_opening=(event.orthogon, event.diagon))
    if event.orthogon == event.diagon:  # WH-9: a tie is rolled again
        return nxt
    high = 0 if event.orthogon > event.diagon else 1
    return edit(nxt, phase="choose", high=high)


def choose(state: State, place: bool) -> State:
    assert state.high is not None
    placer = state.high if place else opponent(state.high)
    return replace(state, phase="placement", turn=placer, first_mover=opponent(placer))


def place(state: State, event: Place) -> State:
    seat = state.turn
    name = side(state, seat)
    if OWNER[event.suit] != seat:
        mine = " or ".join(SUIT_NAMES[s] + "s" for s in SIDE_SUITS[seat])
        raise IllegalMove("WH-5", f"it is {name}'s placement; the {SUIT_NAMES[event.suit]} "
                                  f"coins are the other side's (place {mine})",
                          legal_of(state))
    placed = state.placed(event.suit)
    if placed >= COINS_PER_SUIT:
        raise IllegalMove("WH-5", f"all six {SUIT_NAMES[event.suit]} coins are placed; "
                                  "place your other suit", legal_of(state))
    where = cell_name(event.cell)
    if event.cell not in CELLS:
        raise IllegalMove("WH-1", f"{where} is a gap, not a cell of the galaxy",
                          legal_of(state))
    if is_base(event.cell):
        raise IllegalMove("WH-2", f"{where} is a base; wormholes go on other cells",
                          legal_of(state))
    slots = state.coin_slots
    if event.cell in slots:
        raise IllegalMove("WH-5", f"{where} already holds a wormhole", legal_of(state))
    coin = Coin(event.suit, event.cell, placed, chosen=event.value)
    if event.value is not None:
        state = choose_value(state, coin)
    fresh = fields_of(state)
    fresh["coins"] = (*state.coins, coin)
    fresh["turn"] = opponent(seat)
    fresh["coin_slots"] = {**slots, event.cell: len(state.coins)}  # the new coin goes last
    nxt = made(fresh)
    if len(nxt.coins) == TOTAL_COINS:
        assert state.first_mover is not None
        nxt = begin_turn(edit(nxt, phase="play"), state.first_mover)
    return nxt


def choose_value(state: State, coin: Coin) -> State:
    """WH-18: the placer names which of the suit's coins goes down (``S3@e5``): a value
    no coin of the suit placed before has; in seeded play it takes that place in the
    deal's order (WH-16), the values left keep theirs."""
    value = coin.chosen
    assert value is not None
    name = SUIT_NAMES[coin.suit]
    placed = [c for c in state.coins if c.suit == coin.suit]
    if state.deal is not None:
        row = list(state.deal[SUITS.index(coin.suit)])
        left = row[coin.ordinal:]
        if value not in left:
            raise IllegalMove("WH-18", f"the {name} coin {value} is already placed; the "
                                       f"{name} coins left are {sorted(left)}",
                              legal_of(state))
        k = row.index(value)
        row[coin.ordinal], row[k] = row[k], row[coin.ordinal]
        deal = list(state.deal)
        deal[SUITS.index(coin.suit)] = tuple(row)
        return replace(state, deal=tuple(deal))
    if value in {c.chosen for c in placed}:
        raise IllegalMove("WH-18", f"the {name} coin {value} is already placed",
                          legal_of(state))
    return state
