"""Galaxy Express state: immutable, public facts plus (in seeded play) the hidden deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from pnp.engine.values import cached, quick_init, replace
from pnp.games.galaxy_express.board import CELLS, mask_of
from pnp.games.galaxy_express.events import Suit

RANKS = frozenset(range(6))
Phase = Literal["setup", "start", "starting", "turn", "orbit", "refill", "over"]
Result = Literal["win", "lost", "conceded"]


@quick_init
@dataclass(frozen=True)
class Need:
    """A chance outcome the table owes the engine: a coin, a queue coin or a planet number."""

    kind: Literal["coin", "queue", "planet"]
    suit: Suit | None = None
    cell: int | None = None


@quick_init
@dataclass(frozen=True)
class Coins:
    """One suit's coins: face up, spent on its ace tile, and the rest in the face-down stack."""

    face_up: tuple[int, ...] = ()
    spent: frozenset[int] = frozenset()
    hidden_stack: tuple[int, ...] | None = None  # seeded play: the stack's order, top first

    @property
    def in_stack(self) -> frozenset[int]:
        return RANKS.difference(self.face_up, self.spent)

    @property
    def unspent(self) -> frozenset[int]:
        return RANKS - self.spent


@dataclass(frozen=True)
class State:
    planets: tuple[int, ...]  # the six planet cells, sorted
    numbers: tuple[int | None, ...]  # revealed planet numbers, aligned with planets
    seed: int | None
    hidden_numbers: tuple[int, ...] | None  # seeded play
    hidden_queue: tuple[int, ...] | None  # seeded play: the queue still to come, top first
    suns: Coins
    moons: Coins
    phase: Phase = "setup"
    pending: tuple[Need, ...] = ()
    ship: int | None = None
    speed: int = 0
    turn: int = 0  # turns begun (coins played)
    queue_top: int | None = None
    queue_bottom: int | None = None  # the start planet's coin, moved to the bottom (GE-3)
    delivered: tuple[int, ...] = ()
    refuels: int = 0
    played: Suit | None = None  # suit of this turn's coin (the refill follows it)
    refueled: bool = False  # GE-7: once per turn
    result: Result | None = None

    # lookups derived from one field, shared by copies that leave it alone (engine.values)
    __derived__: ClassVar[dict[str, tuple[str, ...]]] = {"planet_mask": ("planets",)}

    @property
    def seeded(self) -> bool:
        return self.hidden_numbers is not None

    @cached
    def planet_mask(self) -> int:
        """The planet cells as a cell set (``board.mask_of``), for the lost-in-space test
        at every turn's start."""
        return mask_of(self.planets)

    def coins(self, suit: Suit) -> Coins:
        return self.suns if suit == "S" else self.moons

    def with_coins(self, suit: Suit, coins: Coins) -> State:
        return replace(self, suns=coins) if suit == "S" else replace(self, moons=coins)

    def planet_index(self, cell: int) -> int | None:
        try:
            return self.planets.index(cell)
        except ValueError:
            return None

    @property
    def spent_count(self) -> int:
        return len(self.suns.spent) + len(self.moons.spent)

    @property
    def queue_unseen(self) -> frozenset[int]:
        """Queue numbers not yet shown: not delivered, not on top, not known to be at the bottom."""
        shown = set(self.delivered)
        shown |= {n for n in (self.queue_top, self.queue_bottom) if n is not None}
        return RANKS - shown


# The needs a state owes, made once: the rules compare pending needs by value, and the same
# object is found by identity before any field is compared.
QUEUE_NEED = Need("queue")
COIN_NEEDS: dict[Suit, Need] = {"S": Need("coin", "S"), "M": Need("coin", "M")}
PLANET_NEEDS: tuple[Need, ...] = tuple(Need("planet", cell=cell) for cell in range(CELLS))
"""The need of the planet on each cell (index: the cell)."""


def planet_need(cell: int) -> Need:
    """The need of the planet on ``cell`` (the one made once, for a cell of the chart)."""
    return PLANET_NEEDS[cell] if 0 <= cell < CELLS else Need("planet", cell=cell)
