"""Live updates on PostgreSQL: the entry's NOTIFY is sent after its commit, not by a trigger.

A transaction that sends NOTIFY holds a database-wide lock from the start of its commit to
its end, the WAL flush included, so every writing transaction was flushed one at a time
(one app instance saturated near 200 entries a second).  The write path now commits the
rows, then sends ``pg_notify`` on the same connection (webscore.commits); the listeners'
periodic poll makes up a notice lost to a crash in between.  The timer trigger stays (a
timer changes a few times a game).

Revision ID: i15b_notify_after_commit
Revises: i14b_entry_device
Create Date: 2026-11-24
"""

from __future__ import annotations

from alembic import op

revision = "i15b_notify_after_commit"
down_revision = "i14b_entry_device"
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


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS webscore_events_notify ON table_events")
        op.execute("DROP FUNCTION IF EXISTS webscore_notify_events()")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(NOTIFY_EVENTS)
        op.execute("CREATE TRIGGER webscore_events_notify AFTER INSERT ON table_events "
                   "REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT "
                   "EXECUTE FUNCTION webscore_notify_events()")
