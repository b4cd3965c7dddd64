"""Each timed game's timer: it flags the seat to act when its time is up.

The clock arithmetic is :mod:`~cuttle.server.game.clockwork`; this module arms a live
game's timer after every change (an after-change hook of the :class:`~.round.Round`)
and stores the flag through the round's commit path: the seat's resignation, or an
agreed draw when no opponent could still win, with the termination ``time``.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import select

from ..models import GameRow
from .clockwork import flag_event
from .live import LiveGame
from .round import Round

log = logging.getLogger("cuttle.server")


class Clocks:
    """Arms the timers of the timed games held by ``rnd`` and flags when they fire."""

    def __init__(self, rnd: Round) -> None:
        """Serve ``rnd``'s games; re-arm after every change."""
        self.round = rnd
        rnd.after_change.append(self.schedule)

    def schedule(self, live: LiveGame) -> None:
        """(Re)arm ``live``'s timer so the seat to act is flagged when its time is up."""
        timing = live.timing
        if timing.timer is not None:
            timing.timer.cancel()
            timing.timer = None
        clock = timing.clock
        if clock is None or live.status != "playing" or live.table.is_over:
            return
        end = clock.deadline()
        if end is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # loaded outside the loop: the next event or load arms it
            return
        delay = max(0.0, end - time.time()) + 0.002

        def fire() -> None:
            timing.timer = None
            self.round.tasks.spawn(self.flag_when_due(live))

        timing.timer = loop.call_later(delay, fire)

    async def flag_when_due(self, live: LiveGame) -> None:
        """The timer's work: flag the seat to act if its time is up (else re-arm)."""
        try:
            async with live.lock:
                if not await self.flag_if_expired(live):
                    self.schedule(live)
        except Exception:
            log.exception("flagging in game %s failed", live.id)

    async def flag_if_expired(self, live: LiveGame) -> bool:
        """With ``live.lock`` held: if the seat to act has run out of time, commit its
        flag and return ``True``."""
        clock = live.timing.clock
        if (
            clock is None
            or live.status != "playing"
            or live.table.is_over
            or not clock.expired(time.time())
        ):
            return False
        seat = live.table.to_act
        if not await self.round.change(live, lambda t: flag_event(t, seat)):
            return False
        log.info("p%d of game %s flagged", seat, live.id)
        if not live.conns and live.bot.after < 0:  # flagged while nobody watched
            self.round.games.pop(live.id, None)
        return True

    def timed_games(self) -> list[str]:
        """The ids of every timed game being played (for loading them at start-up, so
        that their timers run even if nobody connects)."""
        with self.round.store.engine.connect() as db:
            rows = db.execute(
                select(GameRow.id).where(
                    GameRow.status == "playing", GameRow.time_control.is_not(None)
                )
            ).all()
        return [r[0] for r in rows]
