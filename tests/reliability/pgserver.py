"""A throwaway PostgreSQL server a test may stop and start: initdb into a temporary directory,
its own port and socket directory, never the shared cluster other tests use.

PostgreSQL refuses to run as root, so under root the server runs as the ``postgres`` user
(``runuser``).  Without the server binaries the tests skip (fail under
``PNP_REQUIRE_SERVICES=1``).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .server import free_port


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        if os.environ.get("PNP_REQUIRE_SERVICES") == "1":
            pytest.fail(f"PostgreSQL's {name} is not installed but PNP_REQUIRE_SERVICES=1")
        pytest.skip(f"PostgreSQL's {name} is not installed (apt-get install postgresql)")
    return found[-1]


class PgServer:
    """``initdb`` + ``pg_ctl`` on a port of its own; ``stop`` and ``start`` at will."""

    def __init__(self) -> None:
        self.initdb, self.pg_ctl = _bin("initdb"), _bin("pg_ctl")
        self.root = Path(tempfile.mkdtemp(prefix="pnp-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user:
            shutil.chown(self.root, self.user)
        self._run(self.initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8", timeout=120)
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *cmd: str, timeout: float) -> None:
        full = ["runuser", "-u", self.user, "--", *cmd] if self.user else list(cmd)
        proc = subprocess.run(full, capture_output=True, text=True, timeout=timeout)
        assert proc.returncode == 0, f"{' '.join(cmd)}: {proc.stderr or proc.stdout}"

    def start(self) -> None:
        opts = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c max_connections=60")
        self._run(self.pg_ctl, "-D", str(self.data), "-o", opts, "-l",
                  str(self.root / "log"), "-w", "-t", "60", "start", timeout=90)

    def stop(self, mode: str = "fast") -> None:
        """``fast``: abort transactions and shut down cleanly; ``immediate``: a crash."""
        self._run(self.pg_ctl, "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop",
                  timeout=90)

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def cleanup(self) -> None:
        if self.running():
            with contextlib.suppress(AssertionError, subprocess.TimeoutExpired):
                self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def own_postgres() -> Iterator[PgServer]:
    server = PgServer()
    try:
        server.start()
        deadline = time.monotonic() + 30
        while not server.running():
            assert time.monotonic() < deadline
            time.sleep(0.1)
        yield server
    finally:
        server.cleanup()
