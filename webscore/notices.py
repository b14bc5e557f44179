"""PostgreSQL's live-update notices: one thread per process and database sends them batched.

A write's notice tells the other app instances' listeners (``webscore.live``) that a table
changed.  ``webscore.commits`` hands it over after the write's commit; why it is a thread
and a batch, not a NOTIFY in each write's transaction, is told on ``Notifier``.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Engine

CHANNEL = "webscore_live"  # the channel webscore.live listens on
_LOCK = threading.Lock()


class Notifier:
    """One process's live-update notices to one PostgreSQL database, sent by one thread on
    its own connection: all the notices waiting go in one statement, in a transaction that
    does not wait for the disk (``synchronous_commit=off``: a notice is not data).

    PostgreSQL holds a database-wide lock from a NOTIFYing transaction's commit to its end,
    so a notice per write, each its own transaction with its own flush, capped one instance
    near 200 writes a second; and a notice per write, even after its commit, is a round trip
    per write (16 threads writing to PostgreSQL on this machine: 1,000-2,000 writes a second
    with a notice each, 1,700-2,900 with the notices sent by this thread, 4-21 a statement).
    The thread ends after ``IDLE`` seconds without a notice (closing its connection) and is
    started again by the next one.  That is long enough for a quiet evening: a table logs
    an entry every few seconds to minutes, and with half a second nearly every notice
    opened a new connection (a server process forked, the password checked: milliseconds
    of CPU on both sides, more than the write itself).  The connection is named
    ``webscore-notify`` in ``pg_stat_activity``."""

    IDLE = 30.0
    GATHER = 0.05
    """Seconds the thread rests after sending a batch, while the notices of the writes
    committing meanwhile gather for the next one.  A batch costs the process a thread
    wake-up and a round trip (0.3 ms of CPU or so) whatever its size; a notice that finds
    the thread resting waits at most this long, one that finds it idle goes at once.  At
    100 notices a second in one process: 0.15-0.16 ms of CPU a notice, against 0.25-0.30
    when the thread woke for a first notice and then gathered others for 20 ms (two
    wake-ups a batch, and the first notice always 20 ms late); at 20 a second 0.53-0.57
    against 0.60 (in process, side by side).  SQLite's streams poll every 250 ms
    (``webscore.live``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.cond = threading.Condition()
        self.pending: list[str] = []
        self.running = False
        self.stopping = False
        self.pid = 0

    def send(self, payload: str) -> None:
        with self.cond:
            self.stopping = False
            self.pending.append(payload)
            if not self.running or self.pid != os.getpid():  # (a forked child: its own)
                self.running, self.pid = True, os.getpid()
                threading.Thread(target=self._run, name="webscore-notify", daemon=True).start()
            self.cond.notify()

    def stop(self) -> None:
        """The app's engine was disposed (shutting down, a test's end): the thread ends and
        closes its connection now, not after ``IDLE`` (notices not sent yet are dropped;
        the listeners' poll makes them up)."""
        with self.cond:
            self.stopping = True
            self.pending = []
            self.cond.notify_all()

    def _take(self) -> list[str]:
        """The notices waiting: at once if any (they gathered while the thread rested), else
        the next one as soon as it comes; [] once idle or stopping (the thread then ends)."""
        with self.cond:
            if not self.pending and not self.stopping:
                self.cond.wait(self.IDLE)
            if not self.pending or self.stopping:
                self.running = self.stopping = False
                return []
            batch, self.pending = self.pending, []
        return batch

    def _run(self) -> None:
        import psycopg

        conn: psycopg.Connection[Any] | None = None
        try:
            while batch := self._take():
                try:
                    if conn is None or conn.closed:
                        conn = psycopg.connect(self.url, autocommit=True, connect_timeout=5,
                                               application_name="webscore-notify")
                        conn.execute("SET synchronous_commit TO off")
                    conn.execute("SELECT pg_notify(%s, p) FROM unnest(%s::text[]) AS p",
                                 (CHANNEL, batch), prepare=True)
                except psycopg.Error:
                    # Best effort: the change is stored, and the listeners' poll makes up a
                    # lost notice.  The next batch tries a new connection.
                    if conn is not None:
                        conn.close()
                    conn = None
                time.sleep(self.GATHER)  # the next notices gather meanwhile
        finally:
            if conn is not None:
                conn.close()


_NOTIFIERS: dict[str, Notifier] = {}


def stop_notices(engine: Engine) -> None:
    """End the notice thread of ``engine``'s database in this process (webscore.db calls
    it when the engine is disposed)."""
    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with _LOCK:
        notifier = _NOTIFIERS.get(url)
    if notifier is not None:
        notifier.stop()


_BY_ENGINE: WeakKeyDictionary[Engine, Notifier] = WeakKeyDictionary()


def notify(engine: Engine, payload: str) -> None:
    """Send ``payload`` on the live channel soon, batched with this process's other notices."""
    notifier = _BY_ENGINE.get(engine)  # (rendering the URL on every write: 0.02 ms)
    if notifier is None:
        url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        with _LOCK:
            notifier = _NOTIFIERS.get(url)
            if notifier is None:
                notifier = _NOTIFIERS[url] = Notifier(url)
            _BY_ENGINE[engine] = notifier
    notifier.send(payload)


__all__ = ["CHANNEL", "Notifier", "notify", "stop_notices"]
