"""PostgreSQL: the client's CPU a committed one-row INSERT, three ways side by side, with
threads that also do CPU work between their writes (as a gthread worker's do):

- ``alone``: each thread's INSERT in autocommit on a connection of its own (the tracker's
  way: ``webscore.driver.run``); each thread waits for its own commit's WAL flush;
- ``group``: a group commit like SQLite's (``webscore.commits``): the first writer that finds
  no commit under way leads; it sends every INSERT queued by then (``ON CONFLICT DO NOTHING``,
  so a taken key refuses that write alone) and the COMMIT in one psycopg pipeline, on one
  connection, then wakes each waiting writer (an Event each) with its own row count;
- ``delay``: ``alone`` with ``commit_delay`` (``--delay-us``, default 200) and
  ``commit_siblings=2`` set on each connection (a superuser's session setting; an operator
  sets them in postgresql.conf): a committing backend that sees at least two other
  transactions open waits that long before its WAL flush, so more commits share one flush.
  Every commit is still flushed before it is acknowledged: durability is unchanged;
- ``async``: ``alone`` with ``synchronous_commit=off`` (no wait for the flush: an app killed
  loses nothing, a database server that crashes may lose the last ~0.6 s of acknowledged
  commits; ``WEBSCORE_PG_SYNC_COMMIT=off``, docs/tracker.md "Durability").

Rounds interleave the ways; the figures are medians of process CPU per write beyond the
work the threads were given, the PostgreSQL server's CPU per write (all its processes, read
from /proc when it runs on this machine: other clients of the same server count too),
writes a second, and the group's writes per commit.

    .venv/bin/python bench/pg_commit_cpu.py [--url URL] [--threads 8] [--writes 200]
        [--work-ms 0.5] [--rounds 5] [--ways alone,delay,async] [--delay-us 200]

``URL`` (default ``$PNP_TEST_POSTGRES_URL``): a database in which the scratch table
``pg_commit_cpu`` is made and dropped.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from typing import Any

import psycopg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tracker_cpu import postmaster, tree_ms

INSERT = "INSERT INTO pg_commit_cpu (t, seq, txt) VALUES (%s, %s, %s)"


def spin(ms: float) -> None:
    end = time.thread_time() + ms / 1000
    while time.thread_time() < end:
        pass


class Group:
    """One process's queue of writes, committed together by whichever writer leads."""

    def __init__(self, url: str) -> None:
        self.conn = psycopg.connect(url)
        self.lock = threading.Lock()
        self.queue: list[list[Any]] = []  # [params, rowcount, Event]
        self.leading = False
        self.sizes: list[int] = []

    def write(self, params: tuple[Any, ...]) -> int:
        item: list[Any] = [params, None, threading.Event()]
        with self.lock:
            self.queue.append(item)
            lead = not self.leading
            self.leading = True
        while not lead:  # woken with its outcome, or to lead what queued meanwhile
            item[2].wait()
            item[2].clear()
            if item[1] is not None:
                return int(item[1])
            with self.lock:
                lead = not self.leading and any(x is item for x in self.queue)
                self.leading = self.leading or lead
        with self.lock:
            batch, self.queue = self.queue, []
        self._commit(batch)
        with self.lock:
            self.leading = False
            if self.queue:  # the first writer that queued during this commit leads the next
                self.queue[0][2].set()
        return int(item[1])

    def _commit(self, batch: list[list[Any]]) -> None:
        self.sizes.append(len(batch))
        cursors = []
        with self.conn.pipeline():
            for it in batch:
                cur = self.conn.cursor()
                cur.execute(INSERT + " ON CONFLICT DO NOTHING", it[0], prepare=True)
                cursors.append(cur)
            self.conn.commit()
        for it, cur in zip(batch, cursors, strict=True):
            it[1] = cur.rowcount
            it[2].set()


SETTINGS = {"alone": (), "group": (), "async": ("SET synchronous_commit = off",),
            "delay": ("SET commit_delay = {delay}", "SET commit_siblings = 2")}


def one(way: str, url: str, threads: int, writes: int, work_ms: float, delay_us: int,
        server: int | None) -> tuple[float, float, float, float]:
    group = Group(url) if way == "group" else None
    conns = [] if group else [psycopg.connect(url, autocommit=True) for _ in range(threads)]
    for conn in conns:
        for setting in SETTINGS[way]:
            conn.execute(setting.format(delay=delay_us))
    tag = f"{way}-{time.perf_counter_ns()}"

    def writer(k: int) -> None:
        for i in range(writes):
            spin(work_ms)
            params = (f"{tag}-{k}", i, "x" * 20)
            if group is not None:
                group.write(params)
            else:
                conns[k].execute(INSERT, params, prepare=True)

    pool = [threading.Thread(target=writer, args=(k,)) for k in range(threads)]
    db = tree_ms(server, by_group=False) if server else None
    cpu, wall = time.process_time(), time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    db_end = tree_ms(server, by_group=False) if server else None
    for conn in conns + ([group.conn] if group else []):
        conn.close()
    n = threads * writes
    sizes = group.sizes if group else [1]
    db_ms = (db_end - db) / n if db is not None and db_end is not None else float("nan")
    return cpu * 1000 / n - work_ms, n / wall, sum(sizes) / len(sizes), db_ms


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default=os.environ.get("PNP_TEST_POSTGRES_URL", ""))
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--writes", type=int, default=200)
    ap.add_argument("--work-ms", type=float, default=0.5)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--ways", default="alone,delay,async",
                    help="comma separated, of alone, delay, async, group")
    ap.add_argument("--delay-us", type=int, default=200, help="commit_delay of ``delay``")
    a = ap.parse_args()
    url = a.url.replace("postgresql+psycopg://", "postgresql://")
    if not url:
        sys.exit("give --url or set PNP_TEST_POSTGRES_URL")
    sys.setswitchinterval(0.0005)  # as the tracker's processes (webscore.db.SWITCH_INTERVAL)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS pg_commit_cpu "
                     "(t text, seq int, txt text, PRIMARY KEY (t, seq))")
    server = postmaster(url.replace("postgresql://", "postgresql+psycopg://", 1))
    ways = a.ways.split(",")
    got: dict[str, list[tuple[float, float, float, float]]] = {w: [] for w in ways}
    try:
        for k in range(a.rounds):
            for way in (ways if k % 2 == 0 else ways[::-1]):
                got[way].append(one(way, url, a.threads, a.writes, a.work_ms, a.delay_us,
                                    server))
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS pg_commit_cpu")
    print(f"{a.threads} threads x {a.writes} writes, {a.work_ms} ms of work between, "
          f"{a.rounds} rounds; load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for way, runs in got.items():
        cpu = sorted(r[0] for r in runs)
        db = sorted(r[3] for r in runs)
        print(f"{way:6} CPU a write {statistics.median(cpu):.3f} ms ({cpu[0]:.3f}-{cpu[-1]:.3f})"
              f"  server {statistics.median(db):.3f} ms ({db[0]:.3f}-{db[-1]:.3f})"
              f"  {statistics.median(r[1] for r in runs):6.0f} writes/s"
              f"  {statistics.median(r[2] for r in runs):.1f} a commit")


if __name__ == "__main__":
    main()
