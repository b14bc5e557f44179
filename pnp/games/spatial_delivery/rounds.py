"""Ending a turn (or passing), the next seat on the This Turn track, and ending a round or
the game (SD-T7, SD-T11, SD-5)."""

from __future__ import annotations

from pnp.engine.values import replace
from pnp.games.spatial_delivery.board import EARTH, RING, RING_HEXES
from pnp.games.spatial_delivery.cards import COLOUR_SET, SCORE_TOKEN_BY_RING, first_bonus
from pnp.games.spatial_delivery.checks import journey_seat, refuse
from pnp.games.spatial_delivery.market import begin_market
from pnp.games.spatial_delivery.state import Need, State

RING3_AFTER_ROUND = 2


def end_turn(state: State) -> State:
    who, _ = journey_seat(state, "ending the turn")
    if state.stage == 0:
        raise refuse("SD-T7", "no action was taken this turn: that is a pass (log 'pass')")
    return next_turn(state, who)


def pass_turn(state: State) -> State:
    who, seat = journey_seat(state, "passing")
    if state.stage != 0:
        raise refuse("SD-T7", "an action was taken this turn, so it is not a "
                              "pass; end it with '.'")
    state = state.with_seat(who, replace(seat, passed=True))
    return next_turn(replace(state, extra_turns=0), who)


def next_turn(state: State, who: int) -> State:
    state = replace(state, stage=0, must_take=False)
    if state.extra_turns > 0 and not state.seats[who].passed:  # Enterprise
        return replace(state, extra_turns=state.extra_turns - 1, current=who)
    state = replace(state, extra_turns=0)
    at = state.order.index(who)
    for k in range(1, state.players + 1):
        nxt = state.order[(at + k) % state.players]
        if not state.seats[nxt].passed:
            return replace(state, current=nxt)
    return return_to_earth(state)


def return_to_earth(state: State) -> State:
    """SD-T11: ships home, score tokens back, turn order from the Next Turn track."""
    seats = tuple(replace(s, location=EARTH, passed=False) for s in state.seats)
    tokens = tuple(SCORE_TOKEN_BY_RING[RING[h]] if t == 0 and state.tiles[h] in
                   COLOUR_SET else t for h, t in enumerate(state.tokens))
    order = (*state.next_track, *[s for s in state.order if s not in state.next_track])
    finished = state.round
    state = replace(state, seats=seats, tokens=tokens, order=order, next_track=(),
                    current=None, stage=0, extra_turns=0, must_take=False)
    if finished >= state.rounds:
        return game_over(state)
    state = replace(state, round=finished + 1)
    if finished == RING3_AFTER_ROUND:
        return replace(state, phase="ring3",
                       pending=tuple(Need("tile", h) for h in RING_HEXES[3]))
    return begin_market(state)


def game_over(state: State) -> State:
    seats = tuple(replace(s, bonus=sum(first_bonus(n) for n in s.firsts))
                  for s in state.seats)
    return replace(state, seats=seats, phase="over", pending=())
