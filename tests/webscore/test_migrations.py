"""Upgrading a database written by an older schema: real tables stored at a revision are
carried, one migration at a time, to the newest schema, and every table still replays.

The revisions come from the Alembic graph (webscore.db.revisions), so a migration added
later is tested here without touching this file: every revision is a starting point, and
every later one a step checked on the way.
"""

from __future__ import annotations

import itertools
import json
from datetime import datetime
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import Engine, MetaData, func, insert, select

from pnp.engine import replay
from pnp.engine.log import log_from_json
from webscore import create_app
from webscore.db import current_revision, get_engine, head_revision, make_engine, revisions, upgrade
from webscore.snapshots import clear_cache, snapshot
from webscore.store import load_rows

from .realtables import source

__all__ = ["source"]

STARTS = revisions()[:-1] or revisions()


def store_at_current_schema(engine: Engine, records: list[dict[str, Any]]) -> None:
    """Insert the records' rows as that schema has them: only the columns it has."""
    md = MetaData()
    md.reflect(engine, only=["game_tables", "table_events"])
    tables, events = md.tables["game_tables"], md.tables["table_events"]

    def row(table: Any, values: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for column in table.columns:
            if column.name in values:
                value = values[column.name]
                if column.name.endswith("_at") and isinstance(value, str):
                    value = datetime.fromisoformat(value)
                out[column.name] = value
        return out

    with engine.begin() as conn:
        for record in records:
            conn.execute(insert(tables), [row(tables, record["table"])])
            conn.execute(insert(events), [row(events, {**e, "table_id": record["table"]["id"]})
                                          for e in record["events"]])


def counts(engine: Engine) -> tuple[int, int]:
    md = MetaData()
    md.reflect(engine, only=["game_tables", "table_events"])
    with engine.connect() as conn:
        return (conn.execute(select(func.count()).select_from(md.tables["game_tables"]))
                .scalar_one(),
                conn.execute(select(func.count()).select_from(md.tables["table_events"]))
                .scalar_one())


@pytest.mark.parametrize("start", STARTS)
def test_real_tables_survive_every_upgrade_from(start: str, database_url: str,
                                                source: tuple[Flask, str]) -> None:
    _, text = source
    records = [json.loads(line) for line in text.splitlines()[1:]]
    engine = make_engine(database_url)
    upgrade(engine, start)
    assert current_revision(engine) == start
    store_at_current_schema(engine, records)
    before = counts(engine)
    assert before == (len(records), sum(len(r["events"]) for r in records))

    path = revisions()
    for step in path[path.index(start) + 1:]:
        upgrade(engine, step)
        assert current_revision(engine) == step
        assert counts(engine) == before, f"rows lost or added by migration {step}"
    engine.dispose()

    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": database_url,
                      "AUTO_MIGRATE": False})  # at the newest schema now: not refused
    assert current_revision(get_engine(app)) == head_revision()
    clear_cache()
    for record in records:
        snap = snapshot(get_engine(app), record["table"]["id"])
        assert snap.broken is None, snap.broken
        assert snap.log().to_json() == record["log"]
        rows = load_rows(get_engine(app), record["table"]["id"])
        assert [(r.seq, r.kind, r.text, r.undoes) for r in rows] == [
            (e["seq"], e["kind"], e["text"], e["undoes"]) for e in record["events"]]
        assert replay(log_from_json(record["log"])).ok
    client = app.test_client()
    for record in records[:3]:  # and the pages open
        assert client.get(f"/t/{record['table']['id']}").status_code == 200
    get_engine(app).dispose()


def test_the_graph_is_one_line_from_the_first_migration_to_one_head() -> None:
    """Two migrations written in parallel must be chained before landing: one head, and a
    path through every revision from the first."""
    from webscore.db import _script

    script = _script()
    assert len(script.get_heads()) == 1, script.get_heads()
    path = revisions()
    assert path[0] == "0001" and path[-1] == head_revision()
    for before, after in itertools.pairwise(path):
        assert script.get_revision(after).down_revision == before, (after, before)
