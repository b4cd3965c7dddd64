"""Rematches: once every person at a finished game asks, the rematch starts with the
seats rotated. The asks are stored before they are announced, so they outlive a restart."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from sqlalchemy import update

from cuttle.i18n import N_

from . import protocol as P
from .fanout import Conn, Message
from .live import LiveGame
from .round import Round
from .spec import GameSpec, SeatSpec, insert_game
from .store import GAMES

log = logging.getLogger("cuttle.server")


def rematch_spec(live: LiveGame) -> GameSpec:
    """The rematch of finished game ``live``: the same setup, the seats rotated by one."""
    n = live.players
    rotated = [live.seats[(i - 1) % n] for i in range(n)]
    setup = live.setup
    return GameSpec(
        rules=setup.rules,
        variants=setup.variants,
        players=n,
        seats=tuple(SeatSpec(s.user_id, s.bot, s.name) for s in rotated),
        private=setup.private,
        house=setup.house,
        practice=setup.practice,
        time_control=setup.time_control,
        rematch_of=live.id,
        start_clock=True,
    )


class Rematcher:
    """Rematch asks in the games of ``rnd``; ``fetch`` holds a new game (arming its
    clock's timer)."""

    def __init__(self, rnd: Round, fetch: Callable[[str], Awaitable[LiveGame]]) -> None:
        """Serve ``rnd``'s games."""
        self.round = rnd
        self.fetch = fetch

    def create(self, live: LiveGame) -> str:
        """Store the rematch of ``live`` and mark ``live`` as rematched; return its id
        (any thread: it only reads ``live``, whose lock the caller holds)."""
        with self.round.store.engine.begin() as db:
            new = insert_game(db, rematch_spec(live), time.time())
            db.execute(update(GAMES).where(GAMES.c.id == live.id).values(rematch_id=new.id))
        return new.id

    async def rematch(self, live: LiveGame, seat: int | None, conn: Conn | None = None) -> None:
        """``seat`` asks for a rematch; errors go to ``conn``."""

        def reply(msg: Message) -> None:
            if conn is not None:
                conn.deliver(msg)

        async with live.lock, self.round.shared(live):
            offers = live.offers
            if seat is None or live.status != "over":
                reply(P.refusal(N_("a rematch needs a finished game you played")))
                return
            if offers.rematch_id is None:
                asked = offers.rematch_asked | {seat}
                people = {i for i, s in enumerate(live.seats) if not s.bot}
                if not people <= asked:
                    if asked != offers.rematch_asked:
                        try:
                            await self.round.store.store_seats(live.id, "rematch_asks", asked)
                        except Exception:
                            log.exception("storing the rematch asks of %s failed", live.id)
                            reply(P.refusal(N_("could not store that; try again")))
                            return
                    offers.rematch_asked = asked
                    await self.round.tell_all(live, {"t": "rematch", "asked": sorted(asked)})
                    return
                rematch_id = await self.round.store.offload(self.create, live)
                offers.rematch_asked = asked
                offers.rematch_id = rematch_id
                if live.setup.time_control:
                    await self.fetch(rematch_id)  # its clock runs now: arm its timer
            await self.round.tell_all(live, {"t": "rematch", "game": offers.rematch_id})
