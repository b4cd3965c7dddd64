"""Puzzles: the puzzles, their Glicko-2 ratings and each solver's attempts (issue 28).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables (nothing yet)."""


def downgrade() -> None:
    """Drop the tables (nothing yet)."""
