"""The closed loop of the tracker benchmark: ``wrk`` connections logging random legal Galaxy
Express entries back to back, against ``GET /healthz`` at the same concurrency, and every
acknowledged entry read back.  Used by ``bench_tracker.py``."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

from tracker_load import call
from tracker_servers import Server, gunicorn

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
                  f"p99 {health['p99_us'] / 1000:6.1f} ms | entries/healthz "
                  f"{moves['rps'] / health['rps'] if health['rps'] else 0:.0%} | acknowledged "
                  f"{moves['moves']}, stored {moves['stored']}", flush=True)
    return rows

