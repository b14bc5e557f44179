"""A gunicorn config file that records where each request's time goes (bench only).

``gunicorn -c bench/gunicorn_timing.py ...`` with ``BENCH_TIMING_DIR`` set: every worker
writes one JSON line per request to ``DIR/<pid>.jsonl`` with milliseconds spent

- ``worker``: from gunicorn handing the request to the app until the answer is written
  (the client's latency minus this is time in the listen queue and on the wire);
- ``load``: finding the table's snapshot (cache, or a catch-up / cold load);
- ``engine``: checking the entry with the rules engine (``tracker.play``);
- ``store``: storing the rows (``store.append``: with group commit, waiting for the commit
  under way, then the lock, the INSERTs and the COMMIT);
- within ``store``, on the thread that ran them: ``lock`` (SQLite's ``BEGIN IMMEDIATE``,
  waiting for the write lock), ``sql`` (the other statements), ``commit`` (the COMMIT, the
  durable flush);
- ``view``: turning the new snapshot into the answer (``present.state_json``);
- ``batch_n``, ``batch_ms`` (SQLite, on a leader's thread): the writes its commit carried,
  and how long it took from the lock to the end of the COMMIT;
- ``other``: the rest of ``worker`` (Flask, JSON, the pool's checkout and ping, waiting for
  the interpreter lock among a worker's threads).

- ``connect``, ``connects``: new database connections opened (the pool had none free).

With ``BENCH_COMMIT_LOG=DIR`` also set, every SQLite commit a leader ran is written to
``<pid>.commits`` (its writes, the wait for the writer lock and how long it was held, the
COMMIT, the log's frames and those copied back before and after it, read from SQLite's
wal-index), and ``bench_tracker.py`` copies the raw records of each run into DIR.

With ``BENCH_GC_DIR`` set (``bench_tracker.py`` always sets it in the open loop), every
worker also writes one line per garbage collection to ``DIR/<pid>.gc``: the time it ended,
its generation, and its pause in ms (wall clock, and the collecting thread's CPU); every
thread of the worker waits meanwhile.  That needs nothing else of this file.

The hooks wrap module functions after the worker forks; the app's code is not changed.
"""

from __future__ import annotations

import gc
import json
import os
import threading
import time
from typing import Any

_local = threading.local()


def _acc(name: str, ms: float) -> None:
    marks = getattr(_local, "marks", None)
    if marks is not None:
        marks[name] = marks.get(name, 0.0) + ms


def _timed(name: str, fn: Any) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            _acc(name, (time.perf_counter() - t0) * 1000)

    wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
    return wrapper


def _record_gc(directory: str) -> None:
    out = open(os.path.join(directory, f"{os.getpid()}.gc"), "a", buffering=1)  # noqa: SIM115
    started = [0.0, 0.0]

    def collected(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = time.perf_counter(), time.thread_time()
            return
        out.write(f"{time.time():.3f} {info['generation']} "
                  f"{(time.perf_counter() - started[0]) * 1000:.3f} "
                  f"{(time.thread_time() - started[1]) * 1000:.3f}\n")

    gc.callbacks.insert(0, collected)  # first: the app's own hooks come after it


def post_fork(server: Any, worker: Any) -> None:
    if os.environ.get("BENCH_GC_DIR"):
        _record_gc(os.environ["BENCH_GC_DIR"])

    from sqlalchemy import Engine, event

    from webscore import api, tracker

    directory = os.environ.get("BENCH_TIMING_DIR")
    if not directory:
        return
    worker.timing_out = open(os.path.join(directory, f"{os.getpid()}.jsonl"), "a",  # noqa: SIM115
                             buffering=1)
    tracker.play = _timed("engine", tracker.play)
    tracker.append = _timed("store", tracker.append)
    api.cached = _timed("load", api.cached)
    api.snapshot = _timed("load", api.snapshot)
    api.state_json = _timed("view", api.state_json)

    @event.listens_for(Engine, "before_cursor_execute")
    def _before(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        _local.t_sql = time.perf_counter()

    @event.listens_for(Engine, "after_cursor_execute")
    def _after(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        ms = (time.perf_counter() - getattr(_local, "t_sql", time.perf_counter())) * 1000
        _acc("lock" if statement.upper().startswith("BEGIN") else "sql", ms)

    from sqlalchemy.engine import Connection
    from sqlalchemy.engine.default import DefaultDialect

    original_connect = DefaultDialect.connect

    def dialect_connect(self: Any, *cargs: Any, **cparams: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return original_connect(self, *cargs, **cparams)
        finally:  # a new database connection: the pool had none free
            _acc("connect", (time.perf_counter() - t0) * 1000)
            _acc("connects", 1.0)

    DefaultDialect.connect = dialect_connect  # type: ignore[method-assign]

    original_commit = Connection._commit_impl  # type: ignore[attr-defined]
    commit_log = None
    if os.environ.get("BENCH_COMMIT_LOG"):
        commit_log = open(os.path.join(directory, f"{os.getpid()}.commits"),  # noqa: SIM115
                          "a", buffering=1)

    def commit_impl(self: Any) -> None:
        shm = wal = None
        if commit_log is not None and self.dialect.name == "sqlite":
            shm = _wal_index(self.engine.url.database)
            wal = _size(self.engine.url.database + "-wal")
        t0 = time.perf_counter()
        try:
            if isinstance(self, _DriverCommit):
                self.commit()
            else:
                original_commit(self)
        finally:
            ms = (time.perf_counter() - t0) * 1000
            _acc("commit", ms)
            if commit_log is not None and shm is not None:
                after = _wal_index(self.engine.url.database)
                _local.last_commit = {
                    "commit_ms": ms, "frames": shm[0], "frames_after": after[0],
                    "backfill": shm[1], "backfill_after": after[1], "wal": wal,
                    "wal_after": _size(self.engine.url.database + "-wal")}

    Connection._commit_impl = commit_impl  # type: ignore[attr-defined]

    from webscore import commits

    try:  # SQLite's group commit: its own module since session 10
        from webscore import groupcommit
        group_class: Any = groupcommit.Group
    except ImportError:
        group_class = commits._Group  # type: ignore[attr-defined]

    if hasattr(commits, "_commit_driver"):  # SQLite's commits of Statements: on the driver
        original_driver = commits._commit_driver

        def commit_driver(conn: Any, dbapi: Any) -> None:
            commit_impl(_DriverCommit(conn, lambda: original_driver(conn, dbapi)))

        commits._commit_driver = commit_driver  # type: ignore[assignment]

    original_batch = group_class._commit

    def batch_commit(self: Any, *args: Any) -> Any:
        t0 = time.perf_counter()
        _local.last_commit = None
        w0 = time.time()
        done = original_batch(self, *args)
        _acc("batch_ms", (time.perf_counter() - t0) * 1000)
        if commit_log is not None:
            commit_log.write(json.dumps({
                "start": w0, "ms": (time.perf_counter() - t0) * 1000,
                "n": len(args[1]) if len(args) > 1 else done,
                "lock_wait": getattr(_local, "lock_wait", None),
                "lock_held": getattr(_local, "lock_held", None),
                **(getattr(_local, "last_commit", None) or {})}) + "\n")
        # Older code was handed the batch (engine, batch); newer returns how many it took.
        _acc("batch_n", float(len(args[1]) if len(args) > 1 else done))
        return done

    group_class._commit = batch_commit  # type: ignore[method-assign]

    if commit_log is not None:
        from contextlib import contextmanager

        original_lock = group_class._file_lock

        @contextmanager
        def file_lock(self: Any) -> Any:
            t0 = time.perf_counter()
            with original_lock(self):
                _local.lock_wait = (time.perf_counter() - t0) * 1000
                t1 = time.perf_counter()
                yield
            _local.lock_held = (time.perf_counter() - t1) * 1000

        group_class._file_lock = file_lock  # type: ignore[method-assign]


class _DriverCommit:
    """A commit on the driver's connection (``webscore.commits._commit_driver``), timed
    and logged as SQLAlchemy's own."""

    def __init__(self, conn: Any, commit: Any) -> None:
        self.dialect, self.engine, self.commit = conn.dialect, conn.engine, commit


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return -1


_SHM_FDS: dict[str, int] = {}


def _wal_index(database: str) -> tuple[int, int]:
    """(frames in the WAL, frames already copied back) from SQLite's wal-index (-shm):
    mxFrame at byte 16, nBackfill at byte 96, native byte order.  The descriptor is opened
    once and never closed: closing any descriptor of a file drops every POSIX lock the
    process holds on it, SQLite's included."""
    try:
        fd = _SHM_FDS.get(database)
        if fd is None:
            fd = _SHM_FDS[database] = os.open(database + "-shm", os.O_RDONLY)
        head = os.pread(fd, 100, 0)
        return int.from_bytes(head[16:20], "little"), int.from_bytes(head[96:100], "little")
    except OSError:
        return -1, -1


def pre_request(worker: Any, req: Any) -> None:
    _local.marks = {}
    _local.t0 = time.perf_counter()


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    out = getattr(worker, "timing_out", None)
    marks = getattr(_local, "marks", None)
    if out is None or marks is None:
        return
    marks["worker"] = (time.perf_counter() - _local.t0) * 1000
    marks["path"] = req.path.rsplit("/", 1)[-1] if "/events" in req.path else req.path
    marks["status"] = getattr(resp, "status_code", None)
    marks["end"] = time.time()
    out.write(json.dumps(marks) + "\n")
    _local.marks = None
