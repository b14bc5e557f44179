"""CPU per logged entry in the app process, against ``GET /healthz`` in the same run.

Two ways, both playing random legal Galaxy Express entries (as the closed loop does) to
``POST /api/tables/<id>/events`` on warm tables (this process's snapshot cache holds them):

- ``--via client`` (default): Flask's test client in this process; ``time.process_time``
  over all the writes, then over as many ``/healthz`` requests.  ``--profile N`` prints the
  N costliest functions (cProfile, cumulative and own time) of the writes.
- ``--via wsgi``: the app alone: plain WSGI calls in this process, each environ built
  beforehand (as a server hands it over), the CPU counted only inside the app's call and
  the reading of its answer: no test client, no server.  ``--profile`` and ``--split`` too.
- ``--via gunicorn``: one real gunicorn worker (sync, 1 thread); the requests come from
  this process over keep-alive-free HTTP, one at a time, and the worker's own CPU (user +
  system, from /proc) is read before and after.

    .venv/bin/python bench/bench_write_cpu.py [--via client|wsgi|gunicorn] [--db sqlite|URL]
        [--writes 2000] [--tables 20] [--profile 40] [--split] [--root OTHER_TREE]

The database is a fresh SQLite file (``synchronous=FULL``) unless ``--db`` gives an URL
(e.g. ``$PNP_TEST_POSTGRES_URL`` of a throwaway database: the tables are left there).
"""

from __future__ import annotations

import argparse
import cProfile
import http.client
import json
import os
import pstats
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAME = "galaxy-express"


SPLIT = {  # module attribute -> label: CPU inside each (nested ones counted in both)
    "flask.app.Flask.wsgi_app": "the app (Flask's wsgi_app)",
    "flask.ctx.RequestContext.push": " request context (session, URL match)",
    "flask.app.Flask.full_dispatch_request": " dispatch (hooks, view, response)",
    "flask.app.Flask.preprocess_request": "  before_request hooks",
    "flask.app.Flask.finalize_request": "  the response (after_request hooks)",
    "webscore.security.headers": "   security headers",
    "webscore.api.body": "parse the JSON body",
    "webscore.api.load": "find the table (cached snapshot)",
    "webscore.api.authorize": "check the write token",
    "webscore.api.submit_entry": "submit (check + store)",
    "webscore.tracker.play": "  engine: check the entry",
    "webscore.tracker.store": "  store + new snapshot",
    "webscore.tracker.append": "    INSERT + COMMIT (store.append)",
    "webscore.groupcommit.Group._commit": "      a leader's commit (SQLite)",
    "webscore.commits._Group._commit": "      a leader's commit (SQLite)",  # (before session 10)
    "webscore.api.state_json": "answer: state_json",
    "webscore.present.history": "  history (captions)",
    "webscore.api.jsonify": "answer: jsonify",
}


def split_cpu() -> dict[str, list[float]]:
    """Wrap the write path's functions to add up the CPU spent inside each."""
    import importlib

    acc: dict[str, list[float]] = {}
    for target, label in SPLIT.items():
        parts = target.split(".")
        for cut in range(len(parts) - 1, 0, -1):  # the longest importable module, then attributes
            try:
                module: Any = importlib.import_module(".".join(parts[:cut]))
                break
            except ImportError:
                continue
        for part in parts[cut:-1]:
            module = getattr(module, part, None)
        name = parts[-1]
        fn = getattr(module, name, None)
        if fn is None:  # not in the tree measured (an older or newer one)
            continue
        slot = acc.setdefault(label, [0.0, 0])

        def wrapper(*args: Any, _fn: Any = fn, _slot: list[Any] = slot, **kw: Any) -> Any:
            t0 = time.process_time()
            try:
                return _fn(*args, **kw)
            finally:
                _slot[0] += time.process_time() - t0
                _slot[1] += 1

        setattr(module, name, wrapper)
    return acc


class Client:
    """Calls the app: in process (Flask's test client, or plain WSGI calls) or over HTTP to
    a server.  ``app_cpu``: with ``wsgi``, the CPU spent inside the app's calls so far."""

    def __init__(self, app: Any = None, port: int | None = None, wsgi: bool = False) -> None:
        self.app = app if wsgi else None
        self.test = app.test_client() if app is not None and not wsgi else None
        self.port = port
        self.app_cpu = 0.0

    def call(self, method: str, path: str, body: dict[str, Any] | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
        hdrs = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        if self.test is not None:
            r = self.test.open(path, method=method, data=data, headers=hdrs)
            return r.status_code, r.get_json(silent=True) or {}
        if self.app is not None:
            return self._wsgi(method, path, data, hdrs)
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request(method, path, body=data, headers=hdrs)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        return resp.status, (json.loads(raw) if raw[:1] == b"{" else {})


    def _wsgi(self, method: str, path: str, data: bytes | None,
              hdrs: dict[str, str]) -> tuple[int, dict[str, Any]]:
        from wsgi_call import wsgi_call

        status, raw, cpu = wsgi_call(self.app, method, path, data, hdrs)
        self.app_cpu += cpu
        return status, (json.loads(raw) if raw[:1] == b"{" else {})


class Tables:
    """Fresh Galaxy Express tables (the tracker deals), each with its token, seq and legal
    list, played with random legal entries; a finished game is replaced by a new table."""

    def __init__(self, client: Client, count: int, seed: int = 1) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.tables = [self._new() for _ in range(count)]
        self.statuses: dict[int, int] = {}

    def _new(self) -> dict[str, Any]:
        status, state = self.client.call("POST", "/api/tables", {
            "game": GAME, "players": ["Bench"], "chance": "tracker"})
        assert status == 201, (status, state)
        return {"id": state["id"], "token": state["token"], "seq": state["seq"],
                "legal": state["legal"]}

    def write(self, i: int) -> int:
        t = self.tables[i]
        legal = [x for x in t["legal"] if x != "X"] or t["legal"]
        status, state = self.client.call(
            "POST", f"/api/tables/{t['id']}/events",
            {"seq": t["seq"], "text": self.rng.choice(legal)}, {"X-Table-Token": t["token"]})
        self.statuses[status] = self.statuses.get(status, 0) + 1
        answer = state.get("state", state) if status == 409 else state
        if "seq" in answer:
            t["seq"], t["legal"] = answer["seq"], answer["legal"]
        if answer.get("finished") or not t["legal"]:
            self.tables[i] = self._new()
        return status


def worker_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(a: argparse.Namespace, url: str, tmp: Path) -> dict[str, Any]:
    root = Path(a.root).resolve()
    env = {**os.environ, "DATABASE_URL": url, "WEBSCORE_RATELIMITS": "off",
           "SECRET_KEY": "bench", "PYTHONPATH": str(root)}
    sys.path.insert(0, str(root))
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "WEBSCORE_RATELIMITS")})
    proc = None
    split = None
    if a.via in ("client", "wsgi"):
        from webscore import create_app

        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench", "RATELIMITS": "off"})
        split = split_cpu() if a.split else None
        client = Client(app=app, wsgi=a.via == "wsgi")
    else:
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-w", "1", "-k", "sync", "-b",
             f"127.0.0.1:{port}", "--log-level", "warning",
             *(["-c", a.gunicorn_config] if a.gunicorn_config else []),
             "webscore:create_app()"],
            env=env, cwd=tmp)
        client = Client(port=port)
        for _ in range(200):
            try:
                if client.call("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.05)
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        worker = int(children[0])
    try:
        tables = Tables(client, a.tables)
        for k in range(a.tables * 3):  # warm: every table cached, captions described
            tables.write(k % a.tables)
        tables.statuses.clear()
        if a.serve:  # paired rounds: bursts on demand (see ``paired``)
            for line in sys.stdin:
                burst = int(line)
                c0 = time.process_time() if proc is None else worker_cpu(worker)
                c0 = client.app_cpu if a.via == "wsgi" else c0
                for k in range(burst):
                    tables.write(k % a.tables)
                c1 = time.process_time() if proc is None else worker_cpu(worker)
                c1 = client.app_cpu if a.via == "wsgi" else c1
                print(json.dumps({"write_cpu_ms": 1000 * (c1 - c0) / burst}), flush=True)
            return {}
        if proc is None and split is not None:
            for slot in split.values():
                slot[:] = [0.0, 0]

        def cpu() -> float:
            if a.via == "wsgi":
                return client.app_cpu
            return time.process_time() if proc is None else worker_cpu(worker)

        profile = cProfile.Profile(time.process_time) if a.profile and proc is None else None
        t0, w0 = cpu(), time.perf_counter()
        if profile:
            profile.enable()
        for k in range(a.writes):
            tables.write(k % a.tables)
        if profile:
            profile.disable()
        write_cpu, write_wall = cpu() - t0, time.perf_counter() - w0
        if proc is None and split is not None:
            for label, (spent, calls) in split.items():
                print(f"{label:40} {1000 * spent / a.writes:6.3f} ms a write ({calls} calls)")
        t0, w0 = cpu(), time.perf_counter()
        health = a.writes if a.healthz is None else a.healthz
        for _ in range(health):
            client.call("GET", "/healthz")
        health_cpu, health_wall = cpu() - t0, time.perf_counter() - w0
        if profile:
            stats = pstats.Stats(profile)
            stats.sort_stats("cumulative").print_stats(a.profile)
            stats.sort_stats("tottime").print_stats(a.profile)
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
    return {"via": a.via, "db": url.split(":")[0], "writes": a.writes,
            "statuses": tables.statuses,
            "write_cpu_ms": 1000 * write_cpu / a.writes,
            "write_wall_ms": 1000 * write_wall / a.writes,
            "healthz_cpu_ms": 1000 * health_cpu / max(1, health),
            "healthz_wall_ms": 1000 * health_wall / max(1, health),
            "load": os.getloadavg()}


def rounds(a: argparse.Namespace) -> None:
    """Each tree in its own process, ``--rounds`` times, the order alternating: the least
    and the median CPU per write and per ``/healthz`` of each (the least is the one the
    other engineers' load disturbed least)."""
    results: dict[str, list[dict[str, Any]]] = {r: [] for r in a.root}
    for k in range(a.rounds):
        for root in (a.root if k % 2 == 0 else a.root[::-1]):
            argv = [sys.executable, __file__, "--root", root, "--via", a.via, "--db", a.db,
                    "--writes", str(a.writes), "--tables", str(a.tables)]
            out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
            results[root].append(json.loads(out.split("JSON ", 1)[1]))
    print(f"{a.via}, {a.db}, {a.writes} writes a round, {a.rounds} rounds; ms CPU least / median")
    for root, runs in results.items():
        w = sorted(r["write_cpu_ms"] for r in runs)
        h = sorted(r["healthz_cpu_ms"] for r in runs)
        print(f"  {root}: write {w[0]:.2f} / {w[len(w) // 2]:.2f}, /healthz {h[0]:.2f} / "
              f"{h[len(h) // 2]:.2f}, write/healthz {w[0] / h[0]:.1f}x / "
              f"{w[len(w) // 2] / h[len(h) // 2]:.1f}x; loads "
              + " ".join(f"{r['load'][0]:.1f}" for r in runs))


def paired(a: argparse.Namespace) -> None:
    """Two trees side by side in lockstep: each in a process of its own, warm, asked in turn
    for a burst of ``--writes`` writes, ``--rounds`` times; the median of the per-pair
    ratios (second tree / first) is robust to the load drifting during the run."""
    procs = [subprocess.Popen([sys.executable, __file__, "--root", root, "--via", a.via,
                               "--db", a.db, "--tables", str(a.tables), "--serve"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for root in a.root[:2]]
    ms: list[list[float]] = [[], []]
    try:
        for k in range(a.rounds):
            for i in ((0, 1) if k % 2 == 0 else (1, 0)):
                stdin, stdout = procs[i].stdin, procs[i].stdout
                assert stdin is not None and stdout is not None
                stdin.write(f"{a.writes}\n")
                stdin.flush()
                ms[i].append(json.loads(stdout.readline())["write_cpu_ms"])
    finally:
        for proc in procs:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(30)
    ratios = sorted(b / a_ for a_, b in zip(ms[0], ms[1], strict=True))
    first, second = sorted(ms[0]), sorted(ms[1])
    print(f"{a.via}, {a.db}, paired: {a.rounds} bursts of {a.writes} writes each; "
          f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for root, runs in zip(a.root, (first, second), strict=False):
        print(f"  {root}: write ms CPU least {runs[0]:.3f}, median {runs[len(runs) // 2]:.3f}")
    print(f"  second / first, per pair: median {ratios[len(ratios) // 2]:.3f} "
          f"(quartiles {ratios[len(ratios) // 4]:.3f} - {ratios[3 * len(ratios) // 4]:.3f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--via", choices=("client", "wsgi", "gunicorn"), default="client")
    ap.add_argument("--db", default="sqlite", help="sqlite (a fresh file) or a database URL")
    ap.add_argument("--writes", type=int, default=2000)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--root", action="append", default=[],
                    help="the source tree whose webscore is measured (default: this one); "
                    "give several (e.g. a checkout of an older commit) to compare them in "
                    "alternating rounds")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--paired", action="store_true",
                    help="two --root trees in lockstep, --rounds bursts of --writes each: "
                    "the median ratio of the pairs")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--healthz", type=int, metavar="N",
                    help="how many /healthz after the writes (default: as many as writes)")

    ap.add_argument("--gunicorn-config", metavar="FILE",
                    help="a gunicorn config file for --via gunicorn (e.g. a profiler's hooks)")
    ap.add_argument("--split", action="store_true",
                    help="print the CPU inside each step of the write path (--via client or wsgi)")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="print the N costliest functions (--via client or wsgi)")
    a = ap.parse_args()
    a.root = a.root or [str(ROOT)]
    if a.paired:
        paired(a)
        return
    if len(a.root) > 1 or a.rounds > 1:
        rounds(a)
        return
    a.root = a.root[0]
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        url = f"sqlite:///{tmp / 'bench.sqlite3'}" if a.db == "sqlite" else a.db
        out = run(a, url, tmp)
    if a.serve:
        return
    print(f"{a.root}: {out['via']:8} {out['db']:10} writes {out['writes']} {out['statuses']}: "
          f"write {out['write_cpu_ms']:.2f} ms CPU ({out['write_wall_ms']:.2f} ms wall), "
          f"/healthz {out['healthz_cpu_ms']:.2f} ms CPU ({out['healthz_wall_ms']:.2f} wall), "
          f"ratio {out['write_cpu_ms'] / max(1e-9, out['healthz_cpu_ms']):.1f}x; "
          f"load {' '.join(f'{x:.1f}' for x in out['load'])}")
    print("JSON " + json.dumps(out))


if __name__ == "__main__":
    main()
