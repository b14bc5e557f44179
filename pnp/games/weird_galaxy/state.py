"""The immutable state of a Weird Galaxy match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pnp.engine.values import cached
from pnp.games.weird_galaxy.data import SUITS, Pos, station_pos


@dataclass(frozen=True)
class Station:
    index: int  # 0 home world .. 6 black hole
    pos: Pos
    disabled: bool = False
    shield: bool = False


@dataclass(frozen=True)
class Ship:
    pos: Pos
    disabled: bool = False
    loads: tuple[Pos, ...] = ()  # source tiles of the loads aboard, sorted


@dataclass(frozen=True)
class Account:
    """A player's Space Buck ledger; the balance is derived, so it cannot drift."""

    earned: int = 0      # mission payoffs from the bank
    fees_in: int = 0     # station fees received from opponents
    fees_out: int = 0    # station fees paid to opponents
    building: int = 0    # spent on stations
    shields: int = 0     # spent on spit shields
    forfeits: int = 0    # abandoned loads, to the bank

    @property
    def balance(self) -> int:
        return (self.earned + self.fees_in - self.fees_out - self.building - self.shields
                - self.forfeits)


@dataclass(frozen=True)
class Player:
    name: str
    suit: str
    ship: Ship
    stations: tuple[Station, ...]
    account: Account = Account()

    @property
    def balance(self) -> int:
        return self.account.balance

    @property
    def shields_used(self) -> int:
        return sum(1 for s in self.stations if s.shield)

    def station_at(self, pos: Pos) -> Station | None:
        for s in self.stations:
            if s.pos == pos:
                return s
        return None


@dataclass(frozen=True)
class Mission:
    number: int  # 1, 2, ... in the order rolled (the worksheet line)
    source: Pos
    dest: Pos
    payoff: int
    rolled_by: int
    completed_by: int | None = None

    @property
    def open(self) -> bool:
        return self.completed_by is None


@dataclass(frozen=True)
class Pending:
    """Dice awaited: what they are for and how far the draw-and-roll has got."""

    kind: str  # "mission" | "jump" | "shoo"
    step: str  # "draw" | "roll"
    drawn: str | None = None  # the suit of the die in hand (step "roll")
    first: Pos | None = None  # mission: the source tile, once rolled
    held_out: str | None = None  # mission: the first die, kept out of the bag (WG-4)

    def bag(self) -> tuple[str, ...]:
        return tuple(s for s in SUITS if s != self.held_out)


@dataclass(frozen=True)
class State:
    players: tuple[Player, ...]
    phredd: Pos
    turn: int  # the seat to act
    points: int  # action points left this turn
    missions: tuple[Mission, ...] = ()
    paid: frozenset[Pos] = frozenset()  # opponents' station tiles already paid for this turn
    pending: Pending | None = None
    chance_count: int = 0  # dice events so far (names the seeded stream)
    turn_number: int = 1
    seed: int | None = None
    seeded: bool = False
    public_balances: bool = True
    winner: int | None = None

    def owner_at(self, pos: Pos) -> int | None:
        """The seat whose station stands on ``pos`` (at most one owner per tile)."""
        for seat, p in enumerate(self.players):
            if p.station_at(pos) is not None:
                return seat
        return None

    def seat_of_suit(self, suit: str) -> int | None:
        for seat, p in enumerate(self.players):
            if p.suit == suit:
                return seat
        return None

    def open_from(self, source: Pos) -> int:
        return sum(1 for m in self.missions if m.open and m.source == source)

    __derived__: ClassVar[dict[str, tuple[str, ...]]] = {"open_index": ("missions",)}

    @cached
    def open_index(self) -> tuple[dict[Pos, int], dict[Pos, tuple[tuple[int, Pos], ...]]]:
        """The open missions, by source tile (how many) and by destination tile ((number,
        source) in mission order): the legal list asks both at every decision, and the
        missions only change when one is rolled or delivered, so the copies of a state
        share the tables (``values.replace`` keeps them while ``missions`` is unchanged)."""
        from_source: dict[Pos, int] = {}
        to_dest: dict[Pos, list[tuple[int, Pos]]] = {}
        for m in self.missions:
            if m.completed_by is None:
                from_source[m.source] = from_source.get(m.source, 0) + 1
                to_dest.setdefault(m.dest, []).append((m.number, m.source))
        return from_source, {dest: tuple(v) for dest, v in to_dest.items()}


def home_player(name: str, suit: str) -> Player:
    home = station_pos(suit, 0)
    return Player(name, suit, Ship(home), (Station(0, home),))
