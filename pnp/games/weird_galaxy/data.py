"""The table data of Weird Galaxy in one place: the tile grid, the dice and the action costs.

The rules text lost the suit of each grid tile and the action-cost table; rulings WG-2 and
WG-3 reconstruct them.  Both are kept here as plain data so a later ruling can change them
without touching the rules code.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

Pos = tuple[int, int]
"""(row, column) on the 7 x 7 grid, row 0 at the top, column 0 at the left."""

SIZE: Final = 7
HOLE: Final[Pos] = (3, 3)

SUITS: Final = "abcdefgh"
"""One letter per suit (and per die).  a-d the base piecepack, e-h the expansion."""

SUIT_NAMES: Final = MappingProxyType({
    "a": "Suns", "b": "Moons", "c": "Crowns", "d": "Arms",
    "e": "Spring", "f": "Summer", "g": "Autumn", "h": "Winter",
})
"""Display names only; the rules never depend on them."""

RANKS: Final = "NA2345"
"""Rank characters by value: null=0, ace=1, then 2..5 (a die face is one of these)."""

# WG-2 [reconstructed]: suit and rank of every tile, rows top to bottom, "--" the black hole.
GRID_TEXT: Final = (
    "h2 aA aN a2 eA eN e2 / hN h4 a3 a4 e3 e4 bA / hA h3 a5 e5 b5 b3 bN / "
    "d2 d4 h5 -- f5 b4 b2 / dN d3 d5 g5 c5 f3 fA / dA g4 g3 c4 c3 f4 fN / "
    "g2 gN gA c2 cN cA f2"
)

# WG-3 [reconstructed]: action points per action.  Free actions cost 0.
ACTION_COSTS: Final = MappingProxyType({
    "move": 1,      # move the own starship one tile
    "phredd": 1,    # move Phredd one tile, then he may spit once
    "mission": 1,   # roll a new trade mission (two dice)
    "shoo": 1,      # shoo Phredd (one die)
    "build": 1,     # build the next space station
    "shield": 2,    # install a spit shield on a station
    "paint": 2,     # repaint the own starship or a station
    "jump": 3,      # hyperjump the own starship (one die)
    "pick": 0,      # pick up a load on the source tile
    "deliver": 0,   # deliver a load on the destination tile
    "abandon": 0,   # abandon a load (costs a Space Buck, not points)
    "end": 0,       # end the turn
})

POINTS_PER_TURN: Final = 3
STATION_COSTS: Final = (0, 1, 2, 3, 4, 5, 6)
"""Space Bucks for station 0 (home, free) .. 6 (the black hole, which wins)."""
STATIONS: Final = len(STATION_COSTS)
SHIELD_COST: Final = 2
MAX_SHIELDS: Final = 5  # WG-7: 12 counters = 7 stations + 5 shields
FEE: Final = 1  # WG-9
ABANDON_FORFEIT: Final = 1  # WG-11
CAPACITY: Final = 2  # WG-6
SPIT_RANGE: Final = 1  # WG-8: the 8 neighbours and Phredd's own tile

DIRECTIONS: Final = MappingProxyType({
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
})

# Suits seated by default, spread around the rim (clockwise: a e b f c g d h).
DEFAULT_SUITS: Final = MappingProxyType({
    2: "ac", 3: "afg", 4: "abcd", 5: "abfgd", 6: "aebcgd", 7: "aebfcgd", 8: "aebfcgdh",
})


def _parse_grid(text: str) -> dict[Pos, tuple[str, int]]:
    rows = [r.split() for r in text.split("/")]
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError("the grid must be 7 x 7")
    grid: dict[Pos, tuple[str, int]] = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell == "--":
                if (r, c) != HOLE:
                    raise ValueError("the black hole must be in the centre")
                continue
            suit, rank = cell[0], cell[1]
            if suit not in SUITS or rank not in RANKS:
                raise ValueError(f"bad grid cell {cell!r}")
            grid[(r, c)] = (suit, RANKS.index(rank))
    if sorted(grid.values()) != sorted((s, k) for s in SUITS for k in range(len(RANKS))):
        raise ValueError("the grid must hold each suit's six ranks exactly once")
    return grid


TILE_AT: Final = MappingProxyType(_parse_grid(GRID_TEXT))
"""Position -> (suit, rank value) for the 48 tiles (the hole is absent)."""
POS_OF: Final = MappingProxyType({tile: pos for pos, tile in TILE_AT.items()})
"""(suit, rank value) -> position."""


def tile_name(pos: Pos) -> str:
    """'b3', 'aN', or 'hole' for the centre."""
    if pos == HOLE:
        return "hole"
    suit, rank = TILE_AT[pos]
    return f"{suit}{RANKS[rank]}"


def on_grid(pos: Pos) -> bool:
    return 0 <= pos[0] < SIZE and 0 <= pos[1] < SIZE


def within_one(a: Pos, b: Pos) -> bool:
    """Same tile or one of the 8 neighbours (WG-8 'spittin' distance')."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= SPIT_RANGE


NEAR: Final = MappingProxyType({
    (r, c): frozenset((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                      if on_grid((r + dr, c + dc)))
    for r in range(SIZE) for c in range(SIZE)})
"""Grid position -> the grid positions ``within_one`` of it (itself included): a set test
where the legal list asks it for every ship and station near each of Phredd's steps."""

STEPS: Final = MappingProxyType({
    (r, c): tuple((d, (r + dr, c + dc)) for d, (dr, dc) in DIRECTIONS.items()
                  if on_grid((r + dr, c + dc)))
    for r in range(SIZE) for c in range(SIZE)})
"""Grid position -> (direction, position) for each step that stays on the grid, in the
order of ``DIRECTIONS``."""


def manhattan(a: Pos, b: Pos) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def payoff(source: Pos, dest: Pos) -> int:
    """WG-5: half the city-block distance, rounded up."""
    return (manhattan(source, dest) + 1) // 2


def station_pos(suit: str, index: int) -> Pos:
    """Where station ``index`` (0 home .. 6 black hole) of a suit stands."""
    if index == STATIONS - 1:
        return HOLE
    return POS_OF[(suit, index)]
