"""Seeded randomness with a pinned algorithm.

Python's ``random`` may change its shuffling between versions, and a kit printed today must
match the tracker's replay of the same seed next year.  So the engine owns its generator:
SplitMix64 seeded from SHA-256 of ``"<seed>/<stream>"``, unbiased integers by rejection, and a
Fisher-Yates shuffle.  Named streams keep independent uses (setup, each reshuffle) from
shifting each other when one of them changes.
"""

from __future__ import annotations

import hashlib
import operator
import struct
from collections.abc import Callable, MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_SIDE_BY_SIDE = 9  # lists longer than this draw their numbers side by side (faster from 10)


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

    def belows(self, ranges: Sequence[int]) -> list[int]:
        """``[self.below(n) for n in ranges]``, the same numbers: drawn side by side
        (``_outputs``) and reduced in one C pass, one by one only when a draw would be
        rejected (``below``'s bias test: about one in 2**57 for the short ranges here).

        >>> a, b = Rng(3, "b"), Rng(3, "b")
        >>> a.belows([6, 5, 4]) == [b.below(6), b.below(5), b.below(4)]
        True
        """
        count = len(ranges)
        if not count:
            return []
        xs = _outputs(self._state, count)
        # ``below(n)`` rejects x >= 2**64 - 2**64 % n, and 2**64 % n < n: numbers all below
        # 2**64 - max(ranges) (one C pass) need no test each
        if max(xs) >= _TWO64 - max(ranges) and any(
                x >= _TWO64 - (_TWO64 % n) for x, n in zip(xs, ranges, strict=True)):
            return [self.below(n) for n in ranges]
        self._state = (self._state + count * _GAMMA) & _MASK
        return list(map(_mod, xs, ranges))

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last position down (``below(i + 1)`` written out: setups
        shuffle thousands of times).  A long list draws its numbers side by side
        (``belows``), the same numbers in the same order."""
        n = len(items)
        if n > _SIDE_BY_SIDE:
            for i, j in zip(range(n - 1, 0, -1), self.belows(range(n, 1, -1)),
                            strict=True):
                items[i], items[j] = items[j], items[i]
            return
        state = self._state
        for i in range(n - 1, 0, -1):
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
        swaps, ranges = _swaps(tuple(map(len, lists)))
        for (at, i), j in zip(swaps, self.belows(ranges), strict=True):
            items = lists[at]
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out


_mod = operator.mod
_SHA256 = hashlib.sha256
_LIMIT6 = _TWO64 - (_TWO64 % 6)  # ``below(6)`` keeps numbers under this


def two_dice(seed: int, stream: str) -> int:
    """``Rng(seed, stream).below(6) + that.below(6) + 2``, the same total, without making the
    generator: a game that rolls each 2d6 from its own stream (Galaxy Trucker's seeded dice)
    pays the hash and two SplitMix64 steps, not an object and two method calls.

    >>> all(two_dice(s, f"d/{n}") == (lambda r: r.below(6) + r.below(6) + 2)(Rng(s, f"d/{n}"))
    ...     for s in range(20) for n in range(20))
    True
    """
    state = int.from_bytes(_SHA256(f"{seed}/{stream}".encode()).digest()[:8], "big")
    total = _two_dice_from(state)
    if total is not None:
        return total
    rng = Rng(seed, stream)  # a number ``below`` rejects: drawn again, its way
    return rng.below(6) + rng.below(6) + 2


def _two_dice_from(state: int) -> int | None:
    """The 2d6 total of a generator at ``state``, or None when ``below(6)`` would reject
    either number drawn (about one in 2**61)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    first = z ^ (z >> 31)
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    second = z ^ (z >> 31)
    if first < _LIMIT6 and second < _LIMIT6:
        return first % 6 + second % 6 + 2
    return None


@lru_cache(maxsize=32)
def _swaps(lengths: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Fisher-Yates' swaps over lists of these lengths in turn: (list, position), each
    position from the last down to 1, and each swap's ``below`` range (position + 1)."""
    swaps = tuple((at, i) for at, n in enumerate(lengths) for i in range(n - 1, 0, -1))
    return swaps, tuple(i + 1 for _, i in swaps)


def _outputs(state: int, count: int) -> tuple[int, ...]:
    """The generator's next ``count`` numbers from ``state``, worked out side by side.

    SplitMix64's k-th number is a fixed mix of ``state + k * gamma``, so the numbers are one
    computation on a big integer holding every state in its own 128-bit lane (a product of
    two 64-bit numbers never leaves its lane; each shift is masked back into it): a few
    operations on one long number instead of a dozen on each.

    >>> rng = Rng(9, "lanes")
    >>> _outputs(rng._state, 3) == tuple(rng.next_u64() for _ in range(3))
    True
    """
    if count <= 0:
        return ()
    ones, steps, low, unpack = _lanes(count)
    s = (steps + state * ones) & low
    z = ((s ^ ((s >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
    z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
    x = z ^ ((z >> 31) & low)
    out: tuple[int, ...] = unpack(x.to_bytes(16 * count, "little"))
    return out


@lru_cache(maxsize=32)
def _lanes(count: int) -> tuple[int, int, int, Callable[[bytes], tuple[int, ...]]]:
    """For ``count`` lanes: 1 in each, k * gamma in lane k - 1 (k = 1..count), the low 64
    bits of each, and the reader of each lane's low 64 bits."""
    ones = int.from_bytes(b"\x01" + bytes(15), "little")
    ones = int.from_bytes((ones.to_bytes(16, "little")) * count, "little")
    steps = int.from_bytes(b"".join(((k * _GAMMA) & _MASK).to_bytes(16, "little")
                                    for k in range(1, count + 1)), "little")
    return ones, steps, _MASK * ones, struct.Struct("<" + "Q8x" * count).unpack
