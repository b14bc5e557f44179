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

import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
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
        raise DBAPIError.instance(sql, params, exc, kind.error,
                                  dialect=engine.dialect) from exc
    dispatch.after_cursor_execute(conn, cursor, sql, params, None, False)
    return cursor


def commit(engine: Engine, driver: Any, conn: Any = None) -> None:
    """COMMIT on the driver's connection, announced first, as SQLAlchemy announces its own."""
    kind = flavour(engine)
    (conn if conn is not None else engine).dispatch.commit(conn)
    try:
        driver.commit()
    except kind.error as exc:
        raise DBAPIError.instance("COMMIT", None, exc, kind.error,
                                  dialect=engine.dialect) from exc


@contextmanager
def alone(engine: Engine, autocommit: bool = True) -> Iterator[Any]:
    """A pooled driver connection for statements that each stand alone (autocommit; else in
    the driver's transaction, which the caller commits): a cursor on it.  A server that is
    down is raised as ``Engine.connect`` raises it; a connection that failed is not given
    back to the pool (nor one left in a transaction: its transaction is rolled back)."""
    kind = flavour(engine)
    autocommit = autocommit and kind.autocommit
    try:
        pooled = engine.raw_connection()
    except kind.error as exc:
        raise DBAPIError.instance(None, None, exc, kind.error,
                                  dialect=engine.dialect) from exc
    driver: Any = pooled.driver_connection
    try:
        try:
            cursor = driver.cursor()  # (a closed connection fails here)
            if autocommit:
                driver.autocommit = True  # a client-side switch: nothing is sent
            try:
                yield cursor
            except BaseException:
                if not autocommit and not _closed(driver):
                    with suppress(kind.error):  # a broken connection: the pool drops it
                        driver.rollback()
                raise
            finally:
                if autocommit and not driver.closed:
                    driver.autocommit = False  # as SQLAlchemy's transactions expect it
            cursor.close()
        except kind.error as exc:
            raise DBAPIError.instance(None, None, exc, kind.error,
                                      dialect=engine.dialect) from exc
    except DBAPIError as exc:
        if _closed(driver) or engine.dialect.is_disconnect(
                exc.orig, driver, None):  # type: ignore[arg-type]
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
