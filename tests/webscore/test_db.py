"""webscore/db.py and the 503 answers of webscore/errors.py: the schema check at start-up, and
a SQLite database locked by another process or on a full disk.

Every fault test follows the same pattern: entries acknowledged before the fault, requests in
the fault answered 503 with ``Retry-After`` and a message (a page keeps what was typed), the
app serving again by itself once the fault is gone, and the table's rows exactly the
acknowledged entries, each once.
"""

from __future__ import annotations

import os
import re
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.cli import cli
from flask.testing import FlaskClient
from sqlalchemy import event, text

from webscore import create_app
from webscore.db import (
    EXIT_SCHEMA,
    POOL_SIZE,
    UPGRADE_COMMAND,
    current_revision,
    get_engine,
    head_revision,
    make_engine,
    revisions,
    upgrade,
)
from webscore.snapshots import clear_cache
from webscore.store import load_rows

from .conftest import csrf, new_table_api


def page_table(client: FlaskClient) -> str:
    """A table made with the page form, so this client's session may write to it."""
    resp = client.post("/new", data={"csrf": csrf(client), "game": "toy-dice",
                                     "player": ["Ana", "Bo"], "chance": "table"})
    assert resp.status_code == 303, resp.data[:300]
    return str(resp.headers["Location"].rsplit("/", 1)[1])


def sqlite_app(path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test",
                       "DATABASE_URL": f"sqlite:///{path}", "DATABASE_BUSY_TIMEOUT": 0.3,
                       **config})


def post_event(client: FlaskClient, tid: str, token: str, seq: int, text: str) -> Any:
    return client.post(f"/api/tables/{tid}/events", json={"seq": seq, "text": text},
                       headers={"X-Table-Token": token})


def stored(app: Flask, tid: str) -> list[str]:
    return [r.text for r in load_rows(get_engine(app), tid)]


def assert_503(resp: Any, rule: str) -> None:
    assert resp.status_code == 503, resp.data[:500]
    assert int(resp.headers["Retry-After"]) >= 1
    body = resp.get_json()
    assert body["error"]["rule"] == rule and body["error"]["message"], body


# --- start-up -------------------------------------------------------------------------------


def test_sqlite_named_by_url_is_migrated_at_start(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path / "new.sqlite3")
    assert current_revision(get_engine(app)) == head_revision()
    assert new_table_api(app.test_client())["seq"] == 0


def test_sqlite_without_auto_migrate_is_refused_in_one_line(tmp_path: Path,
                                                           capsys: Any) -> None:
    with pytest.raises(SystemExit) as info:
        sqlite_app(tmp_path / "new.sqlite3", AUTO_MIGRATE=False)
    assert info.value.code == EXIT_SCHEMA
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"run `{UPGRADE_COMMAND}`" in err
    assert "has no tracker schema" in err


def test_database_behind_is_refused_naming_both_revisions(tmp_path: Path,
                                                          capsys: Any) -> None:
    if len(revisions()) < 2:
        pytest.skip("only one migration: no older schema to start from")
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    upgrade(engine, revisions()[0])
    with pytest.raises(SystemExit):
        sqlite_app(tmp_path / "old.sqlite3", AUTO_MIGRATE=False)
    err = capsys.readouterr().err
    assert f"at schema revision {revisions()[0]}, this webscore needs {head_revision()}" in err
    assert UPGRADE_COMMAND in err
    # The default for SQLite upgrades it instead.
    sqlite_app(tmp_path / "old.sqlite3")
    assert current_revision(engine) == head_revision()


def test_database_newer_than_the_code_is_refused(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "future.sqlite3"
    sqlite_app(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'from_the_future'")
    with pytest.raises(SystemExit):
        sqlite_app(path)  # even with auto-migration: there is nothing to upgrade to
    assert "newer than this webscore" in capsys.readouterr().err


def test_cli_commands_are_not_refused(tmp_path: Path, monkeypatch: Any) -> None:
    """The app created for a CLI command (db-upgrade, backup, restore) must come up on a
    database that serving would refuse: that is how the operator fixes it."""
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.setenv("WEBSCORE_AUTO_MIGRATE", "0")
    result = CliRunner().invoke(cli, ["--app", "webscore", "db-upgrade"])
    assert result.exit_code == 0, result.output
    assert current_revision(make_engine(url)) == head_revision()


def test_unreachable_at_start_is_checked_on_a_later_request(tmp_path: Path) -> None:
    """A database that is not there yet (here: its directory) does not stop the app; the
    pages that need it get 503 until it is, then the schema check runs and serving goes on."""
    path = tmp_path / "later" / "db.sqlite3"
    app = sqlite_app(path)
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    assert client.get("/api/games").status_code == 200  # needs no database
    assert_503(client.post("/api/tables", json={"game": "toy-dice", "players": ["A"]}),
               "db.unavailable")
    path.parent.mkdir()
    app.extensions["webscore_schema"].next_try = 0.0
    assert new_table_api(client)["seq"] == 0
    assert current_revision(get_engine(app)) == head_revision()


def test_postgres_pool_size_is_set_from_the_config_or_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Enough pooled connections for a worker's request threads (a write that finds none
    free opens one and closes it after); the operator can change it."""
    unreachable = "postgresql+psycopg://nobody:x@127.0.0.1:1/none"  # never connected here
    assert make_engine(unreachable).pool.size() == POOL_SIZE >= 8
    monkeypatch.setenv("WEBSCORE_DB_POOL_SIZE", "3")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": unreachable})
    assert get_engine(app).pool.size() == 3
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": unreachable,
                      "DATABASE_POOL_SIZE": 12})
    assert get_engine(app).pool.size() == 12
    with pytest.raises(ValueError, match="at least 1"):
        make_engine(unreachable, pool_size=0)


def test_a_missing_table_is_a_503_naming_the_command_never_a_500(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path / "db.sqlite3")
    client = app.test_client()
    tid = new_table_api(client)["id"]
    with get_engine(app).begin() as conn:
        conn.execute(text("DROP TABLE table_events"))
    clear_cache()
    resp = client.get(f"/api/tables/{tid}")
    assert_503(resp, "db.schema")
    assert UPGRADE_COMMAND in resp.get_json()["error"]["message"]
    page = client.get(f"/t/{tid}")
    assert page.status_code == 503 and UPGRADE_COMMAND in page.data.decode()


@pytest.mark.postgres
def test_postgres_behind_is_refused_and_auto_migrate_is_opt_in(postgres_db: str,
                                                                capsys: Any) -> None:
    with pytest.raises(SystemExit) as info:
        create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": postgres_db})
    assert info.value.code == EXIT_SCHEMA
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and UPGRADE_COMMAND in err and "postgres" in err
    assert ":postgres@" not in err  # the password is not printed
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": postgres_db,
                      "AUTO_MIGRATE": True})
    assert current_revision(get_engine(app)) == head_revision()
    get_engine(app).dispose()


@pytest.mark.postgres
@pytest.mark.slow
def test_postgres_instances_auto_migrating_together_migrate_once(postgres_db: str) -> None:
    """Four processes starting at once with WEBSCORE_AUTO_MIGRATE=1 on an empty PostgreSQL
    database: the advisory lock lets one migrate; all come up."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "DATABASE_URL": postgres_db, "WEBSCORE_AUTO_MIGRATE": "1", "SECRET_KEY": "x"}
    code = ("from webscore import create_app; from webscore.db import get_engine, "
            "current_revision; print(current_revision(get_engine(create_app())))")
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env) for _ in range(4)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outs]
    assert {out.strip() for out, _ in outs} == {head_revision()}


@pytest.mark.postgres
@pytest.mark.slow
def test_gunicorn_on_a_postgres_database_behind_stops_with_one_line(postgres_db: str,
                                                                     tmp_path: Path) -> None:
    gunicorn = Path(sys.executable).parent / "gunicorn"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "DATABASE_URL": postgres_db, "SECRET_KEY": "x"}
    env.pop("WEBSCORE_AUTO_MIGRATE", None)
    proc = subprocess.run([str(gunicorn), "-w", "2", "-b", "127.0.0.1:0",
                           "webscore:create_app()"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    ours = [line for line in proc.stderr.splitlines() if line.startswith("webscore:")]
    assert ours and all(UPGRADE_COMMAND in line for line in ours), proc.stderr


@pytest.mark.postgres
@pytest.mark.slow
def test_flask_run_on_a_postgres_database_behind_stops_with_one_line(postgres_db: str) -> None:
    flask = Path(sys.executable).parent / "flask"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "DATABASE_URL": postgres_db, "SECRET_KEY": "x"}
    env.pop("WEBSCORE_AUTO_MIGRATE", None)
    proc = subprocess.run([str(flask), "--app", "webscore", "run", "--port", "0"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == EXIT_SCHEMA, proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("webscore: the database ")
    assert UPGRADE_COMMAND in proc.stderr and "Traceback" not in proc.stderr


# --- SQLite locked ----------------------------------------------------------------------------

HOLD_LOCK = textwrap.dedent("""
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    if sys.argv[2] == "exclusive":
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("SELECT count(*) FROM game_tables").fetchall()
        conn.execute("INSERT INTO alembic_version SELECT 'x' WHERE 0")
    else:
        conn.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    sys.stdin.read()
    conn.execute("ROLLBACK")
""")


@pytest.fixture
def lock_holder(tmp_path: Path) -> Iterator[Any]:
    """Start another process holding a lock on a SQLite file until released."""
    procs: list[subprocess.Popen[str]] = []

    def hold(path: Path, mode: str) -> subprocess.Popen[str]:
        proc = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path), mode],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        procs.append(proc)
        return proc

    yield hold
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def release(proc: subprocess.Popen[str]) -> None:
    assert proc.stdin is not None
    proc.stdin.close()
    assert proc.wait(10) == 0


def test_sqlite_write_locked_by_another_process(tmp_path: Path, lock_holder: Any) -> None:
    path = tmp_path / "db.sqlite3"
    app = sqlite_app(path)
    client = app.test_client()
    table = new_table_api(client)
    tid, token = table["id"], table["token"]
    assert post_event(client, tid, token, 0, "r3").status_code == 201  # acknowledged
    ptid = page_table(client)

    holder = lock_holder(path, "immediate")
    assert_503(post_event(client, tid, token, 1, "+3"), "db.busy")
    assert_503(client.post("/api/tables", json={"game": "toy-dice", "players": ["A"]}),
               "db.busy")
    assert client.get(f"/api/tables/{tid}").status_code == 200  # WAL: reading goes on
    # The page form: 503 in words, with the typed entry kept and a form to send it again.
    # The table page (still readable: WAL) comes back with the message in its refusal box
    # and the typed entry in its box, ready to log again; for the page's script, as JSON.
    form = {"csrf": csrf(client), "seq": "0", "text": "r5"}
    page = client.post(f"/t/{ptid}/move", data=form)
    assert page.status_code == 503 and page.headers["Retry-After"]
    html = page.data.decode()
    assert 'id="refusal"' in html and "db.busy" in html and "locked by a backup" in html
    assert re.search(r'<input id="text" name="text" value="r5"', html)
    part = client.post(f"/t/{ptid}/move", data=form, headers={"X-Requested-With": "fetch"})
    assert part.status_code == 503 and part.headers["Retry-After"]
    assert part.get_json()["seq"] == 0 and 'value="r5"' in part.get_json()["html"]

    release(holder)
    assert post_event(client, tid, token, 1, "+3").status_code == 201
    assert stored(app, tid) == ["r3", "+3"]
    assert client.post(f"/t/{ptid}/move", data=form).status_code == 303  # logged again
    assert stored(app, ptid) == ["r5"]


def test_sqlite_locked_for_readers_too(tmp_path: Path, lock_holder: Any) -> None:
    """An exclusive lock (locking_mode=EXCLUSIVE) keeps out even readers: pages get a 503
    page that says it in words and tries again by itself."""
    path = tmp_path / "db.sqlite3"
    app = sqlite_app(path)
    client = app.test_client()
    tid = page_table(client)
    form = {"csrf": csrf(client), "seq": "0", "text": "r5"}
    clear_cache()
    get_engine(app).dispose()  # an exclusive lock needs no other connection open
    holder = lock_holder(path, "exclusive")
    page = client.get(f"/t/{tid}")
    assert page.status_code == 503 and page.headers["Retry-After"]
    html = page.data.decode()
    assert "busy" in html and 'http-equiv="refresh"' in html
    assert_503(client.get(f"/api/tables/{tid}"), "db.busy")
    # The table cannot be drawn: the entry comes back on a page of its own, to send again.
    posted = client.post(f"/t/{tid}/move", data=form)
    assert posted.status_code == 503
    html = posted.data.decode()
    assert 'id="again"' in html and 'name="text" value="r5"' in html
    assert 'name="seq" value="0"' in html and "Back to the table" in html
    release(holder)
    assert client.get(f"/t/{tid}").status_code == 200
    kept = dict(re.findall(r'name="(csrf|seq|text)" value="([^"]*)"', html))
    assert client.post(f"/t/{tid}/move", data=kept).status_code == 303  # "Try again"
    assert stored(app, tid) == ["r5"]


def test_retrying_a_write_that_was_stored_does_not_store_it_twice(tmp_path: Path) -> None:
    """The page's "Try again" re-posts the same seq: if the first attempt was stored after
    all, the second is recognised (409 -> the table page), never a second row."""
    app = sqlite_app(tmp_path / "db.sqlite3")
    client = app.test_client()
    tid = page_table(client)
    form = {"csrf": csrf(client), "seq": "0", "text": "r4"}
    assert client.post(f"/t/{tid}/move", data=form).status_code == 303
    assert client.post(f"/t/{tid}/move", data=form).status_code == 303  # the retry
    assert stored(app, tid) == ["r4"]


# --- SQLite full ------------------------------------------------------------------------------


def fill_up(app: Flask) -> Any:
    """Cap every connection at the pages the file has now: the next page it needs fails
    with SQLITE_FULL, "database or disk is full" (the same error a full disk gives)."""
    engine = get_engine(app)
    with engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar_one()

    def cap(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    event.listen(engine, "connect", cap)
    engine.dispose()
    return cap


def test_sqlite_disk_full(tmp_path: Path) -> None:
    app = sqlite_app(tmp_path / "db.sqlite3")
    client = app.test_client()
    table = new_table_api(client)
    tid, token = table["id"], table["token"]
    assert post_event(client, tid, token, 0, "r3").status_code == 201
    cap = fill_up(app)
    answers = []
    for i in range(40):  # small writes until a page runs out
        answers.append(client.post("/api/tables", json={
            "game": "toy-dice", "players": [f"A{i}" * 10, f"B{i}" * 10],
            "location": "x" * 200}).status_code)
    assert 503 in answers and set(answers) <= {201, 503}, answers
    big = ["A" * 40, "B" * 40]  # at least as big as the row that did not fit
    full = client.post("/api/tables", json={"game": "toy-dice", "players": big,
                                            "location": "y" * 200})
    assert_503(full, "db.full")
    page = client.post("/new", data={"csrf": csrf(client), "game": "toy-dice",
                                     "player": big, "chance": "table", "location": "y" * 200})
    assert page.status_code == 503 and "disk is full" in page.data.decode()
    assert stored(app, tid) == ["r3"]
    event.remove(get_engine(app), "connect", cap)
    get_engine(app).dispose()  # space freed: new connections have no cap
    assert post_event(client, tid, token, 1, "+3").status_code == 201
    assert stored(app, tid) == ["r3", "+3"]


@pytest.mark.slow
def test_sqlite_on_a_real_full_filesystem(tmp_path: Path) -> None:
    """The same on a 2 MB tmpfs filled by another file (needs root to mount)."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    if os.geteuid() != 0 or subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)],
            capture_output=True).returncode != 0:
        pytest.skip("cannot mount a size-limited tmpfs here (needs root)")
    try:
        app = sqlite_app(mnt / "db.sqlite3")
        client = app.test_client()
        table = new_table_api(client)
        tid, token = table["id"], table["token"]
        assert post_event(client, tid, token, 0, "r3").status_code == 201
        filler = mnt / "filler"
        with filler.open("wb") as fh:
            try:
                while True:
                    fh.write(b"\0" * 65536)
                    fh.flush()
            except OSError:
                pass
        seq, answers = 1, []
        for i in range(200):
            resp = post_event(client, tid, token, seq, "+1" if i % 2 == 0 else "r1")
            answers.append(resp.status_code)
            if resp.status_code == 201:
                seq += 1
            else:
                assert_503(resp, "db.full")
                break
        assert answers[-1] == 503, answers
        acked = stored(app, tid)
        filler.unlink()
        get_engine(app).dispose()
        text_ = "+1" if len(acked) % 2 == 1 else "r1"
        assert post_event(client, tid, token, seq, text_).status_code == 201
        assert stored(app, tid) == [*acked, text_]
        get_engine(app).dispose()
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_page_keeps_every_field_of_the_new_table_form(tmp_path: Path,
                                                      lock_holder: Any) -> None:
    path = tmp_path / "db.sqlite3"
    app = sqlite_app(path)
    client = app.test_client()
    token = csrf(client)
    holder = lock_holder(path, "immediate")
    page = client.post("/new", data={"csrf": token, "game": "toy-dice",
                                     "player": ["Zoë", "Bo"], "chance": "table",
                                     "location": "Club night"})
    assert page.status_code == 503
    html = page.data.decode()
    for field in ('name="player" value="Zoë"', 'name="player" value="Bo"',
                  'name="location" value="Club night"', 'name="game" value="toy-dice"'):
        assert field in html
    action = re.search(r'<form method="post" action="([^"]+)"', html)
    assert action and action.group(1) == "/new"
    release(holder)
    again = dict(re.findall(r'name="(csrf|game|chance|location)" value="([^"]*)"', html))
    again["player"] = re.findall(r'name="player" value="([^"]*)"', html)  # type: ignore
    assert client.post("/new", data=again).status_code == 303
