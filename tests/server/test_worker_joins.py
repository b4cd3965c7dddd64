"""A worker that joins a running site is told the newest move of every game in play.

Real servers: PostgreSQL (``test_postgres``), ``redis-server``, and one ``cuttle serve``
worker. The test stands in for a newcomer on the bus: it says it is alive on the games
channel, as a starting worker does, and reads what the running worker publishes back.
Before the one-object service was split, ``GameService.__init__`` shadowed the method that
builds this news with a set, so the answer raised ``TypeError`` and a newcomer was never
told; this test saw no event news then.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from clusterutil import RedisProc
from srvutil import Client, ServerProc, new_table
from test_postgres import Cluster, _play, postgres  # noqa: F401  (the session's cluster)

from cuttle.server.cluster.bus import CHANNEL


def _messages(raw: bytes) -> list[dict[str, Any]]:
    """The bus messages in one published message (a ``batch`` holds several)."""
    msg = json.loads(raw)
    if msg.get("k") == "batch":
        return [m for m in msg["m"] if isinstance(m, dict)]
    return [msg]


def test_a_worker_that_joins_learns_the_latest_move_of_every_game(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    redis = RedisProc(tmp_path).start()
    url = postgres.url(postgres.create_database())
    worker = ServerProc(
        tmp_path / "data",
        database_url=url,
        redis_url=redis.url,
        env={"CUTTLE_RECONCILE_INTERVAL": "120"},
        args=["--bot-workers", "0"],
    ).start()
    listener = redis.client().pubsub(ignore_subscribe_messages=True)
    try:
        alice, bob = Client(worker.url), Client(worker.url)
        games: dict[str, int] = {}
        socks = []
        for seed in (3, 4):  # two games in play, with different numbers of moves
            gid = new_table(alice, bob)
            a, b = alice.ws(gid), bob.ws(gid)
            states = [s.until(lambda m: m["t"] == "state") for s in (a, b)]
            first = states[0]
            last, acked = _play({0: a, 1: b}, [], first, random.Random(seed), seed, "m", True)
            assert len(acked) == seed
            games[gid] = last["n"]
            socks += [a, b]
        lines = {
            gid: worker.query("select text from moves where game_id = ? order by ply", gid)
            for gid in games
        }
        listener.subscribe(CHANNEL)
        while listener.get_message(timeout=0.2) is not None:
            pass
        redis.client().publish(CHANNEL, json.dumps({"w": "newcomer", "k": "alive"}))
        told: dict[str, dict[str, Any]] = {}
        end = time.monotonic() + 10
        while time.monotonic() < end and len(told) < len(games):
            raw = listener.get_message(timeout=0.5)
            if raw is None:
                continue
            for msg in _messages(raw["data"]):
                if msg.get("k") == "event" and msg.get("g") in games:
                    told[msg["g"]] = msg
        assert set(told) == set(games)  # the newcomer hears of every game held there
        for gid, n in games.items():
            assert told[gid]["n"] == n  # ... at its latest move
            assert told[gid]["line"].endswith(lines[gid][-1][0])
        for s in socks:
            s.close()
    finally:
        listener.close()
        worker.stop()
        redis.stop()
