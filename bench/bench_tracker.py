"""Tracker throughput and latency under load: gunicorn (2 workers), SQLite and PostgreSQL.

For each database and for 1, 10 and 50 concurrent tables, `wrk` (a separate C process on
loopback, one connection per table, each waiting for its answer before the next entry, as a
phone does) logs random legal Galaxy Express entries through ``POST /api/tables/ID/events``.
In the same run and against the same server it hits ``GET /healthz``, which touches neither
the database nor an engine: the ratio of the two is the figure to compare across machines.

Every write is a real one: checked by the rules engine, committed durably (SQLite WAL with
``synchronous=FULL``; PostgreSQL's default) before the answer goes out, and the dealt chance
outcomes that follow it are written in the same transaction.

    .venv/bin/python bench/bench_tracker.py [--seconds 8] [--tables 1,10,50] [--json out.json]

Needs ``wrk`` (Debian: ``apt-get install -y wrk``).  PostgreSQL is used when
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
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
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


@contextmanager
def gunicorn(database_url: str, workers: int, cwd: Path) -> Iterator[str]:
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "bench",
           "PYTHONPATH": str(ROOT), "WEBSCORE_RATELIMITS": "off"}  # load, not people
    up = subprocess.run([str(BIN / "flask"), "--app", "webscore", "db-upgrade"], env=env,
                        capture_output=True, text=True, timeout=120)
    if up.returncode != 0:
        raise SystemExit(f"db-upgrade failed: {up.stderr.strip()}")
    port = free_port()
    proc = subprocess.Popen([str(BIN / "gunicorn"), "-w", str(workers), "-b",
                             f"127.0.0.1:{port}", "--backlog", "512", "--log-level", "warning",
                             "webscore:create_app()"], env=env, cwd=cwd,
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


def bench_backend(name: str, url: str, levels: list[int], seconds: float, workers: int,
                  tmp: Path) -> list[dict[str, Any]]:
    script = tmp / "load.lua"
    script.write_text(LUA)
    rows = []
    with gunicorn(url, workers, tmp) as base:
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
                         "loadavg_1min": os.getloadavg()[0],
                         "rps_ratio": health["rps"] / moves["rps"] if moves["rps"] else None})
            print(f"  {name:8} {conns:3d} tables: {moves['rps']:7.1f} entries/s "
                  f"p50 {moves['p50_us'] / 1000:7.1f} ms p99 {moves['p99_us'] / 1000:7.1f} ms"
                  f" | healthz {health['rps']:7.1f}/s p50 {health['p50_us'] / 1000:6.1f} ms "
                  f"p99 {health['p99_us'] / 1000:6.1f} ms | acknowledged {moves['moves']}, "
                  f"stored {moves['stored']}", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=8.0, help="length of each wrk run")
    ap.add_argument("--tables", default="1,10,50", help="concurrent tables, comma separated")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    ap.add_argument("--postgres-url", default=os.environ.get("PNP_TEST_POSTGRES_URL"))
    ap.add_argument("--only", choices=["sqlite", "postgres"], default=None)
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    a = ap.parse_args(argv)
    if shutil.which("wrk") is None:
        print("bench_tracker: wrk is not installed (Debian: apt-get install -y wrk)",
              file=sys.stderr)
        return 2
    levels = [int(x) for x in a.tables.split(",") if x.strip()]
    results: dict[str, Any] = {"python": platform.python_version(),
                               "machine": platform.machine(), "cpus": os.cpu_count(),
                               "workers": a.workers, "seconds": a.seconds, "game": GAME,
                               "rows": []}
    print(f"gunicorn -w {a.workers}, wrk {a.seconds:g} s per run, {GAME} entries", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-tracker-") as tmpdir:
        tmp = Path(tmpdir)
        if a.only in (None, "sqlite"):
            results["rows"] += bench_backend("sqlite", f"sqlite:///{tmp / 'bench.sqlite3'}",
                                             levels, a.seconds, a.workers, tmp)
        if a.only in (None, "postgres"):
            if not a.postgres_url:
                print("  postgres: skipped (no PNP_TEST_POSTGRES_URL / --postgres-url)")
            else:
                with postgres_database(a.postgres_url) as url:
                    results["rows"] += bench_backend("postgres", url, levels, a.seconds,
                                                     a.workers, tmp)
    print()
    print(f"{'db':8} {'tables':>6} {'entries/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'healthz/s':>9} {'p50 ms':>7} {'p99 ms':>7} {'ratio':>6} {'non-2xx':>7}")
    for r in results["rows"]:
        m, h = r["moves"], r["healthz"]
        bad = m["status_errors"] + m["timeouts"] + m["read_errors"] + m["connect_errors"]
        print(f"{r['db']:8} {r['tables']:6d} {m['rps']:9.1f} {m['p50_us'] / 1000:7.1f} "
              f"{m['p99_us'] / 1000:7.1f} {h['rps']:9.1f} {h['p50_us'] / 1000:7.1f} "
              f"{h['p99_us'] / 1000:7.1f} {r['rps_ratio']:6.1f} {bad:7d}")
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
