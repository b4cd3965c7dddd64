"""House rule sets and practice games.

``games.house_rules`` holds a house rule set as JSON (``NULL`` for a preset, as every
game stored before); ``games.practice`` marks a game with every hand face up (false for
every game stored before).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.house_rules`` and ``games.practice``."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("house_rules", sa.Text, nullable=True))
        batch.add_column(
            sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop the two columns."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("practice")
        batch.drop_column("house_rules")
