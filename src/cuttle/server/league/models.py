"""The league's tables (migration 0005): matches, ratings and their history, brackets,
challenges. Times are the league clock's (see :class:`~cuttle.server.league.service.Clock`)."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, false
from sqlalchemy.orm import Mapped, mapped_column

from ..models import Base


class LeagueMatch(Base):
    """A first-to-two match between two people: its games (JSON) and, once over, its winner.

    ``player1`` sits in seat 0 in games 1, 3, 5, ... ``status`` is ``playing``, ``over``,
    ``forfeit`` (decided by an organiser: not rated) or ``cancelled`` (a re-seeded
    bracket). ``games`` lists ``{"game", "ending", "player"}`` for every finished game
    (``ending``: win, draw, resign or abandoned, as :class:`cuttle.league.match.Ending`).
    """

    __tablename__ = "league_matches"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules: Mapped[str] = mapped_column(String(64))
    player1_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    player2_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    status: Mapped[str] = mapped_column(String(12), index=True)
    winner_id: Mapped[int | None] = mapped_column(Integer)
    score1: Mapped[int] = mapped_column(Integer, default=0)
    score2: Mapped[int] = mapped_column(Integer, default=0)
    games: Mapped[str] = mapped_column(Text, default="[]")
    current_game: Mapped[str | None] = mapped_column(String(16))
    bracket_id: Mapped[int | None] = mapped_column(Integer, index=True)
    bracket_match: Mapped[str | None] = mapped_column(String(8))
    created_at: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)


class LeagueRating(Base):
    """A current rating: by pool (``people``, ``bots``, ``multi``), rule set and subject.

    A subject is ``u:<user id>`` or ``bot:<level>``. Glicko-2 pools keep rating, deviation
    and volatility; the ``multi`` pool keeps openskill's μ in ``rating`` and σ in
    ``deviation``.
    """

    __tablename__ = "league_ratings"
    pool: Mapped[str] = mapped_column(String(8), primary_key=True)
    rules: Mapped[str] = mapped_column(String(64), primary_key=True)
    subject: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float, default=0.0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    last_at: Mapped[float | None] = mapped_column(Float)


class LeagueRatingPoint(Base):
    """One point of a rating's history: the rating after a rated match or game."""

    __tablename__ = "league_rating_history"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    pool: Mapped[str] = mapped_column(String(8))
    rules: Mapped[str] = mapped_column(String(64))
    subject: Mapped[str] = mapped_column(String(40), index=True)
    at: Mapped[float] = mapped_column(Float)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    match_id: Mapped[int | None] = mapped_column(Integer)
    game_id: Mapped[str | None] = mapped_column(String(16))


class LeagueBracket(Base):
    """A championship bracket: ``kind`` ``season`` (``season`` = season index) or ``world``
    (``season`` = league year); ``state`` is :meth:`cuttle.league.Bracket.to_json`.

    ``status``: ``running``, ``paused`` or ``finished``; only a ``published`` bracket is
    shown to everyone.
    """

    __tablename__ = "league_brackets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    season: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(80))
    rules: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(10))
    published: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)


class LeagueChallenge(Base):
    """A challenge to a ranked match: ``open``, ``accepted``, ``declined`` or ``cancelled``."""

    __tablename__ = "league_challenges"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    from_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    to_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    rules: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(10))
    match_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Float)
