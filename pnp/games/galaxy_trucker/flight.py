"""The flight board (GT-5): a 40-space loop where moving counts empty spaces only.

Positions are absolute (spaces travelled since the start space, negative behind it); the
space on the board is ``pos % 40``.  Two markers never share a space, and a player the leader
is a full loop ahead of has been lapped.
"""

from __future__ import annotations

from collections.abc import Iterable

from pnp.games.galaxy_trucker.state import LOOP


def move(pos: int, days: int, others: Iterable[int]) -> int:
    """Move ``days`` empty spaces forward (or back, when negative), skipping occupied ones."""
    occupied = {p % LOOP for p in others}
    step = 1 if days > 0 else -1
    left = abs(days)
    while left:
        pos += step
        if pos % LOOP not in occupied:
            left -= 1
    return pos


def start_positions(numbers: Iterable[int], gap: int) -> dict[int, int]:
    """Number tile -> starting position: tile 1 on the start space, each next ``gap`` behind."""
    return {n: -(n - 1) * gap for n in numbers}


def lapped(leader: int, pos: int) -> bool:
    """The leader is a full loop (or more) ahead."""
    return leader - pos >= LOOP
