"""Ending a turn (or passing), the next seat on the This Turn track, and ending a round or
the game (SD-T7, SD-T11, SD-5)."""

from __future__ import annotations

from pnp.engine.values import edit, replace
from pnp.games.spatial_delivery.board import EARTH, RING, RING_HEXES
from pnp.games.spatial_delivery.cards import COLOUR_SET, SCORE_TOKEN_BY_RING, first_bonus
from pnp.games.spatial_delivery.checks import journey_seat, refuse
from pnp.games.spatial_delivery.market import begin_market
from pnp.games.spatial_delivery.state import State, tile_need

RING3_AFTER_ROUND = 2


def end_turn(state: State) -> State:
    who, _ = journey_seat(state, "ending the turn")
    if state.stage == 0:
        raise refuse("SD-T7", "no action was taken this turn: that is a pass (log 'pass')")
    return next_turn(replace(state), who)


def pass_turn(state: State) -> State:
    who, seat = journey_seat(state, "passing")
    if state.stage != 0:
        raise refuse("SD-T7", "an action was taken this turn, so it is not a "
                              "pass; end it with '.'")
    draft = state.with_seat(who, replace(seat, passed=True), extra_turns=0)
    return next_turn(draft, who)


def next_turn(draft: State, who: int) -> State:
    """The next seat on the This Turn track, or the round's end (on a draft)."""
    if draft.extra_turns > 0 and not draft.seats[who].passed:  # Enterprise
        return edit(draft, stage=0, must_take=False, extra_turns=draft.extra_turns - 1,
                    current=who)
    order, seats, players = draft.order, draft.seats, draft.players
    at = order.index(who)
    for k in range(1, players + 1):
        nxt = order[(at + k) % players]
        if not seats[nxt].passed:
            return edit(draft, stage=0, must_take=False, extra_turns=0, current=nxt)
    return return_to_earth(edit(draft, stage=0, must_take=False, extra_turns=0))


def return_to_earth(draft: State) -> State:
    """SD-T11: ships home, score tokens back, turn order from the Next Turn track."""
    seats = tuple(replace(s, location=EARTH, passed=False) for s in draft.seats)
    tiles = draft.tiles
    tokens = tuple([SCORE_TOKEN_BY_RING[RING[h]] if t == 0 and tiles[h] in COLOUR_SET else t
                    for h, t in enumerate(draft.tokens)])
    order = (*draft.next_track, *[s for s in draft.order if s not in draft.next_track])
    finished = draft.round
    edit(draft, seats=seats, tokens=tokens, order=order, next_track=(),
         current=None, stage=0, extra_turns=0, must_take=False)
    if finished >= draft.rounds:
        return game_over(draft)
    edit(draft, round=finished + 1)
    if finished == RING3_AFTER_ROUND:
        return edit(draft, phase="ring3",
                    pending=tuple(tile_need(h) for h in RING_HEXES[3]))
    return begin_market(draft)


def game_over(draft: State) -> State:
    seats = tuple(replace(s, bonus=sum(first_bonus(n) for n in s.firsts))
                  for s in draft.seats)
    return edit(draft, seats=seats, phase="over", pending=())
