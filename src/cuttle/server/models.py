"""Tables: users, sessions, games, seats and moves (one row a move: the database is the truth)."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """Declarative base of every table."""


class User(Base):
    """A player: a guest (no username) or a registered account."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str | None] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    guest: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[float] = mapped_column(Float)
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A league organiser (migration 0005; also ``cuttle serve --admin NAME``)."""
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A bot account (migration 0007): played by a program through the Bot API, never
    signed in with a password, never ranked among people."""
    bot_owner: Mapped[int | None] = mapped_column(Integer)
    """The registered user who made this bot account (``users.id``); ``NULL`` for people."""
    bot_about: Mapped[str | None] = mapped_column(String(200))
    """A bot account's description, as its owner wrote it."""
    bot_seen_at: Mapped[float | None] = mapped_column(Float)
    """When (wall clock) a bot account's event stream, on any worker, last said that its
    program listens; ``NULL``: never, or its last stream closed (the lobby's bots online)."""
    language: Mapped[str | None] = mapped_column(String(8))
    """The language the player chose (migration 0008, a code of ``cuttle.i18n.LANGUAGES``);
    ``NULL``: the browser's ``Accept-Language`` decides."""

    @property
    def display(self) -> str:
        """The name shown at the table (a bot account's marked ``BOT``)."""
        if self.is_bot:
            return f"BOT {self.username}"
        return self.username or f"guest{self.id}"


class AuthSession(Base):
    """A signed-in browser: the SHA-256 of its cookie token and its CSRF token."""

    __tablename__ = "sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class GameRow(Base):
    """A game: its rule set, the shuffled deck, its status and pending draw offers and rematch
    asks; the moves are in ``moves``."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    rules: Mapped[str] = mapped_column(String(32))
    variants: Mapped[str] = mapped_column(String(200), default="")
    players: Mapped[int] = mapped_column(Integer)
    deck: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(8), index=True)
    result: Mapped[str | None] = mapped_column(String(32))
    termination: Mapped[str | None] = mapped_column(String(32))
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    rematch_of: Mapped[str | None] = mapped_column(String(16))
    rematch_id: Mapped[str | None] = mapped_column(String(16))
    draw_offers: Mapped[str | None] = mapped_column(String(16))
    """Seats with a pending draw offer, space-separated (``"0 2"``); ``NULL`` when none."""
    rematch_asks: Mapped[str | None] = mapped_column(String(16))
    """Seats that asked for a rematch of this finished game, as ``draw_offers``."""
    house_rules: Mapped[str | None] = mapped_column(Text)
    """A house rule set as JSON (:func:`~cuttle.engine.rules.house_rules`); ``NULL`` for a
    preset (``rules`` with ``variants``)."""
    practice: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A practice game: every hand face up for every seat."""
    time_control: Mapped[str | None] = mapped_column(String(16))
    """The clock (:mod:`cuttle.server.game.clockwork`): ``"5+3"``, ``"30s"``; ``NULL``: untimed."""
    clock_start: Mapped[float | None] = mapped_column(Float)
    """When the clock of a timed game started (the game filled up)."""
    ranked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A ranked game (migration 0005): rated, and for two people part of a league match."""
    match_id: Mapped[int | None] = mapped_column(Integer, index=True)
    """The league match (``league_matches.id``) this game belongs to, if any."""


class SeatRow(Base):
    """Who sits in a seat: a user, a bot level, or nobody yet."""

    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(32))
    name: Mapped[str] = mapped_column(String(40), default="")


class MoveRow(Base):
    """One move of one game, numbered from 1; ``client_id`` de-duplicates resent moves."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "seat", "client_id", name="uq_move_client"),)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(80))
    client_id: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[float] = mapped_column(Float)
    clocks: Mapped[str | None] = mapped_column(String(80))
    """A timed game's remaining milliseconds of every seat after this move (``"298512
    300000"``); the next seat's clock started at ``created_at``. ``NULL``: untimed."""


class ChatRow(Base):
    """One chat message at a game's table: ``channel`` is ``players`` (the seated
    players) or ``spectators`` (everyone else); the two never see each other's."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_game", "game_id", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    channel: Mapped[str] = mapped_column(String(10))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    name: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[float] = mapped_column(Float)


class BotToken(Base):
    """A Bot API token of a bot account: the SHA-256 of the token (shown once), its
    scopes (space-separated) and whether its owner revoked it (migration 0007)."""

    __tablename__ = "bot_tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    scopes: Mapped[str] = mapped_column(String(100))
    label: Mapped[str] = mapped_column(String(40), default="")
    created_at: Mapped[float] = mapped_column(Float)
    revoked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class BotChallenge(Base):
    """A challenge to a bot account (migration 0007): who challenged whom, the game asked
    for (``options``, JSON: rules, variants, players, seats), ``pending`` until the bot
    accepts (``game_id`` then names the game) or declines."""

    __tablename__ = "bot_challenges"
    __table_args__ = (Index("ix_bot_challenges_bot", "bot_id", "status"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    challenger_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    bot_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    options: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(10))
    game_id: Mapped[str | None] = mapped_column(String(16))
    created_at: Mapped[float] = mapped_column(Float)
