"""The Galaxy Trucker flight engine (Vlaada Chvátil): rounds, adventure cards, giving up, pay.

Building is real time and physical, so a round opens with each player entering the finished
ship (part 1 notation) and the number tile taken; the spot check (GT-R1 repairs) and crew
placement follow, then the flight: before each card every player still flying says ``go`` or
``quit``; the card is a chance event; its decisions are asked one player at a time in the
order the text gives.  Rule ids: GT-1..GT-9 (shared rulings), part 1's ship ids, and GT-F1..
GT-F26 / GT-FR1.. (docs/rulings-galaxy-trucker.md, "Flight (part 2)").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import ClassVar, cast

from pnp.engine import CHANCE, Game, IllegalMove, NotationError, Outcome, SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields, legal_hint
from pnp.engine.game import JSON
from pnp.engine.rng import Rng
from pnp.engine.values import replace
from pnp.games.galaxy_trucker import goods as cargo
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.build import style_order, typical_ship
from pnp.games.galaxy_trucker.cards import Card, card
from pnp.games.galaxy_trucker.check import check, repair, repair_options
from pnp.games.galaxy_trucker.crew import (
    Alien,
    Crew,
    after_epidemic,
    crew_after_loss,
    full_batteries,
    full_crew,
    lose_crew,
    spend_batteries,
    supports,
)
from pnp.games.galaxy_trucker.events import (
    Aliens,
    Cargo,
    Defend,
    Drop,
    Enter,
    Fix,
    Flip,
    Go,
    GTEvent,
    Keep,
    Land,
    Lose,
    No,
    Power,
    Quit,
    Roll,
    Take,
    Yes,
    format_event,
    parse_event,
    split_line,
)
from pnp.games.galaxy_trucker.flight import lapped, move, start_positions
from pnp.games.galaxy_trucker.hits import Impact, Threat, destroy, impact, keep_piece
from pnp.games.galaxy_trucker.notation import format_berth, format_crew, format_ship, parse_ship
from pnp.games.galaxy_trucker.rounds import deal, deck_size, may_flip, possible_flips, settle
from pnp.games.galaxy_trucker.ship import Ship
from pnp.games.galaxy_trucker.state import (
    LOOP,
    ROUND_BOARD,
    ROUND_GAP,
    Ask,
    AskKind,
    Stage,
    State,
    Trucker,
    tiles_of,
)
from pnp.games.galaxy_trucker.strength import (
    cannon_choices,
    cannon_strength,
    engine_strength,
    format_strength,
)
from pnp.games.galaxy_trucker.summary import ShipSummary, Summary
from pnp.games.galaxy_trucker.tiles import PILOT_COLOURS, PILOT_IDS, Kind

ROUND_NAMES = tuple(ROUND_BOARD)
AUTO: frozenset[str] = frozenset({"crew", "engines", "cannons", "land", "ship", "station",
                                  "defend", "keep"})
ASK_WORDS: dict[str, str] = {
    "enter": "enter the finished ship and the number tile taken (N:ship)",
    "fix": "repair the ship for the spot check (fix:tiles)",
    "crew": "place aliens (crew:12P / crew:-)",
    "gate": "go on (go) or give up (quit) before the next card",
    "engines": "power double engines (pow:doubles@batteries / pow:-)",
    "cannons": "power double cannons (pow:doubles@batteries / pow:-)",
    "land": "land on a free planet (land:N) or not (no)",
    "ship": "fix up the abandoned ship (yes:cabins) or not (no)",
    "station": "dock at the abandoned station (yes) or not (no)",
    "reward": "take the reward and lose the flight days (yes) or not (no)",
    "cargo": "arrange the cargo (cargo:hold=goods,...)",
    "lose": "give up crew (lose:cabins)",
    "drop": "give up goods, the most valuable first, then battery tokens (drop:tiles)",
    "defend": "stop the threat (def:tile@battery) or take the hit (take)",
    "keep": "keep one piece of the broken ship (keep:tile)",
}


@cache
def offers(tile_seed: int, seat: int, used: frozenset[int], board_name: str) -> tuple[str, ...]:
    """Ships a seat may enter, as the legal list offers them (for playouts and the tracker):
    two typical ships (a fighter and a trader) grown from the seat's pilot cabin out of the
    tiles nobody has used, each legal by construction.  Any other legal ship is accepted too;
    the list is a few typical ones built cheaply, not a sample of random ships."""
    tiles = tiles_of(tile_seed)
    board = BOARDS[board_name]
    ships = [typical_ship(board, tiles[PILOT_IDS[seat]],
                          [t for t in style_order(tile_seed, style) if t.id not in used])
             for style in (0, 1)]
    return tuple(dict.fromkeys(";".join(format_ship(x).split()) for x in ships))


def _ids(ids: Sequence[int]) -> str:
    return ", ".join(f"#{i}" for i in ids) or "none"


def _battery_list(t: Trucker) -> list[int]:
    return [tile for tile, n in t.batteries for _ in range(n)]


class GalaxyTrucker(Game[State, GTEvent]):
    id: ClassVar[str] = "galaxy-trucker"
    deal_seed_option: ClassVar[bool] = True
    title: ClassVar[str] = "Galaxy Trucker"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    credits: ClassVar[str] = "Vlaada Chvátil (Czech Games Edition, 2007)"
    blurb: ClassVar[str] = ("Build a space ship from sewer pipes, fly it through meteors, "
                            "pirates and planets, and land with more credits than you left.")

    # -- setting up -----------------------------------------------------------------------
    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, JSON]) -> dict[str, JSON]:
        self.check_players(players)
        check_fields("Galaxy Trucker option", options, SETUP_FIELDS)
        chance = chance_option(options, seed)
        tiles = options.get("tiles", seed)
        if tiles is None:
            raise SetupError("give the seed the kit's tiles were printed from (option 'tiles')")
        if isinstance(tiles, str) and tiles.strip().isascii() and tiles.strip().isdigit():
            tiles = int(tiles.strip())  # a form's text field
        rounds = options.get("rounds", "1,2,3")
        test = options.get("test_flight", False)
        setup: dict[str, JSON] = {"chance": chance, "tiles": tiles,
                                  "rounds": list(_rounds(rounds)), "test_flight": test}
        copy_deal_seed(options, setup)
        if options.get("first_game", False) is not False:
            setup["first_game"] = options["first_game"]  # GT-G7 (only when asked for)
        _check_setup(setup)
        return setup

    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> State:
        names = self.check_players(players)
        tiles, rounds, test, chance = _check_setup(setup)
        if chance == "seeded" and seed is None:
            raise SetupError("a seeded setup needs the log's seed (cards and dice)")
        state = State(tile_seed=tiles,
                      seed=deal_seed(setup, seed) if chance == "seeded" else None,
                      rounds=rounds, test_flight=test,
                      truckers=tuple(Trucker() for _ in names), names=names,
                      first_game=bool(setup.get("first_game", False)))
        return self._run(self._begin_round(state))

    def seat_roles(self, setup: Mapping[str, JSON], players: Sequence[str]) -> tuple[str, ...]:
        """Each seat's pilot cabin colour (seat 1 blue, 2 red, 3 green, 4 yellow)."""
        return tuple(PILOT_COLOURS[i] for i in range(min(len(players), len(PILOT_COLOURS))))

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        rounds = ", ".join(str(r) for r in setup.get("rounds") or [])
        seats = ", ".join(f"seat {i + 1} {colour} #{PILOT_IDS[i]}"
                          for i, colour in enumerate(PILOT_COLOURS))
        return "\n".join([
            f"Galaxy Trucker, tiles of seed {setup.get('tiles')}",
            f"Pilot cabins: {seats}",
            f"Rounds: {rounds}" + (" (round 1 is the test flight)"
                                   if setup.get("test_flight") else ""),
            "Each round: build, then enter each ship with its number tile (N:ship), repair "
            "what the spot check finds, place aliens, fly.",
            f"Chance: {setup.get('chance')} play"])

    # -- whose input is awaited -------------------------------------------------------------
    def actor(self, state: State) -> int | None:
        if state.phase == "over":
            return None
        if state.need is not None:
            return CHANCE
        return state.ask.seat if state.ask else None

    def legal(self, state: State) -> list[GTEvent]:
        if state.ask is None or state.need is not None or state.phase == "over":
            return []
        return self._options(state, state.ask)

    def playout_choices(self, state: State) -> list[GTEvent]:
        """Random playouts never give up voluntarily (they would end most rounds early)."""
        return [e for e in self.legal(state) if not isinstance(e, Quit)]

    def chance_outcomes(self, state: State) -> list[GTEvent]:
        if state.phase == "over" or state.need is None:
            return []
        if state.need == "card":
            return [Flip(c.id) for c in possible_flips(state.round, state.test_flight,
                                                       state.drawn)]
        return [Roll(n) for n in range(2, 13)]

    def dealt_outcome(self, state: State) -> GTEvent | None:
        if state.seed is None or state.need is None or state.phase == "over":
            return None
        if state.need == "card":
            return Flip(state.deck[0]) if state.deck else None
        rng = Rng(state.seed, f"galaxy-trucker/dice/{state.round_index}/{state.rolls}")
        return Roll(rng.below(6) + rng.below(6) + 2)

    # -- the rules ------------------------------------------------------------------------
    def apply(self, state: State, event: GTEvent) -> State:
        try:
            return self._apply(replace(state, auto=()) if state.auto else state, event)
        except IllegalMove as exc:
            if not state.auto:
                raise
            done = ", ".join(state.auto)
            raise exc.amended(f" (already applied by itself, the only possible answer "
                              f"(GT-FR4): {done})") from None

    def _apply(self, state: State, event: GTEvent) -> State:
        if state.phase == "over":
            raise IllegalMove("GT-F23", "the game is over; nothing more can be logged")
        if isinstance(event, (Flip, Roll)):
            return self._run(self._chance(state, event))
        if state.need is not None:
            raise IllegalMove("GT-F24", f"first log the {self._need_words(state)}",
                              lambda: [format_event(e) for e in self.chance_outcomes(state)])
        return self._run(self._decide(state, event))

    def _need_words(self, state: State) -> str:
        if state.need == "card":
            flips = self.chance_outcomes(state)  # the example is one that can come now
            example = format_event(flips[0]) if flips else "card:I-1"
            return f"adventure card turned up ({example})"
        return "2d6 roll (roll:2 .. roll:12)"

    def _refuse(self, state: State, rule: str, message: str | Callable[[], str]) -> IllegalMove:
        """A refusal whose legal list (that of ``state``) is built only when it is shown."""
        return IllegalMove(rule, message, lambda: [format_event(e) for e in self.legal(state)],
                           hint=True)

    def _who(self, state: State, seat: int) -> str:
        return state.names[seat] if seat < len(state.names) else f"seat {seat + 1}"

    # -- the run loop: go on until a decision or a chance outcome is awaited --------------
    def _run(self, s: State) -> State:
        while s.ask is None and s.need is None and s.phase != "over":
            s = self._step(s)
        return s

    def _ask(self, s: State, seat: int, kind: AskKind, goods: str = "",
             count: int = 0) -> State:
        """Await a decision; one with a single possible answer is applied at once (GT-FR4)."""
        if kind == "cargo":  # GT-G8: what the bank no longer holds is not given
            goods = cargo.from_bank(goods, "".join(t.goods_list for t in s.truckers))
        ask = Ask(seat, kind, goods, count)
        s = replace(s, ask=ask)
        ship = s.truckers[seat].ship
        if kind == "cargo" and (ship is None or not cargo.holds_of(ship)):
            return self._decide(self._auto(s, seat, Cargo(())), Cargo(()))  # no hold
        if kind in AUTO:
            options = self._options(s, ask)
            if len(options) == 1:
                return self._decide(self._auto(s, seat, options[0]), options[0])
        return s

    def _auto(self, s: State, seat: int, event: GTEvent) -> State:
        return replace(s, auto=(*s.auto, f"{self._who(s, seat)} {format_event(event)}"))

    def _note(self, s: State, text: str) -> State:
        return replace(s, log=(*s.log, text))

    def _step(self, s: State) -> State:
        if s.phase == "build":
            waiting = [i for i, t in enumerate(s.truckers) if t.ship is None]
            if waiting:
                return self._ask(s, waiting[0], "enter")
            by_number = tuple(sorted(range(len(s.truckers)),
                                     key=lambda i: s.truckers[i].number or 0))
            return replace(s, phase="fix", stage=Stage(todo=by_number))
        if s.phase in ("fix", "crew"):
            if not s.stage.todo:
                if s.phase == "fix":
                    done = _redistribute(s) if s.learner_check and s.fixed else s
                    order = tuple(sorted(range(len(done.truckers)),
                                         key=lambda i: done.truckers[i].number or 0))
                    return replace(done, phase="crew", stage=Stage(todo=order), fixed=())
                return self._launch(s)
            seat = s.stage.todo[0]
            ship = s.truckers[seat].ship
            assert ship is not None
            if s.phase == "fix" and not check(ship):
                return replace(s, stage=replace(s.stage, todo=s.stage.todo[1:]))
            return self._ask(s, seat, s.phase)
        if s.phase == "gate":
            if not s.order() or len(s.drawn) >= deck_size(s.round, s.test_flight):
                return self.end_round(s)
            if not s.stage.todo:
                return replace(s, need="card")
            return replace(s, ask=Ask(s.stage.todo[0], "gate"))
        assert s.phase == "card" and s.card is not None
        return self._card_step(s, card(s.card))

    # -- rounds -----------------------------------------------------------------------------
    def _begin_round(self, s: State) -> State:
        deck = (deal(s.seed, s.round_index, s.round, s.test_flight)
                if s.seed is not None else None)
        truckers = tuple(Trucker(credits=t.credits, pays=t.pays) for t in s.truckers)
        return replace(s, truckers=truckers, phase="build", deck=deck, drawn=(), card=None,
                       stage=Stage(), ask=None, need=None, rolls=0, last_roll=None, log=())

    def _launch(self, s: State) -> State:
        """GT-5 starting positions; batteries full (crew was placed in the crew phase)."""
        starts = start_positions((t.number or 0 for t in s.truckers), ROUND_GAP[s.round])
        truckers = []
        for t in s.truckers:
            assert t.ship is not None and t.number is not None
            batteries = tuple(sorted(full_batteries(t.ship).items()))
            truckers.append(replace(t, pos=starts[t.number], batteries=batteries))
        s = replace(s, truckers=tuple(truckers), phase="gate")
        return replace(s, stage=Stage(todo=s.order()))

    def end_round(self, s: State) -> State:
        """Pay the round (GT-6) and start the next one or end the game.

        ``s`` is the state the pay is worked out from (finish order, ships, goods aboard,
        components lost) - gone from the state that follows, so each seat keeps its pay as
        data (``Trucker.pays``), which the score sheet is written from."""
        finish = s.order()
        penalties = {}
        for seat, t in enumerate(s.truckers):
            board = BOARDS[ROUND_BOARD[s.round]]
            penalties[seat] = board.penalty(t.lost)
        truckers = settle(s.round, s.truckers, finish, penalties)
        s = replace(s, truckers=truckers)
        if s.round_index + 1 >= len(s.rounds):
            return replace(s, phase="over", ask=None, need=None, stage=Stage(), card=None)
        return self._begin_round(replace(s, round_index=s.round_index + 1))

    # -- chance -----------------------------------------------------------------------------
    def _chance(self, s: State, event: Flip | Roll) -> State:
        if s.need is None:
            raise self._refuse(s, "GT-F24", f"{format_event(event)}: no card or roll is "
                               "awaited now")
        if not (may_flip(s.round, s.test_flight, s.drawn, event.card) if s.need == "card"
                and isinstance(event, Flip) else
                s.need != "card" and isinstance(event, Roll) and 2 <= event.total <= 12):
            possible = self.chance_outcomes(s)  # listed only for the refusal
            raise IllegalMove("GT-F24", f"{format_event(event)} cannot come now: the table owes "
                              f"the {self._need_words(s)}; "
                              f"{legal_hint([format_event(e) for e in possible])}",
                              [format_event(e) for e in possible])
        dealt = self.dealt_outcome(s)
        if dealt is not None and event != dealt:
            raise IllegalMove("GT-F24", "this table plays a seeded deal: the "
                              f"next is {format_event(dealt)}, not {format_event(event)}",
                              [format_event(dealt)])
        if isinstance(event, Flip):
            deck = s.deck[1:] if s.deck else s.deck
            return replace(s, need=None, card=event.card, drawn=(*s.drawn, event.card),
                           deck=deck, phase="card", stage=Stage(), log=())
        s = replace(s, need=None, rolls=s.rolls + 1, last_roll=event.total)
        st = s.stage
        if st.step == "shots-wait":
            return replace(s, stage=replace(st, line=event.total, step="shots-hit",
                                            targets=tuple(x for x in s.order()
                                                          if x in st.defeated)))
        if st.step == "sab-col-wait":
            return replace(s, stage=replace(st, col=event.total, step="sab-row-wait"),
                           need="roll")
        assert st.step == "sab-row-wait" and st.col is not None and st.victim is not None
        return self._sabotage_hit(s, st.victim, event.total, st.col)

    # -- decisions: one answer handler per kind of ask (``_ANSWERS``) --------------------------
    def _decide(self, s: State, event: GTEvent) -> State:
        ask = s.ask
        if ask is None:
            raise IllegalMove("GT-F6", "no decision is awaited now")
        if not isinstance(event, _EXPECTED[ask.kind]):
            raise self._refuse(s, "GT-F6", f"{format_event(event)} does not answer what is "
                               f"awaited: {self._who(s, ask.seat)} is to "
                               f"{ASK_WORDS[ask.kind]}")
        return _ANSWERS[ask.kind](self, replace(s, ask=None), ask, event)

    def _refuse_ask(self, s: State, ask: Ask, rule: str, message: str) -> IllegalMove:
        """A refused answer, its legal list that of the ask still open."""
        return self._refuse(replace(s, ask=ask), rule, message)

    def _refuse_as(self, s: State, ask: Ask, exc: IllegalMove) -> IllegalMove:
        """A part's refusal (a repair, a load, ...) as a refused answer to ``ask``."""
        return self._refuse(replace(s, ask=ask), exc.rule, lambda: exc.message)

    def _answer_enter(self, s: State, ask: Ask, event: GTEvent) -> State:
        assert isinstance(event, Enter)
        return self._enter(replace(s, ask=ask), ask.seat, event)

    def _answer_fix(self, s: State, ask: Ask, event: GTEvent) -> State:
        seat, t = ask.seat, s.truckers[ask.seat]
        assert isinstance(event, Fix) and t.ship is not None
        try:
            done = repair(t.ship, event.removed)
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        if s.learner_check:  # GT-G7: the tiles go back to the warehouse, not lost
            t = replace(t, ship=done.ship)
            s = replace(s, fixed=(*s.fixed, seat))
        else:
            t = replace(t, ship=done.ship, lost=t.lost + done.lost)
        return _next(s.with_trucker(seat, t))

    def _answer_gate(self, s: State, ask: Ask, event: GTEvent) -> State:
        if isinstance(event, Fix):
            return self._flaw(s, ask, event)
        seat = ask.seat
        if isinstance(event, Quit):
            s = self._note(s.with_trucker(seat, replace(s.truckers[seat], out=True)),
                           f"{self._who(s, seat)} gives up")
        return _next(s)

    def _answer_keep(self, s: State, ask: Ask, event: GTEvent) -> State:
        t = s.truckers[ask.seat]
        assert isinstance(event, Keep) and t.ship is not None
        try:
            ship, gone = keep_piece(t.ship, event.tile)
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        return s.with_trucker(ask.seat, _strip(replace(t, ship=ship, lost=t.lost + len(gone))))

    def _answer_cargo(self, s: State, ask: Ask, event: GTEvent) -> State:
        t = s.truckers[ask.seat]
        assert isinstance(event, Cargo) and t.ship is not None
        try:
            cargo.check_load(t.ship, t.goods_list, ask.goods, event.holds)
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        return _next(s.with_trucker(ask.seat, replace(t, goods=event.holds)))

    def _answer_drop(self, s: State, ask: Ask, event: GTEvent) -> State:
        t = s.truckers[ask.seat]
        assert isinstance(event, Drop)
        try:
            holds, batteries = cargo.drop(t.goods, t.batteries, event.tiles, ask.count)
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        return s.with_trucker(ask.seat, replace(t, goods=holds, batteries=batteries))

    def _answer_lose(self, s: State, ask: Ask, event: GTEvent) -> State:
        t = s.truckers[ask.seat]
        assert isinstance(event, Lose)
        if len(event.cabins) != ask.count:
            raise self._refuse_ask(s, ask, "GT-F20", f"give up exactly {ask.count} crew "
                                   f"(named {len(event.cabins)})")
        try:
            crew = lose_crew(t.crew, event.cabins)
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        return s.with_trucker(ask.seat, replace(t, crew=crew))

    def _answer_land(self, s: State, ask: Ask, event: GTEvent) -> State:
        assert isinstance(event, (Land, No))
        if isinstance(event, No):
            return _next(s)
        c = _card_of(s)
        taken = {row for _, row in s.stage.marks}
        if not 1 <= event.row <= len(c.planets) or event.row in taken:
            raise self._refuse_ask(s, ask, "GT-F8", f"planet row {event.row} is "
                                   f"{'taken' if event.row in taken else 'not on the card'}"
                                   "; one marker per row")
        s = self._note(s, f"{self._who(s, ask.seat)} lands on planet {event.row}")
        return replace(s, stage=replace(s.stage, todo=s.stage.todo[1:],
                                        marks=(*s.stage.marks, (ask.seat, event.row))))

    def _answer_ship(self, s: State, ask: Ask, event: GTEvent) -> State:
        assert isinstance(event, (Yes, No))
        if isinstance(event, No):
            return _next(s)
        seat, t, c = ask.seat, s.truckers[ask.seat], _card_of(s)
        if t.crew.total < c.crew or len(event.cabins) != c.crew:
            raise self._refuse_ask(s, ask, "GT-F9", f"the abandoned ship takes exactly "
                                   f"{c.crew} crew named by cabin; {self._who(s, seat)} has "
                                   f"{t.crew.total}")
        try:
            crew = lose_crew(t.crew, event.cabins)
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        s = s.with_trucker(seat, replace(t, crew=crew, credits=t.credits + c.credits))
        s = self._move(s, seat, -c.days)
        s = self._note(s, f"{self._who(s, seat)} sells the abandoned ship for {c.credits}")
        return replace(s, stage=replace(s.stage, todo=(), step="end"))

    def _answer_station(self, s: State, ask: Ask, event: GTEvent) -> State:
        assert isinstance(event, (Yes, No))
        if isinstance(event, No):
            return _next(s)
        seat, t, c = ask.seat, s.truckers[ask.seat], _card_of(s)
        if event.cabins or t.crew.total < c.crew:
            raise self._refuse_ask(s, ask, "GT-F10", f"docking needs at least {c.crew} crew "
                                   f"and costs none (write yes); {self._who(s, seat)} has "
                                   f"{t.crew.total}")
        s = self._note(s, f"{self._who(s, seat)} docks at the station")
        return replace(s, stage=replace(s.stage, todo=(seat,), step="load", victim=seat))

    def _answer_reward(self, s: State, ask: Ask, event: GTEvent) -> State:
        assert isinstance(event, (Yes, No))
        if isinstance(event, No):
            return replace(s, stage=replace(s.stage, step="after"))
        if event.cabins:
            raise self._refuse_ask(s, ask, "GT-F12", "a reward is taken with a plain yes")
        seat, t, c = ask.seat, s.truckers[ask.seat], _card_of(s)
        if c.kind == "smugglers":
            return replace(s, stage=replace(s.stage, step="load", todo=(seat,), victim=seat))
        s = s.with_trucker(seat, replace(t, credits=t.credits + c.credits))
        s = self._move(s, seat, -c.days)
        return replace(s, stage=replace(s.stage, step="after"))

    def _refuse_ship(self, s: State, seat: int, ship: Ship | None, rule: str,
                     message: str) -> IllegalMove:
        """A refused ship entry: what is wrong with the ship as entered (the spot check's
        findings too), and the shortest legal entries (the pilot cabin alone, with a free
        number tile) instead of whole generated ships; the spot check runs only when the
        refusal is shown."""
        def legal() -> list[str]:
            taken = {t.number for t in s.truckers if t.number is not None}
            board = ROUND_BOARD[s.round]
            return [f"{n}:{board};{PILOT_IDS[seat]}@7,7"
                    for n in range(1, len(s.truckers) + 1) if n not in taken]

        def text() -> str:
            findings = check(ship) if ship is not None else []
            also = ("; the spot check also finds: " + "; ".join(v.message for v in findings[:5])
                    if findings else "")
            return (f"{message}{also}; {legal_hint(legal())} (then the tiles, ';' or spaces "
                    "between them)")
        return IllegalMove(rule, text, legal)

    def _enter(self, s: State, seat: int, event: Enter) -> State:
        taken = {t.number for t in s.truckers if t.number is not None}
        n = len(s.truckers)
        if event.number > n or event.number in taken:
            free = [str(k) for k in range(1, n + 1) if k not in taken]
            raise self._refuse_ship(
                s, seat, None, "GT-F3", f"number tile {event.number} is "
                               f"{'taken' if event.number in taken else 'not in play'}; "
                               f"free: {', '.join(free)}")
        try:
            ship = parse_ship(event.ship.replace(";", " "), s.tiles)
        except NotationError as exc:
            raise self._refuse_ship(
                s, seat, None, "GT-F1", f"the ship cannot be read: {exc.message}") from None
        except IllegalMove as exc:
            raise self._refuse_ship(
                s, seat, None, exc.rule, exc.message) from None
        board = ROUND_BOARD[s.round]
        if ship.board.name != board:
            raise self._refuse_ship(
                s, seat, ship, "GT-F1", f"round {s.round} flies class {board} ships, not "
                               f"{ship.board.name}")
        pilot = PILOT_IDS[seat]
        pilots = [p.id for p in ship.of_kind(Kind.PILOT)]
        if pilots != [pilot]:
            raise self._refuse_ship(
                s, seat, ship, "GT-F1", f"{self._who(s, seat)}'s ship has their own pilot "
                               f"cabin #{pilot} and no other (found {_ids(pilots)})")
        used = _used(s)
        clash = sorted((ship.ids | set(event.aside)) & used)
        if clash:
            raise self._refuse_ship(
                s, seat, ship, "GT-F2", f"tile(s) {_ids(clash)} are on another ship or set "
                               "aside by another player already; each tile is in one place")
        if len(event.aside) > 2:
            raise self._refuse_ship(
                s, seat, ship, "GT-F26", f"at most 2 tiles are set aside, not "
                               f"{len(event.aside)}")
        wrong = [i for i in event.aside if i in ship.ids or i not in s.tiles or i in PILOT_IDS]
        if wrong:
            raise self._refuse_ship(
                s, seat, ship, "GT-F26", f"#{wrong[0]} cannot be set aside: a set-aside tile "
                               "is a warehouse tile (1-140) left off the ship")
        s = replace(s, ask=None)
        t = replace(s.truckers[seat], ship=ship, number=event.number, aside=event.aside,
                    lost=len(event.aside))
        return s.with_trucker(seat, t)

    def _flaw(self, s: State, ask: Ask, event: Fix) -> State:
        """GT-F27: a flaw found in flight, logged at the player's gate: the tiles named are
        removed (and what falls with them) as lost components, and 1 credit goes to the bank;
        then the player still says go or quit."""
        seat = ask.seat
        t = s.truckers[seat]
        assert t.ship is not None
        if not s.drawn:
            raise self._refuse(replace(s, ask=ask), "GT-F27", "a flaw counts as found in "
                               "flight only after the round's first card; before it, the "
                               "spot check (GT-F4) has passed this ship")
        try:
            done = repair(t.ship, event.removed)
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        t = _strip(replace(t, ship=done.ship, lost=t.lost + done.lost, credits=t.credits - 1))
        s = self._note(s.with_trucker(seat, t), f"{self._who(s, seat)} fixes a flaw: "
                       f"{_flaw_words(event.removed)} removed, 1 credit to the bank")
        return replace(s, ask=ask)

    def _place_crew(self, s: State, ask: Ask, event: GTEvent) -> State:
        seat, t = ask.seat, s.truckers[ask.seat]
        assert isinstance(event, Aliens) and t.ship is not None
        colours = [a for _, a in event.aliens]
        cabins = [c for c, _ in event.aliens]
        if len(set(colours)) != len(colours) or len(set(cabins)) != len(cabins):
            raise self._refuse(replace(s, ask=ask), "GT-C4", "at most one alien of each "
                               "colour, one per cabin")
        try:
            crew = full_crew(t.ship, {(Alien.PURPLE if a == "P" else Alien.BROWN): c
                                      for c, a in event.aliens})
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        s = s.with_trucker(seat, replace(t, crew=crew))
        return replace(s, stage=replace(s.stage, todo=s.stage.todo[1:]))

    # -- options for an ask: one generator per kind of ask (``_OPTIONS``) -----------------------
    def _options(self, s: State, ask: Ask) -> list[GTEvent]:
        return _OPTIONS[ask.kind](self, s, ask)

    def _offer_enter(self, s: State, ask: Ask) -> list[GTEvent]:
        ships = offers(s.tile_seed, ask.seat, frozenset(_used(s)), ROUND_BOARD[s.round])
        taken = {x.number for x in s.truckers if x.number is not None}
        return [Enter(n, text) for n in range(1, len(s.truckers) + 1) if n not in taken
                for text in ships]

    def _offer_fix(self, s: State, ask: Ask) -> list[GTEvent]:
        ship = s.truckers[ask.seat].ship
        assert ship is not None
        return [Fix(tuple(sorted(r.removed))) for r in repair_options(ship)]

    def _offer_defend(self, s: State, ask: Ask) -> list[GTEvent]:
        hit = self._impact(s, ask.seat)
        out: list[GTEvent] = [Take()]
        batteries = _battery_list(s.truckers[ask.seat])
        for d in hit.defences:
            if d.cost == 0:
                out.append(Defend(d.tile))
            elif batteries:
                out.append(Defend(d.tile, batteries[0]))
        return out

    def _offer_keep(self, s: State, ask: Ask) -> list[GTEvent]:
        ship = s.truckers[ask.seat].ship
        assert ship is not None
        return [Keep(min(p)) for p in ship.pieces()]

    def _offer_cargo(self, s: State, ask: Ask) -> list[GTEvent]:
        t = s.truckers[ask.seat]
        if t.ship is None:
            return [Cargo(())]
        now = cargo.best(t.ship, t.goods_list)
        better = cargo.best(t.ship, t.goods_list + ask.goods)
        return list(dict.fromkeys([Cargo(better), Cargo(now), Cargo(t.goods)]))

    def _offer_land(self, s: State, ask: Ask) -> list[GTEvent]:
        taken = {row for _, row in s.stage.marks}
        rows = range(1, len(_card_of(s).planets) + 1)
        return [*(Land(r) for r in rows if r not in taken), No()]

    def _offer_ship(self, s: State, ask: Ask) -> list[GTEvent]:
        crew, need = s.truckers[ask.seat].crew, _card_of(s).crew
        if crew.total < need:
            return [No()]
        return [*(Yes(x) for x in _crew_choices(crew, need)), No()]

    def _offer_station(self, s: State, ask: Ask) -> list[GTEvent]:
        return [Yes(), No()] if s.truckers[ask.seat].crew.total >= _card_of(s).crew else [No()]

    # -- card resolution: one step handler per kind of card (``_CARD_STEPS``) -----------------
    def _card_step(self, s: State, c: Card) -> State:
        step = s.stage.step
        if step == "end":
            return self._end_card(s)
        if step.startswith("shots"):
            return self._shots_step(s)
        return _CARD_STEPS[c.kind](self, s, c)

    def _open_step(self, s: State, c: Card) -> State:
        st = s.stage
        if st.step == "":
            return replace(s, stage=Stage(step="go", todo=s.order()))
        if not st.todo:
            return self._end_card(s)
        return self._ask(s, st.todo[0], "engines")

    def _planets_step(self, s: State, c: Card) -> State:
        st = s.stage
        landed = {seat for seat, _ in st.marks}
        if st.step == "":
            return replace(s, stage=Stage(step="choose", todo=s.order()))
        if st.step == "choose":
            if not st.todo:
                return replace(s, stage=replace(st, step="load", todo=tuple(
                    x for x in s.order() if x in landed)))
            return self._ask(s, st.todo[0], "land")
        if st.step == "load":
            if not st.todo:
                return replace(s, stage=replace(st, step="back"))
            row = dict(st.marks)[st.todo[0]]
            return self._ask(s, st.todo[0], "cargo", goods=c.planets[row - 1])
        for seat in reversed(s.order()):  # farthest behind moves first
            if seat in landed:
                s = self._move(s, seat, -c.days)
        return self._end_card(s)

    def _derelict_step(self, s: State, c: Card) -> State:
        """Abandoned ship or station: offered in flight order; a station then loads."""
        st = s.stage
        if st.step == "":
            return replace(s, stage=Stage(step="offer", todo=s.order()))
        if st.step == "offer":
            if not st.todo:
                return self._end_card(s)
            return self._ask(s, st.todo[0], "ship" if c.kind == "ship" else "station",
                             count=c.crew)
        return self._load_then_back(s, c)

    def _meteors_step(self, s: State, c: Card) -> State:
        if s.stage.step == "":
            return self._start_shots(s, c.threats, s.order(), "end")
        raise AssertionError(s.stage.step)

    def _stardust_step(self, s: State, c: Card) -> State:
        for seat in reversed(s.order()):
            ship = s.truckers[seat].ship
            n = ship.exposed_connectors if ship else 0
            s = self._move(s, seat, -n)
            s = self._note(s, f"{self._who(s, seat)} loses {n} flight days to stardust")
        return self._end_card(s)

    def _epidemic_step(self, s: State, c: Card) -> State:
        for seat in s.order():
            t = s.truckers[seat]
            if t.ship is not None:
                crew = after_epidemic(t.ship, t.crew)
                if crew != t.crew:
                    s = self._note(s, f"{self._who(s, seat)} loses "
                                   f"{t.crew.total - crew.total} crew to the epidemic")
                s = s.with_trucker(seat, replace(t, crew=crew))
        return self._end_card(s)

    def _sabotage_step(self, s: State, c: Card) -> State:
        if len(s.order()) < 2:
            return self._end_card(s)  # alone: ignored (the text)
        victim = min(s.order(), key=lambda x: (s.truckers[x].crew.total, s.order().index(x)))
        s = self._note(s, f"saboteurs strike {self._who(s, victim)}")
        return replace(s, stage=Stage(step="sab-col-wait", victim=victim), need="roll")

    def _load_then_back(self, s: State, c: Card) -> State:
        st = s.stage
        assert st.victim is not None
        if st.step == "load":
            if st.todo:
                return self._ask(s, st.todo[0], "cargo", goods=c.goods)
            s = self._move(s, st.victim, -c.days)
            nxt = "after" if c.kind == "smugglers" else "end"
            return replace(s, stage=replace(st, step=nxt))
        raise AssertionError(st.step)

    def _enemy_step(self, s: State, c: Card) -> State:
        st = s.stage
        if st.step == "":
            return replace(s, stage=Stage(step="fight", todo=s.order()))
        if st.step == "fight":
            if not st.todo:
                return replace(s, stage=replace(st, step="after"))
            return self._ask(s, st.todo[0], "cannons")
        if st.step == "reward":
            assert st.victim is not None
            return replace(s, ask=Ask(st.victim, "reward"))
        if st.step == "load":
            return self._load_then_back(s, c)
        if st.step == "after":
            if c.kind == "pirates" and st.defeated:
                return self._start_shots(s, c.threats, st.defeated, "end")
            return self._end_card(s)
        raise AssertionError(st.step)

    def _combat_step(self, s: State, c: Card) -> State:
        st = s.stage
        if st.step == "":
            if len(s.order()) < 2:
                return self._end_card(s)  # alone: ignored (the text)
            return replace(s, stage=Stage(step="line", czline=0))
        if st.step == "line":
            if st.czline >= len(c.lines):
                return self._end_card(s)
            line = c.lines[st.czline]
            if line.criterion == "crew":
                values = tuple((x, Fraction(s.truckers[x].crew.total)) for x in s.order())
                return self._combat_penalty(replace(s, stage=replace(st, values=values)), c)
            return replace(s, stage=replace(st, step="measure", todo=s.order(), values=()))
        if st.step == "measure":
            if not st.todo:
                return self._combat_penalty(s, c)
            if c.lines[st.czline].criterion == "engines":
                return self._ask(s, st.todo[0], "engines")
            return self._ask(s, st.todo[0], "cannons")
        raise AssertionError(st.step)

    def _combat_penalty(self, s: State, c: Card) -> State:
        """The weakest pays; a tie goes to the player farthest ahead (GT-F14)."""
        st = s.stage
        line = c.lines[st.czline]
        order = s.order()
        values = dict(st.values)
        loser = min(order, key=lambda x: (values[x], order.index(x)))
        s = self._note(s, f"{line.describe()}: {self._who(s, loser)} "
                       f"({format_strength(values[loser])})")
        nxt = replace(st, step="line", czline=st.czline + 1, values=(), todo=())
        s = replace(s, stage=nxt)
        if line.penalty == "days":
            return self._move(s, loser, -line.amount)
        if line.penalty == "crew":
            return self._lose_crew(s, loser, line.amount)
        if line.penalty == "goods":
            return self._lose_goods(s, loser, line.amount)
        return self._start_shots(s, line.threats, (loser,), "line")

    # -- shots and meteors ------------------------------------------------------------------
    def _start_shots(self, s: State, threats: tuple[Threat, ...], targets: tuple[int, ...],
                     after: str) -> State:
        st = replace(s.stage, step="shots-roll", threats=threats,
                     shot=0, defeated=targets, after=after, line=None)
        return replace(s, stage=st)

    def _shots_step(self, s: State) -> State:
        st = s.stage
        if st.step == "shots-roll":
            if st.shot >= len(st.threats):
                return replace(s, stage=replace(st, step=st.after, threats=(), defeated=()))
            return replace(s, stage=replace(st, step="shots-wait"), need="roll")
        assert st.step == "shots-hit"
        if not st.targets:
            return replace(s, stage=replace(st, step="shots-roll", shot=st.shot + 1,
                                            line=None))
        seat = st.targets[0]
        ship = s.truckers[seat].ship
        if ship is None or not len(ship):
            return replace(s, stage=replace(st, targets=st.targets[1:]))
        hit = self._impact(s, seat)
        if hit.outcome != "hit":
            s = self._note(s, f"{self._who(s, seat)}: {hit.describe()}")
            return replace(s, stage=replace(st, targets=st.targets[1:]))
        return self._ask(replace(s, stage=replace(st, targets=st.targets[1:])), seat, "defend")

    def _impact(self, s: State, seat: int) -> Impact:
        st = s.stage
        ship = s.truckers[seat].ship
        assert ship is not None and st.line is not None
        return impact(ship, st.threats[st.shot], st.line)

    def _defend(self, s: State, ask: Ask, event: GTEvent) -> State:
        assert isinstance(event, (Defend, Take))
        seat, t = ask.seat, s.truckers[ask.seat]
        hit = self._impact(s, seat)
        assert t.ship is not None and hit.struck is not None
        if isinstance(event, Take):
            s = self._note(s, f"{self._who(s, seat)}: {hit.describe()}; it is destroyed")
            return self._destroy(s, seat, hit.struck.id)
        options = {d.tile: d for d in hit.defences}
        d = options.get(event.tile)
        if d is None:
            raise self._refuse(replace(s, ask=ask), "GT-H4" if hit.threat.size == "l"
                               else "GT-H5" if hit.threat.size == "H"
                               else "GT-H2" if hit.threat.size == "S" else "GT-H3",
                               f"#{event.tile} cannot stop the {hit.threat.describe()}")
        if d.cost == 0:
            if event.battery is not None:
                raise self._refuse(replace(s, ask=ask), "GT-E3", f"#{event.tile} is a simple "
                                   "cannon and needs no battery")
            return self._note(s, f"{self._who(s, seat)} shoots it with #{event.tile}")
        if event.battery is None:
            raise self._refuse(replace(s, ask=ask), "GT-E3", f"#{event.tile} needs a battery "
                               "token: name the battery (def:tile@battery)")
        try:
            left = spend_batteries(t.ship, dict(t.batteries), [event.battery])
        except IllegalMove as exc:
            raise self._refuse_as(s, ask, exc) from None
        s = s.with_trucker(seat, replace(t, batteries=tuple(sorted(left.items()))))
        return self._note(s, f"{self._who(s, seat)} stops it with #{event.tile}")

    def _destroy(self, s: State, seat: int, tile: int) -> State:
        t = s.truckers[seat]
        assert t.ship is not None
        dmg = destroy(t.ship, tile)
        t = _strip(replace(t, ship=dmg.ship, lost=t.lost + 1))  # all pieces, until one is kept
        if len(dmg.pieces) > 1:
            return self._ask(s.with_trucker(seat, t), seat, "keep")
        return s.with_trucker(seat, t)

    def _sabotage_hit(self, s: State, victim: int, row: int, col: int) -> State:
        st = s.stage
        ship = s.truckers[victim].ship
        tile = ship.at((row, col)) if ship is not None else None
        if tile is not None:
            s = self._note(s, f"sabotage destroys {tile.describe()}")
            return self._destroy(replace(s, stage=replace(st, step="end")), victim, tile.id)
        tries = st.tries + 1
        s = self._note(s, f"sabotage: nothing at row {row}, column {col}")
        if tries >= 3:
            return replace(s, stage=replace(st, step="end", tries=tries))
        return replace(s, stage=replace(st, step="sab-col-wait", tries=tries, col=None),
                       need="roll")

    # -- power, losses, movement ---------------------------------------------------------------
    def _power(self, s: State, ask: Ask, event: GTEvent) -> State:
        assert isinstance(event, Power)
        seat, t = ask.seat, s.truckers[ask.seat]
        ship = t.ship
        engines = ask.kind == "engines"
        rule = "GT-E1" if engines else "GT-E2"
        if len(event.batteries) != len(event.doubles):
            raise self._refuse(replace(s, ask=ask), "GT-F25", "each powered double takes one "
                               "battery token: name as many batteries as doubles")
        if ship is None:
            strength = Fraction(0)
            if event.doubles:
                raise self._refuse(replace(s, ask=ask), rule, "there is no ship left to power")
        else:
            try:
                strength = (Fraction(engine_strength(ship, t.crew, event.doubles)) if engines
                            else cannon_strength(ship, t.crew, event.doubles))
                left = spend_batteries(ship, dict(t.batteries), event.batteries)
            except IllegalMove as exc:
                raise self._refuse_as(s, ask, exc) from None
            t = replace(t, batteries=tuple(sorted(left.items())))
            s = s.with_trucker(seat, t)
        who = self._who(s, seat)
        s = self._note(s, f"{who}: {'engine' if engines else 'cannon'} strength "
                       f"{format_strength(strength)}")
        assert s.card is not None
        c = card(s.card)
        st = s.stage
        todo = st.todo[1:]
        if c.kind == "open":
            s = replace(s, stage=replace(st, todo=todo))
            if strength == 0:
                return self._note(s.with_trucker(seat, replace(t, doom="Open Space with no "
                                                               "engine power")),
                                  f"{who} has no engine power and must give up")
            return self._move(s, seat, int(strength))
        if c.kind == "combat":
            return replace(s, stage=replace(st, todo=todo,
                                            values=(*st.values, (seat, strength))))
        # an enemy (GT-F12): greater wins, equal ties, lower loses
        if strength > c.strength:
            s = self._note(s, f"{who} defeats the {c.title.lower()}")
            return replace(s, stage=replace(st, todo=(), step="reward", victim=seat))
        s = replace(s, stage=replace(st, todo=todo))
        if strength == c.strength:
            return self._note(s, f"{who} ties with the {c.title.lower()}")
        s = self._note(s, f"{who} is defeated by the {c.title.lower()}")
        if c.kind == "smugglers":
            return self._lose_goods(s, seat, c.loss)
        if c.kind == "slavers":
            return self._lose_crew(s, seat, c.loss)
        return replace(s, stage=replace(s.stage, defeated=(*s.stage.defeated, seat)))

    def _lose_goods(self, s: State, seat: int, count: int) -> State:
        """Most valuable goods first, then battery tokens (GT-F19); the player names the
        tiles when more than one could give (the text: "you decide")."""
        t = s.truckers[seat]
        if cargo.has_choice(t.goods, t.batteries, count):
            return self._ask(s, seat, "drop", count=count)
        plan = cargo.drop_plans(t.goods, t.batteries, count)[0]
        holds, batteries = cargo.drop(t.goods, t.batteries, plan, count)
        return s.with_trucker(seat, replace(t, goods=holds, batteries=batteries))

    def _lose_crew(self, s: State, seat: int, count: int) -> State:
        t = s.truckers[seat]
        if t.crew.total <= count:
            return s.with_trucker(seat, replace(t, crew=Crew()))  # all they have (GT-F20)
        return self._ask(s, seat, "lose", count=count)

    def _move(self, s: State, seat: int, days: int) -> State:
        t = s.truckers[seat]
        if not days or t.pos is None:
            return s
        others = [x.pos for i, x in enumerate(s.truckers)
                  if i != seat and x.active and x.pos is not None]
        return s.with_trucker(seat, replace(t, pos=move(t.pos, days, others)))

    def _end_card(self, s: State) -> State:
        """Forced give-ups once the card is dealt with (GT-F21): no humans, no engine power
        in Open Space, lapped by the leader."""
        truckers = list(s.truckers)
        notes = []
        for i, t in enumerate(truckers):
            if not t.active:
                continue
            why = t.doom or ("no humans left on board" if t.crew.humans == 0 else None)
            if why:
                truckers[i] = replace(t, out=True, doom=None)
                notes.append(f"{self._who(s, i)} gives up: {why}")
        s = replace(s, truckers=tuple(truckers))
        order = s.order()
        if order:
            lead = s.truckers[order[0]].pos or 0
            for i in order[1:]:
                t = s.truckers[i]
                if t.pos is not None and lapped(lead, t.pos):
                    s = s.with_trucker(i, replace(t, out=True))
                    notes.append(f"{self._who(s, i)} gives up: lapped by the leader")
        s = replace(s, log=(*s.log, *notes), phase="gate", stage=Stage(todo=()))
        return replace(s, stage=Stage(todo=s.order()))

    # -- notation -------------------------------------------------------------------------
    def parse(self, text: str) -> GTEvent:
        return parse_event(text)

    def notation(self, event: GTEvent) -> str:
        return format_event(event)

    def describe(self, state: State, event: GTEvent) -> str:
        from pnp.games.galaxy_trucker.captions import describe

        return describe(state, event)

    def confirm(self, state: State, event: GTEvent) -> str | None:
        """Giving up a round is asked twice: a stray tap would cost the rest of the flight."""
        return "Give up this round?" if isinstance(event, Quit) else None

    def parse_line(self, text: str) -> list[GTEvent]:
        """Events separated by white space (commas belong to squares and lists); a ship
        entry's tiles may be separated by spaces too (``events.split_line``)."""
        return [self.parse(tok) for tok in split_line(text)]

    # -- results --------------------------------------------------------------------------
    def scores(self, state: State) -> list[int]:
        return [t.credits for t in state.truckers]

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        ranked = sorted(range(len(state.truckers)), key=lambda i: -state.truckers[i].credits)
        winners = tuple(i for i in ranked if state.truckers[i].credits >= 1)
        if not winners:
            return Outcome((), "no profit", "nobody ended with a credit")
        top = state.truckers[winners[0]].credits
        best = [self._who(state, i) for i in winners if state.truckers[i].credits == top]
        return Outcome(winners, "win", f"everyone with a credit wins; most credits ({top}): "
                       f"{', '.join(best)}")

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], self.typed_summary(state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        c = card(state.card) if state.card else None
        lead = max((t.pos for t in state.truckers if t.active and t.pos is not None),
                   default=0)
        ships: list[ShipSummary] = []
        for i, t in enumerate(state.truckers):
            ships.append({
                "seat": i, "name": self._who(state, i), "number": t.number,
                "space": t.pos % LOOP if t.pos is not None else None, "pos": t.pos,
                "lapped": t.active and t.pos is not None and lapped(lead, t.pos),
                "flying": t.active, "gave_up": t.out, "credits": t.credits,
                "board": t.ship.board.name if t.ship else ROUND_BOARD[state.round],
                "ship": format_ship(t.ship) if t.ship else None,
                "crew": format_crew(t.crew),
                "berths": [{"cabin": cabin, "humans": b.humans,
                            "alien": format_berth(b) if b.alien is not None else None}
                           for cabin, b in t.crew.berths],
                "humans": t.crew.humans, "crew_total": t.crew.total,
                "batteries": {str(k): v for k, v in t.batteries},
                "goods": {str(k): v for k, v in t.goods},
                "lost": t.lost,
                "exposed": t.ship.exposed_connectors if t.ship else None,
                "history": list(t.history),
            })
        outcome = self.outcome(state)
        ask = state.ask
        return {
            "now": self._now(state),
            "flight": self._flight_line(state),
            "tile_seed": state.tile_seed,  # the printed tile set: ids -> tiles for drawings
            "loop": LOOP,
            "round": state.round, "round_number": state.round_index + 1,
            "rounds": list(state.rounds), "phase": state.phase,
            "order": list(state.order()), "ships": ships,
            "card": {"id": c.id, "title": c.title, "text": c.describe(),
                     "stage": state.stage.step} if c else None,
            "cards_turned": len(state.drawn),
            "deck_size": deck_size(state.round, state.test_flight),
            "awaiting": ("over" if state.phase == "over" else "chance" if state.need
                         else "decision"),
            "decision": ({"seat": ask.seat, "name": self._who(state, ask.seat),
                          "kind": ask.kind, "what": ASK_WORDS[ask.kind]}
                         if ask and not state.need else None),
            "chance": self._need_words(state) if state.need else None,
            "dice": state.last_roll,
            "events": list(state.log),
            "credits": self.scores(state),
            "result": outcome.detail if outcome else None,
        }

    def _now(self, state: State) -> str:
        """One line: the card and what is awaited."""
        if state.phase == "over":
            outcome = self.outcome(state)
            return f"game over: {outcome.detail if outcome else ''}"
        head = f"round {state.round}, card {len(state.drawn)}/" \
               f"{deck_size(state.round, state.test_flight)}"
        if state.card:
            head += f" ({card(state.card).describe()})"
        if state.need:
            return f"{head}: log the {self._need_words(state)}"
        if state.ask:
            return f"{head}: {self._who(state, state.ask.seat)} to {ASK_WORDS[state.ask.kind]}"
        return head

    def _flight_line(self, state: State) -> str:
        """The flight board, leader first: name and space; those who gave up last."""
        flying = [f"{self._who(state, i)} on {(state.truckers[i].pos or 0) % LOOP}"
                  for i in state.order()]
        out = [self._who(state, i) for i, t in enumerate(state.truckers) if t.out]
        return " > ".join(flying) + (f" (gave up: {', '.join(out)})" if out else "")


_EXPECTED: dict[str, tuple[type, ...]] = {
    "enter": (Enter,), "fix": (Fix,), "crew": (Aliens,), "gate": (Go, Quit, Fix),
    "engines": (Power,), "cannons": (Power,), "land": (Land, No), "ship": (Yes, No),
    "station": (Yes, No), "reward": (Yes, No), "cargo": (Cargo,), "lose": (Lose,), "drop": (Drop,),
    "defend": (Defend, Take), "keep": (Keep,),
}


_Answer = Callable[[GalaxyTrucker, State, Ask, GTEvent], State]
_Offer = Callable[[GalaxyTrucker, State, Ask], list[GTEvent]]
_CardStep = Callable[[GalaxyTrucker, State, Card], State]

_ANSWERS: dict[AskKind, _Answer] = {
    "enter": GalaxyTrucker._answer_enter, "fix": GalaxyTrucker._answer_fix,
    "crew": GalaxyTrucker._place_crew, "gate": GalaxyTrucker._answer_gate,
    "engines": GalaxyTrucker._power, "cannons": GalaxyTrucker._power,
    "defend": GalaxyTrucker._defend, "keep": GalaxyTrucker._answer_keep,
    "cargo": GalaxyTrucker._answer_cargo, "drop": GalaxyTrucker._answer_drop,
    "lose": GalaxyTrucker._answer_lose, "land": GalaxyTrucker._answer_land,
    "ship": GalaxyTrucker._answer_ship, "station": GalaxyTrucker._answer_station,
    "reward": GalaxyTrucker._answer_reward,
}
"""How each kind of ask is answered (the event's type already checked, ``_EXPECTED``)."""

_OPTIONS: dict[AskKind, _Offer] = {
    "enter": GalaxyTrucker._offer_enter, "fix": GalaxyTrucker._offer_fix,
    "gate": lambda g, s, ask: [Go(), Quit()],
    "crew": lambda g, s, ask: [Aliens(a) for a in _alien_options(s.truckers[ask.seat].ship)],
    "engines": lambda g, s, ask: list(_power_options(s.truckers[ask.seat], "engines")),
    "cannons": lambda g, s, ask: list(_power_options(s.truckers[ask.seat], "cannons")),
    "defend": GalaxyTrucker._offer_defend, "keep": GalaxyTrucker._offer_keep,
    "cargo": GalaxyTrucker._offer_cargo,
    "lose": lambda g, s, ask: [Lose(c) for c in _crew_choices(s.truckers[ask.seat].crew,
                                                              ask.count)],
    "drop": lambda g, s, ask: [Drop(p) for p in cargo.drop_plans(
        s.truckers[ask.seat].goods, s.truckers[ask.seat].batteries, ask.count)],
    "land": GalaxyTrucker._offer_land, "ship": GalaxyTrucker._offer_ship,
    "station": GalaxyTrucker._offer_station, "reward": lambda g, s, ask: [Yes(), No()],
}
"""The legal answers to each kind of ask, in the order the legal list shows them."""

_CARD_STEPS: dict[str, _CardStep] = {
    "open": GalaxyTrucker._open_step, "planets": GalaxyTrucker._planets_step,
    "ship": GalaxyTrucker._derelict_step, "station": GalaxyTrucker._derelict_step,
    "meteors": GalaxyTrucker._meteors_step, "smugglers": GalaxyTrucker._enemy_step,
    "slavers": GalaxyTrucker._enemy_step, "pirates": GalaxyTrucker._enemy_step,
    "combat": GalaxyTrucker._combat_step, "stardust": GalaxyTrucker._stardust_step,
    "epidemic": GalaxyTrucker._epidemic_step, "sabotage": GalaxyTrucker._sabotage_step,
}
"""The next step of the card turned up, by the card's kind (a step awaits an answer or a
roll, or moves the card on; shots and the card's end are shared)."""

def _next(s: State) -> State:
    """The current stage with its first seat done."""
    return replace(s, stage=replace(s.stage, todo=s.stage.todo[1:]))


def _card_of(s: State) -> Card:
    assert s.card is not None
    return card(s.card)


def _used(s: State) -> set[int]:
    """Tiles on a ship or set aside this round."""
    return {i for t in s.truckers if t.ship for i in (*t.ship.ids, *t.aside)}


def _flaw_words(removed: tuple[int, ...]) -> str:
    return ", ".join(f"#{i}" for i in removed)


def _strip(t: Trucker) -> Trucker:
    """Crew, batteries and goods on tiles no longer on the ship go (GT-C5)."""
    assert t.ship is not None
    crew, _ = crew_after_loss(t.ship, t.crew)
    ids = t.ship.ids
    return replace(t, crew=crew, batteries=tuple(b for b in t.batteries if b[0] in ids),
                   goods=tuple(g for g in t.goods if g[0] in ids))


def _power_options(t: Trucker, kind: str) -> tuple[Power, ...]:
    ship = t.ship
    if ship is None:
        return (Power((), ()),)
    batteries = _battery_list(t)
    if kind == "engines":
        doubles = [p.id for p in ship.of_kind(Kind.DOUBLE_ENGINE)]
    else:
        choices = cannon_choices(ship, t.crew, len(batteries))
        doubles = list(choices[-1].powered) if choices else []
        doubles += [p.id for p in ship.of_kind(Kind.DOUBLE_CANNON) if p.id not in doubles]
    n = min(len(doubles), len(batteries))
    return tuple(Power(tuple(doubles[:k]), tuple(batteries[:k])) for k in range(n + 1))


def _alien_options(ship: Ship | None) -> list[tuple[tuple[int, str], ...]]:
    if ship is None:
        return [()]
    able: dict[str, list[int]] = {"B": [], "P": []}
    for p in ship.of_kind(Kind.CABIN):
        for a in supports(ship, p):
            able["B" if a is Alien.BROWN else "P"].append(p.id)
    out: list[tuple[tuple[int, str], ...]] = []
    for b in [None, *able["B"]]:
        for q in [None, *able["P"]]:
            if b is not None and b == q:
                continue
            pairs = [(x, a) for x, a in ((b, "B"), (q, "P")) if x is not None]
            out.append(tuple(sorted(pairs)))
    return out


def _crew_choices(crew: Crew, count: int) -> list[tuple[int, ...]]:
    """Canonical ways to give up ``count`` figures: humans first, or aliens first."""
    out = []
    for aliens_first in (False, True):
        picks: list[int] = []
        berths = sorted(crew.berths, key=lambda cb: ((cb[1].alien is None) == aliens_first,
                                                     cb[0]))
        for cabin, berth in berths:
            picks += [cabin] * berth.count
        if len(picks) >= count:
            out.append(tuple(picks[:count]))
    return list(dict.fromkeys(out))


def _rounds(value: object) -> tuple[str, ...]:
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not items:
        raise SetupError("option 'rounds' lists the rounds to play, e.g. '1,2,3' or "
                         "'1,2,3,3a'")
    out = tuple(str(x).lower() for x in items)
    bad = [r for r in out if r not in ROUND_NAMES]
    if bad:
        raise SetupError(f"unknown round {bad[0]!r}; rounds are 1, 2, 3 and 3a")
    return out


SETUP_FIELDS = ("chance", "tiles", "rounds", "test_flight", "first_game",
                DEAL_SEED)


def _redistribute(s: State) -> State:
    """GT-G7, the first game's spot check: the number tiles go to the legal ships first, in
    their order, and the highest ones to the ships that had to be fixed, in theirs."""
    seats = sorted(range(len(s.truckers)), key=lambda i: (i in s.fixed,
                                                          s.truckers[i].number or 0))
    for number, seat in enumerate(seats, 1):
        s = s.with_trucker(seat, replace(s.truckers[seat], number=number))
    return s


def _check_setup(setup: Mapping[str, JSON]) -> tuple[int, tuple[str, ...], bool, str]:
    check_fields("Galaxy Trucker setup field", setup, SETUP_FIELDS)
    chance = chance_setup(setup)
    tiles = setup.get("tiles")
    if isinstance(tiles, bool) or not isinstance(tiles, int) or not 0 <= tiles < 2**63:
        raise SetupError("setup 'tiles' is the whole-number seed of the printed tile set")
    test = setup.get("test_flight", False)
    if not isinstance(test, bool):
        raise SetupError("setup 'test_flight' is true or false")
    if not isinstance(setup.get("first_game", False), bool):
        raise SetupError("setup 'first_game' is true or false (GT-G7)")
    rounds = _rounds(setup.get("rounds"))
    if test and rounds[0] != "1":
        raise SetupError("the test flight (GT-7) is a round-1 option: start the rounds with 1")
    return tiles, rounds, test, str(chance)

