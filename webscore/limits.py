"""Per-client rate limits on what a client posts: fixed windows, answered 429.

Three limits, each per client address (``request.remote_addr``; behind a proxy set
``WEBSCORE_PROXY_FIX=1`` so it is the phone's address, not the proxy's):

- ``create``: new tables (the new-table form, ``POST /api/tables``);
- ``upload``: score-sheet PDF uploads (the costliest request to answer);
- ``write``: every other POST (entries, roll, undo, timers, sheet and ship checks).

The defaults sit far above what people can do (docs/tracker.md has the measurement: a
5-player table entering a whole game as fast as a phone can be tapped makes at most 120
writes a minute) and far below a script's flood.  Counters live in the database on
PostgreSQL, so every instance shares them (an upsert per post), and in the process on
SQLite, where one machine serves and a second write per post would contend for the single
write lock (with several gunicorn workers each counts its own window: the limit is per
worker there).  ``RATELIMIT_STORAGE`` = ``memory`` | ``database`` overrides the choice.

Config ``RATELIMITS`` (or ``WEBSCORE_RATELIMITS``): ``"off"``, or
``"write=1200/60,create=100/600,upload=30/60"`` (count/seconds; any subset).  Testing apps
(``TESTING``) have no limits unless ``RATELIMITS`` is given.
"""

from __future__ import annotations

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

from webscore.errors import NotNow
from webscore.models import rate_limits


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
    """In the ``rate_limits`` table: one atomic upsert per request, shared by all
    instances; the first hit of a new window also deletes windows that have ended."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dialect = postgresql if engine.dialect.name == "postgresql" else sqlite

    def hit(self, key: str, until: int, now: float) -> int:
        stmt = self.dialect.insert(rate_limits).values(key=key, until=until, hits=1)
        stmt = stmt.on_conflict_do_update(
            index_elements=["key", "until"],
            set_={"hits": rate_limits.c.hits + 1}).returning(rate_limits.c.hits)
        with self.engine.begin() as conn:
            count = int(conn.execute(stmt).scalar_one())
            if count == 1:
                conn.execute(delete(rate_limits).where(rate_limits.c.until <= now))
        return count


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
    counters: Counters = DatabaseCounters(engine) if storage == "database" else MemoryCounters()
    app.extensions["webscore_limits"] = Limiter(limits, counters)
    app.before_request(before_request)
