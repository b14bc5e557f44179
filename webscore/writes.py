"""A write handed to ``webscore.commits.write``: work on a SQLAlchemy connection, or the same
write as data (``Statement``) sent on the database driver's own connection, and the refusal
that fails only that write."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

Work = Callable[[Connection], Any]


class Refused(Exception):
    """Raised by a write's work when it decided to store nothing (e.g. a guarded INSERT that
    inserted no row): only that write fails, the others of its commit go on."""


@dataclass(frozen=True)
class Statement:
    """A write as data, sent on the database driver's own connection (SQLite's leader:
    ``webscore.groupcommit.Group._commit_raw``; PostgreSQL: ``webscore.driver.run``):
    ``sql`` in the driver's style, ``params``, and ``check(rowcount)``, which raises
    ``Refused``.  ``then``: (sql, params) sent after it in the same transaction once it
    passed (an entry's checkpoint), which must never conflict (``ON CONFLICT DO NOTHING``):
    any error of theirs fails the whole commit, so nothing of the write is stored."""

    sql: str
    params: Any
    check: Callable[[int], None]
    then: tuple[tuple[str, Any], ...] = ()

