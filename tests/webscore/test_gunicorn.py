"""Several gunicorn worker processes on one database: phones racing to log entries.

Each racer reads the table, picks a legal entry and posts it with the sequence number it saw.
Exactly one post per sequence number may win; losers get 409 and look again.  At the end every
acknowledged entry is in the table's history, and the log replays.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pnp.engine import Rng, replay
from pnp.engine.log import log_from_json

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent


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


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    url: str = request.getfixturevalue("postgres_db")
    return url


@pytest.fixture
def gunicorn(database_url: str, tmp_path: Path) -> Iterator[str]:
    if shutil.which("gunicorn", path=str(BIN)) is None:
        pytest.skip("gunicorn is not installed")
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "shared-by-workers",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    up = subprocess.run([str(BIN / "flask"), "--app", "webscore", "db-upgrade"], env=env,
                        capture_output=True, text=True, timeout=60)
    assert up.returncode == 0, up.stderr
    port = free_port()
    proc = subprocess.Popen([str(BIN / "gunicorn"), "-w", "3", "-b", f"127.0.0.1:{port}",
                             "--log-level", "warning", "webscore:create_app()"],
                            env=env, cwd=tmp_path)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/games", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(10)


def test_racing_phones_on_several_workers(gunicorn: str) -> None:
    base = gunicorn
    status, table = call(base, "POST", "/api/tables",
                         {"game": "galaxy-express", "players": ["Racer"], "seed": 21,
                          "chance": "tracker"})
    assert status == 201, table
    tid, token = table["id"], table["token"]
    acked: list[tuple[int, str]] = []
    conflicts = [0]
    lock = threading.Lock()

    errors: list[BaseException] = []

    def racer(n: int) -> None:
        try:
            race(n)
        except BaseException as exc:
            errors.append(exc)

    def race(n: int) -> None:
        rng = Rng(n, "racer")
        for _ in range(40):
            _, state = call(base, "GET", f"/api/tables/{tid}")
            if state["finished"]:
                return
            choices = [e for e in state["legal"] if e != "X"]
            text = rng.choice(choices)
            status, body = call(base, "POST", f"/api/tables/{tid}/events",
                                {"seq": state["seq"], "text": text}, token)
            with lock:
                if status == 201:
                    mine = [(h["seq"], h["event"]) for h in body["history"]
                            if h["seq"] > state["seq"] and h["source"] == "typed"]
                    assert [e for _, e in mine] == [text]
                    acked.extend(mine)
                elif status == 409:
                    conflicts[0] += 1
                    assert body["error"]["rule"] == "tracker.stale" and "state" in body
                else:
                    raise AssertionError((status, body))

    started = time.perf_counter()
    threads = [threading.Thread(target=racer, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    assert not errors, errors
    _, final = call(base, "GET", f"/api/tables/{tid}")
    history = {(h["seq"], h["event"]) for h in final["history"]}
    assert acked and set(acked) <= history
    assert len({seq for seq, _ in acked}) == len(acked)
    _, log = call(base, "GET", f"/api/tables/{tid}/log")
    assert replay(log_from_json(log)).ok
    print(f"\n{len(acked)} entries acknowledged, {conflicts[0]} conflicts (409), "
          f"{elapsed:.2f}s, {2 * (len(acked) + conflicts[0]) / elapsed:.0f} requests/s")
