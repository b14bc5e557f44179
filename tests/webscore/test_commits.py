"""Group commit on SQLite: writes waiting at once share one COMMIT, each keeps its own
outcome, and the writer lock file keeps other processes out until it is released."""

from __future__ import annotations

import fcntl
import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import Connection, text
from sqlalchemy.exc import IntegrityError, OperationalError

from webscore import commits, create_app
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
    """The first writer's commit is held open until ten others queued: they all go in the
    next commit, each in its own SAVEPOINT; the one that conflicts rolls back alone."""
    app = sqlite_app(tmp_path / "db.sqlite3")
    make_scratch(app)
    engine = get_engine(app)
    group = commits._group(engine)
    release = threading.Event()
    outcomes: dict[int, Any] = {}

    def first(conn: Connection) -> int:
        conn.execute(text("INSERT INTO scratch (n) VALUES (0)"))
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
        while not group.leading:
            time.sleep(0.001)
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
    assert seen.commits == 2  # 11 writes, two commits
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
    """FULL by default (every commit flushed before it is acknowledged); NORMAL when the
    operator chooses it (docs/tracker.md, Durability); anything else is refused."""
    def sync(app: Flask) -> int:
        with get_engine(app).connect() as conn:
            return int(conn.exec_driver_sql("PRAGMA synchronous").scalar_one())

    assert sync(sqlite_app(tmp_path / "a.sqlite3")) == 2  # FULL
    monkeypatch.setenv("WEBSCORE_SQLITE_SYNC", "normal")
    assert sync(sqlite_app(tmp_path / "b.sqlite3")) == 1  # NORMAL
    with pytest.raises(ValueError, match="FULL, NORMAL"):
        sqlite_app(tmp_path / "c.sqlite3", SQLITE_SYNC="OFF")
