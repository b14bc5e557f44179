"""The Wormholes galaxy (WH-1), the bases (WH-2) and each side's compass (WH-3).

Cells are ``(x, y)`` with x = 1..10 left to right and y = 1..18 bottom to top, written like
chess squares: column letter a..j, then the row number (``j1``, ``a18``).  The tile layout
is data (``TILE_ROWS``) so a better reconstruction of the lost diagram is a one-line change.
"""

from __future__ import annotations

import re
from typing import Literal

Cell = tuple[int, int]
Vector = tuple[int, int]
Suit = Literal["S", "M", "C", "A"]
Seat = Literal[0, 1]

WIDTH = 10
HEIGHT = 18

# WH-1 [recovered]: tile row r (1 = bottom) -> the tile columns c it holds.
TILE_ROWS: dict[int, tuple[int, ...]] = {
    9: (1, 2), 8: (2, 3), 7: (2, 3, 4), 6: (3, 4, 5), 5: (2, 3, 4),
    4: (1, 2, 3), 3: (2, 3, 4), 2: (3, 4), 1: (4, 5),
}


def _cells() -> frozenset[Cell]:
    out: set[Cell] = set()
    for r, cols in TILE_ROWS.items():
        for c in cols:
            out |= {(x, y) for x in (2 * c - 1, 2 * c) for y in (2 * r - 1, 2 * r)}
    return frozenset(out)


CELLS: frozenset[Cell] = _cells()
ORDERED_CELLS: tuple[Cell, ...] = tuple(sorted(CELLS, key=lambda c: (c[1], c[0])))

SUITS: tuple[Suit, ...] = ("S", "M", "C", "A")
SUIT_NAMES: dict[Suit, str] = {"S": "Sun", "M": "Moon", "C": "Crown", "A": "Arm"}
OWNER: dict[Suit, Seat] = {"S": 0, "M": 0, "C": 1, "A": 1}
SIDE_SUITS: dict[int, tuple[Suit, Suit]] = {0: ("S", "M"), 1: ("C", "A")}
SIDE_NAMES: tuple[str, str] = ("OrthogonAliens", "DiagonAliens")

# WH-2: each side's bases are its start cells; the ship of the first suit starts on the first.
BASES: dict[int, tuple[Cell, Cell]] = {0: ((10, 1), (10, 2)), 1: ((1, 18), (1, 17))}
START: dict[Suit, Cell] = {"S": (10, 1), "M": (10, 2), "C": (1, 18), "A": (1, 17)}
ALL_BASES: frozenset[Cell] = frozenset(BASES[0] + BASES[1])

# WH-3: compass names in the order a player reads them; vectors for the OrthogonAliens,
# whose north is +y (toward the DiagonAliens' end).  The DiagonAliens' compass is the half
# turn of this one.
DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_ORTHOGON: dict[str, Vector] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
COMPASS: dict[int, dict[str, Vector]] = {
    0: dict(_ORTHOGON),
    1: {name: (-dx, -dy) for name, (dx, dy) in _ORTHOGON.items()},
}

# WH-3: the axis each wormhole suit jumps along (the same line in both compasses).
AXES: dict[Suit, tuple[str, str]] = {
    "S": ("N", "S"), "M": ("E", "W"), "C": ("NW", "SE"), "A": ("NE", "SW"),
}


def opponent(seat: int) -> Seat:
    return 1 if seat == 0 else 0


def direction_name(seat: int, vector: Vector) -> str:
    for name, vec in COMPASS[seat].items():
        if vec == vector:
            return name
    raise ValueError(f"not a unit direction: {vector!r}")


def axis_vectors(suit: Suit) -> tuple[Vector, Vector]:
    """The two directions a wormhole of this suit can send a ship (OrthogonAlien compass)."""
    return _AXIS_VECTORS[suit]


_AXIS_VECTORS: dict[Suit, tuple[Vector, Vector]] = {
    suit: (COMPASS[0][a], COMPASS[0][b]) for suit, (a, b) in AXES.items()}


def cell_name(cell: Cell) -> str:
    x, y = cell
    return f"{'abcdefghij'[x - 1]}{y}"


_CELL_RE = re.compile(r"([a-jA-J])([1-9]|1[0-8])")


def parse_cell(text: str) -> Cell | None:
    """A cell of the bounding box from its name, or None (whether it is on the board is a rule)."""
    m = _CELL_RE.fullmatch(text.strip())
    if not m:
        return None
    return ("abcdefghij".index(m.group(1).lower()) + 1, int(m.group(2)))


def ray(start: Cell, vector: Vector, distance: int) -> Cell | None:
    """WH-4: where a straight move ends, or None if it leaves the board on the way or at the end.

    Own ships are not checked here (the caller knows whose ship moves).  Moves of up to
    :data:`RAY_TABLE_DISTANCE` come from a table made once (every move the dice and coins
    can make); longer ones are walked."""
    ends = RAYS.get((start, vector))
    if ends is not None and 0 <= distance <= RAY_TABLE_DISTANCE:
        return ends[distance]
    return _walk(start, vector, distance)


def rays(start: Cell, vector: Vector) -> tuple[Cell | None, ...]:
    """``ray`` for every distance 0-12 at once (None past the edge or a gap)."""
    ends = RAYS.get((start, vector))
    if ends is None:
        return tuple(_walk(start, vector, d) for d in range(RAY_TABLE_DISTANCE + 1))
    return ends


def _walk(start: Cell, vector: Vector, distance: int) -> Cell | None:
    x, y = start
    dx, dy = vector
    for _ in range(distance):
        x, y = x + dx, y + dy
        if (x, y) not in CELLS:
            return None
    return (x, y)


RAY_TABLE_DISTANCE = 12
# (cell, unit vector) -> where a straight move of each distance 0-12 ends (None: off the board)
RAYS: dict[tuple[Cell, Vector], tuple[Cell | None, ...]] = {
    (cell, vec): tuple(_walk(cell, vec, d) for d in range(RAY_TABLE_DISTANCE + 1))
    for cell in CELLS for vec in {*COMPASS[0].values(), *COMPASS[1].values()}}


def render_ascii(marks: dict[Cell, str] | None = None) -> str:
    """The board as text, top row first; '.' a cell, ' ' a gap (for docs and debugging)."""
    marks = marks or {}
    lines = []
    for y in range(HEIGHT, 0, -1):
        row = "".join(marks.get((x, y), ".") if (x, y) in CELLS else " "
                      for x in range(1, WIDTH + 1))
        lines.append(f"{y:2} {row.rstrip()}")
    lines.append("   abcdefghij")
    return "\n".join(lines)
