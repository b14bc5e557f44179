"""Alembic environment: run on the connection webscore.db hands over (never a URL of its own)."""

from __future__ import annotations

from alembic import context

from webscore.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
