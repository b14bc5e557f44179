"""Live updates across real server processes on one database: a phone watching through
gunicorn (gthread workers, as `make run` serves) or Flask's development server sees an entry
logged through another process within a second; sync workers answer a quick poll instead."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reliability.server import Down, call, free_port

from .sse import SSEClient

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    url: str = request.getfixturevalue("postgres_db")
    return url


class Server:
    """One tracker process on the shared database."""

    def __init__(self, kind: str, database_url: str, cwd: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "live",
               "PYTHONPATH": str(ROOT)}
        if kind == "dev":
            argv = [str(BIN / "flask"), "--app", "webscore", "run", "--port", str(self.port)]
        else:
            if not (BIN / "gunicorn").exists():
                pytest.skip("gunicorn is not installed")
            worker = ["-k", "gthread", "--threads", "8"] if kind == "gthread" else ["-k", "sync"]
            argv = [str(BIN / "gunicorn"), *worker, "-w", "2", "-b", f"127.0.0.1:{self.port}",
                    "--log-level", "critical", "webscore:create_app()"]
        self.proc = subprocess.Popen(argv, env=env, cwd=cwd, start_new_session=True,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=2).read()
                return
            except Down:
                assert self.proc.poll() is None, f"{kind} server exited while starting"
                assert time.monotonic() < deadline, f"{kind} server did not come up"
                time.sleep(0.05)

    def stop(self) -> None:
        os.killpg(self.proc.pid, 15)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)
            self.proc.wait(5)


@pytest.fixture
def servers(database_url: str, tmp_path: Path) -> Iterator[dict[str, Server]]:
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}
    up = subprocess.run([str(BIN / "flask"), "--app", "webscore", "db-upgrade"], env=env,
                        capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert up.returncode == 0, up.stderr
    started: dict[str, Server] = {}
    try:
        for kind in ("gthread", "dev"):
            started[kind] = Server(kind, database_url, tmp_path)
        yield started
    finally:
        for server in started.values():
            server.stop()


@pytest.mark.parametrize(("watch", "write"), [("gthread", "dev"), ("dev", "gthread")])
def test_a_phone_on_one_server_sees_entries_logged_on_another_within_a_second(
        servers: dict[str, Server], watch: str, write: str) -> None:
    writer, watcher = servers[write].base, servers[watch].base
    status, table = call(writer, "POST", "/api/tables",
                         {"game": "galaxy-express", "players": ["Ana"], "seed": 7,
                          "chance": "tracker"})
    assert status == 201, table
    phones = [SSEClient(watcher, f"/t/{table['id']}/events?since={table['seq']}")
              for _ in range(2)]
    try:
        for phone in phones:
            assert phone.next("head").data["seq"] == table["seq"]
        time.sleep(0.5)
        seq, lags = table["seq"], []
        for _ in range(5):
            _, state = call(writer, "GET", f"/api/tables/{table['id']}")
            sent = time.monotonic()
            status, state = call(writer, "POST", f"/api/tables/{table['id']}/events",
                                 {"seq": seq, "text": state["legal"][0]}, table["token"])
            assert status == 201, state
            seq = state["seq"]
            for phone in phones:
                got = phone.next("head", timeout=5)
                while got.data["seq"] < seq:
                    got = phone.next("head", timeout=5)
                lags.append(got.at - sent)
        print(f"{watch} <- {write}: lags", [round(x, 3) for x in lags])
        assert max(lags) < 1.0, lags
    finally:
        for phone in phones:
            phone.close()


def test_sync_workers_answer_the_head_and_end_at_once(database_url: str,
                                                      tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}
    subprocess.run([str(BIN / "flask"), "--app", "webscore", "db-upgrade"], env=env,
                   capture_output=True, timeout=120, cwd=tmp_path, check=True)
    server = Server("sync", database_url, tmp_path)
    try:
        status, table = call(server.base, "POST", "/api/tables",
                             {"game": "galaxy-express", "players": ["Ana"], "seed": 7})
        assert status == 201
        start = time.monotonic()
        phone = SSEClient(server.base, f"/t/{table['id']}/events")
        assert phone.next("head").data == {"table": table["id"], "seq": table["seq"]}
        assert phone.ended(timeout=5) and time.monotonic() - start < 2
        assert phone.retry == 500  # the browser comes back in half a second: a cheap poll
        # ... and the two sync workers are free for writes meanwhile.
        status, _ = call(server.base, "GET", f"/api/tables/{table['id']}")
        assert status == 200
    finally:
        server.stop()
