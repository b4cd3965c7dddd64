"""Bot load test: do expert bots searching slow down the other tables?

Starts a throwaway PostgreSQL (``bench/backends.py``) and one ``cuttle serve`` worker,
then from this process keeps ``--bot-games`` games of a person against the ``expert``
bot going (the script plays the person at once, so some bot is always searching: 2 s a
move), and meanwhile plays ``--tables`` paced two-person tables offering ``--rate``
moves/s in all, the same clients as ``bench/server.py``. Reports the two-person tables'
move acknowledgement latency (p50/p99) and where the CPU went.

Where the bots search (``--bots``):

- ``web``: in the web worker's own bot pool (one child process of the web worker, the
  site's setting without Redis: PostgreSQL alone);
- ``worker``: PostgreSQL and Redis, bot turns on the Redis queue, played by one separate
  ``cuttle bot-worker --jobs K`` process (the site's setting with Redis).

``--nice N`` runs the searches at that niceness (the bot worker and its children, or the
web worker's bot pool), so the kernel gives the web worker the CPU first.

    python bench/botload.py --bots web --bot-games 10 --tables 20 --rate 100
    python bench/botload.py --bots worker --bot-games 10 --tables 20 --rate 100 --nice 10
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from clusterutil import BotWorkerProc, children_of
from srvutil import ServerProc

sys.path.insert(0, str(Path(__file__).resolve().parent))
from backends import Postgres, Redis, cpu_seconds
from server import Pace, Stats, game_slot, new_guests, pct, seat_loop


async def bot_slot(base: str, http: httpx.AsyncClient, seed: int, deadline: float) -> int:
    """Keep one game of a person against the expert bot going until the deadline (the
    person moves at once); return the games played (the last one cut by the deadline)."""
    rng = random.Random(seed)
    cookies, csrfs = await new_guests(http)
    finished = 0
    while time.monotonic() < deadline:
        r = await http.post(
            "/api/quickplay",
            json={"level": "expert"},
            headers={"cookie": cookies[0], "x-csrf-token": csrfs[0]},
        )
        gid = r.json()["id"]
        url = base.replace("http", "ws", 1)
        await seat_loop(url, cookies[0], gid, rng, Stats(deadline), deadline, Pace(0, rng))
        finished += 1
    return finished


async def run(
    base: str, bot_games: int, tables: int, rate: float, seconds: float, warmup: float
) -> tuple[Stats, float, int]:
    """Run the bot games and the paced tables; return the tables' stats of the last
    ``seconds``, their length, and the bot games played."""
    start = time.monotonic()
    stats = Stats(start + warmup)
    deadline = start + warmup + seconds
    limits = httpx.Limits(max_connections=50, keepalive_expiry=2)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        bots = [bot_slot(base, http, 1000 + i, deadline) for i in range(bot_games)]
        ramp = 0.5 * warmup / max(1, tables)
        people = [
            game_slot([base], http, i, stats, deadline, tables / rate, i * ramp)
            for i in range(tables)
        ]
        done = await asyncio.gather(*bots, *people)
    return stats, time.monotonic() - stats.measure_from, sum(d or 0 for d in done[:bot_games])


def renice_searchers(root: int, niceness: int, wait: float) -> list[int]:
    """Set ``niceness`` on the processes under ``root`` (the bot pool starts lazily: wait
    up to ``wait`` seconds for it); return their ids."""
    deadline = time.monotonic() + wait
    kids: list[int] = []
    while time.monotonic() < deadline and not kids:
        kids = children_of(root)
        time.sleep(0.2)
    for pid in kids:
        os.setpriority(os.PRIO_PROCESS, pid, niceness)
    return kids


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its results."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", choices=("web", "worker"), default="worker")
    ap.add_argument("--bot-games", type=int, default=10, help="games against the expert bot")
    ap.add_argument("--bot-jobs", type=int, default=1, help="searches at once (worker mode)")
    ap.add_argument("--tables", type=int, default=20, help="paced two-person tables")
    ap.add_argument("--rate", type=float, default=100, help="moves/s the tables offer in all")
    ap.add_argument("--seconds", type=float, default=30, help="measured seconds")
    ap.add_argument("--warmup", type=float, default=8, help="seconds not measured")
    ap.add_argument("--nice", type=int, default=0, help="niceness of the bot searches")
    args = ap.parse_args(argv)

    pg = Postgres()
    redis = Redis() if args.bots == "worker" else None
    bot: BotWorkerProc | None = None
    server: ServerProc | None = None
    with tempfile.TemporaryDirectory() as tmp:
        try:
            server = ServerProc(
                Path(tmp) / "data",
                bot_delay=0.1,
                database_url=pg.url,
                redis_url=redis.url if redis else None,
                args=["--bot-workers", "0"] if redis else [],
            ).start()
            assert server.proc is not None
            if redis is not None:
                bot = BotWorkerProc(Path(tmp), pg.url, redis.url, lease=15.0).start(args.bot_jobs)
                os.setpriority(os.PRIO_PROCESS, bot.pid, args.nice)  # its children inherit it
            root = bot.pid if bot else server.proc.pid
            server_cpu0 = cpu_seconds(server.proc.pid)
            bot_cpu0 = cpu_seconds(bot.pid) if bot else 0.0
            wall0 = time.monotonic()
            own0 = time.process_time()

            async def measure() -> tuple[Stats, float, int]:
                work = asyncio.create_task(
                    run(server.url, args.bot_games, args.tables, args.rate, args.seconds,
                        args.warmup)
                )  # fmt: skip
                if bot is None and args.nice and args.bot_games:  # the pool starts lazily
                    await asyncio.to_thread(renice_searchers, root, args.nice, 10)
                return await work

            stats, elapsed, bot_done = asyncio.run(measure())
            wall = time.monotonic() - wall0
            server_cpu = cpu_seconds(server.proc.pid) - server_cpu0
            # The search processes started during the run: all their CPU time counts.
            search_cpu = sum(cpu_seconds(p) for p in children_of(root))
            if bot is not None:
                search_cpu += cpu_seconds(bot.pid) - bot_cpu0
            own = time.process_time() - own0
            bot_moves = pg.count_moves("client_id like 'bot-%'")
        finally:
            if server is not None:
                server.stop()
            if bot is not None:
                bot.stop()
            if redis is not None:
                redis.stop()
            pg.stop()
    n = len(stats.lat)
    print(
        f"bots: {args.bots}, {args.bot_games} expert games, nice {args.nice}; "
        f"{args.tables} tables offering {args.rate:g} moves/s; load {os.getloadavg()[0]:.2f}"
    )
    print("| measured s | acked moves | moves/s | p50 ms | p95 ms | p99 ms | max ms | errors |")
    print("|---|---|---|---|---|---|---|---|")
    print(
        f"| {elapsed:.1f} | {n} | {n / elapsed:.0f} | {pct(stats.lat, 0.5):.1f} | "
        f"{pct(stats.lat, 0.95):.1f} | {pct(stats.lat, 0.99):.1f} | {pct(stats.lat, 1.0):.1f} "
        f"| {stats.errors} |"
    )
    print(
        f"whole run {wall:.1f} s: {bot_moves} bot moves stored, {bot_done} bot games played; "
        f"web worker busy {100 * server_cpu / wall:.0f}% of one core, bot searches "
        f"{100 * search_cpu / wall:.0f}%, load generator {100 * own / wall:.0f}%"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
