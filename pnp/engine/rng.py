"""Seeded randomness with a pinned algorithm.

Python's ``random`` may change its shuffling between versions, and a kit printed today must
match the tracker's replay of the same seed next year.  So the engine owns its generator:
SplitMix64 seeded from SHA-256 of ``"<seed>/<stream>"``, unbiased integers by rejection, and a
Fisher-Yates shuffle.  Named streams keep independent uses (setup, each reshuffle) from
shifting each other when one of them changes.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64


class Rng:
    """A deterministic 64-bit generator (SplitMix64)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int, stream: str = "") -> None:
        digest = hashlib.sha256(f"{seed}/{stream}".encode()).digest()
        self._state = int.from_bytes(digest[:8], "big")

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _TWO64 - (_TWO64 % n)
        state = self._state
        while True:  # next_u64() written out: the engines draw millions of these
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self._state = state
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last position down (``below(i + 1)`` written out: setups
        shuffle thousands of times)."""
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - (_TWO64 % n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self._state = state

    def shuffle_each(self, lists: Sequence[MutableSequence[T]]) -> None:
        """``shuffle`` each list in turn (the same draws), in one call: a tile set shuffles
        140 lists of 3 or 4 sides, where the calls cost as much as the draws.

        >>> lists = [[1, 2, 3], [4, 5, 6, 7]]
        >>> Rng(5).shuffle_each(lists)
        >>> b = Rng(5)
        >>> lists == [b.shuffled([1, 2, 3]), b.shuffled([4, 5, 6, 7])]
        True
        """
        state = self._state
        for items in lists:
            for i in range(len(items) - 1, 0, -1):
                n = i + 1
                limit = _TWO64 - (_TWO64 % n)
                while True:
                    state = (state + 0x9E3779B97F4A7C15) & _MASK
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    x = z ^ (z >> 31)
                    if x < limit:
                        break
                j = x % n
                items[i], items[j] = items[j], items[i]
        self._state = state

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
