"""PostgreSQL's entries on the driver's connection (webscore.driver): one statement
counted as SQLAlchemy counts its own, a taken sequence refused (409), the pooled connection
handed back ready for transactions, and a connection the server dropped replaced."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from webscore import create_app, driver
from webscore.db import get_engine
from webscore.sqlcount import counting
from webscore.store import Conflict, NewRow, append, create_table, load_rows

pytestmark = pytest.mark.postgres


def engine_and_table(url: str) -> tuple[Engine, str]:
    """The app's engine with a pool of one connection (so each test meets the one the entry
    used), and a table."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                      "AUTO_MIGRATE": True, "DATABASE_POOL_SIZE": 1})
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


def test_a_connection_the_server_dropped_is_replaced(postgres_db: str) -> None:
    """The server ends the pooled connection's backend: that entry fails as a database
    fault (503, not 409), the connection is not handed out again, the next entry works."""
    engine, tid = engine_and_table(postgres_db)
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
