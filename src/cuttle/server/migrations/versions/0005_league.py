"""The league: organisers, ranked games, matches, ratings, brackets and challenges.

``users.is_admin`` (false for every user so far), ``games.ranked`` (false for every game
so far) and ``games.match_id`` (``NULL``), and the ``league_*`` tables. Existing rows
are kept as they are.

Revision ID: 0005
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns and create the league's tables."""
    # Plain ADD COLUMN, not a batch: a batch may rebuild the table on SQLite, and dropping
    # ``games`` there deletes every game's seats and moves in cascade.
    op.add_column(
        "users", sa.Column("is_admin", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column(
        "games", sa.Column("ranked", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("match_id", sa.Integer, nullable=True))
    op.create_index("ix_games_match_id", "games", ["match_id"])
    op.create_table(
        "league_matches",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("player1_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("player2_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("winner_id", sa.Integer),
        sa.Column("score1", sa.Integer, nullable=False),
        sa.Column("score2", sa.Integer, nullable=False),
        sa.Column("games", sa.Text, nullable=False),
        sa.Column("current_game", sa.String(16)),
        sa.Column("bracket_id", sa.Integer),
        sa.Column("bracket_match", sa.String(8)),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float),
    )
    for col in ("player1_id", "player2_id", "status", "bracket_id"):
        op.create_index(f"ix_league_matches_{col}", "league_matches", [col])
    op.create_table(
        "league_ratings",
        sa.Column("pool", sa.String(8), primary_key=True),
        sa.Column("rules", sa.String(64), primary_key=True),
        sa.Column("subject", sa.String(40), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("losses", sa.Integer, nullable=False),
        sa.Column("draws", sa.Integer, nullable=False),
        sa.Column("last_at", sa.Float),
    )
    op.create_table(
        "league_rating_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("pool", sa.String(8), nullable=False),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("subject", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("match_id", sa.Integer),
        sa.Column("game_id", sa.String(16)),
    )
    op.create_index("ix_league_rating_history_subject", "league_rating_history", ["subject"])
    op.create_table(
        "league_brackets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("season", sa.Integer, nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("published", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "league_challenges",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("from_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("to_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("rules", sa.String(64), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("match_id", sa.Integer),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_league_challenges_from_id", "league_challenges", ["from_id"])
    op.create_index("ix_league_challenges_to_id", "league_challenges", ["to_id"])


def downgrade() -> None:
    """Drop the league's tables and columns."""
    for name in (
        "league_challenges",
        "league_brackets",
        "league_rating_history",
        "league_ratings",
        "league_matches",
    ):
        op.drop_table(name)
    # Plain ALTER TABLE … DROP COLUMN (SQLite 3.35 or later, and PostgreSQL), not a batch
    # copy: on SQLite a batch rebuilds the table by dropping it, which with foreign keys
    # on would delete every game's seats and moves (or every user's games) in cascade.
    op.drop_index("ix_games_match_id", "games")
    op.execute("ALTER TABLE games DROP COLUMN match_id")
    op.execute("ALTER TABLE games DROP COLUMN ranked")
    op.execute("ALTER TABLE users DROP COLUMN is_admin")
