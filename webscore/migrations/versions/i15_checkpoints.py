"""Checkpoints of a table's state, and the deciding seat on each move row.

Revision ID: i15_checkpoints
Revises: i20_rate_limits
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "i15_checkpoints"
down_revision = "i20_rate_limits"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("table_events") as batch:
        batch.add_column(sa.Column("actor", sa.SmallInteger, nullable=True))
    op.create_table(
        "table_checkpoints",
        sa.Column("table_id", sa.String(32),
                  sa.ForeignKey("game_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("at_seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("engine", sa.String(16), primary_key=True),
        sa.Column("state", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_checkpoints")
    with op.batch_alter_table("table_events") as batch:
        batch.drop_column("actor")
