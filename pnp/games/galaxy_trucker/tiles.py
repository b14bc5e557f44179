"""Component tiles: the GT-1 mix with GT-2 connectors dealt from a seed.

Every tile is described in its printed orientation: an engine's exhaust on its ``S`` side, a
cannon's barrel on its ``N`` side, a shield generator covering its ``N`` and ``E`` sides.  The
generator hits the GT-1 and GT-2 totals by construction (it deals fixed multisets), so every
seed gives a tile set with exactly those statistics.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import product
from operator import itemgetter

from pnp.engine.rng import Rng
from pnp.engine.values import cached, quick_init
from pnp.games.galaxy_trucker.sides import Side


class Connector(Enum):
    SMOOTH = "-"
    SIMPLE = "s"
    DOUBLE = "d"
    UNIVERSAL = "u"

    # members are singletons: hash by identity, in C (Enum's own hash runs Python code on the
    # name, and ship tables are keyed by connectors and kinds)
    __hash__ = object.__hash__

    @property
    def word(self) -> str:
        return self.name.lower()


def joins(a: Connector, b: Connector) -> bool:
    """Two touching sides hold together: same type, or a universal with any connector."""
    if a is Connector.SMOOTH or b is Connector.SMOOTH:
        return False
    return a is b or Connector.UNIVERSAL in (a, b)


def fits(a: Connector, b: Connector) -> bool:
    """Two touching sides may sit next to each other: they join, or both are smooth."""
    return joins(a, b) or (a is Connector.SMOOTH and b is Connector.SMOOTH)


class Kind(Enum):
    PILOT = "pilot"
    CABIN = "cabin"
    ENGINE = "engine"
    DOUBLE_ENGINE = "engine2"
    CANNON = "cannon"
    DOUBLE_CANNON = "cannon2"
    BATTERY = "battery"
    SHIELD = "shield"
    CARGO = "cargo"
    SPECIAL_CARGO = "special"
    STRUCTURAL = "structural"
    LIFE_BROWN = "life-brown"
    LIFE_PURPLE = "life-purple"

    __hash__ = object.__hash__  # as Connector's

    @property
    def is_engine(self) -> bool:
        return self in (Kind.ENGINE, Kind.DOUBLE_ENGINE)

    @property
    def is_cannon(self) -> bool:
        return self in (Kind.CANNON, Kind.DOUBLE_CANNON)

    @property
    def is_cabin(self) -> bool:
        return self in (Kind.PILOT, Kind.CABIN)

    @property
    def is_double(self) -> bool:
        return self in (Kind.DOUBLE_ENGINE, Kind.DOUBLE_CANNON)

    @property
    def is_life_support(self) -> bool:
        return self in (Kind.LIFE_BROWN, Kind.LIFE_PURPLE)


# GT-1: (kind, capacity, how many), in id order.  Capacity is E-cells for batteries and
# containers for cargo holds; 0 where the kind holds nothing.
MIX: tuple[tuple[Kind, int, int], ...] = (
    (Kind.CABIN, 0, 16),
    (Kind.ENGINE, 0, 19),
    (Kind.DOUBLE_ENGINE, 0, 7),
    (Kind.CANNON, 0, 23),
    (Kind.DOUBLE_CANNON, 0, 8),
    (Kind.BATTERY, 2, 9),
    (Kind.BATTERY, 3, 6),
    (Kind.SHIELD, 0, 8),
    (Kind.CARGO, 2, 9),
    (Kind.CARGO, 3, 6),
    (Kind.SPECIAL_CARGO, 1, 6),
    (Kind.SPECIAL_CARGO, 2, 3),
    (Kind.STRUCTURAL, 0, 8),
    (Kind.LIFE_BROWN, 0, 6),
    (Kind.LIFE_PURPLE, 0, 6),
)
WAREHOUSE = 140
PILOT_COLOURS = ("blue", "red", "green", "yellow")
PILOT_IDS = tuple(range(WAREHOUSE + 1, WAREHOUSE + 1 + len(PILOT_COLOURS)))  # 141..144

# GT-2 totals over the 140 warehouse tiles.
CONNECTOR_TOTALS = {Connector.SMOOTH: 241, Connector.SIMPLE: 111, Connector.DOUBLE: 111,
                    Connector.UNIVERSAL: 97}
TILES_BY_CONNECTORS = {1: 31, 2: 55, 3: 38, 4: 16}

# Connectors as bits, for the typical-ship builder's fit test (``Tile.fit_codes``): five bits a
# side, bits 0-3 the connector (smooth, simple, double, universal), bit 4 "nothing there".
FIT_BITS = {Connector.SMOOTH: 1, Connector.SIMPLE: 2, Connector.DOUBLE: 4, Connector.UNIVERSAL: 8}
_EMPTY = 1 << 4
_ACCEPTS = {1: 1, 2: 2 | 8, 4: 4 | 8, 8: 2 | 4 | 8}  # what may sit against each connector's bit


def _bit(c: Connector) -> int:
    """``FIT_BITS[c]`` without hashing the member (an enum's hash runs Python code)."""
    return (1 if c is Connector.SMOOTH else 2 if c is Connector.SIMPLE
            else 4 if c is Connector.DOUBLE else 8)
FIT_ANY = 0b11111  # an empty square's side: anything, nothing included
FIT_LOW = 1 | 1 << 5 | 1 << 10 | 1 << 15


def fit(code: int, demand: int) -> bool:
    """Every side's 5-bit field of ``code & demand`` is non-zero: the tile's faces (a
    ``Tile.fit_codes`` code) sit cleanly against what a square demands."""
    x = code & demand
    return (x | x >> 1 | x >> 2 | x >> 3 | x >> 4) & FIT_LOW == FIT_LOW


EXHAUST = Side.S  # printed side of an engine's exhaust
BARREL = Side.N  # printed side of a cannon's barrel
SHIELDED = (Side.N, Side.E)  # printed sides a shield generator covers


@quick_init
@dataclass(frozen=True)
class Tile:
    """One component as printed: id, function, and connectors on its N, E, S, W sides."""

    id: int
    kind: Kind
    sides: tuple[Connector, Connector, Connector, Connector]
    capacity: int = 0
    colour: str | None = None  # a pilot cabin's colour

    def connector(self, printed: Side) -> Connector:
        return self.sides[printed]

    @cached
    def faces(self) -> tuple[tuple[Connector, ...], ...]:
        """``faces[rotation][side]``: the connector facing ``side`` (N, E, S, W) once the tile
        is turned ``rotation`` quarter turns; the table ships are built and checked with."""
        n, e, s, w = self.sides  # faces[r][side] is sides[(side - r) % 4]
        return ((n, e, s, w), (w, n, e, s), (s, w, n, e), (e, s, w, n))

    @cached
    def fit_codes(self) -> tuple[tuple[int, int], ...]:
        """(rotation, faces as bit fields) for each rotation the tile may take in a legal ship:
        an engine's exhaust to the rear, a cannon's barrel on a side that must stay empty.
        Five bits a side (N, E, S, W; ``FIT_BITS``); ``fit`` tests them against a square."""
        return _fit_codes(self.kind, self.sides)

    @cached
    def demands(self) -> tuple[tuple[int, ...], ...]:
        """``demands[rotation][side]``: the faces (bit set, ``FIT_BITS``) a tile may show this
        one across ``side`` (0: its exhaust or barrel points there, nothing may go)."""
        return _demands(self.kind, self.sides)

    @property
    def connector_count(self) -> int:
        return sum(1 for c in self.sides if c is not Connector.SMOOTH)

    @property
    def label(self) -> str:
        """Short function name as printed next to the id, e.g. ``battery 3``."""
        if self.kind is Kind.PILOT:
            return f"pilot cabin ({self.colour})"
        if self.capacity:
            return f"{self.kind.value} {self.capacity}"
        return str(self.kind.value)


# A tile's fit tables depend only on its kind and sides, which recur from seed to seed: worked
# out once per (kind, sides) in a process, not once per tile of every tile set.

@cache
def _fit_codes(kind: Kind, sides: tuple[Connector, ...]) -> tuple[tuple[int, int], ...]:
    # the printed sides' bits turned ``rotation`` quarter turns, five bits a side: side k of
    # rotation r shows printed side k - r (the rotations of ``Tile.faces``, written out)
    n, e, s, w = [_bit(c) for c in sides]
    if kind.is_engine:  # exhaust (printed S) to the rear: rotation 0 only, S kept empty
        return ((0, n | e << 5 | _EMPTY << 10 | w << 15),)
    if kind.is_cannon:  # the barrel's side (printed N, turned) stays empty
        return ((0, _EMPTY | e << 5 | s << 10 | w << 15),
                (1, w | _EMPTY << 5 | e << 10 | s << 15),
                (2, s | w << 5 | _EMPTY << 10 | e << 15),
                (3, e | s << 5 | w << 10 | _EMPTY << 15))
    return ((0, n | e << 5 | s << 10 | w << 15), (1, w | n << 5 | e << 10 | s << 15),
            (2, s | w << 5 | n << 10 | e << 15), (3, e | s << 5 | w << 10 | n << 15))


@cache
def _demands(kind: Kind, sides: tuple[Connector, ...]) -> tuple[tuple[int, ...], ...]:
    # what may sit against each printed side, turned as in ``_fit_codes``; 0 where the
    # exhaust (printed S) or the barrel (printed N) points
    n, e, s, w = [_ACCEPTS[_bit(c)] for c in sides]
    if kind.is_engine:
        s = 0
    elif kind.is_cannon:
        n = 0
    return ((n, e, s, w), (w, n, e, s), (s, w, n, e), (e, s, w, n))


@dataclass(frozen=True)
class TileSet:
    """The 144 tiles of one seed: 140 warehouse tiles and the 4 pilot cabins."""

    seed: int
    tiles: tuple[Tile, ...]

    @cached
    def by_id(self) -> dict[int, Tile]:
        return {t.id: t for t in self.tiles}

    def __getitem__(self, tile_id: int) -> Tile:
        return self.by_id[tile_id]

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self.by_id

    @property
    def warehouse(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.kind is not Kind.PILOT)

    @property
    def pilots(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.kind is Kind.PILOT)


def _kinds() -> list[tuple[Kind, int]]:
    out: list[tuple[Kind, int]] = []
    for kind, capacity, count in MIX:
        out.extend([(kind, capacity)] * count)
    return out


# What every seed's deal starts from, worked out once (a replay deals one tile set a game):
# each warehouse tile's (kind, capacity), the sides a connector may go on (an engine's exhaust
# and a cannon's barrel stay smooth), the tiles that may get 4 connectors besides the
# structural modules, and the connector counts and types shared out over the rest.
_KINDS = tuple(_kinds())
_ALLOWED = tuple(tuple(s for s in range(4) if not (kind.is_engine and s == EXHAUST)
                       and not (kind.is_cannon and s == BARREL)) for kind, _ in _KINDS)
_STRUCTURAL = [i for i, (k, _) in enumerate(_KINDS) if k is Kind.STRUCTURAL]
_OTHERS = [i for i, (k, _) in enumerate(_KINDS)
           if k is not Kind.STRUCTURAL and not k.is_engine and not k.is_cannon]
_REST = [n for n in (1, 2, 3) for _ in range(TILES_BY_CONNECTORS[n])]
_TYPES = [c for c in (Connector.SIMPLE, Connector.DOUBLE, Connector.UNIVERSAL)
          for _ in range(CONNECTOR_TOTALS[c])]


def _connector_counts(rng: Rng) -> list[int]:
    """How many connectors each tile gets: exactly the GT-2 spread.

    Engines and cannons keep one side smooth, so they never get 4.  Structural modules get 4
    ("a lot of connectors"); the other 4-connector tiles go to random non-weapon tiles, and the
    remaining counts are shuffled over everything else.
    """
    counts = [0] * len(_KINDS)
    chosen = _STRUCTURAL + rng.shuffled(_OTHERS)[: TILES_BY_CONNECTORS[4] - len(_STRUCTURAL)]
    for i in chosen:
        counts[i] = 4
    rest = _REST[:]
    rng.shuffle(rest)
    free = [i for i in range(len(_KINDS)) if counts[i] == 0]
    for i, n in zip(free, rest, strict=True):
        counts[i] = n
    return counts


def _side_table(allowed: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[key][n]``: the sides (sorted) a tile with these allowed sides puts its ``n``
    connectors on, once Fisher-Yates has shuffled ``allowed`` with the draws ``key`` stands
    for (``_draw_key``): the first ``n`` of the shuffled sides."""
    ranges = range(len(allowed), 1, -1)
    table: dict[int, tuple[tuple[int, ...], ...]] = {}
    for draws in product(*(range(k) for k in ranges)):
        order = list(allowed)
        for i, j in zip(range(len(order) - 1, 0, -1), draws, strict=True):
            order[i], order[j] = order[j], order[i]
        table[_draw_key(draws)] = tuple(tuple(sorted(order[:n]))
                                        for n in range(len(allowed) + 1))
    return tuple(table[key] for key in range(len(table)))


def _draw_key(draws: tuple[int, ...]) -> int:
    """The draws of one side shuffle as one number (mixed radix: 4 sides draw below 4, 3
    and 2; 3 sides below 3 and 2)."""
    key = 0
    for k, j in zip(range(len(draws) + 1, 1, -1), draws, strict=True):
        key = key * k + j
    return key


# Per tile, in id order: its side table, and where its draws start in the side shuffles'
# draws; and the ``below`` range of each of those draws.
_SIDE_TABLES = {allowed: _side_table(allowed) for allowed in set(_ALLOWED)}
_TILE_SIDES = tuple(_SIDE_TABLES[a] for a in _ALLOWED)
_DRAW_AT = tuple(sum(len(a) - 1 for a in _ALLOWED[:i]) for i in range(len(_ALLOWED)))
_SIDE_RANGES = tuple(k for a in _ALLOWED for k in range(len(a), 1, -1))
# where each side goes in a tile's sides, given the sides that get connectors: index 0 of
# the pool is smooth, 1.. the connector types dealt to it in order (N to W)
_PICK = {sides: itemgetter(*[sides.index(k) + 1 if k in sides else 0 for k in range(4)])
         for table in _SIDE_TABLES.values() for row in table for sides in row}
# per tile, in id order, for the deal's loop (no enum property looked up 140 times a set)
_IDS = range(1, len(_KINDS) + 1)
_KIND_OF = tuple(kind for kind, _ in _KINDS)
_CAPACITY_OF = tuple(capacity for _, capacity in _KINDS)
_THREE_SIDES = tuple(len(a) == 3 for a in _ALLOWED)


def generate_tiles(seed: int) -> TileSet:
    """The seed's tile set: GT-1 mix, GT-2 connector totals, ids 1-140 and pilots 141-144.

    Each tile's connectors go on the first sides of its allowed sides shuffled (one
    Fisher-Yates per tile); the shuffles' draws are taken for all tiles at once and each
    tile's sides read from a table of what those draws do (``_side_table``), the same as
    shuffling each tile's list."""
    rng = Rng(seed, "galaxy-trucker/tiles")
    assert len(_KINDS) == WAREHOUSE
    counts = _connector_counts(rng)
    types = _TYPES[:]
    rng.shuffle(types)
    draws = rng.belows(_SIDE_RANGES)
    dealt = 0  # connector types are dealt in order, N to W, tile after tile
    tiles: list[Tile] = []
    new, smooth, append = Tile.__new__, Connector.SMOOTH, tiles.append
    for tile_id, kind, capacity, n, at, table, three in zip(
            _IDS, _KIND_OF, _CAPACITY_OF, counts, _DRAW_AT, _TILE_SIDES, _THREE_SIDES, strict=True):
        if three:  # an engine or a cannon: 3 allowed sides, draws below 3 and 2
            key = draws[at] * 2 + draws[at + 1]
        else:  # 4 sides: below 4, 3 and 2
            key = draws[at] * 6 + draws[at + 1] * 2 + draws[at + 2]
        sides = _PICK[table[key][n]]((smooth, *types[dealt:dealt + n]))
        dealt += n
        tile = new(Tile)  # Tile's own __init__, written out: 140 tiles a set
        tile.__dict__.update(id=tile_id, kind=kind, sides=sides, capacity=capacity,
                             colour=None)
        append(tile)
    return TileSet(seed, (*tiles, *_PILOTS))


# the pilot cabins, the same in every set (immutable values, shared)
_PILOTS = tuple(Tile(tile_id, Kind.PILOT, (Connector.UNIVERSAL,) * 4, 0, colour)
                for tile_id, colour in zip(PILOT_IDS, PILOT_COLOURS, strict=True))


def _four(sides: tuple[Connector, ...]) -> tuple[Connector, Connector, Connector, Connector]:
    a, b, c, d = sides
    return (a, b, c, d)


def statistics(tiles: TileSet) -> dict[str, Counter[str]]:
    """GT-1/GT-2 figures of the warehouse tiles (what the tests compare with the rulings)."""
    kinds: Counter[str] = Counter()
    sides: Counter[str] = Counter()
    per_tile: Counter[str] = Counter()
    for t in tiles.warehouse:
        kinds[t.label] += 1
        sides.update(c.word for c in t.sides)
        per_tile[str(t.connector_count)] += 1
    return {"kinds": kinds, "sides": sides, "connectors per tile": per_tile}


def sides_from(text: str) -> tuple[Connector, Connector, Connector, Connector]:
    """``"sdu-"`` -> connectors on the N, E, S, W sides (s simple, d double, u universal)."""
    if len(text) != 4 or any(ch not in "-sdu" for ch in text):
        raise ValueError(f"{text!r}: four of - s d u, for the N, E, S, W sides")
    return _four(tuple(Connector(ch) for ch in text))


def sides_text(tile: Tile) -> str:
    return "".join(c.value for c in tile.sides)
