"""The players' languages: ``users.language``, the language a player chose.

``NULL`` (every user so far): the browser's ``Accept-Language`` decides. Existing rows are
kept as they are.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``users.language``."""
    # Plain ADD COLUMN, not a batch: a batch may rebuild ``users`` on SQLite (see 0005).
    op.add_column("users", sa.Column("language", sa.String(8)))


def downgrade() -> None:
    """Drop ``users.language``."""
    # Plain ALTER TABLE … DROP COLUMN, not a batch copy (see 0005's downgrade).
    op.execute("ALTER TABLE users DROP COLUMN language")
