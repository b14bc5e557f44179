"""Reading and appending a table's rows.  The only module that writes to the database.

A write names the sequence number it follows (the head its writer has cached) and is one
guarded INSERT and one COMMIT (shared with the writes waiting at the same moment on SQLite:
``webscore.commits``): a row goes in only if the row before it exists, and the primary key
(table_id, seq) refuses a second writer of the same number.  Either way the loser gets
``Conflict`` and nothing is stored.  Every read of new rows is one query.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, func, insert, select, text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from webscore import commits, pgwrite
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


# The reads, built once: building a select and its cache key on every call cost more than
# running it (a table's new rows: 0.40 ms of CPU built per call, 0.16 ms prebuilt, SQLite).
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


@contextmanager
def _reading(engine: Engine) -> Iterator[Connection]:
    """A connection for one read statement: on PostgreSQL in autocommit, so that the read is
    one round trip.  Otherwise psycopg sends BEGIN before it and the pool a ROLLBACK when the
    connection is given back, three round trips where one statement already sees one
    consistent snapshot.  (SQLite reads in process; its BEGIN is the tracker's own.)"""
    with engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            conn.execution_options(isolation_level="AUTOCOMMIT")
        yield conn


def load_table(engine: Engine, table_id: str) -> TableRecord | None:
    with _reading(engine) as conn:
        row = conn.execute(_TABLE, {"table_id": table_id}).first()
    if row is None:
        return None
    return TableRecord(
        id=row.id, game=row.game, seed=row.seed, players=tuple(json.loads(row.players)),
        options=json.loads(row.options), setup=json.loads(row.setup),
        auto_deal=bool(row.auto_deal), location=row.location, token_hash=row.token_hash,
        created_at=_aware(row.created_at))


def _row(r: Any) -> Row:
    return Row(r.seq, r.kind, r.source, r.text, r.undoes, _aware(r.created_at), r.actor,
               r.device, r.device_name)


def load_rows(engine: Engine, table_id: str, first: int = 1) -> list[Row]:
    """The table's rows from sequence number ``first`` on, in order (one query)."""
    if engine.dialect.name == "sqlite":
        return _sqlite_rows(engine, table_id, first)
    if engine.dialect.name == "postgresql":  # on the driver's connection (webscore.pgwrite)
        sql, stamp = _rows_sql(engine)
        got = pgwrite.fetch(engine, sql, {"table_id": table_id, "first": first})
        return [Row(seq, kind, source, text_, undoes, _aware(stamp(at)), actor, device, name)
                for _, seq, kind, source, text_, undoes, at, actor, device, name in got]
    with _reading(engine) as conn:
        result = conn.execute(_ROWS, {"table_id": table_id, "first": first})
        return [_row(r) for r in result]


_ROWS_DRIVER: dict[Any, tuple[str, Callable[[Any], Any]]] = {}


def _rows_sql(engine: Engine) -> tuple[str, Callable[[Any], Any]]:
    """``_ROWS`` rendered once for the engine's driver, and its timestamps' converter."""
    found = _ROWS_DRIVER.get(engine.dialect)
    if found is None:
        created = table_events.c.created_at.type.dialect_impl(engine.dialect)
        found = _ROWS_DRIVER[engine.dialect] = (
            str(_ROWS.compile(dialect=engine.dialect)),
            created.result_processor(engine.dialect, None) or (lambda v: v))
    return found


def _sqlite_rows(engine: Engine, table_id: str, first: int) -> list[Row]:
    """``load_rows`` on SQLite: the same SELECT (rendered once) on a pooled driver
    connection, without SQLAlchemy's execution and result machinery (which cost several
    times SQLite's own work for a read of a row or two: every phone's refetch after an
    entry, and every catch-up on rows another process wrote).  The statement is announced
    to the engine's ``before/after_cursor_execute`` listeners as SQLAlchemy's are
    (``webscore.sqlcount``), the timestamps are read by SQLAlchemy's own converter, and a
    driver error is raised as SQLAlchemy's."""
    sql, stamp = _rows_sql(engine)
    params = (table_id, first)
    dbapi = engine.raw_connection()
    try:
        cursor = dbapi.cursor()
        engine.dispatch.before_cursor_execute(None, cursor, sql, params, None, False)
        try:
            cursor.execute(sql, params)
            got = cursor.fetchall()
        except sqlite3.Error as exc:
            raise DBAPIError.instance(sql, params, exc, sqlite3.Error,
                                      dialect=engine.dialect) from exc
        engine.dispatch.after_cursor_execute(None, cursor, sql, params, None, False)
        cursor.close()
    finally:
        dbapi.close()  # back to the pool
    return [Row(seq, kind, source, text_, undoes, _aware(stamp(at)), actor, device, name)
            for _, seq, kind, source, text_, undoes, at, actor, device, name in got]


def load_head(engine: Engine, table_id: str) -> int:
    """The table's last sequence number (0 when it has no rows, or does not exist)."""
    with _reading(engine) as conn:
        head = conn.execute(_HEAD, {"table_id": table_id}).scalar_one()
    return int(head)


# One statement per row, sent as one executemany: the row goes in only after its predecessor
# (a writer whose cache is ahead of the database, e.g. after a restore, stores nothing).
_GUARDED_INSERT = text(
    "INSERT INTO table_events (table_id, seq, kind, source, text, undoes, actor, created_at, "
    "device, device_name) "
    "SELECT :table_id, :seq, :kind, :source, :text, CAST(:undoes AS INTEGER), "
    "CAST(:actor AS SMALLINT), :created_at, CAST(:device AS VARCHAR(32)), "
    "CAST(:device_name AS VARCHAR(40)) "
    "WHERE :prev = 0 OR EXISTS (SELECT 1 FROM table_events "
    "WHERE table_id = :prev_table AND seq = :prev)")


_RENDERED: dict[str, tuple[str, tuple[str, ...] | None]] = {}


def _guarded_insert(engine: Engine) -> tuple[str, tuple[str, ...] | None]:
    """The guarded INSERT in the driver's own parameter style, rendered once per dialect
    (and the parameter order, for a positional style): sent with ``exec_driver_sql``, a
    write skips SQLAlchemy's per-statement compiling (a tenth of a millisecond of CPU)."""
    name = engine.dialect.name
    rendered = _RENDERED.get(name)
    if rendered is None:
        compiled = _GUARDED_INSERT.compile(dialect=engine.dialect)
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        rendered = _RENDERED[name] = (str(compiled), order)
    return rendered


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
    named = [{"table_id": table_id, "seq": r.seq, "kind": r.kind, "source": r.source,
              "text": r.text, "undoes": r.undoes, "actor": r.actor,
              "created_at": r.created_at, "prev": r.seq - 1, "prev_table": table_id,
              "device": r.device, "device_name": r.device_name} for r in new]
    sql, order = _guarded_insert(engine)
    params: list[Any] = named if order is None else [tuple(p[k] for k in order)
                                                      for p in named]

    def check(rowcount: int) -> None:
        if rowcount != len(new):
            raise Conflict(expected, expected - 1)

    def work(conn: Connection) -> None:
        check(conn.exec_driver_sql(sql, params if len(params) > 1 else params[0]).rowcount)
        if checkpoint is not None:
            conn.execute(insert(table_checkpoints).values(
                table_id=table_id, at_seq=checkpoint.at_seq, engine=checkpoint.engine,
                state=checkpoint.state, created_at=stamp))

    one = len(new) == 1 and checkpoint is None
    try:
        commits.write(engine, work, notice=f"h {table_id} {new[-1].seq}", one_statement=one,
                      statement=commits.Statement(sql, params[0], check) if one else None)
    except IntegrityError:
        # Lost the insert race for this seq.  (A lock held too long, a full disk or a lost
        # connection is no conflict: it reaches webscore.errors and is answered 503.)
        raise Conflict(expected, expected + 1) from None
    return new


def checkpoint_seqs(engine: Engine, table_id: str, fingerprint: str) -> set[int]:
    """The move rows after which this code's state is stored (one query)."""
    with _reading(engine) as conn:
        return set(conn.scalars(_CHECKPOINT_SEQS,
                                {"table_id": table_id, "engine": fingerprint}))


def load_checkpoint(engine: Engine, table_id: str, at_seq: int,
                    fingerprint: str) -> bytes | None:
    with _reading(engine) as conn:
        state = conn.scalar(_CHECKPOINT, {"table_id": table_id, "at_seq": at_seq,
                                          "engine": fingerprint})
    return None if state is None else bytes(state)


def save_checkpoint(engine: Engine, table_id: str, checkpoint: Checkpoint) -> bool:
    """Store a checkpoint on its own (after a long replay); False if one is already there."""
    try:
        with engine.begin() as conn:
            conn.execute(insert(table_checkpoints).values(
                table_id=table_id, at_seq=checkpoint.at_seq, engine=checkpoint.engine,
                state=checkpoint.state, created_at=now()))
    except (IntegrityError, OperationalError):
        return False
    return True
