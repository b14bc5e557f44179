"""The tracker's commit path alone (no HTTP, no Flask, no engine), the causes of the write
tail it isolates, each side by side in one run:

1. SQLite group commit under interpreter-lock contention: 2 processes of 8 threads, each
   thread looping 1.5 ms of Python work then one group-committed INSERT
   (``webscore.commits.write``), at Python's default switch interval (5 ms), at the
   tracker's (``webscore.db.SWITCH_INTERVAL``), and at the tracker's with the shorter one
   while a leader holds the writer lock (``webscore.groupcommit.HOLD_SWITCH_INTERVAL``), rounds
   alternating.  A write gives the
   interpreter lock up for each statement and must win it back from busy threads, on
   SQLite while holding the writer lock every process waits for.
2. SQLite checkpoints: one process of 8 threads writing one-row entries to 1,000 tables at
   the open loop's rate (200 a second), with SQLite's checkpoint inside the COMMIT that
   took the log past 1,000 pages (the code before), with the tracker's checkpoint thread
   (``webscore.walcheckpoint.Checkpointer``), and with that thread and ``synchronous=NORMAL``.
3. PostgreSQL live-update notices: 16 threads INSERTing in autocommit, with a NOTIFY per
   write after it (the code before), with the notices handed to ``webscore.notices``'
   notifier thread (batched), and with none.  Needs ``PNP_TEST_POSTGRES_URL`` (or
   ``--postgres-url``); a throwaway table is made and dropped.

    .venv/bin/python bench/bench_commits.py [--seconds 6] [--rounds 2]
        [--only sqlite|checkpoints|postgres]

Figures are writes a second and the commit's latency (p50 / p99) as the writing thread saw
it; the load average is printed with each.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _figures(lat: list[float], seconds: float) -> str:
    lat = sorted(lat)
    if not lat:
        return "no writes"
    return (f"{len(lat) / seconds:6.0f} writes/s, p50 {lat[len(lat) // 2]:6.2f} ms, "
            f"p99 {lat[int(len(lat) * 0.99)]:7.2f} ms (load {os.getloadavg()[0]:.1f})")


def _busy(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def _run_threads(target: Any, count: int) -> None:
    threads = [threading.Thread(target=target, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _sqlite_process(db: str, interval: float, hold: bool, seconds: float, tag: str,
                    out: Any) -> None:
    sys.setswitchinterval(interval)
    from sqlalchemy import Connection, text

    from webscore import commits, groupcommit
    from webscore.db import make_engine

    if not hold:  # the same interval while a leader holds the writer lock (the code before)
        groupcommit.HOLD_SWITCH_INTERVAL = interval

    engine = make_engine(f"sqlite:///{db}", synchronous="FULL")
    lat: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def thread(k: int) -> None:
        n = 0
        while time.monotonic() < stop:
            _busy(0.0015)
            t0 = time.perf_counter()

            def work(conn: Connection, n: int = n) -> None:
                conn.execute(text("INSERT INTO s (t, n) VALUES (:t, :n)"),
                             {"t": f"{tag}{k}", "n": n})

            commits.write(engine, work, one_statement=True)
            with lock:
                lat.append((time.perf_counter() - t0) * 1000)
            n += 1

    _run_threads(thread, 8)
    out.put(lat)


def sqlite_convoy(seconds: float, rounds: int) -> None:
    from sqlalchemy import text

    from webscore.db import SWITCH_INTERVAL, make_engine
    from webscore.groupcommit import HOLD_SWITCH_INTERVAL

    with tempfile.TemporaryDirectory(prefix="bench-commits-") as tmp:
        db = str(Path(tmp) / "c.sqlite3")
        engine = make_engine(f"sqlite:///{db}")
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE s (t TEXT, n INTEGER, PRIMARY KEY (t, n))"))
        engine.dispose()
        print("SQLite, 2 processes x 8 threads, group commit (synchronous=FULL):")
        for r in range(rounds):
            for interval, hold in ((0.005, False), (SWITCH_INTERVAL, False),
                                   (SWITCH_INTERVAL, True)):
                out: Any = mp.Queue()
                procs = [mp.Process(target=_sqlite_process,
                                    args=(db, interval, hold, seconds,
                                          f"r{r}i{interval}{hold}p{i}", out))
                         for i in range(2)]
                for p in procs:
                    p.start()
                lat = out.get() + out.get()
                for p in procs:
                    p.join()
                during = f"{HOLD_SWITCH_INTERVAL * 1000:.2f}" if hold else "same"
                print(f"  switch interval {interval * 1000:3.1f} ms ({during} while the lock "
                      f"is held): {_figures(lat, seconds)}", flush=True)


def _checkpoint_process(db: str, background: bool, sync: str, seconds: float, rate: float,
                        out: Any) -> None:
    import random

    from sqlalchemy import Connection, text

    from webscore import commits, walcheckpoint
    from webscore import db as webdb

    if not background:  # SQLite's checkpoint in the COMMIT every 1,000 pages (the code before)
        webdb.WAL_AUTOCHECKPOINT = 1000
        walcheckpoint.Checkpointer.EVERY = 3600.0
    sys.setswitchinterval(webdb.SWITCH_INTERVAL)
    engine = webdb.make_engine(f"sqlite:///{db}", synchronous=sync)
    heads = [0] * 1000
    lat: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    text_ = "x" * 60

    def thread(k: int) -> None:
        rng = random.Random(k)
        while time.monotonic() < stop:
            time.sleep(rng.expovariate(rate / 8))
            with lock:
                t = rng.randrange(len(heads))
                heads[t] += 1
                seq = heads[t]

            def work(conn: Connection, t: int = t, seq: int = seq) -> None:
                conn.execute(text("INSERT INTO e (t, seq, text) VALUES (:t, :s, :x)"),
                             {"t": f"table{t:04d}{background}", "s": seq, "x": text_})

            t0 = time.perf_counter()
            commits.write(engine, work, one_statement=True)
            with lock:
                lat.append((time.perf_counter() - t0) * 1000)

    _run_threads(thread, 8)
    out.put(lat)


def sqlite_checkpoints(seconds: float, rounds: int, rate: float = 200.0) -> None:
    """Writes at the open loop's rate (1,000 tables logging every 5 s: 200 a second, 8
    threads) with SQLite's checkpoint in a writer's COMMIT every 1,000 pages (the code
    before) and with the checkpoint thread (``webscore.walcheckpoint.Checkpointer``)."""
    from sqlalchemy import text

    from webscore.db import make_engine

    with tempfile.TemporaryDirectory(prefix="bench-checkpoints-") as tmp:
        print(f"SQLite, 1 process x 8 threads, {rate:.0f} one-row writes/s over 1,000 tables:")
        for r in range(rounds):
            for background, sync in ((False, "FULL"), (True, "FULL"), (True, "NORMAL")):
                db = str(Path(tmp) / f"k{r}{background}{sync}.sqlite3")
                engine = make_engine(f"sqlite:///{db}")
                with engine.begin() as conn:
                    conn.execute(text("CREATE TABLE e (t TEXT, seq INTEGER, text TEXT, "
                                      "PRIMARY KEY (t, seq))"))
                engine.dispose()
                out: Any = mp.Queue()
                p = mp.Process(target=_checkpoint_process,
                               args=(db, background, sync, seconds, rate, out))
                p.start()
                lat = out.get()
                p.join()
                label = ("checkpoint thread" if background
                         else "checkpoint in the COMMIT") + f", {sync}"
                print(f"  {label:31} {_figures(lat, seconds)}, max {max(lat):6.1f} ms",
                      flush=True)


def postgres_notices(url: str, seconds: float, rounds: int) -> None:
    import psycopg
    from sqlalchemy import make_url

    from webscore import notices

    plain = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    table = f"bench_notices_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f"CREATE TABLE {table} (t text, n int, PRIMARY KEY (t, n))")
    print("PostgreSQL, 16 threads, one-row INSERTs in autocommit:")
    try:
        for r in range(rounds):
            for mode in ("a NOTIFY per write", "notices batched", "no notice"):
                notifier = notices.Notifier(plain)
                lat: list[float] = []
                lock = threading.Lock()
                stop = time.monotonic() + seconds

                def thread(k: int, mode: str = mode, notifier: Any = notifier,
                           lat: list[float] = lat, lock: Any = lock, stop: float = stop,
                           r: int = r) -> None:
                    with psycopg.connect(plain, autocommit=True) as conn:
                        n = 0
                        while time.monotonic() < stop:
                            t0 = time.perf_counter()
                            conn.execute(f"INSERT INTO {table} VALUES (%s, %s)",
                                         (f"{r}{mode}{k}", n))
                            if mode == "a NOTIFY per write":
                                conn.execute("SELECT pg_notify(%s, %s)",
                                             (notices.CHANNEL, f"h b{k} {n}"))
                            elif mode == "notices batched":
                                notifier.send(f"h b{k} {n}")
                            with lock:
                                lat.append((time.perf_counter() - t0) * 1000)
                            n += 1

                threads = [threading.Thread(target=thread, args=(k,)) for k in range(16)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                print(f"  {mode:20} {_figures(lat, seconds)}", flush=True)
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f"DROP TABLE IF EXISTS {table}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--only", choices=["sqlite", "checkpoints", "postgres"])
    ap.add_argument("--postgres-url", default=os.environ.get("PNP_TEST_POSTGRES_URL"))
    a = ap.parse_args(argv)
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if a.only in (None, "sqlite"):
        sqlite_convoy(a.seconds, a.rounds)
    if a.only in (None, "checkpoints"):
        sqlite_checkpoints(a.seconds * 2.5, a.rounds)
    if a.only in (None, "postgres"):
        if a.postgres_url:
            postgres_notices(a.postgres_url, a.seconds, a.rounds)
        else:
            print("PostgreSQL: skipped (no PNP_TEST_POSTGRES_URL / --postgres-url)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
