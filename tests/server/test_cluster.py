"""Several web workers on one PostgreSQL and one Redis: every game served by any worker.

Real servers: a throwaway PostgreSQL cluster (as in ``test_postgres.py``) and Debian's
``redis-server`` on a loopback port (``clusterutil.RedisProc``), three ``cuttle serve``
processes on three ports, and ``cuttle bot-worker`` processes. If PostgreSQL or Redis
cannot start, these tests fail; they are never skipped.
"""

from __future__ import annotations

import contextlib
import os
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from clusterutil import BotWorkerProc, NginxProc, RedisProc, alive, children_of, wait_until
from srvutil import (
    Client,
    ServerProc,
    Socket,
    check_no_hidden,
    full_game,
    new_table,
    play_against_bot,
    unhurried_move,
)
from test_postgres import Cluster, _play, postgres  # noqa: F401  (the session's cluster)


@dataclass
class Site:
    """Three web workers on one database and one Redis, and the bot workers."""

    pg_url: str
    redis: RedisProc
    workers: list[ServerProc]
    bots: list[BotWorkerProc]
    folder: Path

    def worker(self) -> ServerProc:
        """A new web worker on the same database and Redis (not started)."""
        return ServerProc(
            self.folder / "data",
            bot_delay=0.05,
            database_url=self.pg_url,
            redis_url=self.redis.url,
            env={"CUTTLE_RECONCILE_INTERVAL": "0.3", "CUTTLE_CLAIM_AFTER": "1.5"},
            args=["--bot-workers", "0"],
        )

    def bot_worker(self) -> BotWorkerProc:
        """A new bot worker (not started), taking over a dead one's job after 2 s."""
        return BotWorkerProc(self.folder, self.pg_url, self.redis.url, lease=2.0)


@pytest.fixture
def site(postgres: Cluster, tmp_path: Path) -> Iterator[Site]:  # noqa: F811
    """A fresh database, a fresh Redis, three web workers and one bot worker."""
    redis = RedisProc(tmp_path).start()
    s = Site(postgres.url(postgres.create_database()), redis, [], [], tmp_path)
    try:
        # all four launched before any is waited for (their migrations wait on one
        # another's lock in PostgreSQL): a site is up in the time of its slowest process
        while len(s.workers) < 3:  # three free ports, none given twice before any is bound
            w = s.worker()
            if w.port not in {v.port for v in s.workers}:
                s.workers.append(w)
        for w in s.workers:
            w.launch()
        s.bots.append(s.bot_worker().start())
        for w in s.workers:
            w.wait_ready()
        yield s
    finally:
        for w in s.workers:
            w.stop()
        for b in s.bots:
            b.stop()
        redis.stop()
        logs = "".join(p.read_text(errors="replace") for p in tmp_path.glob("*.log"))
        assert "unhandled error" not in logs and "Exception in ASGI" not in logs, logs[-4000:]


def on(client: Client, server: ServerProc) -> Client:
    """``client`` (its cookie) talking to web worker ``server`` from now on."""
    client.base = server.url
    client.http.base_url = httpx.URL(server.url)
    return client


def test_two_people_on_two_workers_and_a_spectator_on_a_third(site: Site) -> None:
    w1, w2, w3 = site.workers
    alice, bob, carol = Client(w1.url), Client(w2.url), Client(w3.url)
    r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    gid = r.json()["id"]
    assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1  # joined on another worker
    a, b, c = alice.ws(gid), bob.ws(gid), carol.ws(gid)
    states = [s.until(lambda m: m["t"] == "state") for s in (a, b, c)]
    assert [s["seat"] for s in states] == [0, 1, None]
    assert all(s["status"] == "playing" for s in states)
    last, acked = _play({0: a, 1: b}, [c], states[0], random.Random(5), 400, "m")
    if last["view"]["winner"] is None:
        a.send({"t": "resign", "id": "r"})
        last = c.until(lambda m: m["t"] == "event" and m["line"] == "p0: resign")
        acked.append((0, "resign", "r"))
    rows = w1.query(
        "select ply, seat, text, client_id from moves where game_id = ? order by ply", gid
    )
    assert rows == [(i + 1, s, t, cid) for i, (s, t, cid) in enumerate(acked)]
    # Everyone saw every event, numbered 1, 2, … with nothing skipped and no hidden card.
    for sock, seat in ((a, 0), (b, 1), (c, None)):
        numbers = [m["n"] for m in sock.seen if m["t"] == "event"]
        assert numbers == list(range(1, len(rows) + 1)), seat
        assert check_no_hidden(w1, gid, sock.seen, seat) >= len(rows)
    assert w2.query("select status from games where id = ?", gid) == [("over",)]
    # The rematch, asked on two workers, starts once.
    a.send({"t": "rematch"})
    b.until(lambda m: m["t"] == "rematch" and m.get("asked") == [0])
    b.send({"t": "rematch"})
    new = [s.until(lambda m: m["t"] == "rematch" and "game" in m)["game"] for s in (a, b, c)]
    assert len(set(new)) == 1
    assert w3.query("select count(*) from games where rematch_of = ?", gid) == [(1,)]
    for s in (a, b, c):
        s.close()


def test_a_table_held_as_created_shows_a_join_made_on_another_worker_at_once(
    site: Site,
) -> None:
    """The creating worker holds a new table in memory; a join committed on another worker
    must show in the first state of a socket opened on the creator right after the join
    returns, even before the join's news reaches the creator."""
    w1, w2, _ = site.workers
    alice, bob = Client(w1.url), Client(w2.url)
    for _ in range(8):
        r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
        gid = r.json()["id"]
        assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
        a = alice.ws(gid)
        first = a.until(lambda m: m["t"] == "state")
        assert first["status"] == "playing" and first["seat"] == 0
        assert [p["empty"] for p in first["players"]] == [False, False]
        a.close()


def test_draw_offer_made_on_one_worker_accepted_on_another(site: Site) -> None:
    w1, w2, w3 = site.workers
    alice, bob = Client(w1.url), Client(w2.url)
    gid = new_table(alice, bob)
    a, b, c = alice.ws(gid), bob.ws(gid), on(Client(w3.url), w3).ws(gid)
    for s in (a, b, c):
        s.until(lambda m: m["t"] == "state")
    a.send({"t": "draw", "action": "offer"})
    assert b.until(lambda m: m["t"] == "offer")["draw"] == [0]
    assert c.until(lambda m: m["t"] == "offer")["draw"] == [0]
    b.send({"t": "draw", "action": "accept"})
    for s in (a, b, c):
        assert s.until(lambda m: m["t"] == "event")["line"] == "draw agreed"
    assert w3.query("select seat, text from moves where game_id = ?", gid) == [(-1, "draw agreed")]


def test_chat_crosses_workers_and_keeps_its_channels(site: Site) -> None:
    w1, w2, w3 = site.workers
    alice, bob = Client(w1.url), Client(w2.url)
    gid = new_table(alice, bob)
    carol, dave = on(Client(w3.url), w3), Client(w1.url)
    a, b, c, d = alice.ws(gid), bob.ws(gid), carol.ws(gid), dave.ws(gid)
    for s in (a, b, c, d):
        s.until(lambda m: m["t"] == "state")
    a.send({"t": "chat", "text": "good luck"})  # a player on worker 1
    got = b.until(lambda m: m["t"] == "chat")  # the other player, on worker 2
    assert (got["channel"], got["name"], got["text"]) == (
        "players",
        alice.user["name"],
        "good luck",
    )
    c.send({"t": "chat", "text": "who wins?"})  # a spectator on worker 3
    got = d.until(lambda m: m["t"] == "chat")  # another spectator, on worker 1
    assert (got["channel"], got["text"]) == ("spectators", "who wins?")
    a.until(lambda m: m["t"] == "chat" and m["text"] == "good luck")
    c.until(lambda m: m["t"] == "chat" and m["text"] == "who wins?")
    b.send({"t": "chat", "text": "thanks"})
    a.until(lambda m: m["t"] == "chat" and m["text"] == "thanks")
    d.send({"t": "chat", "text": "bob, surely"})
    c.until(lambda m: m["t"] == "chat" and m["text"] == "bob, surely")
    # Each channel stays its own on every worker: nobody saw the other channel's talk.
    for sock, channel in ((a, "players"), (b, "players"), (c, "spectators"), (d, "spectators")):
        chats = [m for m in sock.seen if m["t"] == "chat"]
        assert chats and all(m["channel"] == channel for m in chats)
    # A spectator arriving later on worker 2 gets the spectators' log kept there.
    e = Client(w2.url).ws(gid)
    log = e.until(lambda m: m["t"] == "chat_log")
    assert [m["text"] for m in log["messages"]] == ["who wins?", "bob, surely"]
    for s in (a, b, c, d, e):
        s.close()


def test_a_timed_game_across_workers_flags_the_right_seat_on_time(site: Site) -> None:
    """The clock runs on from the stored event on every worker: after a move made on
    worker 1, worker 2 (where the other player sits) counts that player's time from the
    move, so nobody is flagged for the mover's time."""
    w1, w2, _ = site.workers
    alice, bob = Client(w1.url), Client(w2.url)
    two = [{"kind": "human"}, {"kind": "human"}]
    gid = alice.post("/api/games", {"seats": two, "time_control": "3s"}).json()["id"]
    assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
    a, b = alice.ws(gid), bob.ws(gid)
    first = b.until(lambda m: m["t"] == "state")
    a.until(lambda m: m["t"] == "state")
    time.sleep(1.5)  # half of p0's limit goes by before p0 moves
    assert first["view"]["to_act"] == 0
    a.send({"t": "move", "move": "draw", "id": "d0", "n": 0})
    moved = time.monotonic()
    seen = b.until(lambda m: m["t"] == "event" and m["n"] == 1)
    assert seen["clock"]["running"] == 1 and seen["clock"]["left"][1] > 2500
    # Both workers watch the clock; the one that stores the flag first tells its
    # watchers with the event, the other (its own flag refused) with a fresh state.
    b.until(lambda m: m["t"] in ("event", "state") and m["view"]["winner"] is not None, 10)
    waited = time.monotonic() - moved
    assert waited > 2.8, f"p1 was flagged {waited:.2f} s after p0's move, before its 3 s"
    rows = w1.query("select seat, text from moves where game_id = ? order by ply", gid)
    assert rows == [(0, "draw"), (1, "resign")]
    assert w2.query("select termination, result from games where id = ?", gid) == [("time", "p0")]
    a.close()
    b.close()


def test_presence_counts_sockets_on_every_worker(site: Site) -> None:
    """A player whose socket is open on another worker is at the table: no win can be
    claimed from them; once they leave (on their worker) they are away everywhere."""
    w1, w2, w3 = site.workers
    alice, bob = Client(w1.url), Client(w2.url)
    gid = new_table(alice, bob)
    a, b = alice.ws(gid), bob.ws(gid)
    for s in (a, b):
        s.until(lambda m: m["t"] == "state")
    time.sleep(2.0)  # longer than the claim delay (1.5 s)
    a.send({"t": "claim"})
    assert "p1 is at the table" in a.until(lambda m: m["t"] == "error")["error"]
    c = on(Client(w3.url), w3).ws(gid)  # a spectator on a third worker sees both there
    c.until(lambda m: m["t"] == "state")
    time.sleep(1.0)
    b.close()  # bob leaves worker 2
    pres = a.until(lambda m: m["t"] == "presence" and m["away"][1] is not None)
    assert pres["away"][0] is None
    c.until(lambda m: m["t"] == "presence" and m["away"][1] is not None)
    a.send({"t": "claim"})
    assert "wait" in a.until(lambda m: m["t"] == "error")["error"]
    time.sleep(1.6)
    a.send({"t": "claim"})
    end = a.until(lambda m: m["t"] == "event")
    assert end["line"] == "p1: resign" and end["termination"] == "abandoned"
    assert w2.query("select result, termination from games where id = ?", gid) == [
        ("p0", "abandoned")
    ]
    a.close()
    c.close()


def _latest(sock: Socket, at_least: int, timeout: float = 10) -> dict[str, Any]:
    """The newest position ``sock`` was sent (``state`` or ``event``), once it is at event
    ``at_least`` or later (receiving until then)."""

    def best() -> dict[str, Any] | None:
        found = [m for m in sock.seen if m["t"] in ("state", "event") and m["n"] >= at_least]
        return max(found, key=lambda m: m["n"]) if found else None

    deadline = time.monotonic() + timeout
    while (got := best()) is None:
        sock.recv(max(0.01, deadline - time.monotonic()))
    return got


def test_two_workers_receive_the_same_ply_at_once_and_exactly_one_commits(site: Site) -> None:
    w1, w2, _ = site.workers
    alice, bob = Client(w1.url), Client(w1.url)
    gid = new_table(alice, bob)
    a1 = alice.ws(gid)  # alice on worker 1 …
    a2 = on(alice, w2).ws(gid)  # … and the same alice on worker 2
    b = bob.ws(gid)
    rng = random.Random(3)
    races = n = 0
    while races < 6 and n < 40:
        last = _latest(a1, n)
        for s in (a2, b):
            _latest(s, n)
        if last["view"]["winner"] is not None:
            break
        if last["view"]["to_act"] == 1:  # bob moves, so that alice races on her turn
            legal = _latest(b, n)["legal"]
            b.send({"t": "move", "move": unhurried_move(legal, rng), "n": n})
            n += 1
            continue
        moves = [unhurried_move(last["legal"], rng), unhurried_move(last["legal"], rng)]
        gate = threading.Barrier(2)

        def fire(gate: threading.Barrier, sock: Socket, move: str, cid: str, n: int) -> None:
            gate.wait()
            sock.send({"t": "move", "move": move, "id": cid, "n": n})

        threads = [
            threading.Thread(target=fire, args=(gate, s, m, f"race{races}-{i}", n))
            for i, (s, m) in enumerate(((a1, moves[0]), (a2, moves[1])))
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        answers = [s.until(lambda m: m["t"] in ("ack", "error")) for s in (a1, a2)]
        acks = [x for x in answers if x["t"] == "ack"]
        assert len(acks) == 1, answers
        assert acks[0]["n"] == n + 1
        stored = w1.query("select client_id from moves where game_id = ? and ply = ?", gid, n + 1)
        assert stored == [(acks[0]["id"],)]
        races += 1
        n += 1
    assert races >= 3
    plies = [p for (p,) in w1.query("select ply from moves where game_id = ? order by ply", gid)]
    assert plies == list(range(1, n + 1))
    for s in (a1, a2, b):  # every socket ends at the same, last position
        assert _latest(s, n)["n"] == n


def _table_over_three_workers(
    site: Site,
) -> tuple[Client, str, dict[int, Socket], Socket, dict[int, dict[str, Any]]]:
    """Alice on worker 1 and Bob on worker 2 at a new table, a spectator on worker 3:
    Alice, the game, the people's sockets by seat, the spectator's socket and the
    people's first states."""
    w1, w2, w3 = site.workers
    alice, bob = Client(w1.url), Client(w2.url)
    gid = new_table(alice, bob)
    socks = {0: alice.ws(gid), 1: bob.ws(gid)}
    watcher = on(Client(w3.url), w3).ws(gid)
    first = {s: sock.until(lambda m: m["t"] == "state") for s, sock in socks.items()}
    watcher.until(lambda m: m["t"] == "state")
    return alice, gid, socks, watcher, first


def test_sigkill_one_web_worker_mid_game_and_its_clients_go_on_elsewhere(site: Site) -> None:
    w1, w2, w3 = site.workers
    alice, gid, socks, watcher, first = _table_over_three_workers(site)
    rng = random.Random(9)
    last, acked = _play(socks, [watcher], first[0], rng, 10, "k", unhurried=True)
    assert last["view"]["winner"] is None
    # Make it alice's (worker 1's) turn, then kill worker 1 under her move (some moves,
    # a seven say, leave the same seat to act again).
    while last["view"]["to_act"] == 1 and last["view"]["winner"] is None:
        last, more = _play(socks, [watcher], last, rng, 1, f"x{len(acked)}-", unhurried=True)
        acked += more
    legal = next(m for m in reversed(socks[0].seen) if "legal" in m)["legal"]
    pending = unhurried_move(legal, rng)
    socks[0].send({"t": "move", "move": pending, "id": "last", "n": last["n"]})
    w1.kill()
    with contextlib.suppress(Exception):
        socks[0].close()
    stored = w2.query("select seat, text, client_id from moves where game_id = ? order by ply", gid)
    assert stored[: len(acked)] == acked and len(stored) in (len(acked), len(acked) + 1)
    # Alice reconnects to worker 3 and resends; it is played once, whatever happened.
    a = on(alice, w3).ws(gid)
    st = a.until(lambda m: m["t"] == "state")
    assert st["seat"] == 0 and st["n"] == len(stored)
    a.send({"t": "move", "move": pending, "id": "last", "n": len(acked)})
    assert a.until(lambda m: m["t"] in ("ack", "error")) == {
        "t": "ack",
        "id": "last",
        "n": len(acked) + 1,
    }
    for s in (a, socks[1], watcher):  # everyone reaches the resent move
        last = _latest(s, len(acked) + 1)
    # The game goes on between workers 2 and 3.
    last, more = _play({0: a, 1: socks[1]}, [watcher], last, rng, 4, "after", unhurried=True)
    rows = w2.query("select seat, text, client_id from moves where game_id = ? order by ply", gid)
    assert rows[: len(acked)] == acked and rows[len(acked)] == (0, pending, "last")
    assert rows[len(acked) + 1 :] == more and len(more) >= 1


def test_bot_game_across_workers_with_bot_workers(site: Site) -> None:
    w1, w2, _ = site.workers
    alice = Client(w1.url)
    gid, a = play_against_bot(alice)
    lines = [m["line"] for m in a.seen if m["t"] == "event"]
    rows = w2.query("select seat, text from moves where game_id = ? order by ply", gid)
    assert [f"p{s}: {t}" for s, t in rows] == lines
    assert any(s == 1 for s, _ in rows)
    check_no_hidden(w2, gid, a.seen, 0)
    a.close()


def _pending_job(site: Site) -> Any:
    r = site.redis.client()
    try:
        info = r.xpending("cuttle:bots", "bots")
    except Exception:
        return None
    return info if info["pending"] else None


def _draw_against_expert(worker: ServerProc) -> tuple[str, Socket]:
    """A new game of a person against an ``expert`` bot on ``worker``, the person's first
    move played: a draw, so that the bot's answer is a whole turn, searched (after a
    one-off its only answer may be a forced pass, played at once without a search)."""
    alice = Client(worker.url)
    r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "bot", "level": "expert"}]})
    gid: str = r.json()["id"]
    a = alice.ws(gid)
    st = a.until(lambda m: m["t"] == "state")
    assert "draw" in st["legal"]
    a.send({"t": "move", "move": "draw", "id": "m1"})
    a.until(lambda m: m["t"] == "ack")
    return gid, a


SLOW_SEARCH = """
import time
import cuttle.server.bots as bots

_choose = bots.choose_move


def choose_move(spec, seed, view):
    time.sleep(5)  # a search that takes its time, however fast the compiled one is
    return _choose(spec, seed, view)


bots.choose_move = choose_move
"""


def _shimmed(site: Site, name: str, code: str) -> BotWorkerProc:
    """A bot worker (not started) whose search is replaced by ``code`` (a sitecustomize
    module, in it and in its children)."""
    shim = site.folder / name
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(code)
    worker = site.bot_worker()
    worker.env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(shim), os.getenv("PYTHONPATH")]))
    return worker


def test_sigkill_a_bot_worker_mid_search_and_another_makes_the_move(site: Site) -> None:
    w1 = site.workers[0]
    site.bots[0].stop()
    first = _shimmed(site, "slow", SLOW_SEARCH).start()
    site.bots.append(first)
    gid, a = _draw_against_expert(w1)
    # The bot thinks for 5 s in a child of the bot worker: kill the worker then.
    wait_until(lambda: _pending_job(site) is not None, 10, "the bot job to be taken")
    wait_until(lambda: bool(children_of(first.pid)), 10, "the search process")
    time.sleep(0.8)
    searchers = children_of(first.pid)
    assert w1.query("select count(*) from moves where game_id = ?", gid) == [(1,)]
    first.kill()
    # Its search process dies with it (no orphan), and the job is still pending.
    wait_until(lambda: not any(alive(p) for p in searchers), 10, "the orphan search to end")
    assert _pending_job(site) is not None
    second = site.bot_worker().start()
    site.bots.append(second)
    bot = a.until(lambda m: m["t"] == "event" and m["n"] == 2, timeout=30)
    assert bot["line"].startswith("p1: ")
    assert w1.query("select seat, client_id from moves where game_id = ? and ply = 2", gid) == [
        (1, "bot-1")
    ]
    wait_until(lambda: _pending_job(site) is None, 10, "the job to be acknowledged")
    a.close()


CRASHING_SEARCH = """
import os
import cuttle.server.bots as bots


def choose_move(spec, seed, view):
    os._exit(7)  # the search process dies, as if killed for its memory


bots.choose_move = choose_move
"""


def test_a_bot_job_that_always_fails_is_dead_lettered_and_the_turn_played_at_random(
    site: Site,
) -> None:
    # The only bot worker's search process dies on every try (a sitecustomize module
    # replaces the search in it and in its children).
    site.bots[0].stop()
    site.bots.append(_shimmed(site, "crashing", CRASHING_SEARCH).start())
    w1 = site.workers[0]
    gid, a = _draw_against_expert(w1)
    # Three tries a lease (2 s) apart, then the turn is played by a random move.
    bot = a.until(lambda m: m["t"] == "event" and m["n"] == 2, timeout=40)
    assert bot["line"].startswith("p1: ")
    assert w1.query("select seat, client_id from moves where game_id = ? and ply = 2", gid) == [
        (1, "bot-1")
    ]
    wait_until(lambda: _pending_job(site) is None, 10, "the job to be acknowledged")
    dead = site.redis.client().xrange("cuttle:bots:dead")
    assert len(dead) == 1
    assert dead[0][1]["g"] == gid and dead[0][1]["n"] == "1" and dead[0][1]["tries"] == "3"
    assert dead[0][1]["outcome"] == "played by the fallback"
    # The game goes on: the human's next move is accepted.
    st = bot if bot.get("legal") else a.until(lambda m: bool(m.get("legal")), timeout=40)
    a.send({"t": "move", "move": unhurried_move(st["legal"], random.Random(2)), "id": "m2"})
    assert a.until(lambda m: m["t"] in ("ack", "error"))["t"] == "ack"
    a.close()


def test_redis_restarted_mid_game_loses_no_move_and_watchers_catch_up(site: Site) -> None:
    w1, _, w3 = site.workers
    _, gid, socks, watcher, first = _table_over_three_workers(site)
    rng = random.Random(4)
    last, acked = _play(socks, [watcher], first[0], rng, 6, "a", unhurried=True)
    site.redis.kill()
    # Without Redis every move is still committed and acknowledged; the other workers'
    # watchers catch up from the database (within the 0.3 s check).
    last, more = _play(socks, [watcher], last, rng, 4, "b", unhurried=True)
    acked += more
    site.redis.start()  # the same port, empty
    time.sleep(1.5)  # the workers resubscribe
    last, more = _play(socks, [watcher], last, rng, 4, "c", unhurried=True)
    acked += more
    rows = w3.query("select seat, text, client_id from moves where game_id = ? order by ply", gid)
    assert rows == acked
    for sock, seat in ((socks[0], 0), (socks[1], 1), (watcher, None)):
        numbers = sorted({m["n"] for m in sock.seen if m["t"] == "event"})
        assert numbers == list(range(1, len(rows) + 1)), seat
        check_no_hidden(w1, gid, sock.seen, seat)
    _start, moves = full_game(w1, gid)
    assert len(moves) == len(rows) == last["n"]


def test_serve_with_workers_starts_n_processes(postgres: Cluster, tmp_path: Path) -> None:  # noqa: F811
    redis = RedisProc(tmp_path).start()
    server = ServerProc(
        tmp_path / "data",
        database_url=postgres.url(postgres.create_database()),
        redis_url=redis.url,
        args=["--workers", "2", "--bot-workers", "1"],
    )
    try:
        server.start()
        assert server.proc is not None
        pid = server.proc.pid
        wait_until(lambda: len(children_of(pid)) >= 3, 20, "2 workers and a bot worker")
        alice = Client(server.url)
        gid, a = play_against_bot(alice)
        assert server.query("select status from games where id = ?", gid) == [("over",)]
        a.close()
        kids = children_of(server.proc.pid)
        server.kill()
        wait_until(lambda: not any(alive(p) for p in kids), 15, "no process outlives serve")
    finally:
        server.stop()
        redis.stop()


def test_sigkilled_single_server_leaves_no_orphan_bot_process(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        alice = Client(server.url)
        _gid, a = play_against_bot(alice)
        a.close()
        assert server.proc is not None
        kids = children_of(server.proc.pid)
        assert kids, "the bot pool runs in child processes"
        server.kill()
        wait_until(lambda: not any(alive(p) for p in kids), 15, "the bot process to end")
    finally:
        server.stop()


def test_limits_are_counted_across_workers_in_redis(postgres: Cluster, tmp_path: Path) -> None:  # noqa: F811
    redis = RedisProc(tmp_path).start()
    url = postgres.url(postgres.create_database())
    workers = [
        ServerProc(
            tmp_path / "data",
            database_url=url,
            redis_url=redis.url,
            real_limits=True,
            args=["--bot-workers", "0"],
        )
        for _ in range(2)
    ]
    try:
        for w in workers:
            w.start()
        codes, sessions = [], []
        for i in range(40):  # alternating workers, no cookie: 20 guests a minute in all
            r = httpx.get(workers[i % 2].url + "/api/session")
            codes.append(r.status_code)
            if r.status_code == 200:
                sessions.append((r.cookies["cuttle_session"], r.json()["csrf"]))
        assert codes.count(200) == 20 and codes.count(429) == 20
        assert workers[0].query("select count(*) from users") == [(20,)]
        # One user's new games: 10 a minute, whichever worker is asked.
        cookie, csrf = sessions[0]
        made = []
        for i in range(14):
            r = httpx.post(
                workers[i % 2].url + "/api/quickplay",
                json={"level": "random"},
                headers={"x-csrf-token": csrf, "cookie": f"cuttle_session={cookie}"},
            )
            made.append(r.status_code)
        assert made == [201] * 10 + [429] * 4
        assert workers[1].query("select count(*) from games") == [(10,)]
    finally:
        for w in workers:
            w.stop()
        redis.stop()


def test_nginx_with_the_shipped_routes_passes_websockets_to_any_worker(site: Site) -> None:
    w1, w2, _ = site.workers
    nginx = NginxProc(site.folder, [w1.port, w2.port]).start()
    try:
        alice, bob, carol = (Client(nginx.url) for _ in range(3))
        r = alice.http.get("/")
        assert r.status_code == 200 and r.headers["x-frame-options"] == "DENY"
        gid = new_table(alice, bob)
        socks = {0: alice.ws(gid), 1: bob.ws(gid)}
        watcher = carol.ws(gid)
        first = socks[0].until(lambda m: m["t"] == "state")
        socks[1].until(lambda m: m["t"] == "state")
        watcher.until(lambda m: m["t"] == "state")
        _last, acked = _play(socks, [watcher], first, random.Random(8), 12, "n", unhurried=True)
        rows = w1.query(
            "select seat, text, client_id from moves where game_id = ? order by ply", gid
        )
        assert rows == acked and len(rows) == 12
        check_no_hidden(w2, gid, watcher.seen, None)
        for s in (*socks.values(), watcher):
            s.close()
    finally:
        nginx.stop()


def test_a_lone_worker_keeps_move_news_to_itself_until_another_listens(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """One web worker hearing no other publishes no move news; once a second worker
    starts, a spectator there sees every move from the one it read on, at once (the
    periodic database check is set far off, so only the news can bring them)."""
    import json

    redis = RedisProc(tmp_path).start()
    url = postgres.url(postgres.create_database())

    def worker() -> ServerProc:
        return ServerProc(
            tmp_path / "data",
            database_url=url,
            redis_url=redis.url,
            env={"CUTTLE_RECONCILE_INTERVAL": "120"},
            args=["--bot-workers", "0"],
        )

    listener = redis.client().pubsub(ignore_subscribe_messages=True)
    listener.subscribe("cuttle:games")
    workers = [worker().start()]

    def heard() -> list[dict[str, Any]]:
        out = []
        while (m := listener.get_message(timeout=0.3)) is not None:
            out.append(json.loads(m["data"]))
        return out

    try:
        w1 = workers[0]
        time.sleep(4.0)  # past bus.PEER_TTL: w1 has heard no other worker
        alice, bob = Client(w1.url), Client(w1.url)
        gid = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
        gid = gid.json()["id"]
        assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
        a, b = alice.ws(gid), bob.ws(gid)
        states = [s.until(lambda m: m["t"] == "state") for s in (a, b)]
        heard()
        rng = random.Random(11)
        last, acked = _play({0: a, 1: b}, [], states[0], rng, 6, "x", unhurried=True)
        assert len(acked) == 6
        assert not [m for m in heard() if m.get("k") == "event"]  # kept to itself
        workers.append(worker().start())
        carol = Client(workers[1].url)
        c = carol.ws(gid)
        first = c.until(lambda m: m["t"] == "state")
        assert first["n"] == last["n"] and first["seat"] is None
        last, _ = _play({0: a, 1: b}, [c], last, rng, 6, "y", unhurried=True)
        numbers = [m["n"] for m in c.seen if m["t"] == "event"]
        assert numbers == list(range(first["n"] + 1, last["n"] + 1))
        check_no_hidden(w1, gid, c.seen, None)
        for s in (a, b, c):
            s.close()
    finally:
        listener.close()
        for w in workers:
            w.stop()
        redis.stop()
