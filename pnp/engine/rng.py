"""Seeded randomness with a pinned algorithm.

Python's ``random`` may change its shuffling between versions, and a kit printed today must
match the tracker's replay of the same seed next year.  So the engine owns its generator:
SplitMix64 seeded from SHA-256 of ``"<seed>/<stream>"``, unbiased integers by rejection, and a
Fisher-Yates shuffle.  Named streams keep independent uses (setup, each reshuffle) from
shifting each other when one of them changes.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_SIDE_BY_SIDE = 24  # lists longer than this draw their numbers side by side


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
        shuffle thousands of times).  A long list draws its numbers side by side
        (``_outputs``), the same numbers in the same order."""
        if len(items) > _SIDE_BY_SIDE and self._shuffle_at_once([items]):
            return
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
        if not self._shuffle_at_once(lists):
            for items in lists:
                self.shuffle(items)

    def _shuffle_at_once(self, lists: Sequence[MutableSequence[T]]) -> bool:
        """Shuffle ``lists`` in turn with one number per swap, drawn side by side; False (and
        nothing changed) when a number would be rejected (``below``'s bias test: about one
        in 2**57 here), for the caller to draw one by one."""
        count = sum(len(items) - 1 for items in lists if items)
        xs = _outputs(self._state, count)
        longest = max(map(len, lists), default=0)
        # ``below(n)`` rejects x >= 2**64 - 2**64 % n, and 2**64 % n < n <= longest: numbers
        # all below 2**64 - longest (one C pass) need no test each
        if xs and max(xs) >= _TWO64 - longest:
            k = 0
            for items in lists:
                for n in range(len(items), 1, -1):
                    if xs[k] >= _TWO64 - (_TWO64 % n):
                        return False
                    k += 1
        k = 0
        for items in lists:
            n = len(items)
            if n < 2:
                continue
            for i, x in zip(range(n - 1, 0, -1), xs[k:k + n - 1], strict=True):
                j = x % (i + 1)
                items[i], items[j] = items[j], items[i]
            k += n - 1
        self._state = (self._state + count * _GAMMA) & _MASK
        return True

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out


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
