"""Group commit on SQLite: writes waiting at once share one COMMIT, each keeps its own
outcome, and the writer lock file keeps other processes out until it is released."""

from __future__ import annotations

import fcntl
import gc
import os
import sqlite3
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import Connection, create_engine, event, text
from sqlalchemy.exc import IntegrityError, OperationalError

from webscore import commits, create_app, db, groupcommit, walcheckpoint
from webscore.db import get_engine
from webscore.errors import database_fault
from webscore.sqlcount import counting


def sqlite_app(path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test", "AUTO_MIGRATE": True,
                       "DATABASE_URL": f"sqlite:///{path}", **config})


def make_scratch(app: Flask) -> None:
    with get_engine(app).begin() as conn:
        conn.execute(text("CREATE TABLE scratch (n INTEGER PRIMARY KEY)"))


def insert(n: int) -> commits.Work:
    def work(conn: Connection) -> int:
        conn.execute(text("INSERT INTO scratch (n) VALUES (:n)"), {"n": n})
        return n
    return work


def stored(app: Flask) -> list[int]:
    with get_engine(app).connect() as conn:
        return list(conn.scalars(text("SELECT n FROM scratch ORDER BY n")))


def test_writes_waiting_together_share_one_commit(tmp_path: Path) -> None:
    """The first writer's commit is held open until ten others queued: they join it before
    its COMMIT, each in its own SAVEPOINT; the one that conflicts rolls back alone."""
    app = sqlite_app(tmp_path / "db.sqlite3")
    make_scratch(app)
    engine = get_engine(app)
    group = groupcommit.group(engine)
    release, running = threading.Event(), threading.Event()
    outcomes: dict[int, Any] = {}

    def first(conn: Connection) -> int:
        conn.execute(text("INSERT INTO scratch (n) VALUES (0)"))
        running.set()
        release.wait(10)
        return 0

    def run(n: int, work: commits.Work) -> None:
        try:
            outcomes[n] = commits.write(engine, work)
        except Exception as exc:  # the test looks at what each got
            outcomes[n] = exc

    with counting(engine) as seen:
        leader = threading.Thread(target=run, args=(0, first))
        leader.start()
        assert running.wait(10)  # the leader took its batch and runs it
        others = [threading.Thread(target=run, args=(n, insert(0 if n == 5 else n)))
                  for n in range(1, 11)]
        for t in others:
            t.start()
        deadline = time.monotonic() + 10
        while len(group.queue) < 10 and time.monotonic() < deadline:
            time.sleep(0.001)
        assert len(group.queue) == 10
        release.set()
        for t in [leader, *others]:
            t.join(10)
    assert seen.commits == 1  # 11 writes, one commit
    assert isinstance(outcomes[5], IntegrityError)  # n=0 again: the primary key refuses it
    assert {n: v for n, v in outcomes.items() if n != 5} == {n: n for n in range(11)
                                                              if n != 5}
    assert stored(app) == [n for n in range(11) if n != 5]


def test_a_lone_write_is_one_transaction_and_its_error_is_its_own(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path / "db.sqlite3")
    make_scratch(app)
    engine = get_engine(app)
    with counting(engine) as seen:
        assert commits.write(engine, insert(1)) == 1
    assert seen.commits == 1 and not any("SAVEPOINT" in s for s in seen.sql)
    with pytest.raises(IntegrityError):
        commits.write(engine, insert(1))
    assert stored(app) == [1]
    assert commits.write(engine, insert(2)) == 2  # the group goes on after a failure
    assert stored(app) == [1, 2]


def test_a_leader_keeps_its_connection_while_writes_come_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database file's leaders commit on one connection kept from commit to commit (no
    checkout, no new Connection per commit).  It is given back after a failed commit, when
    the engine's pool is disposed, and once the writes stop, and then the engine can go."""
    monkeypatch.setattr(walcheckpoint.Checkpointer, "EVERY", 0.01)
    monkeypatch.setattr(walcheckpoint.Checkpointer, "IDLE", 0.05)
    engine = db.make_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE scratch (n INTEGER PRIMARY KEY)"))
    commits.write(engine, insert(0))
    group = groupcommit.group(engine)
    with counting(engine) as seen:
        for n in range(1, 21):
            commits.write(engine, insert(n), one_statement=True)
    assert seen.commits == 20 and seen.checkouts == 0
    with pytest.raises(IntegrityError):  # a write alone in its commit: the commit fails
        commits.write(engine, insert(1))
    assert group.conn is None
    with counting(engine) as seen:
        commits.write(engine, insert(21))
        commits.write(engine, insert(22))
    assert seen.checkouts == 1
    kept = group.conn
    assert kept is not None
    engine.dispose()
    assert group.conn is None and kept.closed
    commits.write(engine, insert(23))
    deadline = time.monotonic() + 10
    while group.conn is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert group.conn is None  # the writes stopped: given back
    with engine.connect() as conn:
        assert list(conn.scalars(text("SELECT n FROM scratch"))) == list(range(24))
    gone = weakref.ref(engine)
    del engine, group, conn, kept
    gc.collect()
    assert gone() is None


def statement(n: int, inserts: bool = True) -> tuple[commits.Work, commits.Statement]:
    """A one-statement write as data (that inserts ``n``, or nothing and is then refused);
    its ``work`` (SQLAlchemy's path) must not be used."""
    sql = "INSERT INTO scratch (n) SELECT ? WHERE ? = 1"

    def work(conn: Connection) -> int:
        raise AssertionError("the leader sent it through SQLAlchemy")

    def check(changed: int) -> None:
        if changed != 1:
            raise commits.Refused(f"{n}: {changed} rows")

    return work, commits.Statement(sql, (n, int(inserts)), check)


def test_statements_go_on_the_drivers_connection_counted_as_sqlalchemy_counts(
        tmp_path: Path) -> None:
    """Writes given as Statements skip SQLAlchemy's execution path but are announced to its
    listeners (the same statements and commits counted); in a shared commit one that
    conflicts or is refused fails alone; a driver error is raised as SQLAlchemy's."""
    path = tmp_path / "db.sqlite3"
    engine = db.make_engine(f"sqlite:///{path}", busy_timeout=0.2)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE scratch (n INTEGER PRIMARY KEY)"))
    work, st = statement(1)
    with counting(engine) as seen:
        assert commits.write(engine, work, statement=st) == 1
    assert [s.split()[0] for s in seen.sql] == ["BEGIN", "INSERT"] and seen.commits == 1
    assert seen.sql[0] == "BEGIN IMMEDIATE"
    fd = os.open(f"{path}-writer.lock", os.O_RDWR)  # another process holds the writer lock
    outcomes: dict[int, Any] = {}

    def run(n: int, inserts: bool) -> None:
        work, st = statement(n, inserts)
        try:
            outcomes[n] = commits.write(engine, work, statement=st)
        except Exception as exc:  # the test looks at what each got
            outcomes[n] = exc

    group = groupcommit.group(engine)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with counting(engine) as seen:
            writers = [threading.Thread(target=run, args=(n, n != 4))
                       for n in (1, 2, 3, 4, 5)]  # 1 is stored already, 4 inserts nothing
            for t in writers:
                t.start()
            deadline = time.monotonic() + 10
            while len(group.queue) < 4 and time.monotonic() < deadline:
                time.sleep(0.001)
            fcntl.flock(fd, fcntl.LOCK_UN)
            for t in writers:
                t.join(10)
    finally:
        os.close(fd)
    assert isinstance(outcomes[1], IntegrityError)  # raised as SQLAlchemy raises it
    assert isinstance(outcomes[4], commits.Refused)
    assert outcomes[2] == outcomes[3] == outcomes[5] == 1
    assert seen.commits == 1 and not any("SAVEPOINT" in s for s in seen.sql)
    with engine.connect() as conn:
        assert list(conn.scalars(text("SELECT n FROM scratch ORDER BY n"))) == [1, 2, 3, 5]
    locker = sqlite3.connect(path, isolation_level=None)  # another program writing
    locker.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(OperationalError) as caught:
            commits.write(engine, work, statement=statement(6)[1])
    finally:
        locker.close()
    fault = database_fault(caught.value)
    assert fault is not None and fault.rule == "db.busy"
    assert commits.write(engine, work, statement=statement(6)[1]) == 1
    engine.dispose()


def test_the_writer_lock_file_keeps_other_processes_out(tmp_path: Path) -> None:
    """Another process holding ``<database>-writer.lock``: a write waits for it up to the
    busy timeout and is then refused as busy (503), storing nothing; once it is released
    writes go through."""
    path = tmp_path / "db.sqlite3"
    app = sqlite_app(path, DATABASE_BUSY_TIMEOUT=0.3)
    make_scratch(app)
    engine = get_engine(app)
    commits.write(engine, insert(1))
    lock = Path(f"{path}-writer.lock")
    assert lock.exists()
    fd = os.open(lock, os.O_RDWR)  # another open file description: another process's lock
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        started = time.monotonic()
        with pytest.raises(OperationalError) as caught:
            commits.write(engine, insert(2))
        assert 0.3 <= time.monotonic() - started < 5
        fault = database_fault(caught.value)
        assert fault is not None and fault.rule == "db.busy"
        threading.Timer(0.1, fcntl.flock, (fd, fcntl.LOCK_UN)).start()
        assert commits.write(engine, insert(3)) == 3  # waits 0.1 s, then goes in
    finally:
        os.close(fd)
    assert stored(app) == [1, 3]


def test_sqlite_synchronous_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """NORMAL by default (a commit is in the log before it is acknowledged, flushed at the
    checkpoints); FULL (every commit flushed before it is acknowledged) when the operator
    chooses it (docs/tracker.md, Durability); anything else is refused."""
    def sync(app: Flask) -> int:
        with get_engine(app).connect() as conn:
            return int(conn.exec_driver_sql("PRAGMA synchronous").scalar_one())

    assert sync(sqlite_app(tmp_path / "a.sqlite3")) == 1  # NORMAL
    monkeypatch.setenv("WEBSCORE_SQLITE_SYNC", "full")
    assert sync(sqlite_app(tmp_path / "b.sqlite3")) == 2  # FULL
    with pytest.raises(ValueError, match="NORMAL, FULL"):
        sqlite_app(tmp_path / "c.sqlite3", SQLITE_SYNC="OFF")


def test_writes_waiting_for_another_process_join_the_commit_that_follows(
        tmp_path: Path) -> None:
    """While another process holds the writer lock, the writes that queue here take the
    batch only once the lock is theirs: all of them go in one commit."""
    path = tmp_path / "db.sqlite3"
    app = sqlite_app(path)
    make_scratch(app)
    engine = get_engine(app)
    group = groupcommit.group(engine)
    commits.write(engine, insert(0))
    fd = os.open(f"{path}-writer.lock", os.O_RDWR)
    outcomes: dict[int, Any] = {}

    def run(n: int) -> None:
        outcomes[n] = commits.write(engine, insert(n), one_statement=True)

    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with counting(engine) as seen:
            writers = [threading.Thread(target=run, args=(n,)) for n in range(1, 9)]
            for t in writers:
                t.start()
            deadline = time.monotonic() + 10
            while len(group.queue) < 8 and time.monotonic() < deadline:
                time.sleep(0.001)
            assert group.leading and len(group.queue) == 8  # the leader waits for the lock
            fcntl.flock(fd, fcntl.LOCK_UN)
            for t in writers:
                t.join(10)
    finally:
        os.close(fd)
    assert seen.commits == 1 and outcomes == {n: n for n in range(1, 9)}
    assert not any("SAVEPOINT" in s for s in seen.sql)  # one statement each: none needed
    assert stored(app) == list(range(9))


def test_a_one_statement_write_that_fails_fails_alone(tmp_path: Path) -> None:
    """In a shared commit a one-statement write needs no SAVEPOINT: SQLite undoes the failed
    statement alone, and the writes around it are stored."""
    app = sqlite_app(tmp_path / "db.sqlite3")
    make_scratch(app)
    engine = get_engine(app)
    group = groupcommit.group(engine)
    release, running = threading.Event(), threading.Event()
    outcomes: dict[int, Any] = {}

    def first(conn: Connection) -> int:
        conn.execute(text("INSERT INTO scratch (n) VALUES (1)"))
        running.set()
        release.wait(10)
        return 1

    def run(n: int, work: commits.Work) -> None:
        try:
            outcomes[n] = commits.write(engine, work, one_statement=True)
        except Exception as exc:  # the test looks at what each got
            outcomes[n] = exc

    with counting(engine) as seen:
        leader = threading.Thread(target=run, args=(1, first))
        leader.start()
        assert running.wait(10)  # the leader took its batch and runs it
        others = [threading.Thread(target=run, args=(n, insert(1 if n == 3 else n)))
                  for n in (2, 3, 4)]
        for k, t in enumerate(others, 1):  # queued in this order
            t.start()
            deadline = time.monotonic() + 10
            while len(group.queue) < k and time.monotonic() < deadline:
                time.sleep(0.001)
        release.set()
        for t in [leader, *others]:
            t.join(10)
    assert seen.commits == 1 and not any("SAVEPOINT" in s for s in seen.sql)
    assert isinstance(outcomes[3], IntegrityError)
    assert {n: outcomes[n] for n in (1, 2, 4)} == {1: 1, 2: 2, 4: 4}
    assert stored(app) == [1, 2, 4]


def test_a_leader_holding_the_writer_lock_gets_the_interpreter_back_promptly(
        tmp_path: Path) -> None:
    """While its statements run under the writer lock the process's switch interval is
    cut (the other threads give the interpreter lock back sooner), and put back after."""
    app = sqlite_app(tmp_path / "db.sqlite3")
    make_scratch(app)
    outside = sys.getswitchinterval()
    assert outside == pytest.approx(db.SWITCH_INTERVAL)  # set by the app
    seen: list[float] = []
    collector: list[bool] = []

    def work(conn: Connection) -> None:
        seen.append(sys.getswitchinterval())
        collector.append(gc.isenabled())
        conn.execute(text("INSERT INTO scratch (n) VALUES (1)"))

    assert gc.isenabled()
    commits.write(get_engine(app), work, one_statement=True)
    assert seen == [pytest.approx(groupcommit.HOLD_SWITCH_INTERVAL)] and seen[0] < outside
    assert sys.getswitchinterval() == outside
    assert collector == [False] and gc.isenabled()  # no collection under the lock; then on


def wal_frames(path: Path, fd: int) -> tuple[int, int]:
    """(frames in the log, frames copied back) from SQLite's wal-index (``-shm``)."""
    head = os.pread(fd, 100, 0)
    return int.from_bytes(head[16:20], sys.byteorder), int.from_bytes(head[96:100],
                                                                      sys.byteorder)


@pytest.mark.parametrize("background", [True, False])
def test_the_log_is_copied_back_beside_the_writers_not_in_their_commits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, background: bool) -> None:
    """SQLite's own checkpoint (in a writer's COMMIT, under the lock) waits for
    ``WAL_AUTOCHECKPOINT`` pages; meanwhile the process's checkpoint thread copies the log
    back, so that the log restarts from its beginning instead of growing.  Without the
    thread (``background=False``: it never gets round to it) the log only grows."""
    monkeypatch.setattr(walcheckpoint.Checkpointer, "EVERY", 0.01 if background else 60.0)
    path = tmp_path / "db.sqlite3"
    app = sqlite_app(path)
    engine = get_engine(app)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == \
            db.WAL_AUTOCHECKPOINT
    make_scratch(app)
    commits.write(engine, insert(0))
    fd = os.open(f"{path}-shm", os.O_RDONLY)  # closed after the engine: see wal_frames
    try:
        most = copied = caught_up = 0
        for n in range(1, 201):
            commits.write(engine, insert(n), one_statement=True)
            frames, backfilled = wal_frames(path, fd)
            most, copied = max(most, frames), max(copied, backfilled)
            if n % 20 == 0:  # a pause between bursts: the thread's turn
                deadline = time.monotonic() + (10.0 if background else 0.2)
                while backfilled < frames and time.monotonic() < deadline:
                    time.sleep(0.005)
                    frames, backfilled = wal_frames(path, fd)
                caught_up += backfilled == frames
                copied = max(copied, backfilled)
        assert stored(app) == list(range(201))
    finally:
        engine.dispose()
        os.close(fd)
    if background:  # copied back after each burst, so the next commit restarted the log
        assert caught_up == 10 and most < 120
    else:  # every commit's pages, still in the log
        assert copied == 0 and caught_up == 0 and most > 200


def postgres_app(url: str) -> Flask:
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "AUTO_MIGRATE": True,
                      "DATABASE_URL": url})
    make_scratch(app)
    return app


@pytest.mark.postgres
def test_postgres_one_statement_write_is_its_own_transaction(postgres_db: str) -> None:
    """One statement runs in autocommit (one round trip, no BEGIN and COMMIT); other writes
    in a transaction; either way a refused one stores nothing."""
    app = postgres_app(postgres_db)
    engine = get_engine(app)
    modes: list[tuple[str, bool]] = []

    @event.listens_for(engine, "before_cursor_execute")
    def _mode(conn: Connection, _cursor: Any, statement: str, *_: Any) -> None:
        modes.append((statement.split()[0], conn.connection.dbapi_connection.autocommit))

    assert commits.write(engine, insert(1), one_statement=True) == 1
    assert commits.write(engine, insert(2)) == 2
    assert modes == [("INSERT", True), ("INSERT", False)]
    with pytest.raises(IntegrityError):
        commits.write(engine, insert(1), one_statement=True)
    assert stored(app) == [1, 2]
    engine.dispose()


@pytest.mark.postgres
def test_postgres_connection_is_pinged_only_after_sitting_idle(
        postgres_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection back in use within ``PING_AFTER`` seconds is not pinged (a round trip per
    request saved); one that sat longer is, and replaced if the server dropped it."""
    app = postgres_app(postgres_db)
    engine = get_engine(app)
    pings: list[bool] = []
    real = engine.dialect.do_ping

    def ping(dbapi_connection: Any) -> bool:
        try:
            ok = real(dbapi_connection)
        except Exception:
            pings.append(False)
            raise
        pings.append(ok)
        return ok

    monkeypatch.setattr(engine.dialect, "do_ping", ping)
    backend = text("SELECT pg_backend_pid()")
    with engine.connect() as conn:
        pid = conn.execute(backend).scalar_one()
    with engine.connect() as conn:
        assert conn.execute(backend).scalar_one() == pid  # the same one, not pinged
    assert pings == []
    with create_engine(postgres_db, isolation_level="AUTOCOMMIT").connect() as admin:
        admin.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid})
    monkeypatch.setattr(db, "PING_AFTER", 0.0)
    time.sleep(0.05)
    with engine.connect() as conn:
        assert conn.execute(backend).scalar_one() != pid  # pinged, found dead, replaced
    assert pings[0] is False and pings[-1] is True
    engine.dispose()
