"""Seeded deals for Wormholes: the hidden coin values, the dice stream and a quick-start layout.

Each stream is named so that one use never shifts another: the coin values come from
``Rng(seed, "wormholes/coins")``, roll n (opening rolls included, counted from 0) from
``Rng(seed, "dice/<n>")``, and the proposed placement from ``Rng(seed, "wormholes/layout")``.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.engine.rng import Rng
from pnp.games.wormholes.board import (
    ALL_BASES,
    ORDERED_CELLS,
    SIDE_SUITS,
    SUITS,
    Cell,
    Suit,
    cell_name,
)

RANKS: tuple[int, ...] = (0, 1, 2, 3, 4, 5)  # null, ace, 2..5
FACES = 6


def deal_coin_values(seed: int) -> dict[Suit, list[int]]:
    """WH-16: per suit, the values of its coins in the order they are placed."""
    rng = Rng(seed, "wormholes/coins")
    return {s: rng.shuffled(list(RANKS)) for s in SUITS}


@lru_cache(maxsize=1024)
def roll_dice(seed: int, n: int, count: int) -> tuple[int, ...]:
    """Roll n of the seeded stream: `count` faces 0..5, in suit (or seat) order."""
    rng = Rng(seed, f"dice/{n}")
    if count == 2:  # the usual roll, without a generator
        return rng.below(FACES), rng.below(FACES)
    return tuple(rng.below(FACES) for _ in range(count))


def propose_layout(seed: int) -> dict[str, list[str]]:
    """A random quick-start placement: each side's twelve coins on distinct non-base cells."""
    rng = Rng(seed, "wormholes/layout")
    free: list[Cell] = [c for c in ORDERED_CELLS if c not in ALL_BASES]
    cells = rng.shuffled(free)[:24]
    out: dict[str, list[str]] = {}
    i = 0
    for seat in (0, 1):
        moves: list[str] = []
        for suit in SIDE_SUITS[seat]:
            for _ in RANKS:
                moves.append(f"{suit}@{cell_name(cells[i])}")
                i += 1
        out[str(seat)] = moves
    return out
