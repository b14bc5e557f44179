"""PostgreSQL: the client's CPU a committed one-row INSERT, three ways side by side, with
threads that also do CPU work between their writes (as a gthread worker's do):

- ``alone``: each thread's INSERT in autocommit on a connection of its own (the tracker's
  way: ``webscore.driver.run``); each thread waits for its own commit's WAL flush;
- ``group``: a group commit like SQLite's (``webscore.commits``): the first writer that finds
  no commit under way leads; it sends every INSERT queued by then (``ON CONFLICT DO NOTHING``,
  so a taken key refuses that write alone) and the COMMIT in one psycopg pipeline, on one
  connection, then wakes each waiting writer (an Event each) with its own row count;
- ``async``: ``alone`` with ``synchronous_commit=off`` (no wait for the flush; not the
  tracker's guarantee, for comparison: the cost of the wait itself).

Rounds interleave the ways; the figures are medians of process CPU per write beyond the
work the threads were given, writes a second, and the group's writes per commit.

    .venv/bin/python bench/pg_commit_cpu.py [--url URL] [--threads 8] [--writes 200]
        [--work-ms 0.5] [--rounds 5]

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


def one(way: str, url: str, threads: int, writes: int, work_ms: float) -> tuple[float, float,
                                                                                 float]:
    group = Group(url) if way == "group" else None
    conns = [] if group else [psycopg.connect(url, autocommit=True) for _ in range(threads)]
    for conn in conns:
        if way == "async":
            conn.execute("SET synchronous_commit = off")
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
    cpu, wall = time.process_time(), time.perf_counter()
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    for conn in conns + ([group.conn] if group else []):
        conn.close()
    n = threads * writes
    sizes = group.sizes if group else [1]
    return cpu * 1000 / n - work_ms, n / wall, sum(sizes) / len(sizes)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", default=os.environ.get("PNP_TEST_POSTGRES_URL", ""))
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--writes", type=int, default=200)
    ap.add_argument("--work-ms", type=float, default=0.5)
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    url = a.url.replace("postgresql+psycopg://", "postgresql://")
    if not url:
        sys.exit("give --url or set PNP_TEST_POSTGRES_URL")
    sys.setswitchinterval(0.0005)  # as the tracker's processes (webscore.db.SWITCH_INTERVAL)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS pg_commit_cpu "
                     "(t text, seq int, txt text, PRIMARY KEY (t, seq))")
    got: dict[str, list[tuple[float, float, float]]] = {w: [] for w in ("alone", "group", "async")}
    try:
        for _ in range(a.rounds):
            for way, runs in got.items():
                runs.append(one(way, url, a.threads, a.writes, a.work_ms))
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS pg_commit_cpu")
    print(f"{a.threads} threads x {a.writes} writes, {a.work_ms} ms of work between, "
          f"{a.rounds} rounds; load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for way, runs in got.items():
        cpu = sorted(r[0] for r in runs)
        print(f"{way:6} CPU a write {statistics.median(cpu):.3f} ms ({cpu[0]:.3f}-{cpu[-1]:.3f})"
              f"  {statistics.median(r[1] for r in runs):6.0f} writes/s"
              f"  {statistics.median(r[2] for r in runs):.1f} a commit")


if __name__ == "__main__":
    main()
