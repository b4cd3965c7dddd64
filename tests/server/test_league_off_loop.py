"""The league, series, pages, replays and chat on PostgreSQL wait for the database off
the event loop.

Another connection holds a table's ACCESS EXCLUSIVE lock (EXCLUSIVE where the request
must still read the table, to find its session, and waits to write it), so a request
that needs the table waits at the database (seen in ``pg_locks``). Meanwhile the same
server process must answer another request at once: a call made on the event loop would
hold up every request until the lock goes. Once it goes, the waiting request answers as
usual. The game-over hooks are checked the same way: with the series' and the ratings'
tables locked, a game's last event still reaches its player, and the round is scored and
the game rated once the locks go; and a server stopped (SIGTERM) while they wait writes
them all before it exits. A spectator's first chat message (the name is read) waits the
same way; and with several workers the sign-in limits, counted in Redis, wait for a
paused Redis off the loop.

The cluster is test_postgres.py's throwaway cluster (never skipped).
"""

from __future__ import annotations

import asyncio
import functools
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from clusterutil import RedisProc
from leagueutil import PASSWORD, League, league_server, register
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
    played: list[str]
    """The two finished games of ann's and bob's first match (not held in memory)."""
    series_game: str
    """The game of the series' first round (ann against a bot)."""
    leaver: Client
    """A guest who signs out."""


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
        played = [
            g["game"] for g in league.play(league.challenge("ann", "bob"), ["ann", "ann"])["games"]
        ]
        assert len(played) == 2, played
        claimable = league.get(f"/api/league/matches/{league.challenge('ann', 'bob')}")["game"]
        r = ann.post("/api/series", {"rules": "standard", "seats": [{"kind": "me"}, BOT]})
        assert r.status_code == 201, r.text
        conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
        sheet = r.json()
        leaver = Client(server.url)
        yield Site(
            server, conninfo, boss, ann, bob, sheet["id"], claimable, played, sheet["game"], leaver
        )
    finally:
        server.stop()


BOT = {"kind": "bot", "level": "random"}


@contextmanager
def locked(site: Site | str, *tables: str) -> Iterator[None]:
    """Hold ACCESS EXCLUSIVE locks on ``tables`` (or the mode a name says: ``"sessions in
    exclusive mode"``) from another connection (to ``site``'s database, or the conninfo
    given) until the end."""
    conninfo = site if isinstance(site, str) else site.conninfo
    with psycopg.connect(conninfo) as pg, pg.transaction():  # its end lets them go
        for t in tables:
            pg.execute(f"lock table {t}" + ("" if " in " in t else " in access exclusive mode"))
        yield


def waiting_at_the_database(site: Site | ServerProc) -> int:
    """How many lock requests wait in the database (the server's, here)."""
    server = site if isinstance(site, ServerProc) else site.server
    rows = server.query("select count(*) from pg_locks where not granted")
    return int(rows[0][0])


def wait_for(what: Callable[[], bool], timeout: float, message: str) -> None:
    """Poll ``what`` until it holds; fail with ``message`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not what():
        assert time.monotonic() < deadline, message
        time.sleep(0.05)


def prompt_answer(site: Site | ServerProc) -> float:
    """Seconds another request (no database) takes to answer; fails past :data:`PROMPT`."""
    server = site if isinstance(site, ServerProc) else site.server
    start = time.monotonic()
    try:
        r = httpx.get(server.url + "/api/options", timeout=PROMPT + 1)
    except httpx.TimeoutException:
        pytest.fail("the server did not answer while a league request waited: loop blocked")
    assert r.status_code == 200
    return time.monotonic() - start


Call = Callable[[Site], httpx.Response]


def in_background(
    call: Callable[[], httpx.Response],
) -> tuple[threading.Thread, list[httpx.Response | BaseException]]:
    """Start ``call`` in a thread; the thread and the list its answer (or error) goes to."""
    got: list[httpx.Response | BaseException] = []

    def run() -> None:
        try:
            got.append(call())
        except BaseException as e:  # the caller reports it
            got.append(e)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    return worker, got


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
    # the pages' own reads, the league's and series' parts of them included
    ("lobby page", "league_challenges", lambda s: s.bob.http.get("/"), 200, 'id="league-lobby"'),
    ("my profile page", "games", lambda s: s.bob.http.get("/me"), 200, 'id="league-profile"'),
    (
        "profile page",
        "league_matches",
        lambda s: s.bob.http.get("/u/ann"),
        200,
        'id="league-profile"',
    ),
    (
        "table page",
        "series_rounds",
        lambda s: s.bob.http.get(f"/g/{s.series_game}"),
        200,
        'id="link-series"',
    ),
    (
        "sign out",
        "sessions in exclusive mode",  # the session is still read; its delete waits
        lambda s: s.leaver.http.post("/signout", data={"csrf": s.leaver.csrf}),
        303,
        "",
    ),
    # replays and records, of finished games nobody holds
    (
        "replay",
        "chat",
        lambda s: s.bob.http.get(f"/api/games/{s.played[1]}/replay"),
        200,
        '"positions"',
    ),
    (
        "record",
        "moves",
        lambda s: s.bob.http.get(f"/api/games/{s.played[0]}/record"),
        200,
        "cuttle server",
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


def test_a_ranked_match_step_is_written_off_the_loop(site: Site) -> None:
    """A ranked match's game ends while the matches' table is locked: the match's step
    (its score, its next game) waits at the database while the server answers others;
    once the lock goes, the game's last event carries the match as it now stands."""
    dirk, edna = register(site.server.url, "dirk"), register(site.server.url, "edna")
    league = League(site.server, site.boss, {"dirk": dirk, "edna": edna})
    match_id = league.challenge("dirk", "edna")
    gid = league.get(f"/api/league/matches/{match_id}")["game"]
    second = league.seats(gid)[1]
    sock = league.players[second].ws(gid)
    sock.until(lambda m: m["t"] == "state")
    before = waiting_at_the_database(site)
    try:
        with locked(site, "league_matches"):
            sock.send({"t": "resign"})
            wait_for(
                lambda: waiting_at_the_database(site) > before,
                10,
                "the match's step never reached the locked table",
            )
            assert prompt_answer(site) < PROMPT
            assert waiting_at_the_database(site) > before  # still waiting: served meanwhile
        last = sock.until(lambda m: m["t"] == "event" and "meta" in m, timeout=15)
    finally:
        sock.close()
    meta = last["meta"]
    assert meta["status"] == "over"
    assert meta["league"]["id"] == match_id
    assert meta["league"]["games"] == [{"game": gid, "ending": "resign", "player": second}]
    assert sorted(meta["league"]["score"]) == [0, 1]
    following = meta["league"]["game"]
    assert following not in (None, gid)
    assert league.get(f"/api/league/matches/{match_id}")["game"] == following


def test_a_spectators_first_chat_message_waits_for_their_name_off_the_loop(site: Site) -> None:
    """A spectator's name is read from the database for their first message: with the
    users' table locked the server answers meanwhile, and the message goes out, with the
    name, once the lock goes."""
    eve = register(site.server.url, "eve")
    sock = eve.ws(site.series_game)
    try:
        sock.until(lambda m: m["t"] == "chat_log")
        before = waiting_at_the_database(site)
        with locked(site, "users"):
            sock.send({"t": "chat", "text": "hello from the rail"})
            wait_for(
                lambda: waiting_at_the_database(site) > before,
                10,
                "the chat message never reached the locked table",
            )
            assert prompt_answer(site) < PROMPT
        msg = sock.until(lambda m: m["t"] == "chat", timeout=15)
        assert (msg["channel"], msg["name"], msg["text"]) == (
            "spectators",
            "eve",
            "hello from the rail",
        )
    finally:
        sock.close()


def test_a_graceful_stop_writes_the_deferred_scores_and_ratings(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Two series rounds against a bot end while the series' and ratings' tables are
    locked, and the server is sent SIGTERM while their scoring and rating wait (the second
    rating waits its turn behind the first, not yet at the database). The stop waits for
    them: once the locks go, both rounds are scored and both games rated before it exits."""
    dbname = postgres.create_database()
    url = postgres.url(dbname)
    conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
    server = league_server(tmp_path / "data", database_url=url).start()
    try:
        players = [register(server.url, name) for name in ("carl", "dora")]
        sheets, socks = [], []
        for p in players:
            r = p.post("/api/series", {"rules": "standard", "seats": [{"kind": "me"}, BOT]})
            assert r.status_code == 201, r.text
            sheets.append(r.json())
            socks.append(p.ws(sheets[-1]["game"]))
            socks[-1].until(lambda m: m["t"] == "state")
        tables = ("series", "series_rounds", "league_ratings", "league_rating_history")
        with locked(conninfo, *tables):
            for sock in socks:
                sock.send({"t": "resign"})
                sock.until(lambda m: m["t"] == "event" and "meta" in m)
                sock.close()
            # two scorings and the first rating wait at the database; the second rating
            # waits on the server for the first
            wait_for(lambda: waiting_at_the_database(server) >= 3, 10, "the hooks never waited")
            assert server.proc is not None
            server.proc.send_signal(signal.SIGTERM)
            time.sleep(1.0)  # the locks go while it stops
        # uvicorn stops gracefully, then ends by the signal it was sent
        assert server.proc.wait(30) in (0, -signal.SIGTERM)
    finally:
        server.stop()
    with psycopg.connect(conninfo) as pg:
        for p, sheet in zip(players, sheets, strict=True):
            scored = pg.execute(
                "select points from series_rounds where series_id = %s and number = 1",
                (sheet["id"],),
            ).fetchone()
            assert scored is not None and scored[0] is not None, f"{p.user['name']}: unscored"
            rated = pg.execute(
                "select losses from league_ratings where pool = 'bots' and subject = %s",
                (f"u:{p.user['id']}",),
            ).fetchone()
            assert rated == (1,), f"{p.user['name']}'s game against the bot was not rated"


def sign_in(c: Client, how: str) -> httpx.Response:
    """``c`` signs in as fay through the JSON API (``how="api"``) or the form."""
    body = {"username": "fay", "password": PASSWORD}
    if how == "api":
        return c.post("/api/signin", body)
    return c.http.post("/signin", data={**body, "csrf": c.csrf})


def test_sign_in_limits_counted_in_redis_wait_off_the_loop(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """With Redis (several workers' shared limits), a sign-in counts the attempt in Redis:
    with Redis paused, the server answers meanwhile, and the sign-in (the JSON API's and
    the form's) goes ahead once Redis is back."""
    redis_proc = RedisProc(tmp_path).start()
    url = postgres.url(postgres.create_database())
    server = ServerProc(
        tmp_path / "data", database_url=url, redis_url=redis_proc.url, args=["--bot-workers", "0"]
    ).start()
    try:
        register(server.url, "fay")
        pause = 3.0
        for how in ("api", "form"):
            c = Client(server.url)
            redis_proc.client().execute_command("CLIENT", "PAUSE", int(pause * 1000), "ALL")
            start = time.monotonic()
            worker, got = in_background(functools.partial(sign_in, c, how))
            time.sleep(0.3)
            assert worker.is_alive(), f"signed in without Redis: {got}"
            assert prompt_answer(server) < PROMPT
            assert worker.is_alive()
            worker.join(15)
            (r,) = got
            assert isinstance(r, httpx.Response), r
            assert r.status_code == (200 if how == "api" else 303), r.text
            assert time.monotonic() - start >= pause - 0.5  # it did wait for Redis
    finally:
        server.stop()
        redis_proc.stop()


def test_the_stop_waits_for_deferred_work_a_bounded_time() -> None:
    """A rating that never finishes holds a stop up for the wait's bound only; one that
    finishes ends the wait at once."""
    from types import SimpleNamespace

    from cuttle.server.app import finish_deferred

    async def main() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        stuck = loop.create_task(asyncio.sleep(3600))
        quick = loop.create_task(asyncio.sleep(0.05))
        state = SimpleNamespace(
            league=SimpleNamespace(pending=lambda: {t for t in (stuck,) if not t.done()}),
            series=SimpleNamespace(pending=lambda: {t for t in (quick,) if not t.done()}),
            tournaments=SimpleNamespace(pending=lambda: set()),
        )
        app: Any = SimpleNamespace(state=state)
        start = time.monotonic()
        await finish_deferred(app, timeout=0.5)
        bounded = time.monotonic() - start
        stuck.cancel()
        quick = loop.create_task(asyncio.sleep(0.05))
        start = time.monotonic()
        await finish_deferred(app, timeout=10)
        return bounded, time.monotonic() - start

    bounded, done = asyncio.run(main())
    assert 0.5 <= bounded < 1.5
    assert done < 1.0
