"""The database: one SQLAlchemy engine per app, Alembic upgrades, `flask db-upgrade`.

With no configuration the tracker keeps a SQLite file in Flask's instance folder and migrates
it on first use.  ``DATABASE_URL=postgresql+psycopg://...`` points several app processes at one
PostgreSQL database; there the schema is upgraded by the CLI command, once, before serving.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import Connection, Engine, create_engine, event

MIGRATIONS = Path(__file__).parent / "migrations"


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 15, "check_same_thread": False})
        _sqlite_setup(engine)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_setup(engine: Engine) -> None:
    """WAL + full sync (an acknowledged commit survives a crash), and real BEGINs.

    pysqlite opens transactions lazily on its own; we take over so that a write can ask for
    ``BEGIN IMMEDIATE`` and hold the write lock from its first read of the table's head.
    """

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=15000")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql(conn.get_execution_options().get("sqlite_begin", "BEGIN"))


def alembic_config(connection: Connection) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head_revision() -> str | None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(cfg).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Apply every pending migration (idempotent, safe when several workers start at once:
    the first takes a lock, the others wait and then find nothing to do)."""
    head = head_revision()
    if current_revision(engine) == head:
        return
    with engine.connect().execution_options(sqlite_begin="BEGIN IMMEDIATE") as conn, \
            conn.begin():
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(4242001)")
        if MigrationContext.configure(conn).get_current_revision() != head:
            command.upgrade(alembic_config(conn), "head")


def get_engine(app: Flask | None = None) -> Engine:
    app = app or current_app
    engine: Engine = app.extensions["webscore_db"]
    return engine


def init_app(app: Flask) -> None:
    url = app.config.get("DATABASE_URL")
    if not url:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{Path(app.instance_path) / 'webscore.sqlite3'}"
        app.config["DATABASE_URL"] = url
        app.config.setdefault("AUTO_MIGRATE", True)
    engine = make_engine(url)
    app.extensions["webscore_db"] = engine
    if app.config.get("AUTO_MIGRATE"):
        upgrade(engine)
    app.cli.add_command(db_upgrade_command)


@click.command("db-upgrade")
@with_appcontext
def db_upgrade_command() -> None:
    """Create or upgrade the tracker's database schema to the newest migration."""
    engine = get_engine()
    before = current_revision(engine)
    upgrade(engine)
    click.echo(f"database at revision {current_revision(engine)} (was {before or 'empty'})")
