"""Committing writes: SQLite's writes share commits (group commit), PostgreSQL's notices batch.

SQLite's writes go through ``webscore.groupcommit``: the writes of a process waiting at once
share one COMMIT on one kept connection, with a lock file across processes and the log's
checkpoints from a thread beside the writers (``webscore.walcheckpoint``).

PostgreSQL needs neither (its commits from many connections share a WAL flush).  A
one-statement write runs alone in autocommit: one round trip instead of three (BEGIN, the
statement, COMMIT).  But a transaction that sends ``NOTIFY`` holds a database-wide lock from
its commit's start to its end, flush included, so NOTIFYing commits are flushed one at a
time: one app instance saturated near 200 writes a second when each write sent its own
notice, in its transaction or right after it.  So the notice is handed to a thread of the
process that sends all those waiting in one statement, without waiting for the disk
(``webscore.notices``): a notice is still never sent for a write that failed, and one lost
to a crash is made up by the listeners' periodic poll (``webscore.live``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from webscore import driver, groupcommit, notices
from webscore.groupcommit import configure
from webscore.writes import Refused, Statement, Work

__all__ = ["Refused", "Statement", "Work", "configure", "write"]


def write(engine: Engine, work: Work, notice: str | None = None, *,
          one_statement: bool = False, statement: Statement | None = None) -> Any:
    """Run ``work(conn)`` in a committed transaction (a SAVEPOINT of a shared one on SQLite)
    and return what it returns; its exception, or the commit's, is raised and nothing of it
    is stored.  For writes that insert and let the database refuse what conflicts (a write
    that reads first must take its lock first).  ``notice``: on PostgreSQL, sent to the
    live-update listeners once committed.

    ``one_statement``: the work runs one statement (and raises IntegrityError or Refused, or
    nothing), which the database makes atomic by itself: on PostgreSQL it runs alone in
    autocommit (one round trip instead of BEGIN, statement, COMMIT); in a shared SQLite
    commit it needs no SAVEPOINT, since SQLite undoes a failed statement alone (any other
    error fails the whole shared commit).

    ``statement``: the same write as data, sent on the driver's connection: by SQLite's
    leader if its commit is all such (``webscore.groupcommit.Group._commit_raw``), always
    on PostgreSQL."""
    if engine.dialect.name == "sqlite":
        return groupcommit.group(engine).run(engine, work, one_statement, statement)
    if statement is not None and engine.dialect.name == "postgresql":
        result: Any = driver.run(engine, statement.sql, statement.params, statement.check,
                                 statement.then)
    else:
        with engine.connect() as conn:
            if one_statement:  # its own transaction: no BEGIN and COMMIT round trips
                result = work(conn.execution_options(isolation_level="AUTOCOMMIT"))
                conn.commit()  # ends SQLAlchemy's own transaction; nothing is sent
            else:
                with conn.begin():
                    result = work(conn)
    if notice is not None and engine.dialect.name == "postgresql":
        notices.notify(engine, notice)
    return result

