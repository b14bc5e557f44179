"""PostgreSQL's live-update notices (webscore.notices): sent after the commits, from one
thread per process, on one connection kept between quiet writes."""

from __future__ import annotations

import time

import pytest
from sqlalchemy.exc import IntegrityError

from tests.webscore.test_commits import insert, postgres_app
from webscore import commits, notices
from webscore.db import get_engine


@pytest.mark.postgres
def test_postgres_notices_go_out_after_the_commits_from_their_own_thread(
        postgres_db: str) -> None:
    """Every committed write's notice reaches a listener; a refused write sends none."""
    import psycopg

    app = postgres_app(postgres_db)
    engine = get_engine(app)
    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url, autocommit=True) as listener:
        listener.execute(f"LISTEN {notices.CHANNEL}")
        for n in range(1, 21):
            commits.write(engine, insert(n), notice=f"h t {n}", one_statement=True)
        with pytest.raises(IntegrityError):
            commits.write(engine, insert(1), notice="h t refused", one_statement=True)
        heard: list[str] = []
        deadline = time.monotonic() + 10
        while len(heard) < 20 and time.monotonic() < deadline:
            heard += [note.payload for note in listener.notifies(timeout=0.5)]
    assert sorted(heard, key=lambda p: int(p.split()[-1])) == [f"h t {n}" for n in range(1, 21)]
    engine.dispose()


def test_postgres_notices_keep_their_connection_between_quiet_writes(
        postgres_db: str) -> None:
    """Writes a second apart (a quiet table) send their notices on one connection: the
    notice thread does not close it after half a second and open a new one (a server
    process forked and a password checked per notice)."""
    import psycopg

    app = postgres_app(postgres_db)
    engine = get_engine(app)
    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = engine.url.database

    def notifier_backends() -> list[int]:
        deadline = time.monotonic() + 5
        with psycopg.connect(url, autocommit=True) as admin:
            while True:
                pids = [r[0] for r in admin.execute(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = "
                    "'webscore-notify' AND datname = %s", (name,))]
                if pids or time.monotonic() > deadline:
                    return pids
                time.sleep(0.05)

    seen = []
    for n in range(1, 4):
        commits.write(engine, insert(n), notice=f"h t {n}", one_statement=True)
        seen.append(notifier_backends())
        time.sleep(1.0)
    assert len(seen[0]) == 1, seen
    assert seen == [seen[0]] * 3, seen
    engine.dispose()  # and the app's engine disposed closes it (no backend left behind)
    deadline = time.monotonic() + 5
    with psycopg.connect(url, autocommit=True) as admin:
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name"
                            " = 'webscore-notify' AND datname = %s", (name,)).fetchone() != (0,):
            assert time.monotonic() < deadline, "the notice connection outlived dispose()"
            time.sleep(0.05)
