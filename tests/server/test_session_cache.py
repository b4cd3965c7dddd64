"""The per-worker session cache (:data:`cuttle.server.auth.SESSION_CACHE_SECONDS`)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import delete

from cuttle.server import auth as auth_mod
from cuttle.server.auth import Auth
from cuttle.server.db import make_engine, make_sessionmaker, migrate
from cuttle.server.models import AuthSession


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
