"""Bot accounts, their tokens and the challenges sent to them: the Bot API's storage.

A registered person makes a bot account (:meth:`BotAccounts.create`): a user row marked
``is_bot``, with its owner, which can never sign in with a password. Its program
authenticates with a token (``Authorization: Bearer TOKEN``) that is shown once: only its
SHA-256 is stored, as for session cookies (:mod:`.auth`). Each token has scopes
(:data:`SCOPES`) and can be revoked by the owner; a revoked or unknown token finds no one.
Every method here is blocking (run it through the app's offload).
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_

from ..errors import ServiceError
from ..models import BotChallenge, BotToken, GameRow, SeatRow, User
from .auth import USERNAME, token_digest

SCOPES = ("bot:play", "challenge:write")
"""``bot:play``: the streams and a game's moves, resignations, draws and chat;
``challenge:write``: accepting and declining challenges, and challenging other bots."""
TOKEN_PREFIX = "cbt_"
"""Every Bot API token starts so (a leaked one is easy to recognise)."""
MAX_ABOUT = 200
"""The longest bot description, in characters."""
MAX_LABEL = 40
"""The longest token label, in characters."""
MAX_TOKENS = 20
"""Live (unrevoked) tokens a bot account may hold."""


@dataclass(frozen=True)
class TokenHolder:
    """Who a valid token speaks for: the bot account, the token's id and its scopes."""

    user: User
    token_id: int
    scopes: frozenset[str]


def check_scopes(scopes: object) -> str:
    """The scopes of a token request (a list of names; absent: all) as stored
    (space-separated); a :class:`ServiceError` names a bad one."""
    if scopes is None:
        return " ".join(SCOPES)
    if not isinstance(scopes, list) or not scopes or not all(isinstance(s, str) for s in scopes):
        raise ServiceError(
            N_("scopes must be a non-empty list of: {known}"), known=", ".join(SCOPES)
        )
    for s in scopes:
        if s not in SCOPES:
            raise ServiceError(
                N_("unknown scope {scope}; known: {known}"),
                scope=repr(s[:40]),
                known=", ".join(SCOPES),
            )
    return " ".join(s for s in SCOPES if s in scopes)


def _text(value: object, name: str, limit: int) -> str:
    """An optional short text field; a :class:`ServiceError` if it is not one."""
    if value is None:
        return ""
    if not isinstance(value, str) or "\x00" in value or len(value) > limit:
        raise ServiceError(
            N_("{name} must be text of at most {limit} characters"), name=name, limit=limit
        )
    return value.strip()


def bot_json(user: User) -> dict[str, Any]:
    """The public facts about bot account ``user``."""
    return {
        "id": user.id,
        "name": user.username,
        "display": user.display,
        "bot": True,
        "about": user.bot_about or "",
    }


class BotAccounts:
    """Bot accounts, tokens and challenges in the database of ``sessions``."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        """Keep everything in ``sessions``' database."""
        self.sessions = sessions

    # ----------------------------------------------------------------- accounts and tokens

    def create(self, owner: User, name: object, about: object) -> tuple[User, str]:
        """Make bot account ``name`` for ``owner`` (a registered person) and its first
        token (every scope); return the account and the token, shown only now."""
        if owner.guest or owner.is_bot:
            raise ServiceError(N_("sign up first: only a registered person can make a bot"), 403)
        if not isinstance(name, str) or not USERNAME.fullmatch(name):
            raise ServiceError(N_("a bot's name is 3-20 letters, digits, _ or -"))
        text = _text(about, "about", MAX_ABOUT)
        with self.sessions.begin() as db:
            user = User(
                username=name,
                guest=False,
                is_bot=True,
                bot_owner=owner.id,
                bot_about=text,
                created_at=time.time(),
            )
            db.add(user)
            try:
                db.flush()
            except IntegrityError:
                raise ServiceError(N_("that name is taken"), 409) from None
            token = self._new_token(db, user.id, " ".join(SCOPES), "first")
            db.expunge(user)
        return user, token

    def _new_token(self, db: Session, user_id: int, scopes: str, label: str) -> str:
        """Store a new token of ``user_id`` in ``db``'s transaction; return it."""
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        db.add(
            BotToken(
                token_hash=token_digest(token),
                user_id=user_id,
                scopes=scopes,
                label=label,
                created_at=time.time(),
            )
        )
        return token

    def _owned(self, db: Session, owner: User, name: str) -> User:
        """Bot account ``name`` of ``owner``; a 404 if there is none."""
        bot = db.scalar(select(User).where(User.username == name, User.is_bot.is_(True)))
        if bot is None or bot.bot_owner != owner.id:
            raise ServiceError(N_("you have no bot of that name"), 404)
        return bot

    def mine(self, owner: User) -> list[dict[str, Any]]:
        """``owner``'s bot accounts."""
        with self.sessions() as db:
            rows = db.scalars(
                select(User).where(User.bot_owner == owner.id).order_by(User.id)
            ).all()
            return [bot_json(u) for u in rows]

    def add_token(self, owner: User, name: str, scopes: object, label: object) -> str:
        """A new token of ``owner``'s bot ``name`` with ``scopes``; shown only now."""
        stored = check_scopes(scopes)
        text = _text(label, "label", MAX_LABEL)
        with self.sessions.begin() as db:
            bot = self._owned(db, owner, name)
            live = db.scalars(
                select(BotToken.id).where(BotToken.user_id == bot.id, BotToken.revoked.is_(False))
            ).all()
            if len(live) >= MAX_TOKENS:
                raise ServiceError(
                    N_("at most {most} tokens a bot: revoke one first"), 409, most=MAX_TOKENS
                )
            return self._new_token(db, bot.id, stored, text)

    def tokens(self, owner: User, name: str) -> list[dict[str, Any]]:
        """The tokens of ``owner``'s bot ``name`` (never the tokens themselves)."""
        with self.sessions() as db:
            bot = self._owned(db, owner, name)
            rows = db.scalars(
                select(BotToken).where(BotToken.user_id == bot.id).order_by(BotToken.id)
            ).all()
            return [
                {
                    "id": t.id,
                    "label": t.label,
                    "scopes": t.scopes.split(),
                    "created_at": t.created_at,
                    "revoked": t.revoked,
                }
                for t in rows
            ]

    def revoke(self, owner: User, name: str, token_id: int) -> None:
        """Revoke token ``token_id`` of ``owner``'s bot ``name`` (at once, for good)."""
        with self.sessions.begin() as db:
            bot = self._owned(db, owner, name)
            done = db.execute(
                update(BotToken)
                .where(BotToken.id == token_id, BotToken.user_id == bot.id)
                .values(revoked=True)
            )
            if getattr(done, "rowcount", 0) != 1:
                raise ServiceError(N_("that bot has no such token"), 404)

    def holder(self, token: str) -> TokenHolder | None:
        """Who ``token`` speaks for, or ``None`` (unknown or revoked)."""
        if not token.startswith(TOKEN_PREFIX) or len(token) > 100 or not token.isascii():
            return None
        with self.sessions() as db:
            row = db.scalar(
                select(BotToken).where(
                    BotToken.token_hash == token_digest(token), BotToken.revoked.is_(False)
                )
            )
            if row is None:
                return None
            user = db.get(User, row.user_id)
            if user is None or not user.is_bot:
                return None
            db.expunge(user)
            return TokenHolder(user, row.id, frozenset(row.scopes.split()))

    def bot_named(self, name: str) -> User | None:
        """Bot account ``name``, if there is one."""
        if "\x00" in name:
            return None
        with self.sessions() as db:
            bot = db.scalar(select(User).where(User.username == name, User.is_bot.is_(True)))
            if bot is not None:
                db.expunge(bot)
            return bot

    def seen(self, bot_id: int, at: float | None) -> None:
        """Note that bot ``bot_id``'s program listens ``at`` (``None``: it left)."""
        with self.sessions.begin() as db:
            db.execute(update(User).where(User.id == bot_id).values(bot_seen_at=at))

    def online(self, since: float) -> list[dict[str, Any]]:
        """The bot accounts whose program said it listens at ``since`` or later (an
        event stream open on any worker), by name."""
        with self.sessions() as db:
            rows = db.scalars(
                select(User).where(User.is_bot.is_(True), User.bot_seen_at >= since)
            ).all()
            return sorted((bot_json(u) for u in rows), key=lambda b: str(b["name"]))

    # ----------------------------------------------------------------- challenges

    def challenge(self, by: User, bot: User, options: dict[str, Any]) -> dict[str, Any]:
        """Store ``by``'s challenge to ``bot`` for the game ``options`` (already checked)."""
        with self.sessions.begin() as db:
            row = BotChallenge(
                challenger_id=by.id,
                bot_id=bot.id,
                options=json.dumps(options, sort_keys=True),
                status="pending",
                created_at=time.time(),
            )
            db.add(row)
            db.flush()
            return self._json(row, by.display)

    @staticmethod
    def _json(row: BotChallenge, challenger: str) -> dict[str, Any]:
        return {
            "id": row.id,
            "challenger": challenger,
            "status": row.status,
            "game": row.game_id,
            **json.loads(row.options),
        }

    def challenge_of(self, cid: int, user_id: int) -> dict[str, Any] | None:
        """Challenge ``cid`` if ``user_id`` sent it or is its bot."""
        with self.sessions() as db:
            found = db.execute(
                select(BotChallenge, User)
                .join(User, User.id == BotChallenge.challenger_id)
                .where(BotChallenge.id == cid)
            ).first()
            if found is None:
                return None
            row, by = found
            if user_id not in (row.challenger_id, row.bot_id):
                return None
            return self._json(row, by.display)

    def pending(self, bot_id: int, after: int) -> list[dict[str, Any]]:
        """``bot_id``'s pending challenges numbered above ``after``, oldest first."""
        with self.sessions() as db:
            rows = db.execute(
                select(BotChallenge, User)
                .join(User, User.id == BotChallenge.challenger_id)
                .where(
                    BotChallenge.bot_id == bot_id,
                    BotChallenge.status == "pending",
                    BotChallenge.id > after,
                )
                .order_by(BotChallenge.id)
                .limit(50)
            ).all()
            return [self._json(c, u.display) for c, u in rows]

    def take(self, bot_id: int, cid: int, status: str) -> tuple[dict[str, Any], int]:
        """Mark ``bot_id``'s pending challenge ``cid`` ``status`` (``accepted`` or
        ``declined``) if it is still pending; return it and its challenger's id."""
        with self.sessions.begin() as db:
            done = db.execute(
                update(BotChallenge)
                .where(
                    BotChallenge.id == cid,
                    BotChallenge.bot_id == bot_id,
                    BotChallenge.status == "pending",
                )
                .values(status=status)
            )
            if getattr(done, "rowcount", 0) != 1:
                raise ServiceError(N_("no such pending challenge to you"), 404)
            row = db.get(BotChallenge, cid)
            assert row is not None
            return json.loads(row.options), row.challenger_id

    def set_game(self, cid: int, gid: str | None, status: str = "accepted") -> None:
        """Record the game an accepted challenge made (or mark it ``failed``)."""
        with self.sessions.begin() as db:
            db.execute(
                update(BotChallenge)
                .where(BotChallenge.id == cid)
                .values(game_id=gid, status=status)
            )

    def user(self, user_id: int) -> User | None:
        """User ``user_id``."""
        with self.sessions() as db:
            u = db.get(User, user_id)
            if u is not None:
                db.expunge(u)
            return u

    def games(self, bot_id: int) -> dict[str, str]:
        """The games ``bot_id`` sits in that are being played, and those that ended, of
        the last day: id → status."""
        since = time.time() - 86400
        with self.sessions() as db:
            rows = db.execute(
                select(GameRow.id, GameRow.status)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(
                    SeatRow.user_id == bot_id,
                    or_(
                        GameRow.status == "playing",
                        (GameRow.status == "over") & (GameRow.updated_at >= since),
                    ),
                )
            ).all()
            return {gid: status for gid, status in rows}
