"""Tracker cost and latency: all five games, open and closed loop, SQLite and PostgreSQL,
one and two app instances on one database, and servers compared side by side.

1. SQL per request (in process, SQLAlchemy event hooks): a write at rows 1, 100 and 1,000 of
   a long Weird Galaxy game, a read, a missed-rows catch-up by a second instance.
2. Write cost against row number: every game logged one entry per request from its first
   row (Weird Galaxy to row 1,000+), each request through the next instance in turn; median
   of 15 writes from rows 1, 100 and 1,000.
3. Open loop (``bench/tracker_phones.py``: raw sockets in one selectors loop, the cheap
   load generator; ``--generator asyncio``: ``tracker_load``'s asyncio crowd, to compare):
   N tables of all five games, each already
   at a random row of a seeded game and read a few times through every instance first (so
   every worker has it cached), each logging its next entry every 5 s on average (uniform
   2.5-7.5 s think time, counted from the last send, whatever the answer took), requests
   spread at random over the instances; then as many phones hitting ``/healthz`` at the same
   rate.  p50/p99 at each N, and the largest N with p99 under 50 ms.  ``--timing`` also
   records where each write's time went inside the server (``bench/gunicorn_timing.py``).
4. Closed loop (``wrk``, one instance): 1, 10, 50 connections logging random legal Galaxy
   Express entries back to back, against ``GET /healthz`` at the same concurrency.

The server is gunicorn with ``gthread`` workers, by default 2 workers of 8 threads (``make
run`` serves 2 x 32, the extra threads for live streams: ``--variant "make-run=gthread:2x32"``);
with several instances and no ``--variant`` the 2 workers are shared out (two instances of
1 x 8: one worker per core in all, as docs/tracker.md advises; each extra worker process
costs every write a catch-up).
``--variant LABEL=SPEC`` (repeatable) measures several servers in one run, each on its own
database, the open-loop levels taken in turn (the order alternating), so that the figures
of a change and of the code before it share the machine's load: e.g.
``--variant "before=root=/tmp/before,sync:2" --variant "after=gthread:2x8"`` with
``git worktree add /tmp/before <commit>``.

Every write is real: checked by the rules engine and committed (SQLite WAL with the
tracker's default ``synchronous=NORMAL``; PostgreSQL's default) before the answer goes out.
Rate limits are off (one loopback address plays every table).

    .venv/bin/python bench/bench_tracker.py [--seconds 15] [--levels 50,200,1000]
        [--instances 1,2] [--only sqlite|postgres] [--variant LABEL=SPEC ...] [--timing]
        [--skip statements,rows,open,closed] [--generator raw|asyncio] [--json out.json]

Needs ``wrk`` (``bash .ci/services`` installs it).  PostgreSQL is used when
``PNP_TEST_POSTGRES_URL`` (or ``--postgres-url``) names a server where we may create a
throwaway database (``eval "$(bash .ci/services)"`` sets it); otherwise that half is skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from contextlib import ExitStack, suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tracker_closed import GAME, bench_backend  # noqa: E402
from tracker_cpu import CpuMeter, postmaster  # noqa: E402
from tracker_report import gc_summary, markdown, slowest_in_gc, timing_summary  # noqa: E402
from tracker_servers import (  # noqa: E402
    PIDS,
    Server,
    parse_variant,
    postgres_database,
    start_instances,
)


def _asyncio_loop(*args: Any, **kw: Any) -> Any:
    from tracker_load import open_loop

    return open_loop(*args, **kw)


def _raw_loop(*args: Any, **kw: Any) -> Any:
    from tracker_phones import open_loop

    return open_loop(*args, **kw)


GENERATORS = {"raw": _raw_loop, "asyncio": _asyncio_loop}
"""The open loop's load generators: raw sockets in one selectors loop (``tracker_phones``,
the default: about a tenth of the CPU a request), or the earlier asyncio crowd
(``tracker_load``), kept to compare."""

_POSTMASTERS: dict[str, int | None] = {}
DATABASES: dict[str, str] = {}
"""Each instance's DATABASE_URL, by base URL (to find a local PostgreSQL server's CPU)."""


def db_pid(bases: list[str]) -> int | None:
    """The local PostgreSQL server's main process of these instances (None: SQLite, or a
    server elsewhere)."""
    url = DATABASES.get(bases[0], "")
    if not url.startswith("postgresql"):
        return None
    if url not in _POSTMASTERS:
        _POSTMASTERS[url] = postmaster(url)
    return _POSTMASTERS[url]


def cpu_line(cpu: dict[str, float]) -> str:
    return (" ".join(f"{k[:-3]} {v:.2f}" for k, v in cpu.items() if k.endswith("_ms"))
            + f" (cores busy {cpu['cores_busy']:.2f})")


def statements(url: str, long_game: Any) -> dict[str, Any]:
    """SQL per request, in process: writes at rows 1, 100 and 1,000 of a long game, a read
    of a cached table, and a second instance catching up on rows it missed."""
    from webscore import create_app
    from webscore.db import get_engine
    from webscore.snapshots import clear_cache
    from webscore.sqlcount import counting

    config = {"SECRET_KEY": "bench", "DATABASE_URL": url, "AUTO_MIGRATE": True,
              "RATELIMITS": "off"}
    a, b = create_app(config), create_app(config)
    ca, cb = a.test_client(), b.test_client()
    table = ca.post("/api/tables", json={"game": long_game.game, "players":
                                         list(long_game.players), "seed": long_game.seed,
                                         "chance": "table"}).get_json()
    tid, token = table["id"], {"X-Table-Token": table["token"]}
    cb.get(f"/api/tables/{tid}")  # b caches the table at row 0
    out: dict[str, Any] = {}
    seq = 0

    def write(client: Any, engine: Any) -> list[str]:
        nonlocal seq
        with counting(engine) as seen:
            r = client.post(f"/api/tables/{tid}/events", headers=token,
                            json={"seq": seq, "text": long_game.events[seq]})
        assert r.status_code == 201, r.get_json()
        seq = r.get_json()["seq"]
        if any("table_checkpoints" in sql for sql in seen.sql):
            out.setdefault("write with a checkpoint (1 in 50)", seen.sql)
        return seen.sql

    cpu: dict[int, list[float]] = {}
    wall: dict[int, list[float]] = {}
    for row in (1, 100, 1000):
        while seq < row - 1:  # fast-forward in long entries
            chunk, size = [], 0
            for text in long_game.events[seq:row - 1]:
                if size + len(text) > 1900:
                    break
                chunk.append(text)
                size += len(text) + 1
            seq = ca.post(f"/api/tables/{tid}/events", headers=token,
                          json={"seq": seq, "text": " ".join(chunk)}).get_json()["seq"]
        if row == 1000:  # b last saw row 0: it catches up, then reads a cached table
            with counting(get_engine(b)) as seen:
                cb.get(f"/api/tables/{tid}?since={seq}")
            out["catch-up of 999 missed rows"] = seen.sql
            with counting(get_engine(b)) as seen:
                cb.get(f"/api/tables/{tid}?since={seq}")
            out["read (cached, nothing new)"] = seen.sql
        out[f"write at row {row}"] = write(ca, get_engine(a))
        for _ in range(15):  # then time single writes: CPU (this process) and wall clock
            c0, w0 = time.process_time(), time.perf_counter()
            write(ca, get_engine(a))
            cpu.setdefault(row, []).append((time.process_time() - c0) * 1000)
            wall.setdefault(row, []).append((time.perf_counter() - w0) * 1000)
    out["write through the other instance (1 missed row)"] = write(cb, get_engine(b))
    out["cpu_ms_median"] = {r: sorted(v)[len(v) // 2] for r, v in cpu.items()}
    out["wall_ms_median"] = {r: sorted(v)[len(v) // 2] for r, v in wall.items()}
    clear_cache()
    with counting(get_engine(a)) as seen:
        ca.get(f"/api/tables/{tid}?since={seq}")
    out["cold start at row 1,001 (table, rows, checkpoints)"] = seen.sql
    with counting(get_engine(a)) as seen:  # (the test client holds no stream: the answer)
        ca.get(f"/t/{tid}/events?since={seq}")
    out["live updates: a polling phone's head"] = seen.sql
    for app in (a, b):
        get_engine(app).dispose()
    return out



def settle(urls: list[str], quiet: float = 5.0, wait: float = 60.0) -> None:
    """Let the machine settle after the preparation, before the first measured run: on
    PostgreSQL a CHECKPOINT (the preparation's dirty pages written now, not during the
    run; skipped without the right) and the wait for autovacuum to finish with the freshly
    loaded tables (at most ``wait`` s); then ``quiet`` s of nothing.  Without it the first
    variant of a run started straight after up to 3,000 tables were fast-forwarded, and
    PostgreSQL at 1,000 tables, running near the machine's CPU capacity, could not drain
    a queue begun then (bench/README.md, "PostgreSQL's slow first variant")."""
    from sqlalchemy import create_engine, make_url, text
    from sqlalchemy.exc import SQLAlchemyError

    started = time.monotonic()
    names = [make_url(u).database for u in urls if u.startswith("postgresql")]
    if names:
        admin = create_engine(urls[0], isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as conn:
                with suppress(SQLAlchemyError):  # not a superuser: the server's own then
                    conn.execute(text("CHECKPOINT"))
                while time.monotonic() - started < wait and conn.execute(text(
                        "SELECT count(*) FROM pg_stat_activity WHERE backend_type = "
                        "'autovacuum worker' AND datname = ANY(:names)"),
                        {"names": names}).scalar_one():
                    time.sleep(0.5)
        finally:
            admin.dispose()
    time.sleep(quiet)
    print(f"  settled in {time.monotonic() - started:.1f} s", flush=True)



def warm_caches(bases: list[str], tables: list[Any], reads: int = 4) -> None:
    """Read every table a few times through every instance, so that each worker has it
    cached (a worker that never served a table loads it cold: 4 queries and up to 50
    events replayed, measured on its own by the row-cost and statement figures)."""
    from concurrent.futures import ThreadPoolExecutor

    from tracker_load import call as load_call

    def warm(table: Any) -> None:
        for base in bases:
            for _ in range(reads):
                load_call(base, "GET", f"/api/tables/{table.id}?since={table.seq}")

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(warm, tables))



def bench_open(name: str, fresh: Any, instances: int, a: Any, plays: list[Any], tmp: Path,
               long_game: Any, variants: list[Server]) -> list[dict[str, Any]]:
    """Every variant on its own database, measured level by level in turn (the order
    alternating), with ``/healthz`` phones at each level on the first variant."""
    from tracker_load import prepare, row_costs

    open_loop = GENERATORS[a.generator]

    levels = [int(x) for x in a.levels.split(",") if x.strip()]
    outs: list[dict[str, Any]] = []
    with ExitStack() as stack:
        started = []
        for i, server in enumerate(variants):
            if not a.variant and instances > 1:  # the default: the machine's workers shared
                server = replace(server, workers=max(1, server.workers // instances),
                                 label=f"{server.label}, {max(1, server.workers // instances)}"
                                 f"x{server.threads} each")
            timing = tmp / f"timing-{name}-{instances}-{i}" if a.timing else None
            url = fresh(f"o{instances}v{i}")
            gc_dir = tmp / f"gc-{name}-{instances}-{i}"
            bases = start_instances(stack, url, instances, server, timing, gc_dir)
            DATABASES.update((b, url) for b in bases)
            out: dict[str, Any] = {"db": name, "instances": instances,
                                   "variant": server.describe(), "open_loop": [],
                                   "healthz": []}
            if "rows" not in a.skip:
                costs = {}
                for play in [p for p in plays if p.game != long_game.game] + [long_game]:
                    costs[play.game] = row_costs(bases, play, [1, 100, 1000])
                out["row_costs"] = costs
                print(f"  {name} x{instances} {server.describe()}: write ms (median of 15) "
                      "at rows 1 / 100 / 1,000: " + "; ".join(
                          f"{g} " + " / ".join(f"{v['median_ms']:.1f}" for v in c.values())
                          for g, c in costs.items()), flush=True)
            tables = prepare(bases, plays, max(levels), reserve=40)
            warm_caches(bases, tables)
            started.append((server, bases, tables, (timing, gc_dir), out))
            outs.append(out)
        settle([DATABASES[b] for _, bases, *_ in started for b in bases[:1]])
        for k, n in enumerate(levels):
            for server, bases, tables, (timing, gc_dir), out in (started if k % 2 == 0
                                                                 else started[::-1]):
                since = time.time() + 6.0
                begun = time.time()
                with CpuMeter([PIDS[b] for b in bases], db_pid(bases)) as cpu:
                    loop = open_loop(bases, list(tables[:n]), period=a.period, warm=6.0,
                                     seconds=a.seconds, route=server.route)
                run = loop.summary()
                run["cpu"] = cpu.per(len(loop.sent))
                run["gc"] = gc_summary(gc_dir, begun, time.time(), len(loop.sent))
                run["slowest_in_gc"] = slowest_in_gc(gc_dir, loop, 6.0)
                run["loadavg"] = os.getloadavg()
                if timing is not None:
                    run["server_ms"] = timing_summary(timing, since)
                    if os.environ.get("BENCH_COMMIT_LOG"):  # keep the raw records too
                        shutil.copytree(timing, Path(os.environ["BENCH_COMMIT_LOG"]) /
                                        f"{timing.name}-{n}", dirs_exist_ok=True)
                out["open_loop"].append(run)
                print(f"  {name} x{instances} {server.describe():24} {n:5d} tables: "
                      f"{run['rps']:6.1f} entries/s p50 {run['p50_ms']:6.1f} ms p99 "
                      f"{run['p99_ms']:7.1f} ms statuses {run['statuses']} late sends "
                      f"{run['late_sends']} load {run['loadavg'][0]:.1f}", flush=True)
                print("      CPU ms per write: " + cpu_line(run["cpu"]), flush=True)
                print("      garbage collections per 1,000 writes (count, pause ms, longest "
                      "ms): " + "; ".join(f"{g} {v['n']:.2f}, {v['ms']:.1f}, "
                                          f"{v['longest_ms']:.1f}"
                                          for g, v in run["gc"].items()), flush=True)
                print("      the slowest 1 % of writes: " + ", ".join(
                    f"{k} {v}" for k, v in run["slowest_in_gc"].items()), flush=True)
                print("      p50 ms of the sends of each 3 s, warm-up included: "
                      + " ".join(f"{x:.0f}" for x in run["p50_ms_by_3s"]), flush=True)
                for what, m in run.get("server_ms", {}).items():
                    print(f"      in the server, {what:10} " + " ".join(
                        f"{key} {v:.1f}" for key, v in m.items()), flush=True)
            server, bases, _, _, out = started[0]
            with CpuMeter([PIDS[b] for b in bases], db_pid(bases)) as cpu:
                loop = open_loop(bases, [None] * n, period=a.period, warm=6.0,
                                 seconds=a.seconds)
            health = loop.summary()
            health["cpu"] = cpu.per(len(loop.sent))
            health["loadavg"] = os.getloadavg()
            outs[0]["healthz"].append(health)
            print(f"  {name} x{instances} {'/healthz':24} {n:5d} phones: "
                  f"p50 {health['p50_ms']:.1f} ms p99 {health['p99_ms']:.1f} ms "
                  f"load {health['loadavg'][0]:.1f}; CPU ms per request: "
                  + cpu_line(health["cpu"]), flush=True)
    for out in outs:
        ok = [r["tables"] for r in out["open_loop"]
              if r["p99_ms"] < 50 and set(r["statuses"]) == {"201"}]
        out["max_tables_p99_under_50ms"] = max(ok, default=0)
    return outs



def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=15.0, help="measured seconds per run")
    ap.add_argument("--period", type=float, default=5.0, help="mean seconds between entries")
    ap.add_argument("--levels", default="50,200,1000", help="open-loop table counts")
    ap.add_argument("--instances", default="1,2", help="app instances, comma separated")
    ap.add_argument("--tables", default="1,10,50", help="closed-loop connections")
    ap.add_argument("--closed-seconds", type=float, default=5.0)
    ap.add_argument("--variant", action="append", default=[], metavar="LABEL=SPEC",
                    help=f"a server to measure (repeatable, measured side by side): "
                    f"{parse_variant.__doc__}  Default: 'this tree=gthread:2x8'")
    ap.add_argument("--timing", action="store_true", help="record where each write's time "
                    "goes in the server (bench/gunicorn_timing.py) and print it")
    ap.add_argument("--postgres-url", default=os.environ.get("PNP_TEST_POSTGRES_URL"))
    ap.add_argument("--only", choices=["sqlite", "postgres"], default=None)
    ap.add_argument("--skip", default="", help="comma separated: statements,rows,open,closed")
    ap.add_argument("--generator", choices=sorted(GENERATORS), default="raw",
                    help="the open loop's load generator (default raw: tracker_phones.py)")
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    a = ap.parse_args(argv)
    a.skip = set(a.skip.split(","))
    variants = [parse_variant(v) for v in a.variant or ["this tree=gthread:2x8"]]
    if shutil.which("wrk") is None and "closed" not in a.skip:
        print("bench_tracker: wrk is not installed (bash .ci/services installs it)",
              file=sys.stderr)
        return 2
    from tracker_load import GAMES, playout

    started = time.monotonic()
    print("generating games (seeded playouts through the engines)...", flush=True)
    plays = [playout(g, seed + i) for seed in (11, 40) for i, g in enumerate(GAMES)]
    long_game = playout("weird-galaxy", 7, at_least=1100)
    print("  " + ", ".join(f"{p.game} {len(p.events)}" for p in [*plays, long_game]) +
          " entries", flush=True)
    results: dict[str, Any] = {
        "python": platform.python_version(), "machine": platform.machine(),
        "cpus": os.cpu_count(), "seconds": a.seconds, "period": a.period, "game": GAME,
        "variants": [v.describe() + f" ({' '.join(v.argv())}"
                     + "".join(f" {k}={x}" for k, x in v.env) + ")" for v in variants],
        "rows": [], "statements": {}, "open": [],
        "games": {p.game + f"/{p.seed}": len(p.events) for p in [*plays, long_game]},
        "loadavg_start": os.getloadavg()}
    backends: list[tuple[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bench-tracker-") as tmpdir, ExitStack() as stack:
        tmp = Path(tmpdir)
        if a.only in (None, "sqlite"):
            backends.append(("sqlite", lambda n: f"sqlite:///{tmp / f'bench{n}.sqlite3'}"))
        if a.only in (None, "postgres"):
            if not a.postgres_url:
                print("  postgres: skipped (no PNP_TEST_POSTGRES_URL / --postgres-url)")
            else:
                pg = a.postgres_url
                backends.append(("postgres", lambda n: stack.enter_context(
                    postgres_database(pg))))
        for name, fresh in backends:
            if "statements" not in a.skip:
                sql = statements(fresh("s"), long_game)
                results["statements"][name] = sql
                print(f"  {name}: SQL per request", flush=True)
                for what, stmts in sql.items():
                    if what.endswith("_median"):
                        print(f"    in process, {what}: " + " / ".join(
                            f"row {r}: {v:.2f}" for r, v in stmts.items()), flush=True)
                        continue
                    print(f"    {what:52} {len(stmts)}: " +
                          " | ".join(x[:40] for x in stmts), flush=True)
            if "open" not in a.skip:
                for n in [int(x) for x in a.instances.split(",") if x.strip()]:
                    results["open"] += bench_open(name, fresh, n, a, plays, tmp, long_game,
                                                  variants)
            if "closed" not in a.skip:
                for i, server in enumerate(variants):
                    rows = bench_backend(name, fresh(f"c{i}"), [
                        int(x) for x in a.tables.split(",") if x.strip()], a.closed_seconds,
                        server, tmp)
                    results["rows"] += [{**r, "variant": server.describe()} for r in rows]
    results["loadavg_end"] = os.getloadavg()
    results["minutes"] = (time.monotonic() - started) / 60
    print()
    print(markdown(results))
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0



if __name__ == "__main__":
    sys.exit(main())
