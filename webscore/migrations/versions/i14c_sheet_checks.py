"""Sheets checked from a photo: the confirmed values, the reading, the report and the photo.

Revision ID: i14c_sheet_checks
Revises: i15b_notify_after_commit
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "i14c_sheet_checks"
down_revision = "i15b_notify_after_commit"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sheet_checks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("layout", sa.String(64), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("fields", sa.Text, nullable=False),
        sa.Column("reading", sa.Text, nullable=False),
        sa.Column("report", sa.Text, nullable=False),
        sa.Column("photo", sa.LargeBinary, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("sheet_checks")
