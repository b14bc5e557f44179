"""PostgreSQL's one-statement writes, sent on the driver's connection.

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

from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

if TYPE_CHECKING:
    from webscore.commits import Statement


def run(engine: Engine, statement: Statement) -> int:
    """Send ``statement`` alone in autocommit; the rows it changed (after its check)."""
    import psycopg

    sql, params = statement.sql, statement.params
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
            finally:
                if not driver.closed:
                    driver.autocommit = False  # as SQLAlchemy's transactions expect it
        except psycopg.Error as exc:  # (a closed connection fails before the statement)
            if driver.closed or engine.dialect.is_disconnect(exc, driver, None):  # type: ignore[arg-type]
                pooled.invalidate(exc)  # not given back: the pool makes a new one
            raise DBAPIError.instance(sql, params, exc, psycopg.Error,
                                      dialect=engine.dialect) from exc
        engine.dispatch.after_cursor_execute(None, cursor, sql, params, None, False)
        engine.dispatch.commit(None)  # the statement's own (autocommit)
        rows = int(cursor.rowcount)
        cursor.close()
    finally:
        pooled.close()  # back to the pool (or, invalidated, closed)
    statement.check(rows)
    return rows
