"""Reading and appending a table's rows.  The only module that writes to the database.

A write names the sequence number it expects to follow (the table's head).  It runs in one
transaction that re-reads the head; if someone else wrote first, or inserts the same sequence
number at the same moment (the primary key refuses the second), the caller gets ``Conflict``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, func, insert, select
from sqlalchemy.exc import IntegrityError

from webscore.models import game_tables, table_events


class Conflict(Exception):
    """The table moved on since the writer last looked (HTTP 409)."""

    def __init__(self, expected: int, head: int) -> None:
        self.expected = expected
        self.head = head
        super().__init__(f"expected to follow event {expected}, but the table is at {head}")


@dataclass(frozen=True)
class TableRecord:
    id: str
    game: str
    seed: int | None
    players: tuple[str, ...]
    options: dict[str, Any]
    setup: dict[str, Any]
    auto_deal: bool
    location: str
    token_hash: str
    created_at: datetime

    def token_ok(self, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(hash_token(token or ""), self.token_hash)


@dataclass(frozen=True)
class Row:
    seq: int
    kind: str  # "move" | "undo"
    source: str  # "typed" | "dealt" | "undo"
    text: str
    undoes: int | None
    created_at: datetime


@dataclass(frozen=True)
class NewRow:
    kind: str
    source: str
    text: str = ""
    undoes: int | None = None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything we store is UTC.
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def create_table(engine: Engine, *, game: str, seed: int | None, players: Sequence[str],
                 options: dict[str, Any], setup: dict[str, Any], auto_deal: bool,
                 location: str) -> tuple[TableRecord, str]:
    """Store a new table; returns it and its write token (only its hash is kept)."""
    token = secrets.token_urlsafe(24)
    record = TableRecord(
        id=secrets.token_urlsafe(9), game=game, seed=seed, players=tuple(players),
        options=dict(options), setup=dict(setup), auto_deal=auto_deal, location=location,
        token_hash=hash_token(token), created_at=now())
    with engine.begin() as conn:
        conn.execute(insert(game_tables).values(
            id=record.id, game=game, seed=seed,
            players=json.dumps(list(players), ensure_ascii=False),
            options=json.dumps(options, ensure_ascii=False),
            setup=json.dumps(setup, ensure_ascii=False), auto_deal=auto_deal,
            location=location, token_hash=record.token_hash, created_at=record.created_at))
    return record, token


def load_table(engine: Engine, table_id: str) -> TableRecord | None:
    with engine.connect() as conn:
        row = conn.execute(select(game_tables).where(game_tables.c.id == table_id)).first()
    if row is None:
        return None
    return TableRecord(
        id=row.id, game=row.game, seed=row.seed, players=tuple(json.loads(row.players)),
        options=json.loads(row.options), setup=json.loads(row.setup),
        auto_deal=bool(row.auto_deal), location=row.location, token_hash=row.token_hash,
        created_at=_aware(row.created_at))


def load_rows(engine: Engine, table_id: str) -> list[Row]:
    with engine.connect() as conn:
        result = conn.execute(select(table_events).where(table_events.c.table_id == table_id)
                              .order_by(table_events.c.seq))
        return [Row(r.seq, r.kind, r.source, r.text, r.undoes, _aware(r.created_at))
                for r in result]


def load_head(engine: Engine, table_id: str) -> int:
    """The table's last sequence number (0 when it has no rows, or does not exist)."""
    with engine.connect() as conn:
        head = conn.execute(select(func.coalesce(func.max(table_events.c.seq), 0))
                            .where(table_events.c.table_id == table_id)).scalar_one()
    return int(head)


def append(engine: Engine, table_id: str, expected: int, rows: Sequence[NewRow]) -> list[Row]:
    """Append rows after sequence number ``expected``; Conflict if the head is elsewhere."""
    stamp = now()
    new = [Row(expected + i + 1, r.kind, r.source, r.text, r.undoes, stamp)
           for i, r in enumerate(rows)]
    try:
        with engine.connect().execution_options(sqlite_begin="BEGIN IMMEDIATE") as conn, \
                conn.begin():
            head = conn.execute(select(func.coalesce(func.max(table_events.c.seq), 0))
                                .where(table_events.c.table_id == table_id)).scalar_one()
            if head != expected:
                raise Conflict(expected, int(head))
            if new:
                conn.execute(insert(table_events), [
                    {"table_id": table_id, "seq": r.seq, "kind": r.kind, "source": r.source,
                     "text": r.text, "undoes": r.undoes, "created_at": r.created_at}
                    for r in new])
    except IntegrityError:
        # Lost the insert race for this seq.  (A lock held too long, a full disk or a lost
        # connection is no conflict: it reaches webscore.errors and is answered 503.)
        raise Conflict(expected, expected + 1) from None
    return new
