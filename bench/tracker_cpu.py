"""CPU time per request for the tracker benchmark, read from ``/proc`` around a run: the app
instances' gunicorn processes, the PostgreSQL server's processes (when it runs on this
machine), and the load generator (this process).

Latency on a shared 2-core machine swings with whatever else runs; the CPU a write costs
barely does, and it says how close a level is to the machine's capacity (200 writes a second
at 5 ms of CPU each is half of two cores): near it, one stall queues requests that then
drain only at the spare rate.  It includes what the processes do while idle (gunicorn's
heartbeats, the checkpoint and notice threads, the server's background processes), so at a
few writes a second it overstates a write.  Linux only; elsewhere (or for a remote database)
the figure is left out.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

TICK_MS = 1000 / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 10.0


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state is [0], ppid [1], pgrp
    [2], utime [11], stime [12], cutime [13], cstime [14])."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return raw[raw.rindex(")") + 2:].split()


def _ticks(fields: list[str], children: bool) -> int:
    own = int(fields[11]) + int(fields[12])
    return own + (int(fields[13]) + int(fields[14]) if children else 0)


def tree_ms(root: int, by_group: bool) -> float | None:
    """CPU ms of ``root`` and of its processes: those in its process group (``by_group``:
    gunicorn started in a session of its own) or its children (a PostgreSQL postmaster),
    plus what its reaped children used (a worker or backend that exited meanwhile)."""
    top = _stat(root)
    if top is None:
        return None
    total = _ticks(top, children=True)
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == root:
            continue
        fields = _stat(int(entry.name))
        if fields is not None and int(fields[2 if by_group else 1]) == root:
            total += _ticks(fields, children=False)
    return total * TICK_MS


def postmaster(url: str) -> int | None:
    """The local PostgreSQL server's main process (None: not on this machine)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as conn:  # read while the backend is alive (it exits after)
            fields = _stat(int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one()))
    finally:
        engine.dispose()
    return int(fields[1]) if fields is not None else None


class CpuMeter:
    """``with CpuMeter(app_pids, db_pid) as m: ...`` then ``m.per(requests)``."""

    def __init__(self, app_pids: list[int], db_pid: int | None) -> None:
        self.app_pids, self.db_pid = app_pids, db_pid
        self.used: dict[str, float] = {}

    def _read(self) -> dict[str, float]:
        out = {"app": sum(tree_ms(p, by_group=True) or 0.0 for p in self.app_pids),
               "client": time.process_time() * 1000}
        if self.db_pid is not None:
            db = tree_ms(self.db_pid, by_group=False)
            if db is not None:
                out["db"] = db
        return out

    def __enter__(self) -> CpuMeter:
        self.start = self._read()
        self.wall = time.perf_counter()
        return self

    def __exit__(self, *_: Any) -> None:
        end = self._read()
        self.used = {k: end[k] - self.start[k] for k in end if k in self.start}
        self.used["wall"] = (time.perf_counter() - self.wall) * 1000

    def per(self, requests: int) -> dict[str, float]:
        """CPU ms per request of each part and in all, and the cores busy on average."""
        n = max(1, requests)
        out = {f"{k}_ms": v / n for k, v in self.used.items() if k != "wall"}
        busy = sum(v for k, v in self.used.items() if k != "wall")
        out["total_ms"] = busy / n
        out["cores_busy"] = busy / max(1.0, self.used.get("wall", 1.0))
        return out
