"""PostgreSQL's one-statement writes (and a table's rows read), sent on the driver's connection.

A new entry is one guarded INSERT, which PostgreSQL makes atomic by itself in autocommit.
Sent through SQLAlchemy it also paid for a ``Connection``, its isolation level set and put
back, an execution context, and the transaction bookkeeping around a statement that needs
none: about as much CPU as psycopg's own work for the statement.  Here it goes on a pooled
connection (the pool's checkout, ping after idling, and check-in as before) in psycopg's
autocommit, announced to the engine's ``before/after_cursor_execute`` and ``commit``
listeners as SQLAlchemy announces its own (``webscore.sqlcount`` counts the same statement
and commit), and a driver error is raised as SQLAlchemy raises it (a duplicate ``seq`` as
``IntegrityError``: 409; a lost server as a ``DBAPIError``, the connection dropped from the
pool: 503).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError


def run(engine: Engine, sql: str, params: Any) -> int:
    """Send one write statement alone in autocommit: the rows it changed (the caller checks
    them; this module knows no ``webscore.commits.Statement``, so the two never import each
    other)."""
    rows = _send(engine, sql, params, write=True)
    assert isinstance(rows, int)
    return rows


def fetch(engine: Engine, sql: str, params: Any) -> list[tuple[Any, ...]]:
    """One read statement (``sql`` in psycopg's style) in autocommit: its rows.  A table's
    new rows (every phone's refetch after an entry, every catch-up on rows another process
    wrote) cost 0.21-0.28 ms of CPU so, against 0.54-0.63 through SQLAlchemy's execution
    and result machinery (in process, side by side)."""
    got = _send(engine, sql, params, write=False)
    assert isinstance(got, list)
    return got


def _send(engine: Engine, sql: str, params: Any, write: bool) -> int | list[tuple[Any, ...]]:
    import psycopg

    try:
        pooled = engine.raw_connection()
    except psycopg.Error as exc:  # the server is down: raised as Engine.connect raises it
        raise DBAPIError.instance(None, None, exc, psycopg.Error,
                                  dialect=engine.dialect) from exc
    driver: Any = pooled.driver_connection
    try:
        try:
            cursor = driver.cursor()
            engine.dispatch.before_cursor_execute(None, cursor, sql, params, None, False)
            driver.autocommit = True  # a client-side switch: nothing is sent
            try:
                cursor.execute(sql, params)
                out: int | list[tuple[Any, ...]] = (int(cursor.rowcount) if write
                                                    else cursor.fetchall())
            finally:
                if not driver.closed:
                    driver.autocommit = False  # as SQLAlchemy's transactions expect it
        except psycopg.Error as exc:  # (a closed connection fails before the statement)
            if driver.closed or engine.dialect.is_disconnect(exc, driver, None):  # type: ignore[arg-type]
                pooled.invalidate(exc)  # not given back: the pool makes a new one
            raise DBAPIError.instance(sql, params, exc, psycopg.Error,
                                      dialect=engine.dialect) from exc
        engine.dispatch.after_cursor_execute(None, cursor, sql, params, None, False)
        if write:
            engine.dispatch.commit(None)  # the statement's own (autocommit)
        cursor.close()
    finally:
        pooled.close()  # back to the pool (or, invalidated, closed)
    return out
