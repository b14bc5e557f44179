"""Live tables: ``GET /t/<id>/events`` streams a table's changes as Server-Sent Events.

The contract the page's script relies on (``EventSource("/t/ID/events?since=SEQ")``)::

    event: head                       once on connect, then whenever an entry or undo is stored
    id: <seq>
    data: {"table": "<id>", "seq": <n>}

    event: timer                      on connect when the table has a build timer, then on
    data: {"table": ..., "rev": r, "now": <server epoch s>, "timer": {...}}   every change

The page fetches the fresh state when ``seq`` differs from the one it shows.  A stream ends by
itself after ``LIVE_STREAM_SECONDS`` (the browser reconnects after ``retry`` ms and gets the
head again, so nothing is missed); comments every ``LIVE_KEEPALIVE`` s notice a phone that
left.  A server that cannot hold a request open cheaply (gunicorn's sync workers, any server
that is not multithreaded) answers the head and ends at once: the browser's reconnects then
poll every half second.

How a process learns of a change another process or machine made: one ``Hub`` per process
and database, with one thread for all the tables its streams watch.  On PostgreSQL it
LISTENs on one connection to the NOTIFY the write path sends after each commit
(``webscore.commits``; a timer's comes from a trigger, migration ``i14b_live``); on SQLite
(one machine) it asks for the heads of the watched tables in one query every ``LIVE_POLL``
s (``read_marks``, on the database driver's own connection).  Writes in this process call
``publish`` and wake their streams at once.
"""

from __future__ import annotations

import functools
import json
import logging
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, request
from sqlalchemy import Engine, text

from webscore import driver
from webscore.db import get_engine
from webscore.notices import CHANNEL

bp = Blueprint("live", __name__)
log = logging.getLogger(__name__)

STREAM_SECONDS = 120.0
KEEPALIVE = 10.0
POLL = 0.25
IDLE_STOP = 30.0  # a hub thread with nothing to watch for this long ends
RETRY_MS = 1000
POLL_RETRY_MS = 500


@dataclass(frozen=True)
class Mark:
    """What a stream has told its phone: the table's head and its timer's revision."""

    head: int = 0
    timer: int = 0


class Hub:
    """This process's view of the watched tables' heads, kept fresh by one thread."""

    def __init__(self, engine: Engine, poll: float = POLL) -> None:
        self.engine = engine
        self.poll = poll
        self.postgres = engine.dialect.name == "postgresql"
        self._cond = threading.Condition()
        self._marks: dict[str, Mark] = {}
        self._watchers: Counter[str] = Counter()
        self._thread: threading.Thread | None = None
        self._idle_since = time.monotonic()

    # -- what streams and writers call -----------------------------------------------------
    def watch(self, table_id: str, mark: Mark) -> None:
        with self._cond:
            self._watchers[table_id] += 1
            known = self._marks.get(table_id)
            self._marks[table_id] = mark if known is None else _newer(known, mark)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="webscore-live",
                                                daemon=True)
                self._thread.start()

    def unwatch(self, table_id: str) -> None:
        with self._cond:
            self._watchers[table_id] -= 1
            if self._watchers[table_id] <= 0:
                del self._watchers[table_id]
                self._marks.pop(table_id, None)
            if not self._watchers:
                self._idle_since = time.monotonic()

    def mark(self, table_id: str) -> Mark:
        with self._cond:
            return self._marks.get(table_id, Mark())

    def wait(self, table_id: str, seen: Mark, timeout: float) -> Mark:
        """Block until the table's mark differs from ``seen`` or ``timeout`` passes."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                current = self._marks.get(table_id, Mark())
                left = deadline - time.monotonic()
                if current != seen or left <= 0:
                    return current
                self._cond.wait(left)

    def update(self, table_id: str, head: int | None = None, timer: int | None = None) -> None:
        """A change learned of (a write here, a NOTIFY, a poll): wake the table's streams."""
        with self._cond:
            if table_id not in self._watchers:
                return
            old = self._marks.get(table_id, Mark())
            new = Mark(old.head if head is None else max(old.head, head),
                       old.timer if timer is None else max(old.timer, timer))
            if new != old:
                self._marks[table_id] = new
                self._cond.notify_all()

    def watched(self) -> list[str]:
        with self._cond:
            return list(self._watchers)

    # -- the thread --------------------------------------------------------------------------
    def _idle(self) -> bool:
        with self._cond:
            return not self._watchers and time.monotonic() - self._idle_since > IDLE_STOP

    def _run(self) -> None:
        backoff = 0.5
        while not self._idle():
            try:
                if self.postgres:
                    self._listen()
                else:
                    self._poll_once()
                    time.sleep(self.poll)
                backoff = 0.5
            except Exception as exc:  # the database went away: retry, never crash
                if backoff == 0.5:  # once per outage, not once per retry
                    log.warning("live updates: database unavailable (%s); retrying", exc)
                time.sleep(backoff)
                backoff = min(backoff * 2, 10.0)

    def _poll_once(self) -> None:
        tables = self.watched()
        if not tables:
            return
        for table_id, mark in read_marks(self.engine, tables).items():
            self.update(table_id, mark.head, mark.timer)

    def _listen(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql")
        with psycopg.connect(url.render_as_string(hide_password=False),
                             autocommit=True, connect_timeout=10) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            self._poll_once()  # whatever changed while we were not listening
            last_poll = time.monotonic()
            while not self._idle():
                for note in conn.notifies(timeout=1.0):
                    self._notified(note.payload)
                if time.monotonic() - last_poll > 30:
                    # Belt and braces: a NOTIFY is lost only with its connection, which
                    # we would notice; a slow poll costs one query per half minute.
                    self._poll_once()
                    last_poll = time.monotonic()

    def _notified(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        table_id, _, number = rest.partition(" ")
        if not number.isdigit():
            return
        if kind == "h":
            self.update(table_id, head=int(number))
        elif kind == "t":
            self.update(table_id, timer=int(number))


def _newer(a: Mark, b: Mark) -> Mark:
    return Mark(max(a.head, b.head), max(a.timer, b.timer))


MARKS_A_STATEMENT = 256
"""Tables one query of ``read_marks`` asks about at most (the hub's poll asks about every
table its process's streams watch)."""


@functools.cache
def _marks_query(n: int) -> Any:
    """The existing tables among ``n`` ids, each with its head and its timer's revision: one
    statement, indexed (each subquery reads one end of a primary key)."""
    ids = ", ".join(f":id_{i}" for i in range(n))
    return text("SELECT g.id, (SELECT MAX(e.seq) FROM table_events e WHERE e.table_id = g.id),"
                " (SELECT r.rev FROM table_timers r WHERE r.table_id = g.id)"
                f" FROM game_tables g WHERE g.id IN ({ids})")


def _read_marks(engine: Engine, tables: list[str]) -> dict[str, Mark]:
    """The marks of the tables that exist, on the database driver's own connection
    (``webscore.driver``): one statement per ``MARKS_A_STATEMENT`` tables, its number of ids
    rounded up to a power of two (the last one repeated), so that a few statements are
    compiled and prepared once, not one per number of tables watched."""
    found: dict[str, Mark] = {}
    for at in range(0, len(tables), MARKS_A_STATEMENT):
        chunk = tables[at:at + MARKS_A_STATEMENT]
        n = 1 << (len(chunk) - 1).bit_length()
        chunk += chunk[-1:] * (n - len(chunk))
        rendered = driver.render(engine, _marks_query(n))
        for table_id, head, timer in driver.fetch(
                engine, rendered.sql, rendered.params({f"id_{i}": t for i, t in enumerate(chunk)})):
            found[table_id] = Mark(int(head or 0), int(timer or 0))
    return found


def read_marks(engine: Engine, tables: list[str]) -> dict[str, Mark]:
    """The heads and timer revisions of several tables (0 for a table that does not exist):
    one indexed query (per ``MARKS_A_STATEMENT`` tables)."""
    found = _read_marks(engine, tables) if tables else {}
    return {t: found.get(t, Mark()) for t in tables}


def table_mark(engine: Engine, table_id: str) -> Mark | None:
    """A table's head and timer revision, or None if there is no such table: one query."""
    return _read_marks(engine, [table_id]).get(table_id)


_HUBS: dict[int, Hub] = {}
_HUBS_LOCK = threading.Lock()


def hub(engine: Engine) -> Hub:
    """The process's hub for this database (created on first use, after any fork)."""
    with _HUBS_LOCK:
        found = _HUBS.get(id(engine))
        if found is None or found.engine is not engine:
            found = _HUBS[id(engine)] = Hub(engine)
        return found


def publish(engine: Engine, table_id: str, head: int | None = None,
            timer: int | None = None) -> None:
    """Called by the write path after a commit: wake this process's streams of the table.
    (Other processes hear of it from NOTIFY or their poll.)"""
    with _HUBS_LOCK:
        found = _HUBS.get(id(engine))
    if found is not None and found.engine is engine:
        found.update(table_id, head, timer)


# -- the stream --------------------------------------------------------------------------------
def _event(name: str, data: dict[str, Any], ident: int | None = None) -> str:
    head = f"event: {name}\n" + (f"id: {ident}\n" if ident is not None else "")
    return head + f"data: {json.dumps(data, separators=(',', ':'))}\n\n"


def _timer_event(engine: Engine, table_id: str) -> str | None:
    from webscore.timers import timer_view

    view = timer_view(engine, table_id)
    return None if view is None else _event("timer", view)


def stream(engine: Engine, table_id: str, first: Mark, seconds: float,
           keepalive: float) -> Iterator[str]:
    """The event stream of one phone; ends after ``seconds`` or when the phone is gone."""
    live = hub(engine)
    live.watch(table_id, first)
    try:
        # Read again now that we are watching: a change between the first read and the
        # watch reached no one.
        fresh = read_marks(engine, [table_id])[table_id]
        first = _newer(first, fresh)
        live.update(table_id, first.head, first.timer)
        yield f"retry: {RETRY_MS}\n\n"
        yield _event("head", {"table": table_id, "seq": first.head}, first.head)
        if first.timer:
            yield _timer_event(engine, table_id) or ""
        seen = first
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            now = live.wait(table_id, seen, min(left, keepalive))
            if now == seen:
                yield ": keepalive\n\n"  # a write to a phone that left ends the stream
                continue
            if now.head != seen.head:
                yield _event("head", {"table": table_id, "seq": now.head}, now.head)
            if now.timer != seen.timer:
                yield _timer_event(engine, table_id) or ""
            seen = now
    finally:
        live.unwatch(table_id)


def _since() -> int | None:
    raw = request.args.get("since") or request.headers.get("Last-Event-ID") or ""
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
        abort(400, description="since is the sequence number the page shows (a whole number)")
    return int(raw)


def _can_hold() -> bool:
    mode = current_app.config.get("LIVE_MODE", "auto")
    if mode in ("stream", "poll"):
        return bool(mode == "stream")
    return bool(request.environ.get("wsgi.multithread"))


@bp.get("/t/<table_id>/events")
def events(table_id: str) -> Response:
    _since()  # validated; every stream starts with the head anyway
    if len(table_id) > 32:
        abort(404, description="no table with that id")
    engine = get_engine()
    first = table_mark(engine, table_id)
    if first is None:
        abort(404, description="no table with that id")
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if not _can_hold():
        body = f"retry: {POLL_RETRY_MS}\n\n" + _event(
            "head", {"table": table_id, "seq": first.head}, first.head)
        if first.timer:
            body += _timer_event(engine, table_id) or ""
        return Response(body, mimetype="text/event-stream", headers=headers)
    seconds = float(current_app.config.get("LIVE_STREAM_SECONDS", STREAM_SECONDS))
    keepalive = float(current_app.config.get("LIVE_KEEPALIVE", KEEPALIVE))
    return Response(stream(engine, table_id, first, seconds, keepalive),
                    mimetype="text/event-stream", headers=headers)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
