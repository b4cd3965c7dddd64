"""Clocks and chat.

``games.time_control`` (``"5+3"``, ``"30s"``; ``NULL``: untimed, as every game stored
before) and ``games.clock_start``; ``moves.clocks``, every seat's remaining milliseconds
after the move (``NULL`` for untimed games); the ``chat`` table, one row a message.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the clock columns and the chat table."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("time_control", sa.String(16), nullable=True))
        batch.add_column(sa.Column("clock_start", sa.Float, nullable=True))
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("clocks", sa.String(80), nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_chat_game", "chat", ["game_id", "id"])


def downgrade() -> None:
    """Drop the chat table and the clock columns.

    The columns go with a plain ``ALTER TABLE … DROP COLUMN`` (SQLite 3.35 or later, and
    PostgreSQL), not a batch copy: on SQLite a batch rebuilds ``games`` by dropping it,
    which with foreign keys on would delete every game's seats and moves in cascade.
    """
    op.drop_index("ix_chat_game", table_name="chat")
    op.drop_table("chat")
    op.execute("ALTER TABLE moves DROP COLUMN clocks")
    op.execute("ALTER TABLE games DROP COLUMN clock_start")
    op.execute("ALTER TABLE games DROP COLUMN time_control")
