"""A table's entries in force as an immutable sequence that a write extends without copying.

Each write makes a new snapshot whose entries are the old ones plus one or a few.  As one
tuple that is a copy of the whole log per write, and the copy is a new container the garbage
collector then walks, element by element, in the young collections it lives through: at
1,000 tables it was about 40 % of everything those collections walked, and so of their
pauses (the longest ones are the tracker's slowest writes).  Here the entries are kept in
full chunks of ``CHUNK`` (shared by every later snapshot of the table, never copied again)
and a short tail: a write makes the new tail (fewer than ``CHUNK`` entries) and, once every
``CHUNK`` entries, a new tuple of chunks.  It reads like the tuple it replaces: ``len``,
indexing, slices (as tuples), iteration, ``+`` a tuple (``plus``), equality with a tuple.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, TypeVar, overload

T = TypeVar("T")

CHUNK = 64
"""Entries per shared chunk: a write copies at most this many (the tail)."""


class Entries(Sequence[T]):
    __slots__ = ("_chunks", "_len", "_tail")

    _chunks: tuple[tuple[T, ...], ...]
    _tail: tuple[T, ...]
    _len: int

    def __init__(self, items: Iterable[T] = ()) -> None:
        if isinstance(items, Entries):
            self._chunks, self._tail, self._len = items._chunks, items._tail, items._len
            return
        items = tuple(items)
        full = len(items) - len(items) % CHUNK
        self._chunks = tuple(items[i:i + CHUNK] for i in range(0, full, CHUNK))
        self._tail = items[full:]
        self._len = len(items)

    def __add__(self, more: Iterable[T]) -> Entries[T]:
        return self.plus(more)

    def plus(self, more: Iterable[T]) -> Entries[T]:
        """These entries and then ``more``: the full chunks shared, the tail copied."""
        more = tuple(more)
        new: Entries[T] = Entries.__new__(Entries)
        chunks, tail = self._chunks, self._tail + more
        if len(tail) >= CHUNK:
            cut = len(tail) - len(tail) % CHUNK
            chunks = chunks + tuple(tail[i:i + CHUNK] for i in range(0, cut, CHUNK))
            tail = tail[cut:]
        new._chunks, new._tail, new._len = chunks, tail, self._len + len(more)
        return new

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[T]:
        if not self._chunks:
            return iter(self._tail)
        return chain(chain.from_iterable(self._chunks), self._tail)

    def __reversed__(self) -> Iterator[T]:
        return reversed(tuple(self))

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._len)
            if step != 1:
                return tuple(self)[index]
            return self._span(start, stop)
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("entry index out of range")
        full = len(self._chunks) * CHUNK
        if index >= full:
            return self._tail[index - full]
        return self._chunks[index // CHUNK][index % CHUNK]

    def newest(self, count: int) -> tuple[T, ...]:
        """The last ``count`` entries (all of them if fewer)."""
        if count <= 0:
            return ()
        if count <= len(self._tail):
            return self._tail[len(self._tail) - count:]
        return self._span(max(0, self._len - count), self._len)

    def _span(self, start: int, stop: int) -> tuple[T, ...]:
        """Entries ``start`` to ``stop`` (0 <= start, stop <= len), touching only the chunks
        they are in (an answer's history is the newest few)."""
        if stop <= start:
            return ()
        full = len(self._chunks) * CHUNK
        if start >= full:
            return self._tail[start - full:stop - full]
        first, last = start // CHUNK, min(stop - 1, full - 1) // CHUNK
        parts = [self._chunks[c] for c in range(first, last + 1)]
        if stop > full:
            parts.append(self._tail)
        return tuple(chain.from_iterable(parts))[start - first * CHUNK:stop - first * CHUNK]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Entries):
            return self._len == other._len and tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Entries({tuple(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Entries, (tuple(self),))
