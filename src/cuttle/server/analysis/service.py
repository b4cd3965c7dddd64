"""Who runs an analysis, and when: the queue (with Redis) or this process's own child.

A web worker never searches on its event loop. With a Redis queue it only adds a job to
:data:`STREAM` and ``cuttle bot-worker`` processes run it (:meth:`AnalysisService.run_job`,
in their own child process); without one (``cuttle serve`` on SQLite, one process) it runs
in a child process of this one, one game at a time, while the loop serves on. Every ranked
game asks for its analysis when it ends (:meth:`AnalysisService.game_over`).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session, sessionmaker

from ..bots import die_with_parent
from ..offload import Offload
from . import work

if TYPE_CHECKING:
    from ..cluster.botqueue import BotQueue
    from ..game.live import LiveGame

log = logging.getLogger("cuttle.server")

STREAM = "cuttle:analyses"
"""The Redis stream of analyses to run."""
GROUP = "analyses"
"""The consumer group of the bot workers that run them."""
DEAD = "cuttle:analyses:dead"
"""Analyses given up on after the queue's tries."""
KEY = "cuttle:analysisjob"
"""The prefix of the once-only keys of analysis jobs."""
LEASE = 30.0
"""Seconds an analysis job may go unrenewed before another bot worker takes it over."""


def analysis_queue(redis_url: str) -> BotQueue:
    """The queue of analyses on Redis at ``redis_url``."""
    from ..cluster.botqueue import BotQueue

    return BotQueue(redis_url, LEASE, stream=STREAM, group=GROUP, dead=DEAD, key=KEY)


class AnalysisService:
    """Asks for analyses, reads them back, and runs them (off the event loop)."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        database_url: str,
        offload: Offload,
        queue: BotQueue | None = None,
        budget: int | None = None,
    ) -> None:
        """Store through ``sessions`` (blocking calls through ``offload``); run analyses on
        ``database_url`` with the search ``budget`` (default: :data:`work.BUDGET_ENV`, else
        the analysis's own), through ``queue`` when there is one."""
        self.sessions = sessions
        self.database_url = database_url
        self.offload = offload
        self.queue = queue
        self.budget = budget if budget is not None else work.budget_from_env()
        self._pool: Executor | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def request(self, gid: str, user_id: int | None) -> dict[str, Any]:
        """Ask for the analysis of finished game ``gid`` (404 unknown, 409 in play) and
        return its state; asking again changes nothing (a failed one is asked again)."""
        state, start = await self.offload(work.ask, self.sessions, gid, user_id)
        if start:
            await self._dispatch(gid)
        return state

    async def state(self, gid: str) -> dict[str, Any]:
        """The state of game ``gid``'s analysis (``none`` if nobody asked)."""
        return await self.offload(work.read_state, self.sessions, gid)

    def game_over(self, live: LiveGame) -> None:
        """The game-over hook: a ranked game asks for its own analysis (once its end is
        stored; the loop is not held up)."""
        if not live.setup.ranked:
            return
        self._spawn(self._request_quietly(live.id))

    async def _request_quietly(self, gid: str) -> None:
        await asyncio.sleep(0)  # after the commit path has told everyone the game's end
        try:
            await self.request(gid, None)
        except Exception:
            log.exception("asking for the analysis of ranked game %s failed", gid)

    async def resume(self) -> None:
        """Start again the analyses a stopped process left queued or running (no queue:
        this process is the only one that runs them)."""
        if self.queue is not None:
            return
        for gid in await self.offload(work.unfinished, self.sessions):
            await self._dispatch(gid)

    async def _dispatch(self, gid: str) -> None:
        """Queue game ``gid``'s analysis, or run it here in the child process."""
        if self.queue is not None:
            await self.queue.enqueue(gid, time.time_ns() // 1_000_000, 0.0)
            return
        self._spawn(self.run_job(gid, 0, 0.0))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run_job(self, gid: str, n: int, not_before: float) -> None:
        """Run game ``gid``'s analysis in the child process (the queue's job signature:
        ``n`` and ``not_before`` are not used). A child that died is a failed analysis."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            status = await loop.run_in_executor(
                pool, work.analyse_game, self.database_url, gid, self.budget
            )
            log.info("analysis of game %s: %s", gid, status)
        except Exception as e:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            log.exception("the analysis process of game %s failed", gid)
            await self.give_up(gid, n, not_before, f"the analysis process failed: {e}")

    async def give_up(self, gid: str, n: int = 0, not_before: float = 0.0, why: str = "") -> None:
        """Mark game ``gid``'s analysis failed (the queue's fallback after its tries)."""
        engine = self.sessions.kw["bind"]
        await self.offload(work.fail, engine, gid, why or "the analysis was tried too often")

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=die_with_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    def pending(self) -> set[asyncio.Task[None]]:
        """The analyses this process is running or about to ask for."""
        return set(self._tasks)

    async def close(self) -> None:
        """Stop: the child process ends (a running analysis stays ``running`` in the
        database and starts again with the next process, see :meth:`resume`)."""
        for task in list(self._tasks):
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        if self.queue is not None:
            await self.queue.close()
