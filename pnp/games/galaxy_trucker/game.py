"""The Galaxy Trucker flight engine (Vlaada Chvátil): rounds, adventure cards, giving up, pay.

Building is real time and physical, so a round opens with each player entering the finished
ship (part 1 notation) and the number tile taken; the spot check (GT-R1 repairs) and crew
placement follow, then the flight: before each card every player still flying says ``go`` or
``quit``; the card is a chance event; its decisions are asked one player at a time in the
order the text gives.  Rule ids: GT-1..GT-9 (shared rulings), part 1's ship ids, and GT-F1..
GT-F26 / GT-FR1.. (docs/rulings-galaxy-trucker.md, "Flight (part 2)").

This module is the run loop (rounds, chance, awaiting a decision) and the public summary; the
stages are tables of handlers in their own modules: ``answers`` (one per kind of ask),
``adventures`` (one per kind of card), ``offers`` (the legal list), ``flow`` (what they share).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, cast

from pnp.engine import CHANCE, Game, IllegalMove, Outcome, SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields, legal_hint
from pnp.engine.game import JSON
from pnp.engine.values import edit, replace
from pnp.games.galaxy_trucker import goods as cargo
from pnp.games.galaxy_trucker import results
from pnp.games.galaxy_trucker.adventures import (
    CARD_STEPS,
    end_card,
    sabotage_hit,
    shots_hit,
    shots_step,
)
from pnp.games.galaxy_trucker.answers import ANSWERS, decide
from pnp.games.galaxy_trucker.boards import BOARDS
from pnp.games.galaxy_trucker.cards import card
from pnp.games.galaxy_trucker.check import check
from pnp.games.galaxy_trucker.crew import full_batteries
from pnp.games.galaxy_trucker.events import (
    Cargo,
    Flip,
    GTEvent,
    Power,
    Quit,
    Roll,
    format_event,
    parse_event,
    split_line,
)
from pnp.games.galaxy_trucker.flight import start_positions
from pnp.games.galaxy_trucker.flow import who
from pnp.games.galaxy_trucker.offers import has_choice, options, refuse
from pnp.games.galaxy_trucker.offers import legal as legal_events
from pnp.games.galaxy_trucker.results import need_words
from pnp.games.galaxy_trucker.rounds import (
    chance_outcomes,
    deal,
    deck_size,
    dice,
    is_dealt,
    may_flip,
    settle,
)
from pnp.games.galaxy_trucker.state import (
    NO_STAGE,
    ROUND_BOARD,
    ROUND_GAP,
    Ask,
    AskKind,
    Stage,
    State,
    Trucker,
    ask_of,
    edit_stage,
    edit_trucker,
)
from pnp.games.galaxy_trucker.summary import Summary
from pnp.games.galaxy_trucker.tiles import PILOT_COLOURS, PILOT_IDS

ROUND_NAMES = tuple(ROUND_BOARD)
NO_POWER: list[GTEvent] = [Power((), ())]
AUTO: frozenset[str] = frozenset({"crew", "engines", "cannons", "land", "ship", "station",
                                  "defend", "keep"})


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
        return legal_events(state)

    def playout_choices(self, state: State) -> list[GTEvent]:
        """Random playouts never give up voluntarily (they would end most rounds early)."""
        return [e for e in self.legal(state) if not isinstance(e, Quit)]

    def chance_outcomes(self, state: State) -> list[GTEvent]:
        return chance_outcomes(state)

    def dealt_outcome(self, state: State) -> GTEvent | None:
        if state.seed is None or state.need is None or state.phase == "over":
            return None
        if state.need == "card":
            return Flip(state.deck[0]) if state.deck else None
        return Roll(dice(state.seed, state.round_index, state.rolls))

    # -- the rules ------------------------------------------------------------------------
    def apply(self, state: State, event: GTEvent) -> State:
        """One new state an event: the event's first step copies ``state`` once (the draft:
        in ``_chance`` with the outcome's changes, or in ``answers.decide`` once the answer's
        type is checked), every step after changes that copy in place (``values.edit``), and
        it is handed out once the run loop awaits a decision or a chance outcome."""
        try:
            if state.phase == "over":
                raise IllegalMove("GT-F23", "the game is over; nothing more can be logged")
            if type(event) is Flip or type(event) is Roll:
                s = self._chance(state, event)
            elif state.need is not None:
                raise IllegalMove("GT-F24", f"first log the {need_words(state)}",
                                  lambda: [format_event(e) for e in chance_outcomes(state)])
            else:
                s = decide(self, state, event)
            while s.ask is None and s.need is None and s.phase != "over":  # the run loop
                s = self._step(s)
            return s
        except IllegalMove as exc:
            if not state.auto:
                raise
            done = ", ".join(state.auto)
            raise exc.amended(f" (already applied by itself, the only possible answer "
                              f"(GT-FR4): {done})") from None

    # -- the run loop: go on until a decision or a chance outcome is awaited --------------
    def _run(self, s: State) -> State:
        while s.ask is None and s.need is None and s.phase != "over":
            s = self._step(s)
        return s

    def ask(self, s: State, seat: int, kind: AskKind, goods: str = "",
            count: int = 0) -> State:
        """Await a decision; one with a single possible answer is applied at once (GT-FR4).
        The handler modules call it back (``flow.Flight``)."""
        if kind == "cargo":  # GT-G8: what the bank no longer holds is not given
            goods = cargo.from_bank(goods, "".join(t.goods_list for t in s.truckers))
        ask = ask_of(seat, kind, goods, count)
        ship = s.truckers[seat].ship
        if kind == "cargo" and (ship is None or not cargo.holds_of(ship)):
            return self._auto(s, ask, Cargo(()))  # no hold
        if kind in AUTO and not has_choice(s, ask):
            # engines or cannons with no choice have no double to power, or no token: the
            # one answer is pow:- (``offers.power_options`` lists it alone), not listed again
            answers = NO_POWER if kind == "engines" or kind == "cannons" else options(s, ask)
            if len(answers) == 1:
                return self._auto(s, ask, answers[0])
        return edit(s, ask=ask)

    def _auto(self, s: State, ask: Ask, event: GTEvent) -> State:
        """The only possible answer, applied at once and noted (an answer of the ask's own
        type: ``answers.decide`` less its check, on one new state)."""
        noted = edit(s, ask=None,
                     auto=(*s.auto, f"{who(s, ask.seat)} {format_event(event)}"))
        return ANSWERS[ask.kind](self, noted, ask, event)

    def _step(self, s: State) -> State:
        phase = s.phase
        if phase == "card":  # the card's steps (``adventures``), most steps of a flight
            step = s.stage.step
            if step == "end":
                return end_card(s)
            if step == "shots-hit":  # a hit's defence answered: the shot goes on
                return shots_step(self, s)
            assert s.card is not None
            c = card(s.card)
            return CARD_STEPS[c.kind](self, s, c)
        if phase == "gate":
            if not s.order() or len(s.drawn) >= deck_size(s.round, s.test_flight):
                return self.end_round(s)
            if not s.stage.todo:
                return edit(s, need="card")
            return edit(s, ask=ask_of(s.stage.todo[0], "gate"))
        if phase == "build":
            waiting = [i for i, t in enumerate(s.truckers) if t.ship is None]
            if waiting:
                return self.ask(s, waiting[0], "enter")
            by_number = tuple(sorted(range(len(s.truckers)),
                                     key=lambda i: s.truckers[i].number or 0))
            return edit(s, phase="fix", stage=Stage(todo=by_number))
        assert phase in ("fix", "crew")
        if not s.stage.todo:
            if phase == "fix":
                done = _redistribute(s) if s.learner_check and s.fixed else s
                order = tuple(sorted(range(len(done.truckers)),
                                     key=lambda i: done.truckers[i].number or 0))
                return edit(done, phase="crew", stage=Stage(todo=order), fixed=())
            return self._launch(s)
        seat = s.stage.todo[0]
        ship = s.truckers[seat].ship
        assert ship is not None
        if phase == "fix" and not check(ship):
            return edit_stage(s, todo=s.stage.todo[1:])
        return self.ask(s, seat, phase)

    # -- rounds -----------------------------------------------------------------------------
    def _begin_round(self, s: State) -> State:
        deck = (deal(s.seed, s.round_index, s.round, s.test_flight)
                if s.seed is not None else None)
        truckers = tuple(Trucker(credits=t.credits, pays=t.pays) for t in s.truckers)
        return edit(s, truckers=truckers, phase="build", deck=deck, drawn=(), card=None,
                    stage=NO_STAGE, ask=None, need=None, rolls=0, last_roll=None, log=())

    def _launch(self, s: State) -> State:
        """GT-5 starting positions; batteries full (crew was placed in the crew phase)."""
        starts = start_positions((t.number or 0 for t in s.truckers), ROUND_GAP[s.round])
        truckers = []
        for t in s.truckers:
            assert t.ship is not None and t.number is not None
            batteries = tuple(sorted(full_batteries(t.ship).items()))
            truckers.append(replace(t, pos=starts[t.number], batteries=batteries))
        s = edit(s, truckers=tuple(truckers), phase="gate")
        return edit(s, stage=Stage(todo=s.order()))

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
        s = edit(s, truckers=truckers)
        if s.round_index + 1 >= len(s.rounds):
            return edit(s, phase="over", ask=None, need=None, stage=NO_STAGE, card=None)
        return self._begin_round(edit(s, round_index=s.round_index + 1))

    # -- chance -----------------------------------------------------------------------------
    def _chance(self, state: State, event: Flip | Roll) -> State:
        """The card or roll checked against ``state``, then the event's one new state."""
        if state.need is None:
            raise refuse(state, "GT-F24", f"{format_event(event)}: no card or roll is "
                                          "awaited now")
        if not is_dealt(state, event):
            self._check_chance(state, event)
        if type(event) is Flip:  # the card's first step at once (as the run loop would)
            deck = state.deck[1:] if state.deck else state.deck
            c = card(event.card)
            return CARD_STEPS[c.kind](self, replace(
                state, auto=(), need=None, card=event.card, drawn=(*state.drawn, event.card),
                deck=deck, phase="card", stage=NO_STAGE, log=()), c)
        assert isinstance(event, Roll)
        st = state.stage
        total = event.total
        if st.step == "shots-wait":  # the shot resolved at once (as the run loop would)
            targets = tuple([x for x in state.order() if x in st.defeated])
            return shots_hit(self, replace(state, auto=(), need=None, rolls=state.rolls + 1,
                                           last_roll=total), st, total, targets)
        if st.step == "sab-col-wait":
            return replace(state, auto=(), need="roll", rolls=state.rolls + 1,
                           last_roll=total, stage=replace(st, col=total, step="sab-row-wait"))
        s = replace(state, auto=(), need=None, rolls=state.rolls + 1, last_roll=total)
        assert st.step == "sab-row-wait" and st.col is not None and st.victim is not None
        return sabotage_hit(self, s, st.victim, total, st.col)

    def _check_chance(self, s: State, event: Flip | Roll) -> None:
        """Refuse a card or roll that cannot come now, or is not the seeded deal's next."""
        if not (may_flip(s.round, s.test_flight, s.drawn, event.card) if s.need == "card"
                and isinstance(event, Flip) else
                s.need != "card" and isinstance(event, Roll) and 2 <= event.total <= 12):
            possible = self.chance_outcomes(s)  # listed only for the refusal
            raise IllegalMove("GT-F24", f"{format_event(event)} cannot come now: the table owes "
                              f"the {need_words(s)}; "
                              f"{legal_hint([format_event(e) for e in possible])}",
                              [format_event(e) for e in possible])
        dealt = self.dealt_outcome(s)
        if dealt is not None and event != dealt:
            raise IllegalMove("GT-F24", "this table plays a seeded deal: the "
                              f"next is {format_event(dealt)}, not {format_event(event)}",
                              [format_event(dealt)])

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

    # -- results (``results``) ---------------------------------------------------------------
    def scores(self, state: State) -> list[int]:
        return results.scores(state)

    def outcome(self, state: State) -> Outcome | None:
        return results.outcome(state)

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], results.typed_summary(state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        return results.typed_summary(state)


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
        s = edit_trucker(s, seat, number=number)
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

