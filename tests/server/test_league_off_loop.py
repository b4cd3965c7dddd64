"""The league and series on PostgreSQL wait for the database off the event loop.

Another connection holds a table's ACCESS EXCLUSIVE lock, so a league or series request
that needs the table waits at the database (seen in ``pg_locks``). Meanwhile the same
server process must answer another request at once: a call made on the event loop would
hold up every request until the lock goes. Once it goes, the waiting request answers as
usual. The game-over hooks are checked the same way: with the series' and the ratings'
tables locked, a game's last event still reaches its player, and the round is scored and
the game rated once the locks go.

The cluster is test_postgres.py's throwaway cluster (never skipped).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import psycopg
import pytest
from leagueutil import League, league_server, register
from srvutil import Client, ServerProc
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)

PROMPT = 2.0
"""Seconds within which the server must answer while a league request waits."""


@dataclass
class Site:
    """A league server on its own PostgreSQL database, with players, a match and a series."""

    server: ServerProc
    conninfo: str
    boss: Client
    ann: Client
    bob: Client
    sid: int
    claimable: str
    """A ranked game of ann's and bob's that bob never came to."""


@pytest.fixture(scope="module")
def site(
    postgres: Cluster,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Site]:
    """The server; ann has beaten bob in a ranked match (ratings, history), has a second
    match with him in play and a series against a bot."""
    dbname = postgres.create_database()
    url = postgres.url(dbname)
    server = league_server(tmp_path_factory.mktemp("offloop") / "data", database_url=url).start()
    try:
        boss = register(server.url, "boss")
        ann, bob = register(server.url, "ann"), register(server.url, "bob")
        league = League(server, boss, {"ann": ann, "bob": bob})
        league.play(league.challenge("ann", "bob"), ["ann", "ann"])
        claimable = league.get(f"/api/league/matches/{league.challenge('ann', 'bob')}")["game"]
        r = ann.post("/api/series", {"rules": "standard", "seats": [{"kind": "me"}, BOT]})
        assert r.status_code == 201, r.text
        conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
        yield Site(server, conninfo, boss, ann, bob, r.json()["id"], claimable)
    finally:
        server.stop()


BOT = {"kind": "bot", "level": "random"}


@contextmanager
def locked(site: Site, *tables: str) -> Iterator[None]:
    """Hold ACCESS EXCLUSIVE locks on ``tables`` from another connection until the end."""
    with psycopg.connect(site.conninfo) as pg, pg.transaction():  # its end lets them go
        for t in tables:
            pg.execute(f"lock table {t} in access exclusive mode")
        yield


def waiting_at_the_database(site: Site) -> int:
    """How many lock requests wait in the database (the server's, here)."""
    rows = site.server.query("select count(*) from pg_locks where not granted")
    return int(rows[0][0])


def wait_for(what: Callable[[], bool], timeout: float, message: str) -> None:
    """Poll ``what`` until it holds; fail with ``message`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, message
        time.sleep(0.05)


def prompt_answer(site: Site) -> float:
    """Seconds another request (no database) takes to answer; fails past :data:`PROMPT`."""
    start = time.monotonic()
    try:
        r = httpx.get(site.server.url + "/api/options", timeout=PROMPT + 1)
    except httpx.TimeoutException:
        pytest.fail("the server did not answer while a league request waited: loop blocked")
    assert r.status_code == 200
    return time.monotonic() - start


Call = Callable[[Site], httpx.Response]


def claim(site: Site) -> httpx.Response:
    """ann claims the game bob never came to, once it has stood still for the 1 s of
    abandonment (leagueutil)."""
    time.sleep(1.1)
    return site.ann.post(f"/api/league/games/{site.claimable}/claim")


ROUTES: list[tuple[str, str, Call, int, str]] = [
    # (name, table locked, request, status, text its answer holds)
    ("ratings", "league_ratings", lambda s: s.ann.http.get("/api/league/ratings"), 200, "ann"),
    (
        "standings",
        "league_matches",
        lambda s: s.ann.http.get("/api/league/standings?season=0"),
        200,
        '"player":"ann"',
    ),
    (
        "match",
        "league_matches",
        lambda s: s.ann.http.get("/api/league/matches/1"),
        200,
        '"winner":"ann"',
    ),
    (
        "player",
        "league_ratings",
        lambda s: s.bob.http.get("/api/league/players/ann"),
        200,
        '"pool":"people"',
    ),
    ("board page", "league_matches", lambda s: s.bob.http.get("/league"), 200, "ann"),
    ("bot ladder page", "league_ratings", lambda s: s.bob.http.get("/league/bots"), 200, "<table"),
    (
        "rating chart",
        "league_rating_history",
        lambda s: s.bob.http.get("/league/players/ann/rating.svg"),
        200,
        "<svg",
    ),
    (
        "challenge",
        "league_challenges",
        lambda s: s.ann.post("/api/league/challenges", {"opponent": "bob"}),
        201,
        '"to":"bob"',
    ),
    (
        "queue",
        "league_ratings",
        lambda s: s.bob.post("/api/league/queue", {}),
        200,
        '"status":"waiting"',
    ),
    ("claim", "moves", claim, 200, '"abandoned_by":"bob"'),
    (
        "seasons",
        "league_brackets",
        lambda s: s.bob.http.get("/api/league/seasons"),
        200,
        '"index":0',
    ),
    (
        "sheet",
        "series",
        lambda s: s.bob.http.get(f"/api/series/{s.sid}"),
        200,
        '"players":[{"name":"ann"',
    ),
    (
        "sheet page",
        "series_rounds",
        lambda s: s.bob.http.get(f"/series/{s.sid}"),
        200,
        "data-round=",
    ),
    (
        "new series",
        "series",
        lambda s: s.bob.post("/api/series", {"rules": "standard", "seats": [{"kind": "me"}, BOT]}),
        201,
        '"players":[{"name":"bob"',
    ),
]


@pytest.mark.parametrize(
    ("table", "call", "status", "holds"),
    [pytest.param(t, c, st, h, id=name) for name, t, c, st, h in ROUTES],
)
def test_a_league_request_waiting_for_the_database_does_not_hold_up_the_server(
    site: Site, table: str, call: Call, status: int, holds: str
) -> None:
    got: list[httpx.Response | BaseException] = []

    def run() -> None:
        try:
            got.append(call(site))
        except BaseException as e:  # reported below
            got.append(e)

    before = waiting_at_the_database(site)
    with locked(site, table):
        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        wait_for(
            lambda: waiting_at_the_database(site) > before or not worker.is_alive(),
            10,
            "the league request never reached the locked table",
        )
        assert worker.is_alive(), f"answered without the locked table: {got}"
        took = prompt_answer(site)
        assert took < PROMPT
        assert worker.is_alive()  # still waiting for the lock: it was served meanwhile
    worker.join(15)
    assert not worker.is_alive(), "the league request did not finish once the lock went"
    (r,) = got
    assert isinstance(r, httpx.Response), r
    assert r.status_code == status, r.text
    assert holds in r.text


def test_game_over_hooks_score_and_rate_off_the_loop(site: Site) -> None:
    """A series round against a bot ends while the series' and ratings' tables are locked:
    the last event reaches the player at once; the round is scored, the next one started
    and the bot game rated once the locks go."""
    carl = register(site.server.url, "carl")
    r = carl.post("/api/series", {"rules": "standard", "seats": [{"kind": "me"}, BOT]})
    assert r.status_code == 201, r.text
    sheet = r.json()
    sock = carl.ws(sheet["game"])
    sock.until(lambda m: m["t"] == "state")
    tables = ("series", "series_rounds", "league_ratings", "league_rating_history")
    try:
        with locked(site, *tables):
            start = time.monotonic()
            sock.send({"t": "resign"})
            last = sock.until(lambda m: m["t"] == "event" and "meta" in m, timeout=PROMPT + 3)
            assert time.monotonic() - start < PROMPT
            assert last["meta"]["status"] == "over"
            wait_for(lambda: waiting_at_the_database(site) >= 1, 10, "no hook waits for a lock")
            assert prompt_answer(site) < PROMPT
    finally:
        sock.close()

    def scored() -> bool:
        s: dict[str, Any] = carl.http.get(f"/api/series/{sheet['id']}").json()
        return len(s["rounds"]) == 2 and s["rounds"][0]["done"]

    wait_for(scored, 15, "round 1 was not scored once the locks went")
    after = carl.http.get(f"/api/series/{sheet['id']}").json()
    assert after["game"] == after["rounds"][1]["game"] != sheet["game"]
    assert after["rounds"][1]["starts"] == "bot 2 (random)"  # the seats moved round
    assert after["rounds"][0]["points"] == {"carl": 0, "bot 2 (random)": 0}  # resigned at once

    def rated() -> bool:
        ladder = carl.http.get("/api/league/ratings?pool=bots").json()["ratings"]
        return any(p["player"] == "carl" and p["losses"] == 1 for p in ladder)

    wait_for(rated, 15, "the bot game was not rated once the locks went")
