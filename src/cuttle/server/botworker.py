"""``cuttle bot-worker``: play bot turns from the Redis queue, on any host.

It needs the same ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` as the web workers. It
reads each job's game from the database, runs the bot from its seat's view in a child
process (which dies with it), and stores the move through the same checks, group commit
and pub/sub as a person's move (:meth:`GameService.play_bot_job
<cuttle.server.game.service.GameService.play_bot_job>`). See :mod:`cuttle.server.cluster.botqueue`
for how a job outlives a worker that dies mid-search.

It also runs the games' analyses the web workers queue (:mod:`cuttle.server.analysis`),
one at a time, in a child process of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import logging
import signal
from collections.abc import Awaitable

from .analysis.service import AnalysisService, analysis_queue
from .bots import BotRunner, die_with_parent
from .cluster.botqueue import BotQueue
from .cluster.bus import RedisBus
from .db import make_engine, make_sessionmaker, migrate
from .game.service import GameService
from .settings import Settings

log = logging.getLogger("cuttle.server")


async def run_bot_worker(settings: Settings, jobs: int) -> None:
    """Serve bot turns ``jobs`` at a time until SIGTERM or SIGINT."""
    assert settings.redis_url
    engine = make_engine(settings.database_url)
    migrate(engine)
    queue = BotQueue(settings.redis_url, settings.bot_lease)
    bus = RedisBus(settings.redis_url, settings.worker_id)
    runner = BotRunner(jobs)
    service = GameService(make_sessionmaker(engine), runner, 0.0, bus, queue)
    loop = asyncio.get_running_loop()
    fallback = functools.partial(service.play_bot_job, fallback=True)
    analyses = AnalysisService(service.sessions, settings.database_url, service.offload)
    work = analysis_queue(settings.redis_url)
    serving = loop.create_task(
        _serve_both(
            queue.serve(service.play_bot_job, bus.worker_id, jobs, fallback),
            work.serve(analyses.run_job, bus.worker_id, 1, analyses.give_up),
        )
    )
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, serving.cancel)
    log.warning("bot worker %s: %d jobs at a time", bus.worker_id, jobs)
    try:
        await serving
    except asyncio.CancelledError:
        pass
    finally:
        with contextlib.suppress(Exception):
            await service.close()
        with contextlib.suppress(Exception):
            await analyses.close()
            await work.close()
        runner.close()
        engine.dispose()


async def _serve_both(bots: Awaitable[None], analyses: Awaitable[None]) -> None:
    """Serve bot turns and analyses together until cancelled."""
    await asyncio.gather(bots, analyses)


def bot_worker_main(argv: list[str]) -> int:
    """Parse ``[--jobs K] [--parent-pid P]`` and serve bot turns; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="cuttle bot-worker",
        description="Play bot turns from the Redis queue (needs DATABASE_URL and REDIS_URL, "
        "the same as the web workers'). Start as many as you like, on any host.",
    )
    parser.add_argument("--jobs", type=int, default=2, help="bot turns played at once")
    parser.add_argument("--parent-pid", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.parent_pid:
        die_with_parent(args.parent_pid)
    settings = Settings.from_env()
    if not settings.redis_url:
        parser.error("REDIS_URL is not set: bot workers take their jobs from Redis")
    if settings.database_url.startswith("sqlite"):
        parser.error("DATABASE_URL is not set: bot workers need the site's PostgreSQL")
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    asyncio.run(run_bot_worker(settings, max(1, args.jobs)))
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(bot_worker_main(sys.argv[1:]))
