"""Spatial Delivery properties: playouts, replay equality, round-trips, conservation, bad logs."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.engine import IllegalMove, new_log, replay
from pnp.engine.game import CHANCE
from pnp.engine.play import random_playout
from pnp.engine.rng import Rng
from pnp.games.spatial_delivery import GAME
from pnp.games.spatial_delivery.board import CORNERS, EARTH, EARTH_CORNERS, EARTH_HEX, SEGMENTS
from pnp.games.spatial_delivery.cards import (
    COLOURS,
    FUEL,
    FUEL_CARDS,
    TILE_POOL,
    all_goods,
    fuel_value,
    goods_deck,
)
from pnp.games.spatial_delivery.events import (
    Build,
    CardAction,
    Deliver,
    EndTurn,
    Pass,
    Take,
    Travel,
)
from pnp.games.spatial_delivery.payments import cheapest_build, cheapest_fuel, fuel_problem
from pnp.games.spatial_delivery.routes import new_segments, route_problem, site_problem
from pnp.games.spatial_delivery.state import State

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
MODES = st.sampled_from(["seeded", "table"])
PLAYERS = st.integers(min_value=3, max_value=5)
NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]


def start(seed: int, mode: str, n: int) -> tuple[Any, State]:
    log = new_log("spatial-delivery", NAMES[:n], seed, {"chance": mode})
    return log, GAME.initial_state(log.setup, log.players, log.seed)


def check_conservation(state: State) -> None:
    """Every card and tile is somewhere, once; ships and stations sit where they may."""
    for i, colour in enumerate(COLOURS):
        g = state.goods[i]
        where = Counter(g.deck) + Counter(g.discards) + Counter([g.market] if g.market else [])
        for seat in state.seats:
            where += Counter(c for c in seat.hand if c[0] == colour)
        assert where == Counter(goods_deck(colour)), colour
    assert 0 <= state.fuel_in_depot <= FUEL_CARDS
    laid = Counter(t for t in state.tiles[1:] if t is not None)
    assert all(laid[k] <= n for k, n in TILE_POOL.items())
    corners = [c for c, _ in state.stations]
    assert len(corners) == len(set(corners))
    for i, seat in enumerate(state.seats):
        assert seat.location == EARTH or state.station_at(seat.location) is not None
        assert len(state.stations_of(i)) <= 9
        assert sum(seat.firsts) <= 20


@settings(max_examples=40, deadline=None)
@given(SEEDS, MODES, PLAYERS)
def test_random_playouts_finish_and_replay_to_the_same_state(seed: int, mode: str,
                                                             n: int) -> None:
    log, state = start(seed, mode, n)
    final, events = random_playout(GAME, state, Rng(seed, "sd-playout"), 20_000)
    assert GAME.outcome(final) is not None and final.round == 5
    texts = [GAME.notation(e) for e in events]
    result = replay(log.with_events(texts))
    assert result.ok, result.error
    assert result.state == final
    assert result.to_json()["finished"]
    out = GAME.outcome(final)
    assert out is not None
    best = max(GAME.ranking_key(final, i) for i in range(n))
    assert all(GAME.ranking_key(final, i) == best for i in out.winners)


@settings(max_examples=15, deadline=None)
@given(SEEDS, MODES, PLAYERS)
def test_offered_events_are_accepted_and_round_trip(seed: int, mode: str, n: int) -> None:
    _, state = start(seed, mode, n)
    rng = Rng(seed, "sd-offered")
    for _ in range(400):
        if GAME.actor(state) is None:
            break
        check_conservation(state)
        offered = GAME.legal(state) + GAME.chance_outcomes(state)
        assert offered, "a live state always offers something"
        for event in offered:
            assert GAME.parse(GAME.notation(event)) == event
        for event in GAME.legal(state):
            GAME.apply(state, event)  # raises if an offered decision is refused
            if isinstance(event, Build):
                assert route_problem(state, state.seats[GAME.actor(state)].location,
                                     event.path) is None
                assert site_problem(state, event.path[-1]) is None
        if GAME.actor(state) == CHANCE:
            event = GAME.dealt_outcome(state) or rng.choice(GAME.chance_outcomes(state))
        else:
            event = rng.choice(GAME.legal(state))
        state = GAME.apply(state, event)


def walk_is_a_route(state: State, location: int, path: list[int]) -> bool:
    """SD-6 and SD-1 from first principles, as a player would check them on the table."""
    if location == EARTH and path[0] not in EARTH_CORNERS:
        return False
    if location != EARTH and path[0] != location:
        return False
    if len(set(path)) != len(path):
        return False
    built_borders = {SEGMENTS[s].hexes for s in state.segments}
    new = 0
    for a, b in pairwise(path):
        shared = tuple(sorted(set(CORNERS[a]) & set(CORNERS[b])))
        if len(shared) != 2 or EARTH_HEX in shared:
            return False
        if any(state.tiles[h] is None for h in (*CORNERS[a], *CORNERS[b])):
            return False
        new += shared not in built_borders
    if any(c in EARTH_CORNERS for c in path[1:]):
        return False
    if any(state.station_at(c) is not None for c in path[1:]):
        return False
    end = CORNERS[path[-1]]
    return new > 0 and any(state.tiles[h] in tuple(COLOURS) for h in end)


def journey_state(seed: int, n: int, skip: int) -> State:
    """A seeded state at the start of a Trade Journey turn, ``skip`` such turns in."""
    _, state = start(seed, "seeded", n)
    rng = Rng(seed, "sd-walk")
    while True:
        actor = GAME.actor(state)
        assert actor is not None
        if actor == CHANCE:
            dealt = GAME.dealt_outcome(state)
            assert dealt is not None
            state = GAME.apply(state, dealt)
            continue
        if state.phase == "journey" and state.stage == 0:
            if skip == 0:
                return state
            skip -= 1
            moves = [m for m in GAME.legal(state) if not isinstance(m, Pass)] or GAME.legal(
                state)
        else:
            moves = GAME.legal(state)
        state = GAME.apply(state, rng.choice(moves))


@settings(max_examples=40, deadline=None)
@given(SEEDS, PLAYERS, st.integers(0, 12), st.data())
def test_apply_accepts_exactly_the_real_routes(seed: int, n: int, skip: int,
                                              data: st.DataObject) -> None:
    """Random corner walks with a rich hand: accepted iff a route by the rules."""
    state = journey_state(seed, n, skip)
    who = state.current
    assert who is not None
    hand = ("R",) * 8 + tuple(c + "O" for c in COLOURS) * 2
    held = sum(s.hand.count("R") for i, s in enumerate(state.seats) if i != who)
    if held > FUEL_CARDS - 8:
        return
    state = state.with_seat(who, replace(state.seats[who], hand=tuple(sorted(hand))))
    seat = state.seats[who]
    starts = sorted(EARTH_CORNERS) if seat.location == EARTH else [seat.location]
    path = [data.draw(st.sampled_from(starts))]
    for _ in range(data.draw(st.integers(1, 4))):
        nxt = [c for c in range(len(CORNERS))
               if len(set(CORNERS[c]) & set(CORNERS[path[-1]])) == 2]
        path.append(data.draw(st.sampled_from(nxt)))
    real = walk_is_a_route(state, seat.location, path) and len(state.stations_of(who)) < 9
    pay: tuple[str, ...] = ()
    if real:
        colours = [str(state.tiles[h]) for h in CORNERS[path[-1]]
                   if state.tiles[h] in tuple(COLOURS)]
        found = cheapest_build(seat.hand, len(new_segments(state, tuple(path))), colours)
        assert found is not None
        pay = found
    try:
        after = GAME.apply(state, Build(tuple(path), pay))
    except IllegalMove as exc:
        assert not real, exc
        assert exc.rule in ("SD-1", "SD-5", "SD-6", "SD-T4")
        return
    assert real
    assert after.seats[who].location == path[-1]
    assert after.station_at(path[-1]) == who


@settings(max_examples=30, deadline=None)
@given(SEEDS, PLAYERS)
def test_travel_offers_reach_stations_only(seed: int, n: int) -> None:
    _, state = start(seed, "seeded", n)
    rng = Rng(seed, "sd-travel")
    for _ in range(600):
        actor = GAME.actor(state)
        if actor is None:
            break
        if actor == CHANCE:
            event = GAME.dealt_outcome(state)
            assert event is not None
        else:
            legal = GAME.legal(state)
            for move in legal:
                if isinstance(move, Travel):
                    for stop in move.stops:
                        assert stop == EARTH or state.station_at(stop) is not None
                    assert move.pay.count(FUEL) <= state.seats[actor].hand.count(FUEL)
            event = rng.choice(legal)
        state = GAME.apply(state, event)


PREFERENCE = (Build, Deliver, CardAction, Take, Travel, EndTurn, Pass)


def busy_choice(state: State, rng: Rng) -> Any:
    """A player who builds and delivers whenever possible (long games, full galaxies)."""
    legal = GAME.legal(state)
    for kind in PREFERENCE:
        moves = [m for m in legal if isinstance(m, kind)]
        if moves and (kind is not Travel or rng.below(3) == 0):
            return rng.choice(moves)
    return rng.choice(legal)


@settings(max_examples=12, deadline=None)
@given(SEEDS, MODES, PLAYERS)
def test_busy_games_keep_every_card_and_replay(seed: int, mode: str, n: int) -> None:
    log, state = start(seed, mode, n)
    rng = Rng(seed, "sd-busy")
    texts = []
    for _ in range(5000):
        actor = GAME.actor(state)
        if actor is None:
            break
        check_conservation(state)
        if actor == CHANCE:
            event = GAME.dealt_outcome(state) or rng.choice(GAME.chance_outcomes(state))
        else:
            event = busy_choice(state, rng)
        state = GAME.apply(state, event)
        texts.append(GAME.notation(event))
    assert GAME.outcome(state) is not None
    assert len(state.stations) > n  # the galaxy got built on
    assert all(t is not None for t in state.tiles)  # ring 3 was laid
    result = replay(log.with_events(texts))
    assert result.ok and result.state == state


def greedy_fuel(hand: tuple[str, ...], need: int) -> tuple[str, ...] | None:
    """The fuel payment by trial, as the engine once worked it out: cards in order (Rocket
    Fuel, Fast Burns, other goods, each by code) until ``need`` is covered, then any card
    that turned out superfluous left out, cheapest first."""
    ranked = sorted(hand, key=lambda c: (0 if c == FUEL else 1 if c[1] == "F" else 2, c))
    chosen: list[str] = []
    for c in ranked:
        if sum(map(fuel_value, chosen)) >= need:
            break
        chosen.append(c)
    if sum(map(fuel_value, chosen)) < need:
        return None
    for c in sorted(set(chosen), key=lambda c: (fuel_value(c), c)):
        while c in chosen and sum(map(fuel_value, chosen)) - fuel_value(c) >= need:
            chosen.remove(c)
    return tuple(sorted(chosen))


CARDS = st.sampled_from([*sorted(set(all_goods())), FUEL, FUEL, FUEL])


@settings(max_examples=300, deadline=None)
@given(st.lists(CARDS, max_size=14), st.integers(min_value=0, max_value=12))
def test_cheapest_fuel_counts_what_the_trial_finds(cards: list[str], need: int) -> None:
    """``cheapest_fuel`` works the payment out by counting; it is the trial's payment, exact
    whenever the hand can pay."""
    hand = tuple(sorted(cards))
    found = cheapest_fuel.__wrapped__(hand, need)
    assert found == greedy_fuel(hand, need)
    if found is None:
        assert sum(map(fuel_value, hand)) < need
    else:
        assert fuel_problem(found, need, "steps", "SD-7") is None
