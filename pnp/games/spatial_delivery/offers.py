"""Whose input is awaited and the legal list: a finite subset of the explore missions (per
station site, one route with the fewest new segments, paid the cheapest way) and of the travel
missions (one and two steps, paid with Rocket Fuel first); apply() accepts and checks every
route, stop list and payment."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from pnp.engine import CHANCE, IllegalMove
from pnp.games.spatial_delivery.board import CORNERS, EARTH
from pnp.games.spatial_delivery.cards import (
    CARD_ACTION_POWERS,
    COLOUR_SET,
    COLOURS,
    FUEL,
    STATIONS_PER_PLAYER,
    fuel_value,
    power_of,
)
from pnp.games.spatial_delivery.checks import Refusal
from pnp.games.spatial_delivery.events import (
    Build,
    CardAction,
    Deliver,
    EndTurn,
    Pass,
    SDEvent,
    Take,
    Travel,
)
from pnp.games.spatial_delivery.journey import card_action_check, deliver_check
from pnp.games.spatial_delivery.payments import cheapest_build_sorted, cheapest_fuel
from pnp.games.spatial_delivery.routes import costed_routes, stops_from
from pnp.games.spatial_delivery.state import Seat, State


def actor(state: State) -> int | None:
    if state.phase == "over":
        return None
    if state.pending:
        return CHANCE
    if state.phase == "market":
        return state.order[state.picks % state.players]
    return state.current


def legal(state: State) -> list[SDEvent]:
    if state.phase == "over" or state.pending:
        return []
    takes: list[SDEvent] = [Take(c) for c, g in zip(COLOURS, state.goods, strict=True)
                            if g.market is not None]
    if state.phase == "market" or state.must_take:
        return takes
    assert state.current is not None
    seat = state.seats[state.current]
    moves: list[SDEvent] = []
    if state.stage == 0:
        moves.append(Pass())
        moves += offered_builds(state, state.current)
        moves += offered_travels(state, seat)
    if state.stage <= 1 and seat.location != EARTH:
        for card in sorted(set(seat.hand) - {FUEL}):
            for world in CORNERS[seat.location]:
                if not may_buy(state, card, world):
                    continue
                for use in (False, True):
                    event = Deliver(card, world, use)
                    if use and power_of(card) not in CARD_ACTION_POWERS:
                        continue
                    if passes(deliver_check, state, event):
                        moves.append(event)
    if state.stage <= 2:
        for card in sorted(set(seat.hand) - {FUEL}):
            if power_of(card) in CARD_ACTION_POWERS and passes(
                    card_action_check, state, CardAction(card)):
                moves.append(CardAction(card))
    if state.stage >= 1:
        moves.append(EndTurn())
    return moves


def may_buy(state: State, card: str, world: int) -> bool:
    """SD-T5's checks on the world alone (a Settled World that buys this card and has a
    token, or the card's power overrides): the legal list skips a world failing them
    without raising and catching a refusal; ``deliver_check`` still decides."""
    kind = state.tiles[world]
    power = card[1]
    return (kind in COLOUR_SET and (card[0] == kind or power == "O")
            and (state.tokens[world] != 0 or power == "S"))


def offered_builds(state: State, who: int) -> list[SDEvent]:
    """Per reachable site, the route with fewest new segments and its cheapest payment."""
    seat = state.seats[who]
    if len(state.stations_of(who)) >= STATIONS_PER_PLAYER:
        return []
    hand = seat.hand
    limit = sum(fuel_value(c) for c in hand)
    colours = state.site_colours
    out: list[SDEvent] = []
    for corner, (new, path) in sorted(costed_routes(state, seat.location, limit).items()):
        pay = cheapest_build_sorted(hand, new, colours[corner])
        if pay is not None:
            out.append(Build(path, pay))
    return out


def offered_travels(state: State, seat: Seat) -> list[SDEvent]:
    """Travel of one and two steps (not straight back), Rocket Fuel spent first."""
    out: list[SDEvent] = []
    here = seat.location
    one, two = cheapest_fuel(seat.hand, 1), cheapest_fuel(seat.hand, 2)
    segments, stations = state.segments, state.station_corners
    for first in stops_from(segments, stations, here):
        if one is not None:
            out.append(travel_event((first,), one))
        if two is not None:
            out += [travel_event((first, second), two)
                    for second in stops_from(segments, stations, first) if second != here]
    return out


@lru_cache(maxsize=8192)
def travel_event(stops: tuple[int, ...], pay: tuple[str, ...]) -> Travel:
    """One immutable event per route and payment (travel offers repeat turn after turn)."""
    return Travel(stops, pay)


def passes(check: Callable[[State, Any], object], state: State, event: SDEvent) -> bool:
    try:
        check(state, event)
    except (Refusal, IllegalMove):
        return False
    return True
