"""Numbers past what the database holds, and bodies nested past Python's recursion limit,
answered with a 4xx (never a 500) by every route that reads a number, with or without a
session, on SQLite and on PostgreSQL (test_postgres.py's throwaway cluster)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from srvutil import Client, ServerProc
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)

HUGE = [
    str(2**31),  # past PostgreSQL's integer
    str(2**63),  # past SQLite's and PostgreSQL's bigint
    "99999999999999999999999",
    "-99999999999999999999",
    "\u00b2",  # a digit to str.isdigit, not to int()
    "9" * 5_000,  # past int()'s 4,300 digits
]
"""Numbers a route must refuse or answer without a server error."""

GETS = [
    "/api/series/{}",
    "/series/{}",
    "/api/league/matches/{}",
    "/league/matches/{}",
    "/api/league/brackets/{}",
    "/league/brackets/{}",
    "/league/seasons/{}",
    "/api/league/world/{}",
    "/api/league/standings?season={}",
    "/api/league/week?season={}",
    "/api/league/week?week={}",
]
"""Routes read without a session: ``{}`` is where the number goes."""

POSTS = [
    "/api/league/challenges/{}/accept",
    "/api/league/challenges/{}/decline",
    "/api/league/brackets/{}/pause",
]
"""Routes that change something, with a session and its CSRF token."""


def nested(depth: int) -> str:
    """A JSON object whose ``house`` holds lists nested ``depth`` deep (``depth`` * 2 bytes)."""
    return '{"house": ' + "[" * depth + "]" * depth + "}"


def _fresh(base: str) -> httpx.Client:
    """A client with no cookie and no kept connection (a 500 may close the connection)."""
    return httpx.Client(base_url=base, timeout=10, headers={"connection": "close"})


def check_numbers(base: str) -> None:
    """Every route of :data:`GETS` and :data:`POSTS` with every number of :data:`HUGE`
    answers 400, 404 or 409; nothing answers 500."""
    bad: list[str] = []
    with _fresh(base) as anon:
        for path in GETS:
            for number in HUGE:
                r = anon.get(path.format(number))
                if r.status_code not in (400, 404, 409):
                    bad.append(f"GET {path.format(number)[:60]}: {r.status_code}")
    user = Client(base)
    for path in POSTS:
        for number in HUGE:
            r = user.http.post(
                path.format(number),
                json={},
                headers={"X-CSRF-Token": user.csrf, "connection": "close"},
            )
            if r.status_code not in (400, 403, 404, 409):
                bad.append(f"POST {path.format(number)[:60]}: {r.status_code}")
    assert not bad, "\n".join(bad)


def check_nested(base: str) -> None:
    """A 10 KB body nested 5,000 deep gets a 400 saying it is not valid JSON, and no
    game is made."""
    user = Client(base)
    body = nested(5_000)
    assert 10_000 <= len(body) <= 16 * 1024
    r = user.http.post(
        "/api/games",
        content=body,
        headers={"X-CSRF-Token": user.csrf, "content-type": "application/json"},
    )
    assert r.status_code == 400, r.text
    assert "JSON" in r.json()["error"]
    assert user.http.get("/api/me/games").json()["games"] == []


def test_huge_numbers_are_refused_not_500(server: ServerProc) -> None:
    """SQLite: ids, seasons, weeks and years past 2^31 and 2^63 answer 4xx."""
    check_numbers(server.url)


def test_a_deeply_nested_body_is_a_400(server: ServerProc) -> None:
    """SQLite: a body nested past the recursion limit is a 400, not a RecursionError."""
    check_nested(server.url)


@pytest.fixture(scope="module")
def pg_site(
    postgres: Cluster,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[ServerProc]:
    """A server on a fresh PostgreSQL database."""
    url = postgres.url(postgres.create_database())
    proc = ServerProc(tmp_path_factory.mktemp("pgnum") / "data", database_url=url).start()
    yield proc
    proc.stop()


@pytest.mark.slow
def test_huge_numbers_are_refused_on_postgres(pg_site: ServerProc) -> None:
    """PostgreSQL (whose integer ids stop at 2^31 - 1): the same, 4xx and no 500."""
    check_numbers(pg_site.url)
    check_nested(pg_site.url)


def test_a_csrf_token_that_is_not_ascii_is_a_403(server: ServerProc) -> None:
    """A CSRF token with letters beyond ASCII, in the body or the header, is wrong (403),
    not a server error from comparing it."""
    user = Client(server.url)
    r = user.http.post("/api/games", json={"csrf": "\u00e9t\u00e9"})
    assert r.status_code == 403, r.text
    r = user.http.post(
        "/api/signout", json={}, headers={"X-CSRF-Token": "\u00e9t\u00e9".encode("latin-1")}
    )
    assert r.status_code == 403, r.text
    form = user.http.post("/signout", data={"csrf": "caf\u00e9"})
    assert form.status_code == 403, form.text
