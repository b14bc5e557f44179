"""PostgreSQL's entries on the driver's connection (webscore.driver): one statement
counted as SQLAlchemy counts its own, a taken sequence refused (409), the pooled connection
handed back ready for transactions, a connection the server dropped replaced, and lone
statements' connections parked between them."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine, event, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from webscore import create_app, driver
from webscore.db import get_engine
from webscore.sqlcount import counting
from webscore.store import Conflict, NewRow, append, create_table, load_rows

pytestmark = pytest.mark.postgres


def engine_and_table(url: str, pool: int = 1) -> tuple[Engine, str]:
    """The app's engine with a pool of one connection (so each test meets the one the entry
    used; none is parked), and a table."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                      "AUTO_MIGRATE": True, "DATABASE_POOL_SIZE": pool})
    engine = get_engine(app)
    record, _ = create_table(engine, game="toy-dice", seed=None, players=["Ana", "Bo"],
                             options={}, setup={"target": 10, "chance": "table"},
                             auto_deal=False, location="")
    return engine, record.id


def test_an_entry_is_one_statement_and_one_commit_on_the_driver(
        postgres_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine, tid = engine_and_table(postgres_db)
    sent: list[str] = []
    original = driver.run

    def spy(engine_: Engine, sql: str, params: Any, *rest: Any) -> int:
        sent.append(sql)
        return original(engine_, sql, params, *rest)

    monkeypatch.setattr(driver, "run", spy)
    with counting(engine) as seen:
        append(engine, tid, 0, [NewRow("move", "typed", "r1")])
    assert len(sent) == 1 and sent[0].startswith("INSERT")
    assert seen.sql == [" ".join(sent[0].split())[:120]]
    assert seen.commits == 1 and seen.checkouts == 1
    with pytest.raises(Conflict):  # the taken sequence: refused, nothing stored
        append(engine, tid, 0, [NewRow("move", "typed", "r2")])
    assert [(r.seq, r.text) for r in load_rows(engine, tid)] == [(1, "r1")]
    engine.dispose()


def test_the_pooled_connection_goes_back_ready_for_transactions(postgres_db: str) -> None:
    """After an autocommit entry (stored or refused) the pool's next user gets the usual
    transactions: a failing second statement undoes the first."""
    engine, tid = engine_and_table(postgres_db)
    append(engine, tid, 0, [NewRow("move", "typed", "r1")])
    with pytest.raises(Conflict):
        append(engine, tid, 0, [NewRow("move", "typed", "r2")])
    with pytest.raises(IntegrityError), engine.begin() as conn:
        conn.execute(text("UPDATE game_tables SET location = 'moved' WHERE id = :t"), {"t": tid})
        conn.execute(text("INSERT INTO table_events (table_id, seq, kind, source, text, "
                          "created_at) SELECT table_id, seq, kind, source, text, created_at "
                          "FROM table_events WHERE table_id = :t"), {"t": tid})
    with engine.connect() as conn:
        assert conn.scalar(text("SELECT location FROM game_tables WHERE id = :t"),
                           {"t": tid}) == ""
    engine.dispose()


@pytest.mark.parametrize("pool", [1, 10])
def test_a_connection_the_server_dropped_is_replaced(postgres_db: str, pool: int) -> None:
    """The server ends the pooled (or parked) connection's backend: that entry fails as a
    database fault (503, not 409), the connection is not handed out again, the next entry
    works."""
    engine, tid = engine_and_table(postgres_db, pool)
    append(engine, tid, 0, [NewRow("move", "typed", "r1")])
    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(url, autocommit=True) as admin:
        ended = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = "
            "current_database() AND pid <> pg_backend_pid() AND application_name <> "
            "'webscore-notify'").fetchone()
    assert ended is not None and ended[0] >= 1
    failed = 0
    for _ in (1, 2, 3):  # each pooled connection of the dead ones fails once at most
        try:
            append(engine, tid, 1, [NewRow("move", "typed", "r2")])
            break
        except Conflict:
            raise
        except DBAPIError as exc:
            assert not isinstance(exc, IntegrityError)
            failed += 1
    else:
        pytest.fail("no entry stored after 3 tries")
    assert failed <= ended[0]
    assert [r.seq for r in load_rows(engine, tid)] == [1, 2]
    engine.dispose()


def test_an_entry_with_a_checkpoint_is_one_transaction_on_the_driver(postgres_db: str) -> None:
    """The checkpoint (one entry in ``checkpoints.EVERY``) goes after the rows in the same
    transaction on the driver's connection: two statements and one commit; a refused entry
    stores neither, and the pooled connection goes back with no transaction open."""
    from sqlalchemy import event

    from webscore.store import Checkpoint, checkpoint_seqs, load_checkpoint

    engine, tid = engine_and_table(postgres_db)
    through: list[Any] = []  # the SQLAlchemy Connection of each statement (None: the driver)
    event.listen(engine, "before_cursor_execute", lambda conn, *_: through.append(conn))
    with counting(engine) as seen:
        append(engine, tid, 0, [NewRow("move", "typed", "r1")], Checkpoint(1, "code", b"s1"))
    assert through == [None, None]
    assert [s.split()[:3] for s in seen.sql] == [["INSERT", "INTO", "table_events"],
                                                 ["INSERT", "INTO", "table_checkpoints"]]
    assert seen.commits == 1 and seen.checkouts == 1
    assert load_checkpoint(engine, tid, 1, "code") == b"s1"
    with pytest.raises(Conflict):  # seq 1 is taken: its checkpoint is not stored either
        append(engine, tid, 0, [NewRow("move", "typed", "r2")], Checkpoint(1, "other", b"x"))
    with pytest.raises(Conflict):  # no seq 4 to follow: likewise
        append(engine, tid, 4, [NewRow("move", "typed", "r2")], Checkpoint(5, "code", b"x"))
    assert checkpoint_seqs(engine, tid, "other") == set()
    assert checkpoint_seqs(engine, tid, "code") == {1}
    with engine.connect() as conn:  # the one pooled connection: no transaction left open
        assert conn.connection.dbapi_connection.info.transaction_status.name == "IDLE"
    engine.dispose()


def test_lone_statements_park_their_connection(postgres_db: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry or a read on its own takes a parked connection (no pool checkout), parks it
    again after (a refused entry too); SQLAlchemy's own users still get connections in
    transaction mode; one parked too long goes back to the pool (autocommit off), and the
    engine's disposal closes the parked ones."""
    engine, tid = engine_and_table(postgres_db, pool=10)
    autocommit_at_checkin: list[bool] = []
    event.listen(engine.pool, "checkin",
                 lambda dbapi, _record: autocommit_at_checkin.append(
                     dbapi is not None and dbapi.autocommit))
    append(engine, tid, 0, [NewRow("move", "typed", "r1")])  # takes one from the pool
    with counting(engine) as seen:
        append(engine, tid, 1, [NewRow("move", "typed", "r2")])
        with pytest.raises(Conflict):
            append(engine, tid, 1, [NewRow("move", "typed", "r2 again")])
        assert [r.seq for r in load_rows(engine, tid)] == [1, 2]
        append(engine, tid, 2, [NewRow("move", "typed", "r3")])
    assert seen.checkouts == 0 and seen.commits == 2 and len(seen.sql) == 4
    parked = driver._parked(engine)
    assert len(parked.items) == 1 and parked.keep == 8
    kept = parked.items[0][0].driver_connection
    assert kept.autocommit and kept.info.transaction_status.name == "IDLE"
    with pytest.raises(IntegrityError), engine.begin() as conn:  # a transaction, elsewhere
        conn.execute(text("UPDATE game_tables SET location = 'moved' WHERE id = :t"), {"t": tid})
        conn.execute(text("INSERT INTO table_events (table_id, seq, kind, source, text, "
                          "created_at) SELECT table_id, seq, kind, source, text, created_at "
                          "FROM table_events WHERE table_id = :t"), {"t": tid})
    assert load_table_location(engine, tid) == ""
    monkeypatch.setattr(driver, "PARK_IDLE", 0.0)  # parked too long: back to the pool
    with counting(engine) as seen:
        assert len(load_rows(engine, tid)) == 3
    assert seen.checkouts == 1 and len(parked.items) == 1 and parked.items[0][0] is not None
    assert autocommit_at_checkin and not any(autocommit_at_checkin)
    kept = parked.items[0][0].driver_connection
    engine.dispose()
    assert kept.closed and not parked.items


def test_a_small_pool_parks_nothing(postgres_db: str) -> None:
    """A pool of two keeps both for SQLAlchemy's own users: every lone statement checks
    one out and gives it back."""
    engine, tid = engine_and_table(postgres_db, pool=2)
    with counting(engine) as seen:
        for seq in range(3):
            append(engine, tid, seq, [NewRow("move", "typed", f"r{seq}")])
    assert seen.checkouts == 3 and not driver._parked(engine).items
    engine.dispose()


def load_table_location(engine: Engine, tid: str) -> str:
    with engine.connect() as conn:
        return str(conn.scalar(text("SELECT location FROM game_tables WHERE id = :t"),
                               {"t": tid}))
