"""The append-only store: one winner per sequence number under concurrency, undo rows kept,
acknowledged writes surviving a killed process, and migrations by CLI and on first run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import inspect

from webscore import driver
from webscore.db import current_revision, get_engine, head_revision, init_app
from webscore.snapshots import clear_cache, snapshot
from webscore.sqlcount import counting
from webscore.store import (
    _ROWS,
    Conflict,
    NewRow,
    Row,
    _aware,
    create_table,
    load_checkpoint,
    load_rows,
)
from webscore.tracker import TrackerRefusal, submit, undo


def make_table(app: Flask) -> str:
    record, _ = create_table(get_engine(app), game="toy-dice", seed=None,
                             players=["Ana", "Bo"], options={},
                             setup={"target": 10, "chance": "table"}, auto_deal=False,
                             location="")
    return record.id


def test_simultaneous_writers_one_wins(app: Flask) -> None:
    engine = get_engine(app)
    tid = make_table(app)
    barrier = threading.Barrier(8)
    results: list[str] = []

    def writer(i: int) -> None:
        barrier.wait()
        try:
            submit(engine, tid, 0, f"r{i % 6 + 1}")
            results.append("ok")
        except TrackerRefusal as exc:
            results.append(exc.rule)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("ok") == 1, results
    assert all(r in ("ok", "tracker.stale") for r in results), results
    rows = load_rows(engine, tid)
    assert [r.seq for r in rows] == [1]


def test_store_conflict_on_taken_sequence(app: Flask) -> None:
    from webscore.store import append

    engine = get_engine(app)
    tid = make_table(app)
    append(engine, tid, 0, [NewRow("move", "typed", "r1")])
    with pytest.raises(Conflict) as info:
        append(engine, tid, 0, [NewRow("move", "typed", "r2")])
    assert info.value.head == 1


def test_postgres_reads_are_one_round_trip(app: Flask) -> None:
    """A read on PostgreSQL runs in autocommit: no BEGIN before it (psycopg's own, which no
    SQLAlchemy hook sees) and no ROLLBACK when the pool takes the connection back."""
    from sqlalchemy import event

    from webscore.store import append, checkpoint_seqs, load_checkpoint, load_head, load_table

    engine = get_engine(app)
    if engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL only: SQLite reads in process")
    tid = make_table(app)
    append(engine, tid, 0, [NewRow("move", "typed", "r1")])
    in_transaction: list[bool] = []

    def seen(_conn: Any, cursor: Any, *_: Any) -> None:
        status = cursor.connection.info.transaction_status  # (rows: no Connection)
        in_transaction.append(status.name != "IDLE")

    event.listen(engine, "after_cursor_execute", seen)
    try:
        assert load_table(engine, tid) is not None
        assert [r.seq for r in load_rows(engine, tid)] == [1]
        assert load_head(engine, tid) == 1
        assert checkpoint_seqs(engine, tid, "nope") == set()
        assert load_checkpoint(engine, tid, 1, "nope") is None
    finally:
        event.remove(engine, "after_cursor_execute", seen)
    assert in_transaction == [False] * 5
    with engine.connect() as conn:  # the pool gives the next user its usual transactions
        conn.exec_driver_sql("SELECT 1")
        assert conn.connection.dbapi_connection.info.transaction_status.name == "INTRANS"


def test_rows_read_on_the_driver_are_sqlalchemys_rows(app: Flask,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``load_rows`` skips SQLAlchemy's execution path (SQLite's driver; PostgreSQL's,
    webscore.driver): the same rows (timestamps included, read by SQLAlchemy's own
    converter), the same statement counted."""
    engine = get_engine(app)
    tid = make_table(app)
    for seq, text_ in enumerate(["r3", "+3", "r5"]):
        submit(engine, tid, seq, text_)
    undo(engine, tid, 3)
    with engine.connect() as conn:
        expected = [Row(r.seq, r.kind, r.source, r.text, r.undoes, _aware(r.created_at),
                        r.actor, r.device, r.device_name)
                    for r in conn.execute(_ROWS, {"table_id": tid, "first": 2})]
    monkeypatch.setattr(driver, "PARK_IDLE", 600.0)  # (a stall of the machine: no checkout)
    with counting(engine) as seen:
        rows = load_rows(engine, tid, 2)
    assert rows == expected and [r.kind for r in rows] == ["move", "move", "undo"]
    assert rows[0].created_at.tzinfo is not None and rows[-1].undoes == 3
    # (PostgreSQL: on the connection the writes before parked, webscore.driver._Parked)
    assert seen.queries == 1 and seen.checkouts == (engine.dialect.name == "sqlite")
    assert seen.sql[0].startswith("SELECT")
    assert load_rows(engine, "no-such-table") == []


def test_several_rows_are_one_guarded_statement_all_or_none(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write of several rows (an entry and what the rules dealt after it) is one INSERT
    and one commit, on the driver's connection on both databases; stored whole or not at
    all when one of its numbers is taken or its predecessor is missing; a write of more than
    ``ROWS_A_STATEMENT`` rows is a statement per chunk in one transaction."""
    from webscore import store

    engine = get_engine(app)
    tid = make_table(app)
    new = [NewRow("move", "typed", "r3", actor=0, device="d1", device_name="Ana's"),
           NewRow("move", "dealt", "+3", actor=-1), NewRow("move", "typed", "r5", actor=1)]
    with counting(engine) as seen:
        stored = store.append(engine, tid, 0, new)
    assert seen.queries == 1 and seen.commits == 1 and seen.sql[-1].startswith("INSERT")
    assert load_rows(engine, tid) == stored and [r.seq for r in stored] == [1, 2, 3]
    with pytest.raises(Conflict):  # 3 is taken: 4 is not stored either
        store.append(engine, tid, 2, [NewRow("move", "typed", "x"), NewRow("move", "typed", "y")])
    with pytest.raises(Conflict):  # 5 does not exist: nothing after it is stored
        store.append(engine, tid, 5, [NewRow("move", "typed", "x"), NewRow("move", "typed", "y")])
    assert [r.seq for r in load_rows(engine, tid)] == [1, 2, 3]
    monkeypatch.setattr(store, "ROWS_A_STATEMENT", 2)
    with counting(engine) as seen:
        store.append(engine, tid, 3, [NewRow("move", "typed", f"m{i}") for i in range(5)])
    assert seen.queries == 3 and seen.commits == 1
    with pytest.raises(Conflict):  # 6 is taken: none of the five stored
        store.append(engine, tid, 5, [NewRow("move", "typed", f"n{i}") for i in range(5)])
    assert [r.text for r in load_rows(engine, tid, 4)] == [f"m{i}" for i in range(5)]


def test_a_checkpoint_is_stored_with_its_rows_or_not_at_all(app: Flask) -> None:
    """An entry's checkpoint goes after its rows in the same transaction, on the driver's
    connection (two statements, one commit); a refused entry stores neither, even when it
    shares a commit with others (SQLite); a checkpoint already there is kept."""
    from webscore.store import Checkpoint, append, checkpoint_seqs, save_checkpoint

    engine = get_engine(app)
    tid = make_table(app)
    with counting(engine) as seen:
        append(engine, tid, 0, [NewRow("move", "typed", "r1")], Checkpoint(1, "code", b"s"))
    assert [s.split()[2] for s in seen.sql if s.startswith("INSERT")] == [
        "table_events", "table_checkpoints"] and seen.queries == 2 and seen.commits == 1
    assert not save_checkpoint(engine, tid, Checkpoint(1, "code", b"other"))  # kept
    assert save_checkpoint(engine, tid, Checkpoint(1, "new-code", b"s"))
    tables = [make_table(app) for _ in range(6)]
    barrier = threading.Barrier(12)
    outcomes: dict[tuple[int, int], str] = {}

    def writer(t: int, n: int) -> None:  # two writers a table, both after row 0
        barrier.wait()
        try:
            append(engine, tables[t], 0, [NewRow("move", "typed", f"r{n + 1}")],
                   Checkpoint(1, "code", f"{t}-{n}".encode()) if t % 2 else None)
            outcomes[t, n] = "ok"
        except Conflict:
            outcomes[t, n] = "stale"

    threads = [threading.Thread(target=writer, args=(t, n)) for t in range(6) for n in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for t, table in enumerate(tables):
        won = [n for n in (0, 1) if outcomes[t, n] == "ok"]
        assert len(won) == 1 and outcomes[t, 1 - won[0]] == "stale", outcomes
        assert [r.text for r in load_rows(engine, table)] == [f"r{won[0] + 1}"]
        assert checkpoint_seqs(engine, table, "code") == ({1} if t % 2 else set())
        if t % 2:
            assert load_checkpoint(engine, table, 1, "code") == f"{t}-{won[0]}".encode()


def test_undo_rows_are_kept_and_replay_from_scratch(app: Flask) -> None:
    engine = get_engine(app)
    tid = make_table(app)
    submit(engine, tid, 0, "r3 +3 r1")
    undo(engine, tid, 3)
    undo(engine, tid, 4)
    submit(engine, tid, 5, "+2")
    rows = load_rows(engine, tid)
    assert [(r.seq, r.kind, r.text, r.undoes) for r in rows] == [
        (1, "move", "r3", None), (2, "move", "+3", None), (3, "move", "r1", None),
        (4, "undo", "", 3), (5, "undo", "", 2), (6, "move", "+2", None)]
    clear_cache()
    snap = snapshot(engine, tid)
    assert [e.text for e in snap.entries] == ["r3", "+2"] and snap.undone == {2, 3}


CRASH_SCRIPT = textwrap.dedent("""
    import sys
    from webscore import create_app
    from webscore.db import get_engine
    from webscore.tracker import submit
    sys.path.insert(0, {tests!r})
    from pnp.engine import GameRecord, registry
    from webscore_toy import TOY
    registry.register(GameRecord(TOY))
    app = create_app({{"SECRET_KEY": "x", "DATABASE_URL": {url!r}, "AUTO_MIGRATE": True}})
    engine = get_engine(app)
    seq = 0
    cycle = ["r6", "+1"]
    while True:
        snap = submit(engine, {tid!r}, seq, cycle[seq % 2])
        seq = snap.head
        print(seq, flush=True)
""")


@pytest.mark.slow
def test_acknowledged_writes_survive_a_killed_process(app: Flask, tmp_path: Path) -> None:
    tid = make_table(app)
    url = app.config["DATABASE_URL"]
    toy_dir = tmp_path / "toy"
    toy_dir.mkdir()
    (toy_dir / "webscore_toy.py").write_text(
        (Path(__file__).parent / "toygame.py").read_text())
    script = CRASH_SCRIPT.format(tests=str(toy_dir), url=url, tid=tid)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    acked = 0
    assert proc.stdout is not None
    for line in proc.stdout:
        acked = int(line)
        if acked >= 30:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert acked >= 30, proc.stderr.read() if proc.stderr else ""
    clear_cache()
    rows = load_rows(get_engine(app), tid)
    assert len(rows) >= acked
    snap = snapshot(get_engine(app), tid)
    assert snap.broken is None and len(snap.entries) == len(rows)


def test_cli_db_upgrade_creates_schema(tmp_path: Path, monkeypatch: Any) -> None:
    """`flask --app webscore db-upgrade` on an empty database that the app, started to
    serve, would refuse (auto-migration off): the CLI command itself is never refused."""
    from click.testing import CliRunner
    from flask.cli import cli

    from webscore.db import make_engine

    url = f"sqlite:///{tmp_path / 'a.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("WEBSCORE_AUTO_MIGRATE", "0")
    engine = make_engine(url)
    assert current_revision(engine) is None
    result = CliRunner().invoke(cli, ["--app", "webscore", "db-upgrade"])
    assert result.exit_code == 0, result.output
    assert f"revision {head_revision()}" in result.output and "was empty" in result.output
    assert {"game_tables", "table_events"} <= set(inspect(engine).get_table_names())
    again = CliRunner().invoke(cli, ["--app", "webscore", "db-upgrade"])
    assert f"was {head_revision()}" in again.output


def test_default_database_is_sqlite_in_instance_folder(tmp_path: Path,
                                                        monkeypatch: Any) -> None:
    app = Flask("webscore", instance_path=str(tmp_path / "inst"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    init_app(app)
    assert app.config["DATABASE_URL"] == f"sqlite:///{tmp_path / 'inst' / 'webscore.sqlite3'}"
    assert current_revision(get_engine(app)) == head_revision()  # migrated on first run
    assert (tmp_path / "inst" / "webscore.sqlite3").exists()


def test_migrations_match_the_models(app: Flask) -> None:
    """No drift: the schema Alembic builds is the one webscore.models describes."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from webscore.models import metadata

    with get_engine(app).connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []


def test_workers_starting_together_migrate_once(tmp_path: Path) -> None:
    """Several processes creating the app on a fresh SQLite file at once all come up."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "DATABASE_URL": ""}
    code = ("import sys; from flask import Flask; from webscore.db import init_app; "
            "app = Flask('webscore', instance_path=sys.argv[1]); init_app(app); "
            "from webscore.security import secret_key; print(secret_key(app))")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "inst")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env) for _ in range(4)]
    outs = [p.communicate(timeout=60) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outs]
    keys = {out.strip() for out, _ in outs}
    assert len(keys) == 1 and len(keys.pop()) == 64  # one shared, complete session key
