"""A property-based fuzz of the whole HTTP API with schemathesis: every route of the
app's OpenAPI schema (FastAPI's, with the bodies and query parameters the routes read
added by :mod:`cuttle.server.web.apidoc`) gets requests that fit the schema and requests
that break it, from a visitor with no cookie, from a guest and from a signed-in
organiser, on SQLite and on PostgreSQL: not one answer may be 500 or above, and the
server logs no unhandled error.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from srvutil import Client, ServerProc, new_table
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)

from cuttle.server.app import create_app
from cuttle.server.bots import BotRunner
from cuttle.server.settings import Settings
from cuttle.server.web.apidoc import ROUTES, schema_of

EXAMPLES = 12
"""Requests per route, visitor and way of generating (fitting the schema or not)."""
ORGANISER = "fuzzboss"
"""The signed-in visitor: a league organiser, so the organisers' routes are fuzzed too."""
PASSWORD = "correct horse"
SESSION_ROUTES = {"/api/signup", "/api/signin", "/api/signout", "/signup", "/signin", "/signout"}
"""Routes that change the visitor's session: the organiser does not call them."""


def api_schema(folder: Path) -> schemathesis.BaseSchema:
    """The app's described OpenAPI schema (an app built on a throwaway database)."""
    runner = BotRunner(0)
    settings = Settings.from_env(
        folder, database_url=f"sqlite:///{folder / 'schema.db'}", redis_url=None
    )  # never the environment's DATABASE_URL or REDIS_URL
    app = create_app(settings, bots=runner)
    runner.close()
    return schemathesis.openapi.from_dict(schema_of(app))


class Visitor:
    """Who sends the fuzzed requests: ``anonymous`` (no cookie), a ``guest``, or the
    signed-in ``organiser``; their cookie jar and CSRF token, renewed when a request
    changes the session."""

    def __init__(self, base: str, kind: str) -> None:
        """Open the visitor's session at ``base`` (none for ``anonymous``)."""
        self.base = base
        self.kind = kind
        self.http = requests.Session()
        self.csrf = ""
        if kind != "anonymous":
            self.refresh()
        if kind == "organiser":
            r = self.http.post(
                f"{base}/api/signin",
                json={"username": ORGANISER, "password": PASSWORD},
                headers={"X-CSRF-Token": self.csrf},
            )
            assert r.status_code == 200, r.text
            self.refresh()

    def refresh(self) -> None:
        """Read the session's CSRF token (starting a guest session if there is none)."""
        if self.kind != "anonymous":
            self.csrf = self.http.get(f"{self.base}/api/session").json()["csrf"]

    def headers(self) -> dict[str, str]:
        """The headers of a request: the CSRF token, when there is a session."""
        return {"X-CSRF-Token": self.csrf} if self.csrf else {}

    def after(self, response: requests.Response) -> None:
        """A response that set or removed the session cookie: read the new token (the
        anonymous visitor throws the guest cookie a page gave it away)."""
        if self.kind == "anonymous":
            self.http.cookies.clear()
        elif "cuttle_session" in response.headers.get("set-cookie", ""):
            self.refresh()


def cases(op: Any, known: dict[str, str]) -> st.SearchStrategy[Any]:
    """Requests for ``op``: fitting its schema or breaking it, with random path values
    and, for half of them, the ids of a real game and player (``known``) in the path."""
    ways = [op.as_strategy(GenerationMode.POSITIVE)]
    with contextlib.suppress(Exception):  # an operation with nothing to break
        ways.append(op.as_strategy(GenerationMode.NEGATIVE))
    real = {k: v for k, v in known.items() if k in {p.name for p in op.path_parameters}}
    if real:
        ways.append(op.as_strategy(GenerationMode.POSITIVE, path_parameters=real))
    return st.one_of(ways)


def fuzz_operation(
    op: Any, visitor: Visitor, server: ServerProc, known: dict[str, str], failures: list[str]
) -> int:
    """Send :data:`EXAMPLES` requests of each kind for ``op`` as ``visitor``; add each
    answer of 500 or above to ``failures``; return how many requests were sent."""
    sent = 0

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases(op, known))
    def send(case: Any) -> None:
        nonlocal sent
        response = case.call(base_url=server.url, session=visitor.http, headers=visitor.headers())
        sent += 1
        visitor.after(response)
        if response.status_code >= 500:
            curl = case.as_curl_command()[:400]
            failures.append(f"{visitor.kind}: {response.status_code} for {curl}")

    send()
    return sent


def fuzz(schema: schemathesis.BaseSchema, server: ServerProc, known: dict[str, str]) -> int:
    """Fuzz every operation of ``schema`` against ``server`` as each visitor; return how
    many requests were sent. Every answer of 500 or above is collected and reported."""
    failures: list[str] = []
    sent = 0
    for kind in ("anonymous", "guest", "organiser"):
        visitor = Visitor(server.url, kind)
        for result in schema.get_all_operations():
            op = result.ok()
            if kind == "organiser" and op.path in SESSION_ROUTES:
                continue
            sent += fuzz_operation(op, visitor, server, known, failures)
    assert not failures, "\n".join(failures[:20])
    log = (server.data.parent / f"server-{server.port}.log").read_text(errors="replace")
    assert "unhandled error" not in log, log[-3000:]
    assert server.proc is not None and server.proc.poll() is None
    return sent


def _known(server: ServerProc) -> dict[str, str]:
    """A real game and player for the path values: a table of two guests, the
    organiser's name."""
    boss = Client(server.url)
    r = boss.post("/api/signup", {"username": ORGANISER, "password": PASSWORD})
    assert r.status_code == 200, r.text
    gid = new_table(Client(server.url), Client(server.url))
    return {"gid": gid, "name": ORGANISER}


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> schemathesis.BaseSchema:
    """The described schema, read once for the module."""
    return api_schema(tmp_path_factory.mktemp("schema"))


@pytest.fixture
def sqlite_site(tmp_path: Path) -> Iterator[ServerProc]:
    """A fresh site on SQLite with the organiser named."""
    proc = ServerProc(tmp_path / "data", args=["--admin", ORGANISER]).start()
    yield proc
    proc.stop()


def test_every_route_with_a_body_or_query_is_in_the_schema(
    schema: schemathesis.BaseSchema,
) -> None:
    """The description covers every route that changes something (each POST has its
    body described), and names only routes that exist."""
    ops = {(r.ok().method.lower(), r.ok().path): r.ok() for r in schema.get_all_operations()}
    assert set(ROUTES) <= set(ops)
    posts = [key for key in ops if key[0] == "post"]
    assert posts and all("requestBody" in ops[key].definition.raw for key in posts), posts
    assert len(ops) >= 50


@pytest.mark.slow
def test_no_route_answers_a_server_error_on_sqlite(
    schema: schemathesis.BaseSchema, sqlite_site: ServerProc
) -> None:
    """SQLite: thousands of fuzzed requests, not one 5xx."""
    assert fuzz(schema, sqlite_site, _known(sqlite_site)) > 1000


@pytest.mark.slow
def test_no_route_answers_a_server_error_on_postgres(
    schema: schemathesis.BaseSchema,
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """PostgreSQL (its integer ids stop at 2^31 - 1, it refuses NUL in text): the same."""
    url = postgres.url(postgres.create_database())
    server = ServerProc(tmp_path / "data", database_url=url, args=["--admin", ORGANISER]).start()
    try:
        assert fuzz(schema, server, _known(server)) > 1000
    finally:
        server.stop()
