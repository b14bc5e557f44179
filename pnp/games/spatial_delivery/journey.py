"""The Trade Journey's actions: a trade mission (explore and build, or travel), a delivery,
and a card action with its power (SD-T3..SD-T6, SD-5..SD-7, SD-G6, SD-G8)."""

from __future__ import annotations

from pnp.engine.values import edit, replace
from pnp.games.spatial_delivery.board import (
    CORNERS,
    EARTH,
    RING,
    corner_name,
    hex_name,
    location_name,
)
from pnp.games.spatial_delivery.cards import (
    CARD_ACTION_POWERS,
    COLOUR_NAMES,
    COLOUR_SET,
    DELIVERY_BONUS,
    INITIATIVE_POINTS,
    POWERS,
    SCORE_TOKEN_BY_RING,
    STATIONS_PER_PLAYER,
    card_text,
    colour_of,
    is_goods,
    power_of,
)
from pnp.games.spatial_delivery.checks import (
    check_hand,
    ci,
    journey_seat,
    order_error,
    refuse,
    set_seat,
    spend,
)
from pnp.games.spatial_delivery.events import Build, CardAction, Deliver, Travel
from pnp.games.spatial_delivery.payments import build_problem, fuel_problem
from pnp.games.spatial_delivery.routes import (
    new_segments,
    path_segments,
    route_problem,
    site_problem,
    step_stops,
    worlds_at,
)
from pnp.games.spatial_delivery.state import Seat, State


# Trade missions --------------------------------------------------------------------------
def build(state: State, move: Build) -> State:
    who, seat = journey_seat(state, "an explore and build mission")
    if state.stage != 0:
        raise order_error(state, "an explore and build mission")
    if len(state.stations_of(who)) >= STATIONS_PER_PLAYER:
        raise refuse("SD-5", f"all {STATIONS_PER_PLAYER} of this player's stations are built")
    problem = route_problem(state, seat.location, move.path)
    if problem is None:
        problem = site_problem(state, move.path[-1])
    if problem is not None:
        raise refuse(*problem)
    check_hand(seat, move.pay)
    fresh = new_segments(state, move.path)
    worlds = worlds_at(state, move.path[-1])
    colours = [str(state.tiles[h]) for h in worlds]
    unpaid = build_problem(move.pay, len(fresh), colours)
    if unpaid is not None:
        raise refuse(*unpaid)
    return spend(state, who, move.pay,
                 {"location": move.path[-1], "points": seat.points + 1 + len(worlds)},
                 segments=state.segments | frozenset(path_segments(move.path)),
                 stations=tuple(sorted((*state.stations, (move.path[-1], who)))), stage=1)


def travel(state: State, move: Travel) -> State:
    who, seat = journey_seat(state, "a travel mission")
    if state.stage != 0:
        raise order_error(state, "a travel mission")
    if not move.stops:
        raise refuse("SD-7", "a travel mission lists at least one stop")
    here = seat.location
    for stop in move.stops:
        reach = step_stops(state, here)
        if stop not in reach:
            names = ", ".join(location_name(s) for s in reach) or "nowhere"
            raise refuse("SD-7", f"{location_name(stop)} is not one step from "
                                 f"{location_name(here)} along the routes; "
                                 f"one step reaches {names}")
        here = stop
    check_hand(seat, move.pay)
    unpaid = fuel_problem(move.pay, len(move.stops), "step(s)", "SD-7")
    if unpaid is not None:
        raise refuse(*unpaid)
    return spend(state, who, move.pay, {"location": here}, stage=1)


# Deliver and card powers -------------------------------------------------------------------
def deliver_check(state: State, move: Deliver) -> tuple[int, Seat]:
    """Every refusal of a delivery, without making the new state (the legal list asks
    this for each card, world and use instead of a trial apply)."""
    who, seat = journey_seat(state, "a delivery")
    if state.stage > 1:
        raise order_error(state, "a delivery")
    card, world = move.card, move.world
    if seat.location == EARTH:
        raise refuse("SD-T5", "the ship is at Earth; deliveries are made from "
                              "a station next to the world")
    check_hand(seat, [card])
    if not is_goods(card):
        raise refuse("SD-T5", "Rocket Fuel is not a good to deliver")
    if world not in CORNERS[seat.location]:
        raise refuse("SD-T5", f"{hex_name(world)} does not touch the ship's "
                              f"station at {corner_name(seat.location)}")
    kind = state.tiles[world]
    if kind not in COLOUR_SET:
        raise refuse("SD-T5", f"{hex_name(world)} is not a Settled World")
    power = power_of(card)
    colour = colour_of(card)
    if colour != kind and power != "O":
        raise refuse("SD-T5", f"{hex_name(world)} buys "
                              f"{COLOUR_NAMES[str(kind)]}, not {card_text(card)}"
                              " (only an Opportunity card may go elsewhere)")
    token = state.tokens[world]
    if token == 0 and power != "S":
        raise refuse("SD-T5", f"{hex_name(world)} has no score token left this "
                              "round (only a Shortage card may still deliver)")
    if move.use:
        check_power_use(state, card, "upon delivery")
    return who, seat


def deliver(state: State, move: Deliver) -> State:
    who, seat = deliver_check(state, move)
    card, world = move.card, move.world
    kind = state.tiles[world]
    power = power_of(card)
    colour = colour_of(card)
    token = state.tokens[world]
    value = token or SCORE_TOKEN_BY_RING[RING[world]]
    owner = state.station_at(seat.location)
    bonus = 0
    if power == "D" and RING[world] == state.outermost_ring:
        bonus = DELIVERY_BONUS["D"]
    elif power == "M" and owner == who:
        bonus = DELIVERY_BONUS["M"]
    elif power == "T" and owner != who:
        bonus = DELIVERY_BONUS["T"]
    firsts = list(seat.firsts)
    has_first = state.firsts[world] and colour == kind
    if has_first:
        firsts[ci(str(kind))] += 1
    tokens = list(state.tokens)
    tokens[world] = 0
    firsts_left = state.firsts
    if has_first:
        cleared = list(firsts_left)
        cleared[world] = False
        firsts_left = tuple(cleared)
    draft = spend(state, who, [card], {"points": seat.points + value + bonus,
                                        "firsts": tuple(firsts)},
                  tokens=tuple(tokens), firsts=firsts_left, stage=2)
    if owner is not None and owner != who:
        host = draft.seats[owner]
        set_seat(draft, owner, replace(host, points=host.points + 1))
    return use_power(draft, who, card) if move.use else draft


def check_power_use(state: State, card: str, when: str) -> None:
    power = power_of(card)
    if power not in CARD_ACTION_POWERS:
        name = POWERS.get(power or "", "Rocket Fuel")
        raise refuse("SD-T6", f"{name} cannot be used {when}; only Barter, "
                              "Enterprise and Initiative can")
    if power == "B" and all(g.market is None for g in state.goods):
        raise refuse("SD-G8", "Barter takes a face-up card, and the market is empty")


def use_power(draft: State, who: int, card: str) -> State:
    """The card's power, on a draft."""
    power = power_of(card)
    if power == "B":
        return edit(draft, must_take=True)
    if power == "E":
        return edit(draft, extra_turns=draft.extra_turns + 1)
    if who in draft.next_track:  # SD-4 / SD-G6
        seat = draft.seats[who]
        return set_seat(draft, who, replace(seat, points=seat.points + INITIATIVE_POINTS))
    return edit(draft, next_track=(*draft.next_track, who))


def card_action_check(state: State, move: CardAction) -> int:
    """Every refusal of a card action, without making the new state."""
    who, seat = journey_seat(state, "a card action")
    if state.stage > 2:
        raise order_error(state, "a second card action")
    check_hand(seat, [move.card])
    check_power_use(state, move.card, "as a card action")
    return who


def card_action(state: State, move: CardAction) -> State:
    who = card_action_check(state, move)
    draft = spend(state, who, [move.card], stage=3)
    return use_power(draft, who, move.card)
