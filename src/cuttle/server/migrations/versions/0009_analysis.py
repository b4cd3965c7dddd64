"""Game analyses: one engine review of a finished game, stored (issue 28).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables (nothing yet)."""


def downgrade() -> None:
    """Drop the tables (nothing yet)."""
