"""The ``game_analyses`` table (migration 0009): one engine review of one finished game."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..models import Base

STATUSES = ("queued", "running", "done", "failed")
"""An analysis's life: asked for, being computed, stored, or given up on (may be asked again)."""


class GameAnalysis(Base):
    """The analysis of one finished game: its status, its progress and, once done, the
    review JSON (:meth:`cuttle.analysis.GameReview.to_json`)."""

    __tablename__ = "game_analyses"
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(8), index=True)
    """One of :data:`STATUSES`."""
    plies_done: Mapped[int] = mapped_column(Integer, default=0)
    plies_total: Mapped[int] = mapped_column(Integer, default=0)
    requested_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    """Who asked (``users.id``); ``NULL`` when the site asked itself (a ranked game's end)."""
    review: Mapped[str | None] = mapped_column(Text)
    """The review as JSON text, once ``done``."""
    error: Mapped[str | None] = mapped_column(String(200))
    """Why it ``failed``."""
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
