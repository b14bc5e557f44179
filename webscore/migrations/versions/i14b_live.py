"""Live updates: each table's shared build timer, and PostgreSQL NOTIFY on every change.

On PostgreSQL, inserting event rows or changing a timer sends ``NOTIFY webscore_live`` from
triggers, inside the writing transaction (delivered at commit, never for a rolled-back
write), so every server process listening (webscore.live) hears of it, whichever process or
machine wrote.  SQLite has no NOTIFY; webscore.live polls there.

Revision ID: i14b_live
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "i14b_live"
down_revision = "0001"
branch_labels = None
depends_on = None

NOTIFY_EVENTS = """
CREATE OR REPLACE FUNCTION webscore_notify_events() RETURNS trigger AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT table_id, max(seq) AS head FROM new_rows GROUP BY table_id LOOP
    PERFORM pg_notify('webscore_live', 'h ' || r.table_id || ' ' || r.head);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql
"""

NOTIFY_TIMER = """
CREATE OR REPLACE FUNCTION webscore_notify_timer() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('webscore_live', 't ' || NEW.table_id || ' ' || NEW.rev);
  RETURN NULL;
END $$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    op.create_table(
        "table_timers",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rev", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(NOTIFY_EVENTS)
        op.execute("CREATE TRIGGER webscore_events_notify AFTER INSERT ON table_events "
                   "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT "
                   "EXECUTE FUNCTION webscore_notify_events()")
        op.execute(NOTIFY_TIMER)
        op.execute("CREATE TRIGGER webscore_timer_notify AFTER INSERT OR UPDATE "
                   "ON table_timers FOR EACH ROW EXECUTE FUNCTION webscore_notify_timer()")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS webscore_events_notify ON table_events")
        op.execute("DROP FUNCTION IF EXISTS webscore_notify_events()")
    op.drop_table("table_timers")
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS webscore_notify_timer()")
