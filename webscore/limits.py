"""Per-client rate limits on what a client posts: fixed windows, answered 429.

Three limits, each per client address (``request.remote_addr``; behind a proxy set
``WEBSCORE_PROXY_FIX=1`` so it is the phone's address, not the proxy's):

- ``create``: new tables (the new-table form, ``POST /api/tables``);
- ``upload``: score-sheet PDF uploads (the costliest request to answer);
- ``write``: every other POST (entries, roll, undo, timers, sheet and ship checks).

The defaults sit far above what people can do (docs/tracker.md has the measurement: a
5-player table entering a whole game as fast as a phone can be tapped makes at most 120
writes a minute) and far below a script's flood.  Counters live in the database on
PostgreSQL, so every instance shares them (synced once a second, ``RATELIMIT_SYNC``), and in
the process on SQLite, where one machine serves and the counter writes would contend for the
single write lock (with several gunicorn workers each counts its own window: the limit is
per worker there).  ``RATELIMIT_STORAGE`` = ``memory`` | ``database`` overrides the choice.

Config ``RATELIMITS`` (or ``WEBSCORE_RATELIMITS``): ``"off"``, or
``"write=1200/60,create=100/600,upload=30/60"`` (count/seconds; any subset).  Testing apps
(``TESTING``) have no limits unless ``RATELIMITS`` is given.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from flask import Flask, current_app, request
from sqlalchemy import Engine, delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from webscore.errors import NotNow
from webscore.models import rate_limits

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limit:
    count: int
    seconds: int


DEFAULTS = {"write": Limit(1200, 60), "create": Limit(100, 600), "upload": Limit(30, 60)}
WHAT = {"write": "posts", "create": "new tables", "upload": "score-sheet uploads"}
CREATE = {"tables.new", "api.create"}
UPLOAD = {"sheets.sheet_pdf", "api.sheet_check_pdf"}


def parse(spec: str) -> dict[str, Limit]:
    """``"write=1200/60,create=100/600"`` -> limits (the defaults for any not named, all
    of them for ``""``); ``"off"`` -> none.

    >>> parse("create=5/60")["create"], parse("create=5/60")["write"]
    (Limit(count=5, seconds=60), Limit(count=1200, seconds=60))
    >>> parse("off")
    {}
    """
    spec = spec.strip()
    if spec.lower() in ("off", "none", "0"):
        return {}
    limits = dict(DEFAULTS)
    for part in filter(None, spec.split(",")):
        name, _, value = part.strip().partition("=")
        count, _, seconds = value.partition("/")
        if name not in DEFAULTS or not count.isdigit() or not seconds.isdigit() \
                or int(seconds) < 1:
            raise ValueError(f"rate limit {part.strip()!r}: write NAME=COUNT/SECONDS with "
                             f"NAME one of {', '.join(DEFAULTS)}")
        limits[name] = Limit(int(count), int(seconds))
    return limits


class Counters(Protocol):
    def hit(self, key: str, until: int, now: float) -> int:
        """Count one request in the window ending at ``until``; the window's count."""


class MemoryCounters:
    """In this process (SQLite: one machine)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.hits: dict[tuple[str, int], int] = {}

    def hit(self, key: str, until: int, now: float) -> int:
        with self.lock:
            if len(self.hits) > 10_000:  # keep the windows not yet ended
                self.hits = {k: v for k, v in self.hits.items() if k[1] > now}
            count = self.hits.get((key, until), 0) + 1
            self.hits[(key, until)] = count
            return count


class DatabaseCounters:
    """Shared by every instance through the ``rate_limits`` table, at most ``sync`` seconds
    behind: a process counts in memory and, once per ``sync`` seconds, adds what it counted
    to the table (one upsert per client and window, in one transaction) and reads back the
    totals all instances counted; windows that ended are deleted then.  A post costs no
    database round trip of its own (measured in bench/bench_limits.py), and a flood is held
    to its limit plus what the instances let through in one ``sync`` interval.  When the
    database cannot be reached the counts wait for the next sync (the request itself meets
    the outage if it needs the database)."""

    def __init__(self, engine: Engine, sync: float = 1.0) -> None:
        self.engine = engine
        self.dialect = postgresql if engine.dialect.name == "postgresql" else sqlite
        self.sync_every = sync
        self.lock = threading.Lock()
        self.pending: dict[tuple[str, int], int] = {}
        self.known: dict[tuple[str, int], int] = {}
        self.next_sync = 0.0

    def hit(self, key: str, until: int, now: float) -> int:
        with self.lock:
            self.pending[(key, until)] = self.pending.get((key, until), 0) + 1
            if now >= self.next_sync:
                self.sync(now)
            return self.known.get((key, until), 0) + self.pending.get((key, until), 0)

    def sync(self, now: float) -> None:
        self.next_sync = now + self.sync_every
        pending, self.pending = self.pending, {}
        try:
            with self.engine.begin() as conn:
                for (key, until), n in sorted(pending.items()):  # one lock order for all
                    stmt = self.dialect.insert(rate_limits).values(key=key, until=until, hits=n)
                    stmt = stmt.on_conflict_do_update(
                        index_elements=["key", "until"],
                        set_={"hits": rate_limits.c.hits + n}).returning(rate_limits.c.hits)
                    self.known[(key, until)] = int(conn.execute(stmt).scalar_one())
                conn.execute(delete(rate_limits).where(rate_limits.c.until <= now))
        except SQLAlchemyError as exc:
            for k, n in pending.items():
                self.pending[k] = self.pending.get(k, 0) + n
            log.warning("rate-limit counters not synced: %s", str(exc).splitlines()[0])
        self.known = {k: v for k, v in self.known.items() if k[1] > now}


class Limiter:
    def __init__(self, limits: dict[str, Limit], counters: Counters,
                 clock: Callable[[], float] = time.time) -> None:
        self.limits = limits
        self.counters = counters
        self.clock = clock

    def check(self, name: str, client: str) -> None:
        limit = self.limits.get(name)
        if limit is None:
            return
        now = self.clock()
        until = (math.floor(now / limit.seconds) + 1) * limit.seconds
        if self.counters.hit(f"{name}:{client}", until, now) > limit.count:
            wait = math.ceil(until - now)
            raise NotNow(429, f"rate.{name}", f"too many {WHAT[name]} from your address: at "
                         f"most {limit.count} every {_span(limit.seconds)}; try again in "
                         f"{wait} second{'' if wait == 1 else 's'}", wait)


def _span(seconds: int) -> str:
    if seconds % 60 == 0:
        minutes = seconds // 60
        return "minute" if minutes == 1 else f"{minutes} minutes"
    return f"{seconds} seconds"


def category(endpoint: str | None) -> str:
    if endpoint in CREATE:
        return "create"
    if endpoint in UPLOAD:
        return "upload"
    return "write"


def before_request() -> None:
    if request.method != "POST":
        return
    limiter: Limiter | None = current_app.extensions.get("webscore_limits")
    if limiter is not None:
        limiter.check(category(request.endpoint), request.remote_addr or "unknown")


def init_app(app: Flask, engine: Engine) -> None:
    spec = app.config.get("RATELIMITS")
    if spec is None:
        spec = "off" if app.testing else os.environ.get("WEBSCORE_RATELIMITS", "")
    # A dict of Limits, a spec string, or False (off).
    limits = dict(spec) if isinstance(spec, dict) else parse(spec) if isinstance(spec, str) \
        else {}
    if not limits:
        return
    storage = app.config.get("RATELIMIT_STORAGE") or (
        "database" if engine.dialect.name == "postgresql" else "memory")
    counters: Counters = (DatabaseCounters(engine, float(app.config.get("RATELIMIT_SYNC", 1.0)))
                          if storage == "database" else MemoryCounters())
    app.extensions["webscore_limits"] = Limiter(limits, counters)
    app.before_request(before_request)
