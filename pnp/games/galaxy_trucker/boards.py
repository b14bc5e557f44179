"""Ship boards I, II, III and IIIa (GT-3): valid squares, start square, loss penalty cap.

Squares are (row, column) with the numbers printed on the board edges, the ones the hit dice
name (GT-4).  Data in one place so a corrected figure is a one-line change.
"""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]

START: Cell = (7, 7)


@dataclass(frozen=True)
class Board:
    name: str
    cells: frozenset[Cell]
    max_penalty: int | None  # None: no maximum (IIIa)
    start: Cell = START

    @property
    def rows(self) -> tuple[int, ...]:
        return tuple(sorted({r for r, _ in self.cells}))

    @property
    def columns(self) -> tuple[int, ...]:
        return tuple(sorted({c for _, c in self.cells}))

    def penalty(self, lost: int) -> int:
        """Credits owed for ``lost`` components (capped by the board's maximum, GT-6)."""
        return lost if self.max_penalty is None else min(lost, self.max_penalty)


def _cells(spec: dict[int, str]) -> frozenset[Cell]:
    """{row: "5-9,11"} -> the squares."""
    out: set[Cell] = set()
    for row, text in spec.items():
        for part in text.split(","):
            lo, _, hi = part.partition("-")
            for col in range(int(lo), int(hi or lo) + 1):
                out.add((row, col))
    return frozenset(out)


BOARDS: dict[str, Board] = {
    "I": Board("I", _cells({5: "7", 6: "6-8", 7: "5-9", 8: "5-9", 9: "5,6,8,9"}), 5),
    "II": Board("II", _cells({4: "7", 5: "6-8", 6: "5-9", 7: "5-9", 8: "4-10",
                              9: "4,5,6,8,9,10"}), 8),
    "III": Board("III", _cells({4: "7", 5: "6-8", 6: "3,5-9,11", 7: "3-11", 8: "3-11",
                                9: "3,4,6,7,8,10,11"}), 11),
    "IIIa": Board("IIIa", _cells({3: "6-8", 4: "5-9", 5: "5,6,8,9", 6: "5-9", 7: "6-8",
                                  8: "5,7,9", 9: "5-9", 10: "5-9", 11: "5,7,9"}), None),
}


def board(name: str) -> Board:
    try:
        return BOARDS[name]
    except KeyError:
        raise KeyError(f"no ship board {name!r}; boards: {', '.join(BOARDS)}") from None
