"""Live updates: the event stream's contract, and a second phone seeing an entry within a
second, from the same process, from another app on one SQLite file (the poll) and from
another app on one PostgreSQL database (LISTEN/NOTIFY)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import BaseWSGIServer, make_server

from webscore import create_app, live
from webscore.db import get_engine, upgrade
from webscore.live import Hub, Mark

from .conftest import new_table_api
from .sse import SSEClient

SECOND = 1.0  # the promise: another phone sees an entry within one second


def post(client: FlaskClient, table: dict[str, Any], text: str, seq: int) -> Any:
    resp = client.post(f"/api/tables/{table['id']}/events", json={"seq": seq, "text": text},
                       headers={"X-Table-Token": table["token"]})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


# -- the contract, through the test client (which is not multithreaded: the poll answer) ------
def test_events_answer_the_head_as_server_sent_events(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    post(client, t, "r4", 0)
    resp = client.get(f"/t/{t['id']}/events?since=0")
    assert resp.status_code == 200
    assert resp.mimetype == "text/event-stream"
    assert resp.headers["Cache-Control"] == "no-store"
    body = resp.get_data(as_text=True)
    assert body.startswith("retry: 500\n\n")
    assert f'event: head\nid: 1\ndata: {{"table":"{t["id"]}","seq":1}}\n\n' in body


def test_events_refuse_bad_input_without_a_500(client: FlaskClient) -> None:
    t = new_table_api(client, chance="table")
    assert client.get("/t/nosuchtable/events").status_code == 404
    assert client.get("/t/" + "x" * 200 + "/events").status_code == 404
    for since in ("-1", "abc", "1e5", "9" * 40, "²"):
        assert client.get(f"/t/{t['id']}/events", query_string={"since": since}
                          ).status_code == 400
    assert client.get(f"/t/{t['id']}/events",
                      headers={"Last-Event-ID": "garbage"}).status_code == 400
    assert client.post(f"/t/{t['id']}/events").status_code == 405


def test_heads_are_read_in_one_query_per_chunk_of_tables(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream's start is one query (the table, its head and its timer's revision), the
    hub's poll one query per ``MARKS_A_STATEMENT`` tables; a table that does not exist reads
    as none (404) or as head 0."""
    from sqlalchemy import text

    from webscore.sqlcount import counting
    from webscore.store import now

    client = app.test_client()
    engine = get_engine(app)
    played, timed = new_table_api(client, chance="table"), new_table_api(client, chance="table")
    post(client, played, "r4", 0)
    post(client, played, "+2", 1)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO table_timers (table_id, rev, state, updated_at) "
                          "VALUES (:t, 3, '{}', :at)"), {"t": timed["id"], "at": now()})
    with counting(engine) as seen:
        body = client.get(f"/t/{played['id']}/events").get_data(as_text=True)
    assert '"seq":2}' in body and seen.queries == 1
    with counting(engine) as seen:
        assert client.get("/t/nosuchtable/events").status_code == 404
    assert seen.queries == 1
    monkeypatch.setattr(live, "MARKS_A_STATEMENT", 2)
    ids = [played["id"], timed["id"], "nosuchtable"]
    with counting(engine) as seen:
        assert live.read_marks(engine, ids) == {
            played["id"]: Mark(2, 0), timed["id"]: Mark(0, 3), "nosuchtable": Mark()}
    assert seen.queries == 2
    assert live.table_mark(engine, timed["id"]) == Mark(0, 3)
    assert live.table_mark(engine, "nosuchtable") is None
    assert live.read_marks(engine, []) == {}


# -- the hub --------------------------------------------------------------------------------
def test_hub_wakes_a_waiter_and_times_out(app: Flask) -> None:
    hub = Hub(get_engine(app))
    hub.watch("T", Mark(3, 0))
    try:
        start = time.monotonic()
        assert hub.wait("T", Mark(3, 0), 0.2) == Mark(3, 0)
        assert time.monotonic() - start >= 0.19
        threading.Timer(0.05, hub.update, ("T",), {"head": 4}).start()
        assert hub.wait("T", Mark(3, 0), 5) == Mark(4, 0)
        hub.update("T", head=2)  # an older head never goes backwards
        hub.update("T", timer=7)
        assert hub.mark("T") == Mark(4, 7)
        hub.update("not-watched", head=9)
        assert hub.mark("not-watched") == Mark()
    finally:
        hub.unwatch("T")
    assert hub.watched() == []


# -- real servers: a threaded server per app, as the development server and gthread are ------
class Served:
    def __init__(self, app: Flask) -> None:
        self.server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
        self.base = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _app(url: str, **extra: Any) -> Flask:
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                      "AUTO_MIGRATE": True, **extra})
    upgrade(get_engine(app))
    return app


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    url: str = request.getfixturevalue("postgres_db")
    return url


@pytest.fixture
def two_apps(shared_url: str) -> Iterator[tuple[Flask, Served]]:
    """Two tracker apps on one database (two engines, two hubs: as two processes would be);
    the second one served over HTTP, the first one written through."""
    writer, watcher = _app(shared_url), _app(shared_url, LIVE_KEEPALIVE=0.5)
    served = Served(watcher)
    try:
        yield writer, served
    finally:
        served.stop()
        get_engine(writer).dispose()
        get_engine(watcher).dispose()


def test_a_second_app_on_one_database_sees_each_entry_within_a_second(
        two_apps: tuple[Flask, Served]) -> None:
    writer, served = two_apps
    client = writer.test_client()
    t = new_table_api(client, chance="table")
    phone = SSEClient(served.base, f"/t/{t['id']}/events?since=0")
    try:
        assert phone.status == 200 and phone.next("head").data == {"table": t["id"], "seq": 0}
        time.sleep(0.3)  # the watcher's hub is up and listening
        lags = []
        for seq, text in enumerate(["r4", "+3", "r2", "pass"]):
            sent = time.monotonic()
            post(client, t, text, seq)
            got = phone.next("head", timeout=5)
            lags.append(got.at - sent)
            assert got.data == {"table": t["id"], "seq": seq + 1} and got.id == str(seq + 1)
        print("lags", [round(x, 3) for x in lags])
        assert max(lags) < SECOND, lags
        assert phone.retry == live.RETRY_MS
    finally:
        phone.close()


def test_the_same_app_wakes_its_streams_at_once(tmp_path: Path) -> None:
    app = _app(f"sqlite:///{tmp_path / 'one.sqlite3'}", LIVE_KEEPALIVE=0.5)
    served = Served(app)
    client = app.test_client()
    t = new_table_api(client, chance="table")
    phones = [SSEClient(served.base, f"/t/{t['id']}/events") for _ in range(3)]
    try:
        for phone in phones:
            phone.next("head")
        sent = time.monotonic()
        post(client, t, "r5", 0)
        lags = [phone.next("head").at - sent for phone in phones]
        assert max(lags) < 0.2, lags  # publish() wakes them; no poll needed
    finally:
        for phone in phones:
            phone.close()
        served.stop()


def test_streams_end_by_themselves_and_when_the_phone_leaves(tmp_path: Path) -> None:
    app = _app(f"sqlite:///{tmp_path / 'one.sqlite3'}", LIVE_STREAM_SECONDS=1.0,
               LIVE_KEEPALIVE=0.2)
    served = Served(app)
    t = new_table_api(app.test_client(), chance="table")
    engine = get_engine(app)
    try:
        phone = SSEClient(served.base, f"/t/{t['id']}/events")
        phone.next("head")
        assert phone.ended(timeout=5), "a stream ends after LIVE_STREAM_SECONDS"
        assert phone.comments >= 2  # keepalives while nothing happened
        leaving = SSEClient(served.base, f"/t/{t['id']}/events")
        leaving.next("head")
        assert live.hub(engine).watched() == [t["id"]]
        leaving.close()
        deadline = time.monotonic() + 3
        while live.hub(engine).watched() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert live.hub(engine).watched() == [], "a phone that left is no longer watched"
    finally:
        served.stop()
