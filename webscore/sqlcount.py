"""Counting what a request asks of the database (SQLAlchemy event hooks), for the tests that
pin a write's cost and for the benchmark's report."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, event


@dataclass
class Statements:
    """SQL sent (``BEGIN`` included, as SQLite's is), COMMITs, and pool checkouts (each one
    a round trip on PostgreSQL, where the pool pings a connection before handing it out)."""

    sql: list[str] = field(default_factory=list)
    commits: int = 0
    checkouts: int = 0

    @property
    def count(self) -> int:
        return len(self.sql)

    @property
    def queries(self) -> int:
        """Statements other than BEGIN (SQLite's BEGIN is a statement, PostgreSQL's is not)."""
        return sum(1 for s in self.sql if not s.upper().startswith("BEGIN"))

    def reset(self) -> None:
        self.sql.clear()
        self.commits = self.checkouts = 0


@contextmanager
def counting(engine: Engine) -> Iterator[Statements]:
    seen = Statements()

    def on_execute(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.sql.append(" ".join(statement.split())[:120])

    def on_commit(_conn: Any) -> None:
        seen.commits += 1

    def on_checkout(*_args: Any) -> None:
        seen.checkouts += 1

    event.listen(engine, "before_cursor_execute", on_execute)
    event.listen(engine, "commit", on_commit)
    event.listen(engine.pool, "checkout", on_checkout)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)
        event.remove(engine, "commit", on_commit)
        event.remove(engine.pool, "checkout", on_checkout)
