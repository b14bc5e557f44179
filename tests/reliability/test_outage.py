"""Database faults while phones are logging (gunicorn, 2 workers): PostgreSQL stopped and
started again; a SQLite file locked by another process, and on a full disk.

PostgreSQL is our own throwaway server (tests/reliability/pgserver.py), stopped twice: once
cleanly (``pg_ctl stop -m fast``: open transactions are aborted) and once as a crash
(``-m immediate``).  SQLite is locked by another connection holding its write lock past the
busy timeout, then (as root) filled up: it lives on a small tmpfs that a filler file fills.

Each phone is the only writer of its table and keeps one intended entry until it has a
definite answer: 201, or 409 with the entry found stored (the earlier attempt
was committed although its answer was lost).  Afterwards each table holds exactly the
intended entries, each once, in order; every request in the outage was answered 503 with
``Retry-After`` (or cut off by the restart), and the app needed no restart.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import os
import re
import sqlite3
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnp.engine import Rng, replay
from pnp.engine.log import log_from_json

from .pgserver import PgServer, own_postgres
from .server import Down, Gunicorn, call

__all__ = ["own_postgres"]

pytestmark = pytest.mark.slow

TABLES = 10  # the deal is a server secret: game lengths vary, so enough games to keep load
GAME = "galaxy-express"
DOWN_SECONDS = 3.0


class Phone(threading.Thread):
    def __init__(self, base: str, tid: str, token: str, seed: int, stop: threading.Event,
                 log: list[tuple[float, int | None]], lock: threading.Lock,
                 rules: tuple[str, ...]) -> None:
        super().__init__(daemon=True)
        self.rules = rules  # the 503 rules this fault may give
        self.base, self.tid, self.token = base, tid, token
        self.rng = Rng(seed, "outage")
        self.stop_event = stop
        self.log, self.lock = log, lock
        self.intended: list[str] = []  # every entry with a definite answer, in order
        self.acked = 0
        self.found = 0  # stored, although the answer was cut or 503
        self.error: BaseException | None = None

    def note(self, status: int | None) -> None:
        with self.lock:
            self.log.append((time.monotonic(), status))

    def run(self) -> None:
        try:
            self.play()
        except BaseException as exc:
            self.error = exc

    def read(self) -> dict[str, Any]:
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "the table stayed unreadable for 60 s"
            try:
                status, body = call(self.base, "GET", f"/api/tables/{self.tid}", timeout=10)
            except Down:
                status, body = None, None
            self.note(status)
            if status == 200:
                return dict(body)
            assert status in (None, 503), (status, body)
            time.sleep(0.1)

    def play(self) -> None:
        state = self.read()
        while not self.stop_event.is_set() and not state["finished"]:
            text = self.rng.choice([e for e in state["legal"] if e != "X"])
            state = self.log_one(state, text)

    def log_one(self, state: dict[str, Any], text: str) -> dict[str, Any]:
        """Send one entry until its fate is known (bounded: the database comes back)."""
        seq = state["seq"]
        uncertain = False
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "no definite answer for 60 s"
            try:
                status, body = call(self.base, "POST", f"/api/tables/{self.tid}/events",
                                    {"seq": seq, "text": text}, self.token, timeout=10)
            except Down:
                status, body = None, None
            self.note(status)
            if status == 201:
                self.acked += 1
                self.intended.append(text)
                return dict(body)
            if status == 409 and uncertain:
                fresh = body["state"]
                mine = [h["event"] for h in fresh["history"]
                        if h["seq"] > seq and h["source"] == "typed"]
                assert mine == [text], (mine, text)  # we are the table's only writer
                self.found += 1
                self.intended.append(text)
                return dict(fresh)
            assert status in (None, 503), (status, body)
            if status == 503:
                assert body["error"]["rule"] in self.rules, body
                assert body["error"]["retry_after"] >= 1
            uncertain = True
            time.sleep(0.1)


def page_during_outage(base: str, tid: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(f"{base}/t/{tid}", timeout=10) as resp:
            return resp.status, "", resp.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Retry-After", ""), exc.read().decode()


class Browser:
    """A phone's browser that joined a table: cookies, the page's CSRF token, form posts."""

    def __init__(self, base: str, tid: str, token: str) -> None:
        self.base, self.tid = base, tid
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        html = self.open(f"/t/{tid}/join?k={token}")[2]
        found = re.search(r'name="csrf" value="([^"]+)"', html)
        assert found, "the joined table page has no form"
        self.csrf = found.group(1)

    def open(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(self.base + path, data=data, timeout=10) as resp:
                return resp.status, "", resp.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers.get("Retry-After", ""), exc.read().decode()

    def log(self, seq: int, text: str) -> tuple[int, str, str]:
        return self.open(f"/t/{self.tid}/move", {"csrf": self.csrf, "seq": str(seq),
                                                  "text": text})


def acks(phones: list[Phone]) -> int:
    return sum(p.acked + p.found for p in phones)


def wait_for(phones: list[Phone], more: int, limit: float = 60) -> None:
    target = acks(phones) + more
    deadline = time.monotonic() + limit
    while acks(phones) < target:
        assert time.monotonic() < deadline, f"load stalled below {target} entries"
        assert all(p.error is None for p in phones), [p.error for p in phones]
        time.sleep(0.05)


def outage_seconds(log: list[tuple[float, int | None]], since: float) -> float:
    """From the first failed request after ``since`` to the first success after the last
    failure: the outage as the phones saw it."""
    after = sorted(e for e in log if e[0] >= since)
    failed = [t for t, s in after if s in (None, 503)]
    if not failed:
        return 0.0
    ok_after = [t for t, s in after if s in (200, 201, 409) and t > failed[-1]]
    assert ok_after, "no request succeeded after the outage"
    return ok_after[0] - failed[0]


class Load:
    """Phones logging on their own tables of one gunicorn server, and what they saw."""

    def __init__(self, server: Gunicorn, rules: tuple[str, ...]) -> None:
        self.server = server
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.log: list[tuple[float, int | None]] = []
        self.phones: list[Phone] = []
        for n in range(TABLES):
            status, table = call(server.base, "POST", "/api/tables",
                                 {"game": GAME, "players": [f"Phone {n}"], "seed": 700 + n,
                                  "chance": "tracker"})
            assert status == 201, table
            self.phones.append(Phone(server.base, table["id"], table["token"], n, self.stop,
                                     self.log, self.lock, rules))
        for p in self.phones:
            p.start()

    def finish(self) -> int:
        """Stop the phones; check every table holds exactly its intended entries and
        replays.  Returns the number of tables where that failed (asserted 0)."""
        self.stop.set()
        for p in self.phones:
            p.join(90)
        assert all(p.error is None for p in self.phones), [p.error for p in self.phones]
        problems = 0
        for p in self.phones:
            status, final = call(self.server.base, "GET", f"/api/tables/{p.tid}")
            assert status == 200 and final["broken"] is None, final
            typed = [h["event"] for h in final["history"] if h["source"] == "typed"]
            problems += typed != p.intended
            assert typed == p.intended, "an acknowledged entry was lost or one stored twice"
            status, game_log = call(self.server.base, "GET", f"/api/tables/{p.tid}/log")
            assert status == 200 and replay(log_from_json(game_log)).ok
        return problems

    def tally(self, tally: Counter[str], kind: str, faults: int, outages: list[float],
              problems: int) -> None:
        answered_503 = sum(1 for _, s in self.log if s == 503)
        assert answered_503 > 0, "no request met the fault"
        tally[f"faults: {kind} during load"] += faults
        key = f"faults: {kind}: longest seen by phones (ms)"
        tally[key] = max(tally[key], int(max(outages) * 1000))
        tally[f"faults: {kind}: requests answered 503"] += answered_503
        tally[f"faults: {kind}: requests cut off"] += sum(1 for _, s in self.log if s is None)
        tally[f"faults: {kind}: entries acknowledged"] += sum(p.acked for p in self.phones)
        tally[f"faults: {kind}: stored, answer lost"] += sum(p.found for p in self.phones)
        tally[f"faults: {kind}: lost or duplicated"] += problems


@pytest.mark.postgres
def test_postgres_restarted_during_load(own_postgres: PgServer, tmp_path: Path,
                                        tally: Counter[str]) -> None:
    server = Gunicorn(own_postgres.url, tmp_path, workers=2)
    server.start()
    outages: list[float] = []
    pages: list[tuple[int, str, str]] = []
    posted: list[tuple[int, str, str]] = []
    try:
        load = Load(server, ("db.unavailable",))
        _, table = call(server.base, "POST", "/api/tables",
                        {"game": GAME, "players": ["Zoë"], "seed": 7, "chance": "tracker"})
        browser = Browser(server.base, table["id"], table["token"])
        wait_for(load.phones, 20)
        for mode in ("fast", "immediate"):
            since = time.monotonic()
            own_postgres.stop(mode)
            time.sleep(0.5)
            pages.append(page_during_outage(server.base, load.phones[0].tid))
            posted.append(browser.log(table["seq"], "@a1"))
            health = urllib.request.urlopen(server.base + "/healthz", timeout=10)
            assert health.status == 200  # the app itself is up all along
            time.sleep(DOWN_SECONDS - 0.5)
            own_postgres.start()
            wait_for(load.phones, 20)
            outages.append(outage_seconds(load.log, since))
        problems = load.finish()
        for status, retry_after, html in posted:  # an entry typed on the table page
            assert status == 503 and int(retry_after) >= 1 and "not answering" in html
            assert 'name="text" value="@a1"' in html and 'id="again"' in html
        # "Try again" on both kept pages once the database is back: stored once.
        for _, _, html in posted:
            kept = dict(re.findall(r'name="(csrf|seq|text)" value="([^"]*)"', html))
            assert browser.open(f"/t/{table['id']}/move", kept)[0] == 200  # the table
        _, final = call(server.base, "GET", f"/api/tables/{table['id']}")
        assert [h["event"] for h in final["history"] if h["source"] == "typed"] == ["@a1"]
    finally:
        server.stop()
    for status, retry_after, html in pages:
        assert status == 503 and int(retry_after) >= 1
        assert "not answering" in html and "try again" in html.lower()
    assert all(o < DOWN_SECONDS + 15 for o in outages), outages
    load.tally(tally, "PostgreSQL stopped", len(outages), outages, problems)


def test_sqlite_locked_and_full_during_load(tmp_path: Path, tally: Counter[str]) -> None:
    mnt = tmp_path / "small"
    mnt.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mnt)],
        capture_output=True).returncode == 0
    path = (mnt if mounted else tmp_path) / "tracker.sqlite3"
    server = Gunicorn(f"sqlite:///{path}", tmp_path, workers=2)
    server.env["WEBSCORE_DB_BUSY_TIMEOUT"] = "1"
    server.start()
    outages: list[float] = []
    try:
        load = Load(server, ("db.busy", "db.full"))
        wait_for(load.phones, 20)
        since = time.monotonic()
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process's write lock, 3 s
        time.sleep(DOWN_SECONDS)
        holder.execute("ROLLBACK")
        holder.close()
        wait_for(load.phones, 20)
        outages.append(outage_seconds(load.log, since))
        if mounted:
            since = time.monotonic()
            filler = mnt / "filler"
            with filler.open("wb") as fh, contextlib.suppress(OSError):
                while True:
                    fh.write(b"\0" * 65536)
                    fh.flush()
            time.sleep(DOWN_SECONDS)
            filler.unlink()  # space freed
            wait_for(load.phones, 20)
            outages.append(outage_seconds(load.log, since))
        problems = load.finish()
    finally:
        server.stop()
        if mounted:
            subprocess.run(["umount", "-l", str(mnt)], check=False)
    assert all(o < DOWN_SECONDS + 15 for o in outages), outages
    load.tally(tally, "SQLite locked" + (" and full" if mounted else ""), len(outages),
               outages, problems)
