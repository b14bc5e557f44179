"""The Galaxy Express rules engine (Matt Worden's solitaire for the piecepack).

Every refusal names its rule: GE-1..GE-10 are the project's rulings
(../shared/RULINGS.md); GE-11..GE-13 are ours, written down in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, cast

from pnp.engine import CHANCE, Game, IllegalMove, Outcome, SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields
from pnp.engine.game import JSON
from pnp.engine.rng import Rng
from pnp.engine.values import replace
from pnp.games.galaxy_express.board import (
    COLS,
    DIRECTION_NAMES,
    ROWS,
    TILE_COLS,
    TILE_ROWS,
    cell_name,
    cell_of,
    mask_of,
    parse_cell,
    scan_reach,
    slide,
    tile_of,
)
from pnp.games.galaxy_express.captions import describe
from pnp.games.galaxy_express.events import (
    SUIT_NAMES,
    CoinRevealed,
    Concede,
    Deliver,
    EndTurn,
    GEEvent,
    PlanetRevealed,
    Play,
    QueueRevealed,
    Refuel,
    Scan,
    Start,
    Suit,
    format_event,
    format_turn,
    parse_event,
    parse_turn,
)
from pnp.games.galaxy_express.lost import MAX_SPEED, can_reach_planet
from pnp.games.galaxy_express.state import RANKS, Coins, Need, State
from pnp.games.galaxy_express.summary import CoinsSummary, Summary

SUITS: tuple[Suit, Suit] = ("S", "M")
OPTIONS = ("chance", "planets", DEAL_SEED)
SETUP_FIELDS = (*OPTIONS, "crowns", "start", "deal")
POINTS_PER_DELIVERY = 20
POINTS_PER_REFUEL = -10
RATINGS: tuple[tuple[int, str], ...] = (
    (100, "Employee of the Year!!"),
    (90, "Nice going, kid!"),
    (80, "Not bad ... for a rookie!"),
    (-10**9, "Maybe you need to spend more time at the Academy!"),
)


def score_of(deliveries: int, refuels: int, coins_left: int) -> int:
    """GE-10: 20 per delivery, -10 per refuel, +1 per unspent coin."""
    return (POINTS_PER_DELIVERY * deliveries + POINTS_PER_REFUEL * refuels + coins_left)


def rating_of(score: int) -> str:
    return next(text for floor, text in RATINGS if score >= floor)


_COIN_NEEDS = {"S": Need("coin", "S"), "M": Need("coin", "M")}
_QUEUE_NEED = Need("queue")


def _what(event: PlanetRevealed | QueueRevealed | CoinRevealed) -> str:
    """What a chance outcome reveals, in a refusal's words."""
    if isinstance(event, CoinRevealed):
        return f"the {SUIT_NAMES[event.suit]} coin turned up"
    if isinstance(event, QueueRevealed):
        return "the queue's top coin"
    return f"the planet at {cell_name(event.cell)}"


def _need_text(need: Need) -> str:
    if need.kind == "coin":
        assert need.suit is not None
        return f"the next {SUIT_NAMES[need.suit]} coin turned face up (+{need.suit}?)"
    if need.kind == "queue":
        return "the number now on top of the delivery queue (Q?)"
    assert need.cell is not None
    return f"the number of the planet at {cell_name(need.cell)} ({cell_name(need.cell)}=?)"


def _ranks(values: frozenset[int] | set[int] | Sequence[int]) -> str:
    return ", ".join(str(v) for v in sorted(values)) or "none"


class GalaxyExpress(Game[State, GEEvent]):
    id: ClassVar[str] = "galaxy-express"
    deal_seed_option: ClassVar[bool] = True
    title: ClassVar[str] = "Galaxy Express"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    credits: ClassVar[str] = "Matt Worden (2003), a solitaire game for the piecepack"
    blurb: ClassVar[str] = ("Warp-slide a courier ship around a wrap-around star chart, "
                            "find the planets and deliver in order while refuelling as "
                            "little as you can.")

    # -- setting up -----------------------------------------------------------------------
    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, JSON]) -> dict[str, JSON]:
        check_fields("Galaxy Express option", options, OPTIONS)
        chance = chance_option(options, seed)
        given = options.get("planets")
        if seed is None and given is None:
            raise SetupError("without a seed, give the six planet cells (option 'planets', "
                             "e.g. 'a1 c3 f2 h6 d5 b6')")
        rng = Rng(seed if seed is not None else 0, "galaxy-express/setup")
        # GE-2: a random suit order over the 12 tiles, each coin in a random quadrant.
        tiles = [(tc, tr) for tr in range(TILE_ROWS) for tc in range(TILE_COLS)]
        coins = rng.shuffled(["arms"] * 6 + ["crowns"] * 6)
        cells = [cell_of(2 * tc + q % 2, 2 * tr + q // 2)
                 for (tc, tr), q in ((t, rng.below(4)) for t in tiles)]
        planets = sorted(c for c, kind in zip(cells, coins, strict=True) if kind == "arms")
        crowns = sorted(c for c, kind in zip(cells, coins, strict=True) if kind == "crowns")
        if given is not None:
            planets = list(_check_planets(given))
            crowns = []
        setup: dict[str, JSON] = {
            "chance": chance,
            "planets": [cell_name(c) for c in planets],
            "crowns": [cell_name(c) for c in crowns],
            "start": cell_name(rng.choice(planets)),
        }
        if chance == "seeded":
            if options.get(DEAL_SEED) is not None:  # a secret deal: its own stream
                rng = Rng(deal_seed(options, seed) or 0, "galaxy-express/deal")
                copy_deal_seed(options, setup)
            numbers = rng.shuffled(list(range(6)))
            setup["deal"] = {
                "numbers": {cell_name(c): n for c, n in zip(planets, numbers, strict=True)},
                "queue": rng.shuffled(list(range(6))),
                "suns": rng.shuffled(list(range(6))),
                "moons": rng.shuffled(list(range(6))),
            }
        return setup

    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> State:
        self.check_players(players)
        check_fields("Galaxy Express setup field", setup, SETUP_FIELDS)
        planets = _check_planets(setup.get("planets"))
        chance = chance_setup(setup)
        hidden_numbers = hidden_queue = None
        suns, moons = Coins(), Coins()
        if chance == "seeded":
            deal = setup.get("deal")
            if not isinstance(deal, dict):
                raise SetupError("a seeded setup needs its 'deal'")
            if seed is None:
                raise SetupError("a seeded setup needs the log's seed (for reshuffles)")
            numbers = deal.get("numbers")
            if not isinstance(numbers, dict) or sorted(numbers) != sorted(
                    cell_name(c) for c in planets):
                raise SetupError("deal 'numbers' must give each planet cell its number")
            hidden_numbers = tuple(_perm_value(numbers[cell_name(c)]) for c in planets)
            _check_perm("numbers", hidden_numbers)
            hidden_queue = _check_perm("queue", deal.get("queue"))
            suns = Coins(hidden_stack=_check_perm("suns", deal.get("suns")))
            moons = Coins(hidden_stack=_check_perm("moons", deal.get("moons")))
        return State(
            planets=planets, numbers=(None,) * 6, seed=deal_seed(setup, seed),
            hidden_numbers=hidden_numbers, hidden_queue=hidden_queue,
            suns=suns, moons=moons, phase="setup",
            pending=(Need("queue"), Need("coin", "S"), Need("coin", "S"),
                     Need("coin", "M"), Need("coin", "M")),
        )

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        planets = setup.get("planets", [])
        crowns = setup.get("crowns", [])
        lines = [f"Galaxy Express, seed {seed}" if seed is not None else "Galaxy Express",
                 "Star Chart: 12 tiles face down, 4 wide x 3 tall (cells a1 bottom left "
                 "to h6 top right).",
                 f"Arms coins (planets), face down on: {' '.join(planets)}"]
        if crowns:
            lines.append(f"Crown coins (the delivery queue), placed then stacked from: "
                         f"{' '.join(crowns)}")
        lines.append(f"Suggested start planet: {setup.get('start')}")
        lines.append("Shuffle the Suns and the Moons into two face-down stacks and turn the "
                     "top two of each face up. All dice at null.")
        lines.append(f"Chance: {setup.get('chance')} play")
        return "\n".join(lines)

    # -- whose input is awaited -------------------------------------------------------------
    def actor(self, state: State) -> int | None:
        if state.result is not None:
            return None
        return CHANCE if state.pending else 0

    def legal(self, state: State) -> list[GEEvent]:
        if state.result is not None or state.pending:
            return []
        moves: list[GEEvent] = []
        if state.phase == "start":
            moves += [Start(c) for c in state.planets]
        elif state.phase == "turn":
            for suit in SUITS:
                for value in state.coins(suit).face_up:
                    if self._speed_after(state, suit, value) == 0:
                        moves.append(Play(suit, value))
                    else:
                        moves += [Play(suit, value, d) for d in DIRECTION_NAMES]
        elif state.phase == "orbit":
            moves += [Scan(c) for c in self._scannable(state)]
            if self._can_deliver(state):
                moves.append(Deliver())
            if self._on_planet_at_rest(state) and not state.refueled:
                moves.append(Refuel())
            moves.append(EndTurn())
        moves.append(Concede())
        return moves

    def playout_choices(self, state: State) -> list[GEEvent]:
        return [m for m in self.legal(state) if not isinstance(m, Concede)]

    def concedes(self, event: GEEvent) -> bool:
        return isinstance(event, Concede)

    def describe(self, state: State, event: GEEvent) -> str:
        return describe(state, event, self.apply)

    def chance_outcomes(self, state: State) -> list[GEEvent]:
        if state.result is not None:
            return []
        outcomes: list[GEEvent] = []
        for need in dict.fromkeys(state.pending):
            for value in sorted(self._possible(state, need)):
                if need.kind == "coin":
                    assert need.suit is not None
                    outcomes.append(CoinRevealed(need.suit, value))
                elif need.kind == "queue":
                    outcomes.append(QueueRevealed(value))
                else:
                    assert need.cell is not None
                    outcomes.append(PlanetRevealed(need.cell, value))
        return outcomes

    def dealt_outcome(self, state: State) -> GEEvent | None:
        if not state.seeded or not state.pending or state.result is not None:
            return None
        need = state.pending[0]
        value = self._dealt(state, need)
        if need.kind == "coin":
            assert need.suit is not None
            return CoinRevealed(need.suit, value)
        if need.kind == "queue":
            return QueueRevealed(value)
        assert need.cell is not None
        return PlanetRevealed(need.cell, value)

    # -- the rules ------------------------------------------------------------------------
    def apply(self, state: State, event: GEEvent) -> State:
        if state.result is not None:
            raise IllegalMove("GE-9", f"the game is over ({self._result_text(state)}); "
                                      "nothing more can be logged")
        if isinstance(event, Concede):
            return replace(state, result="conceded", phase="over", pending=())
        if isinstance(event, (PlanetRevealed, QueueRevealed, CoinRevealed)):
            return self._apply_chance(state, event)
        if state.pending:
            raise IllegalMove(
                "GE-12", f"first log what the table revealed: {_need_text(state.pending[0])}",
                lambda: [format_event(e) for e in self.chance_outcomes(state)])
        match event:
            case Start(cell):
                return self._start(state, cell)
            case Play():
                return self._play(state, event)
            case Scan(cell):
                return self._scan(state, cell)
            case Deliver():
                return self._deliver(state)
            case Refuel():
                return self._refuel(state)
            case EndTurn():
                return self._end_turn(state)
        raise TypeError(f"not a Galaxy Express event: {event!r}")

    def _refuse(self, state: State, rule: str, message: str) -> IllegalMove:
        """A refusal whose legal list is built only when it is shown."""
        return IllegalMove(rule, message, lambda: [format_event(e) for e in self.legal(state)],
                           hint=True)

    def _phase_error(self, state: State, what: str) -> IllegalMove:
        now = {
            "start": "choose the start planet first (@cell)",
            "turn": "a turn begins with one Sun or Moon coin (e.g. S2E)",
            "orbit": "after the slide you may scan, deliver or refuel, then end the turn (.)",
        }.get(state.phase, "this is not the moment")
        return self._refuse(state, "GE-11", f"{what} is not possible now: {now}")

    def _start(self, state: State, cell: int) -> State:
        if state.phase != "start":
            raise self._phase_error(state, "choosing a start planet")
        if cell not in state.planets:
            raise self._refuse(state, "GE-3", f"{cell_name(cell)} holds no planet")
        return replace(state, ship=cell, speed=0, phase="starting",
                       pending=(Need("planet", cell=cell),))

    @staticmethod
    def _speed_after(state: State, suit: Suit, value: int) -> int:
        delta = value if suit == "S" else -value
        return max(0, min(MAX_SPEED, state.speed + delta))

    def _play(self, state: State, move: Play) -> State:
        if state.phase != "turn":
            raise self._phase_error(state, f"playing {move.suit}{move.value}")
        coins = state.coins(move.suit)
        if move.value not in coins.face_up:
            raise self._refuse(state, "GE-4", f"{SUIT_NAMES[move.suit]} {move.value} is not face "
                                              "up")
        speed = self._speed_after(state, move.suit, move.value)
        if speed == 0 and move.direction is not None:
            raise self._refuse(state, "GE-4", f"after {move.suit}{move.value} the speed is 0 "
                                              "and the ship stays; write it without a direction")
        if speed > 0 and move.direction is None:
            raise self._refuse(state, "GE-4", f"after {move.suit}{move.value} the speed is "
                                              f"{speed}: the ship must slide {speed} cells in "
                                              "one direction (N, E, S or W)")
        assert state.ship is not None
        ship = slide(state.ship, move.direction, speed) if move.direction else state.ship
        spent = Coins(tuple(v for v in coins.face_up if v != move.value),
                      coins.spent | {move.value}, coins.hidden_stack)
        idx = state.planet_index(ship) if speed == 0 else None
        pending = ((Need("planet", cell=ship),)  # GE-6
                   if idx is not None and state.numbers[idx] is None else state.pending)
        return replace(state, **{"suns" if move.suit == "S" else "moons": spent}, ship=ship,
                       speed=speed, phase="orbit", turn=state.turn + 1, played=move.suit,
                       refueled=False, pending=pending)

    def _scannable(self, state: State) -> list[int]:
        if state.ship is None:
            return []
        reach = set(scan_reach(state.ship))
        return [c for c, n in zip(state.planets, state.numbers, strict=True)
                if c in reach and n is None]

    def _scan(self, state: State, cell: int) -> State:
        if state.phase != "orbit":
            raise self._phase_error(state, f"scanning {cell_name(cell)}")
        idx = state.planet_index(cell)
        if idx is None:
            raise self._refuse(state, "GE-5", f"{cell_name(cell)} holds no planet")
        assert state.ship is not None
        if cell not in scan_reach(state.ship):
            raise self._refuse(state, "GE-5", f"{cell_name(cell)} is not on or next to the ship "
                                              f"at {cell_name(state.ship)}")
        if state.numbers[idx] is not None:
            raise self._refuse(state, "GE-5", f"the planet at {cell_name(cell)} is already "
                                              f"known: {state.numbers[idx]}")
        return replace(state, pending=(Need("planet", cell=cell),))

    def _on_planet_at_rest(self, state: State) -> bool:
        return state.speed == 0 and state.ship is not None and state.ship in state.planets

    def _can_deliver(self, state: State) -> bool:
        if not self._on_planet_at_rest(state) or state.queue_top is None:
            return False
        assert state.ship is not None
        idx = state.planet_index(state.ship)
        return idx is not None and state.numbers[idx] == state.queue_top

    def _deliver(self, state: State) -> State:
        if state.phase != "orbit":
            raise self._phase_error(state, "a delivery")
        if not self._on_planet_at_rest(state):
            where = cell_name(state.ship) if state.ship is not None else "nowhere"
            raise self._refuse(state, "GE-6", f"a delivery needs the ship at speed 0 on a "
                                              f"planet; it is at {where}, speed {state.speed}")
        assert state.ship is not None
        number = state.numbers[state.planets.index(state.ship)]
        if number is None or number != state.queue_top:
            raise self._refuse(state, "GE-6", f"this is planet {number} but the queue shows "
                                              f"{state.queue_top}")
        delivered = (*state.delivered, number)
        hidden = state.hidden_queue[1:] if state.hidden_queue is not None else None
        nxt = replace(state, delivered=delivered, queue_top=None, hidden_queue=hidden)
        if len(delivered) == 6:
            return replace(nxt, result="win", phase="over", pending=())
        return replace(nxt, pending=(Need("queue"),))

    def _refuel(self, state: State) -> State:
        if state.phase != "orbit":
            raise self._phase_error(state, "refuelling")
        if not self._on_planet_at_rest(state):
            where = cell_name(state.ship) if state.ship is not None else "nowhere"
            raise self._refuse(state, "GE-7", f"refuelling needs the ship at speed 0 on a "
                                              f"planet; it is at {where}, speed {state.speed}")
        if state.refueled:
            raise self._refuse(state, "GE-7", "the ship already refuelled this turn")
        refuels = state.refuels + 1
        stacks = {}
        for suit in SUITS:
            order: tuple[int, ...] | None = None
            if state.seeded:
                assert state.seed is not None
                rng = Rng(state.seed, f"galaxy-express/refuel/{refuels}/{suit}")
                order = tuple(rng.shuffled(list(range(6))))
            stacks[suit] = Coins(hidden_stack=order)
        return replace(state, suns=stacks["S"], moons=stacks["M"], refuels=refuels,
                       refueled=True, pending=(_COIN_NEEDS["S"], _COIN_NEEDS["S"],
                                               _COIN_NEEDS["M"], _COIN_NEEDS["M"]))

    def _end_turn(self, state: State) -> State:
        if state.phase != "orbit":
            raise self._phase_error(state, "ending the turn")
        needs: list[Need] = []
        for suit in SUITS:  # GE-8
            coins = state.coins(suit)
            short = min(2, len(coins.face_up) + len(coins.in_stack)) - len(coins.face_up)
            needs += [_COIN_NEEDS[suit]] * max(0, short)
        nxt = replace(state, phase="refill", pending=tuple(needs))
        return nxt if needs else self._settle(nxt)

    # -- chance ---------------------------------------------------------------------------
    def _possible(self, state: State, need: Need) -> frozenset[int]:
        if need.kind == "coin":
            assert need.suit is not None
            return state.coins(need.suit).in_stack
        if need.kind == "queue":
            unseen = state.queue_unseen
            if unseen:
                return unseen
            return frozenset({state.queue_bottom} if state.queue_bottom is not None else ())
        return RANKS - {n for n in state.numbers if n is not None}

    def _dealt(self, state: State, need: Need) -> int:
        if need.kind == "coin":
            assert need.suit is not None
            stack = state.coins(need.suit).hidden_stack
            assert stack
            return stack[0]
        if need.kind == "queue":
            assert state.hidden_queue
            return state.hidden_queue[0]
        assert state.hidden_numbers is not None and need.cell is not None
        return state.hidden_numbers[state.planets.index(need.cell)]

    def _apply_chance(self, state: State,
                      event: PlanetRevealed | QueueRevealed | CoinRevealed) -> State:
        if isinstance(event, CoinRevealed):
            want, value = _COIN_NEEDS[event.suit], event.value
        elif isinstance(event, QueueRevealed):
            want, value = _QUEUE_NEED, event.number
        else:
            want, value = Need("planet", cell=event.cell), event.number
        if want not in state.pending:
            awaited = (f"the table owes {_need_text(state.pending[0])}" if state.pending
                       else "no coin or planet is waiting to be revealed now")
            raise IllegalMove("GE-12", f"{format_event(event)} is not awaited: {awaited}",
                              [format_event(e) for e in self.chance_outcomes(state)]
                              or [format_event(e) for e in self.legal(state)])
        possible = self._possible(state, want)
        if value not in possible:
            raise IllegalMove("GE-12", f"{_what(event)} cannot be {value}: "
                                       f"{self._why_impossible(state, want, value)}; it can be "
                                       f"{_ranks(possible)}",
                              [format_event(e) for e in self.chance_outcomes(state)])
        if state.seeded:
            dealt = self._dealt(state, want)
            if value != dealt:
                raise IllegalMove("GE-13", "this table plays a seeded deal: "
                                           f"{_what(event)} is {dealt}, not {value}",
                                  [format_event(e) for e in [self.dealt_outcome(state)] if e])
        left = list(state.pending)
        left.remove(want)
        pending = tuple(left)
        if isinstance(event, CoinRevealed):
            coins = state.coins(event.suit)
            stack = coins.hidden_stack[1:] if coins.hidden_stack is not None else None
            turned = Coins(tuple(sorted((*coins.face_up, value))), coins.spent, stack)
            nxt = (replace(state, pending=pending, suns=turned) if event.suit == "S"
                   else replace(state, pending=pending, moons=turned))
        elif isinstance(event, QueueRevealed):
            bottom = None if value == state.queue_bottom else state.queue_bottom
            nxt = replace(state, pending=pending, queue_top=value, queue_bottom=bottom)
        else:
            idx = state.planets.index(event.cell)
            numbers = tuple(value if i == idx else n for i, n in enumerate(state.numbers))
            nxt = replace(state, pending=pending, numbers=numbers)
        return nxt if nxt.pending else self._settle(nxt)

    @staticmethod
    def _why_impossible(state: State, need: Need, value: int) -> str:
        if need.kind == "coin":
            assert need.suit is not None
            coins = state.coins(need.suit)
            where = "already face up" if value in coins.face_up else "spent on its ace tile"
            return f"{SUIT_NAMES[need.suit]} {value} is {where}"
        if need.kind == "queue":
            if value in state.delivered:
                return f"Crown {value} was delivered already"
            if value == state.queue_top:
                return f"Crown {value} is the coin just taken"
            return f"Crown {value} went to the bottom of the queue"
        return f"another planet already showed {value}"

    def _settle(self, state: State) -> State:
        """Move on once every owed chance outcome is in."""
        if state.phase == "setup":
            return replace(state, phase="start")
        if state.phase == "starting":
            assert state.ship is not None
            number = state.numbers[state.planets.index(state.ship)]
            if number == state.queue_top:  # GE-3: that coin goes to the bottom, no delivery
                hidden = state.hidden_queue
                rotated = (*hidden[1:], hidden[0]) if hidden else hidden
                return replace(state, queue_bottom=number, queue_top=None,
                               hidden_queue=rotated, pending=(Need("queue"),))
            return self._begin_turn(state)
        if state.phase == "refill":
            return self._begin_turn(state)
        return state

    def _begin_turn(self, state: State) -> State:
        assert state.ship is not None
        if not can_reach_planet(state.ship, state.speed, state.suns.unspent,
                                state.moons.unspent, mask_of(state.planets)):  # GE-9
            return replace(state, played=None, refueled=False, result="lost", phase="over")
        return replace(state, phase="turn", played=None, refueled=False)

    # -- notation -------------------------------------------------------------------------
    def parse(self, text: str) -> GEEvent:
        return parse_event(text)

    def notation(self, event: GEEvent) -> str:
        return format_event(event)

    def parse_line(self, text: str) -> list[GEEvent]:
        return parse_turn(text)

    def format_line(self, events: list[GEEvent]) -> str:
        return format_turn(events)

    # -- results --------------------------------------------------------------------------
    def coins_left(self, state: State) -> int:
        return 12 - state.spent_count

    def scores(self, state: State) -> list[int]:
        return [score_of(len(state.delivered), state.refuels, self.coins_left(state))]

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        detail = rating_of(self.scores(state)[0])
        if state.result == "win":
            return Outcome((0,), "win", detail)
        return Outcome((), self._result_text(state), detail)

    @staticmethod
    def _result_text(state: State) -> str:
        return {"win": "win", "lost": "lost in space", "conceded": "conceded"}.get(
            state.result or "", "in play")

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], self.typed_summary(state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        score = self.scores(state)[0]
        return {
            "board": {"cols": COLS, "rows": ROWS},
            "turn": state.turn,
            "phase": state.phase,
            "ship": cell_name(state.ship) if state.ship is not None else None,
            "speed": state.speed,
            "refuels": state.refuels,
            "deliveries": len(state.delivered),
            "planets": [{"cell": cell_name(c), "number": n}
                        for c, n in zip(state.planets, state.numbers, strict=True)],
            "queue": {"top": state.queue_top, "remaining": 6 - len(state.delivered),
                      "delivered": list(state.delivered), "bottom": state.queue_bottom},
            "suns": _coins_json(state.suns),
            "moons": _coins_json(state.moons),
            "awaiting": ("over" if state.result else "chance" if state.pending
                         else "decision"),
            "chance": [_need_text(n) for n in state.pending],
            "chance_mode": "seeded" if state.seeded else "table",
            "coins_left": self.coins_left(state),
            "score": score,
            "rating": rating_of(score),
            "result": self._result_text(state) if state.result else None,
        }


def _coins_json(coins: Coins) -> CoinsSummary:
    return {"face_up": list(coins.face_up), "spent": sorted(coins.spent),
            "in_stack": len(coins.in_stack)}


def _check_planets(value: object) -> tuple[int, ...]:
    """Six planet cells, one per tile (GE-2)."""
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or len(items) != 6:
        raise SetupError("GE-2: give exactly six planet cells, like 'a1 c3 f2 h6 d5 b6'")
    cells = []
    for item in items:
        cell = parse_cell(item) if isinstance(item, str) else None
        if cell is None:
            raise SetupError(f"GE-1: {item!r} is not a cell of the 8x6 chart (a1..h6)")
        cells.append(cell)
    if len(set(cells)) != 6:
        raise SetupError("GE-2: the six planets must be on six different cells")
    if len({tile_of(c) for c in cells}) != 6:
        raise SetupError("GE-2: each tile holds at most one coin, so the six planets must "
                         "be on six different 2x2 tiles")
    return tuple(sorted(cells))


def _perm_value(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"deal values must be whole numbers 0-5, got {value!r}")
    return value


def _check_perm(name: str, value: object) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or sorted(
            _perm_value(v) for v in value) != list(range(6)):
        raise SetupError(f"deal '{name}' must list each of 0-5 once")
    return tuple(value)
