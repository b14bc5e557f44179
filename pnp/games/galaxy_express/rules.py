"""The Galaxy Express rules engine (Matt Worden's solitaire for the piecepack): whose input is
awaited, the legal decisions and applying them.  The setup is read in ``setup``, the table's
chance outcomes in ``reveal``, the score in ``scoring`` and the public summary in ``summary``.

Every refusal names its rule: GE-1..GE-10 are the project's rulings
(../shared/RULINGS.md); GE-11..GE-13 are ours, written down in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, cast

from pnp.engine import CHANCE, Game, IllegalMove, Outcome
from pnp.engine.game import JSON
from pnp.engine.rng import Rng
from pnp.engine.values import replace
from pnp.games.galaxy_express import reveal
from pnp.games.galaxy_express import setup as chart
from pnp.games.galaxy_express.board import DIRECTION_NAMES, cell_name, scan_reach, slide
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
from pnp.games.galaxy_express.lost import MAX_SPEED
from pnp.games.galaxy_express.reveal import COIN_NEEDS, need_text, settle
from pnp.games.galaxy_express.scoring import rating_of, score_of
from pnp.games.galaxy_express.state import QUEUE_NEED, Coins, Need, State, planet_need
from pnp.games.galaxy_express.summary import Summary, coins_left, result_text, summarise

SUITS: tuple[Suit, Suit] = ("S", "M")


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
        return chart.new_setup(seed, options)

    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> State:
        self.check_players(players)
        return chart.initial_state(setup, seed)

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        return chart.describe_setup(setup, seed)

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
        return reveal.chance_outcomes(state)

    def dealt_outcome(self, state: State) -> GEEvent | None:
        return reveal.dealt_outcome(state)


    # -- the rules ------------------------------------------------------------------------
    def apply(self, state: State, event: GEEvent) -> State:
        if state.result is not None:
            raise IllegalMove("GE-9", f"the game is over ({result_text(state)}); "
                                      "nothing more can be logged")
        if isinstance(event, Concede):
            return replace(state, result="conceded", phase="over", pending=())
        if isinstance(event, (PlanetRevealed, QueueRevealed, CoinRevealed)):
            return reveal.apply_chance(state, event, self.legal)
        if state.pending:
            raise IllegalMove(
                "GE-12", f"first log what the table revealed: {need_text(state.pending[0])}",
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
                       pending=(planet_need(cell),))

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
        pending = ((planet_need(ship),)  # GE-6
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
        return replace(state, pending=(planet_need(cell),))

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
        return replace(nxt, pending=(QUEUE_NEED,))

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
                       refueled=True, pending=(COIN_NEEDS["S"], COIN_NEEDS["S"],
                                               COIN_NEEDS["M"], COIN_NEEDS["M"]))

    def _end_turn(self, state: State) -> State:
        if state.phase != "orbit":
            raise self._phase_error(state, "ending the turn")
        needs: list[Need] = []
        for suit in SUITS:  # GE-8
            coins = state.coins(suit)
            short = min(2, len(coins.face_up) + len(coins.in_stack)) - len(coins.face_up)
            needs += [COIN_NEEDS[suit]] * max(0, short)
        nxt = replace(state, phase="refill", pending=tuple(needs))
        return nxt if needs else settle(nxt)

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
        return coins_left(state)

    def scores(self, state: State) -> list[int]:
        return [score_of(len(state.delivered), state.refuels, self.coins_left(state))]

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        detail = rating_of(self.scores(state)[0])
        if state.result == "win":
            return Outcome((0,), "win", detail)
        return Outcome((), result_text(state), detail)

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], self.typed_summary(state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        return summarise(state)
