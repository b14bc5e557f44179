"""The Spatial Delivery rules engine (Rick Holzgrafe, Semicolon LLC).

Rule ids: SD-1..SD-8 are the project's rulings (../shared/RULINGS-commercial.md); SD-T1..SD-T11
are rules the text states and SD-G1..SD-G12 the gaps we settled, both written down in
docs/rulings.md.

legal() offers a finite subset of the explore missions (per station site, one route with the
fewest new segments, paid the cheapest way) and of the travel missions (one and two steps,
paid with Rocket Fuel first); apply() accepts and checks every route, stop list and payment.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, cast

from pnp.engine import CHANCE, Game, IllegalMove, Outcome, SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields
from pnp.engine.game import JSON
from pnp.engine.rng import Rng
from pnp.engine.values import replace
from pnp.games.spatial_delivery.board import (
    AXIAL,
    CORNERS,
    EARTH,
    HEX_COUNT,
    RING,
    RING_HEXES,
    SEGMENTS,
    corner_name,
    hex_name,
    location_name,
    segment_name,
)
from pnp.games.spatial_delivery.cards import (
    CARD_ACTION_POWERS,
    COLOUR_NAMES,
    COLOUR_SET,
    COLOURS,
    DELIVERY_BONUS,
    FUEL,
    FUEL_PER_ROUND,
    INITIATIVE_POINTS,
    PICKS_PER_ROUND,
    POWERS,
    SCORE_TOKEN_BY_RING,
    SPACE,
    STATIONS_PER_PLAYER,
    TILE_POOL,
    card_text,
    colour_of,
    first_bonus,
    fuel_value,
    goods_deck,
    is_goods,
    power_of,
)
from pnp.games.spatial_delivery.events import (
    Build,
    CardAction,
    Deliver,
    EndTurn,
    Flip,
    Pass,
    SDEvent,
    Take,
    TileLaid,
    Travel,
    format_event,
    parse_event,
)
from pnp.games.spatial_delivery.payments import (
    build_problem,
    cheapest_build,
    cheapest_fuel,
    fuel_problem,
)
from pnp.games.spatial_delivery.routes import (
    cheapest_routes,
    new_segments,
    path_segments,
    route_problem,
    site_problem,
    step_stops,
    worlds_at,
)
from pnp.games.spatial_delivery.state import Goods, Need, Seat, State
from pnp.games.spatial_delivery.summary import HexSummary, Summary

DEFAULT_ROUNDS = 5  # SD-8
SETUP_FIELDS = ("chance", "rounds", DEAL_SEED)
MAX_ROUNDS = 9
RING3_AFTER_ROUND = 2


def _ci(colour: str) -> int:
    return COLOURS.index(colour)


def _sorted(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


def _remove(hand: tuple[str, ...], cards: Sequence[str]) -> tuple[str, ...]:
    left = list(hand)
    for c in cards:
        left.remove(c)
    return tuple(left)


def _missing(hand: tuple[str, ...], cards: Sequence[str]) -> list[str]:
    if len(cards) == 1:  # most checks: one card
        return [] if cards[0] in hand else list(cards)
    short = Counter(cards) - Counter(hand)
    return sorted(short.elements())


def _hand_text(hand: tuple[str, ...]) -> str:
    return ".".join(hand) if hand else "no cards"


def tile_deal(seed: int, secret: int | None = None) -> tuple[str, ...]:
    """Seeded play: the kind under every hex (index 0 is Earth), from the seed alone.

    With a secret deal seed (pnp.engine.deal) rings 1 and 2, laid face up from the kit's
    setup sheet, still follow the printed seed; the face-down ring 3 tiles are the same
    ones in an order drawn from the secret."""
    pool = [kind for kind, n in sorted(TILE_POOL.items()) for _ in range(n)]
    tiles = ("E", *Rng(seed, "spatial-delivery/tiles").shuffled(pool))
    if secret is None:
        return tiles
    ring3 = [h for h in range(HEX_COUNT) if RING[h] == 3]
    kinds = Rng(secret, "spatial-delivery/ring3").shuffled([tiles[h] for h in ring3])
    out = list(tiles)
    for h, kind in zip(ring3, kinds, strict=True):
        out[h] = kind
    return tuple(out)


def deck_order(seed: int, colour: str, shuffle: int, cards: Sequence[str]) -> tuple[str, ...]:
    """Seeded play: a goods deck's order after its ``shuffle``-th shuffle (0 = at setup)."""
    return tuple(Rng(seed, f"spatial-delivery/deck/{colour}/{shuffle}").shuffled(
        sorted(cards)))


class _Refusal(Exception):
    """A refusal found while checking; apply() turns it into IllegalMove with the legal list."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(rule, message)
        self.rule = rule
        self.message = message


class SpatialDelivery(Game[State, SDEvent]):
    id: ClassVar[str] = "spatial-delivery"
    deal_seed_option: ClassVar[bool] = True
    title: ClassVar[str] = "Spatial Delivery"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    credits: ClassVar[str] = ("Rick Holzgrafe (design) and Helen Holzgrafe (development), "
                              "Semicolon LLC, 2008/2017")
    blurb: ClassVar[str] = ("Buy goods on Earth, blaze trade routes across a growing ring of "
                            "settled worlds and deliver for market share.")

    # -- setting up -----------------------------------------------------------------------
    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, JSON]) -> dict[str, JSON]:
        check_fields("Spatial Delivery option", options, SETUP_FIELDS)
        chance = chance_option(options, seed)
        rounds = _check_rounds(options.get("rounds", DEFAULT_ROUNDS))
        return copy_deal_seed(options, {"chance": chance, "rounds": rounds})

    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> State:
        names = self.check_players(players)
        check_fields("Spatial Delivery setup field", setup, SETUP_FIELDS)
        chance = chance_setup(setup)
        rounds = _check_rounds(setup.get("rounds", DEFAULT_ROUNDS))
        seeded = chance == "seeded"
        if seeded and seed is None:
            raise SetupError("a seeded setup needs the log's seed")
        secret = deal_seed(setup, None)  # hidden ring 3 and cards: a secret deal seed if any
        cards_seed = seed if secret is None else secret
        goods = []
        for colour in COLOURS:
            cards = goods_deck(colour)
            deck = (deck_order(cards_seed, colour, 0, cards)
                    if seeded and cards_seed is not None else cards)
            goods.append(Goods(deck=deck))
        n = len(names)
        return State(
            players=n, rounds=rounds, seed=cards_seed, seeded=seeded,
            hidden_tiles=tile_deal(seed, secret) if seeded and seed is not None else None,
            tiles=("E",) + (None,) * (HEX_COUNT - 1),
            tokens=(0,) * HEX_COUNT, firsts=(False,) * HEX_COUNT,
            segments=frozenset(), stations=(), goods=tuple(goods),
            seats=tuple(Seat() for _ in range(n)), order=tuple(range(n)),
            phase="setup",
            pending=(*[Need("tile", h) for h in RING_HEXES[1] + RING_HEXES[2]],
                     *[Need("flip", c) for c in COLOURS]),
        )

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        lines = [f"Spatial Delivery{f', seed {seed}' if seed is not None else ''}: "
                 f"{setup.get('rounds', DEFAULT_ROUNDS)} rounds, turn order as seated."]
        if setup.get("chance") == "seeded" and seed is not None:
            deal = tile_deal(seed)  # rings 1 and 2: the printed seed's, secret or not
            words = {SPACE: "space", **{c: f"world {c}" for c in COLOURS}}
            for k in (1, 2):
                lines.append(f"Ring {k}: " + ", ".join(
                    f"{hex_name(h)} {words[deal[h]]}" for h in RING_HEXES[k]))
            lines.append("Ring 3 stays face down until the end of round 2.")
        else:
            lines.append("Shuffle the 36 tiles; lay rings 1 and 2 and log each tile (B3=G).")
        lines.append("Each goods deck shuffled apart; turn the top card of each face up.")
        lines.append(f"Chance: {setup.get('chance')} play")
        return "\n".join(lines)

    # -- whose input is awaited -------------------------------------------------------------
    def actor(self, state: State) -> int | None:
        if state.phase == "over":
            return None
        if state.pending:
            return CHANCE
        if state.phase == "market":
            return state.order[state.picks % state.players]
        return state.current

    def legal(self, state: State) -> list[SDEvent]:
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
            moves += self._offered_builds(state, state.current)
            moves += self._offered_travels(state, seat)
        if state.stage <= 1 and seat.location != EARTH:
            for card in sorted(set(seat.hand) - {FUEL}):
                for world in CORNERS[seat.location]:
                    if not self._may_buy(state, card, world):
                        continue
                    for use in (False, True):
                        event = Deliver(card, world, use)
                        if use and power_of(card) not in CARD_ACTION_POWERS:
                            continue
                        if self._passes(self._deliver_check, state, event):
                            moves.append(event)
        if state.stage <= 2:
            for card in sorted(set(seat.hand) - {FUEL}):
                if power_of(card) in CARD_ACTION_POWERS and self._passes(
                        self._card_action_check, state, CardAction(card)):
                    moves.append(CardAction(card))
        if state.stage >= 1:
            moves.append(EndTurn())
        return moves

    @staticmethod
    def _may_buy(state: State, card: str, world: int) -> bool:
        """SD-T5's checks on the world alone (a Settled World that buys this card and has a
        token, or the card's power overrides): the legal list skips a world failing them
        without raising and catching a refusal; ``_deliver_check`` still decides."""
        kind = state.tiles[world]
        power = card[1]
        return (kind in COLOUR_SET and (card[0] == kind or power == "O")
                and (state.tokens[world] != 0 or power == "S"))

    def _offered_builds(self, state: State, who: int) -> list[SDEvent]:
        """Per reachable site, the route with fewest new segments and its cheapest payment."""
        seat = state.seats[who]
        if len(state.stations_of(who)) >= STATIONS_PER_PLAYER:
            return []
        limit = sum(fuel_value(c) for c in seat.hand)
        out: list[SDEvent] = []
        for corner, path in sorted(cheapest_routes(state, seat.location, limit).items()):
            colours = [str(state.tiles[h]) for h in worlds_at(state, corner)]
            pay = cheapest_build(seat.hand, len(new_segments(state, path)), colours)
            if pay is not None:
                out.append(Build(path, pay))
        return out

    def _offered_travels(self, state: State, seat: Seat) -> list[SDEvent]:
        """Travel of one and two steps (not straight back), Rocket Fuel spent first."""
        out: list[SDEvent] = []
        sequences: list[tuple[int, ...]] = []
        for first in step_stops(state, seat.location):
            sequences.append((first,))
            sequences += [(first, second) for second in step_stops(state, first)
                          if second != seat.location]
        for stops in sequences:
            pay = cheapest_fuel(seat.hand, len(stops))
            if pay is not None:
                out.append(Travel(stops, pay))
        return out

    def chance_outcomes(self, state: State) -> list[SDEvent]:
        if state.phase == "over":
            return []
        out: list[SDEvent] = []
        for need in dict.fromkeys(state.pending):
            if need.kind == "tile":
                assert isinstance(need.key, int)
                out += [TileLaid(need.key, k) for k in self._tiles_left(state)]
            else:
                assert isinstance(need.key, str)
                out += [Flip(c) for c in sorted(set(state.goods[_ci(need.key)].deck))]
        return out

    def dealt_outcome(self, state: State) -> SDEvent | None:
        if not state.seeded or not state.pending or state.phase == "over":
            return None
        need = state.pending[0]
        if need.kind == "tile":
            assert isinstance(need.key, int) and state.hidden_tiles is not None
            return TileLaid(need.key, state.hidden_tiles[need.key])
        assert isinstance(need.key, str)
        return Flip(state.goods[_ci(need.key)].deck[0])

    @staticmethod
    def _tiles_left(state: State) -> list[str]:
        used = Counter(t for t in state.tiles[1:] if t is not None)
        return [k for k in sorted(TILE_POOL) if TILE_POOL[k] - used[k] > 0]

    # -- the rules ------------------------------------------------------------------------
    def apply(self, state: State, event: SDEvent) -> State:
        try:
            return self._apply(state, event)
        except _Refusal as refusal:  # the legal list is built only when it is shown
            raise IllegalMove(refusal.rule, refusal.message,
                              lambda: [format_event(e) for e in self.legal(state)],
                              hint=True) from None

    @staticmethod
    def _passes(check: Callable[[State, Any], object], state: State, event: SDEvent) -> bool:
        try:
            check(state, event)
        except (_Refusal, IllegalMove):
            return False
        return True

    def is_legal(self, state: State, event: SDEvent) -> bool:
        try:
            self._apply(state, event)
        except (_Refusal, IllegalMove):
            return False
        return True

    def _apply(self, state: State, event: SDEvent) -> State:
        if state.phase == "over":
            raise IllegalMove("SD-T10", f"the game is over after round {state.rounds}; "
                                        "nothing more can be logged")
        if isinstance(event, (TileLaid, Flip)):
            return self._apply_chance(state, event)
        if state.pending:
            raise IllegalMove("SD-T8", "first log what the table revealed: "
                                       f"{self._need_text(state.pending[0])}",
                              lambda: [format_event(e) for e in self.chance_outcomes(state)],
                              hint=True)
        match event:
            case Take():
                return self._take(state, event)
            case Build():
                return self._build(state, event)
            case Travel():
                return self._travel(state, event)
            case Deliver():
                return self._deliver(state, event)
            case CardAction():
                return self._card_action(state, event)
            case EndTurn():
                return self._end_turn(state)
            case Pass():
                return self._pass(state)
        raise TypeError(f"not a Spatial Delivery event: {event!r}")

    def _refuse(self, state: State, rule: str, message: str) -> _Refusal:
        return _Refusal(rule, message)

    def _now(self, state: State) -> str:
        if state.phase == "market":
            return "the Goods Market: take a face-up card (+Y, +B, +P, +G)"
        if state.must_take:
            return "the Barter's card must be taken from the market first (+Y, +B, +P, +G)"
        return {0: "the turn begins: a trade mission (B:, T:), a delivery (D:), a card "
                   "action (A:) or pass",
                1: "after the trade mission: a delivery, a card action, or end the turn (.)",
                2: "after the delivery: a card action or end the turn (.)",
                3: "after the card action only the end of the turn (.) remains"}[state.stage]

    def _order_error(self, state: State, what: str) -> _Refusal:
        return self._refuse(state, "SD-T1", f"{what} is not possible now: {self._now(state)}")

    def _journey_seat(self, state: State, what: str) -> tuple[int, Seat]:
        if state.phase != "journey" or state.current is None:
            raise self._order_error(state, what)
        if state.must_take:
            raise self._order_error(state, what)
        return state.current, state.seats[state.current]

    def _check_hand(self, state: State, seat: Seat, cards: Sequence[str]) -> None:
        short = _missing(seat.hand, cards)
        if short:
            raise self._refuse(state, "SD-T3", f"the hand holds {_hand_text(seat.hand)}; "
                                               f"it has no {', '.join(short)} to spend")

    def _discard(self, state: State, cards: Sequence[str]) -> State:
        """Spent goods go face up to their type's discard pile; fuel back to the depot."""
        for card in cards:
            colour = colour_of(card)
            if colour is None:
                continue
            g = state.goods[_ci(colour)]
            state = state.with_goods(_ci(colour), replace(g, discards=_sorted(
                (*g.discards, card))))
        return state

    def _spend(self, state: State, seat_index: int, cards: Sequence[str]) -> State:
        seat = state.seats[seat_index]
        state = state.with_seat(seat_index, replace(seat, hand=_remove(seat.hand, cards)))
        return self._discard(state, cards)

    # Goods Market and Barter -------------------------------------------------------------
    def _take(self, state: State, move: Take) -> State:
        if state.phase == "market":
            seat_index = state.order[state.picks % state.players]
        elif state.phase == "journey" and state.must_take and state.current is not None:
            seat_index = state.current
        else:
            raise self._order_error(state, f"taking the {move.colour} card")
        g = state.goods[_ci(move.colour)]
        if g.market is None:
            raise self._refuse(state, "SD-T2", f"no {COLOUR_NAMES[move.colour]} card is face "
                                               "up (that deck and its discards are empty)")
        seat = state.seats[seat_index]
        i = _ci(move.colour)
        state = state.with_seat(seat_index, replace(seat, hand=_sorted((*seat.hand, g.market))),
                                goods=(*state.goods[:i], replace(g, market=None),
                                       *state.goods[i + 1:]))
        state = self._turn_up(state, move.colour)
        if state.phase == "market":
            state = replace(state, picks=state.picks + 1)
            return self._settle(state)
        return replace(state, must_take=False)

    def _turn_up(self, state: State, colour: str) -> State:
        """Owe a flip for an empty market slot; reshuffle the discards if the deck is out."""
        g = state.goods[_ci(colour)]
        if g.market is not None or Need("flip", colour) in state.pending:
            return state
        if not g.deck:
            if not g.discards:
                return state  # the slot stays empty (SD-G2)
            k = g.reshuffles + 1
            deck = (deck_order(state.seed, colour, k, g.discards)
                    if state.seeded and state.seed is not None else g.discards)
            g = Goods(market=None, deck=deck, discards=(), reshuffles=k)
            state = state.with_goods(_ci(colour), g)
        return replace(state, pending=(*state.pending, Need("flip", colour)))

    # Trade missions --------------------------------------------------------------------------
    def _build(self, state: State, move: Build) -> State:
        who, seat = self._journey_seat(state, "an explore and build mission")
        if state.stage != 0:
            raise self._order_error(state, "an explore and build mission")
        if len(state.stations_of(who)) >= STATIONS_PER_PLAYER:
            raise self._refuse(state, "SD-5", f"all {STATIONS_PER_PLAYER} of this player's "
                                              "stations are built")
        problem = route_problem(state, seat.location, move.path)
        if problem is None:
            problem = site_problem(state, move.path[-1])
        if problem is not None:
            raise self._refuse(state, *problem)
        self._check_hand(state, seat, move.pay)
        fresh = new_segments(state, move.path)
        worlds = worlds_at(state, move.path[-1])
        colours = [str(state.tiles[h]) for h in worlds]
        unpaid = build_problem(move.pay, len(fresh), colours)
        if unpaid is not None:
            raise self._refuse(state, *unpaid)
        state = self._spend(state, who, move.pay)
        seat = state.seats[who]
        return state.with_seat(
            who, replace(seat, location=move.path[-1], points=seat.points + 1 + len(worlds)),
            segments=state.segments | frozenset(path_segments(move.path)),
            stations=tuple(sorted((*state.stations, (move.path[-1], who)))), stage=1)

    def _travel(self, state: State, move: Travel) -> State:
        who, seat = self._journey_seat(state, "a travel mission")
        if state.stage != 0:
            raise self._order_error(state, "a travel mission")
        if not move.stops:
            raise self._refuse(state, "SD-7", "a travel mission lists at least one stop")
        here = seat.location
        for stop in move.stops:
            reach = step_stops(state, here)
            if stop not in reach:
                names = ", ".join(location_name(s) for s in reach) or "nowhere"
                raise self._refuse(state, "SD-7", f"{location_name(stop)} is not one step from "
                                                  f"{location_name(here)} along the routes; "
                                                  f"one step reaches {names}")
            here = stop
        self._check_hand(state, seat, move.pay)
        unpaid = fuel_problem(move.pay, len(move.stops), "step(s)", "SD-7")
        if unpaid is not None:
            raise self._refuse(state, *unpaid)
        state = self._spend(state, who, move.pay)
        return state.with_seat(who, replace(state.seats[who], location=here), stage=1)

    # Deliver and card powers -------------------------------------------------------------------
    def _deliver_check(self, state: State, move: Deliver) -> tuple[int, Seat]:
        """Every refusal of a delivery, without making the new state (the legal list asks
        this for each card, world and use instead of a trial apply)."""
        who, seat = self._journey_seat(state, "a delivery")
        if state.stage > 1:
            raise self._order_error(state, "a delivery")
        card, world = move.card, move.world
        if seat.location == EARTH:
            raise self._refuse(state, "SD-T5", "the ship is at Earth; deliveries are made from "
                                               "a station next to the world")
        self._check_hand(state, seat, [card])
        if not is_goods(card):
            raise self._refuse(state, "SD-T5", "Rocket Fuel is not a good to deliver")
        if world not in CORNERS[seat.location]:
            raise self._refuse(state, "SD-T5", f"{hex_name(world)} does not touch the ship's "
                                               f"station at {corner_name(seat.location)}")
        kind = state.tiles[world]
        if kind not in COLOUR_SET:
            raise self._refuse(state, "SD-T5", f"{hex_name(world)} is not a Settled World")
        power = power_of(card)
        colour = colour_of(card)
        if colour != kind and power != "O":
            raise self._refuse(state, "SD-T5", f"{hex_name(world)} buys "
                                               f"{COLOUR_NAMES[str(kind)]}, not {card_text(card)}"
                                               " (only an Opportunity card may go elsewhere)")
        token = state.tokens[world]
        if token == 0 and power != "S":
            raise self._refuse(state, "SD-T5", f"{hex_name(world)} has no score token left this "
                                               "round (only a Shortage card may still deliver)")
        if move.use:
            self._check_power_use(state, card, "upon delivery")
        return who, seat

    def _deliver(self, state: State, move: Deliver) -> State:
        who, seat = self._deliver_check(state, move)
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
            firsts[_ci(str(kind))] += 1
        state = self._spend(state, who, [card])
        seat = state.seats[who]
        state = state.with_seat(who, replace(seat, points=seat.points + value + bonus,
                                             firsts=tuple(firsts)))
        if owner is not None and owner != who:
            host = state.seats[owner]
            state = state.with_seat(owner, replace(host, points=host.points + 1))
        state = replace(
            state,
            tokens=tuple(0 if h == world else t for h, t in enumerate(state.tokens)),
            firsts=tuple(False if h == world and has_first else f
                         for h, f in enumerate(state.firsts)),
            stage=2)
        return self._use_power(state, who, card) if move.use else state

    def _check_power_use(self, state: State, card: str, when: str) -> None:
        power = power_of(card)
        if power not in CARD_ACTION_POWERS:
            name = POWERS.get(power or "", "Rocket Fuel")
            raise self._refuse(state, "SD-T6", f"{name} cannot be used {when}; only Barter, "
                                               "Enterprise and Initiative can")
        if power == "B" and all(g.market is None for g in state.goods):
            raise self._refuse(state, "SD-G8", "Barter takes a face-up card, and the market is "
                                               "empty")

    def _use_power(self, state: State, who: int, card: str) -> State:
        power = power_of(card)
        if power == "B":
            return replace(state, must_take=True)
        if power == "E":
            return replace(state, extra_turns=state.extra_turns + 1)
        if who in state.next_track:  # SD-4 / SD-G6
            seat = state.seats[who]
            return state.with_seat(who, replace(seat, points=seat.points + INITIATIVE_POINTS))
        return replace(state, next_track=(*state.next_track, who))

    def _card_action_check(self, state: State, move: CardAction) -> int:
        """Every refusal of a card action, without making the new state."""
        who, seat = self._journey_seat(state, "a card action")
        if state.stage > 2:
            raise self._order_error(state, "a second card action")
        self._check_hand(state, seat, [move.card])
        self._check_power_use(state, move.card, "as a card action")
        return who

    def _card_action(self, state: State, move: CardAction) -> State:
        who = self._card_action_check(state, move)
        state = replace(self._spend(state, who, [move.card]), stage=3)
        return self._use_power(state, who, move.card)

    # Ending turns, rounds and the game ----------------------------------------------------------
    def _end_turn(self, state: State) -> State:
        who, _ = self._journey_seat(state, "ending the turn")
        if state.stage == 0:
            raise self._refuse(state, "SD-T7", "no action was taken this turn: that is a pass "
                                               "(log 'pass')")
        return self._next_turn(state, who)

    def _pass(self, state: State) -> State:
        who, seat = self._journey_seat(state, "passing")
        if state.stage != 0:
            raise self._refuse(state, "SD-T7", "an action was taken this turn, so it is not a "
                                               "pass; end it with '.'")
        state = state.with_seat(who, replace(seat, passed=True))
        return self._next_turn(replace(state, extra_turns=0), who)

    def _next_turn(self, state: State, who: int) -> State:
        state = replace(state, stage=0, must_take=False)
        if state.extra_turns > 0 and not state.seats[who].passed:  # Enterprise
            return replace(state, extra_turns=state.extra_turns - 1, current=who)
        state = replace(state, extra_turns=0)
        at = state.order.index(who)
        for k in range(1, state.players + 1):
            nxt = state.order[(at + k) % state.players]
            if not state.seats[nxt].passed:
                return replace(state, current=nxt)
        return self._return_to_earth(state)

    def _return_to_earth(self, state: State) -> State:
        """SD-T11: ships home, score tokens back, turn order from the Next Turn track."""
        seats = tuple(replace(s, location=EARTH, passed=False) for s in state.seats)
        tokens = tuple(SCORE_TOKEN_BY_RING[RING[h]] if t == 0 and state.tiles[h] in
                       COLOUR_SET else t for h, t in enumerate(state.tokens))
        order = (*state.next_track, *[s for s in state.order if s not in state.next_track])
        finished = state.round
        state = replace(state, seats=seats, tokens=tokens, order=order, next_track=(),
                        current=None, stage=0, extra_turns=0, must_take=False)
        if finished >= state.rounds:
            return self._game_over(state)
        state = replace(state, round=finished + 1)
        if finished == RING3_AFTER_ROUND:
            return replace(state, phase="ring3",
                           pending=tuple(Need("tile", h) for h in RING_HEXES[3]))
        return self._begin_market(state)

    def _game_over(self, state: State) -> State:
        seats = tuple(replace(s, bonus=sum(first_bonus(n) for n in s.firsts))
                      for s in state.seats)
        return replace(state, seats=seats, phase="over", pending=())

    def _begin_market(self, state: State) -> State:
        seats = list(state.seats)
        depot = state.fuel_in_depot
        for s in state.order:  # SD-G3: the depot may run short; turn order takes first
            n = min(FUEL_PER_ROUND, depot)
            depot -= n
            seats[s] = replace(seats[s], hand=_sorted((*seats[s].hand, *[FUEL] * n)))
        state = replace(state, seats=tuple(seats), phase="market", picks=0)
        for colour in COLOURS:
            state = self._turn_up(state, colour)
        return self._settle(state)

    def _begin_journey(self, state: State) -> State:
        return replace(state, phase="journey", current=state.order[0], stage=0,
                       must_take=False, extra_turns=0)

    def _settle(self, state: State) -> State:
        """Move on once every owed chance outcome is in."""
        if state.pending:
            return state
        if state.phase in ("setup", "ring3"):
            return self._begin_market(state)
        if state.phase == "market":
            done = state.picks >= PICKS_PER_ROUND * state.players
            if done or all(g.market is None for g in state.goods):  # SD-G4
                return self._begin_journey(state)
        return state

    # -- chance ---------------------------------------------------------------------------
    def _need_text(self, need: Need) -> str:
        if need.kind == "tile":
            assert isinstance(need.key, int)
            return f"the tile laid at {hex_name(need.key)} ({hex_name(need.key)}=?)"
        assert isinstance(need.key, str)
        return f"the {COLOUR_NAMES[need.key]} card turned face up (^{need.key}?)"

    def _apply_chance(self, state: State, event: TileLaid | Flip) -> State:
        if isinstance(event, TileLaid):
            want: Need = Need("tile", event.hex)
        else:
            colour = colour_of(event.card)
            assert colour is not None
            want = Need("flip", colour)
        if want not in state.pending:
            awaited = (f"the table owes {self._need_text(state.pending[0])}" if state.pending
                       else "no tile or card is waiting to be revealed now")
            raise IllegalMove("SD-T8", f"{format_event(event)} is not awaited: {awaited}",
                              lambda: [format_event(e) for e in self.chance_outcomes(state)]
                              or [format_event(e) for e in self.legal(state)])
        if isinstance(event, TileLaid):
            possible = TILE_POOL.get(event.kind, 0) > state.tiles[1:].count(event.kind)
        else:
            possible = event.card in state.goods[_ci(str(want.key))].deck
        if not possible:  # the outcome list is made only when the refusal is shown
            if isinstance(event, TileLaid):
                why = f"all {TILE_POOL[event.kind]} tiles of that kind are laid"
            else:
                why = "no such card is left in that deck"
            raise IllegalMove("SD-T8", f"{format_event(event)} is impossible: {why}",
                              lambda: [format_event(e) for e in self.chance_outcomes(state)
                                       if _need_of(e) == want], hint=True)
        if state.seeded:
            dealt = self._dealt(state, want)
            if dealt != event:
                raise IllegalMove("SD-T9", "this table plays a seeded deal: "
                                            f"{self._need_text(want)} is "
                                            f"{format_event(dealt)}, not {format_event(event)}",
                                  [format_event(dealt)])
        left = list(state.pending)
        left.remove(want)
        pending = tuple(left)
        if isinstance(event, TileLaid):
            h, kind = event.hex, event.kind
            world = kind in COLOUR_SET
            tiles, tokens, firsts = list(state.tiles), list(state.tokens), list(state.firsts)
            tiles[h] = kind
            if world:
                tokens[h] = SCORE_TOKEN_BY_RING[RING[h]]
            firsts[h] = world
            state = replace(state, pending=pending, tiles=tuple(tiles), tokens=tuple(tokens),
                            firsts=tuple(firsts))
        else:
            colour = colour_of(event.card)
            assert colour is not None
            g = state.goods[_ci(colour)]
            deck = list(g.deck)
            if state.seeded:
                deck.pop(0)
            else:
                deck.remove(event.card)
            i = _ci(colour)
            state = replace(state, pending=pending, goods=(
                *state.goods[:i], replace(g, market=event.card, deck=tuple(deck)),
                *state.goods[i + 1:]))
        return self._settle(state)

    @staticmethod
    def _dealt(state: State, need: Need) -> SDEvent:
        if need.kind == "tile":
            assert isinstance(need.key, int) and state.hidden_tiles is not None
            return TileLaid(need.key, state.hidden_tiles[need.key])
        assert isinstance(need.key, str)
        return Flip(state.goods[_ci(need.key)].deck[0])

    # -- notation -------------------------------------------------------------------------
    def parse(self, text: str) -> SDEvent:
        return parse_event(text)

    def notation(self, event: SDEvent) -> str:
        return format_event(event)

    def describe(self, state: State, event: SDEvent) -> str:
        from pnp.games.spatial_delivery.captions import describe

        return describe(state, event)

    # -- results --------------------------------------------------------------------------
    def scores(self, state: State) -> list[int]:
        return [s.points + s.bonus for s in state.seats]

    def ranking_key(self, state: State, seat: int) -> tuple[int, int, int]:
        """SD-5: score, then First Delivery tokens, then stations built."""
        s = state.seats[seat]
        return (s.points + s.bonus, sum(s.firsts), len(state.stations_of(seat)))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        keys = [self.ranking_key(state, i) for i in range(state.players)]
        best = max(keys)
        winners = tuple(i for i, k in enumerate(keys) if k == best)
        detail = (f"{best[0]} market share points" + (
            f", {best[1]} First Delivery tokens, {best[2]} stations" if
            sum(1 for k in keys if k[0] == best[0]) > 1 else ""))
        return Outcome(winners, "win" if len(winners) == 1 else "shared win", detail)

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], self.typed_summary(state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        outcome = self.outcome(state)
        return {
            "round": state.round,
            "rounds": state.rounds,
            "phase": state.phase,
            "turn": self.actor(state) if state.phase != "over" else None,
            "stage": state.stage,
            "must_take": state.must_take,
            "extra_turns": state.extra_turns,
            "hexes": [_hex_json(state, h) for h in range(HEX_COUNT)],
            "routes": [{"border": segment_name(s),
                        "corners": [corner_name(c) for c in SEGMENTS[s].corners]}
                       for s in sorted(state.segments)],
            "stations": [{"corner": corner_name(c), "hexes": [hex_name(h) for h in CORNERS[c]],
                          "owner": owner} for c, owner in state.stations],
            "ships": [{"seat": i, "at": location_name(s.location), "passed": s.passed}
                      for i, s in enumerate(state.seats)],
            "hands": [{"seat": i, "size": len(s.hand), "fuel": s.hand.count(FUEL),
                       "cards": list(s.hand)} for i, s in enumerate(state.seats)],
            "market": {c: {"face_up": g.market, "deck": len(g.deck),
                           "discards": len(g.discards)}
                       for c, g in zip(COLOURS, state.goods, strict=True)},
            "fuel_depot": state.fuel_in_depot,
            "this_turn": list(state.order),
            "next_turn": list(state.next_track),
            "scores": self.scores(state),
            "first_delivery_tokens": [dict(zip(COLOURS, s.firsts, strict=True))
                                      for s in state.seats],
            "bonus": [s.bonus for s in state.seats],
            "stations_left": [STATIONS_PER_PLAYER - len(state.stations_of(i))
                              for i in range(state.players)],
            "awaiting": ("over" if state.phase == "over" else "chance" if state.pending
                         else "decision"),
            "chance": [self._need_text(n) for n in state.pending],
            "chance_mode": "seeded" if state.seeded else "table",
            "result": ({"result": outcome.result, "winners": list(outcome.winners),
                        "detail": outcome.detail} if outcome else None),
        }


def _need_of(event: SDEvent) -> Need | None:
    if isinstance(event, TileLaid):
        return Need("tile", event.hex)
    if isinstance(event, Flip):
        colour = colour_of(event.card)
        return Need("flip", colour) if colour else None
    return None


def _hex_json(state: State, h: int) -> HexSummary:
    kind = state.tiles[h]
    q, r = AXIAL[h]
    return {
        "hex": hex_name(h), "q": q, "r": r, "ring": RING[h],
        "tile": (None if kind is None else "earth" if kind == "E" else "space"
                 if kind == SPACE else "world"),
        "goods": kind if kind in COLOUR_SET else None,
        "score_token": state.tokens[h] or None,
        "first_delivery": state.firsts[h],
    }


def _check_rounds(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ROUNDS:
        raise SetupError(f"SD-8: 'rounds' must be a whole number 1-{MAX_ROUNDS}, got {value!r}")
    return value
