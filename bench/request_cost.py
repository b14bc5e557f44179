"""What a closed-loop write and a read cost in the app beyond ``GET /healthz``, in one process.

``create_app`` on a fresh SQLite file; ``--tables`` Galaxy Express tables whose chance the
tracker deals (as the closed loop plays them), each written a few times to warm the caches.
Then rounds, the order of the three requests turning each round, of ``--burst`` each:

- ``write``: ``POST /api/tables/<id>/events`` with a random legal entry (seeded: the same
  entries on every tree), the next table each time, as a wrk connection posts them;
- ``read``: ``GET /api/tables/<id>?since=<seq>`` (what a phone polls: the state and the
  history after the ``seq`` it has);
- ``healthz``: ``GET /healthz``, the floor.

Each request is a plain WSGI call (``bench/wsgi_call.py``: an environ as gunicorn builds one),
the CPU counted inside the app's call.  Prints the median CPU per request of each kind and
the ratios to ``/healthz``.  Under callgrind (``--instr``, needs ``valgrind``) it counts
instructions instead: the script reruns itself under ``valgrind --tool=callgrind`` with
collection only inside ``functools.reduce``, which runs one kind's burst, so setup, warm-up
and the other kinds are not counted; the figures are exact instructions per request.

    PYTHONPATH=TREE .venv/bin/python bench/request_cost.py [--tables 20] [--burst 200]
        [--rounds 9] [--instr] [--only write,read,healthz] [--profile write]
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import json
import os
import pstats
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wsgi_call import wsgi_call

GAME = "galaxy-express"
KINDS = ("write", "read", "healthz")


class Bench:
    def __init__(self, app: Any, tables: int, seed: int = 1) -> None:
        self.app = app
        self.rng = random.Random(seed)
        # Tables made beforehand (as the closed loop does): a finished game moves on to one
        # of them, so the table's creation is not counted in a write.
        self.spare = [self._make() for _ in range(tables * 2)]
        self.tables = [self._make() for _ in range(tables)]
        self.next = 0
        self.statuses: dict[str, dict[int, int]] = {k: {} for k in KINDS}

    def call(self, method: str, path: str, body: dict[str, Any] | None = None,
             token: str | None = None) -> tuple[int, dict[str, Any], float]:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["X-Table-Token"] = token
        data = None if body is None else json.dumps(body).encode()
        status, raw, cpu = wsgi_call(self.app, method, path, data, headers, threaded=True)
        return status, (json.loads(raw) if raw[:1] == b"{" else {}), cpu

    def _new(self) -> dict[str, Any]:
        return self.spare.pop() if self.spare else self._make()

    def _make(self) -> dict[str, Any]:
        status, state, _ = self.call("POST", "/api/tables", {
            "game": GAME, "players": ["Bench"], "chance": "tracker"})
        assert status == 201, (status, state)
        return {"id": state["id"], "token": state["token"], "seq": state["seq"],
                "legal": state["legal"]}

    def write(self) -> float:
        i = self.next = (self.next + 1) % len(self.tables)
        t = self.tables[i]
        legal = [x for x in t["legal"] if x != "X"] or t["legal"]
        status, state, cpu = self.call("POST", f"/api/tables/{t['id']}/events",
                                       {"seq": t["seq"], "text": self.rng.choice(legal)},
                                       t["token"])
        self._count("write", status)
        answer = state.get("state", state) if status == 409 else state
        if "seq" in answer:
            t["seq"], t["legal"] = answer["seq"], answer["legal"]
        if answer.get("finished") or not t["legal"]:
            self.tables[i] = self._new()
        return cpu

    def read(self) -> float:
        i = self.next = (self.next + 1) % len(self.tables)
        t = self.tables[i]
        status, _, cpu = self.call("GET", f"/api/tables/{t['id']}?since={max(0, t['seq'] - 1)}")
        self._count("read", status)
        return cpu

    def healthz(self) -> float:
        status, _, cpu = self.call("GET", "/healthz")
        self._count("healthz", status)
        return cpu

    def _count(self, kind: str, status: int) -> None:
        self.statuses[kind][status] = self.statuses[kind].get(status, 0) + 1

    def burst(self, kind: str, n: int) -> float:
        """CPU of ``n`` requests of one kind; inside ``functools.reduce`` (callgrind counts
        only there when ``--instr``)."""
        step = getattr(self, kind)
        return functools.reduce(lambda acc, _: acc + step(), range(n), 0.0)


class Sampler:
    """A statistical profiler: every 0.5 ms of the process's CPU (``ITIMER_PROF``) the stack
    the signal interrupted is counted; far less skew than cProfile's per-call hooks.  Prints
    each function's share of the samples, inclusive (on the stack) and own (on top)."""

    def __init__(self) -> None:
        self.stacks: dict[tuple[str, ...], int] = {}

    def _tick(self, _sig: int, frame: Any) -> None:
        names = []
        while frame is not None:
            code = frame.f_code
            names.append(f"{Path(code.co_filename).parent.name}/"
                         f"{Path(code.co_filename).name}:{code.co_qualname}")
            frame = frame.f_back
        key = tuple(names)
        self.stacks[key] = self.stacks.get(key, 0) + 1

    def start(self) -> None:
        import signal

        signal.signal(signal.SIGPROF, self._tick)
        signal.setitimer(signal.ITIMER_PROF, 0.0005, 0.0005)

    def stop(self) -> None:
        import signal

        signal.setitimer(signal.ITIMER_PROF, 0, 0)

    def report(self, top: int = 70) -> None:
        total = sum(self.stacks.values())
        incl: dict[str, int] = {}
        own: dict[str, int] = {}
        for stack, n in self.stacks.items():
            own[stack[0]] = own.get(stack[0], 0) + n
            for name in set(stack):
                incl[name] = incl.get(name, 0) + n
        groups: dict[str, int] = {}
        for stack, n in self.stacks.items():  # own time by package of the frame on top
            groups[stack[0].split("/")[0]] = groups.get(stack[0].split("/")[0], 0) + n
        print(f"{total} samples; own share by directory: " + ", ".join(
            f"{g} {100 * n / total:.1f} %" for g, n in sorted(groups.items(),
                                                              key=lambda x: -x[1])[:14]))
        print(f"{total} samples; inclusive share, own share")
        for name, n in sorted(incl.items(), key=lambda x: -x[1])[:top]:
            print(f"  {100 * n / total:5.1f} % {100 * own.get(name, 0) / total:5.1f} %  {name}")


def measure(a: argparse.Namespace) -> dict[str, Any]:
    kinds = [k for k in KINDS if k in a.only]
    with tempfile.TemporaryDirectory() as tmp:
        from webscore import create_app

        app = create_app({"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
                          "SECRET_KEY": "bench", "RATELIMITS": "off"})
        bench = Bench(app, a.tables)
        for _ in range(a.tables * 3):  # every table cached, captions described
            bench.write()
        bench.spare += [bench._make() for _ in range(a.rounds * a.burst // 10)]
        for kind in kinds:
            bench.burst(kind, 20)
        cpu: dict[str, list[float]] = {k: [] for k in kinds}
        sys_ms: dict[str, list[float]] = {k: [] for k in kinds}  # of the process, kernel
        profile = cProfile.Profile(time.process_time) if a.profile else None
        sampler = Sampler() if a.sample else None
        for r in range(a.rounds):
            for kind in kinds[r % len(kinds):] + kinds[:r % len(kinds)]:
                if profile is not None and kind == a.profile:
                    profile.enable()
                if sampler is not None and kind == a.sample:
                    sampler.start()
                t0 = os.times()
                cpu[kind].append(1000 * bench.burst(kind, a.burst) / a.burst)
                t1 = os.times()
                sys_ms[kind].append(1000 * (t1.system - t0.system) / a.burst)
                if profile is not None and kind == a.profile:
                    profile.disable()
                if sampler is not None and kind == a.sample:
                    sampler.stop()
        if profile is not None:
            stats = pstats.Stats(profile)
            stats.sort_stats("tottime").print_stats(45)
            stats.sort_stats("cumulative").print_stats(60)
        if sampler is not None:
            sampler.report()
    med = {k: sorted(v)[len(v) // 2] for k, v in cpu.items()}
    kernel = {k: sorted(v)[len(v) // 2] for k, v in sys_ms.items()}
    return {"cpu_ms_median": med, "kernel_ms_median": kernel, "statuses": bench.statuses,
            "load": os.getloadavg()}


def instructions(a: argparse.Namespace) -> dict[str, float]:
    """Instructions per request of each kind, each kind in its own callgrind run."""
    if shutil.which("valgrind") is None:
        raise SystemExit("request_cost: --instr needs valgrind")
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in a.only:
            dump = Path(tmp) / f"{kind}.out"
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--collect-atstart=no",
                 "--toggle-collect=functools_reduce", f"--callgrind-out-file={dump}",
                 sys.executable, __file__, "--tables", str(a.tables), "--burst",
                 str(a.burst), "--rounds", "1", "--only", kind, "--inner"],
                check=True, capture_output=True, text=True)
            totals = re.search(r"^summary:\s+(\d+)", dump.read_text(), re.M)
            assert totals is not None, "no callgrind summary"
            # the warm-up burst of 20 is counted too
            out[kind] = int(totals.group(1)) / (a.burst + 20)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--burst", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--only", default=",".join(KINDS))
    ap.add_argument("--instr", action="store_true", help="instructions (callgrind)")
    ap.add_argument("--profile", choices=KINDS, help="cProfile one kind's bursts")
    ap.add_argument("--sample", choices=KINDS, help="sample one kind's bursts' stacks")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    a.only = [k for k in a.only.split(",") if k]
    import webscore

    tree = Path(webscore.__file__).resolve().parent.parent
    if a.instr:
        ins = instructions(a)
        h = ins.get("healthz")
        print(f"{tree}: instructions per request (callgrind, {a.burst} a kind): " + ", ".join(
            f"{k} {v / 1000:.0f}k" + (f" ({v / h:.2f}x /healthz)" if h else "")
            for k, v in ins.items()))
        print("JSON " + json.dumps({"tree": str(tree), "instructions": ins}))
        return
    out = measure(a)
    if a.inner:
        return
    med = out["cpu_ms_median"]
    h = med.get("healthz")
    print(f"{tree}: ms CPU a request, median of {a.rounds} rounds of {a.burst}: " + ", ".join(
        f"{k} {v:.3f}" + (f" ({v / h:.2f}x /healthz)" if h else "") for k, v in med.items())
        + "; of it in the kernel " + ", ".join(f"{k} {v:.3f}" for k, v in
                                                out["kernel_ms_median"].items())
        + f"; statuses {out['statuses']}; load {' '.join(f'{x:.1f}' for x in out['load'])}")
    print("JSON " + json.dumps({"tree": str(tree), **out}))


if __name__ == "__main__":
    main()
