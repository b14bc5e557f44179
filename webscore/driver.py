"""Statements sent on the database driver's own connection (sqlite3 or psycopg): the tracker's
hot reads and one-statement writes, on SQLite and PostgreSQL alike.

Through SQLAlchemy a one-row read or write also paid for a ``Connection``, an execution
context, the result machinery and (on PostgreSQL) an isolation level set and put back:
several times the driver's own work for the statement.  Here a statement goes on a pooled
connection (the pool's checkout, ping after idling and check-in as before) with none of
that, and is still:

- announced to the engine's ``before/after_cursor_execute`` listeners, and a commit to its
  ``commit`` listeners, as SQLAlchemy announces its own (``webscore.sqlcount`` counts the
  same statements and commits);
- raised, if the driver refuses it, as SQLAlchemy raises it (``DBAPIError.instance``: a
  duplicate ``seq`` as ``IntegrityError``, answered 409; a lost server as a ``DBAPIError``,
  answered 503, its connection dropped from the pool, which makes a new one).

What differs between the two drivers is a ``Flavour``: the driver's error class, whether a
lone statement needs the driver's autocommit switched on (psycopg opens a transaction
otherwise: a BEGIN and, at check-in, a ROLLBACK round trip; the tracker's SQLite
connections are always in autocommit, ``webscore.db``), and how a statement is prepared
(psycopg: server-side at first use, so PostgreSQL parses and plans each one once per
connection).  SQLite's group commit (``webscore.commits``) sends its BEGIN, statements and
COMMIT through ``execute`` and ``commit`` here too.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, event
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.sql import ClauseElement


@dataclass(frozen=True)
class Flavour:
    """What one driver needs: its base error class, whether a lone statement must switch the
    driver's autocommit on (and back off for SQLAlchemy's transactions), and the keywords of
    its ``cursor.execute``."""

    error: type[Exception]
    autocommit: bool
    execute_kw: Mapping[str, Any]


_FLAVOURS: dict[str, Flavour] = {}


def flavour(engine: Engine) -> Flavour:
    name = engine.dialect.name
    found = _FLAVOURS.get(name)
    if found is None:
        if name == "postgresql":
            import psycopg

            found = Flavour(psycopg.Error, True, {"prepare": True})
        elif name == "sqlite":
            found = Flavour(sqlite3.Error, False, {})
        else:
            raise ValueError(f"no driver flavour for {name!r}")
        _FLAVOURS[name] = found
    return found


@dataclass(frozen=True)
class Rendered:
    """A statement in the driver's own parameter style, the parameters' order for a
    positional style (None: by name), and the values the statement itself binds (e.g. a
    literal 0)."""

    sql: str
    order: tuple[str, ...] | None
    fixed: Mapping[str, Any]

    def params(self, named: Mapping[str, Any]) -> Any:
        if self.fixed:
            named = {**self.fixed, **named}
        return named if self.order is None else tuple(named[k] for k in self.order)


_RENDERED: dict[tuple[str, int], tuple[ClauseElement, Rendered]] = {}


def render(engine: Engine, statement: ClauseElement) -> Rendered:
    """``statement`` compiled once per dialect (building and compiling a statement on every
    call cost more CPU than running it)."""
    key = (engine.dialect.name, id(statement))
    found = _RENDERED.get(key)
    if found is None or found[0] is not statement:
        compiled: Any = statement.compile(dialect=engine.dialect)
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        fixed = {k: v for k, v in compiled.params.items() if v is not None}
        found = _RENDERED[key] = (statement, Rendered(str(compiled), order, fixed))
    return found[1]


def execute(engine: Engine, cursor: Any, sql: str, params: Any, conn: Any = None) -> Any:
    """Run one statement on a driver cursor, announced as SQLAlchemy announces its own
    (``conn``: the SQLAlchemy ``Connection`` the driver's connection belongs to, if any);
    the cursor."""
    kind = flavour(engine)
    dispatch = (conn if conn is not None else engine).dispatch
    dispatch.before_cursor_execute(conn, cursor, sql, params, None, False)
    try:
        cursor.execute(sql, params, **kind.execute_kw)
    except kind.error as exc:
        raise _as_dbapi(engine, kind, exc, sql, params) from exc
    dispatch.after_cursor_execute(conn, cursor, sql, params, None, False)
    return cursor


def commit(engine: Engine, driver: Any, conn: Any = None) -> None:
    """COMMIT on the driver's connection, announced first, as SQLAlchemy announces its own."""
    kind = flavour(engine)
    (conn if conn is not None else engine).dispatch.commit(conn)
    try:
        driver.commit()
    except kind.error as exc:
        raise _as_dbapi(engine, kind, exc, "COMMIT") from exc


PARK_IDLE = 1.0
"""Seconds a parked connection may sit unused; older, it goes back to the pool, whose
checkout pings it (``webscore.db.PING_AFTER``)."""


class _Parked:
    """PostgreSQL connections kept checked out of the engine's pool between lone statements,
    with psycopg's autocommit left on: a lone statement takes one and parks it again after,
    instead of the pool's checkout, its check-in and reset, and switching autocommit on and
    back off (0.17 ms of CPU a write in process, side by side: more than the statement's own
    client work).  At most the pool's size less two are parked, so SQLAlchemy's own users
    still find connections in the pool; a connection that failed, sat unused past
    ``PARK_IDLE`` or belongs to a disposed pool (or to a parent process) is not parked."""

    def __init__(self, engine: Engine) -> None:
        size = getattr(engine.pool, "size", lambda: 0)()
        self.keep = max(0, int(size) - 2)
        self.lock = threading.Lock()
        self.items: list[tuple[Any, Any, float]] = []  # (pooled, its pool, parked at)
        self.pid = os.getpid()

    def take(self, engine: Engine) -> Any | None:
        stale = []
        found = None
        with self.lock:
            if self.pid != os.getpid():  # a forked child: the parent's are not its own
                self.items, self.pid = [], os.getpid()
            while self.items:
                pooled, pool, since = self.items.pop()
                if pool is engine.pool and time.monotonic() - since <= PARK_IDLE:
                    found = pooled
                    break
                stale.append(pooled)
        for pooled in stale:
            _unpark(pooled)
        return found

    def give(self, engine: Engine, pooled: Any) -> None:
        driver: Any = pooled.driver_connection
        if not _closed(driver) and self.pid == os.getpid() and \
                driver.pgconn.transaction_status == _IDLE:
            with self.lock:
                if len(self.items) < self.keep:
                    self.items.append((pooled, engine.pool, time.monotonic()))
                    return
        _unpark(pooled)

    def disposed(self, _engine: Engine) -> None:
        """The engine's pool was disposed (``Engine.dispose``): the parked connections are
        closed too (given back, they would stay open in the old pool)."""
        with self.lock:
            items, self.items = self.items, []
        if self.pid == os.getpid():
            for pooled, _pool, _since in items:
                pooled.invalidate()  # closes the driver's connection
                pooled.close()


_IDLE = 0  # psycopg.pq.TransactionStatus.IDLE
_PARKED: WeakKeyDictionary[Engine, _Parked] = WeakKeyDictionary()
_PARKED_LOCK = threading.Lock()


def _parked(engine: Engine) -> _Parked:
    found = _PARKED.get(engine)
    if found is None:
        with _PARKED_LOCK:
            found = _PARKED.get(engine)
            if found is None:
                found = _PARKED[engine] = _Parked(engine)
                event.listen(engine, "engine_disposed", found.disposed)
    return found


def _unpark(pooled: Any) -> None:
    """Back to the pool with autocommit off, as SQLAlchemy's transactions expect it (one
    that cannot switch is closed instead)."""
    driver: Any = pooled.driver_connection
    try:
        if not _closed(driver):
            driver.autocommit = False
    except Exception:  # (psycopg refuses in a transaction; a broken one) not given back
        pooled.invalidate()
    pooled.close()


def _as_dbapi(engine: Engine, kind: Flavour, exc: Exception, sql: str | None = None,
              params: Any = None) -> StatementError:
    """The driver's error as SQLAlchemy raises it (what the store's callers catch)."""
    return DBAPIError.instance(sql, params, exc, kind.error, dialect=engine.dialect)


def _broken(engine: Engine, driver: Any, exc: DBAPIError) -> bool:
    """Whether the connection behind ``exc`` is gone (so the pool must not get it back)."""
    return _closed(driver) or engine.dialect.is_disconnect(
        exc.orig, driver, None)  # type: ignore[arg-type]


def _checkout(engine: Engine, kind: Flavour) -> Any:
    """A connection from the pool; a server that is down raised as ``Engine.connect`` raises
    it (``DBAPIError``)."""
    try:
        return engine.raw_connection()
    except kind.error as exc:
        raise _as_dbapi(engine, kind, exc) from exc


@contextmanager
def _lone(engine: Engine, kind: Flavour) -> Iterator[Any]:
    """``alone`` in autocommit on PostgreSQL: on a parked connection (``_Parked``) if one is
    free, else one from the pool, parked after."""
    parked = _parked(engine)
    pooled = parked.take(engine)
    if pooled is None:
        pooled = _checkout(engine, kind)
    driver: Any = pooled.driver_connection
    try:
        try:
            cursor = driver.cursor()  # (a closed connection fails here)
            if not driver.autocommit:
                driver.autocommit = True  # a client-side switch: nothing is sent
            yield cursor
            cursor.close()
        except kind.error as exc:
            raise _as_dbapi(engine, kind, exc) from exc
    except DBAPIError as exc:
        if _broken(engine, driver, exc):
            pooled.invalidate(exc.orig)  # not given back: the pool makes a new one
            pooled.close()
            raise
        parked.give(engine, pooled)  # (a refused statement: the connection is fine)
        raise
    except BaseException:
        parked.give(engine, pooled)  # (parked only if no statement is under way)
        raise
    parked.give(engine, pooled)


def alone(engine: Engine, autocommit: bool = True) -> AbstractContextManager[Any]:
    """A pooled driver connection for statements that each stand alone (autocommit; else in
    the driver's transaction, which the caller commits): a cursor on it.  A server that is
    down is raised as ``Engine.connect`` raises it; a connection that failed is not given
    back to the pool (nor one left in a transaction: its transaction is rolled back).  On
    PostgreSQL, in autocommit, a parked connection (``_Parked``)."""
    kind = flavour(engine)
    if autocommit and kind.autocommit:
        return _lone(engine, kind)
    return _pooled(engine, kind)


@contextmanager
def _pooled(engine: Engine, kind: Flavour) -> Iterator[Any]:
    """``alone`` on a connection from the pool, given back after: a PostgreSQL transaction
    (the caller commits), or any SQLite statement (the tracker's SQLite connections are
    always in autocommit, ``webscore.db``)."""
    pooled = _checkout(engine, kind)
    driver: Any = pooled.driver_connection
    try:
        try:
            cursor = driver.cursor()  # (a closed connection fails here)
            try:
                yield cursor
            except BaseException:
                if not _closed(driver):
                    with suppress(kind.error):  # a broken connection: the pool drops it
                        driver.rollback()
                raise
            cursor.close()
        except kind.error as exc:
            raise _as_dbapi(engine, kind, exc) from exc
    except DBAPIError as exc:
        if _broken(engine, driver, exc):
            pooled.invalidate(exc.orig)  # not given back: the pool makes a new one
        raise
    finally:
        pooled.close()  # back to the pool (or, invalidated, closed)


def _closed(driver: Any) -> bool:
    closed = getattr(driver, "closed", False)
    return bool(closed)


def fetch(engine: Engine, sql: str, params: Any) -> list[tuple[Any, ...]]:
    """One read statement on its own: its rows."""
    with alone(engine) as cursor:
        return list(execute(engine, cursor, sql, params).fetchall())


def run(engine: Engine, sql: str, params: Any,
        check: Callable[[int], None] = lambda rows: None,
        then: Sequence[tuple[str, Any]] = ()) -> int:
    """One write statement, committed: the rows it changed, handed first to ``check``
    (which raises to store nothing).  Alone, it is committed by itself (autocommit: one
    round trip on PostgreSQL, which makes the statement atomic); with statements to send
    ``then`` (after the check passed), all of them are one transaction, rolled back if any
    fails."""
    with alone(engine, autocommit=not then) as cursor:
        rows = int(execute(engine, cursor, sql, params).rowcount)
        check(rows)
        if not then:
            engine.dispatch.commit(None)  # the statement's own
            return rows
        for more, more_params in then:
            execute(engine, cursor, more, more_params)
        commit(engine, cursor.connection)
    return rows


def converter(engine: Engine, column: Any) -> Callable[[Any], Any]:
    """SQLAlchemy's own converter of ``column``'s values as the driver hands them back
    (SQLite's timestamps are text), or the identity."""
    impl = column.type.dialect_impl(engine.dialect)
    convert: Callable[[Any], Any] | None = impl.result_processor(engine.dialect, None)
    return convert or _same


def _same(value: Any) -> Any:
    return value
