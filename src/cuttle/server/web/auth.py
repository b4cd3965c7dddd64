"""People: guest and registered users, argon2 passwords, session cookies and CSRF tokens."""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_

from ..models import AuthSession, User
from ..offload import Offload

COOKIE = "cuttle_session"
SESSION_SECONDS = 30 * 24 * 3600
SESSION_CACHE_SECONDS = 3.0
"""How long a worker reuses a session it looked up before asking the database again.

A sign-out (or sign-in replacing a session) forgets the session at once in the worker
that handles it, and, with Redis, tells the other web workers to forget it too
(``{"k": "forget", "d": digest}`` on the bus; sign-up: ``{"k": "forget", "u": user id}``);
only if that news is lost may another worker accept the old cookie for up to this long."""
SESSION_CACHE_MAX = 20_000
"""Cached sessions at most; the cache starts over when full."""
USERNAME = re.compile(r"^[A-Za-z0-9_-]{3,20}$")
_hasher = PasswordHasher()
_limiter = anyio.CapacityLimiter(2)  # argon2 takes ~64 MiB and ~0.1 s a hash


class AuthError(ValueError):
    """Bad credentials or a bad sign-up request; the text is safe to show."""


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_digest(token: str) -> str:
    """The digest that names the session of cookie ``token`` (in the database, in the
    ``forget`` news and to :attr:`Auth.on_end`)."""
    return _digest(token)


async def hash_password(password: str) -> str:
    """Hash ``password`` with argon2id in a worker thread (two at a time at most)."""
    return await anyio.to_thread.run_sync(_hasher.hash, password, limiter=_limiter)


async def verify_password(stored: str, password: str) -> bool:
    """Check ``password`` against an argon2 hash without blocking the event loop."""

    def check() -> bool:
        try:
            return _hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    return await anyio.to_thread.run_sync(check, limiter=_limiter)


def _new_session(user_id: int) -> tuple[AuthSession, str]:
    """A new session row for ``user_id`` (not stored yet) and its cookie token."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    row = AuthSession(
        token_hash=_digest(token),
        user_id=user_id,
        csrf=secrets.token_urlsafe(24),
        created_at=now,
        expires_at=now + SESSION_SECONDS,
    )
    return row, token


def check_signup(username: object, password: object) -> tuple[str, str]:
    """Return a valid ``(username, password)`` or raise :class:`AuthError` saying what is wrong."""
    if not isinstance(username, str) or not USERNAME.fullmatch(username):
        raise AuthError(N_("username: 3 to 20 letters, digits, '_' or '-'"))
    if username.lower().startswith("guest") or username.lower().startswith("bot"):
        raise AuthError(N_("usernames may not start with 'guest' or 'bot'"))
    if not isinstance(password, str) or not 8 <= len(password) <= 200:
        raise AuthError(N_("password: 8 to 200 characters"))
    return username, password


class Auth:
    """Session bookkeeping on top of the database."""

    def __init__(self, sessions: sessionmaker[Session], offload: Offload | None = None) -> None:
        """Use ``sessions`` for the database; the async methods make their database calls
        through ``offload`` (default: at once, on the loop)."""
        self.sessions = sessions
        self.offload = offload or Offload(False)
        self._cache: dict[str, tuple[float, User, AuthSession]] = {}
        """Token digest → (monotonic time looked up, user, session): see
        :data:`SESSION_CACHE_SECONDS`. The rows are detached and never changed in place."""
        self.tell: Callable[[dict[str, Any]], Awaitable[object]] | None = None
        """How to tell the other web workers what to forget (the bus's ``publish``; the
        app sets it), or ``None``: this worker alone."""
        self.on_end: list[Callable[[str], None]] = []
        """Called with a session's digest when it ends (a sign-out, or a sign-in that
        replaces it), here or, through the ``forget`` news, on another worker: the
        app closes the websockets that session opened."""

    async def sign_out(self, token: str | None) -> None:
        """End the session of cookie ``token`` and have every worker forget it."""
        await self.offload(self.end_session, token)
        if token:
            self._ended(_digest(token))
            await self._tell_forget({"d": _digest(token)})

    async def sign_in_session(self, old: str | None, user_id: int) -> tuple[AuthSession, str]:
        """:meth:`renew_session` (the sign-in that replaces cookie ``old``), and every
        worker forgets the old session."""
        found = await self.offload(self.renew_session, old, user_id)
        if old:
            self._ended(_digest(old))
            await self._tell_forget({"d": _digest(old)})
        return found

    def hear(self, msg: dict[str, Any]) -> None:
        """Another worker's ``forget`` news: drop the session (``d``, a token digest) or
        every session of a user (``u``) from this worker's cache."""
        digest, user_id = msg.get("d"), msg.get("u")
        if isinstance(digest, str):
            self._cache.pop(digest, None)
            self._ended(digest)
        if isinstance(user_id, int):
            self._forget_user(user_id)

    def _ended(self, digest: str) -> None:
        """Tell :attr:`on_end` that session ``digest`` is over."""
        for hook in list(self.on_end):
            hook(digest)

    async def _tell_forget(self, what: dict[str, Any]) -> None:
        if self.tell is not None:
            await self.tell({"k": "forget", **what})

    def cached(self, token: str | None) -> tuple[bool, tuple[User, AuthSession] | None]:
        """``(True, found)`` if :meth:`lookup` can answer for ``token`` without the
        database (no token, a malformed one, or one looked up in the last
        :data:`SESSION_CACHE_SECONDS`), else ``(False, None)``."""
        if not token or len(token) > 100:
            return True, None
        hit = self._cache.get(_digest(token))
        if hit is None or time.monotonic() - hit[0] > SESSION_CACHE_SECONDS:
            return False, None
        if hit[2].expires_at < time.time():
            return True, None
        return True, (hit[1], hit[2])

    def lookup(self, token: str | None) -> tuple[User, AuthSession] | None:
        """Return the user and session of cookie ``token``, or ``None``."""
        done, found = self.cached(token)
        if done:
            return found
        assert token is not None
        digest = _digest(token)
        with self.sessions() as db:
            row = db.execute(
                select(User, AuthSession)
                .join(AuthSession, AuthSession.user_id == User.id)
                .where(AuthSession.token_hash == digest)
            ).first()
        if row is None or row[1].expires_at < time.time():
            return None
        if len(self._cache) >= SESSION_CACHE_MAX:
            self._cache.clear()
        self._cache[digest] = (time.monotonic(), row[0], row[1])
        return row[0], row[1]

    def _forget_user(self, user_id: int) -> None:
        """Drop this worker's cached sessions of ``user_id`` (its row changed)."""
        for digest, (_, user, _s) in list(self._cache.items()):
            if user.id == user_id:
                self._cache.pop(digest, None)

    def new_guest(self) -> tuple[User, AuthSession, str]:
        """Create a guest user and a session for it (one transaction); return both and the
        cookie token."""
        with self.sessions.begin() as db:
            user = User(username=None, password_hash=None, guest=True, created_at=time.time())
            db.add(user)
            db.flush()
            row, token = _new_session(user.id)
            db.add(row)
        return user, row, token

    def start_session(self, user_id: int) -> tuple[AuthSession, str]:
        """Create a session for ``user_id``; return it and its cookie token."""
        return self.renew_session(None, user_id)

    def renew_session(self, old: str | None, user_id: int) -> tuple[AuthSession, str]:
        """End the session of cookie ``old`` (if any) and start one for ``user_id``, in one
        transaction (signing in); return the new session and its cookie token."""
        row, token = _new_session(user_id)
        if old:
            self._cache.pop(_digest(old), None)
        with self.sessions.begin() as db:
            if old:
                db.execute(delete(AuthSession).where(AuthSession.token_hash == _digest(old)))
            db.add(row)
        return row, token

    def end_session(self, token: str | None) -> None:
        """Forget the session of ``token``."""
        if token:
            self._cache.pop(_digest(token), None)
            with self.sessions.begin() as db:
                db.execute(delete(AuthSession).where(AuthSession.token_hash == _digest(token)))

    async def signup(self, current: User | None, username: object, password: object) -> User:
        """Register ``username``; a guest keeps their games by becoming that user."""
        name, pw = check_signup(username, password)
        if await self.offload(self._user_named, name) is not None:
            raise AuthError(N_("that username is taken"))
        hashed = await hash_password(pw)
        user = await self.offload(self._register, current, name, hashed)
        await self._tell_forget({"u": user.id})  # a guest's cached rows elsewhere are stale
        return user

    def _user_named(self, name: str) -> User | None:
        with self.sessions() as db:
            return db.scalar(select(User).where(User.username == name))

    def _register(self, current: User | None, name: str, hashed: str) -> User:
        """Store ``name`` and its password hash: on guest ``current``, else a new user."""
        with self.sessions.begin() as db:
            if current is not None and current.guest:
                user = db.get(User, current.id)
                assert user is not None
            else:
                user = User(created_at=time.time())
                db.add(user)
            user.username = name
            user.password_hash = hashed
            user.guest = False
            try:
                db.flush()
            except Exception:
                raise AuthError(N_("that username is taken")) from None
        self._forget_user(user.id)
        return user

    async def signin(self, username: object, password: object) -> User:
        """Return the user if the password matches; raise :class:`AuthError` otherwise."""
        if not isinstance(username, str) or not isinstance(password, str) or len(password) > 200:
            raise AuthError(N_("wrong username or password"))
        if "\x00" in username:  # no username holds NUL, and PostgreSQL refuses it in a query
            raise AuthError(N_("wrong username or password"))
        user = await self.offload(self._user_named, username)
        if user is None or not user.password_hash:
            await hash_password("timing-equaliser")
            raise AuthError(N_("wrong username or password"))
        if not await verify_password(user.password_hash, password):
            raise AuthError(N_("wrong username or password"))
        return user
