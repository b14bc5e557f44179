"""What the rate limits (webscore.limits) cost a write: the same entries posted with limits
off, counted in the process, and counted in the database, side by side in one run.

In-process (Flask's test client), one Galaxy Express table per setting, blocks of posts
taken in turn (off, memory, database, off, ...) so that the machine's load falls on all
settings alike.  The figure to compare is the ratio to "off" measured in the same run.

    .venv/bin/python bench/bench_limits.py [--posts 300] [--json out.json]

On PostgreSQL too when PNP_TEST_POSTGRES_URL is set (a throwaway database is made).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, make_url, text  # noqa: E402

from pnp.engine import Rng  # noqa: E402
from webscore import create_app  # noqa: E402
from webscore.db import get_engine  # noqa: E402

SETTINGS = {"off": {"RATELIMITS": "off"},
            "memory": {"RATELIMITS": "write=1000000/60", "RATELIMIT_STORAGE": "memory"},
            "database": {"RATELIMITS": "write=1000000/60", "RATELIMIT_STORAGE": "database"}}
BLOCK = 25


class Table:
    """One app and one seeded table posting random legal entries (a new table when done)."""

    def __init__(self, url: str, config: dict[str, Any], seed: int) -> None:
        self.app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": url,
                               "AUTO_MIGRATE": True, **config})
        self.client = self.app.test_client()
        self.rng = Rng(seed, "bench-limits")
        self.seed = seed
        self.new()

    def new(self) -> None:
        self.seed += 1
        r = self.client.post("/api/tables", json={"game": "galaxy-express", "players": ["B"],
                                                  "seed": self.seed, "chance": "tracker"})
        self.table = r.get_json()
        self.state = self.table

    def post(self) -> float:
        if self.state["finished"]:
            self.new()
        choice = self.rng.choice([e for e in self.state["legal"] if e != "X"])
        start = time.perf_counter()
        r = self.client.post(f"/api/tables/{self.table['id']}/events",
                             json={"seq": self.state["seq"], "text": choice},
                             headers={"X-Table-Token": self.table["token"]})
        took = time.perf_counter() - start
        assert r.status_code == 201, r.get_json()
        self.state = r.get_json()
        return took


def measure(url: str, posts: int) -> dict[str, Any]:
    # The same seeds everywhere: every setting posts the very same entries on the same games.
    tables = {name: Table(url, config, 0) for name, config in SETTINGS.items()}
    times: dict[str, list[float]] = {name: [] for name in SETTINGS}
    for table in tables.values():  # warm up: caches, connections
        for _ in range(5):
            table.post()
    while min(len(t) for t in times.values()) < posts:
        for name, table in tables.items():
            times[name].extend(table.post() for _ in range(BLOCK))
    off = statistics.median(times["off"])
    result = {name: {"median_ms": round(statistics.median(t) * 1000, 2),
                     "x_off": round(statistics.median(t) / off, 2)}
              for name, t in times.items()}
    for table in tables.values():
        get_engine(table.app).dispose()
    return result


def postgres_database() -> tuple[str, Any] | None:
    base = os.environ.get("PNP_TEST_POSTGRES_URL")
    if not base:
        return None
    name = f"bench_limits_{uuid.uuid4().hex[:8]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    return make_url(base).set(database=name).render_as_string(hide_password=False), (admin,
                                                                                     name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=300)
    parser.add_argument("--json")
    args = parser.parse_args()
    results: dict[str, Any] = {"load_before": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory() as tmp:
        results["sqlite"] = measure(f"sqlite:///{tmp}/bench.sqlite3", args.posts)
    pg = postgres_database()
    if pg is not None:
        url, (admin, name) = pg
        try:
            results["postgresql"] = measure(url, args.posts)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()
    results["load_after"] = os.getloadavg()[0]
    print("| database | limits | median per post | x off |")
    print("|---|---|---|---|")
    for db in ("sqlite", "postgresql"):
        for name, row in results.get(db, {}).items():
            print(f"| {db} | {name} | {row['median_ms']} ms | {row['x_off']} |")
    print(f"load average: {results['load_before']:.1f} before, {results['load_after']:.1f} "
          "after")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
