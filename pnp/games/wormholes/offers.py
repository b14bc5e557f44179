"""Whose input is awaited, the one kind of event the game accepts now (WH-T1), the legal and
chance lists, and the seed's dealt outcome; a refusal's legal list is built from here only
when the refusal is shown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import product

from pnp.engine import CHANCE, IllegalMove
from pnp.games.wormholes.board import (
    BASES,
    ORDERED_CELLS,
    OWNER,
    SIDE_NAMES,
    SIDE_SUITS,
    SUIT_NAMES,
    SUITS,
    Cell,
    Suit,
    cell_name,
    direction_name,
)
from pnp.games.wormholes.dice import move_event, moves, roll_choices
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
)
from pnp.games.wormholes.setup import RANKS, roll_dice
from pnp.games.wormholes.state import Activate, ChooseJump, Coin, SendAway, State

COINS_PER_SUIT = len(RANKS)
TOTAL_COINS = COINS_PER_SUIT * len(SUITS)


def ship_name(suit: Suit) -> str:
    return f"{SUIT_NAMES[suit]} ship"


def notes(events: Sequence[WHEvent]) -> list[str]:
    return [format_event(e) for e in events]


def side(state: State, seat: int) -> str:
    return f"{state.players[seat]} ({SIDE_NAMES[seat]})"


def is_base(cell: Cell) -> bool:
    return cell in BASES[0] or cell in BASES[1]


PLACEABLE = tuple(c for c in ORDERED_CELLS if not is_base(c))  # WH-2: not on a base


def actor(state: State) -> int | None:
    if state.phase == "play" and not state.stack:  # the usual case, first
        return CHANCE if state.step == "roll" else state.turn
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


def legal(state: State) -> list[WHEvent]:
    if state.phase == "choose":
        return [ChooseFirst(True), ChooseFirst(False)]
    if state.phase == "placement":
        return placements(state)
    if state.phase != "play":
        return []
    if state.stack:
        top = state.stack[-1]
        if isinstance(top, ChooseJump):
            owner = OWNER[top.ship]
            return [Jump(top.ship, direction_name(owner, v)) for v in top.options]
        if isinstance(top, SendAway):
            return [Send(top.ship, c) for c in send_targets(state)]
        return []
    if state.step == "roll-choice":
        return [RollChoice(ch) for ch in roll_choices(state)]
    if state.step == "move":
        return [move_event(s, d) for s, d, _ in moves(state)]
    return []


def chance_outcomes(state: State) -> list[WHEvent]:
    if actor(state) != CHANCE:
        return []
    if state.phase == "opening":
        return [OpeningRoll(a, b) for a, b in product(RANKS, RANKS)]
    if state.stack:
        top = state.stack[-1]
        assert isinstance(top, Activate)
        coin = state.coin_at(top.cell)
        assert coin is not None
        return [Reveal(coin.cell, v) for v in possible_values(state, coin)]
    return [Roll(tuple(zip(state.rolling, faces, strict=True)))
            for faces in product(RANKS, repeat=len(state.rolling))]


def dealt_outcome(state: State) -> WHEvent | None:
    if state.deal is None or state.seed is None or actor(state) != CHANCE:
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


def check_dealt(state: State, event: WHEvent, rule: str) -> None:
    dealt = dealt_outcome(state)
    if dealt is not None and dealt != event:
        raise IllegalMove(rule, f"the seed dealt {format_event(dealt)}, not "
                                f"{format_event(event)}", [format_event(dealt)])


def awaited(state: State) -> type:
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
    return BY_STEP[state.step]


BY_STEP: dict[str, type] = {"roll-choice": RollChoice, "roll": Roll, "move": Move}


def awaited_text(state: State) -> str:
    seat = actor(state)
    who = side(state, seat if seat is not None and seat >= 0 else state.turn)
    kind = awaited(state)
    top = state.stack[-1] if state.stack else None
    if kind is OpeningRoll:
        return "the opening roll (O4-2: OrthogonAliens' die, DiagonAliens')"
    if kind is ChooseFirst:
        return f"{who} (high roll) chooses place-first or move-first"
    if kind is Place:
        return f"{who} places a wormhole (e.g. {placement_example(state)})"
    if isinstance(top, Activate):
        return f"the value of the wormhole at {cell_name(top.cell)} ({cell_name(top.cell)}=v)"
    if isinstance(top, ChooseJump):
        return f"{who} picks the jump direction of the {ship_name(top.ship)}"
    if isinstance(top, SendAway):
        return f"{who} sends the {ship_name(top.ship)} away ({top.ship}>cell)"
    if kind is RollChoice:
        return f"{who} declares which ships roll (roll:...)"
    if kind is Roll:
        return f"{who}'s roll for {', '.join(state.rolling)}"
    return f"{who} moves a ship by its die"


def placement_example(state: State) -> str:
    options = placements(state)
    return format_event(options[0]) if options else "S@e5"


def legal_of(s: State) -> Callable[[], list[str]]:
    """A refusal's legal list in ``s``, built only when the refusal is shown."""
    return lambda: hints(s)


def hints(state: State) -> list[str]:
    if actor(state) == CHANCE:
        dealt = dealt_outcome(state)
        if dealt is not None:
            return [format_event(dealt)]
        return notes(chance_outcomes(state))
    return notes(legal(state))


def placements(state: State) -> list[WHEvent]:
    taken = {c.cell for c in state.coins}
    free = [c for c in PLACEABLE if c not in taken]
    return [_place_event(s, c) for s in SIDE_SUITS[state.turn]
            if state.placed(s) < COINS_PER_SUIT for c in free]


@lru_cache(maxsize=512)
def _place_event(suit: Suit, cell: Cell) -> Place:
    """One immutable event per suit and cell (the placement list offers ~150 each time)."""
    return Place(suit, cell)


def send_targets(state: State) -> list[Cell]:
    taken = {s.cell for s in state.ships}
    return [c for c in ORDERED_CELLS if c not in taken]


def possible_values(state: State, coin: Coin) -> list[int]:
    suit = coin.suit
    seen = set()  # the suit's values revealed, and (WH-18) those named for hidden coins
    named = set()
    for c in state.coins:
        if c.suit == suit:
            if c.value is not None:
                seen.add(c.value)
            else:
                named.add(c.chosen)
    if coin.chosen is not None:  # WH-18: named when placed
        return [coin.chosen] if coin.chosen not in seen else []
    return [v for v in RANKS if v not in seen and v not in named]
