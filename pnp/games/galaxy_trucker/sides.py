"""The four sides of a ship square and quarter-turn rotation.

Rows grow toward the rear of the ship (toward the player), columns grow to the right, as the
ship boards number them (GT-3).  ``N`` is the front, ``S`` the rear.  A rotation is a number of
clockwise quarter turns of a tile from its printed orientation.
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def opposite(self) -> Side:
        return SIDES[(self + 2) % 4]

    @property
    def delta(self) -> tuple[int, int]:
        """(row step, column step) to the neighbouring square on this side."""
        return DELTAS[self]

    @property
    def word(self) -> str:
        return _WORDS[self]

    def turned(self, rotation: int) -> Side:
        """Where this printed side faces after ``rotation`` clockwise quarter turns."""
        return SIDES[(self + rotation) % 4]


DELTAS = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""(row step, column step) by side (N, E, S, W): a tuple, indexed by the side's number (the
hot loops of building and checking ships look sides up this way, not through the enum)."""
_WORDS = {Side.N: "front", Side.E: "right", Side.S: "rear", Side.W: "left"}
SIDES = (Side.N, Side.E, Side.S, Side.W)
