"""The per-worker session cache (:data:`cuttle.server.web.auth.SESSION_CACHE_SECONDS`)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import delete

from cuttle.server.db import make_engine, make_sessionmaker, migrate
from cuttle.server.models import AuthSession
from cuttle.server.web import auth as auth_mod
from cuttle.server.web.auth import Auth


@pytest.fixture
def auth(tmp_path: Path) -> Auth:
    """An :class:`Auth` on a fresh SQLite database."""
    engine = make_engine(f"sqlite:///{tmp_path / 'db.sqlite'}")
    migrate(engine)
    return Auth(make_sessionmaker(engine))


def test_a_repeat_look_up_is_answered_from_the_cache_until_the_ttl(
    auth: Auth, monkeypatch: pytest.MonkeyPatch
) -> None:
    user, _row, token = auth.new_guest()
    assert auth.cached(token) == (False, None)
    found = auth.lookup(token)
    assert found is not None and found[0].id == user.id
    done, hit = auth.cached(token)
    assert done and hit is not None and hit[0].id == user.id
    with auth.sessions.begin() as db:  # deleted behind this worker's back (another worker)
        db.execute(delete(AuthSession))
    assert auth.lookup(token) is not None  # still cached
    monkeypatch.setattr(auth_mod, "SESSION_CACHE_SECONDS", -1.0)
    assert auth.lookup(token) is None


def test_sign_out_and_sign_in_forget_the_old_session_at_once(auth: Auth) -> None:
    user, _row, token = auth.new_guest()
    assert auth.lookup(token) is not None
    auth.end_session(token)
    assert auth.cached(token) == (False, None)
    assert auth.lookup(token) is None
    _row2, token2 = auth.start_session(user.id)
    assert auth.lookup(token2) is not None
    _row3, token3 = auth.renew_session(token2, user.id)
    assert auth.lookup(token2) is None
    assert auth.lookup(token3) is not None


def test_sign_up_forgets_the_guests_cached_sessions(auth: Auth) -> None:
    _user, _row, token = auth.new_guest()
    found = auth.lookup(token)
    assert found is not None and found[0].guest
    asyncio.run(auth.signup(found[0], "cachetest", "a long password"))
    found = auth.lookup(token)
    assert found is not None and not found[0].guest and found[0].username == "cachetest"


def test_bad_tokens_are_answered_without_the_database(auth: Auth) -> None:
    assert auth.cached(None) == (True, None)
    assert auth.cached("x" * 101) == (True, None)
    assert auth.lookup("no such token") is None


def test_news_from_another_worker_forgets_a_session_or_a_users_sessions(auth: Auth) -> None:
    """``Auth.hear``: a ``forget`` with a token digest drops that session from the cache;
    one with a user id drops every session of that user; anything else changes nothing."""
    user, _row, token = auth.new_guest()
    _other, _row2, token2 = auth.new_guest()
    _s3, token3 = auth.start_session(user.id)
    for t in (token, token2, token3):
        assert auth.lookup(t) is not None
    auth.hear({"k": "forget", "d": "not a digest of anything", "u": "7"})
    assert all(auth.cached(t)[0] for t in (token, token2, token3))
    auth.hear({"k": "forget", "d": auth_mod._digest(token2)})
    assert auth.cached(token2) == (False, None)
    assert auth.cached(token)[0] and auth.cached(token3)[0]
    auth.hear({"k": "forget", "u": user.id})
    assert auth.cached(token) == (False, None) and auth.cached(token3) == (False, None)


def test_sign_out_and_sign_in_tell_the_other_workers(auth: Auth) -> None:
    """The async sign-out and sign-in send the old session's digest to ``tell`` (the bus),
    and sign-up the user's id."""
    told: list[dict[str, object]] = []

    async def tell(msg: dict[str, object]) -> None:
        told.append(msg)

    auth.tell = tell
    user, _row, token = auth.new_guest()
    _sess, token2 = asyncio.run(auth.sign_in_session(token, user.id))
    asyncio.run(auth.sign_out(token2))
    registered = asyncio.run(auth.signup(user, "toldsignup", "a long password"))
    assert told == [
        {"k": "forget", "d": auth_mod._digest(token)},
        {"k": "forget", "d": auth_mod._digest(token2)},
        {"k": "forget", "u": registered.id},
    ]
    assert auth.lookup(token) is None and auth.lookup(token2) is None
