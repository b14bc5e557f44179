"""Which phone logged each entry: the device id from its long-lived cookie, and its name.

Revision ID: i14b_entry_device
Revises: i15_checkpoints
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "i14b_entry_device"
down_revision = "i15_checkpoints"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("table_events") as batch:
        batch.add_column(sa.Column("device", sa.String(32), nullable=True))
        batch.add_column(sa.Column("device_name", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("table_events") as batch:
        batch.drop_column("device_name")
        batch.drop_column("device")
