"""Committing writes: SQLite's writes share commits (group commit), PostgreSQL's notify after.

SQLite has one writer at a time, and in WAL mode with ``synchronous=FULL`` every COMMIT waits
for the disk (an fsync: 2-20 ms on a busy machine) while holding the write lock.  One write
per commit caps the whole machine at one flush per write, and the writers that wait for the
lock are put to sleep by SQLite's busy handler for 1, 2, 5, 10, 15, 20, 25, 50, 100 ms in
turn: that sleeping, not the work, was the tail of the 1,000-table benchmark.  So here:

- **Group commit.**  In each process the writes queue; the first writer that finds no
  commit under way leads: it takes the write lock, runs every queued write in its own
  SAVEPOINT (a write that conflicts rolls back alone and gets its own error), commits once,
  and hands every writer its outcome.  Writes that arrive during that flush go in the next
  one.  Nobody is answered before the COMMIT holding their row has returned, so durability
  is exactly that of one commit per write.
- **A lock file across processes.**  The leaders of the processes sharing a database file
  (gunicorn's workers) take an exclusive ``flock`` on ``<database>-writer.lock`` before
  ``BEGIN IMMEDIATE``, waiting for it in steps of a fraction of a millisecond (at most the
  busy timeout, then 503 as before), so a process gets the lock as soon as it is free
  instead of after a busy-handler sleep.  Other writers (the CLI, a backup, another tool)
  do not take it: SQLite's own lock and busy timeout still guard the file.

PostgreSQL needs neither (its commits from many connections share a WAL flush), but a
transaction that sends ``NOTIFY`` holds a database-wide lock from its commit's start to its
end, flush included, so NOTIFYing commits are flushed one at a time; one app instance
saturated near 200 writes a second on this.  So the live-update notice is sent right after
the commit, in its own statement on the same connection (``write(..., notice=)``): a notice
is still never sent for a write that failed, and a notice lost to a crash between the two
is made up by the listeners' periodic poll (``webscore.live``).
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import OperationalError, SQLAlchemyError

Work = Callable[[Connection], Any]

CHANNEL = "webscore_live"  # the channel webscore.live listens on
LOCK_POLL = 0.0005  # seconds between tries for another process's writer lock


@dataclass
class _Pending:
    work: Work
    result: Any = None
    error: BaseException | None = None
    done: bool = False


class _Group:
    """One process's queue of SQLite writes to one database."""

    def __init__(self, lock_path: str | None, timeout: float) -> None:
        # No reference to the engine: the groups are kept in a WeakKeyDictionary by engine.
        self.lock_path = lock_path
        self.timeout = timeout
        self.cond = threading.Condition()
        self.queue: list[_Pending] = []
        self.leading = False
        self.fd: int | None = None  # the lock file, only touched by the leader
        self.fd_pid = 0

    def run(self, engine: Engine, work: Work) -> Any:
        item = _Pending(work)
        with self.cond:
            self.queue.append(item)
            while self.leading and not item.done:
                self.cond.wait()
            if not item.done:  # lead: commit everything queued, this write included
                self.leading = True
                batch, self.queue = self.queue, []
        if not item.done:
            try:
                self._commit(engine, batch)
            finally:
                with self.cond:
                    self.leading = False
                    self.cond.notify_all()
        if item.error is not None:
            raise item.error
        return item.result

    def _commit(self, engine: Engine, batch: list[_Pending]) -> None:
        try:
            with self._file_lock(), \
                    engine.connect().execution_options(
                        sqlite_begin="BEGIN IMMEDIATE") as conn, conn.begin():
                if len(batch) == 1:
                    batch[0].result = batch[0].work(conn)
                else:
                    for item in batch:
                        try:
                            with conn.begin_nested():
                                item.result = item.work(conn)
                        except Exception as exc:
                            item.error = exc  # conflict etc.: this write alone rolls back
        except BaseException as exc:  # the BEGIN or the COMMIT failed: nothing was stored
            for item in batch:
                if item.error is None:
                    item.error = exc
                    item.result = None
        finally:
            for item in batch:
                item.done = True

    @contextmanager
    def _file_lock(self) -> Iterator[None]:
        if self.lock_path is None:
            yield
            return
        fd = self._fd()
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise OperationalError("BEGIN IMMEDIATE", None, Exception(
                        "database is locked (another process holds the writer lock)"),
                        ) from None
                time.sleep(LOCK_POLL)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)

    def _fd(self) -> int:
        """The lock file, opened once per process (a descriptor inherited through a fork
        would share its lock with the parent's, so a forked worker opens its own)."""
        if self.fd is None or self.fd_pid != os.getpid():
            assert self.lock_path is not None
            self.fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            self.fd_pid = os.getpid()
        return self.fd

    def __del__(self) -> None:
        if self.fd is not None and self.fd_pid == os.getpid():
            os.close(self.fd)


_GROUPS: WeakKeyDictionary[Engine, _Group] = WeakKeyDictionary()
_TIMEOUTS: WeakKeyDictionary[Engine, float] = WeakKeyDictionary()
_GROUPS_LOCK = threading.Lock()


def configure(engine: Engine, busy_timeout: float) -> None:
    """Set how long a SQLite writer waits for another process's writer lock (webscore.db)."""
    with _GROUPS_LOCK:
        _TIMEOUTS[engine] = busy_timeout


def _group(engine: Engine) -> _Group:
    with _GROUPS_LOCK:
        group = _GROUPS.get(engine)
        if group is None:
            database = engine.url.database or ""
            on_disk = database not in ("", ":memory:") and "mode=memory" not in database \
                and not database.startswith("file::memory:")
            group = _GROUPS[engine] = _Group(
                f"{database}-writer.lock" if on_disk else None,
                _TIMEOUTS.get(engine, 15.0))
        return group


def write(engine: Engine, work: Work, notice: str | None = None) -> Any:
    """Run ``work(conn)`` in a committed transaction (a SAVEPOINT of a shared one on SQLite)
    and return what it returns; its exception, or the commit's, is raised and nothing of it
    is stored.  For writes that insert and let the database refuse what conflicts (a write
    that reads first must take its lock first).  ``notice``: on PostgreSQL, sent to the
    live-update listeners once committed."""
    if engine.dialect.name == "sqlite":
        return _group(engine).run(engine, work)
    with engine.connect() as conn:
        with conn.begin():
            result = work(conn)
        if notice is not None and engine.dialect.name == "postgresql":
            _notify(conn, notice)
    return result


def _notify(conn: Connection, payload: str) -> None:
    """Best effort: the change is stored whatever happens here, and the listeners' poll
    makes up a lost notice."""
    with suppress(SQLAlchemyError):
        conn.execution_options(isolation_level="AUTOCOMMIT").execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": payload})
