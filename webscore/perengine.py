"""A value per database engine (or other key), made on first use and dropped with its key.

The tracker's per-process caches (snapshots, captions, drawn parts) are kept per engine, so
that two apps of one process (two instances in a test, another database) never share an
entry, and so that an engine that is dropped takes its caches with it (the dictionary holds
the key weakly).

>>> class Key: pass
>>> counts = PerEngine(list)
>>> a = Key()
>>> counts(a).append(1); counts(a).append(2)
>>> counts(a), len(counts.values())
([1, 2], 1)
>>> del a
>>> counts.values()
[]
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class PerEngine(Generic[T]):
    """``per(key)``: the key's value, made by ``make()`` the first time (once, whichever
    thread asks first); ``values()``: those of the keys still alive; ``clear()``."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._values: weakref.WeakKeyDictionary[Any, T] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def __call__(self, key: Any) -> T:
        value = self._values.get(key)  # made already: no lock (a dict read is atomic)
        if value is None:
            with self._lock:
                value = self._values.get(key)
                if value is None:
                    value = self._values[key] = self._make()
        return value

    def values(self) -> list[T]:
        with self._lock:
            return list(self._values.values())

    def clear(self) -> None:
        """Forget every key's value (as a fresh process would have none)."""
        with self._lock:
            self._values.clear()
