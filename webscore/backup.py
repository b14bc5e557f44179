"""Backup, restore and moving databases: ``flask --app webscore backup FILE`` / ``restore FILE``.

A backup is JSON Lines: a header, then one line per table with every stored row of it (undo
rows included) and, for reading and replaying, the game log of the entries in force::

    {"format": "webscore-backup", "version": 2, "schema": "<revision>", "tables": N,
     "events": M, "sheet_checks": K}
    {"table": {<game_tables columns>}, "events": [{<table_events columns>}, ...], "log": {...}}
    {"sheet_check": {<sheet_checks columns; the photo in base64>}}

Version 1 (before sheet checks were kept) has no ``sheet_checks`` count nor lines; it still
restores.

It is read in one read-only transaction (PostgreSQL: REPEATABLE READ; SQLite: one read
transaction of the WAL), so it is a consistent snapshot while the tracker goes on serving.
Columns are written in the schema's order, times in UTC ISO 8601, tables by id in byte
order: the same data gives the same bytes whatever database it came from.  ``restore`` loads
a file into an empty database of either kind (creating the schema), all or nothing.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import (
    ColumnElement,
    Connection,
    DateTime,
    Engine,
    LargeBinary,
    Table,
    func,
    insert,
    select,
)
from sqlalchemy.exc import DataError, IntegrityError, StatementError

from pnp.engine import GameLog
from webscore.db import current_revision, get_engine, head_revision, revisions, upgrade
from webscore.models import game_tables, sheet_checks, table_events
from webscore.snapshots import effective
from webscore.store import Row

FORMAT = "webscore-backup"
VERSION = 2
READS = (1, 2)  # version 1: no sheet checks

NOT_BACKED_UP = {
    "alembic_version": "the schema revision: in the header; restore creates the schema",
    "table_timers": "a running GT-9 build timer: live state of the few minutes it runs",
    "rate_limits": "request counters of the last minutes (webscore.limits)",
    "table_checkpoints": "engine states derived from the events (webscore.checkpoints); "
                         "after a restore the first load replays and stores them again",
}
"""Every other table in webscore.models is in the backup; a test keeps this list honest."""


class BackupError(Exception):
    """A backup file that cannot be restored, or a database that must not receive it."""


def _value(value: Any) -> Any:
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=UTC)
        return aware.astimezone(UTC).isoformat()
    if isinstance(value, bytes | bytearray | memoryview):  # a photo: base64 in the JSON
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


def _row(table: Table, row: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {c.name: _value(getattr(row, c.name)) for c in table.columns if c.name not in skip}


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def game_log(record: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The format-1 log of the entries in force (what ``pnp replay`` reads)."""
    rows = [Row(e["seq"], e["kind"], e["source"], e["text"], e["undoes"],
                datetime.fromisoformat(e["created_at"])) for e in events]
    live, _ = effective(rows)
    return GameLog(record["game"], record["seed"], json.loads(record["setup"]),
                   tuple(json.loads(record["players"])), tuple(r.text for r in live)).to_json()


def _ordered_ids(conn: Connection, table: Table = game_tables) -> list[str]:
    order: ColumnElement[Any] = table.c.id
    if conn.dialect.name == "postgresql":
        order = table.c.id.collate("C")  # byte order, as SQLite sorts: same file
    return [r.id for r in conn.execute(select(table.c.id).order_by(order))]


def dump(engine: Engine) -> Iterator[str]:
    """The backup's lines, read in one consistent snapshot."""
    with engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ",
                                          postgresql_readonly=True)
        with conn.begin():
            ids = _ordered_ids(conn)  # the first read fixes the snapshot
            rows = conn.execute(select(func.count()).select_from(table_events)).scalar_one()
            checks = _ordered_ids(conn, sheet_checks)
            schema = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
            yield _line({"format": FORMAT, "version": VERSION, "schema": schema,
                         "tables": len(ids), "events": int(rows),
                         "sheet_checks": len(checks)})
            for table_id in ids:
                table = conn.execute(select(game_tables)
                                     .where(game_tables.c.id == table_id)).one()
                record = _row(game_tables, table)
                events = [_row(table_events, e, skip=("table_id",)) for e in conn.execute(
                    select(table_events).where(table_events.c.table_id == table_id)
                    .order_by(table_events.c.seq))]
                yield _line({"table": record, "events": events,
                             "log": game_log(record, events)})
            for check_id in checks:  # one at a time: each holds its photo
                check = conn.execute(select(sheet_checks)
                                     .where(sheet_checks.c.id == check_id)).one()
                yield _line({"sheet_check": _row(sheet_checks, check)})


def write_backup(engine: Engine, path: str) -> tuple[int, int]:
    """Write the backup to ``path`` (``-``: standard output); returns (tables, events).
    A file is written under a temporary name and renamed: never half a backup."""
    lines = dump(engine)
    header = json.loads(next(lines))
    if path == "-":
        out: IO[str] = sys.stdout
        out.write(_line(header))
        out.writelines(lines)
        out.flush()
    else:
        target = Path(path)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("w", encoding="utf-8", newline="\n") as fh:
                fh.write(_line(header))
                fh.writelines(lines)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
    return int(header["tables"]), int(header["events"])


def _columns(table: Table, values: object, where: str, skip: tuple[str, ...] = ()
             ) -> dict[str, Any]:
    if not isinstance(values, dict):
        raise BackupError(f"{where}: expected an object of {table.name} columns")
    known = {c.name: c for c in table.columns if c.name not in skip}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise BackupError(f"{where}: {table.name} has no column {unknown[0]!r} in this "
                          "webscore's schema")
    out: dict[str, Any] = {}
    for name, value in values.items():
        column = known[name]
        if isinstance(column.type, DateTime) and value is not None:
            try:
                value = datetime.fromisoformat(str(value))
            except ValueError:
                raise BackupError(f"{where}: {name} is not a date and time: {value!r}") from None
        if isinstance(column.type, LargeBinary) and value is not None:
            try:
                value = base64.b64decode(str(value), validate=True)
            except (ValueError, binascii.Error):
                raise BackupError(f"{where}: {name} is not base64") from None
        out[name] = value
    missing = [c.name for c in known.values()
               if c.name not in out and not c.nullable and c.server_default is None]
    if missing:
        raise BackupError(f"{where}: {table.name} column {missing[0]!r} is missing")
    return out


def _records(lines: Iterable[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BackupError(f"line {number}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise BackupError(f"line {number}: expected a JSON object")
        yield number, obj


def _check_header(number: int, header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise BackupError(f"line {number}: not a webscore backup (no \"format\": \"{FORMAT}\""
                          " header)")
    if header.get("version") not in READS:
        raise BackupError(f"line {number}: backup format version {header.get('version')!r};"
                          f" this webscore reads versions {READS[0]} to {READS[-1]}")
    schema = header.get("schema")
    if schema is not None and schema not in revisions():
        raise BackupError(f"the backup was made at schema revision {schema}, newer than this "
                          f"webscore ({head_revision()}): restore it with that version")


def restore(engine: Engine, lines: Iterable[str]) -> tuple[int, int]:
    """Load a backup into an empty database (creating the schema); all or nothing."""
    records = _records(lines)
    first = next(records, None)
    if first is None:
        raise BackupError("the file is empty")
    _check_header(*first)
    header = first[1]
    if current_revision(engine) is not None:
        _refuse_if_held(engine.connect)
    upgrade(engine)
    tables = entries = checks = 0
    with engine.connect().execution_options(sqlite_begin="BEGIN IMMEDIATE") as conn, \
            conn.begin():
        _refuse_if_held(lambda: nullcontext(conn))
        for number, obj in records:
            where = f"line {number}"
            if "sheet_check" in obj:
                _insert(conn, sheet_checks, [_columns(sheet_checks, obj["sheet_check"], where)],
                        where)
                checks += 1
                continue
            table = _columns(game_tables, obj.get("table"), where)
            events = obj.get("events")
            if not isinstance(events, list):
                raise BackupError(f"{where}: \"events\" must be a list")
            rows = [{**_columns(table_events, e, f"{where}, event {i + 1}",
                                skip=("table_id",)), "table_id": table.get("id")}
                    for i, e in enumerate(events)]
            _insert(conn, game_tables, [table], where)
            if rows:
                _insert(conn, table_events, rows, where)
            tables += 1
            entries += len(rows)
        announced = (header.get("tables"), header.get("events"), header.get("sheet_checks", 0))
        if (tables, entries, checks) != announced:
            raise BackupError(f"the file is incomplete: its header announces "
                              f"{announced[0]} tables, {announced[1]} event rows and "
                              f"{announced[2]} sheet checks, it holds {tables}, {entries} "
                              f"and {checks}")
    return tables, entries


def _insert(conn: Connection, table: Table, rows: list[dict[str, Any]], where: str) -> None:
    try:
        conn.execute(insert(table), rows)
    except (IntegrityError, DataError, StatementError) as exc:
        reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
        raise BackupError(f"{where}: the database refused it ({reason})") from None


def _refuse_if_held(connect: Callable[[], AbstractContextManager[Connection]]) -> None:
    with connect() as conn:
        held = conn.execute(select(func.count()).select_from(game_tables)).scalar_one()
        photos = conn.execute(select(func.count()).select_from(sheet_checks)).scalar_one()
    if photos and not held:
        raise BackupError(f"the database already holds {photos} sheet check"
                          f"{'' if photos == 1 else 's'}; restore loads into an empty "
                          "database only (create a new one and point DATABASE_URL at it)")
    if held:
        raise BackupError(f"the database already holds {held} table"
                          f"{'' if held == 1 else 's'}; restore loads into an empty database "
                          "only (create a new one and point DATABASE_URL at it)")


def _where(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)


@click.command("backup")
@click.argument("file")
@with_appcontext
def backup_command(file: str) -> None:
    """Write every table and entry to FILE (JSON Lines; - for standard output)."""
    engine = get_engine()
    tables, entries = write_backup(engine, file)
    if file != "-":
        click.echo(f"backed up {tables} tables, {entries} event rows (schema "
                   f"{current_revision(engine)}) to {file}")


@click.command("restore")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def restore_command(file: str) -> None:
    """Load a backup FILE into this app's database, which must hold no tables."""
    engine = get_engine()
    try:
        if file == "-":
            tables, entries = restore(engine, sys.stdin)
        else:
            with open(file, encoding="utf-8") as fh:
                tables, entries = restore(engine, fh)
    except OSError as exc:
        raise click.ClickException(f"cannot read {file}: {exc.strerror}") from None
    except BackupError as exc:
        raise click.ClickException(f"nothing restored: {exc}") from None
    click.echo(f"restored {tables} tables, {entries} event rows into {_where(engine)}")


def init_app(app: Flask) -> None:
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
