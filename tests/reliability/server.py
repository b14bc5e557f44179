"""A gunicorn tracker we can start, SIGKILL (one worker, or master and workers at once) and
start again on the same port and database, plus a tiny JSON client that survives the kills."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]

Down = (OSError, http.client.HTTPException)
"""What a client sees when the server dies under it (reset, refused, closed mid-answer)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None,
         timeout: float = 30) -> tuple[int, Any]:
    """One JSON request; raises one of ``Down`` when the server is not there."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Table-Token", token)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


class Gunicorn:
    """``gunicorn -w N webscore:create_app()`` in its own process group."""

    def __init__(self, database_url: str, cwd: Path, workers: int = 2) -> None:
        if not (BIN / "gunicorn").exists():
            pytest.skip("gunicorn is not installed")
        self.env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "reliability",
                    "PYTHONPATH": str(ROOT)}
        self.cwd = cwd
        self.workers = workers
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        up = subprocess.run([str(BIN / "flask"), "--app", "webscore", "db-upgrade"],
                            env=self.env, capture_output=True, text=True, timeout=120)
        assert up.returncode == 0, up.stderr

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [str(BIN / "gunicorn"), "-w", str(self.workers), "-b", f"127.0.0.1:{self.port}",
             "--log-level", "critical", "--timeout", "60", "webscore:create_app()"],
            env=self.env, cwd=self.cwd, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=2).read()
                return
            except Down:
                assert self.proc.poll() is None, "gunicorn exited while starting"
                assert time.monotonic() < deadline, "gunicorn did not come up in 30 s"
                time.sleep(0.05)

    def worker_pids(self) -> list[int]:
        assert self.proc is not None
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(p) for p in path.read_text().split()] if path.exists() else []

    def kill_worker(self) -> int:
        """SIGKILL one worker; the master starts another.  Returns the pid killed."""
        pids = self.worker_pids()
        assert pids, "no gunicorn worker to kill"
        os.kill(pids[0], signal.SIGKILL)
        return pids[0]

    def kill_all(self) -> None:
        """SIGKILL the master and every worker at once (a power cut for the app)."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
            self.proc = None
