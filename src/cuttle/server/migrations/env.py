"""Alembic environment: runs migrations on the connection the server hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from cuttle.server.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations() -> None:
    """Run the migrations online, on the given connection or a fresh engine."""
    connection = config.attributes.get("connection")
    if connection is None:
        engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
        with engine.begin() as conn:
            context.configure(
                connection=conn, target_metadata=target_metadata, render_as_batch=True
            )
            context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    context.run_migrations()


if context.is_offline_mode():
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations()
