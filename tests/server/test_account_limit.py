"""A per-account sign-in limit beside the per-address one: wrong passwords for one
account from many addresses are refused (429) after a few per window, through the JSON
API and the form; other accounts and sign-ups go on; a flood of other keys does not wipe
an account's count."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from clusterutil import RedisProc
from srvutil import Client, ServerProc
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)

from cuttle.server.ratelimit import KeyedLimiter, RateLimits
from cuttle.server.settings import Settings

ACCOUNT_LIMIT = 5
"""Sign-in attempts per account and window on the test's server."""


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server with the real per-address limits (10 sign-ins per 10 s an address) and
    5 sign-in attempts an account per 10 minutes."""
    data: Path = tmp_path_factory.mktemp("acct") / "data"
    proc = ServerProc(
        data, real_limits=True, env={"CUTTLE_ACCOUNT_LIMIT": f"{ACCOUNT_LIMIT}/10 minutes"}
    ).start()
    yield proc
    proc.stop()


def _from(base: str, address: str) -> Client:
    """A guest whose requests come, as the trusted proxy header says, from ``address``."""
    c = Client.__new__(Client)
    c.base = base
    c.http = httpx.Client(base_url=base, timeout=10, headers={"x-forwarded-for": address})
    info = c.http.get("/api/session").json()
    c.csrf, c.user = info["csrf"], info["user"]
    return c


def _signup(base: str, name: str, address: str) -> None:
    c = _from(base, address)
    r = c.post("/api/signup", {"username": name, "password": "correct horse"})
    assert r.status_code == 200, r.text


def test_many_addresses_cannot_guess_one_accounts_password(strict: ServerProc) -> None:
    """Ten addresses, three wrong passwords each for erin: the first five are checked
    (401), every later one is refused (429), the right password too; frank, another
    account, still signs in; each address stayed within its own limit of 10."""
    _signup(strict.url, "erin", "10.1.0.1")
    _signup(strict.url, "frank", "10.1.0.2")
    codes = []
    for i in range(10):
        c = _from(strict.url, f"10.2.0.{i}")
        for _ in range(3):
            r = c.post("/api/signin", {"username": "erin", "password": "wrong password"})
            codes.append(r.status_code)
    assert codes[:ACCOUNT_LIMIT] == [401] * ACCOUNT_LIMIT
    assert set(codes[ACCOUNT_LIMIT:]) == {429}
    late = _from(strict.url, "10.3.0.1")
    r = late.post("/api/signin", {"username": "erin", "password": "correct horse"})
    assert r.status_code == 429
    assert "account" in r.json()["error"]
    form = late.http.post(
        "/signin", data={"username": "erin", "password": "correct horse", "csrf": late.csrf}
    )
    assert form.status_code == 429
    other = late.post("/api/signin", {"username": "frank", "password": "correct horse"})
    assert other.status_code == 200, other.text


def test_the_form_counts_against_the_account_too(strict: ServerProc) -> None:
    """Wrong passwords through the form from fresh addresses: refused after five."""
    _signup(strict.url, "gina", "10.4.0.1")
    codes = []
    for i in range(8):
        c = _from(strict.url, f"10.5.0.{i}")
        r = c.http.post(
            "/signin", data={"username": "gina", "password": "wrong one!", "csrf": c.csrf}
        )
        codes.append(r.status_code)
    assert codes == [400] * ACCOUNT_LIMIT + [429] * (8 - ACCOUNT_LIMIT)


@pytest.mark.slow
def test_the_account_limit_is_shared_by_the_workers_in_redis(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Two workers on PostgreSQL and Redis, wrong passwords for one account sent to each
    in turn from fresh addresses: five in all are checked, then both refuse."""
    redis = RedisProc(tmp_path).start()
    url = postgres.url(postgres.create_database())
    env = {"CUTTLE_ACCOUNT_LIMIT": f"{ACCOUNT_LIMIT}/10 minutes"}
    workers = [
        ServerProc(
            tmp_path / f"data{i}",
            database_url=url,
            redis_url=redis.url,
            real_limits=True,
            env=env,
            args=["--bot-workers", "0"],
        )
        for i in range(2)
    ]
    try:
        for w in workers:
            w.start()
        _signup(workers[0].url, "kira", "10.6.0.1")
        codes = []
        for i in range(8):
            c = _from(workers[i % 2].url, f"10.7.0.{i}")
            r = c.post("/api/signin", {"username": "kira", "password": "wrong password"})
            codes.append(r.status_code)
        assert codes == [401] * ACCOUNT_LIMIT + [429] * (8 - ACCOUNT_LIMIT)
    finally:
        for w in workers:
            w.stop()
        redis.stop()


def test_the_default_account_limit() -> None:
    """A deployment gets a per-account limit without configuring one: a few attempts
    per ten minutes."""
    assert RateLimits({"account": Settings.account_limit}).specs["account"] == (10, 600.0)


def test_a_flood_of_new_keys_does_not_wipe_a_spent_key() -> None:
    """The in-process limiter, full of keys, forgets the idle ones first: an account
    whose attempts are spent stays refused however many other names are tried."""
    limiter = KeyedLimiter(rate=1 / 600, burst=3, max_keys=100)
    assert [limiter.take("erin") for _ in range(4)] == [True, True, True, False]
    for i in range(1_000):
        limiter.take(f"name{i}")
    assert limiter.take("erin") is False
    assert len(limiter.buckets) <= 100
