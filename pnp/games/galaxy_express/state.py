"""Galaxy Express state: immutable, public facts plus (in seeded play) the hidden deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.engine.values import replace
from pnp.games.galaxy_express.events import Suit

RANKS = frozenset(range(6))
Phase = Literal["setup", "start", "starting", "turn", "orbit", "refill", "over"]
Result = Literal["win", "lost", "conceded"]


@dataclass(frozen=True)
class Need:
    """A chance outcome the table owes the engine: a coin, a queue coin or a planet number."""

    kind: Literal["coin", "queue", "planet"]
    suit: Suit | None = None
    cell: int | None = None


@dataclass(frozen=True)
class Coins:
    """One suit's coins: face up, spent on its ace tile, and the rest in the face-down stack."""

    face_up: tuple[int, ...] = ()
    spent: frozenset[int] = frozenset()
    hidden_stack: tuple[int, ...] | None = None  # seeded play: the stack's order, top first

    @property
    def in_stack(self) -> frozenset[int]:
        return RANKS - set(self.face_up) - self.spent

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

    @property
    def seeded(self) -> bool:
        return self.hidden_numbers is not None

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
