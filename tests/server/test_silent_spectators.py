"""Spectators that never read their sockets cannot hold a game up.

An attacker opened websockets that ask for ``sync`` 40 times a second and never read:
the server's sends to them stopped once their buffers filled, and since each update went
to every watcher in turn under the game's lock, the game froze and the player who never
saw the move lost on time. Each connection now has its own bounded outbox; one that falls
behind is dropped (its client reconnects and syncs), and no send runs under the lock.
Even so the spam itself, each ``sync`` answered by replaying the game in words, could
hold the event loop for seconds (a move took 2.7-4.9 s to reach the players in about
two runs of five): one socket now gets at most one answered ``sync`` per
``SYNC_GAP`` (a quarter second), a sooner one waiting its turn.

Real ``cuttle serve`` (SQLite) and real websockets: ten spectators with a one-message
receive queue (the client then stops reading the TCP stream) spam ``sync`` while two
people play a timed game; every move must reach the other player at once, and each
seat's clock must be charged only for the time that seat had the move.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

from srvutil import Client, ServerProc, new_table, unhurried_move
from websockets.sync.client import connect

SPECTATORS = 10
MOVES = 60
BASE_MS = 60_000


def _silent_spectator(url: str, cookie: str, stop: threading.Event) -> None:
    """Open the game's socket, never read it, and ask for ``sync`` every 25 ms."""
    with contextlib.suppress(Exception):
        conn = connect(
            url, additional_headers={"Cookie": cookie}, max_queue=1, open_timeout=10
        ).__enter__()
        while not stop.is_set():
            conn.send(json.dumps({"t": "sync", "n": 1}))
            time.sleep(0.025)


def test_ten_spectators_that_never_read_do_not_slow_a_timed_game(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    stop = threading.Event()
    threads: list[threading.Thread] = []
    try:
        alice, bob = Client(server.url), Client(server.url)
        r = alice.post(
            "/api/games",
            {"seats": [{"kind": "human"}, {"kind": "human"}], "time_control": "1+0"},
        )
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
        started = time.monotonic()  # the clock of the seat to act runs from the join
        socks = {0: alice.ws(gid), 1: bob.ws(gid)}
        states = [s.until(lambda m: m["t"] == "state") for s in socks.values()]
        last = states[0]
        url = server.url.replace("http", "ws", 1) + f"/ws/games/{gid}"
        for _ in range(SPECTATORS):
            watcher = Client(server.url)
            t = threading.Thread(
                target=_silent_spectator, args=(url, watcher.cookie(), stop), daemon=True
            )
            t.start()
            threads.append(t)
        time.sleep(3.0)  # their buffers fill up before and while the game goes on
        rng = random.Random(5)
        thinking = [0.0, 0.0]
        turn_came = started
        slowest = 0.0
        played = 0
        for i in range(MOVES):
            view = last["view"]
            if view["winner"] is not None:
                break
            seat = view["to_act"]
            legal = next(m for m in reversed(socks[seat].seen) if "legal" in m)["legal"]
            time.sleep(0.05)  # a person's (short) thought
            thinking[seat] += time.monotonic() - turn_came
            sent = time.monotonic()
            socks[seat].send(
                {"t": "move", "move": unhurried_move(legal, rng), "id": f"m{i}", "n": last["n"]}
            )
            n = last["n"] + 1
            seen: dict[str, Any] = {}
            for s in socks.values():  # both players get the move at once
                seen = s.until(lambda m, n=n: m["t"] == "event" and m["n"] == n, timeout=5)
            turn_came = time.monotonic()
            slowest = max(slowest, turn_came - sent)
            last = seen
            played += 1
        assert played >= 10
        assert slowest < 2.0, f"a move took {slowest:.2f} s to reach both players"
        clock = last["clock"]
        assert clock is not None
        for seat in (0, 1):  # charged for its own thinking only (plus the network's ms)
            charged = (BASE_MS - clock["left"][seat]) / 1000
            assert charged <= thinking[seat] + 0.05 * played + 0.5, (seat, charged, thinking)
        assert clock["left"][0] > 0 and clock["left"][1] > 0
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=5)
        server.stop()


def test_a_socket_gets_at_most_four_sync_answers_a_second(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        alice, bob = Client(server.url), Client(server.url)
        gid = new_table(alice, bob)
        watcher = Client(server.url).ws(gid)
        watcher.until(lambda m: m["t"] == "state")
        sent = time.monotonic()
        for _ in range(4):  # a burst, well within the message rate limit
            watcher.send({"t": "sync", "n": 0})
        answered = []
        for _ in range(4):
            state = watcher.until(lambda m: m["t"] == "state")
            answered.append(time.monotonic() - sent)
            assert state["view"]["to_act"] in (0, 1)  # each one a whole state
        # the first at once, each next one a quarter second (SYNC_GAP) after the last
        assert answered[0] < 0.2, answered
        assert answered[3] >= 3 * 0.25 - 0.05, answered
        assert answered[3] < 3 * 0.25 + 1.0, answered  # waited its turn, not dropped
    finally:
        server.stop()
