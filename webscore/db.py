"""The database: one SQLAlchemy engine per app, Alembic upgrades, the start-up schema check.

With no configuration the tracker keeps a SQLite file in Flask's instance folder.  A SQLite
database is migrated to the newest schema when the app starts (one machine, nothing else to
coordinate).  ``DATABASE_URL=postgresql+psycopg://...`` points several app processes at one
PostgreSQL database; there a schema that is behind is *refused* at start-up with one line
naming the command to run (``flask --app webscore db-upgrade``), because an upgrade should be
the operator's decision while older processes may still be serving.  ``AUTO_MIGRATE`` (or
``WEBSCORE_AUTO_MIGRATE=1``) upgrades PostgreSQL automatically instead, under an advisory lock
so that several instances starting at once migrate exactly once.

A database that cannot be reached at start-up is not an error: the check runs again before
the first request that needs the database, and until it passes requests get 503 (see
webscore.errors), never a 500 on a missing table.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

import click
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app, request
from flask.cli import with_appcontext
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import DBAPIError, DisconnectionError, SQLAlchemyError

from webscore import commits, notices

MIGRATIONS = Path(__file__).parent / "migrations"
UPGRADE_COMMAND = "flask --app webscore db-upgrade"
EXIT_SCHEMA = 4
"""Exit status of a refused start (gunicorn's "app failed to load": its master stops rather
than starting workers that would be refused again)."""

BUSY_TIMEOUT = 15.0
"""Seconds a SQLite writer waits for another's write lock before the request gets 503."""


SQLITE_SYNC = ("NORMAL", "FULL")
"""SQLite's ``synchronous`` settings the tracker accepts (``WEBSCORE_SQLITE_SYNC``): NORMAL
(the default) writes every commit to the log before it is acknowledged, which survives the
app being killed, and flushes the log to the disk at each checkpoint (about every half
second while writes come in, ``webscore.commits``), so a power cut or an OS crash may lose
the entries of that last moment; FULL flushes every commit before it is acknowledged
(docs/tracker.md, "Durability")."""


WAL_AUTOCHECKPOINT = 4000
"""Pages (4 KiB) of write-ahead log after which the COMMIT that crossed them also copies the
log back into the database file (SQLite's default: 1,000).  While the tracker writes, a
thread does that every half second without holding anyone up (``webscore.commits``), so
this one finds little left to copy; it is what keeps the log bounded (16 MiB) when that
thread is not running (the CLI, another tool)."""


POOL_SIZE = 10
"""PostgreSQL connections a process keeps open (``WEBSCORE_DB_POOL_SIZE``, config
``DATABASE_POOL_SIZE``); it may open as many again for a burst, each closed when given back.
SQLAlchemy's default of 5 was under a gthread worker's 8 request threads: at 1,000 tables
one write in ten opened a connection (a server process forked and its caches warmed), and
closed it again, on a machine already short of CPU."""


def make_engine(url: str, *, busy_timeout: float = BUSY_TIMEOUT,
                synchronous: str = "NORMAL", pool_size: int = POOL_SIZE) -> Engine:
    if url.startswith("sqlite"):
        if synchronous.upper() not in SQLITE_SYNC:
            raise ValueError(f"SQLite synchronous must be one of {', '.join(SQLITE_SYNC)}, "
                             f"not {synchronous!r}")
        engine = create_engine(url, connect_args={"timeout": busy_timeout,
                                                  "check_same_thread": False})
        _sqlite_setup(engine, busy_timeout, synchronous.upper())
        commits.configure(engine, busy_timeout)
        return engine
    # connect_timeout: an unreachable server fails fast (503); keepalives: a connection
    # whose server vanished without a word (a network cut) is given up after about 11 s
    # rather than the system's two hours.
    if pool_size < 1:
        raise ValueError(f"the database pool size must be at least 1, not {pool_size}")
    engine = create_engine(url, pool_timeout=10, pool_size=pool_size, max_overflow=pool_size,
                           connect_args={"connect_timeout": 5, "keepalives": 1,
                                         "keepalives_idle": 5, "keepalives_interval": 2,
                                         "keepalives_count": 3})
    _ping_idle_connections(engine)
    event.listen(engine, "engine_disposed", notices.stop_notices)
    return engine


PING_AFTER = 1.0
"""Seconds a pooled PostgreSQL connection may sit unused before it is pinged at checkout."""


def _ping_idle_connections(engine: Engine) -> None:
    """A connection the server dropped (restart, failover) is replaced before use, so the
    app recovers by itself: like ``pool_pre_ping``, but only for a connection that sat in
    the pool for over ``PING_AFTER`` seconds.  Under load a connection is back in use within
    milliseconds, and a ping per checkout was a round trip per write; a connection that
    breaks in that moment fails its request with 503 (webscore.errors) and the pool is
    replaced."""

    @event.listens_for(engine, "connect")
    def _fresh(_dbapi_connection: Any, record: Any) -> None:
        record.info["webscore_used"] = time.monotonic()

    @event.listens_for(engine, "checkin")
    def _used(_dbapi_connection: Any, record: Any) -> None:
        record.info["webscore_used"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("webscore_used", 0.0) <= PING_AFTER:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as exc:  # the pool retries a new one
            raise DisconnectionError(str(exc)) from exc


def _sqlite_setup(engine: Engine, busy_timeout: float, synchronous: str) -> None:
    """WAL (an acknowledged commit survives the app's crash), and real BEGINs.

    pysqlite opens transactions lazily on its own; we take over so that a write can ask for
    ``BEGIN IMMEDIATE`` and hold the write lock from its first read of the table's head.
    """

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={synchronous}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")
        cur.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT}")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql(conn.get_execution_options().get("sqlite_begin", "BEGIN"))


def _script() -> ScriptDirectory:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(cfg)


def alembic_config(connection: Connection) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head_revision() -> str | None:
    return _script().get_current_head()


def revisions() -> list[str]:
    """Every revision, oldest first (the upgrade path from an empty database to the head)."""
    return [r.revision for r in reversed(list(_script().walk_revisions()))]


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    """Apply every pending migration (idempotent, safe when several workers start at once:
    the first takes a lock, the others wait and then find nothing to do)."""
    want = head_revision() if target == "head" else target
    if current_revision(engine) == want:
        return
    with engine.connect().execution_options(sqlite_begin="BEGIN IMMEDIATE") as conn, \
            conn.begin():
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(4242001)")
        if MigrationContext.configure(conn).get_current_revision() != want:
            command.upgrade(alembic_config(conn), target)


def schema_problem(engine: Engine, current: str | None) -> str | None:
    """One line saying what is wrong with a database at revision ``current`` (None: fine)."""
    head = head_revision()
    if current == head:
        return None
    where = engine.url.render_as_string(hide_password=True)
    if current is None:
        return (f"webscore: the database {where} has no tracker schema yet; run "
                f"`{UPGRADE_COMMAND}` once, then start the server")
    if current not in revisions():
        return (f"webscore: the database {where} is at schema revision {current}, newer "
                f"than this webscore ({head}); run the newer webscore, or restore a backup "
                "into a new database")
    return (f"webscore: the database {where} is at schema revision {current}, this webscore "
            f"needs {head}; run `{UPGRADE_COMMAND}` once, then start the server")


class SchemaUnavailable(Exception):
    """The database is reachable but not at this webscore's schema (answered 503)."""


def _serving() -> bool:
    """Whether the app is being created to serve (gunicorn, `flask run`, a WSGI import)
    rather than for a CLI command such as db-upgrade, backup or restore."""
    ctx = click.get_current_context(silent=True)
    return ctx is None or ctx.command.name == "run"


class SchemaGate:
    """Checks the schema at start-up and, until one check passed, before each request."""

    def __init__(self, app: Flask, engine: Engine, auto: bool) -> None:
        self.app = app
        self.engine = engine
        self.auto = auto
        self.ok = False
        self.problem: str | None = None
        self.lock = threading.Lock()
        self.next_try = 0.0

    def check(self, *, at_start: bool) -> None:
        try:
            current = current_revision(self.engine)
            problem = schema_problem(self.engine, current)
            if problem and self.auto and (current is None or current in revisions()):
                upgrade(self.engine)
                problem = None
        except (DBAPIError, SQLAlchemyError) as exc:
            # Not reachable now (server down, file locked): decide on a later request.
            self.app.logger.warning("database not reachable, schema not checked yet: %s",
                                    str(exc).splitlines()[0])
            self.problem = None
            self.next_try = time.monotonic() + 1.0
            return
        self.problem = problem
        self.ok = problem is None
        if problem and at_start and _serving():
            print(problem, file=sys.stderr, flush=True)
            raise SystemExit(EXIT_SCHEMA)
        if problem:
            self.app.logger.error("%s", problem)

    def before_request(self) -> None:
        """Unreachable still: let the request through (it gets 503 if it needs the
        database).  Reachable but behind: 503 naming the command to run."""
        if self.ok or request.endpoint in ("health.healthz", "static"):
            return
        with self.lock:
            if not self.ok and time.monotonic() >= self.next_try:
                self.check(at_start=False)
        if self.problem:
            raise SchemaUnavailable(self.problem)


def get_engine(app: Flask | None = None) -> Engine:
    app = app or current_app
    engine: Engine = app.extensions["webscore_db"]
    return engine


def _auto_migrate(app: Flask, engine: Engine) -> bool:
    configured = app.config.get("AUTO_MIGRATE")
    if configured is not None:
        return bool(configured)
    env = os.environ.get("WEBSCORE_AUTO_MIGRATE")
    if env in ("0", "1"):
        return env == "1"
    return engine.dialect.name == "sqlite"


SWITCH_INTERVAL = 0.0005
"""Seconds a thread may hold the interpreter lock while another waits for it (Python's
default: 0.005).  A write's statements each give the lock up while the database works and
must get it back before the next one; with a worker's other threads busy (Flask, JSON, the
rules engine) each of those waits took up to the default 5 ms, and on SQLite a process
waits so while it holds the writer lock (and with it every other process's writes).  Two
processes of 8 threads committing at once (``webscore.commits``), at load average 22 on 2
cores: 212-346 writes a second, p99 200-330 ms, at the default; 498-506 a second, p99
99-103 ms, at 0.5 ms."""


def init_app(app: Flask) -> None:
    if sys.getswitchinterval() > SWITCH_INTERVAL:  # per process: gunicorn's workers too
        sys.setswitchinterval(SWITCH_INTERVAL)
    url = app.config.get("DATABASE_URL")
    if not url:
        Path(app.instance_path).mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{Path(app.instance_path) / 'webscore.sqlite3'}"
        app.config["DATABASE_URL"] = url
    busy = app.config.get("DATABASE_BUSY_TIMEOUT",
                          os.environ.get("WEBSCORE_DB_BUSY_TIMEOUT", BUSY_TIMEOUT))
    sync = app.config.get("SQLITE_SYNC", os.environ.get("WEBSCORE_SQLITE_SYNC", "NORMAL"))
    pool = app.config.get("DATABASE_POOL_SIZE",
                          os.environ.get("WEBSCORE_DB_POOL_SIZE", POOL_SIZE))
    engine = make_engine(url, busy_timeout=float(busy), synchronous=str(sync),
                         pool_size=int(pool))
    app.extensions["webscore_db"] = engine
    gate = SchemaGate(app, engine, _auto_migrate(app, engine))
    app.extensions["webscore_schema"] = gate
    gate.check(at_start=True)
    app.before_request(gate.before_request)
    app.cli.add_command(db_upgrade_command)


@click.command("db-upgrade")
@with_appcontext
def db_upgrade_command() -> None:
    """Create or upgrade the tracker's database schema to the newest migration."""
    engine = get_engine()
    before = current_revision(engine)
    upgrade(engine)
    current_app.extensions["webscore_schema"].ok = True
    click.echo(f"database at revision {current_revision(engine)} (was {before or 'empty'})")
