"""The game analysis on the site (issue 28): the API, its storage and who runs it.

A real ``cuttle serve`` on SQLite with a tiny search budget (``CUTTLE_ANALYSIS_BUDGET``)
runs each analysis in its own child process; with Redis (and PostgreSQL) the web worker
only queues it and a ``cuttle bot-worker`` runs it.
"""

from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clusterutil import BotWorkerProc, RedisProc
from leagueutil import league_server, register
from srvutil import Client, ServerProc, new_table, unhurried_move
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster)

BUDGET = {"CUTTLE_ANALYSIS_BUDGET": "30"}
"""Thirty search iterations a ply: a short game is analysed in a second or two."""
PATIENCE = 30.0
"""Seconds a socket waits for the next message (the test machine is shared and busy)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """One server for the module (SQLite, the tiny budget; the league's, for ranked games)."""
    proc = league_server(tmp_path_factory.mktemp("analysis") / "data")
    proc.env.update(BUDGET)
    proc.start()
    yield proc
    proc.stop()


def finished_game(alice: Client, bob: Client, plies: int = 6, seed: int = 5) -> str:
    """A two-person game: ``plies`` calm moves (no points, no royals), then the player to
    move resigns; its id."""
    gid = new_table(alice, bob)
    socks = [alice.ws(gid), bob.ws(gid)]
    last = [s.until(lambda m: m["t"] == "state", PATIENCE) for s in socks]
    rng = random.Random(seed)
    for k in range(plies):
        seat = last[0]["view"]["to_act"]
        mine = last[seat]
        socks[seat].send(
            {"t": "move", "move": unhurried_move(mine["legal"], rng), "id": f"m{k}", "n": mine["n"]}
        )
        last = [s.until(lambda m: m["t"] == "event", PATIENCE) for s in socks]
    socks[last[0]["view"]["to_act"]].send({"t": "resign"})
    for s in socks:
        s.until(lambda m: m["t"] == "event" and m["view"]["winner"] is not None, PATIENCE)
        s.close()
    return gid


def wait_for(client: Client, gid: str, status: str, timeout: float = 30) -> dict[str, Any]:
    """Poll ``GET /api/games/{gid}/analysis`` until its status is ``status``."""
    deadline = time.monotonic() + timeout
    seen: list[str] = []
    while time.monotonic() < deadline:
        r = client.http.get(f"/api/games/{gid}/analysis")
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        seen.append(body["status"])
        if body["status"] == status:
            return body
        assert body["status"] != "failed", body
        time.sleep(0.1)
    pytest.fail(f"analysis of {gid} never became {status} (saw {sorted(set(seen))})")


def test_an_unknown_game_is_404_and_a_game_in_play_is_409(site: ServerProc) -> None:
    alice, bob = Client(site.url), Client(site.url)
    assert alice.post("/api/games/nosuchgame/analysis").status_code == 404
    assert alice.http.get("/api/games/nosuchgame/analysis").status_code == 404
    assert alice.http.get("/api/games/" + "x" * 40 + "/analysis").status_code == 404
    gid = new_table(alice, bob)
    r = alice.post(f"/api/games/{gid}/analysis")
    assert r.status_code == 409, r.text
    assert "over" in r.json()["error"]
    assert alice.http.get(f"/api/games/{gid}/analysis").status_code == 409
    assert site.query("SELECT count(*) FROM game_analyses WHERE game_id = ?", gid) == [(0,)]


def test_asking_needs_the_sessions_csrf_token(site: ServerProc) -> None:
    alice, bob = Client(site.url), Client(site.url)
    gid = finished_game(alice, bob, plies=2)
    r = alice.http.post(f"/api/games/{gid}/analysis", json={})
    assert r.status_code == 403, r.text
    assert Client(site.url).http.get(f"/api/games/{gid}/analysis").json()["status"] == "none"


def test_a_finished_game_is_analysed_once_and_the_review_is_stored(site: ServerProc) -> None:
    alice, bob = Client(site.url), Client(site.url)
    gid = finished_game(alice, bob, plies=6)
    before = alice.http.get(f"/api/games/{gid}/analysis").json()
    assert before == {"status": "none", "progress": {"done": 0, "total": 0}, "review": None}

    first = alice.post(f"/api/games/{gid}/analysis")
    assert first.status_code == 202, first.text
    assert first.json()["status"] == "queued"
    again = bob.post(f"/api/games/{gid}/analysis")  # asking twice changes nothing
    assert again.status_code in (200, 202), again.text
    assert again.json()["status"] in ("queued", "running", "done")

    done = wait_for(Client(site.url), gid, "done")  # a spectator reads it too
    review = done["review"]
    # Six calm moves and the resignation: seven plies, each by the seat the replay names.
    lines = alice.http.get(f"/api/games/{gid}/replay").json()["lines"]
    assert len(lines) == 7
    assert [p["ply"] for p in review["plies"]] == [1, 2, 3, 4, 5, 6, 7]
    assert [p["seat"] for p in review["plies"]] == [int(line[1]) for line in lines]
    assert [p["move"] for p in review["plies"]] == [line.split(": ", 1)[1] for line in lines]
    assert review["plies"][-1]["move"] == "resign"
    assert len(review["series"]) == 8
    assert len(review["accuracy"]) == 2
    assert done["progress"] == {"done": 7, "total": 7}

    rows = site.query(
        "SELECT status, plies_done, plies_total, requested_by, finished_at FROM game_analyses"
        " WHERE game_id = ?",
        gid,
    )
    assert len(rows) == 1
    status, plies_done, plies_total, requested_by, finished_at = rows[0]
    assert (status, plies_done, plies_total) == ("done", 7, 7)
    assert requested_by == alice.user["id"]  # the first to ask, not bob
    # Asking once it is done returns the stored review (200) and runs nothing again.
    third = bob.post(f"/api/games/{gid}/analysis")
    assert third.status_code == 200, third.text
    assert third.json()["review"] == review
    time.sleep(0.3)
    assert site.query("SELECT finished_at FROM game_analyses WHERE game_id = ?", gid) == [
        (finished_at,)
    ]


def test_a_ranked_game_asks_for_its_own_analysis(site: ServerProc) -> None:
    ann, ben = register(site.url, "ann"), register(site.url, "ben")
    r = ann.post("/api/league/challenges", {"opponent": "ben", "rules": "standard"})
    assert r.status_code == 201, r.text
    r = ben.post(f"/api/league/challenges/{r.json()['id']}/accept")
    assert r.status_code == 200, r.text
    gid = r.json()["match"]["game"]
    assert ann.http.get(f"/api/games/{gid}").json()["ranked"] is True
    sock = ann.ws(gid)
    sock.until(lambda m: m["t"] == "state", PATIENCE)
    sock.send({"t": "resign"})
    sock.until(lambda m: m["t"] == "event" and m["view"]["winner"] is not None, PATIENCE)
    sock.close()
    done = wait_for(ben, gid, "done")
    assert [p["move"] for p in done["review"]["plies"]] == ["resign"]
    rows = site.query("SELECT requested_by FROM game_analyses WHERE game_id = ?", gid)
    assert rows == [(None,)]  # the site asked, nobody in particular


def test_with_a_redis_queue_the_web_worker_only_queues_and_a_bot_worker_analyses(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    redis = RedisProc(tmp_path).start()
    url = postgres.url(postgres.create_database())
    web = ServerProc(
        tmp_path / "data",
        database_url=url,
        redis_url=redis.url,
        env=BUDGET,
        args=["--bot-workers", "0"],
    )
    worker = BotWorkerProc(tmp_path, url, redis.url)
    worker.env.update(BUDGET)
    try:
        web.start()
        alice, bob = Client(web.url), Client(web.url)
        gid = finished_game(alice, bob, plies=4)
        # Two people ask at the same moment: both are answered, one job is queued.
        gate = threading.Barrier(2)
        codes: list[int] = []

        def ask(client: Client) -> None:
            gate.wait()
            codes.append(client.post(f"/api/games/{gid}/analysis").status_code)

        askers = [threading.Thread(target=ask, args=(c,)) for c in (alice, bob)]
        for t in askers:
            t.start()
        for t in askers:
            t.join()
        assert codes == [202, 202]
        jobs = redis.client().xrange("cuttle:analyses")
        assert [fields["g"] for _, fields in jobs] == [gid]
        # No bot worker yet: nobody searches, the web worker least of all.
        time.sleep(2.0)
        assert alice.http.get(f"/api/games/{gid}/analysis").json()["status"] == "queued"
        worker.start()
        done = wait_for(bob, gid, "done", timeout=60)
        assert len(done["review"]["plies"]) == 5
        assert done["progress"] == {"done": 5, "total": 5}
    finally:
        worker.stop()
        web.stop()
        redis.stop()


def test_the_progress_is_stored_ply_by_ply_as_the_analysis_goes(
    site: ServerProc, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The analysis's own code (``work.analyse_game``, as the child process runs it) on the
    site's database file, every progress write watched at the SQL level."""
    from sqlalchemy import Engine, event

    from cuttle.server.analysis import work

    alice, bob = Client(site.url), Client(site.url)
    gid = finished_game(alice, bob, plies=5)
    assert alice.post(f"/api/games/{gid}/analysis").status_code == 202
    wait_for(alice, gid, "done")
    with site.db() as db:  # asked again from scratch (as after a failure)
        db.execute(
            "UPDATE game_analyses SET status = 'queued', review = NULL, plies_done = 0,"
            " plies_total = 0 WHERE game_id = ?",
            (gid,),
        )
    monkeypatch.setattr(work, "PROGRESS_EVERY", 0.0)  # store every ply, not every 0.25 s
    stored: list[dict[str, Any]] = []

    def watch(conn: Any, cursor: Any, sql: str, params: Any, context: Any, many: bool) -> None:
        if sql.startswith("UPDATE game_analyses"):
            columns = re.findall(r"(\w+)=\?", sql.split(" WHERE ")[0])
            stored.append(dict(zip(columns, params, strict=False)))

    event.listen(Engine, "before_cursor_execute", watch)
    try:
        status = work.analyse_game(f"sqlite:///{site.data / 'cuttle.db'}", gid, 30)
    finally:
        event.remove(Engine, "before_cursor_execute", watch)
    assert status == "done"
    # Running, then the progress after each of the five moves and the resignation, then done.
    assert stored[0]["status"] == "running"
    progress = [s["plies_done"] for s in stored if "plies_done" in s and "status" not in s]
    assert progress == [1, 2, 3, 4, 5, 6]
    assert [s.get("plies_total") for s in stored[1:3]] == [6, None]  # stored once, unchanged
    assert stored[-1]["status"] == "done"
    assert wait_for(alice, gid, "done")["progress"] == {"done": 6, "total": 6}


def test_an_analysis_lost_on_the_way_starts_again_when_asked(site: ServerProc) -> None:
    alice, bob = Client(site.url), Client(site.url)
    gid = finished_game(alice, bob, plies=3)
    assert alice.post(f"/api/games/{gid}/analysis").status_code == 202
    wait_for(alice, gid, "done")
    with site.db() as db:  # "running" since 1970: its process died long ago
        db.execute(
            "UPDATE game_analyses SET status = 'running', review = NULL, updated_at = 0"
            " WHERE game_id = ?",
            (gid,),
        )
    assert bob.http.get(f"/api/games/{gid}/analysis").json()["status"] == "running"
    r = bob.post(f"/api/games/{gid}/analysis")
    assert r.status_code == 202, r.text
    assert len(wait_for(bob, gid, "done")["review"]["plies"]) == 4


def test_a_restarted_site_finishes_the_analyses_it_had_queued(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data", env=BUDGET).start()
    try:
        alice, bob = Client(server.url), Client(server.url)
        gid = finished_game(alice, bob, plies=2)
        server.stop()
        with server.db() as db:  # as if the site stopped before the child process ran it
            db.execute(
                "INSERT INTO game_analyses (game_id, status, plies_done, plies_total,"
                " created_at, updated_at) VALUES (?, 'queued', 0, 0, 1.0, 1.0)",
                (gid,),
            )
        server.start()
        done = wait_for(Client(server.url), gid, "done")
        assert len(done["review"]["plies"]) == 3
    finally:
        server.stop()
