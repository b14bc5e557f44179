"""The tracker's schema (SQLAlchemy 2 Core): tables, and their append-only event rows.

A table's log is never rewritten: a move, a dealt chance outcome and an undo are each one row
with the table's next sequence number.  The primary key (table_id, seq) is what makes two
simultaneous writers of the same sequence number impossible: the second insert fails.

A checkpoint is the engine state right after one move row, with every entry before it that is
still in force: valid as long as that move is in force, and only for the rules' code that
wrote it (``engine``, a fingerprint of the game's source), so a deploy never trusts a state
an older rule computed.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    SmallInteger,
    String,
    Table,
    Text,
)

metadata = MetaData()

game_tables = Table(
    "game_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("players", Text, nullable=False),  # JSON list of names
    Column("options", Text, nullable=False),  # JSON object, as entered
    Column("setup", Text, nullable=False),  # JSON object from game.new_setup
    Column("auto_deal", Boolean, nullable=False),
    Column("location", String(200), nullable=False, server_default=""),
    Column("token_hash", String(64), nullable=False),  # sha256 hex of the write token
    Column("created_at", DateTime(timezone=True), nullable=False),
)

table_events = Table(
    "table_events",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),  # "move" | "undo"
    Column("source", String(8), nullable=False),  # "typed" | "dealt" | "undo"
    Column("text", Text, nullable=False),  # canonical notation ("" for an undo)
    Column("undoes", Integer, nullable=True),  # the seq an undo row takes back
    Column("created_at", DateTime(timezone=True), nullable=False),
    # The seat that decided a move (-1: a chance outcome); NULL for undo rows and for rows
    # stored before revision i15_checkpoints.  Lets a checkpoint stand in for the replay.
    Column("actor", SmallInteger, nullable=True),
    # The phone that logged the row (webscore.devices): its cookie's id and the name its
    # player gave it; NULL for rows stored before revision i14b_entry_device.
    Column("device", String(32), nullable=True),
    Column("device_name", String(40), nullable=True),
)

table_checkpoints = Table(
    "table_checkpoints",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("at_seq", Integer, primary_key=True, autoincrement=False),  # a move row's seq
    Column("engine", String(16), primary_key=True),  # fingerprint of the rules' code
    Column("state", LargeBinary, nullable=False),  # zlib'd pnp.engine.codec JSON
    Column("created_at", DateTime(timezone=True), nullable=False),
)

table_timers = Table(
    "table_timers",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id", ondelete="CASCADE"),
           primary_key=True),
    Column("rev", Integer, nullable=False),  # bumped on every change (live.py watches it)
    Column("state", Text, nullable=False),  # the game's TimerRules: TableTimer.to_json()
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

rate_limits = Table(
    "rate_limits",
    metadata,
    Column("key", String(200), primary_key=True),  # "<limit>:<client address>"
    Column("until", BigInteger, primary_key=True),  # the window's end, epoch seconds
    Column("hits", Integer, nullable=False),
    Index("ix_rate_limits_until", "until"),
)
"""Fixed-window request counters (webscore.limits), shared by every instance on PostgreSQL."""

sheet_checks = Table(
    "sheet_checks",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("layout", String(64), nullable=False),  # what the sheet's QR code named
    Column("seed", BigInteger, nullable=True),
    Column("fields", Text, nullable=False),  # JSON: the values the person confirmed
    Column("reading", Text, nullable=False),  # JSON: each field as read (status, confidence)
    Column("report", Text, nullable=False),  # JSON: pnp.sheets' check of the confirmed values
    Column("photo", LargeBinary, nullable=False),  # the photo, re-encoded as JPEG
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""A sheet checked from a phone photo (webscore.sheetphoto): stored only once confirmed."""
