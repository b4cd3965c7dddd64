"""Tournaments any evening: Swiss or double elimination, made by any registered player.

``tournaments`` (one row a tournament: its format, rule set, start time, rounds, status
and, for double elimination, the bracket's state), ``tournament_entrants`` (the players
who joined, people or the site's bots, in seed order) and ``tournament_matches`` (one row
a pairing: a first-to-two match, a bye, or a bracket match; a match of two people is a
league match, ``league_match_id``; one with a bot keeps its own games). Existing rows are
kept as they are.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("format", sa.String(24), nullable=False),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("round", sa.Integer, nullable=False, server_default="0"),
        sa.Column("starts_at", sa.Float, nullable=False),
        sa.Column("status", sa.String(10), nullable=False, index=True),
        sa.Column("organiser_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("state", sa.Text, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tournament_entrants",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer,
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("bot", sa.String(12), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
        sa.UniqueConstraint("tournament_id", "name", name="uq_tournament_entrants_name"),
    )
    op.create_table(
        "tournament_matches",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer,
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("slot", sa.String(8), nullable=False),
        sa.Column("first", sa.String(40), nullable=False),
        sa.Column("second", sa.String(40), nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("winner", sa.String(40), nullable=True),
        sa.Column("score1", sa.Integer, nullable=False, server_default="0"),
        sa.Column("score2", sa.Integer, nullable=False, server_default="0"),
        sa.Column("league_match_id", sa.Integer, nullable=True, index=True),
        sa.Column("games", sa.Text, nullable=False, server_default="[]"),
        sa.Column("current_game", sa.String(16), nullable=True, index=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("tournament_matches")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")
