"""Bot turns as jobs on a Redis stream, served by ``cuttle bot-worker`` processes anywhere.

A web worker whose move leaves a bot to act adds a job ``(game, event number, not
before)`` to the stream :data:`STREAM`, at most once per turn (a ``SET NX`` key per game
and event number, so every worker may try). Bot workers read jobs through the consumer
group :data:`GROUP`: a job read is *pending* on its reader, who renews it (``XCLAIM``)
every third of the lease while the bot thinks, and acknowledges and deletes it when the
move is stored (or the turn turned out to be over already). A worker that dies stops
renewing; once the job has been idle for a lease, another worker takes it over
(``XAUTOCLAIM``) and plays the turn. The bot's seed is fixed by the game and event
number, so the retried turn makes the same move, and the database refuses a second
move with the same number anyway.

A job that fails (or kills its worker) every time must not be retried for ever, holding
its table still: Redis counts each job's deliveries, and once a job has been tried
:data:`MAX_ATTEMPTS` times the next delivery plays the turn with the worker's
*fallback* (a random legal move chosen without a search), then copies the job to the
dead-letter stream :data:`DEAD` with what happened, and logs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("cuttle.server")

STREAM = "cuttle:bots"
"""The Redis stream holding bot turns to play."""
GROUP = "bots"
"""The consumer group of every bot worker."""
DEAD = "cuttle:bots:dead"
"""Jobs given up on after :data:`MAX_ATTEMPTS` (the newest thousand or so are kept)."""
MAX_ATTEMPTS = 3
"""Tries of a bot turn's job before its fallback plays the turn."""

Job = Callable[[str, int, float], Awaitable[None]]
"""Plays one bot turn: ``(game id, event number, not before (epoch seconds))``."""


class BotQueue:
    """Adds bot turns to the stream (web workers) and serves them (bot workers)."""

    def __init__(
        self,
        url: str,
        lease: float = 15.0,
        stream: str = STREAM,
        group: str = GROUP,
        dead: str = DEAD,
        key: str = "cuttle:botjob",
    ) -> None:
        """Use Redis at ``url``; a job not renewed for ``lease`` seconds is taken over.
        Another kind of job (a game's analysis) uses its own ``stream``, ``group``,
        ``dead`` stream and once-only ``key`` prefix."""
        import redis.asyncio as aioredis

        self.url = url
        self.lease = lease
        self.stream, self.group, self.dead, self.key = stream, group, dead, key
        self.redis: Any = aioredis.Redis.from_url(
            url, decode_responses=True, socket_timeout=10, socket_connect_timeout=2
        )
        self.done = 0
        """Jobs this process finished (for tests and logs)."""
        self._closing = False

    async def enqueue(self, gid: str, n: int, not_before: float) -> bool:
        """Add the bot turn after event ``n`` of game ``gid`` unless it was added already;
        return whether this call added it. Raises if Redis cannot be reached."""
        key = f"{self.key}:{gid}:{n}"
        if not await self.redis.set(key, "1", nx=True, ex=600):
            return False
        try:
            await self.redis.xadd(self.stream, {"g": gid, "n": str(n), "at": f"{not_before:.3f}"})
        except BaseException:
            with contextlib.suppress(Exception):
                await self.redis.delete(key)
            raise
        return True

    async def _ensure_group(self) -> None:
        from redis.exceptions import ResponseError

        try:
            await self.redis.xgroup_create(self.stream, self.group, id="0", mkstream=True)
        except ResponseError as e:
            if "BUSYGROUP" not in str(e):
                raise

    async def _next(self, consumer: str) -> tuple[str, dict[str, str], int] | None:
        """A job and how many times it has been handed out (this time included): one
        abandoned (its worker died, or it failed) first, else a new one (waiting up to 1 s)."""
        from redis.exceptions import ResponseError

        try:
            claimed = await self.redis.xautoclaim(
                self.stream, self.group, consumer, min_idle_time=int(self.lease * 1000), count=1
            )
            if claimed[1]:
                entry_id, fields = claimed[1][0]
                if fields:
                    log.warning("bot worker %s took over abandoned job %s", consumer, fields)
                    return entry_id, fields, await self._deliveries(entry_id)
            got = await self.redis.xreadgroup(
                self.group, consumer, {self.stream: ">"}, count=1, block=1000
            )
        except ResponseError as e:
            if "NOGROUP" not in str(e):
                raise
            await self._ensure_group()  # Redis restarted empty: make the group again
            return None
        if not got or not got[0][1]:
            return None
        entry_id, fields = got[0][1][0]
        return entry_id, fields, 1

    async def _deliveries(self, entry_id: str) -> int:
        """How many times job ``entry_id`` has been handed out."""
        info = await self.redis.xpending_range(
            self.stream, self.group, min=entry_id, max=entry_id, count=1
        )
        return int(info[0]["times_delivered"]) if info else 1

    async def _renew(self, consumer: str, entry_id: str) -> None:
        """Keep job ``entry_id`` ours while it runs."""
        while True:
            await asyncio.sleep(self.lease / 3)
            with contextlib.suppress(Exception):
                await self.redis.xclaim(
                    self.stream,
                    self.group,
                    consumer,
                    min_idle_time=0,
                    message_ids=[entry_id],
                    justid=True,
                )

    async def serve(
        self, play: Job, consumer: str, jobs: int = 1, fallback: Job | None = None
    ) -> None:
        """Play bot turns with ``play``, ``jobs`` at a time, until :meth:`close`; Redis
        going away is waited out. A job tried :data:`MAX_ATTEMPTS` times is played with
        ``fallback`` (if any) and dead-lettered."""
        await asyncio.gather(*(self._loop(play, fallback, f"{consumer}/{i}") for i in range(jobs)))

    async def _loop(self, play: Job, fallback: Job | None, consumer: str) -> None:
        delay = 0.1
        while not self._closing:
            try:
                await self._ensure_group()
                while not self._closing:
                    job = await self._next(consumer)
                    delay = 0.1
                    if job is not None:
                        await self._run(play, fallback, consumer, *job)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if self._closing:
                    break
                log.warning("bot worker %s: Redis unavailable (%s); retrying", consumer, e)
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)

    async def _run(
        self,
        play: Job,
        fallback: Job | None,
        consumer: str,
        entry_id: str,
        fields: dict[str, str],
        attempts: int,
    ) -> None:
        """Play one job (with ``fallback`` once it was tried :data:`MAX_ATTEMPTS` times),
        then acknowledge and delete it; a failed try is left pending, to be tried again."""
        last = attempts > MAX_ATTEMPTS
        outcome = "no fallback: dropped"
        renew = asyncio.get_running_loop().create_task(self._renew(consumer, entry_id))
        try:
            gid, n, at = fields["g"], int(fields["n"]), float(fields.get("at") or 0)
            started = time.monotonic()
            job = fallback if last else play
            if job is not None:
                await job(gid, n, at)
                outcome = "played by the fallback" if last else ""
            log.info("bot turn %s:%d played in %.2f s", gid, n, time.monotonic() - started)
        except (KeyError, ValueError):
            log.warning("dropping a malformed bot job %s", fields)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            if not last:  # left pending: another worker (or this one) retries it after a lease
                log.exception(
                    "bot job %s failed (try %d of %d); it will be retried",
                    fields,
                    attempts,
                    MAX_ATTEMPTS,
                )
                return
            outcome = f"the fallback failed too: {type(e).__name__}: {e}"
        finally:
            renew.cancel()
        if last:
            await self._bury(fields, attempts, outcome)
        await self.redis.xack(self.stream, self.group, entry_id)
        await self.redis.xdel(self.stream, entry_id)
        self.done += 1

    async def _bury(self, fields: dict[str, str], attempts: int, outcome: str) -> None:
        """Copy a job given up on to its dead-letter stream (:data:`DEAD` for bot turns),
        saying what became of it, and log it."""
        log.error("bot job %s failed %d times; dead-lettered (%s)", fields, attempts - 1, outcome)
        entry = {**fields, "tries": str(attempts - 1), "outcome": outcome[:500]}
        entry["at_dead"] = f"{time.time():.3f}"
        await self.redis.xadd(self.dead, entry, maxlen=1000, approximate=True)

    async def close(self) -> None:
        """Stop serving and disconnect."""
        self._closing = True
        with contextlib.suppress(Exception):
            await self.redis.aclose()
