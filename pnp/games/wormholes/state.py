"""Wormholes state: immutable public facts, the pending effects, and (seeded play) the deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pnp.engine.values import cached, quick_init, replace
from pnp.games.wormholes.board import OWNER, SIDE_SUITS, START, SUITS, Cell, Suit, Vector

Phase = Literal["opening", "choose", "placement", "play", "over"]
Step = Literal["roll-choice", "roll", "move"]


@quick_init
@dataclass(frozen=True)
class Coin:
    """A wormhole: its suit is public, its value is None until the first activation."""

    suit: Suit
    cell: Cell
    ordinal: int  # how many coins of this suit were placed before it (indexes the deal)
    value: int | None = None
    flips: int = 0
    chosen: int | None = None  # WH-18: the value its placer named (hidden until activated)

    @property
    def owner(self) -> int:
        return OWNER[self.suit]


@quick_init
@dataclass(frozen=True)
class Ship:
    suit: Suit
    cell: Cell
    lost_turn: bool = False  # it sits in a black hole and misses its owner's next turn

    @property
    def owner(self) -> int:
        return OWNER[self.suit]


# -- effects waiting to resolve (a stack: the last one resolves first) ------------------
@quick_init
@dataclass(frozen=True)
class Activate:
    """The ship activates the wormhole under it (needs the value revealed first if hidden)."""

    ship: Suit
    cell: Cell


@quick_init
@dataclass(frozen=True)
class ChooseJump:
    """Both directions of the axis are open; the ship's owner picks one."""

    ship: Suit
    distance: int
    options: tuple[Vector, ...]


@quick_init
@dataclass(frozen=True)
class SendAway:
    """A ship was landed on; the lander's player sends it elsewhere."""

    ship: Suit  # the ship to send
    by: int  # the seat that sends it


Task = Activate | ChooseJump | SendAway


_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(SUITS)}  # a suit's place in ``ships``
SHIP_INDEX = _INDEX
PARTNER_INDEX: dict[Suit, int] = {  # where the partner of a suit's ship sits in ``ships``
    s: _INDEX[b if s == a else a] for a, b in SIDE_SUITS.values() for s in (a, b)}
SIDE_INDEX: dict[int, tuple[int, int]] = {
    seat: (_INDEX[a], _INDEX[b]) for seat, (a, b) in SIDE_SUITS.items()}


_new = object.__new__
_set = object.__setattr__


def fields_of(state: State) -> dict[str, Any]:
    """A new state's fields to fill in, copied from ``state`` (``made`` turns them into the
    state): what ``engine.values.replace`` does, written out for an event's usual path,
    which changes no coin (so ``coin_slots`` stays) and makes one copy."""
    fresh = state.__dict__.copy()
    if "memo" in fresh:  # what the rules derived from the old state
        del fresh["memo"]
    return fresh


def made(fresh: dict[str, Any]) -> State:
    """The state with these fields (from ``fields_of``, changed by the caller only)."""
    new = _new(State)
    _set(new, "__dict__", fresh)  # the frozen class's own __setattr__ refuses
    return new


def start_ships() -> tuple[Ship, ...]:
    return tuple(Ship(s, START[s]) for s in SUITS)


@dataclass(frozen=True)
class State:
    players: tuple[str, str]
    two_ships: bool  # WH-6 variant: both ships must reach opposing bases
    seed: int | None
    deal: tuple[tuple[int, ...], ...] | None  # seeded play: per suit (S, M, C, A) in placing order
    phase: Phase = "opening"
    rolls: int = 0  # dice rolls so far (indexes the seeded dice stream)
    last_opening: tuple[int, int] | None = None
    high: int | None = None  # the opening's high roller
    first_mover: int | None = None
    coins: tuple[Coin, ...] = ()
    ships: tuple[Ship, ...] = ()
    turn: int = 0  # seat to place (placement) or whose turn it is (play)
    turns: int = 0  # movement turns begun, skipped ones included
    step: Step = "roll"
    rolling: tuple[Suit, ...] = ()  # the ships that roll (or may roll) this turn
    resting: tuple[Suit, ...] = ()  # the ships missing this turn (black holes)
    dice: tuple[tuple[Suit, int], ...] = ()  # this turn's roll
    unused: tuple[Suit, ...] = ()  # ships whose die still waits to be used
    stack: tuple[Task, ...] = ()
    skipped: tuple[int, ...] = ()  # seats whose turn was just lost to black holes
    # what happened by itself since the last event (a turn passed with dice left unusable),
    # named by a refusal of the next entry so nobody wonders where the turn went
    auto: str = ""
    winner: int | None = None
    result: str = ""

    # lookups derived from one field, shared by copies that leave it alone (engine.values)
    __derived__: ClassVar[dict[str, tuple[str, ...]]] = {"coin_slots": ("coins",)}

    @property
    def seeded(self) -> bool:
        return self.deal is not None

    @cached
    def memo(self) -> dict[str, Any]:
        """What the rules derived from this state (the dice moves WH-10 allows), kept with it:
        a state is immutable, and a new state (``replace``) starts without it."""
        return {}

    def ship(self, suit: Suit) -> Ship:
        return self.ships[_INDEX[suit]]

    def ship_at(self, cell: Cell) -> Ship | None:
        for s in self.ships:
            if s.cell == cell:
                return s
        return None

    @cached
    def coin_slots(self) -> dict[Cell, int]:
        """Where each wormhole's coin sits in ``coins`` (coins never move once placed)."""
        return {c.cell: i for i, c in enumerate(self.coins)}

    def coin_at(self, cell: Cell) -> Coin | None:
        i = self.coin_slots.get(cell)
        return None if i is None else self.coins[i]

    def own_cells(self, seat: int) -> frozenset[Cell]:
        a, b = SIDE_INDEX[seat]
        return frozenset((self.ships[a].cell, self.ships[b].cell))

    def die(self, suit: Suit) -> int:
        for s, value in self.dice:
            if s == suit:
                return value
        raise KeyError(suit)

    def with_ship(self, ship: Ship, **changes: Any) -> State:
        """The state with this ship moved or changed (and any other ``changes``)."""
        i = _INDEX[ship.suit]
        return replace(self, ships=(*self.ships[:i], ship, *self.ships[i + 1:]), **changes)

    def with_coin(self, coin: Coin, **changes: Any) -> State:
        """The state with the coin on ``coin.cell`` changed (and any other ``changes``)."""
        slots = self.coin_slots
        i = slots[coin.cell]
        new = replace(self, coins=(*self.coins[:i], coin, *self.coins[i + 1:]), **changes)
        new.__dict__["coin_slots"] = slots  # the coins stay where they were
        return new

    def placed(self, suit: Suit) -> int:
        return [c.suit for c in self.coins].count(suit)

    def revealed_values(self, suit: Suit) -> frozenset[int]:
        return frozenset(c.value for c in self.coins if c.suit == suit and c.value is not None)
