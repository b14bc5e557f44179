"""Fixtures: an app on a temporary SQLite database (or a throwaway PostgreSQL database), a
client, a table-making helper, and the test-only dice game registered for the session."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from pnp.engine import GameRecord, registry
from webscore import create_app
from webscore.snapshots import clear_cache

from .toygame import TOY


@pytest.fixture(autouse=True)
def toy_game() -> Iterator[None]:
    registry.unregister(TOY.id)
    registry.register(GameRecord(TOY))
    clear_cache()
    yield
    registry.unregister(TOY.id)
    clear_cache()


TEST_DEAL_SEED = 424_242_424
"""The secret deal seed of every dealing table the in-process tests create (fixed, so a test
sees the same deal every run; production draws a fresh one per table)."""


@pytest.fixture(autouse=True)
def fixed_deal_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    from webscore import inputs

    monkeypatch.setattr(inputs, "draw_deal_seed", lambda: TEST_DEAL_SEED)


@pytest.fixture
def printed_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables deal from the printed seed (no secret): for hosting a known seeded game."""
    from webscore import inputs

    monkeypatch.setattr(inputs, "draw_deal_seed", lambda: None)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def app(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Flask]:
    """The app on a fresh SQLite file, and again on a throwaway PostgreSQL database."""
    if request.param == "sqlite":
        yield create_app({"TESTING": True, "SECRET_KEY": "test",
                          "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                          "AUTO_MIGRATE": True})
        return
    from webscore.db import get_engine, upgrade

    url = request.getfixturevalue("postgres_db")
    pg = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                     "AUTO_MIGRATE": True})
    upgrade(get_engine(pg))
    yield pg
    get_engine(pg).dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[str]:
    """An empty database's URL: a SQLite file, and again a throwaway PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'shared.sqlite3'}"
        return
    url: str = request.getfixturevalue("postgres_db")
    yield url


def postgres_url() -> str | None:
    url = os.environ.get("PNP_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("PNP_REQUIRE_SERVICES") == "1":
            pytest.fail("PNP_TEST_POSTGRES_URL is not set but PNP_REQUIRE_SERVICES=1")
        pytest.skip("PNP_TEST_POSTGRES_URL not set (run under .ci/test)")
    return url


@pytest.fixture
def postgres_db() -> Iterator[str]:
    """A uniquely named PostgreSQL database, dropped afterwards; yields its URL."""
    from sqlalchemy import create_engine, make_url, text

    base = postgres_url()
    assert base is not None
    name = f"webscore_test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        if os.environ.get("PNP_REQUIRE_SERVICES") == "1":
            raise
        pytest.skip(f"PostgreSQL not reachable: {exc}")
    url = make_url(base).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        from webscore.snapshots import clear_cache as _clear

        _clear()
        with admin.connect() as conn:
            conn.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = :n AND pid <> pg_backend_pid()"), {"n": name})
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


def csrf(client: FlaskClient) -> str:
    client.get("/")
    with client.session_transaction() as sess:
        if "csrf" not in sess:
            sess["csrf"] = "csrf-test-token"
        return str(sess["csrf"])


def new_table_api(client: FlaskClient, **fields: Any) -> dict[str, Any]:
    body = {"game": "toy-dice", "players": ["Ana", "Bo"], **fields}
    resp = client.post("/api/tables", json=body)
    assert resp.status_code == 201, resp.get_json()
    data: dict[str, Any] = resp.get_json()
    return data
