"""The tables of long-term series (migration 0006): a series and its rounds.

A series (docs/league.md, "Long-term series on the site") is a run of ordinary games
among the same seats; every finished round stores each player's points on the table.
"""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..models import Base


class SeriesRow(Base):
    """A long-term series: its rule set, target, players (JSON) and, once over, its winner.

    ``seats`` lists ``{"name", "user_id", "bot"}`` for every player in the first round's
    seat order (the column order of the sheet). ``status`` is ``playing`` or ``over``.
    """

    __tablename__ = "series"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules: Mapped[str] = mapped_column(String(32))
    variants: Mapped[str] = mapped_column(String(200), default="")
    players: Mapped[int] = mapped_column(Integer)
    target: Mapped[int] = mapped_column(Integer)
    seats: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(10), index=True)
    winner: Mapped[str | None] = mapped_column(String(40))
    current_game: Mapped[str | None] = mapped_column(String(16))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)


class SeriesRoundRow(Base):
    """One round of a series: its game and, once the game is over, each player's points
    (JSON, by name) and the players whose points counted against them (JSON list)."""

    __tablename__ = "series_rounds"
    series_id: Mapped[int] = mapped_column(
        ForeignKey("series.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(String(16), index=True)
    points: Mapped[str | None] = mapped_column(Text)
    against: Mapped[str | None] = mapped_column(Text)
    finished_at: Mapped[float | None] = mapped_column(Float)
