"""A join's news carries the seat: another worker holding the game seats the person in
its copy without reading the game again, and reads it only when the news does not fit.

Real servers: the session's PostgreSQL cluster (``test_postgres.py``) and a
``redis-server``; the joining worker is a ``cuttle serve`` process, the hearing worker
runs in this process (uvicorn in a thread) so that its reads of whole games can be
counted. The periodic database check is set far off, so only the news can bring a join.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import uvicorn
from clusterutil import RedisProc
from srvutil import Client, ServerProc, free_port
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster)

from cuttle.server.app import create_app
from cuttle.server.cluster.bus import CHANNEL
from cuttle.server.game.live import LiveGame
from cuttle.server.game.service import GameService
from cuttle.server.settings import Settings

FAR = "120"
"""Seconds between database checks: never within a test."""
LOTS = "100000/minute"


@contextmanager
def in_process_worker(data: Path, url: str, redis_url: str) -> Iterator[tuple[str, GameService]]:
    """A web worker served by uvicorn in a thread of this process: its URL and service."""
    settings = Settings.from_env(
        data,
        database_url=url,
        redis_url=redis_url,
        worker_id="hearer",
        reconcile_interval=float(FAR),
        bot_workers=0,
        guest_limit=LOTS,
        create_limit=LOTS,
        create_limit_addr=LOTS,
    )
    app = create_app(settings)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "worker did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app.state.service
    finally:
        server.should_exit = True
        thread.join(15)


def count_reads(service: GameService) -> list[str]:
    """The ids of the games ``service`` reads whole from the database from now on."""
    reads: list[str] = []
    read = service.store.read

    def counted(gid: str) -> LiveGame:
        reads.append(gid)
        return read(gid)

    service.store.read = counted  # type: ignore[method-assign]
    return reads


def query(url: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Rows of ``sql`` (``%s`` placeholders) on the PostgreSQL database ``url``."""
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1)) as pg:
        return pg.execute(sql, params).fetchall()


def wait_for(check: Any, timeout: float = 10) -> None:
    """Wait until ``check()`` holds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


@contextmanager
def two_workers(
    cluster: Cluster, tmp_path: Path
) -> Iterator[tuple[ServerProc, str, GameService, RedisProc, str]]:
    """A ``cuttle serve`` process and an in-process worker on one database and one Redis."""
    redis = RedisProc(tmp_path).start()
    url = cluster.url(cluster.create_database())
    joiner = ServerProc(
        tmp_path / "data",
        database_url=url,
        redis_url=redis.url,
        env={"CUTTLE_RECONCILE_INTERVAL": FAR},
        args=["--bot-workers", "0"],
    )
    try:
        joiner.start()
        with in_process_worker(tmp_path / "data2", url, redis.url) as (hearer_url, service):
            yield joiner, hearer_url, service, redis, url
    finally:
        joiner.stop()
        redis.stop()


def test_a_join_on_another_worker_is_applied_from_its_news_without_a_read(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Bob watches a timed table on the hearing worker, then joins it on the other: his
    socket there becomes seat 1 at once (the players' chat, a state with the game started
    and its clock running from when the join stored it), and the hearing worker never
    reads the game again."""
    with two_workers(postgres, tmp_path) as (joiner, hearer_url, service, _redis, url):
        alice = Client(joiner.url)
        made = alice.post(
            "/api/games",
            {"seats": [{"kind": "human"}, {"kind": "human"}], "time_control": "5+3"},
        )
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        bob = Client(hearer_url)
        b = bob.ws(gid)
        first = b.until(lambda m: m["t"] == "state")
        assert first["seat"] is None and first["status"] == "open"
        reads = count_reads(service)

        bob.base = joiner.url  # the join goes to the other worker
        bob.http.base_url = joiner.url  # type: ignore[assignment]
        assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
        b.until(lambda m: m["t"] == "chat_log" and m["channel"] == "players")
        state = b.until(lambda m: m["t"] == "state")
        assert state["seat"] == 1 and state["status"] == "playing"
        assert [p["empty"] for p in state["players"]] == [False, False]
        assert state["clock"] is not None

        live = service.live[gid]
        (start,) = query(url, "select clock_start from games where id = %s", gid)[0]
        assert live.clock is not None and live.clock.since == start
        assert live.clock.running == live.table.to_act
        assert live.timing.timer is not None  # this worker would flag the seat too
        assert reads == []  # the news was enough
        b.close()


def test_join_news_that_does_not_fit_the_copy_makes_the_worker_read_the_game(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """A join stored behind the joining worker's back (its news never sent) leaves the
    hearing worker's copy a seat short: the next join's news says the game started, which
    the copy cannot make of it, so the worker reads the game and its watchers see all
    three seats. News claiming a seat someone else holds is read again too, and changes
    nothing."""
    with two_workers(postgres, tmp_path) as (joiner, hearer_url, service, redis, url):
        alice, bob, dave = Client(joiner.url), Client(joiner.url), Client(joiner.url)
        made = alice.post("/api/games", {"rules": "cutthroat", "seats": [{"kind": "human"}] * 3})
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        carol = Client(hearer_url)
        c = carol.ws(gid)
        assert c.until(lambda m: m["t"] == "state")["status"] == "open"
        reads = count_reads(service)

        query(  # bob's join, committed with no news
            url,
            "update seats set user_id = %s, name = %s where game_id = %s and seat = 1 returning 1",
            bob.user["id"],
            bob.user["name"],
            gid,
        )
        assert dave.post(f"/api/games/{gid}/join").json()["seat"] == 2
        state = c.until(lambda m: m["t"] == "state")
        assert state["status"] == "playing"
        assert [p["empty"] for p in state["players"]] == [False, False, False]
        assert reads == [gid]
        live = service.live[gid]
        assert [s.user_id for s in live.seats] == [
            alice.user["id"],
            bob.user["id"],
            dave.user["id"],
        ]

        forged = {"w": "elsewhere", "k": "seat", "g": gid, "seat": 0, "user": dave.user["id"]}
        forged |= {"name": "x", "status": "playing"}
        redis.client().publish(CHANNEL, json.dumps(forged))
        wait_for(lambda: len(reads) == 2)
        assert live.seats[0].user_id == alice.user["id"]  # the database's word stands
        c.close()


def test_a_player_waiting_on_one_worker_is_present_on_the_worker_that_starts_the_game(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Alice creates a table on one worker and waits at it on the other; Bob joins on the
    first. Her socket opened while the game was open, when workers say nothing of seats,
    so the join's start must make her worker say she is there: the worker where Bob
    plays counts her present (before, it counted her away for good, and after a minute
    Bob could have claimed the win from her while she sat at the table)."""
    with two_workers(postgres, tmp_path) as (joiner, hearer_url, service, _redis, _url):
        alice = Client(hearer_url)
        made = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        alice.base = joiner.url  # she waits at the table on the other worker
        a = alice.ws(gid)
        assert a.until(lambda m: m["t"] == "state")["status"] == "open"

        bob = Client(hearer_url)
        assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
        live = service.live[gid]
        assert live.status == "playing"
        wait_for(lambda: 0 not in live.presence.away, timeout=5)
        assert any(0 in seats for seats, _heard in live.presence.remote.values())  # her word
        a.close()


def test_a_sign_out_on_one_worker_ends_the_session_on_the_others_at_once(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Each worker keeps a session it looked up for a few seconds; a sign-out on one
    worker tells the others over Redis to forget it, so the other worker stops taking the
    cookie at once, not only when its cached copy runs out."""
    import httpx

    from cuttle.server.web.auth import SESSION_CACHE_SECONDS

    with two_workers(postgres, tmp_path) as (joiner, hearer_url, _service, _redis, _url):
        alice = Client(hearer_url)
        other = httpx.Client(base_url=joiner.url, timeout=10)

        signed = alice.post("/api/signup", {"username": "forgetme", "password": "long enough pw"})
        assert signed.status_code == 200, signed.text
        alice.csrf = signed.json()["csrf"]
        cookie = alice.cookie()  # kept: signing out clears it from her jar

        def on_other() -> dict[str, Any]:
            """Who the other worker takes that cookie for (a fresh request each time, so
            no cookie it sets is sent back)."""
            other.cookies.clear()
            user: dict[str, Any] = other.get("/api/session", headers={"Cookie": cookie}).json()[
                "user"
            ]
            return user

        assert on_other()["name"] == "forgetme"  # looked up there: cached for a few seconds
        assert alice.post("/api/signout", {"csrf": alice.csrf}).status_code == 200
        started = time.monotonic()
        wait_for(lambda: on_other().get("name") != "forgetme", timeout=SESSION_CACHE_SECONDS)
        assert time.monotonic() - started < 1.0


def test_chat_is_counted_across_workers(postgres: Cluster, tmp_path: Path) -> None:  # noqa: F811
    """A player with a socket on each worker gets five chat messages in ten seconds in
    all, not five per worker: with Redis every worker counts the same user together."""
    with two_workers(postgres, tmp_path) as (joiner, hearer_url, _service, _redis, url):
        alice = Client(joiner.url)
        made = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        here = alice.ws(gid)
        alice.base = hearer_url
        there = alice.ws(gid)
        for ws in (here, there):
            ws.until(lambda m: m["t"] == "state")
        for i in range(3):
            here.send({"t": "chat", "text": f"here {i}"})
            here.until(lambda m, i=i: m["t"] == "chat" and m["text"] == f"here {i}")
        for i in range(2):
            there.send({"t": "chat", "text": f"there {i}"})
            there.until(lambda m, i=i: m["t"] == "chat" and m["text"] == f"there {i}")
        there.send({"t": "chat", "text": "one too many"})
        err = there.until(lambda m: m["t"] == "error")
        assert err["about"] == "chat" and "too many chat messages" in err["error"]
        stored = query(url, "select count(*) from chat where game_id = %s", gid)
        assert stored == [(5,)]
        here.close()
        there.close()
