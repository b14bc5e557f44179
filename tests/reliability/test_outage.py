"""PostgreSQL stopped and started again while phones are logging (gunicorn, 2 workers).

The database is our own throwaway server (tests/reliability/pgserver.py), stopped twice: once
cleanly (``pg_ctl stop -m fast``: open transactions are aborted) and once as a crash
(``-m immediate``).  Each phone is the only writer of its table and keeps one intended entry
until it has a definite answer: 201, or 409 with the entry found stored (the earlier attempt
was committed although its answer was lost).  Afterwards each table holds exactly the
intended entries, each once, in order; every request in the outage was answered 503 with
``Retry-After`` (or cut off by the restart), and the app needed no restart.
"""

from __future__ import annotations

import threading
import time
import urllib.error
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

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

TABLES = 4
GAME = "galaxy-express"
DOWN_SECONDS = 3.0


class Phone(threading.Thread):
    def __init__(self, base: str, tid: str, token: str, seed: int, stop: threading.Event,
                 log: list[tuple[float, int | None]], lock: threading.Lock) -> None:
        super().__init__(daemon=True)
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
                assert body["error"]["rule"] == "db.unavailable", body
                assert body["error"]["retry_after"] >= 1
            uncertain = True
            time.sleep(0.1)


def page_during_outage(base: str, tid: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(f"{base}/t/{tid}", timeout=10) as resp:
            return resp.status, "", resp.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Retry-After", ""), exc.read().decode()


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


def test_postgres_restarted_during_load(own_postgres: PgServer, tmp_path: Path,
                                        tally: Counter[str]) -> None:
    server = Gunicorn(own_postgres.url, tmp_path, workers=2)
    server.start()
    stop = threading.Event()
    lock = threading.Lock()
    log: list[tuple[float, int | None]] = []
    phones: list[Phone] = []
    outages: list[float] = []
    pages: list[tuple[int, str, str]] = []
    try:
        for n in range(TABLES):
            status, table = call(server.base, "POST", "/api/tables",
                                 {"game": GAME, "players": [f"Phone {n}"], "seed": 700 + n,
                                  "chance": "tracker"})
            assert status == 201, table
            phones.append(Phone(server.base, table["id"], table["token"], n, stop, log,
                                lock))
        for p in phones:
            p.start()
        wait_for(phones, 20)
        for mode in ("fast", "immediate"):
            since = time.monotonic()
            own_postgres.stop(mode)
            time.sleep(0.5)
            pages.append(page_during_outage(server.base, phones[0].tid))
            health = urllib.request.urlopen(server.base + "/healthz", timeout=10)
            assert health.status == 200  # the app itself is up all along
            time.sleep(DOWN_SECONDS - 0.5)
            own_postgres.start()
            wait_for(phones, 20)
            outages.append(outage_seconds(log, since))
        stop.set()
        for p in phones:
            p.join(90)
        assert all(p.error is None for p in phones), [p.error for p in phones]

        for status, retry_after, html in pages:
            assert status == 503 and int(retry_after) >= 1
            assert "not answering" in html and "try again" in html.lower()
        problems = 0
        for p in phones:
            status, final = call(server.base, "GET", f"/api/tables/{p.tid}")
            assert status == 200 and final["broken"] is None, final
            typed = [h["event"] for h in final["history"] if h["source"] == "typed"]
            if typed != p.intended:
                problems += 1
            assert typed == p.intended, "an acknowledged entry was lost or one stored twice"
            status, game_log = call(server.base, "GET", f"/api/tables/{p.tid}/log")
            assert status == 200 and replay(log_from_json(game_log)).ok
    finally:
        stop.set()
        server.stop()
    answered_503 = sum(1 for _, s in log if s == 503)
    assert answered_503 > 0, "no request met the outage"
    assert all(o < DOWN_SECONDS + 15 for o in outages), outages
    tally["outage: PostgreSQL stops during load"] += len(outages)
    tally["outage: longest seen by the phones (ms)"] = max(
        tally["outage: longest seen by the phones (ms)"], int(max(outages) * 1000))
    tally["outage: requests answered 503"] += answered_503
    tally["outage: requests cut off by the stop"] += sum(1 for _, s in log if s is None)
    tally["outage: entries acknowledged (201)"] += sum(p.acked for p in phones)
    tally["outage: entries stored, answer lost (found on retry)"] += sum(
        p.found for p in phones)
    tally["outage: acked entries lost or duplicated"] += problems
