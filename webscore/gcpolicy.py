"""Garbage collection in a serving process: each collection looks only at what is new.

A worker keeps the newest snapshot of every table it serves (``webscore.snapshots``): at
1,000 tables that is some 350,000 objects (the entries, the engine states, the app's own
modules), all alive and none of them garbage.  CPython's full collection walks every one:
260 ms of CPU each, about once a minute under the benchmark's load, while every thread of
the worker waits.  Its young collections walk what the last few hundred writes left alive
(their new snapshots): a generation-1 collection took 30-60 ms of CPU at 1,000 tables, and
the slowest 1 % of writes were under way during one.

So right after every collection, what survived it is moved out of the collector's sight
(``gc.freeze``): each collection walks only what was made since the one before (a
generation-0 collection's few hundred objects; 5-7 ms at most at 1,000 tables), and no
survivor is walked twice.  Nothing is kept that would otherwise be freed: objects are still
freed by their reference counts as before (a snapshot replaced in the cache goes at once),
and the frozen objects were all alive.  The one thing freezing defers is a reference *cycle*
among frozen objects that later becomes garbage (e.g. a request in flight on another thread
at that moment): after ``REFRESH`` full collections' worth of collections everything is
handed back (``gc.unfreeze``) and one full collection walks all of it at once (on a thread
of its own: a collection cannot start another), freeing those too.

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
import time
from typing import Any

from flask import Flask, request

REFRESH = 60
"""Full collections' worth of collections between two hand-backs: a full one counts 100, a
generation-1 one 10, a generation-0 one 1 (Python's own cadence, 10 and 10).  About 25
minutes at the benchmark's 1,000 tables; a frozen cycle that became garbage waits at most
that long."""

FREEZE_FROM = 0
"""Freeze after every collection of this generation or older (2: after full ones only, as
in session 8: the young collections then walk what survived the ones before them)."""

_WEIGHT = (1, 10, 100)
_lock = threading.Lock()
_spent = 0  # collections since the last hand-back, weighed
_refreshing = False  # everything handed back: freeze again once a full collection walked it
_walker: threading.Thread | None = None  # the thread running that full collection
_decided = False  # whether this process looked at the server of its first request


def _collected(phase: str, info: dict[str, Any]) -> None:
    """The ``gc.callbacks`` hook: after a collection (of ``FREEZE_FROM`` or older), freeze
    what survived it; every ``REFRESH`` full collections' worth, hand everything back."""
    global _spent, _refreshing
    generation = info["generation"]
    if phase != "stop" or generation < FREEZE_FROM:
        return
    if _refreshing:
        if generation == 2:  # this one walked everything handed back
            _refreshing = False
            gc.freeze()
        elif _walker is None or not _walker.is_alive():
            _walk_all()
        return
    _spent += _WEIGHT[generation]
    if _spent >= REFRESH * _WEIGHT[2]:
        _spent = 0
        _refreshing = True
        gc.unfreeze()
        if generation < 2:  # a full one does not come by itself while we freeze
            _walk_all()
        return
    gc.freeze()


def _walk_all() -> None:
    """A full collection now, on a thread of its own, retried until one has run (one
    asked for while another collection is under way does nothing)."""
    global _walker

    def run() -> None:
        while _refreshing and _collected in gc.callbacks:
            gc.collect()
            if _refreshing:
                time.sleep(0.05)

    _walker = threading.Thread(target=run, name="gcpolicy-walk", daemon=True)
    _walker.start()


def install() -> bool:
    """Freeze after each collection in this process (and its forks), starting with
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
    global _refreshing, _spent
    with _lock:
        if _collected in gc.callbacks:
            gc.callbacks.remove(_collected)
        _refreshing, _spent = False, 0
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
