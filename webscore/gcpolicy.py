"""Garbage collection in a serving process: a full collection looks only at what is new.

A worker keeps the newest snapshot of every table it serves (``webscore.snapshots``): at
1,000 tables that is some 350,000 objects (the entries, the engine states, the app's own
modules), all alive and none of them garbage.  CPython's full collection walks every one:
260 ms of CPU each, about once a minute under the benchmark's load, while every thread of
the worker waits; the slowest 1 % of writes were those waits.

So right after each full collection, what survived it is moved out of the collector's sight
(``gc.freeze``): the next full collection walks only what was made since.  Nothing is kept
that would otherwise be freed: objects are still freed by their reference counts as before
(a snapshot replaced in the cache goes at once), and the frozen objects were all alive.
The one thing freezing defers is a reference *cycle* among frozen objects that later
becomes garbage (e.g. a request in flight on another thread at that moment): every
``REFRESH`` full collections everything is handed back (``gc.unfreeze``), so the next full
collection walks all of it once and frees those too.

``WEBSCORE_GC_FREEZE=0`` (or config ``GC_FREEZE=False``) leaves the collector as Python
has it; tests (``TESTING``) leave it too unless ``GC_FREEZE`` is set.
"""

from __future__ import annotations

import gc
import os
import threading
from typing import Any

from flask import Flask

REFRESH = 60
"""Full collections between two that walk everything (about an hour at the benchmark's
1,000 tables; a frozen cycle that became garbage waits at most that long)."""

_lock = threading.Lock()
_full = 0  # full collections since the last refresh


def _collected(phase: str, info: dict[str, Any]) -> None:
    """The ``gc.callbacks`` hook: after a full collection, freeze what survived it."""
    global _full
    if phase != "stop" or info["generation"] != 2:
        return
    _full += 1
    if _full >= REFRESH:
        _full = 0
        gc.unfreeze()  # the next full collection walks everything once
    else:
        gc.freeze()


def install() -> bool:
    """Freeze after each full collection in this process (and its forks), starting with
    one now: the app and its modules, all made by now, are never walked again.  Returns
    whether it was installed now (once per process)."""
    with _lock:
        if _collected in gc.callbacks:
            return False
        gc.callbacks.append(_collected)
    gc.collect()
    return True


def uninstall() -> None:
    """Back to Python's own collector (frozen objects handed back)."""
    with _lock:
        if _collected in gc.callbacks:
            gc.callbacks.remove(_collected)
        gc.unfreeze()


def wanted(app: Flask) -> bool:
    configured = app.config.get("GC_FREEZE")
    if configured is not None:
        return bool(configured)
    return os.environ.get("WEBSCORE_GC_FREEZE", "1") != "0" and not app.testing


def init_app(app: Flask) -> None:
    if wanted(app):
        install()
