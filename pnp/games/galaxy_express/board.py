"""The Star Chart: 8 x 6 cells on a torus (GE-1), as cell indices and 48-bit cell sets.

Cell ``i`` is column ``i % 8`` (a..h, left to right) and row ``i // 8`` (1..6, bottom to top).
Cell sets are ints with bit ``i`` set; a row is one byte, so sliding a whole set east is a
per-byte rotation and sliding it north is a rotation by whole bytes.  The lost-in-space search
moves thousands of sets at once this way.
"""

from __future__ import annotations

COLS = 8
ROWS = 6
CELLS = COLS * ROWS
TILE_COLS = 4
TILE_ROWS = 3
FULL = (1 << CELLS) - 1
COL_NAMES = "abcdefgh"

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
DIRECTION_NAMES = ("N", "E", "S", "W")


def cell_of(col: int, row: int) -> int:
    return (row % ROWS) * COLS + (col % COLS)


def col_row(cell: int) -> tuple[int, int]:
    return cell % COLS, cell // COLS


def cell_name(cell: int) -> str:
    col, row = col_row(cell)
    return f"{COL_NAMES[col]}{row + 1}"


def parse_cell(text: str) -> int | None:
    """'b3' -> its index; None when the text is not a cell of the chart."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in COL_NAMES or t[1] not in "0123456789":
        return None
    row = int(t[1]) - 1
    if not 0 <= row < ROWS:
        return None
    return cell_of(COL_NAMES.index(t[0]), row)


def tile_of(cell: int) -> tuple[int, int]:
    """The 2x2 tile (column 0..3, row 0..2) a cell lies on."""
    col, row = col_row(cell)
    return col // 2, row // 2


def slide(cell: int, direction: str, distance: int) -> int:
    dc, dr = DIRECTIONS[direction]
    col, row = col_row(cell)
    return cell_of(col + dc * distance, row + dr * distance)


def neighbours(cell: int) -> tuple[int, ...]:
    """The four orthogonal neighbours, across the edges too (GE-1)."""
    return tuple(slide(cell, d, 1) for d in DIRECTION_NAMES)


def scan_reach(cell: int) -> tuple[int, ...]:
    """The cells a ship on ``cell`` can scan: its own and its four neighbours (GE-5)."""
    return (cell, *neighbours(cell))


def mask_of(cells: tuple[int, ...] | list[int] | frozenset[int]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


_BYTES = sum(0xFF << (8 * r) for r in range(ROWS))


def _per_byte(pattern: int) -> int:
    return sum((pattern & 0xFF) << (8 * r) for r in range(ROWS))


_EAST_KEEP = [_per_byte((0xFF << k) & 0xFF) for k in range(COLS)]
_EAST_WRAP = [_per_byte(0xFF >> (COLS - k)) if k else 0 for k in range(COLS)]


def shift_east(cells: int, k: int) -> int:
    k %= COLS
    if k == 0:
        return cells
    return ((cells << k) & _EAST_KEEP[k]) | ((cells >> (COLS - k)) & _EAST_WRAP[k])


def shift_north(cells: int, k: int) -> int:
    k %= ROWS
    if k == 0:
        return cells
    bits = COLS * k
    return ((cells << bits) | (cells >> (CELLS - bits))) & FULL


def spread(cells: int, distance: int) -> int:
    """Every cell reachable from a set by one slide of ``distance`` in any direction.

    The four shifts written out (the lost-in-space search calls this thousands of times a
    game); the same result as ``shift_east``/``shift_north`` both ways."""
    out = 0
    k = distance % COLS
    if k:
        out |= ((cells << k) & _EAST_KEEP[k]) | ((cells >> (COLS - k)) & _EAST_WRAP[k])
        j = COLS - k
        out |= ((cells << j) & _EAST_KEEP[j]) | ((cells >> k) & _EAST_WRAP[j])
    else:
        out |= cells
    k = distance % ROWS
    if k:
        bits = COLS * k
        out |= ((cells << bits) | (cells >> (CELLS - bits))) & FULL
        bits = COLS * (ROWS - k)
        out |= ((cells << bits) | (cells >> (CELLS - bits))) & FULL
    else:
        out |= cells
    return out
