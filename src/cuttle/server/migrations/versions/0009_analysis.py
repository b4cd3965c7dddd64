"""Game analyses: one engine review of a finished game, stored (issue 28).

``game_analyses``: a row per analysed game (status queued/running/done/failed, progress in
plies, who asked, the review JSON, timestamps); see
:class:`cuttle.server.analysis.models.GameAnalysis`.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``game_analyses``."""
    op.create_table(
        "game_analyses",
        sa.Column(
            "game_id",
            sa.String(16),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("plies_done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("plies_total", sa.Integer, nullable=False, server_default="0"),
        sa.Column(
            "requested_by",
            sa.Integer,
            sa.ForeignKey("users.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("review", sa.Text),
        sa.Column("error", sa.String(200)),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float),
        sa.Column("finished_at", sa.Float),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_game_analyses_status", "game_analyses", ["status"])


def downgrade() -> None:
    """Drop ``game_analyses``."""
    op.drop_index("ix_game_analyses_status", table_name="game_analyses")
    op.drop_table("game_analyses")
