"""Pending draw offers and rematch asks on games, so that a restart keeps them.

Each is the asking seats as space-separated numbers (``"0 2"``), ``NULL`` when none.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.draw_offers`` and ``games.rematch_asks``."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("draw_offers", sa.String(16), nullable=True))
        batch.add_column(sa.Column("rematch_asks", sa.String(16), nullable=True))


def downgrade() -> None:
    """Drop the two columns."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch_asks")
        batch.drop_column("draw_offers")
