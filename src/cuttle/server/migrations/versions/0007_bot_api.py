"""The Bot API: bot accounts, their tokens and challenges to them.

``users.is_bot`` (false for every user so far), ``users.bot_owner`` and
``users.bot_about`` (``NULL``), and the ``bot_tokens`` and ``bot_challenges`` tables.
Existing rows are kept as they are.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the bot columns and create the tokens' and challenges' tables."""
    # Plain ADD COLUMN, not a batch: a batch may rebuild ``users`` on SQLite (see 0005).
    op.add_column(
        "users", sa.Column("is_bot", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("users", sa.Column("bot_owner", sa.Integer))
    op.add_column("users", sa.Column("bot_about", sa.String(200)))
    op.add_column("users", sa.Column("bot_seen_at", sa.Float))
    op.create_table(
        "bot_tokens",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column(
            "user_id",
            sa.Integer,
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("scopes", sa.String(100), nullable=False),
        sa.Column("label", sa.String(40), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("ix_bot_tokens_user_id", "bot_tokens", ["user_id"])
    op.create_table(
        "bot_challenges",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "challenger_id",
            sa.Integer,
            sa.ForeignKey("users.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "bot_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("game_id", sa.String(16)),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_bot_challenges_bot", "bot_challenges", ["bot_id", "status"])


def downgrade() -> None:
    """Drop the tables and the columns."""
    op.drop_index("ix_bot_challenges_bot", "bot_challenges")
    op.drop_table("bot_challenges")
    op.drop_index("ix_bot_tokens_user_id", "bot_tokens")
    op.drop_table("bot_tokens")
    # Plain ALTER TABLE … DROP COLUMN, not a batch copy (see 0005's downgrade).
    op.execute("ALTER TABLE users DROP COLUMN bot_seen_at")
    op.execute("ALTER TABLE users DROP COLUMN bot_about")
    op.execute("ALTER TABLE users DROP COLUMN bot_owner")
    op.execute("ALTER TABLE users DROP COLUMN is_bot")
