"""webscore/backup.py: a consistent snapshot while the tracker writes, restore into an empty
database of either kind, and the round trip SQLite -> file -> PostgreSQL -> file byte for
byte, with every table's log replaying."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.cli import cli

from pnp.engine import replay
from pnp.engine.log import log_from_json
from webscore import create_app
from webscore.backup import NOT_BACKED_UP, BackupError, dump, restore, write_backup
from webscore.db import get_engine, make_engine
from webscore.models import metadata
from webscore.snapshots import clear_cache, snapshot
from webscore.store import load_rows
from webscore.tracker import submit

from .conftest import new_table_api
from .realtables import source

__all__ = ["source"]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def sqlite_app(path: Path) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{path}"})


def test_backup_holds_every_table_row_and_a_replaying_log(source: tuple[Flask, str]) -> None:
    app, text = source
    engine = get_engine(app)
    lines = [json.loads(line) for line in text.splitlines()]
    header, records = lines[0], lines[1:]
    assert header["format"] == "webscore-backup" and header["tables"] == len(records) >= 8
    assert header["events"] == sum(len(r["events"]) for r in records)
    assert [r["table"]["id"] for r in records] == sorted(r["table"]["id"] for r in records)
    undo_rows = 0
    for record in records:
        tid = record["table"]["id"]
        rows = load_rows(engine, tid)
        assert [(e["seq"], e["kind"], e["text"]) for e in record["events"]] == [
            (r.seq, r.kind, r.text) for r in rows]
        undo_rows += sum(1 for r in rows if r.kind == "undo")
        clear_cache()
        snap = snapshot(engine, tid)
        assert record["log"] == snap.log().to_json()  # the entries in force
        result = replay(log_from_json(record["log"]))
        assert result.ok, (tid, result.error)
    assert undo_rows >= 5
    assert any(replay(log_from_json(r["log"])).to_json()["finished"] for r in records)


def test_backup_is_one_snapshot_while_the_tracker_writes(app: Flask) -> None:
    """A writer logs on table A, then on table B, again and again; a backup taken meanwhile
    must never show B ahead of A (reading the tables in separate moments could)."""
    engine = get_engine(app)
    a, b = (new_table_api(app.test_client())["id"] for _ in range(2))
    for _ in range(20):  # bulk between them so each backup takes a while
        new_table_api(app.test_client())
    stop = threading.Event()
    errors: list[BaseException] = []

    def writer() -> None:
        seq, cycle = 0, ["r1", "pass"]
        try:
            while not stop.is_set() and seq < 400:
                submit(engine, a, seq, cycle[seq % 2])
                submit(engine, b, seq, cycle[seq % 2])
                seq += 1
        except BaseException as exc:  # reported below
            errors.append(exc)

    thread = threading.Thread(target=writer)
    thread.start()
    seen = []
    try:
        for _ in range(15):
            records = {json.loads(line).get("table", {}).get("id"): json.loads(line)
                       for line in dump(engine)}
            na, nb = len(records[a]["events"]), len(records[b]["events"])
            seen.append((na, nb))
            assert na - nb in (0, 1), (na, nb)
    finally:
        stop.set()
        thread.join(60)
    assert not errors, errors
    assert len({s for s in seen}) > 1, "the writer made no progress during the backups"


def test_every_table_is_backed_up_or_declared_ephemeral() -> None:
    """A new table in webscore.models must be either in the backup or named in
    NOT_BACKED_UP with the reason: this test makes whoever adds one decide."""
    backed_up = {"game_tables", "table_events", "sheet_checks"}
    assert set(metadata.tables) <= backed_up | set(NOT_BACKED_UP), (
        set(metadata.tables) - backed_up - set(NOT_BACKED_UP))


@pytest.mark.postgres
def test_round_trip_sqlite_file_postgres_file_sqlite_is_byte_identical(
        source: tuple[Flask, str], postgres_db: str, tmp_path: Path) -> None:
    _, text = source
    first = tmp_path / "first.jsonl"
    first.write_text(text, encoding="utf-8")
    engine = make_engine(postgres_db)
    with first.open(encoding="utf-8") as fh:
        tables, events = restore(engine, fh)  # into an empty database: creates the schema
    engine.dispose()
    assert tables >= 8 and events > 500
    pg = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": postgres_db,
                     "AUTO_MIGRATE": False})  # at the newest schema: not refused
    second = tmp_path / "second.jsonl"
    write_backup(get_engine(pg), str(second))
    assert second.read_bytes() == first.read_bytes()
    clear_cache()
    for line in text.splitlines()[1:]:  # the tracker on PostgreSQL reads them all
        record = json.loads(line)
        snap = snapshot(get_engine(pg), record["table"]["id"])
        assert snap.broken is None and snap.log().to_json() == record["log"]
    get_engine(pg).dispose()

    back = sqlite_app(tmp_path / "back.sqlite3")
    with second.open(encoding="utf-8") as fh:
        restore(get_engine(back), fh)
    third = tmp_path / "third.jsonl"
    write_backup(get_engine(back), str(third))
    assert third.read_bytes() == first.read_bytes()


def test_restore_refuses_a_database_that_holds_tables(source: tuple[Flask, str],
                                                      tmp_path: Path) -> None:
    app = sqlite_app(tmp_path / "busy.sqlite3")
    tid = new_table_api(app.test_client())["id"]
    _, text = source
    with pytest.raises(BackupError, match="already holds 1 table; restore loads into an "
                                          "empty database only"):
        restore(get_engine(app), text.splitlines(keepends=True))
    assert [json.loads(line).get("table", {}).get("id") for line in dump(get_engine(app))
            ][1:] == [tid]


def _edit(index: int, change: Any) -> Any:
    """Damage one line of a backup (index 0 is the header)."""
    return lambda lines: [change(line) if i == index else line for i, line in enumerate(lines)]


@pytest.mark.parametrize(("damage", "message"), [
    (_edit(2, lambda line: "{not json\n"), "line 3: not JSON"),
    (lambda lines: lines[:-1], "the file is incomplete"),
    (_edit(0, lambda line: '{"format": "something else"}\n'), "not a webscore backup"),
    (_edit(0, lambda line: line.replace('"schema":"', '"schema":"zz_future_')),
     "newer than this webscore"),
    (_edit(2, lambda line: line.replace('"game":', '"colour":"red","game":')),
     "line 3: game_tables has no column 'colour'"),
    (lambda lines: [*lines[:2], lines[1], *lines[3:]], "line 3: the database refused it"),
    (_edit(2, lambda line: line.replace('"created_at":"', '"created_at":"x', 1)),
     "line 3: created_at is not a date and time"),
    (lambda lines: [], "the file is empty"),
])
def test_restore_of_a_damaged_file_stores_nothing(source: tuple[Flask, str], tmp_path: Path,
                                                  damage: Any, message: str) -> None:
    _, text = source
    app = sqlite_app(tmp_path / "empty.sqlite3")
    with pytest.raises(BackupError, match=message):
        restore(get_engine(app), damage(text.splitlines(keepends=True)))
    assert len(list(dump(get_engine(app)))) == 1  # the header alone: nothing stored


def test_cli_backup_and_restore(source: tuple[Flask, str], tmp_path: Path,
                                monkeypatch: Any) -> None:
    """The commands the docs give, through Flask's CLI, with their one line of output."""
    app, text = source
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("DATABASE_URL", app.config["DATABASE_URL"])
    out = tmp_path / "tables.jsonl"
    result = CliRunner().invoke(cli, ["--app", "webscore", "backup", str(out)])
    assert result.exit_code == 0, result.output
    tables = len(text.splitlines()) - 1
    events = json.loads(text.splitlines()[0])["events"]
    assert result.output.startswith(f"backed up {tables} tables, {events} event rows (schema ")
    assert out.read_text(encoding="utf-8") == text
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'new.sqlite3'}")
    result = CliRunner().invoke(cli, ["--app", "webscore", "restore", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output == (f"restored {tables} tables, {events} event rows into "
                             f"sqlite:///{tmp_path / 'new.sqlite3'}\n")
    again = CliRunner().invoke(cli, ["--app", "webscore", "restore", str(out)])
    assert again.exit_code == 1
    assert f"Error: nothing restored: the database already holds {tables} tables" in (
        again.output)
    missing = CliRunner().invoke(cli, ["--app", "webscore", "restore", str(tmp_path / "no")])
    assert missing.exit_code == 1 and "cannot read" in missing.output
    assert "Traceback" not in missing.output + again.output


def _stored_checks(app: Flask) -> list[Any]:
    from sqlalchemy import select

    from webscore.models import sheet_checks

    with get_engine(app).connect() as conn:
        return [tuple(r) for r in conn.execute(select(sheet_checks)
                                               .order_by(sheet_checks.c.id))]


@pytest.mark.parametrize("target", ["sqlite", pytest.param("postgres",
                                                           marks=pytest.mark.postgres)])
def test_a_sheet_check_and_its_photo_round_trip(tmp_path: Path, target: str,
                                                request: pytest.FixtureRequest) -> None:
    """A sheet checked from a photo through the tracker's own routes is in the backup and
    comes back from it, photo byte for byte; a version-1 backup (before sheet checks) still
    restores."""
    from .test_sheet_photo import GAME, form_of, photo, upload

    app = sqlite_app(tmp_path / "photos.sqlite3")
    client = app.test_client()
    tid = new_table_api(client)["id"]
    page = upload(client, photo()).get_data(as_text=True)
    r = client.post(f"/sheets/{GAME}/photo/confirm", data=form_of(page))
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    kept = client.get(r.headers["Location"] + "/photo.jpg").data
    original = _stored_checks(app)
    assert len(original) == 1 and bytes(original[0][7]) == kept and len(kept) > 10_000
    text = "".join(dump(get_engine(app)))
    header = json.loads(text.splitlines()[0])
    assert (header["version"], header["tables"], header["sheet_checks"]) == (2, 1, 1)

    url = (request.getfixturevalue("postgres_db") if target == "postgres"
           else f"sqlite:///{tmp_path / 'restored.sqlite3'}")
    engine = make_engine(url)
    assert restore(engine, text.splitlines(keepends=True)) == (1, 0)  # into an empty database
    engine.dispose()
    back = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": url,
                       "AUTO_MIGRATE": False})
    restored = _stored_checks(back)
    assert [r[:7] for r in restored] == [r[:7] for r in original]
    assert bytes(restored[0][7]) == kept  # the photo, byte for byte
    assert restored[0][8] == original[0][8].replace(tzinfo=restored[0][8].tzinfo)
    check_url = r.headers["Location"]
    assert back.test_client().get(check_url + "/photo.jpg").data == kept
    assert "".join(dump(get_engine(back))) == text  # same bytes from either database
    with pytest.raises(BackupError, match="already holds 1 table"):
        restore(get_engine(back), text.splitlines(keepends=True))
    get_engine(back).dispose()

    # A backup without the section: version 1 (and one whose photo is damaged) restore or
    # are refused whole.
    lines = text.splitlines(keepends=True)
    old = json.loads(lines[0])
    del old["sheet_checks"]
    old["version"] = 1
    v1 = sqlite_app(tmp_path / "v1.sqlite3")
    assert restore(get_engine(v1), [json.dumps(old) + "\n", lines[1]]) == (1, 0)
    assert _stored_checks(v1) == [] and [json.loads(x).get("table", {}).get("id") for x in
                                         dump(get_engine(v1))][1:] == [tid]
    bad = sqlite_app(tmp_path / "bad.sqlite3")
    with pytest.raises(BackupError, match="line 3: photo is not base64"):
        restore(get_engine(bad), [*lines[:2], lines[2].replace('"photo":"', '"photo":"*')])
    with pytest.raises(BackupError, match="announces 1 tables, 0 event rows and 1 sheet "
                                          "checks, it holds 1, 0 and 0"):
        restore(get_engine(bad), lines[:2])
    assert _stored_checks(bad) == [] and len(list(dump(get_engine(bad)))) == 1
