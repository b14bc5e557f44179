"""Reading and appending a table's rows.  The only module that writes to the database.

A write names the sequence number it follows (the head its writer has cached) and is one
guarded INSERT and one COMMIT (shared with the writes waiting at the same moment on SQLite:
``webscore.commits``): a row goes in only if the row before it exists, and the primary key
(table_id, seq) refuses a second writer of the same number.  Either way the loser gets
``Conflict`` and nothing is stored (a write of several rows is still one INSERT: all of
them or none).  Every read is one query.  The hot statements, reads and writes, go on the
database driver's own connection (``webscore.driver``), compiled once per dialect.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, func, insert, select, text
from sqlalchemy.exc import IntegrityError, OperationalError

from webscore import commits, driver
from webscore.models import game_tables, table_checkpoints, table_events


class Conflict(commits.Refused):
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
    actor: int | None = None  # the seat that decided a move, -1 for chance (None: unknown)
    device: str | None = None  # the phone that logged it (webscore.devices)
    device_name: str | None = None


@dataclass(frozen=True)
class NewRow:
    kind: str
    source: str
    text: str = ""
    undoes: int | None = None
    actor: int | None = None
    device: str | None = None
    device_name: str | None = None


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


# The reads, built once and compiled once (webscore.driver.render): building a select and
# its cache key on every call cost more than running it.
_TABLE = select(game_tables).where(game_tables.c.id == bindparam("table_id"))
_ROWS = (select(table_events)
         .where(table_events.c.table_id == bindparam("table_id"),
                table_events.c.seq >= bindparam("first"))
         .order_by(table_events.c.seq))
_HEAD = (select(func.coalesce(func.max(table_events.c.seq), 0))
         .where(table_events.c.table_id == bindparam("table_id")))
_CHECKPOINT_SEQS = select(table_checkpoints.c.at_seq).where(
    table_checkpoints.c.table_id == bindparam("table_id"),
    table_checkpoints.c.engine == bindparam("engine"))
_CHECKPOINT = select(table_checkpoints.c.state).where(
    table_checkpoints.c.table_id == bindparam("table_id"),
    table_checkpoints.c.at_seq == bindparam("at_seq"),
    table_checkpoints.c.engine == bindparam("engine"))


def load_table(engine: Engine, table_id: str) -> TableRecord | None:
    found = _read(engine, _TABLE, {"table_id": table_id})
    if not found:
        return None
    (id_, game, seed, players, options, setup, auto_deal, location, token_hash,
     created_at) = found[0]
    return TableRecord(
        id=id_, game=game, seed=seed, players=tuple(json.loads(players)),
        options=json.loads(options), setup=json.loads(setup), auto_deal=bool(auto_deal),
        location=location, token_hash=token_hash,
        created_at=_aware(_stamp(engine, game_tables)(created_at)))


def _read(engine: Engine, statement: Any, named: dict[str, Any]) -> list[tuple[Any, ...]]:
    """One read on the driver's connection (``webscore.driver``), in autocommit: on
    PostgreSQL one round trip, where psycopg would send a BEGIN before it and the pool a
    ROLLBACK after it; without SQLAlchemy's execution and result machinery, which cost
    several times the driver's own work for a read of a row or two (a table's new rows:
    every phone's refetch after an entry, every catch-up on rows another process wrote)."""
    rendered = driver.render(engine, statement)
    return driver.fetch(engine, rendered.sql, rendered.params(named))


_STAMPS: dict[tuple[str, str], Callable[[Any], Any]] = {}


def _stamp(engine: Engine, table: Any) -> Callable[[Any], Any]:
    """SQLAlchemy's own converter for ``table``'s ``created_at`` as the driver returns it."""
    key = (engine.dialect.name, table.name)
    found = _STAMPS.get(key)
    if found is None:
        found = _STAMPS[key] = driver.converter(engine, table.c.created_at)
    return found


def load_rows(engine: Engine, table_id: str, first: int = 1) -> list[Row]:
    """The table's rows from sequence number ``first`` on, in order (one query)."""
    got = _read(engine, _ROWS, {"table_id": table_id, "first": first})
    stamp = _stamp(engine, table_events)
    return [Row(seq, kind, source, text_, undoes, _aware(stamp(at)), actor, device, name)
            for _, seq, kind, source, text_, undoes, at, actor, device, name in got]


def load_head(engine: Engine, table_id: str) -> int:
    """The table's last sequence number (0 when it has no rows, or does not exist)."""
    return int(_read(engine, _HEAD, {"table_id": table_id})[0][0])


ROWS_A_STATEMENT = 100
"""New rows one guarded INSERT carries at most (SQLite allows 500 SELECTs in one UNION)."""

_COLUMNS = ("table_id, seq, kind, source, text, undoes, actor, created_at, device, "
            "device_name")


@functools.cache
def _guarded_insert(n: int) -> Any:
    """One INSERT of ``n`` new rows (``n`` SELECTs joined by UNION ALL), guarded: the rows
    go in only after their predecessor (a writer whose cache is ahead of the database, e.g.
    after a restore, stores nothing), and all or none of them (one statement)."""
    selects = [f"SELECT :table_id AS table_id, CAST(:seq_{i} AS INTEGER) AS seq, "
               f"CAST(:kind_{i} AS VARCHAR(8)) AS kind, "
               f"CAST(:source_{i} AS VARCHAR(8)) AS source, CAST(:text_{i} AS TEXT) AS text, "
               f"CAST(:undoes_{i} AS INTEGER) AS undoes, CAST(:actor_{i} AS SMALLINT) AS actor, "
               f":created_at AS created_at, CAST(:device_{i} AS VARCHAR(32)) AS device, "
               f"CAST(:device_name_{i} AS VARCHAR(40)) AS device_name" for i in range(n)]
    guard = ("(:prev = 0 OR EXISTS (SELECT 1 FROM table_events "
             "WHERE table_id = :prev_table AND seq = :prev))")
    if n == 1:
        body = f"{selects[0]} WHERE {guard}"
    else:
        body = f"SELECT * FROM ({' UNION ALL '.join(selects)}) AS new_rows WHERE {guard}"
    return text(f"INSERT INTO table_events ({_COLUMNS}) {body}")


_CHECKPOINT_INSERT = text(
    "INSERT INTO table_checkpoints (table_id, at_seq, engine, state, created_at) "
    "VALUES (:table_id, :at_seq, :engine, :state, :created_at) ON CONFLICT DO NOTHING")
"""An entry's checkpoint, after its rows in the same transaction: one already stored for
that row and code is the same state (the engine is deterministic), so it is kept; the
statement never conflicts (``commits.Statement.then``)."""


@dataclass(frozen=True)
class Checkpoint:
    at_seq: int
    engine: str  # fingerprint of the rules' code that computed the state
    state: bytes


def append(engine: Engine, table_id: str, expected: int, rows: Sequence[NewRow],
           checkpoint: Checkpoint | None = None) -> list[Row]:
    """Append rows after sequence number ``expected`` (and a checkpoint, in the same
    transaction); Conflict if that number is taken or the table is not at ``expected``."""
    stamp = now()
    new = [Row(expected + i + 1, r.kind, r.source, r.text, r.undoes, stamp, r.actor,
               r.device, r.device_name)
           for i, r in enumerate(rows)]
    if not new:
        return new
    inserts: list[tuple[str, Any]] = []  # (sql, params): one statement per chunk of rows
    for at in range(0, len(new), ROWS_A_STATEMENT):
        chunk = new[at:at + ROWS_A_STATEMENT]
        named: dict[str, Any] = {"table_id": table_id, "created_at": stamp,
                                 "prev": chunk[0].seq - 1, "prev_table": table_id}
        for i, r in enumerate(chunk):
            named.update({f"seq_{i}": r.seq, f"kind_{i}": r.kind, f"source_{i}": r.source,
                          f"text_{i}": r.text, f"undoes_{i}": r.undoes, f"actor_{i}": r.actor,
                          f"device_{i}": r.device, f"device_name_{i}": r.device_name})
        rendered = driver.render(engine, _guarded_insert(len(chunk)))
        inserts.append((rendered.sql, rendered.params(named)))

    def check(rowcount: int) -> None:
        if rowcount != len(new):
            raise Conflict(expected, expected - 1)

    then: tuple[tuple[str, Any], ...] = ()
    if checkpoint is not None:
        rendered = driver.render(engine, _CHECKPOINT_INSERT)
        then = ((rendered.sql, rendered.params({
            "table_id": table_id, "at_seq": checkpoint.at_seq, "engine": checkpoint.engine,
            "state": checkpoint.state, "created_at": stamp})),)

    def work(conn: Connection) -> None:
        check(sum(conn.exec_driver_sql(sql, params).rowcount for sql, params in inserts))
        for sql, params in then:
            conn.exec_driver_sql(sql, params)

    one = len(inserts) == 1  # (more: a transaction of chunks, all stored or none)
    try:
        commits.write(engine, work, notice=f"h {table_id} {new[-1].seq}",
                      one_statement=one and not then,
                      statement=commits.Statement(*inserts[0], check, then) if one else None)
    except IntegrityError:
        # Lost the insert race for this seq.  (A lock held too long, a full disk or a lost
        # connection is no conflict: it reaches webscore.errors and is answered 503.)
        raise Conflict(expected, expected + 1) from None
    return new


def checkpoint_seqs(engine: Engine, table_id: str, fingerprint: str) -> set[int]:
    """The move rows after which this code's state is stored (one query)."""
    return {seq for seq, in _read(engine, _CHECKPOINT_SEQS,
                                   {"table_id": table_id, "engine": fingerprint})}


def load_checkpoint(engine: Engine, table_id: str, at_seq: int,
                    fingerprint: str) -> bytes | None:
    found = _read(engine, _CHECKPOINT, {"table_id": table_id, "at_seq": at_seq,
                                        "engine": fingerprint})
    return bytes(found[0][0]) if found else None


def save_checkpoint(engine: Engine, table_id: str, checkpoint: Checkpoint) -> bool:
    """Store a checkpoint on its own (after a long replay); False if one is already there."""
    rendered = driver.render(engine, _CHECKPOINT_INSERT)
    try:  # one statement in autocommit, on the driver's connection
        return driver.run(engine, rendered.sql, rendered.params({
            "table_id": table_id, "at_seq": checkpoint.at_seq, "engine": checkpoint.engine,
            "state": checkpoint.state, "created_at": now()})) == 1
    except (IntegrityError, OperationalError):  # (the table is gone; SQLite busy)
        return False
