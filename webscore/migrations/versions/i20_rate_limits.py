"""Rate-limit counters: one row per client and limit window (webscore.limits).

Revision ID: i20_rate_limits
Revises: i14b_live
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "i20_rate_limits"
down_revision = "i14b_live"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("until", sa.BigInteger, primary_key=True),
        sa.Column("hits", sa.Integer, nullable=False),
    )
    op.create_index("ix_rate_limits_until", "rate_limits", ["until"])


def downgrade() -> None:
    op.drop_index("ix_rate_limits_until", table_name="rate_limits")
    op.drop_table("rate_limits")
