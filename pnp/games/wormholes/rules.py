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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import product
from typing import ClassVar, cast

from pnp.engine import CHANCE, Game, IllegalMove, Outcome, SetupError
from pnp.engine.chance import chance_option, chance_setup
from pnp.engine.deal import DEAL_SEED, copy_deal_seed, deal_seed
from pnp.engine.errors import check_fields
from pnp.engine.game import JSON
from pnp.engine.values import replace
from pnp.games.wormholes.board import (
    AXES,
    BASES,
    CELLS,
    COMPASS,
    DIRECTIONS,
    ORDERED_CELLS,
    OWNER,
    SIDE_NAMES,
    SIDE_SUITS,
    SUIT_NAMES,
    SUITS,
    Cell,
    Suit,
    Vector,
    axis_vectors,
    cell_name,
    direction_name,
    opponent,
    ray,
    render_ascii,
)
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
from pnp.games.wormholes.setup import (
    RANKS,
    deal_coin_values,
    propose_layout,
    roll_dice,
)
from pnp.games.wormholes.state import (
    Activate,
    ChooseJump,
    Coin,
    SendAway,
    State,
    Step,
    Task,
    start_ships,
)
from pnp.games.wormholes.summary import Summary

COINS_PER_SUIT = len(RANKS)
TOTAL_COINS = COINS_PER_SUIT * len(SUITS)
OPTIONS = frozenset({"chance", "two_ships", DEAL_SEED})
SETUP_FIELDS = OPTIONS | {"deal", "dice", "quick_start"}


def _face(v: int) -> str:
    return {0: "null", 1: "ace"}.get(v, str(v))


def _ship_name(suit: Suit) -> str:
    return f"{SUIT_NAMES[suit]} ship"


def _notes(events: Sequence[WHEvent]) -> list[str]:
    return [format_event(e) for e in events]


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
        if state.phase == "over":
            return None
        if state.phase == "opening":
            return CHANCE
        if state.phase == "choose":
            assert state.high is not None
            return state.high
        if state.phase == "placement":
            return state.turn
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, Activate):
                return CHANCE
            if isinstance(top, ChooseJump):
                return OWNER[top.ship]
            return top.by
        if state.step == "roll":
            return CHANCE
        return state.turn

    def legal(self, state: State) -> list[WHEvent]:
        if state.phase == "choose":
            return [ChooseFirst(True), ChooseFirst(False)]
        if state.phase == "placement":
            return self._placements(state)
        if state.phase != "play":
            return []
        if state.stack:
            top = state.stack[-1]
            if isinstance(top, ChooseJump):
                owner = OWNER[top.ship]
                return [Jump(top.ship, direction_name(owner, v)) for v in top.options]
            if isinstance(top, SendAway):
                return [Send(top.ship, c) for c in self._send_targets(state)]
            return []
        if state.step == "roll-choice":
            return [RollChoice(ch) for ch in self._roll_choices(state)]
        if state.step == "move":
            return [_move_event(s, d) for s, d, _ in self._moves(state)]
        return []

    def chance_outcomes(self, state: State) -> list[WHEvent]:
        if self.actor(state) != CHANCE:
            return []
        if state.phase == "opening":
            return [OpeningRoll(a, b) for a, b in product(RANKS, RANKS)]
        if state.stack:
            top = state.stack[-1]
            assert isinstance(top, Activate)
            coin = state.coin_at(top.cell)
            assert coin is not None
            return [Reveal(coin.cell, v) for v in self._possible_values(state, coin)]
        return [Roll(tuple(zip(state.rolling, faces, strict=True)))
                for faces in product(RANKS, repeat=len(state.rolling))]

    def dealt_outcome(self, state: State) -> WHEvent | None:
        if state.deal is None or state.seed is None or self.actor(state) != CHANCE:
            return None
        if state.phase == "opening":
            a, b = roll_dice(state.seed, state.rolls, 2)
            return OpeningRoll(a, b)
        if state.stack:
            top = state.stack[-1]
            coin = state.coin_at(top.cell) if isinstance(top, Activate) else None
            assert coin is not None
            return Reveal(coin.cell, state.deal[SUITS.index(coin.suit)][coin.ordinal])
        faces = roll_dice(state.seed, state.rolls, len(state.rolling))
        return Roll(tuple(zip(state.rolling, faces, strict=True)))

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
        try:
            return self._apply(self._quiet(state) if state.auto else state, event)
        except IllegalMove as exc:
            if not state.auto:
                raise
            raise exc.amended(f" ({state.auto})") from None

    @staticmethod
    def _quiet(state: State) -> State:
        """The state without its note of what happened by itself (``auto``), keeping what
        the rules derived from it (``memo``: the note plays no part in it)."""
        quiet = replace(state, auto="")
        if "memo" in state.__dict__:
            quiet.__dict__["memo"] = state.memo
        return quiet

    def _apply(self, state: State, event: WHEvent) -> State:
        if state.phase == "over":
            raise IllegalMove("WH-T8", f"the game is over ({state.result}); nothing more can "
                                       "be logged")
        if type(event) is not self._awaited(state):
            raise IllegalMove("WH-T1", f"{format_event(event)} is not what the game awaits: "
                                       f"{self._awaited_text(state)}", self._legal_of(state))
        match event:
            case OpeningRoll():
                return self._opening(state, event)
            case ChooseFirst(place):
                return self._choose(state, place)
            case Place():
                return self._place(state, event)
            case RollChoice():
                return self._roll_choice(state, event)
            case Roll():
                return self._roll(state, event)
            case Move():
                return self._move(state, event)
            case Jump():
                return self._jump_choice(state, event)
            case Send():
                return self._send(state, event)
            case Reveal():
                return self._reveal(state, event)
        raise TypeError(f"not a Wormholes event: {event!r}")  # pragma: no cover

    def _awaited(self, state: State) -> type:
        """The one kind of event the game accepts now (WH-T1)."""
        if state.phase == "opening":
            return OpeningRoll
        if state.phase == "choose":
            return ChooseFirst
        if state.phase == "placement":
            return Place
        if state.stack:
            top = state.stack[-1]
            return (Reveal if isinstance(top, Activate)
                    else Jump if isinstance(top, ChooseJump) else Send)
        return {"roll-choice": RollChoice, "roll": Roll, "move": Move}[state.step]

    def _awaited_text(self, state: State) -> str:
        seat = self.actor(state)
        who = self._side(state, seat if seat is not None and seat >= 0 else state.turn)
        kind = self._awaited(state)
        top = state.stack[-1] if state.stack else None
        if kind is OpeningRoll:
            return "the opening roll (O4-2: OrthogonAliens' die, DiagonAliens')"
        if kind is ChooseFirst:
            return f"{who} (high roll) chooses place-first or move-first"
        if kind is Place:
            return f"{who} places a wormhole (e.g. {self._placement_example(state)})"
        if isinstance(top, Activate):
            return f"the value of the wormhole at {cell_name(top.cell)} ({cell_name(top.cell)}=v)"
        if isinstance(top, ChooseJump):
            return f"{who} picks the jump direction of the {_ship_name(top.ship)}"
        if isinstance(top, SendAway):
            return f"{who} sends the {_ship_name(top.ship)} away ({top.ship}>cell)"
        if kind is RollChoice:
            return f"{who} declares which ships roll (roll:...)"
        if kind is Roll:
            return f"{who}'s roll for {', '.join(state.rolling)}"
        return f"{who} moves a ship by its die"

    def _placement_example(self, state: State) -> str:
        options = self._placements(state)
        return format_event(options[0]) if options else "S@e5"

    def _legal_of(self, s: State) -> Callable[[], list[str]]:
        """A refusal's legal list in ``s``, built only when the refusal is shown."""
        return lambda: self._hints(s)

    def _hints(self, state: State) -> list[str]:
        if self.actor(state) == CHANCE:
            dealt = self.dealt_outcome(state)
            if dealt is not None:
                return [format_event(dealt)]
            return _notes(self.chance_outcomes(state))
        return _notes(self.legal(state))

    def _side(self, state: State, seat: int) -> str:
        return f"{state.players[seat]} ({SIDE_NAMES[seat]})"

    # -- opening ----------------------------------------------------------------------------
    def _opening(self, state: State, event: OpeningRoll) -> State:
        self._check_dealt(state, event, "WH-T2")
        nxt = replace(state, rolls=state.rolls + 1,
                      last_opening=(event.orthogon, event.diagon))
        if event.orthogon == event.diagon:  # WH-9: a tie is rolled again
            return nxt
        high = 0 if event.orthogon > event.diagon else 1
        return replace(nxt, phase="choose", high=high)

    def _choose(self, state: State, place: bool) -> State:
        assert state.high is not None
        placer = state.high if place else opponent(state.high)
        return replace(state, phase="placement", turn=placer, first_mover=opponent(placer))

    # -- placement (WH-5) -------------------------------------------------------------------
    def _placements(self, state: State) -> list[WHEvent]:
        taken = {c.cell for c in state.coins}
        free = [c for c in _PLACEABLE if c not in taken]
        return [Place(s, c) for s in SIDE_SUITS[state.turn]
                if state.placed(s) < COINS_PER_SUIT for c in free]

    def _place(self, state: State, event: Place) -> State:
        seat = state.turn
        name = self._side(state, seat)
        if OWNER[event.suit] != seat:
            mine = " or ".join(SUIT_NAMES[s] + "s" for s in SIDE_SUITS[seat])
            raise IllegalMove("WH-5", f"it is {name}'s placement; the {SUIT_NAMES[event.suit]} "
                                      f"coins are the other side's (place {mine})",
                              self._legal_of(state))
        if state.placed(event.suit) >= COINS_PER_SUIT:
            raise IllegalMove("WH-5", f"all six {SUIT_NAMES[event.suit]} coins are placed; "
                                      "place your other suit", self._legal_of(state))
        where = cell_name(event.cell)
        if event.cell not in CELLS:
            raise IllegalMove("WH-1", f"{where} is a gap, not a cell of the galaxy",
                              self._legal_of(state))
        if _is_base(event.cell):
            raise IllegalMove("WH-2", f"{where} is a base; wormholes go on other cells",
                              self._legal_of(state))
        if state.coin_at(event.cell) is not None:
            raise IllegalMove("WH-5", f"{where} already holds a wormhole", self._legal_of(state))
        coin = Coin(event.suit, event.cell, state.placed(event.suit), chosen=event.value)
        if event.value is not None:
            state = self._choose_value(state, coin)
        nxt = replace(state, coins=(*state.coins, coin), turn=opponent(seat))
        if len(nxt.coins) == TOTAL_COINS:
            assert state.first_mover is not None
            nxt = self._start_turn(replace(nxt, phase="play"), state.first_mover)
        return nxt

    def _choose_value(self, state: State, coin: Coin) -> State:
        """WH-18: the placer names which of the suit's coins goes down (``S3@e5``): a value
        no coin of the suit placed before has; in seeded play it takes that place in the
        deal's order (WH-16), the values left keep theirs."""
        value = coin.chosen
        assert value is not None
        name = SUIT_NAMES[coin.suit]
        placed = [c for c in state.coins if c.suit == coin.suit]
        if state.deal is not None:
            row = list(state.deal[SUITS.index(coin.suit)])
            left = row[coin.ordinal:]
            if value not in left:
                raise IllegalMove("WH-18", f"the {name} coin {value} is already placed; the "
                                           f"{name} coins left are {sorted(left)}",
                                  self._legal_of(state))
            k = row.index(value)
            row[coin.ordinal], row[k] = row[k], row[coin.ordinal]
            deal = list(state.deal)
            deal[SUITS.index(coin.suit)] = tuple(row)
            return replace(state, deal=tuple(deal))
        if value in {c.chosen for c in placed}:
            raise IllegalMove("WH-18", f"the {name} coin {value} is already placed",
                              self._legal_of(state))
        return state

    # -- turns ------------------------------------------------------------------------------
    def _start_turn(self, state: State, seat: int) -> State:
        """Begin `seat`'s turn: black holes take their lost turns (WH-T6, WH-14)."""
        skipped: list[int] = []
        for _ in range(3):
            ships = [state.ship(s) for s in SIDE_SUITS[seat]]
            active = tuple(s.suit for s in ships if not s.lost_turn)
            resting = tuple(s.suit for s in ships if s.lost_turn)
            for s in ships:
                if s.lost_turn:
                    state = state.with_ship(replace(s, lost_turn=False))
            if active:
                step: Step = ("roll-choice" if state.two_ships and any(
                    state.ship(s).cell in BASES[opponent(seat)] for s in active) else "roll")
                return replace(state, turns=state.turns + 1, turn=seat, step=step,
                               rolling=active, dice=(), unused=(), skipped=tuple(skipped),
                               resting=resting)
            state = replace(state, turns=state.turns + 1)
            skipped.append(seat)
            seat = opponent(seat)
        raise AssertionError("lost turns are cleared as they are taken")  # pragma: no cover

    def _roll_choices(self, state: State) -> list[tuple[Suit, ...]]:
        must = [s for s in state.rolling
                if state.ship(s).cell not in BASES[opponent(state.turn)]]
        may = [s for s in state.rolling if s not in must]
        out = []
        for k in range(2 ** len(may)):
            chosen = set(must) | {s for i, s in enumerate(may) if k >> i & 1}
            out.append(tuple(s for s in SUITS if s in chosen))
        return sorted(out, key=lambda t: (-len(t), [SUITS.index(s) for s in t]))

    def _roll_choice(self, state: State, event: RollChoice) -> State:
        seat = state.turn
        for s in event.ships:
            if OWNER[s] != seat:
                raise IllegalMove("WH-T1", f"the {_ship_name(s)} is not {self._side(state, seat)}"
                                           "'s", self._legal_of(state))
            if s in state.resting:
                raise IllegalMove("WH-T6", f"the {_ship_name(s)} is in a black hole and misses "
                                           "this turn; it does not roll", self._legal_of(state))
        for s in state.rolling:
            if s not in event.ships and state.ship(s).cell not in BASES[opponent(seat)]:
                raise IllegalMove("WH-6", f"only a ship standing on an opposing base may skip "
                                          f"its roll; the {_ship_name(s)} must roll",
                                  self._legal_of(state))
        if not event.ships:
            return self._start_turn(state, opponent(seat))
        return replace(state, step="roll", rolling=event.ships)

    def _roll(self, state: State, event: Roll) -> State:
        given = [s for s, _ in event.dice]
        for s in given:
            if s in state.resting:
                raise IllegalMove("WH-T6", f"the {_ship_name(s)} is in a black hole and "
                                           "misses this turn; roll only "
                                           f"{', '.join(state.rolling)}", self._legal_of(state))
        if tuple(given) != state.rolling:
            want = " and ".join(f"the {SUIT_NAMES[s]} die" for s in state.rolling)
            raise IllegalMove("WH-T2", f"this roll needs {want} (one face each, like "
                                       f"{''.join(s + '3' for s in state.rolling)})",
                              self._legal_of(state))
        self._check_dealt(state, event, "WH-T2")
        dice = event.dice
        unused = tuple(s for s, v in dice if v > 0 or state.coin_at(state.ship(s).cell))
        nxt = replace(state, step="move", dice=dice, unused=unused, rolls=state.rolls + 1,
                      skipped=())
        return self._settle(nxt)

    # -- moving by the dice (WH-4, WH-T3, WH-T4, WH-10) -------------------------------------
    def _die_moves(self, state: State, suit: Suit,
                   partner_at: Cell | None = None) -> list[tuple[str | None, Cell]]:
        """The die's moves for this ship (`partner_at`: where its partner would stand)."""
        ship = state.ship(suit)
        value = state.die(suit)
        if value == 0:
            return [(None, ship.cell)] if state.coin_at(ship.cell) else []
        own = state.own_cells(ship.owner) if partner_at is None else {ship.cell, partner_at}
        return [(name, end) for name, end in _straight_moves(ship.cell, ship.owner, value)
                if end not in own]

    def _candidates(self, state: State) -> tuple[tuple[Suit, str | None, Cell], ...]:
        """Every die move a ship may make now before WH-10 (once per state): the turn
        passes when this is empty, and WH-10 only chooses among these."""
        found: tuple[tuple[Suit, str | None, Cell], ...] | None = state.memo.get("cands")
        if found is None:
            cands = []
            for s in state.unused:
                cands += [(s, d, end) for d, end in self._die_moves(state, s)]
            found = state.memo["cands"] = tuple(cands)
        return found

    def _moves(self, state: State) -> tuple[tuple[Suit, str | None, Cell], ...]:
        """The die moves allowed now (WH-10 applied), worked out once per state."""
        found: tuple[tuple[Suit, str | None, Cell], ...] | None = state.memo.get("moves")
        if found is None:
            cands = self._candidates(state)
            if len(state.unused) >= 2:
                cands = tuple(c for c in cands if self._keeps_other_die(state, *c)) or cands
            found = state.memo["moves"] = cands
        return found

    def _allowed(self, state: State, move: tuple[Suit, str | None, Cell]) -> bool:
        """WH-10 for one candidate move: it keeps the other die in play, or no move does
        (the whole list is worked out only in that second case)."""
        if len(state.unused) < 2:
            return True
        listed = state.memo.get("moves")
        if listed is None and self._keeps_other_die(state, *move):
            return True
        return move in self._moves(state)

    def _keeps_other_die(self, state: State, suit: Suit, _d: str | None, end: Cell) -> bool:
        """WH-10: after this die move, can the other die still be used (or has it won)?"""
        other = next(s for s in state.unused if s != suit)
        finals = self._landings(state, suit, other, end)
        if any(final is None or self._has_die_move(state, other, final) for final in finals):
            return True
        return any(self._chain_keeps(state, suit, other, c)
                   for c in dict.fromkeys([end, *finals]) if c is not None)

    def _chain_keeps(self, state: State, suit: Suit, other: Suit, cell: Cell) -> bool:
        """WH-10 with the chain: the mover on ``cell`` sends the opponent ship there onto a
        wormhole (the mover's choice) whose jump throws it back onto the mover or onto the
        partner, and the ship hit is sent on by the opponent.  The chain counts when the
        mover can force it: for some wormhole and some value it may show (luck, as for the
        mover's own jump), every jump its owner may choose and every cell the ship hit may be
        sent to leaves the other die a move."""
        seat = OWNER[suit]
        victim = next((s for s in state.ships if s.cell == cell and s.owner != seat), None)
        if victim is None:
            return False
        partner = state.ship(other).cell
        victim_partner = next(s.cell for s in state.ships
                              if s.owner == victim.owner and s.suit != victim.suit)
        taken = {s.cell for s in state.ships if s.suit not in (suit, victim.suit)} | {cell}
        free = [c for c in CELLS if c not in taken]
        goal = BASES[seat]  # the victim's owner wins on these

        def kept(hit: Cell) -> bool:
            if hit in goal:
                return False
            if hit == cell:  # the mover is sent anywhere; the partner moves from its cell
                return all(self._die_moves_from(state, other, partner, f) for f in free)
            if hit == partner:  # the partner is sent anywhere and moves from there
                return all(self._die_moves_from(state, other, f, cell) for f in free)
            return False

        for coin in state.coins:
            if coin.cell in taken:
                continue
            values = ([coin.value] if coin.value is not None
                      else self._values_known_to(state, coin, seat))
            for v in values:
                hits = [] if v == 0 else [
                    c for vec in axis_vectors(coin.suit)
                    if (c := ray(coin.cell, vec, v)) is not None and c != victim_partner]
                if hits and all(kept(h) for h in hits):
                    return True
        return False

    def _die_moves_from(self, state: State, suit: Suit, start: Cell, partner_at: Cell) -> bool:
        """Whether the ship's die could move it from ``start`` (partner on ``partner_at``)."""
        value = state.die(suit)
        if value == 0:
            return state.coin_at(start) is not None
        return any(end != partner_at for _, end in _straight_moves(start, OWNER[suit], value))

    def _has_die_move(self, state: State, suit: Suit, partner_at: Cell) -> bool:
        """Whether the die of ``suit`` has a move with its partner standing at
        ``partner_at`` (``_die_moves`` with a partner, without listing them)."""
        ship = state.ship(suit)
        value = state.die(suit)
        if value == 0:
            return state.coin_at(ship.cell) is not None
        return any(end != partner_at and end != ship.cell
                   for _, end in _straight_moves(ship.cell, ship.owner, value))

    def _landings(self, state: State, suit: Suit, other: Suit,
                  end: Cell) -> list[Cell | None]:
        """WH-10: where a die move onto ``end`` may leave the ship (None: it wins), counting
        the wormhole there: its jump in either open direction, and, while it is hidden, every
        value it may still show (the mover cannot know which)."""
        goal = BASES[opponent(OWNER[suit])]
        partner = state.ship(other).cell
        # a landing in the goal wins when the partner needs not be there too, or is
        goal_wins = not state.two_ships or partner in goal
        if goal_wins and end in goal:
            return [None]
        coin = state.coin_at(end)
        if coin is None:
            return [end]
        values = ([coin.value] if coin.value is not None
                  else self._values_known_to(state, coin, OWNER[suit]))
        vectors = axis_vectors(coin.suit)
        out: list[Cell | None] = []
        for value in values:
            jumps = [] if value == 0 else [
                c for c in (ray(end, vec, value) for vec in vectors)
                if c is not None and c != partner]
            out += [None if goal_wins and c in goal else c for c in jumps] or [end]
        return out

    def _move(self, state: State, event: Move) -> State:
        seat = state.turn
        suit = event.ship
        name = _ship_name(suit)
        if OWNER[suit] != seat:
            raise IllegalMove("WH-T1", f"the {name} is not {self._side(state, seat)}'s; it is "
                                       "their turn", self._legal_of(state))
        if suit not in state.unused:
            why = ("its die is used" if suit in dict(state.dice) else "it did not roll")
            raise IllegalMove("WH-T3", f"the {name} cannot move now: {why}", self._legal_of(state))
        value = state.die(suit)
        ship = state.ship(suit)
        if value == 0 and event.direction is not None:
            raise IllegalMove("WH-T3", f"the {SUIT_NAMES[suit]} die shows null: the ship "
                                       f"stays and activates its wormhole ({suit}:0)",
                              self._legal_of(state))
        if value > 0 and event.direction is None:
            raise IllegalMove("WH-T3", f"the {SUIT_NAMES[suit]} die shows {value}: the ship "
                                       f"must move {value} in a straight line",
                              self._legal_of(state))
        if event.direction is None:
            end = ship.cell
        else:
            end_or_none = ray(ship.cell, COMPASS[seat][event.direction], value)
            if end_or_none is None:
                raise IllegalMove("WH-4", f"{value} {event.direction} from {cell_name(ship.cell)} "
                                          "leaves the galaxy or crosses a gap",
                                  self._legal_of(state))
            end = end_or_none
            if end in state.own_cells(seat):
                raise IllegalMove("WH-4", f"{cell_name(end)} holds your own ship; a ship "
                                          "never lands on its partner", self._legal_of(state))
        if (suit, event.direction, end) not in self._candidates(state):
            raise IllegalMove("WH-T3", f"the {name} has no wormhole under it to activate; its "
                                       "null die is spent", self._legal_of(state))
        if not self._allowed(state, (suit, event.direction, end)):
            other = next(s for s in state.unused if s != suit)
            raise IllegalMove("WH-T4", f"after {format_event(event)} the {SUIT_NAMES[other]} "
                                       "die could not be used, and another move keeps both "
                                       "dice in play", self._legal_of(state))
        unused = tuple(s for s in state.unused if s != suit)
        nxt = state.with_ship(replace(ship, cell=end), unused=unused)
        if event.direction is None:  # a null die re-activates what the ship sits on
            return self._settle(replace(nxt, stack=(*nxt.stack, Activate(suit, end))))
        return self._settle(self._arrive(nxt, suit, end, by_die=True))

    def _arrive(self, state: State, suit: Suit, end: Cell, by_die: bool) -> State:
        """A ship landed by die or jump: win, send the opponent there, activate (die only)."""
        if self._wins(state, suit):
            return self._finish(state, suit, by_die)
        tasks: list[Task] = []
        if by_die and state.coin_at(end) is not None:
            tasks.append(Activate(suit, end))
        victim = next((s for s in state.ships if s.cell == end and s.suit != suit), None)
        if victim is not None:  # the text's order: send first, then activate
            tasks.append(SendAway(victim.suit, OWNER[suit]))
        return replace(state, stack=(*state.stack, *tasks)) if tasks else state

    def _wins(self, state: State, suit: Suit) -> bool:
        """WH-2, WH-6, WH-13: the ship's landing ends the game."""
        seat = OWNER[suit]
        goal = BASES[opponent(seat)]
        if state.ship(suit).cell not in goal:
            return False
        return not state.two_ships or all(state.ship(s).cell in goal for s in SIDE_SUITS[seat])

    def _finish(self, state: State, suit: Suit, by_die: bool) -> State:
        seat = OWNER[suit]
        how = "its die" if by_die else "a wormhole jump"
        where = cell_name(state.ship(suit).cell)
        text = (f"{SIDE_NAMES[seat]} win: the {_ship_name(suit)} landed on the opposing base "
                f"{where} by {how}")
        return replace(state, phase="over", winner=seat, result=text, stack=(), unused=())

    # -- wormholes (WH-T5, WH-T6, WH-3, WH-12) ----------------------------------------------
    def _possible_values(self, state: State, coin: Coin) -> list[int]:
        seen = state.revealed_values(coin.suit)
        if coin.chosen is not None:  # WH-18: named when placed
            return [coin.chosen] if coin.chosen not in seen else []
        named = {c.chosen for c in state.coins if c.suit == coin.suit and c.value is None}
        return [v for v in RANKS if v not in seen and v not in named]

    def _values_known_to(self, state: State, coin: Coin, seat: int) -> list[int]:
        """What ``seat`` can know of a hidden coin: its own named value, or any value of the
        suit not seen yet (WH-10 judges a move on what the mover can know)."""
        if coin.chosen is not None and coin.owner == seat:
            return [coin.chosen]
        seen = state.revealed_values(coin.suit)
        return [v for v in RANKS if v not in seen]

    def _reveal(self, state: State, event: Reveal) -> State:
        top = state.stack[-1]
        assert isinstance(top, Activate)
        if event.cell != top.cell:
            raise IllegalMove("WH-T1", f"the wormhole being activated is at "
                                       f"{cell_name(top.cell)}, not {cell_name(event.cell)}",
                              self._legal_of(state))
        coin = state.coin_at(top.cell)
        assert coin is not None and coin.value is None
        possible = self._possible_values(state, coin)
        if event.value not in possible:
            raise IllegalMove("WH-T5", f"the {SIDE_NAMES[coin.owner]} have one "
                                       f"{SUIT_NAMES[coin.suit]} coin of each rank and the "
                                       f"{_face(event.value)} is already revealed elsewhere; "
                                       f"this one can be {', '.join(map(str, possible))}",
                              self._legal_of(state))
        self._check_dealt(state, event, "WH-T5")
        return self._settle(state.with_coin(replace(coin, value=event.value)))

    def _activate(self, state: State, task: Activate) -> State:
        """The coin is known: flip it, then black hole, jump, or forced/no jump."""
        ship = state.ship(task.ship)
        coin = state.coin_at(task.cell)
        assert coin is not None and coin.value is not None
        state = state.with_coin(replace(coin, flips=coin.flips + 1))
        if ship.cell != task.cell:  # WH-15: the ship was sent away meanwhile
            return state
        if coin.value == 0:  # black hole (WH-T6, WH-14)
            if ship.owner == state.turn and ship.suit in state.unused:
                return replace(state, unused=tuple(s for s in state.unused if s != ship.suit))
            return state.with_ship(replace(ship, lost_turn=True))
        own = state.own_cells(ship.owner)
        options = []
        for vec in axis_vectors(coin.suit):
            end = ray(ship.cell, vec, coin.value)
            if end is not None and end not in own:
                options.append(vec)
        if not options:
            return state
        if len(options) == 1:
            return self._do_jump(state, ship.suit, options[0], coin.value)
        task2 = ChooseJump(ship.suit, coin.value, tuple(options))
        return replace(state, stack=(*state.stack, task2))

    def _do_jump(self, state: State, suit: Suit, vec: Vector, distance: int) -> State:
        ship = state.ship(suit)
        end = ray(ship.cell, vec, distance)
        assert end is not None
        return self._arrive(state.with_ship(replace(ship, cell=end)), suit, end, by_die=False)

    def _jump_choice(self, state: State, event: Jump) -> State:
        top = state.stack[-1]
        assert isinstance(top, ChooseJump)
        owner = OWNER[top.ship]
        if event.ship != top.ship:
            raise IllegalMove("WH-T1", f"the {_ship_name(top.ship)} is the one jumping, not "
                                       f"the {_ship_name(event.ship)}", self._legal_of(state))
        coin = state.coin_at(state.ship(top.ship).cell)
        assert coin is not None
        vec = COMPASS[owner][event.direction]
        axis = [direction_name(owner, v) for v in axis_vectors(coin.suit)]
        if event.direction not in axis:
            raise IllegalMove("WH-3", f"a {SUIT_NAMES[coin.suit]} wormhole jumps "
                                      f"{' or '.join(axis)} only (in {SIDE_NAMES[owner]}' "
                                      f"compass), not {event.direction}", self._legal_of(state))
        if vec not in top.options:  # pragma: no cover - a single open direction is forced
            raise IllegalMove("WH-4", f"jumping {event.direction} leaves the galaxy",
                              self._legal_of(state))
        popped = replace(state, stack=state.stack[:-1])
        return self._settle(self._do_jump(popped, top.ship, vec, top.distance))

    # -- landing on an opponent (WH-T7, WH-7) -----------------------------------------------
    def _send_targets(self, state: State) -> list[Cell]:
        taken = {s.cell for s in state.ships}
        return [c for c in ORDERED_CELLS if c not in taken]

    def _send(self, state: State, event: Send) -> State:
        top = state.stack[-1]
        assert isinstance(top, SendAway)
        if event.ship != top.ship:
            raise IllegalMove("WH-T1", f"the ship to send away is the {_ship_name(top.ship)}",
                              self._legal_of(state))
        where = cell_name(event.cell)
        if event.cell not in CELLS:
            raise IllegalMove("WH-1", f"{where} is a gap, not a cell of the galaxy",
                              self._legal_of(state))
        there = state.ship_at(event.cell)
        if there is not None and there.owner == top.by:
            raise IllegalMove("WH-T7", f"{where} holds your own {_ship_name(there.suit)}; send "
                                       "the ship to a cell without your ships",
                              self._legal_of(state))
        if there is not None:
            raise IllegalMove("WH-7", f"{where} holds the {_ship_name(there.suit)}; two ships "
                                      "never share a cell", self._legal_of(state))
        victim = state.ship(top.ship)
        nxt = replace(state.with_ship(replace(victim, cell=event.cell)), stack=state.stack[:-1])
        if nxt.coin_at(event.cell) is not None:
            nxt = replace(nxt, stack=(*nxt.stack, Activate(top.ship, event.cell)))
        return self._settle(nxt)

    # -- resolving effects until someone must act -------------------------------------------
    def _settle(self, state: State) -> State:
        while state.phase == "play":
            if state.stack:
                top = state.stack[-1]
                if isinstance(top, Activate):
                    if state.ship(top.ship).cell != top.cell:  # WH-15
                        state = replace(state, stack=state.stack[:-1])
                        continue
                    coin = state.coin_at(top.cell)
                    assert coin is not None
                    if coin.value is None:
                        return state  # the table (or the seed) reveals it
                    state = self._activate(replace(state, stack=state.stack[:-1]), top)
                    continue
                return state
            if state.step == "move" and not self._candidates(state):
                state = self._start_turn(replace(state, auto=self._passed(state)),
                                         opponent(state.turn))
                if state.skipped:
                    lost = " and ".join(self._side(state, s) for s in state.skipped)
                    state = replace(state, auto=f"{state.auto}; {lost} lost the turn to black "
                                                "holes (WH-14)".lstrip("; "))
            return state
        return state

    def _passed(self, state: State) -> str:
        """Why the turn ended by itself, or "" when every die was used."""
        left = [f"{SUIT_NAMES[s]} {state.die(s)}" for s in state.unused]
        if not left:
            return ""
        dice = " and ".join(left) + (" dice" if len(left) > 1 else " die")
        return (f"{self._side(state, state.turn)}'s turn passed: no legal move was left for "
                f"the {dice} (WH-T4)")

    def _check_dealt(self, state: State, event: WHEvent, rule: str) -> None:
        dealt = self.dealt_outcome(state)
        if dealt is not None and dealt != event:
            raise IllegalMove(rule, f"the seed dealt {format_event(dealt)}, not "
                                    f"{format_event(event)}", [format_event(dealt)])

    # -- results --------------------------------------------------------------------------
    def scores(self, state: State) -> list[int]:
        return [1 if state.winner == i else 0 for i in (0, 1)]

    def outcome(self, state: State) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), "win", state.result)

    def summary(self, state: State) -> dict[str, JSON]:
        return cast(dict[str, JSON], self.typed_summary(state))

    def typed_summary(self, state: State) -> Summary:
        """The public summary in its declared shape (``summary.Summary``)."""
        seat = self.actor(state)
        pending: dict[str, object] | None = None
        if seat == CHANCE:
            if state.phase == "opening":
                pending = {"kind": "opening-roll"}
            elif state.stack:
                top = state.stack[-1]
                assert isinstance(top, Activate)
                coin = state.coin_at(top.cell)
                assert coin is not None
                pending = {"kind": "reveal", "cell": cell_name(top.cell),
                           "possible": self._possible_values(state, coin)}
            else:
                pending = {"kind": "roll", "dice": list(state.rolling)}
        tasks: list[dict[str, object]] = []
        for t in state.stack:
            if isinstance(t, Activate):
                tasks.append({"kind": "activate", "ship": t.ship, "cell": cell_name(t.cell)})
            elif isinstance(t, ChooseJump):
                tasks.append({"kind": "jump", "ship": t.ship, "distance": t.distance,
                              "options": [direction_name(OWNER[t.ship], v) for v in t.options]})
            else:
                tasks.append({"kind": "send", "ship": t.ship, "by": t.by})
        return {
            "game": self.id,
            "phase": state.phase,
            "variant": "two ships" if state.two_ships else "one ship",
            "board": {"width": 10, "height": 18,
                      "cells": [cell_name(c) for c in ORDERED_CELLS],
                      "bases": {SIDE_NAMES[i]: [cell_name(c) for c in BASES[i]]
                                for i in (0, 1)}},
            "sides": [{"seat": i, "player": state.players[i], "side": SIDE_NAMES[i],
                       "suits": list(SIDE_SUITS[i]),
                       "compass": {d: list(COMPASS[i][d]) for d in DIRECTIONS}}
                      for i in (0, 1)],
            "axes": {s: list(AXES[s]) for s in SUITS},
            "ships": [{"suit": s.suit, "owner": s.owner, "cell": cell_name(s.cell),
                       "lost_turn": s.lost_turn} for s in state.ships],
            "wormholes": [{"cell": cell_name(c.cell), "suit": c.suit, "owner": c.owner,
                           "value": c.value, "flips": c.flips,
                           "side_up": "value" if c.flips % 2 else "suit"}
                          for c in state.coins],
            "opening_roll": list(state.last_opening) if state.last_opening else None,
            "high_roller": state.high,
            "first_mover": state.first_mover,
            "turn": state.turn if state.phase in ("placement", "play") else None,
            "turns": state.turns,
            "step": state.step if state.phase == "play" else None,
            "dice": [{"suit": s, "face": v, "used": s not in state.unused}
                     for s, v in state.dice],
            "skipped": list(state.skipped),
            "actor": seat,
            "pending_chance": pending,
            "effects": tasks,
            "legal": _notes(self.legal(state))[:200],
            "winner": state.winner,
            "result": state.result or None,
        }


def _is_base(cell: Cell) -> bool:
    return cell in BASES[0] or cell in BASES[1]


_PLACEABLE = tuple(c for c in ORDERED_CELLS if not _is_base(c))  # WH-2: not on a base


@lru_cache(maxsize=64)
def _move_event(suit: Suit, direction: str | None) -> Move:
    """One immutable event per ship and direction (the legal list offers them all the time)."""
    return Move(suit, direction)


@lru_cache(maxsize=4096)
def _straight_moves(cell: Cell, seat: int, value: int) -> tuple[tuple[str, Cell], ...]:
    """(direction, end) of every straight move of ``value`` from ``cell`` that stays on the
    board, in compass order (own ships are the caller's to exclude)."""
    return tuple((name, end) for name in DIRECTIONS
                 if (end := ray(cell, COMPASS[seat][name], value)) is not None)
