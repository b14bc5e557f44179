"""The Wormholes rules engine (Marty and Ron Hale-Evans' starship tactics for the piecepack).

Rule ids: WH-1..WH-6 are the project's rulings (../shared/RULINGS.md); WH-7..WH-18 are the
rulings this engine had to add (docs/rulings.md); WH-T1..WH-T8 name rules the text
states itself:

- WH-T1 order of play: only the event the game awaits now, from the player it awaits.
- WH-T2 dice: a roll shows one face 0-5 for each ship that rolls (seeded play: the seed's).
- WH-T3 a die moves its own ship exactly its number; a null die does not move the ship.
- WH-T4 both dice must be used if they can be, in either order (judged as in WH-10).
- WH-T5 coin values: each side has one coin of each rank per suit (seeded play: the deal's).
- WH-T6 black hole: a ship that activated a null coin misses its owner's next turn.
- WH-T7 a ship landed on is sent to a cell without the lander's own ships.
- WH-T8 the game ends at once when a ship lands on an opposing base.

The game object declares everything and hands each concept to its module: ``offers`` (whose
turn, the event awaited, the legal and chance lists), ``opening`` (opening roll, placement),
``turns`` (roll, die moves, reveals, jumps, sends), ``dice`` (die moves and the WH-10
look-ahead), ``effects`` (landings, jumps, black holes, the next turn) and ``results``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, cast

from pnp.engine import CHANCE, Game, IllegalMove, Outcome, SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields
from pnp.engine.game import JSON
from pnp.engine.values import replace
from pnp.games.wormholes import offers, opening, results, turns
from pnp.games.wormholes.board import BASES, SIDE_NAMES, SIDE_SUITS, SUIT_NAMES, SUITS, render_ascii
from pnp.games.wormholes.events import (
    ChooseFirst,
    Jump,
    Move,
    OpeningRoll,
    Place,
    Reveal,
    Roll,
    RollChoice,
    Send,
    WHEvent,
    format_event,
    parse_event,
)
from pnp.games.wormholes.setup import RANKS, deal_coin_values, propose_layout
from pnp.games.wormholes.state import State, start_ships
from pnp.games.wormholes.summary import Summary

OPTIONS = frozenset({"chance", "two_ships", DEAL_SEED})
SETUP_FIELDS = OPTIONS | {"deal", "dice", "quick_start"}


class Wormholes(Game[State, WHEvent]):
    id: ClassVar[str] = "wormholes"
    deal_seed_option: ClassVar[bool] = True
    title: ClassVar[str] = "Wormholes"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    credits: ClassVar[str] = ("Marty Hale-Evans and Ron Hale-Evans (2001), starship tactics "
                              "for the piecepack")
    blurb: ClassVar[str] = ("Two alien fleets race across an S-shaped galaxy, diving through "
                            "wormholes they seeded themselves to land on the enemy's base.")

    # -- setting up -----------------------------------------------------------------------
    def new_setup(self, seed: int | None, players: Sequence[str],
                  options: Mapping[str, JSON]) -> dict[str, JSON]:
        check_fields("Wormholes option", options, OPTIONS)
        chance = chance_option(options, seed)
        two_ships = options.get("two_ships", False)
        if not isinstance(two_ships, bool):
            raise SetupError(f"option 'two_ships' must be true or false, got {two_ships!r}")
        setup: dict[str, JSON] = {"chance": chance, "two_ships": two_ships}
        if chance == "seeded":
            if seed is None:
                raise SetupError("seeded play needs a seed")
            hidden = deal_seed(options, seed)
            assert hidden is not None
            setup["deal"] = {s: v for s, v in deal_coin_values(hidden).items()}
            copy_deal_seed(options, setup)
            setup["dice"] = "roll n (from 0, opening rolls included) uses Rng(seed, 'dice/<n>')"
        if seed is not None:  # a layout only: the values stay hidden (or physical) either way
            setup["quick_start"] = {SIDE_NAMES[int(k)]: v
                                    for k, v in propose_layout(seed).items()}
        return setup

    def initial_state(self, setup: Mapping[str, JSON], players: Sequence[str],
                      seed: int | None) -> State:
        names = self.check_players(players)
        if not isinstance(setup, Mapping):
            raise SetupError("the setup must be a JSON object")
        check_fields("Wormholes setup field", setup, SETUP_FIELDS)
        chance = chance_setup(setup, default=None)
        two_ships = setup.get("two_ships", False)
        if not isinstance(two_ships, bool):
            raise SetupError("setup 'two_ships' must be true or false")
        deal: tuple[tuple[int, ...], ...] | None = None
        if chance == "seeded":
            if seed is None:
                raise SetupError("a seeded Wormholes setup needs the log's seed")
            raw = setup.get("deal")
            if not isinstance(raw, Mapping) or set(raw) != set(SUITS):
                raise SetupError("a seeded setup needs 'deal': the six values of each of "
                                 "S, M, C and A")
            rows = []
            for s in SUITS:
                vals = raw[s]
                if (not isinstance(vals, list) or any(type(v) is not int for v in vals)
                        or sorted(vals) != list(RANKS)):
                    raise SetupError(f"deal for {s} must list 0..5 once each, got {vals!r}")
                rows.append(tuple(vals))
            deal = tuple(rows)
        return State(players=(names[0], names[1]), two_ships=two_ships,
                     seed=deal_seed(setup, seed) if deal is not None else None, deal=deal,
                     ships=start_ships())

    def seat_roles(self, setup: Mapping[str, JSON], players: Sequence[str]) -> tuple[str, ...]:
        """Each side: OrthogonAliens (Sun and Moon ships), DiagonAliens (Crown and Arm)."""
        return tuple(f"{SIDE_NAMES[i]} ({SUIT_NAMES[a]} and {SUIT_NAMES[b]} ships)"
                     for i, (a, b) in sorted(SIDE_SUITS.items())[:len(players)])

    def describe_setup(self, setup: Mapping[str, JSON], seed: int | None) -> str:
        lines = [
            "Wormholes: lay out the 23 tiles as in the board diagram (92 cells).",
            "First player: OrthogonAliens (Suns, Moons), ships on j1 (Sun) and j2 (Moon).",
            "Second player: DiagonAliens (Crowns, Arms), ships on a18 (Crown) and a17 (Arm).",
            "Roll one die each; the high roller chooses to place wormholes first or move first.",
        ]
        if setup.get("two_ships"):
            lines.append("Variant: both of your ships must reach the opposing bases.")
        quick = setup.get("quick_start")
        if isinstance(quick, Mapping):
            lines.append("Quick start (place these coins suit up, values unseen; the sides "
                         "alternate, the first placer starting):")
            for side, moves in quick.items():
                if isinstance(moves, list):
                    lines.append(f"  {side}: {' '.join(str(m) for m in moves)}")
        lines.append("")
        lines.append(render_ascii({c: "O" for c in BASES[0]} | {c: "D" for c in BASES[1]}))
        return "\n".join(lines)

    # -- whose input is awaited -------------------------------------------------------------
    def actor(self, state: State) -> int | None:
        if state.phase == "play" and not state.stack:  # the usual case of ``offers.actor``
            return CHANCE if state.step == "roll" else state.turn
        return offers.actor(state)

    def legal(self, state: State) -> list[WHEvent]:
        return offers.legal(state)

    def chance_outcomes(self, state: State) -> list[WHEvent]:
        return offers.chance_outcomes(state)

    def dealt_outcome(self, state: State) -> WHEvent | None:
        return offers.dealt_outcome(state)

    # -- notation -------------------------------------------------------------------------
    def parse(self, text: str) -> WHEvent:
        return parse_event(text)

    def notation(self, event: WHEvent) -> str:
        return format_event(event)

    def describe(self, state: State, event: WHEvent) -> str:
        from pnp.games.wormholes.captions import describe

        return describe(state, event)

    # -- the rules ------------------------------------------------------------------------
    def apply(self, state: State, event: WHEvent) -> State:
        kind = type(event)
        if (not state.auto and state.phase == "play" and not state.stack
                and kind is offers.BY_STEP[state.step]):
            return _HANDLERS[kind](state, event)  # the usual case of ``_apply``, written out
        try:
            return _apply(_quiet(state) if state.auto else state, event)
        except IllegalMove as exc:
            if not state.auto:
                raise
            raise exc.amended(f" ({state.auto})") from None

    # -- results --------------------------------------------------------------------------
    def scores(self, state: State) -> list[int]:
        return results.scores(state)

    def outcome(self, state: State) -> Outcome | None:
        return results.outcome(state)

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], results.typed_summary(self.id, state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        return results.typed_summary(self.id, state)


def _quiet(state: State) -> State:
    """The state without its note of what happened by itself (``auto``), keeping what
    the rules derived from it (``memo``: the note plays no part in it)."""
    quiet = replace(state, auto="")
    if "memo" in state.__dict__:
        quiet.__dict__["memo"] = state.memo
    return quiet


def _apply(state: State, event: WHEvent) -> State:
    kind = type(event)
    if state.phase == "play" and not state.stack and kind is offers.BY_STEP[state.step]:
        return _HANDLERS[kind](state, event)  # the usual case of ``awaited``, written out
    if state.phase == "over":
        raise IllegalMove("WH-T8", f"the game is over ({state.result}); nothing more can "
                                   "be logged")
    if type(event) is not offers.awaited(state):
        raise IllegalMove("WH-T1", f"{format_event(event)} is not what the game awaits: "
                                   f"{offers.awaited_text(state)}", offers.legal_of(state))
    return _HANDLERS[type(event)](state, event)


def _choose(state: State, event: ChooseFirst) -> State:
    return opening.choose(state, event.place)


_HANDLERS: dict[type, Callable[[State, Any], State]] = {  # one per awaited kind (WH-T1)
    OpeningRoll: opening.opening, ChooseFirst: _choose, Place: opening.place,
    RollChoice: turns.roll_choice, Roll: turns.roll, Move: turns.move,
    Jump: turns.jump_choice, Send: turns.send, Reveal: turns.reveal,
}
