"""Garbage collections per 1,000 writes in the app process, trees side by side.

Each tree (``--root``, default this one) runs in a process of its own: ``create_app`` on a
fresh SQLite file with the serving collector policy on (``GC_FREEZE``, as under gunicorn),
``--tables`` tables of the five games (the bench_tracker playouts) each fast-forwarded to a
random row, every table written once to warm the caches.  Then the processes are asked in
turn for bursts of ``--burst`` writes (plain WSGI calls, the next event of a random table, as
the open loop's phones post them), ``--rounds`` times, the order alternating.  Per 1,000
writes: the collections of each generation, their pause (CPU of the collecting thread: the
whole process waits) in total and the longest, the app's CPU a write, and at the end the
process's resident memory.  Counts do not depend on the machine's load; the CPU figures do,
and are medians of interleaved bursts.  ``--tracked`` also prints the container objects one
write leaves alive or makes in passing (``gc.get_count`` with the collector off).

    .venv/bin/python bench/bench_write_gc.py [--root OLD_TREE --root NEW_TREE]
        [--tables 1000] [--burst 500] [--rounds 6] [--tracked]

A root may end in ``@T0,T1,T2`` (and ``/G``): that process sets those collector thresholds
(and ``gcpolicy.FREEZE_FROM = G``) once its tables are made, to try them on one tree.  At
the end each process hands back what it froze and collects: the objects found unreachable
then (per 1,000 writes) are what freezing kept past its time.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from wsgi_call import wsgi_call  # noqa: E402


class Wsgi:
    """Plain WSGI calls to the app (an environ as gunicorn builds one)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.cpu = 0.0

    def call(self, method: str, path: str, body: bytes | None = None,
             token: str | None = None) -> tuple[int, bytes]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["X-Table-Token"] = token
        status, raw, cpu = wsgi_call(self.app, method, path, body, headers, threaded=True)
        self.cpu += cpu
        return status, raw


class Collections:
    """A ``gc.callbacks`` hook: per generation, how many and their thread CPU (ms)."""

    def __init__(self) -> None:
        self.reset()
        self.t0 = 0.0
        gc.callbacks.insert(0, self.hook)

    def reset(self) -> None:
        self.count = [0, 0, 0]
        self.cpu = [0.0, 0.0, 0.0]
        self.longest = [0.0, 0.0, 0.0]

    def hook(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.t0 = time.thread_time()
            return
        ms = (time.thread_time() - self.t0) * 1000
        g = info["generation"]
        self.count[g] += 1
        self.cpu[g] += ms
        self.longest[g] = max(self.longest[g], ms)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def serve(a: argparse.Namespace) -> None:
    """One tree's process: build the tables, then answer bursts read from stdin."""
    spec, _, threshold = a.root[0].partition("@")
    root = Path(spec).resolve()
    sys.path.insert(0, str(root))
    tmp = Path(tempfile.mkdtemp(prefix="bench-write-gc-"))
    url = f"sqlite:///{tmp / 'gc.sqlite3'}"
    os.environ.update({"DATABASE_URL": url, "WEBSCORE_RATELIMITS": "off"})
    from tracker_load import GAMES, MAX_ENTRY, playout

    from webscore import create_app

    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMITS": "off",
                      "GC_FREEZE": True})
    client = Wsgi(app)
    plays = [playout(g, seed + i) for seed in (11, 40) for i, g in enumerate(GAMES)]
    rng = random.Random(1)
    tables: list[dict[str, Any]] = []
    for k in range(a.tables):
        play = plays[k % len(plays)]
        status, raw = client.call("POST", "/api/tables", json.dumps({
            "game": play.game, "players": list(play.players), "seed": play.seed,
            "chance": "table"}).encode())
        assert status == 201, raw[:300]
        made = json.loads(raw)
        t = {"id": made["id"], "token": made["token"], "seq": made["seq"], "next": 0,
             "events": play.events}
        to = int(rng.random() * max(0, min(len(play.events) - 60, 1200)))
        while t["next"] < to:
            chunk: list[str] = []
            size = 0
            for text in play.events[t["next"]:to]:
                if size + len(text) + 1 > MAX_ENTRY:
                    break
                chunk.append(text)
                size += len(text) + 1
            write(client, t, " ".join(chunk), len(chunk))
        tables.append(t)
    for t in tables:  # warm: every table cached and its captions described
        client.call("GET", f"/api/tables/{t['id']}?since={t['seq']}")
        write(client, t, t["events"][t["next"]], 1)
    threshold, _, freeze_from = threshold.partition("/")
    if threshold:  # this run's own thresholds instead of the tree's
        gc.set_threshold(*(int(x) for x in threshold.split(",")))
    if freeze_from:  # and its own generation to freeze after
        from webscore import gcpolicy

        gcpolicy.FREEZE_FROM = int(freeze_from)
    gc.collect()
    seen = Collections()
    print("READY", flush=True)
    for line in sys.stdin:
        if line.startswith("tracked"):
            print(json.dumps(tracked(client, tables, rng)), flush=True)
            continue
        if line.startswith("end"):  # what freezing kept: found once handed back
            gc.collect()
            gc.unfreeze()
            print(json.dumps({"kept": gc.collect(), "rss_mb": rss_mb()}), flush=True)
            continue
        burst = int(line)
        seen.reset()
        c0 = client.cpu
        statuses: dict[int, int] = {}
        for _ in range(burst):
            t = tables[rng.randrange(len(tables))]
            if t["next"] >= len(t["events"]):
                continue
            status = write(client, t, t["events"][t["next"]], 1)
            statuses[status] = statuses.get(status, 0) + 1
        print(json.dumps({"writes": burst, "statuses": statuses,
                          "write_cpu_ms": 1000 * (client.cpu - c0) / burst,
                          "count": seen.count, "cpu": seen.cpu, "longest": seen.longest,
                          "rss_mb": rss_mb(), "frozen": gc.get_freeze_count(),
                          "tracked": len(gc.get_objects())}), flush=True)


def write(client: Wsgi, t: dict[str, Any], text: str, events: int) -> int:
    body = b'{"seq": %d, "text": %s}' % (t["seq"], json.dumps(text).encode())
    status, raw = client.call("POST", f"/api/tables/{t['id']}/events", body, t["token"])
    if status != 201:
        raise SystemExit(f"write refused: {status} {raw[:300]!r}")
    t["seq"] = json.loads(raw)["seq"]
    t["next"] += events
    return status


def tracked(client: Wsgi, tables: list[dict[str, Any]], rng: random.Random,
            n: int = 200) -> dict[str, float]:
    """Container objects per write with the collector off: left alive (the new snapshot,
    net of the old one freed), and made in passing (``gc.get_count`` counts each one made
    and takes one off for each freed while it is above zero: the peak within a write, the
    figure that sets off generation-0 collections)."""
    gc.collect()
    gc.disable()
    alive = peak = 0
    try:
        for _ in range(n):
            t = tables[rng.randrange(len(tables))]
            if t["next"] >= len(t["events"]):
                continue
            before = len(gc.get_objects())
            gc.collect(0)  # count back to 0 (collections are off: only this explicit one)
            write(client, t, t["events"][t["next"]], 1)
            peak += gc.get_count()[0]
            alive += len(gc.get_objects()) - before
    finally:
        gc.enable()
    return {"alive": alive / n, "count": peak / n}


def lockstep(a: argparse.Namespace) -> None:
    procs = []
    for root in a.root:
        argv = [sys.executable, __file__, "--serve", "--root", root, "--tables", str(a.tables)]
        procs.append(subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True))
    try:
        for p in procs:
            assert p.stdout is not None
            while (line := p.stdout.readline()) and not line.startswith("READY"):
                print(line, end="")
        print(f"tables made; load {os.getloadavg()[0]:.1f}", flush=True)
        results: list[list[dict[str, Any]]] = [[] for _ in procs]
        tracked_out: list[dict[str, Any]] = [{} for _ in procs]
        for k in range(a.rounds):
            for i in (range(len(procs)) if k % 2 == 0 else reversed(range(len(procs)))):
                results[i].append(ask(procs[i], f"{a.burst}"))
        for i, p in enumerate(procs):
            tracked_out[i] = ask(p, "end")
            if a.tracked:
                tracked_out[i].update(ask(p, "tracked"))
    finally:
        for p in procs:
            if p.stdin is not None:
                p.stdin.close()
            p.wait(60)
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{a.tables} tables, {a.rounds} bursts of {a.burst} writes per tree, alternating; "
          f"per 1,000 writes; pause = collecting thread's CPU ms; load now {load}")
    print("| tree | gen-0 / gen-1 / gen-2 collections | their pause (total ms) | longest gen-0 "
          "/ gen-1 / gen-2 (ms) | app CPU a write (median ms) | RSS MB | tracked (frozen) | "
          "kept by freezing |" + (" per write: alive / made |" if a.tracked else ""))
    print("|---|--:|--:|--:|--:|--:|--:|--:|" + ("--:|" if a.tracked else ""))
    for root, runs, tr in zip(a.root, results, tracked_out, strict=True):
        writes = sum(r["writes"] for r in runs)
        per = 1000 / writes
        count = [sum(r["count"][g] for r in runs) * per for g in range(3)]
        pause = sum(sum(r["cpu"]) for r in runs) * per
        longest = [max(r["longest"][g] for r in runs) for g in range(3)]
        cpu = sorted(r["write_cpu_ms"] for r in runs)[len(runs) // 2]
        last = runs[-1]
        print(f"| {root} | {count[0]:.1f} / {count[1]:.1f} / {count[2]:.2f} | {pause:.0f} | "
              f"{longest[0]:.1f} / {longest[1]:.1f} / {longest[2]:.1f} | {cpu:.2f} | "
              f"{last['rss_mb']:.0f} | {last['tracked']:,} ({last['frozen']:,}) | "
              f"{tr['kept'] * per:.0f} |"
              + (f" {tr['alive']:.1f} / {tr['count']:.1f} |" if a.tracked else ""))


def ask(proc: subprocess.Popen[str], line: str) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    out = proc.stdout.readline()
    if not out:
        raise SystemExit(f"a tree's process ended (exit {proc.wait()})")
    return dict(json.loads(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", action="append", default=[],
                    help="a source tree to measure (default: this one); give two or more")
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--burst", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--tracked", action="store_true",
                    help="also count the container objects per write (collector off)")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    a.root = a.root or [str(ROOT)]
    if a.serve:
        serve(a)
    else:
        lockstep(a)


if __name__ == "__main__":
    main()
