"""Bot turns: when a bot seat is to act, it searches and its move goes through the
player's checks and the round's commit path like anyone's.

In one process the turn runs here (the search in a process pool: :mod:`cuttle.server.bots`);
with a :class:`~cuttle.server.cluster.botqueue.BotQueue` it becomes a job for a
``cuttle bot-worker``, which plays it with :meth:`BotTurns.play_job`. Each turn's seed is
fixed by the game and the event number, so a retried turn makes the same move.
"""

from __future__ import annotations

import asyncio
import logging
import time
import zlib

from ..bots import BotRunner, random_move
from ..cluster.botqueue import BotQueue
from .live import LiveGame
from .player import Player
from .round import Round

log = logging.getLogger("cuttle.server")


class BotTurns:
    """Starts the bot turns of ``rnd``'s games after every change."""

    def __init__(
        self, rnd: Round, player: Player, bots: BotRunner, queue: BotQueue | None = None
    ) -> None:
        """Search with ``bots`` (or queue the turns on ``queue``); play through ``player``."""
        self.round = rnd
        self.player = player
        self.bots = bots
        self.queue = queue
        rnd.after_change.append(self.maybe_start)

    def maybe_start(self, live: LiveGame) -> None:
        """Start the bot's turn if a bot seat is to act and no turn is under way (with a
        queue: add it to the queue for a bot worker)."""
        if live.status != "playing" or live.table.is_over:
            return
        seat = live.table.to_act
        n = live.n
        if live.seats[seat].bot is None or live.bot.after == n:
            return
        live.bot.after = n
        live.bot.since = time.monotonic()
        turn = self._turn(live, seat, n) if self.queue is None else self._enqueue(live)
        if not self.round.tasks.spawn(turn):  # no loop (a thread): the next event starts it
            live.bot.after = -1

    async def _turn(self, live: LiveGame, seat: int, n: int) -> None:
        """Play the bot turn after event ``n`` here."""
        try:
            delay = self.round.settings.bot_delay
            if delay:
                await asyncio.sleep(delay)
            table = live.table
            if live.n != n or table.to_act != seat:
                return
            spec = live.seats[seat].bot or "random"
            seed = zlib.crc32(f"{live.id}:{n}".encode())
            move, why = await self.bots.choose(spec, seed, table.view(seat))
            if why is not None:
                log.warning(
                    "bot %s at p%d of game %s fell back to a random move: %s",
                    spec,
                    seat,
                    live.id,
                    why,
                )
            await self.player.submit(live, seat, move, cid=f"bot-{n}", expected_n=n)
        except Exception:
            log.exception("bot turn failed in game %s", live.id)
        finally:
            if live.bot.after == n:
                live.bot.after = -1
            if live.n != n:
                self.maybe_start(live)

    async def _enqueue(self, live: LiveGame) -> None:
        """Queue the bot turn after event ``live.n`` for a bot worker (once per turn
        across workers). If Redis cannot take it, the next check tries again."""
        assert self.queue is not None
        n = live.n
        try:
            await self.queue.enqueue(live.id, n, time.time() + self.round.settings.bot_delay)
        except Exception as e:
            log.warning("queueing the bot turn %s:%d failed (%s); will retry", live.id, n, e)
            if live.bot.after == n:
                live.bot.after = -1

    def requeue_stale(self, live: LiveGame, now: float) -> None:
        """Queue again a bot turn queued a while ago and not played yet."""
        if self.queue is None:
            return
        stale = now - live.bot.since > 2 * max(1.0, self.round.settings.bot_delay)
        if live.bot.after == live.n and stale:
            live.bot.after = -1  # queued a while ago: again (a no-op if still there)
        self.maybe_start(live)

    async def play_job(self, gid: str, n: int, not_before: float, fallback: bool = False) -> None:
        """Play the bot turn after event ``n`` of game ``gid`` (a bot worker's job): read
        the game from the database; if a bot is still to act at event ``n``, wait until
        ``not_before``, search, and submit the move (stored, published, and the next bot
        turn queued). A turn that is over already is nothing to do. Raises if the move
        could not be stored, so that the job is retried. With ``fallback`` (the bot failed
        this turn too often, see :mod:`~cuttle.server.cluster.botqueue`) the move is a
        random legal one chosen here, without a search."""
        store = self.round.store
        live = await store.offload(store.read, gid)
        if live.n != n or live.status != "playing" or live.table.is_over:
            return
        seat = live.table.to_act
        spec = live.seats[seat].bot
        if spec is None:
            return
        wait = not_before - time.time()
        if wait > 0:
            await asyncio.sleep(min(wait, 5.0))
        seed = zlib.crc32(f"{gid}:{n}".encode())
        why: str | None
        if fallback:
            move, why = random_move(seed, live.table.view(seat)), "its job failed too often"
        else:
            move, why = await self.bots.choose(spec, seed, live.table.view(seat))
        if why is not None:
            log.warning(
                "bot %s at p%d of game %s fell back to a random move: %s", spec, seat, gid, why
            )
        live.bot.after = n  # this worker is playing it
        if not await self.player.submit(live, seat, move, cid=f"bot-{n}", expected_n=n):
            if live.n > n:
                return  # someone else stored this turn (a retried job): done
            raise RuntimeError(f"could not store bot move {move!r} at {gid}:{n}")
        # submit queued the next bot turn, if any: let that finish before the job ends
        await self.round.tasks.settle()
