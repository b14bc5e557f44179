"""Spatial Delivery state: immutable public facts plus, in seeded play, the hidden orders."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Literal

from pnp.engine.values import cached, quick_init, replace
from pnp.games.spatial_delivery.board import (
    CORNER_COUNT,
    CORNER_SEGMENTS,
    CORNERS,
    EARTH,
    HEX_COUNT,
    RING,
    other_end,
)
from pnp.games.spatial_delivery.cards import COLOUR_SET, COLOURS, FUEL, FUEL_CARDS

Phase = Literal["setup", "market", "journey", "ring3", "over"]


@quick_init
@dataclass(frozen=True)
class Need:
    """A chance outcome the table owes: a tile laid on a hex, or a card turned up."""

    kind: Literal["tile", "flip"]
    key: int | str  # hex id, or goods colour


def tile_need(hex_id: int) -> Need:
    """The one ``Need`` for a tile on this hex (owed lists are searched at every chance
    event, and the same object is found by identity before any field is compared)."""
    return _TILE_NEEDS.get(hex_id) or Need("tile", hex_id)


def flip_need(colour: str) -> Need:
    """The one ``Need`` for a card of this colour turned up (as ``tile_need``)."""
    return _FLIP_NEEDS.get(colour) or Need("flip", colour)


_new = object.__new__
_set = object.__setattr__


def made(fields: dict[str, Any]) -> State:
    """A new state from a copy of another's ``__dict__`` with some fields changed: what
    ``engine.values.replace`` does, written out for the usual events (a take, a flip), whose
    changes feed no derived lookup (not ``tiles`` or ``stations``; every cached property of
    ``State`` is one of those, so the copy keeps them all)."""
    new = _new(State)
    _set(new, "__dict__", fields)  # the frozen class's own __setattr__ refuses
    return new


_TILE_NEEDS = {h: Need("tile", h) for h in range(HEX_COUNT)}
_FLIP_NEEDS = {c: Need("flip", c) for c in COLOURS}


@quick_init
@dataclass(frozen=True)
class Goods:
    """One goods type's deck, face-up market card and discard pile.

    In seeded play ``deck`` is the real order, top first; in table play nobody knows the
    order, so it is kept sorted (what is left, not where).
    """

    market: str | None = None
    deck: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()
    reshuffles: int = 0


@quick_init
@dataclass(frozen=True)
class Seat:
    hand: tuple[str, ...] = ()  # sorted card codes; known from the public picks
    points: int = 0  # score tokens taken during play
    firsts: tuple[int, ...] = (0, 0, 0, 0)  # First Delivery tokens, Y B P G
    location: int = EARTH  # EARTH or the corner of a station
    passed: bool = False
    bonus: int = 0  # SD-5, filled in after the last round


@dataclass(frozen=True)
class State:
    players: int
    rounds: int
    seed: int | None
    seeded: bool
    hidden_tiles: tuple[str, ...] | None  # seeded play: the kind under each hex (index 0 = E)
    tiles: tuple[str | None, ...]  # "E", a colour, "S", or None while unlaid
    tokens: tuple[int, ...]  # score token value lying on each hex (0: none)
    firsts: tuple[bool, ...]  # a First Delivery token lies on the hex
    segments: frozenset[int]  # built trade route segments
    stations: tuple[tuple[int, int], ...]  # (corner, owner), sorted
    goods: tuple[Goods, ...]  # Y B P G
    seats: tuple[Seat, ...]
    order: tuple[int, ...]  # the This Turn track
    next_track: tuple[int, ...] = ()
    round: int = 1
    phase: Phase = "setup"
    pending: tuple[Need, ...] = ()
    picks: int = 0  # market picks made this Goods Market
    current: int | None = None  # seat on turn in the Trade Journey
    stage: int = 0  # actions done this turn: 0 none, 1 mission, 2 delivery, 3 card action
    must_take: bool = False  # a Barter was used: the card is taken next
    extra_turns: int = 0  # Enterprise

    # lookups derived from one field, shared by copies that leave it alone (engine.values)
    __derived__: ClassVar[dict[str, tuple[str, ...]]] = {
        "_station_owner": ("stations",), "station_corners": ("stations",),
        "laid_corners": ("tiles",), "usable": ("tiles",), "usable_steps": ("tiles",),
        "site_colours": ("tiles",)}

    def with_seat(self, i: int, seat: Seat, **changes: Any) -> State:
        """The state with seat ``i`` changed (and any other ``changes``)."""
        return replace(self, seats=(*self.seats[:i], seat, *self.seats[i + 1:]), **changes)

    def with_goods(self, colour_index: int, goods: Goods, **changes: Any) -> State:
        """The state with one goods type's deck and market changed (and other ``changes``)."""
        i = colour_index
        return replace(self, goods=(*self.goods[:i], goods, *self.goods[i + 1:]), **changes)

    def station_at(self, corner: int) -> int | None:
        return self._station_owner.get(corner)

    @cached
    def _station_owner(self) -> dict[int, int]:
        return dict(self.stations)

    @cached
    def station_corners(self) -> frozenset[int]:
        return frozenset(c for c, _ in self.stations)

    @cached
    def laid_corners(self) -> frozenset[int]:
        """Corners whose three hexes are laid (a route may use them), per board."""
        return laid_corners(self.tiles)

    @cached
    def usable(self) -> tuple[tuple[int, ...], ...]:
        """Per corner, the borders leaving it that join two corners of the laid galaxy."""
        return usable_segments_of(self.tiles)

    @cached
    def usable_steps(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """``usable`` with the corner each border leads to: (border, next corner) pairs."""
        return usable_steps_of(self.tiles)

    @cached
    def site_colours(self) -> tuple[tuple[str, ...], ...]:
        """Per corner, the colours of the Settled Worlds around it, sorted (what a station
        there is paid with)."""
        return site_colours_of(self.tiles)

    def stations_of(self, seat: int) -> list[int]:
        return [c for c, owner in self.stations if owner == seat]

    @property
    def laid(self) -> frozenset[int]:
        return frozenset(i for i, t in enumerate(self.tiles) if t is not None)

    @property
    def outermost_ring(self) -> int:
        """Distant Market's ring: the outermost ring laid so far (2, then 3)."""
        return max(RING[h] for h in self.laid)

    @property
    def fuel_in_depot(self) -> int:
        return FUEL_CARDS - sum(s.hand.count(FUEL) for s in self.seats)


# -- per board: what depends only on the laid tiles, computed once per layout --------------

@lru_cache(maxsize=256)
def laid_corners(tiles: tuple[str | None, ...]) -> frozenset[int]:
    return frozenset(c for c in range(CORNER_COUNT)
                     if all(tiles[h] is not None for h in CORNERS[c]))


@lru_cache(maxsize=256)
def usable_segments_of(tiles: tuple[str | None, ...]) -> tuple[tuple[int, ...], ...]:
    laid = laid_corners(tiles)
    return tuple(tuple(s for s in CORNER_SEGMENTS[c] if other_end(s, c) in laid)
                 if c in laid else () for c in range(CORNER_COUNT))


@lru_cache(maxsize=256)
def usable_steps_of(tiles: tuple[str | None, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(tuple((s, other_end(s, c)) for s in segs)
                 for c, segs in enumerate(usable_segments_of(tiles)))


@lru_cache(maxsize=256)
def site_colours_of(tiles: tuple[str | None, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(sorted(str(tiles[h]) for h in CORNERS[c] if tiles[h] in COLOUR_SET))
                 for c in range(CORNER_COUNT))
