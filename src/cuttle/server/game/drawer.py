"""Draw offers: offered, accepted or declined; when every seat agrees the game is drawn.

A changed set of pending offers is stored before it is announced, so an offer outlives a
restart; a move clears it (:meth:`~.round.Round.commit`). Bots decline every offer.
"""

from __future__ import annotations

import logging

from cuttle.engine.history import Event
from cuttle.i18n import N_
from cuttle.table import Table

from . import protocol as P
from .fanout import Conn, Message
from .live import LiveGame
from .round import Round

log = logging.getLogger("cuttle.server")


def agree(table: Table) -> Event:
    """Every seat offers a draw at ``table``: the agreed draw, its last event."""
    agreed: Event | None = None
    for seat in range(table.n):
        agreed = table.offer_draw(seat)
    assert agreed is not None
    return agreed


class Drawer:
    """Draw offers in the games of ``rnd``."""

    def __init__(self, rnd: Round) -> None:
        """Serve ``rnd``'s games."""
        self.round = rnd

    async def draw(
        self, live: LiveGame, seat: int | None, action: str, conn: Conn | None = None
    ) -> None:
        """Offer, accept or decline a draw for ``seat``; errors go to ``conn``."""

        def reply(msg: Message) -> None:
            if conn is not None:
                conn.deliver(msg)

        async with live.lock, self.round.shared(live):
            offers_now = live.offers.draw
            if seat is None or live.status != "playing":
                reply(P.refusal(N_("no draw can be offered here")))
                return
            if action == "accept" and not offers_now:
                reply(P.refusal(N_("there is no draw offer to accept")))
                return
            offers = set() if action == "decline" else offers_now | {seat}
            if offers == set(range(live.players)):
                if not await self.round.change(live, agree):
                    reply(P.refusal(N_("could not store the draw; try again")))
                return
            msg: Message = {"t": "offer", "draw": sorted(offers)}
            if offers and any(s.bot for s in live.seats):
                offers = set()  # bots decline
                msg = {"t": "offer", "draw": [], "note": "the bot declines"}
            if offers != offers_now:
                try:
                    await self.round.store.store_seats(live.id, "draw_offers", offers)
                except Exception:
                    log.exception("storing the draw offers of game %s failed", live.id)
                    reply(P.refusal(N_("could not store that; try again")))
                    return
            live.offers.draw = offers
            await self.round.tell_all(live, msg)
