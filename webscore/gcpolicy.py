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

It is installed when the app first serves a request through gunicorn (``make run``, the
deployments of docs/tracker.md): a process that only builds apps, such as a test run, keeps
Python's collector, since freezing there would keep each finished test's app (full of
cycles) until a hand-back.  ``WEBSCORE_GC_FREEZE=1`` (config ``GC_FREEZE=True``) installs it
at ``create_app`` under any server; ``0`` (``False``) never; ``TESTING`` apps only with
``GC_FREEZE`` set.
"""

from __future__ import annotations

import gc
import os
import threading
from typing import Any

from flask import Flask, request

REFRESH = 60
"""Full collections between two that walk everything (about an hour at the benchmark's
1,000 tables; a frozen cycle that became garbage waits at most that long)."""

_lock = threading.Lock()
_full = 0  # full collections since the last refresh
_decided = False  # whether this process looked at the server of its first request


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


def wanted(app: Flask) -> bool | None:
    """True: install now; False: never; None: when a request comes through gunicorn."""
    configured = app.config.get("GC_FREEZE")
    if configured is not None:
        return bool(configured)
    if app.testing:
        return False
    env = os.environ.get("WEBSCORE_GC_FREEZE", "")
    return None if env not in ("0", "1") else env == "1"


def _served() -> None:
    """``before_request`` while undecided: install on the first request gunicorn serves."""
    global _decided
    if _decided:
        return
    _decided = True
    if str(request.environ.get("SERVER_SOFTWARE", "")).startswith("gunicorn"):
        install()


def init_app(app: Flask) -> None:
    mode = wanted(app)
    if mode:
        install()
    elif mode is None:
        app.before_request(_served)
