"""SQLite's group commit: the writes of one process waiting at once share one COMMIT.

SQLite has one writer at a time, and every COMMIT holds the write lock while it writes the
log (with ``synchronous=FULL`` also while it waits for the disk: an fsync, 2-20 ms on a busy
machine).  One write per commit caps the whole machine at one commit per write, and the
writers that wait for the lock are put to sleep by SQLite's busy handler for 1, 2, 5, 10,
15, 20, 25, 50, 100 ms in turn: that sleeping, not the work, was the tail of the 1,000-table
benchmark.  So here:

- **Group commit.**  In each process the writes queue; the first writer that finds no
  commit under way leads: it takes the write lock, then every write queued by then (those
  that came while another process held the lock too), runs each so that a write that
  conflicts rolls back alone and gets its own error (a one-statement write needs nothing
  for that: SQLite undoes a failed statement alone; any other runs in a SAVEPOINT), takes
  the writes that came meanwhile as well, commits once, and hands every writer its
  outcome.  Writes that arrive during the flush go in the next commit.  Nobody is answered
  before the COMMIT holding their row has returned, so durability is exactly that of one
  commit per write.
- **A lock file across processes.**  The leaders of the processes sharing a database file
  (gunicorn's workers) take an exclusive ``flock`` on ``<database>-writer.lock`` before
  ``BEGIN IMMEDIATE``, waiting for it in steps of a fraction of a millisecond (at most the
  busy timeout, then 503 as before), so a process gets the lock as soon as it is free
  instead of after a busy-handler sleep.  Other writers (the CLI, a backup, another tool)
  do not take it: SQLite's own lock and busy timeout still guard the file.
- **Checkpoints beside the writers** (``webscore.walcheckpoint``), not in a writer's
  COMMIT, and a short switch interval while the lock is held (``prompt_switches``).
"""

from __future__ import annotations

import fcntl
import gc
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import IntegrityError, OperationalError

from webscore import driver
from webscore.walcheckpoint import Checkpointer
from webscore.writes import Refused, Statement, Work

LOCK_POLL = 0.0005  # seconds between tries for another process's writer lock
MAX_BATCH = 256  # writes one commit carries at most


@dataclass
class _Pending:
    work: Work
    one_statement: bool = False
    statement: Statement | None = None
    result: Any = None
    error: BaseException | None = None
    done: bool = False


class Group:
    """One process's queue of SQLite writes to one database."""

    def __init__(self, lock_path: str | None, timeout: float) -> None:
        # No reference to the engine (the groups are kept in a WeakKeyDictionary by engine)
        # but through the connection it keeps while writes come in (see _connection).
        self.lock_path = lock_path
        self.timeout = timeout
        self.cond = threading.Condition()
        self.queue: list[_Pending] = []
        self.leading = False
        self.fd: int | None = None  # the lock file, only touched by the leader
        self.fd_pid = 0
        self.checkpoints: Checkpointer | None = None
        # The leaders' connection (a file's: see _connection), only touched by a leader.
        self.conn: Connection | None = None
        self.conn_pid = 0
        self.conn_pool: Any = None

    def run(self, engine: Engine, work: Work, one_statement: bool = False,
            statement: Statement | None = None) -> Any:
        item = _Pending(work, one_statement or statement is not None, statement)
        with self.cond:
            self.queue.append(item)
            while self.leading and not item.done:
                self.cond.wait()
            lead = not item.done
            if lead:
                self.leading = True
        if lead:  # commit everything queued, this write included
            try:
                self._commit(engine)
            finally:
                with self.cond:
                    self.leading = False
                    self.cond.notify_all()
        if item.error is not None:
            raise item.error
        return item.result

    def _take(self, statements_only: bool = False) -> list[_Pending]:
        with self.cond:
            if not statements_only:
                batch, self.queue = self.queue, []
            else:  # the others wait for the next commit
                batch = [item for item in self.queue if item.statement is not None]
                self.queue = [item for item in self.queue if item.statement is None]
        return batch

    def _commit(self, engine: Engine) -> int:
        """Lead one commit: take the writer lock, then the writes queued by then (those
        that came while another process held the lock included), run them, take those
        that came meanwhile too (a statement takes far less than a COMMIT's flush), and
        commit once.  Returns how many writes it took."""
        batch: list[_Pending] = []
        conn: Connection | None = None
        try:
            # The connection before the lock, and the lock given back right after the
            # COMMIT: the lock is held only for the database's own work.
            conn = self._connection(engine)
            with self._file_lock(), prompt_switches():
                batch = self._take()
                if conn is self.conn and all(item.statement for item in batch):
                    self._commit_raw(conn, batch)
                else:
                    with conn.begin():
                        if len(batch) == 1 and not batch[0].one_statement:
                            # Alone in its transaction (so far): its failure is the
                            # transaction's.
                            batch[0].result = batch[0].work(conn)
                        else:
                            self._run_each(conn, batch)
                        while len(batch) < MAX_BATCH and (more := self._take()):
                            self._run_each(conn, more)
                            batch += more
        except BaseException as exc:  # the lock, BEGIN or COMMIT failed: nothing was stored
            self._drop_connection()
            batch += self._take() if not batch else []  # those waiting as long: refused too
            for item in batch:
                if item.error is None:
                    item.error = exc
                    item.result = None
        finally:
            if conn is not None and conn is not self.conn:
                conn.close()  # not kept (in memory), or dropped after a failure
            for item in batch:
                item.done = True
        if batch and self.lock_path is not None:
            self._checkpointer(engine).wrote()
        return len(batch)

    def _connection(self, engine: Engine) -> Connection:
        """The connection this process's leaders commit on.  A database file's is kept from
        one commit to the next while writes come in: a checkout, a ``Connection`` with its
        options, and the pool's check-in and reset were about a third of a commit's CPU.  A
        new one after a failed commit, in a forked child (the parent's is not its own), and
        once the engine's pool was replaced (``Engine.dispose``: new connection settings).
        The checkpoints' thread gives it back once the writes stop (``release``): a
        connection checked out keeps its pool and engine alive."""
        conn = self.conn
        if conn is None or self.conn_pid != os.getpid() or self.conn_pool is not engine.pool \
                or conn.closed or conn.invalidated:
            self._drop_connection()
            conn = engine.connect().execution_options(sqlite_begin="BEGIN IMMEDIATE")
            if self.lock_path is None:  # in memory: a connection per commit, as the pool has
                return conn
            self.conn, self.conn_pid, self.conn_pool = conn, os.getpid(), engine.pool
        return conn

    def _drop_connection(self) -> None:
        conn, self.conn, self.conn_pool = self.conn, None, None
        if conn is not None and self.conn_pid == os.getpid():  # (a forked child's: not its)
            try:
                conn.close()
            except Exception:  # a broken connection is given up either way
                conn.invalidate()

    def release(self) -> None:
        """Give the kept connection back to the pool, unless a leader is using it."""
        with self.cond:
            if self.leading or self.conn is None:
                return
            self.leading = True  # writes that come meanwhile wait, as for a leader
        try:
            self._drop_connection()
        finally:
            with self.cond:
                self.leading = False
                self.cond.notify_all()

    def disposed(self, _engine: Engine) -> None:
        """The engine's pool was disposed (``Engine.dispose``): so is the kept connection
        (a leader using it right now makes a new one at its next commit instead)."""
        self.release()

    def _checkpointer(self, engine: Engine) -> Checkpointer:
        if self.checkpoints is None or self.checkpoints.pid != os.getpid():
            self.checkpoints = Checkpointer(engine.url.database or "", self.release)
        return self.checkpoints

    def _commit_raw(self, conn: Connection, batch: list[_Pending]) -> None:
        """Commit writes given as ``Statement``s on the driver's connection itself: BEGIN
        IMMEDIATE, each statement (one that fails or is refused is undone alone, by SQLite),
        COMMIT, with none of SQLAlchemy's execution machinery around them, which cost twice
        what SQLite itself did (``webscore.driver``: announced and raised as SQLAlchemy's
        own).  Extends ``batch`` with the writes it takes meanwhile."""
        dbapi = conn.connection.driver_connection
        assert isinstance(dbapi, sqlite3.Connection)
        cursor = dbapi.cursor()
        try:
            driver.execute(conn.engine, cursor, "BEGIN IMMEDIATE", (), conn)
            self._send_each(conn, cursor, batch)
            while len(batch) < MAX_BATCH and (more := self._take(statements_only=True)):
                self._send_each(conn, cursor, more)
                batch.extend(more)
            driver.commit(conn.engine, dbapi, conn)
        except BaseException:
            if dbapi.in_transaction:
                dbapi.rollback()
            raise
        finally:
            cursor.close()

    @staticmethod
    def _send_each(conn: Connection, cursor: Any, items: list[_Pending]) -> None:
        for item in items:
            assert item.statement is not None
            try:
                item.result = rows = driver.execute(
                    conn.engine, cursor, item.statement.sql, item.statement.params,
                    conn).rowcount
                item.statement.check(rows)
            except (IntegrityError, Refused) as exc:
                item.error = exc
                continue
            for sql, params in item.statement.then:  # (an error: the whole commit fails)
                driver.execute(conn.engine, cursor, sql, params, conn)

    @staticmethod
    def _run_each(conn: Connection, items: list[_Pending]) -> None:
        """Each write undone alone if it fails: a one-statement write by SQLite itself, any
        other in its own SAVEPOINT."""
        for item in items:
            if item.one_statement:
                try:
                    item.result = item.work(conn)
                except (IntegrityError, Refused) as exc:
                    item.error = exc
                continue
            try:
                with conn.begin_nested():
                    item.result = item.work(conn)
            except Exception as exc:
                item.error = exc  # conflict etc.: this write alone rolls back

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


HOLD_SWITCH_INTERVAL = 0.00005
"""Seconds another thread of the process may keep the interpreter lock from a leader that
holds the writer lock (webscore.db.SWITCH_INTERVAL the rest of the time)."""

_switch_lock = threading.Lock()
_switch_depth = 0
_switch_saved = 0.0
_gc_was_enabled = False


@contextmanager
def prompt_switches() -> Iterator[None]:
    """While a leader holds the writer lock, every other process's writes wait for it, and
    each of its statements gives the interpreter lock up and must win it back from the
    worker's busy threads (Flask, JSON, the engine): so for that moment the process's switch
    interval is cut to ``HOLD_SWITCH_INTERVAL``, and put back after.  The garbage collector
    waits too: a collection that a leader's allocation set off under the lock stopped the
    process with the lock held, and so every other process's writes (4-20 ms a young
    collection at load 10-18, a full one 260+ ms); it runs right after the lock is given
    back instead."""
    global _switch_depth, _switch_saved, _gc_was_enabled
    with _switch_lock:
        if _switch_depth == 0:
            _switch_saved = sys.getswitchinterval()
            sys.setswitchinterval(min(_switch_saved, HOLD_SWITCH_INTERVAL))
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _switch_depth += 1
    try:
        yield
    finally:
        with _switch_lock:
            _switch_depth -= 1
            if _switch_depth == 0:
                sys.setswitchinterval(_switch_saved)
                if _gc_was_enabled:
                    gc.enable()


_GROUPS: WeakKeyDictionary[Engine, Group] = WeakKeyDictionary()
_TIMEOUTS: WeakKeyDictionary[Engine, float] = WeakKeyDictionary()
_GROUPS_LOCK = threading.Lock()


def configure(engine: Engine, busy_timeout: float) -> None:
    """Set how long a SQLite writer waits for another process's writer lock (webscore.db)."""
    with _GROUPS_LOCK:
        _TIMEOUTS[engine] = busy_timeout


def group(engine: Engine) -> Group:
    """The process's group of SQLite writes to ``engine``'s database."""
    with _GROUPS_LOCK:
        found = _GROUPS.get(engine)
        if found is None:
            database = engine.url.database or ""
            on_disk = database not in ("", ":memory:") and "mode=memory" not in database \
                and not database.startswith("file::memory:")
            found = _GROUPS[engine] = Group(
                f"{database}-writer.lock" if on_disk else None,
                _TIMEOUTS.get(engine, 15.0))
            event.listen(engine, "engine_disposed", found.disposed)
        return found

