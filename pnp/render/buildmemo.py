"""Results remembered for the length of one kit build, and only then.

A kit asks the same layout questions many times: its hex-tile sheets 1 and 2 of 3 have the
very same crop marks, and a butted card sheet's marks are asked for by its targets, its
fronts and its backs.  Inside :func:`scope` (``kits.build_kit`` opens one) an answer is kept
by its arguments until the build ends; outside one nothing is kept, so a test or a second
build computes everything afresh, as a new ``pnp kit`` process does (a cache that outlived
the build would make a warm benchmark look cheaper than the command).

    >>> calls = []
    >>> def area(w, h):
    ...     calls.append((w, h))
    ...     return w * h
    >>> with scope():
    ...     remembered(("area", 2, 3), lambda: area(2, 3)), remembered(("area", 2, 3),
    ...                                                               lambda: area(2, 3))
    (6, 6)
    >>> remembered(("area", 2, 3), lambda: area(2, 3)), len(calls)
    (6, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

_memo: dict[Hashable, Any] | None = None  # the open build's answers; None: no build open


@contextmanager
def scope() -> Iterator[None]:
    """Remember answers until the block ends (a scope inside a scope shares it)."""
    global _memo
    if _memo is not None:
        yield
        return
    _memo = {}
    try:
        yield
    finally:
        _memo = None


def remembered(key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or inside a :func:`scope` the answer already computed for ``key`` (which
    must name everything the answer depends on).  The answer is shared: never change it."""
    memo = _memo
    if memo is None:
        return compute()
    try:
        return memo[key]  # type: ignore[no-any-return]
    except KeyError:
        value = memo[key] = compute()
        return value


__all__ = ["remembered", "scope"]
