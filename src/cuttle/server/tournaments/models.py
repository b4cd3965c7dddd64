"""The tournament tables (migration 0011): tournaments, their entrants and matches."""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..models import Base


class TournamentRow(Base):
    """A tournament.

    ``format`` is ``swiss`` or ``double-elimination``; ``rules`` a rating key (a preset
    for two, with variants: ``standard+...``); ``rounds`` the Swiss rounds (``None`` for
    double elimination); ``round`` the round in play (0 before the start);
    ``starts_at`` when it starts by itself (wall-clock seconds); ``status`` ``open``
    (taking entrants), ``running`` or ``finished``; ``state`` the double-elimination
    bracket (:meth:`cuttle.league.Bracket.to_json`); ``updated_at`` changes with every
    result, so that a page polling it knows when to redraw.
    """

    __tablename__ = "tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    format: Mapped[str] = mapped_column(String(24))
    rules: Mapped[str] = mapped_column(String(64))
    rounds: Mapped[int | None] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer, default=0)
    starts_at: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(10), index=True)
    organiser_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    state: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


class EntrantRow(Base):
    """A player entered in a tournament: a registered person (``user_id``) or one of the
    site's bots (``bot``, its level). ``name`` is unique in the tournament; ``seed``
    orders the entrants (join order until the start, then by rating)."""

    __tablename__ = "tournament_entrants"
    __table_args__ = (
        UniqueConstraint("tournament_id", "name", name="uq_tournament_entrants_name"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    bot: Mapped[str | None] = mapped_column(String(12))
    name: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(Integer)
    joined_at: Mapped[float] = mapped_column(Float)


class PairingRow(Base):
    """One pairing of a round: ``first`` v ``second`` (``None``: a bye) in ``round``;
    ``slot`` is the board number (Swiss) or the bracket match (``W1-1``, ``GF``).

    ``status``: ``playing``, ``over``, ``bye`` or ``forfeit`` (decided by the organiser).
    A match of two people is the league match ``league_match_id`` (its games, score and
    rating are the league's); a match with a bot keeps its games here (``games``, as a
    league match's, and ``current_game``). ``score1``/``score2`` are game wins.
    """

    __tablename__ = "tournament_matches"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    slot: Mapped[str] = mapped_column(String(8))
    first: Mapped[str] = mapped_column(String(40))
    second: Mapped[str | None] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(10))
    winner: Mapped[str | None] = mapped_column(String(40))
    score1: Mapped[int] = mapped_column(Integer, default=0)
    score2: Mapped[int] = mapped_column(Integer, default=0)
    league_match_id: Mapped[int | None] = mapped_column(Integer, index=True)
    games: Mapped[str] = mapped_column(Text, default="[]")
    current_game: Mapped[str | None] = mapped_column(String(16), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)
