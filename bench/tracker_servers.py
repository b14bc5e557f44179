"""Starting the tracker for the benchmark: gunicorn instances (the code of this checkout or
another one, with the worker class, workers and threads to compare), and throwaway PostgreSQL
databases.  Used by ``bench_tracker.py``."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PIDS: dict[str, int] = {}
"""The gunicorn master's process id of each running instance, by its base URL (its workers
share its process group: ``tracker_cpu`` sums their CPU)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])



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
    route: str = "random"  # the open loop's proxy with several instances (tracker_load)

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
             timing: Path | None = None, gc_dir: Path | None = None) -> Iterator[str]:
    if isinstance(server, int):
        server = Server(workers=server)
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "bench",
           "PYTHONPATH": str(server.root), "WEBSCORE_RATELIMITS": "off",  # load, not people
           **dict(server.env)}
    if timing is not None:
        timing.mkdir(parents=True, exist_ok=True)
        env["BENCH_TIMING_DIR"] = str(timing)
    if gc_dir is not None:  # every worker's garbage collections (bench/gunicorn_timing.py)
        gc_dir.mkdir(parents=True, exist_ok=True)
        env["BENCH_GC_DIR"] = str(gc_dir)
    up = subprocess.run([str(BIN / "flask"), "--app", "webscore", "db-upgrade"], env=env,
                        capture_output=True, text=True, timeout=120, cwd=server.root)
    if up.returncode != 0:
        raise SystemExit(f"db-upgrade failed: {up.stderr.strip()}")
    port = free_port()
    config = (["-c", str(ROOT / "bench" / "gunicorn_timing.py")]
              if timing is not None or gc_dir is not None else [])
    proc = subprocess.Popen([str(BIN / "gunicorn"), *server.argv(), *config, "-b",
                             f"127.0.0.1:{port}", "--backlog", "2048", "--log-level",
                             "warning", "webscore:create_app()"], env=env, cwd=server.root,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    PIDS[base] = proc.pid
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
        PIDS.pop(base, None)
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)



def start_instances(stack: ExitStack, url: str, count: int, server: Server,
                    timing: Path | None = None, gc_dir: Path | None = None) -> list[str]:
    return [stack.enter_context(gunicorn(url, server, timing, gc_dir)) for _ in range(count)]



def parse_variant(text: str) -> Server:
    """``LABEL=ITEM,ITEM...``: ``sync:W`` or ``gthread:WxT`` (workers, threads),
    ``root=DIR`` (the code to run: another checkout, e.g. a ``git worktree`` of an older
    commit), ``route=table`` (with several instances, every request of a table to the
    same one, as a proxy hashing the table id does; default ``route=random``),
    ``NAME=VALUE`` (environment, e.g. ``WEBSCORE_SQLITE_SYNC=NORMAL``)."""
    label, _, spec = text.partition("=")
    server = Server(label=label.strip())
    env: list[tuple[str, str]] = []
    for item in [x.strip() for x in spec.split(",") if x.strip()]:
        kind, colon, size = item.partition(":")
        if colon and kind in ("sync", "gthread"):
            workers, _, threads = size.partition("x")
            server = replace(server, worker_class=kind, workers=int(workers),
                             threads=int(threads or server.threads))
        elif item in ("route=random", "route=table"):
            server = replace(server, route=item[6:])
        elif item.startswith("root="):
            server = replace(server, root=Path(item[5:]).resolve())
        elif "=" in item:
            name, _, value = item.partition("=")
            env.append((name, value))
        else:
            raise SystemExit(f"bench_tracker: cannot read {item!r} in --variant {text!r}")
    return replace(server, env=tuple(env))

