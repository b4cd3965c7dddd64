"""The puzzle tables (migration 0010): live puzzle ratings, solvers and first attempts."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..models import Base


class PuzzleRating(Base):
    """A puzzle's live Glicko-2 rating (a row once someone tried the puzzle)."""

    __tablename__ = "puzzle_ratings"
    puzzle_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)


class PuzzleSolver(Base):
    """A user's puzzle rating, streaks and counts."""

    __tablename__ = "puzzle_solvers"
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    streak: Mapped[int] = mapped_column(Integer, default=0)
    best_streak: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)
    failed: Mapped[int] = mapped_column(Integer, default=0)


class PuzzleAttempt(Base):
    """A user's first (rated) attempt at a puzzle."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (
        UniqueConstraint("user_id", "puzzle_id", name="uq_puzzle_attempts_user_puzzle"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    puzzle_id: Mapped[str] = mapped_column(String(16))
    move: Mapped[str] = mapped_column(String(40))
    solved: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)
