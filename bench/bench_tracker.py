"""Tracker cost and latency: all five games, open and closed loop, SQLite and PostgreSQL,
one and two app instances on one database, and servers compared side by side.

1. SQL per request (in process, SQLAlchemy event hooks): a write at rows 1, 100 and 1,000 of
   a long Weird Galaxy game, a read, a missed-rows catch-up by a second instance.
2. Write cost against row number: every game logged one entry per request from its first
   row (Weird Galaxy to row 1,000+), each request through the next instance in turn; median
   of 15 writes from rows 1, 100 and 1,000.
3. Open loop (``bench/tracker_load.py``, asyncio): N tables of all five games, each already
   at a random row of a seeded game and read a few times through every instance first (so
   every worker has it cached), each logging its next entry every 5 s on average (uniform
   2.5-7.5 s think time, counted from the last send, whatever the answer took), requests
   spread at random over the instances; then as many phones hitting ``/healthz`` at the same
   rate.  p50/p99 at each N, and the largest N with p99 under 50 ms.  ``--timing`` also
   records where each write's time went inside the server (``bench/gunicorn_timing.py``).
4. Closed loop (``wrk``, one instance): 1, 10, 50 connections logging random legal Galaxy
   Express entries back to back, against ``GET /healthz`` at the same concurrency.

The server is gunicorn, by default as deployed (``gthread``, 2 workers of 8 threads).
``--variant LABEL=SPEC`` (repeatable) measures several servers in one run, each on its own
database, the open-loop levels taken in turn (the order alternating), so that the figures
of a change and of the code before it share the machine's load: e.g.
``--variant "before=root=/tmp/before,sync:2" --variant "after=gthread:2x8"`` with
``git worktree add /tmp/before <commit>``.

Every write is real: checked by the rules engine, committed durably (SQLite WAL with
``synchronous=FULL``; PostgreSQL's default) before the answer goes out.  Rate limits are off
(one loopback address plays every table).

    .venv/bin/python bench/bench_tracker.py [--seconds 15] [--levels 50,200,1000]
        [--instances 1,2] [--only sqlite|postgres] [--variant LABEL=SPEC ...] [--timing]
        [--skip statements,rows,open,closed] [--json out.json]

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
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
BIN = Path(sys.executable).parent
GAME = "galaxy-express"

# One wrk thread per table, one connection per thread: each table has one request in flight.
# Tables are created beforehand (their ids and tokens come in WRK_TABLES); a finished game moves
# the thread to its next table, and only if all are used up does it create one itself.
LUA = r"""
local tables, cursor, tid, token, seq, legal, mode
created, moves, finished_games, refused, stale = 0, 0, 0, 0, 0  -- globals: done() reads them
made = ""  -- ids of tables this thread had to create, comma separated
local threads = {}
local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("index", counter)
  table.insert(threads, thread)
end

local function split(s, sep)
  local out = {}
  for item in string.gmatch(s, "([^" .. sep .. "]+)") do table.insert(out, item) end
  return out
end

function init(args)
  mode = os.getenv("WRK_MODE") or "moves"
  math.randomseed(index * 7919)
  tables = {}
  local all = split(os.getenv("WRK_TABLES") or "", ";")
  for _, entry in ipairs(split(all[index] or "", ",")) do
    local parts = split(entry, ":")
    table.insert(tables, {parts[1], parts[2], tonumber(parts[3]), split(parts[4] or "", "|")})
  end
  cursor = 0
  tid = nil
end

local function next_table()
  cursor = cursor + 1
  local t = tables[cursor]
  if t then tid, token, seq, legal = t[1], t[2], t[3], t[4] else tid = nil end
end

local function parse_state(body)
  local s = string.match(body, '"seq":%s*(%d+)')
  if s then seq = tonumber(s) end
  local list = string.match(body, '"legal":%s*%[(.-)%]')
  legal = {}
  if list then
    for item in string.gmatch(list, '"([^"]*)"') do
      if item ~= "X" then table.insert(legal, item) end
    end
  end
  return string.match(body, '"finished":%s*true') ~= nil
end

function request()
  if mode == "health" then return wrk.format("GET", "/healthz") end
  if tid == nil and cursor == 0 then next_table() end
  if tid == nil then
    local body = '{"game":"galaxy-express","players":["Bench"],"chance":"tracker"}'
    return wrk.format("POST", "/api/tables", {["Content-Type"] = "application/json"}, body)
  end
  local text = "?"
  if legal and #legal > 0 then text = legal[math.random(#legal)] end
  local body = string.format('{"seq":%d,"text":"%s"}', seq, text)
  return wrk.format("POST", "/api/tables/" .. tid .. "/events",
                    {["Content-Type"] = "application/json", ["X-Table-Token"] = token}, body)
end

function response(status, headers, body)
  if mode == "health" then return end
  if tid == nil then
    if status == 201 then
      created = created + 1
      tid = string.match(body, '"id":%s*"([^"]+)"')
      token = string.match(body, '"token":%s*"([^"]+)"')
      made = made .. tid .. ","
      parse_state(body)
    end
    return
  end
  if status == 201 then
    moves = moves + 1
    if parse_state(body) then
      finished_games = finished_games + 1
      next_table()
    end
  elseif status == 409 then
    stale = stale + 1
    parse_state(body)
  else
    refused = refused + 1
    next_table()
  end
end

function done(summary, latency, requests)
  local c, m, f, r, s, ids = 0, 0, 0, 0, 0, ""
  for _, t in ipairs(threads) do
    ids = ids .. (t:get("made") or "")
    c = c + (t:get("created") or 0)
    m = m + (t:get("moves") or 0)
    f = f + (t:get("finished_games") or 0)
    r = r + (t:get("refused") or 0)
    s = s + (t:get("stale") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,' ..
    '"max_us":%d,"mean_us":%.1f,"connect_errors":%d,"read_errors":%d,"write_errors":%d,' ..
    '"status_errors":%d,"timeouts":%d,"created":%d,"moves":%d,"finished_games":%d,' ..
    '"refused":%d,"stale":%d,"created_ids":"%s"}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, latency.mean, e.connect, e.read, e.write, e.status,
    e.timeout, c, m, f, r, s, ids))
end
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(base: str, method: str, path: str, body: Any = None,
         token: str | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Table-Token", token)
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@contextmanager
def postgres_database(base: str) -> Iterator[str]:
    """A throwaway database on the server ``base`` points at, dropped afterwards."""
    from sqlalchemy import create_engine, make_url, text

    name = f"webscore_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE datname = :n AND pid <> pg_backend_pid()"), {"n": name})
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


@dataclass(frozen=True)
class Server:
    """How an app instance is started: gunicorn's worker class, workers and threads, the
    code it runs (``root``: this checkout, or an older one to compare with), extra
    environment (e.g. ``WEBSCORE_SQLITE_SYNC``)."""

    workers: int = 2
    worker_class: str = "gthread"
    threads: int = 8
    root: Path = ROOT
    env: tuple[tuple[str, str], ...] = ()
    label: str = ""

    def argv(self) -> list[str]:
        out = ["-w", str(self.workers), "-k", self.worker_class]
        if self.worker_class == "gthread":
            out += ["--threads", str(self.threads)]
        return out

    def describe(self) -> str:
        kind = (f"{self.workers}x{self.threads} gthread" if self.worker_class == "gthread"
                else f"{self.workers} {self.worker_class}")
        return self.label or kind


@contextmanager
def gunicorn(database_url: str, server: Server | int,
             timing: Path | None = None) -> Iterator[str]:
    if isinstance(server, int):
        server = Server(workers=server)
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "bench",
           "PYTHONPATH": str(server.root), "WEBSCORE_RATELIMITS": "off",  # load, not people
           **dict(server.env)}
    if timing is not None:
        timing.mkdir(parents=True, exist_ok=True)
        env["BENCH_TIMING_DIR"] = str(timing)
    up = subprocess.run([str(BIN / "flask"), "--app", "webscore", "db-upgrade"], env=env,
                        capture_output=True, text=True, timeout=120, cwd=server.root)
    if up.returncode != 0:
        raise SystemExit(f"db-upgrade failed: {up.stderr.strip()}")
    port = free_port()
    config = ["-c", str(ROOT / "bench" / "gunicorn_timing.py")] if timing is not None else []
    proc = subprocess.Popen([str(BIN / "gunicorn"), *server.argv(), *config, "-b",
                             f"127.0.0.1:{port}", "--backlog", "2048", "--log-level",
                             "warning", "webscore:create_app()"], env=env, cwd=server.root,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("gunicorn did not come up") from None
                time.sleep(0.1)
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


def make_tables(base: str, count: int) -> list[str]:
    """``id:token:seq:legal|legal...`` for fresh tables whose chance the tracker deals."""
    out = []
    for n in range(count):
        status, table = call(base, "POST", "/api/tables",
                             {"game": GAME, "players": ["Bench"], "seed": 1000 + n,
                              "chance": "tracker"})
        if status != 201:
            raise SystemExit(f"cannot create a table: {status} {table}")
        legal = "|".join(e for e in table["legal"] if e != "X")
        out.append(f"{table['id']}:{table['token']}:{table['seq']}:{legal}")
    return out


def run_wrk(base: str, mode: str, connections: int, seconds: float, script: Path,
            tables: list[list[str]] | None = None) -> dict[str, Any]:
    env = {**os.environ, "WRK_MODE": mode,
           "WRK_TABLES": ";".join(",".join(t) for t in tables or [])}
    duration = f"{max(1, round(seconds))}s"  # wrk takes whole seconds
    cmd = ["wrk", "-t", str(connections), "-c", str(connections), "-d", duration,
           "--timeout", "30s", "-s", str(script), base + "/"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                          timeout=seconds + 120)
    for line in proc.stdout.splitlines():
        if line.startswith("WRKJSON "):
            figs: dict[str, Any] = json.loads(line[len("WRKJSON "):])
            figs["rps"] = figs["requests"] / (figs["duration_us"] / 1e6)
            return figs
    raise SystemExit(f"wrk gave no figures:\n{proc.stdout}\n{proc.stderr}")


def stored_entries(base: str, table_ids: list[str]) -> int:
    """Typed entries the database holds on these tables (each was acknowledged once)."""
    total = 0
    for tid in table_ids:
        status, state = call(base, "GET", f"/api/tables/{tid}")
        if status != 200:
            raise SystemExit(f"cannot read back table {tid}: {status} {state}")
        total += sum(1 for h in state["history"] if h["source"] == "typed")
    return total


def tables_needed(connections: int, seconds: float) -> int:
    """Enough pre-made tables per connection that wrk rarely creates one mid-measurement."""
    # A Galaxy Express game under random legal entries lasts about 25 typed entries (20 at
    # the shortest); the whole server logs a few hundred entries a second at best.
    per_conn_moves = 600 * seconds / connections
    return max(2, int(per_conn_moves / 20) + 2)


def bench_backend(name: str, url: str, levels: list[int], seconds: float, server: Server,
                  tmp: Path) -> list[dict[str, Any]]:
    script = tmp / "load.lua"
    script.write_text(LUA)
    rows = []
    with gunicorn(url, server) as base:
        run_wrk(base, "health", 2, 1.0, script)  # warm both workers
        for conns in levels:
            per = tables_needed(conns, seconds)
            made = make_tables(base, conns * per)
            tables = [made[i * per:(i + 1) * per] for i in range(conns)]
            moves = run_wrk(base, "moves", conns, seconds, script, tables)
            # wrk may stop with a request in flight: stored can exceed acknowledged by at
            # most one per connection, never fall short of it.
            ids = [t.split(":", 1)[0] for per in tables for t in per]
            ids += [t for t in moves.pop("created_ids").split(",") if t]
            moves["stored"] = stored_entries(base, ids)
            moves["lost"] = max(0, moves["moves"] - moves["stored"])
            health = run_wrk(base, "health", conns, seconds, script)
            rows.append({"db": name, "tables": conns, "moves": moves, "healthz": health,
                         "loadavg": os.getloadavg(),
                         "rps_ratio": health["rps"] / moves["rps"] if moves["rps"] else None})
            print(f"  {name:8} {conns:3d} tables: {moves['rps']:7.1f} entries/s "
                  f"p50 {moves['p50_us'] / 1000:7.1f} ms p99 {moves['p99_us'] / 1000:7.1f} ms"
                  f" | healthz {health['rps']:7.1f}/s p50 {health['p50_us'] / 1000:6.1f} ms "
                  f"p99 {health['p99_us'] / 1000:6.1f} ms | acknowledged {moves['moves']}, "
                  f"stored {moves['stored']}", flush=True)
    return rows


def statements(url: str, long_game: Any) -> dict[str, Any]:
    """SQL per request, in process: writes at rows 1, 100 and 1,000 of a long game, a read
    of a cached table, and a second instance catching up on rows it missed."""
    from webscore import create_app
    from webscore.db import get_engine
    from webscore.sqlcount import counting
    from webscore.tracker import clear_cache

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
    for app in (a, b):
        get_engine(app).dispose()
    return out


def start_instances(stack: ExitStack, url: str, count: int, server: Server,
                    timing: Path | None = None) -> list[str]:
    return [stack.enter_context(gunicorn(url, server, timing)) for _ in range(count)]


def parse_variant(text: str) -> Server:
    """``LABEL=ITEM,ITEM...``: ``sync:W`` or ``gthread:WxT`` (workers, threads),
    ``root=DIR`` (the code to run: another checkout, e.g. a ``git worktree`` of an older
    commit), ``NAME=VALUE`` (environment, e.g. ``WEBSCORE_SQLITE_SYNC=NORMAL``)."""
    label, _, spec = text.partition("=")
    server = Server(label=label.strip())
    env: list[tuple[str, str]] = []
    for item in [x.strip() for x in spec.split(",") if x.strip()]:
        kind, colon, size = item.partition(":")
        if colon and kind in ("sync", "gthread"):
            workers, _, threads = size.partition("x")
            server = replace(server, worker_class=kind, workers=int(workers),
                             threads=int(threads or server.threads))
        elif item.startswith("root="):
            server = replace(server, root=Path(item[5:]).resolve())
        elif "=" in item:
            name, _, value = item.partition("=")
            env.append((name, value))
        else:
            raise SystemExit(f"bench_tracker: cannot read {item!r} in --variant {text!r}")
    return replace(server, env=tuple(env))


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


def timing_summary(directory: Path, since: float) -> dict[str, dict[str, float]]:
    """Where the writes' time went in the server (bench/gunicorn_timing.py): the mean over
    all writes, and over the slowest 1 %."""
    recs = []
    for f in directory.glob("*.jsonl"):
        for line in f.read_text().splitlines():
            d = json.loads(line)
            if d.get("end", 0) >= since and d.get("path") == "events":
                recs.append(d)
    recs.sort(key=lambda d: d["worker"])
    keys = ["worker", "load", "engine", "store", "lock", "sql", "commit", "view"]

    def mean(sel: list[dict[str, Any]]) -> dict[str, float]:
        m = {k: sum(d.get(k, 0.0) for d in sel) / max(1, len(sel)) for k in keys}
        m["other"] = m["worker"] - m["load"] - m["engine"] - m["store"] - m["view"]
        m["n"] = len(sel)
        led = [d for d in sel if "batch_n" in d]
        if led:  # SQLite group commit: per commit, the writes it carried and its duration
            m["batch_n"] = sum(d["batch_n"] for d in led) / len(led)
            m["batch_ms"] = sum(d["batch_ms"] for d in led) / len(led)
        return m

    return {"all": mean(recs), "slowest 1%": mean(recs[int(len(recs) * 0.99):])}


def bench_open(name: str, fresh: Any, instances: int, a: Any, plays: list[Any], tmp: Path,
               long_game: Any, variants: list[Server]) -> list[dict[str, Any]]:
    """Every variant on its own database, measured level by level in turn (the order
    alternating), with ``/healthz`` phones at each level on the first variant."""
    from tracker_load import open_loop, prepare, row_costs

    levels = [int(x) for x in a.levels.split(",") if x.strip()]
    outs: list[dict[str, Any]] = []
    with ExitStack() as stack:
        started = []
        for i, server in enumerate(variants):
            timing = tmp / f"timing-{name}-{instances}-{i}" if a.timing else None
            bases = start_instances(stack, fresh(f"o{instances}v{i}"), instances, server,
                                    timing)
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
            started.append((server, bases, tables, timing, out))
            outs.append(out)
        for k, n in enumerate(levels):
            for server, bases, tables, timing, out in (started if k % 2 == 0
                                                       else started[::-1]):
                since = time.time() + 6.0
                run = open_loop(bases, list(tables[:n]), period=a.period, warm=6.0,
                                seconds=a.seconds).summary()
                run["loadavg"] = os.getloadavg()
                if timing is not None:
                    run["server_ms"] = timing_summary(timing, since)
                out["open_loop"].append(run)
                print(f"  {name} x{instances} {server.describe():24} {n:5d} tables: "
                      f"{run['rps']:6.1f} entries/s p50 {run['p50_ms']:6.1f} ms p99 "
                      f"{run['p99_ms']:7.1f} ms statuses {run['statuses']} late sends "
                      f"{run['late_sends']} load {run['loadavg'][0]:.1f}", flush=True)
                for what, m in run.get("server_ms", {}).items():
                    print(f"      in the server, {what:10} " + " ".join(
                        f"{key} {v:.1f}" for key, v in m.items()), flush=True)
            server, bases, _, _, out = started[0]
            health = open_loop(bases, [None] * n, period=a.period, warm=6.0,
                               seconds=a.seconds).summary()
            health["loadavg"] = os.getloadavg()
            outs[0]["healthz"].append(health)
            print(f"  {name} x{instances} {'/healthz':24} {n:5d} phones: "
                  f"p50 {health['p50_ms']:.1f} ms p99 {health['p99_ms']:.1f} ms "
                  f"load {health['loadavg'][0]:.1f}", flush=True)
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


def _load(run: dict[str, Any]) -> str:
    la = run.get("loadavg") or [run.get("loadavg_1min", float("nan"))] * 3
    return " ".join(f"{x:.1f}" for x in la)


def markdown(data: dict[str, Any]) -> str:
    """The figures as the Markdown tables of bench/README.md (bench/run.py uses it too)."""
    out = []
    for name, sql in data.get("statements", {}).items():
        out += [f"SQL statements per request ({name}): " + "; ".join(
            f"{what} {len(stmts)}" for what, stmts in sql.items()
            if not what.endswith("_median")), ""]
        for key in ("cpu_ms_median", "wall_ms_median"):
            if key in sql:
                out += [f"In process ({name}), {key}: " + " / ".join(
                    f"row {r}: {v:.2f}" for r, v in sql[key].items()), ""]
    opened = data.get("open", [])
    if any("row_costs" in r for r in opened):
        out += ["| database | instances | server | game | write ms at row 1 | row 100 | "
                "row 1,000 |", "|---|--:|---|---|--:|--:|--:|"]
        for r in opened:
            for game, costs in r.get("row_costs", {}).items():
                c = {str(k): v for k, v in costs.items()}  # int keys, or str from JSON
                figs = " | ".join(f"{c[k]['median_ms']:.1f}" if k in c else "-"
                                  for k in ("1", "100", "1000"))
                out.append(f"| {r['db']} | {r['instances']} | {r.get('variant', '')} | "
                           f"{game} | {figs} |")
        out.append("")
    if opened:
        out += ["| database | instances | server | tables (1 entry / 5 s each) | entries/s | "
                "p50 ms | p99 ms | load average (1, 5, 15 min) |",
                "|---|--:|---|--:|--:|--:|--:|---|"]
        for r in opened:
            for run in r["open_loop"]:
                out.append(f"| {r['db']} | {r['instances']} | {r.get('variant', '')} | "
                           f"{run['tables']:,} | {run['rps']:.0f} | {run['p50_ms']:.1f} | "
                           f"**{run['p99_ms']:.1f}** | {_load(run)} |")
            for h in r["healthz"] if isinstance(r["healthz"], list) else [r["healthz"]]:
                out.append(f"| {r['db']} | {r['instances']} | `/healthz` | "
                           f"{h['tables']:,} phones | {h['rps']:.0f} | {h['p50_ms']:.1f} | "
                           f"{h['p99_ms']:.1f} | {_load(h)} |")
        out += ["", "Most tables at p99 < 50 ms: " + "; ".join(
            f"{r['db']} x{r['instances']} {r.get('variant', '')}: "
            f"{r['max_tables_p99_under_50ms']:,}" for r in opened), ""]
        timed = [(r, run) for r in opened for run in r["open_loop"] if "server_ms" in run]
        if timed:
            keys = ["worker", "load", "engine", "store", "lock", "sql", "commit", "view",
                    "other"]
            out += ["Where a write's time goes in the server, ms (mean; `worker` is the whole "
                    "request in the app, the client's latency minus it is the time queued):",
                    "", "| database | instances | server | tables | writes | " +
                    " | ".join(keys) + " |", "|---|--:|---|--:|---|" + "--:|" * len(keys)]
            for r, run in timed:
                for what, m in run["server_ms"].items():
                    out.append(f"| {r['db']} | {r['instances']} | {r.get('variant', '')} | "
                               f"{run['tables']:,} | {what} ({int(m['n'])}) | " +
                               " | ".join(f"{m[k]:.1f}" for k in keys) + " |")
            out.append("")
    if data.get("rows"):
        out += ["| database | server | connections | entries/s | p50 ms | p99 ms | "
                "/healthz req/s | p50 ms | p99 ms | entries/healthz | non-2xx | acknowledged "
                "| stored | load average |",
                "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|"]
        for r in data["rows"]:
            m, h = r["moves"], r["healthz"]
            bad = m["status_errors"] + m["timeouts"] + m["read_errors"] + m["connect_errors"]
            la = r.get("loadavg") or [r.get("loadavg_1min", float("nan"))] * 3
            out.append(f"| {r['db']} | {r.get('variant', '')} | {r['tables']} | "
                       f"{m['rps']:.0f} | {m['p50_us'] / 1000:.1f} | {m['p99_us'] / 1000:.1f}"
                       f" | {h['rps']:.0f} | {h['p50_us'] / 1000:.1f} | "
                       f"{h['p99_us'] / 1000:.1f} | **{m['rps'] / h['rps']:.0%}** | {bad} | "
                       f"{m['moves']} | {m.get('stored', '-')} | "
                       + " ".join(f"{x:.1f}" for x in la) + " |")
    out.append("")
    out.append(f"Load average at the start {' '.join(f'{x:.1f}' for x in data['loadavg_start'])}"
               f", at the end {' '.join(f'{x:.1f}' for x in data.get('loadavg_end', []))}; "
               f"{data.get('minutes', 0):.1f} minutes.")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
