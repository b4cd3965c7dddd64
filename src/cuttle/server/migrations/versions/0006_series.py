"""Long-term series ("like Rummy 500"): the ``series`` and ``series_rounds`` tables.

Existing rows are kept as they are; no game belongs to a series.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the series tables."""
    op.create_table(
        "series",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("rules", sa.String(32), nullable=False),
        sa.Column("variants", sa.String(200), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("winner", sa.String(40)),
        sa.Column("current_game", sa.String(16)),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id")),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float),
    )
    op.create_index("ix_series_status", "series", ["status"])
    op.create_table(
        "series_rounds",
        sa.Column(
            "series_id",
            sa.Integer,
            sa.ForeignKey("series.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(16), nullable=False),
        sa.Column("points", sa.Text),
        sa.Column("against", sa.Text),
        sa.Column("finished_at", sa.Float),
    )
    op.create_index("ix_series_rounds_game_id", "series_rounds", ["game_id"])


def downgrade() -> None:
    """Drop the series tables."""
    op.drop_index("ix_series_rounds_game_id", "series_rounds")
    op.drop_table("series_rounds")
    op.drop_index("ix_series_status", "series")
    op.drop_table("series")
