"""Telling who is at the table, here and to the other workers, and claiming a win.

:mod:`~cuttle.server.game.presence` works out which seats are away; this module tells
every watcher when that changes, tells the other workers which seats have sockets here
(``here`` news, answered when a worker asks ``here?``, repeated every
:data:`~.presence.HEARTBEAT` seconds), and lets a player whose every opponent has been
away ``claim_after`` seconds claim the win: the resignation of an absent opponent,
committed through the round with the termination ``abandoned``.
"""

from __future__ import annotations

import time
from typing import Any

from cuttle.engine.history import Event
from cuttle.i18n import N_
from cuttle.table import Table

from . import protocol as P
from .clockwork import ABANDON_TERMINATION
from .fanout import Conn, deliver_all
from .live import LiveGame
from .presence import HEARTBEAT, local_seats, presence_message, refresh_away, two_sides
from .round import Round


def abandon(table: Table, seat: int) -> Event:
    """Resign for absent ``seat`` at ``table``, the game ending as ``abandoned``."""
    event = table.resign(seat)
    table.game.termination = ABANDON_TERMINATION
    return event


class Attendance:
    """Presence news and claims for the games of ``rnd``."""

    def __init__(self, rnd: Round) -> None:
        """Serve ``rnd``'s games."""
        self.round = rnd

    def message(self, live: LiveGame) -> dict[str, Any]:
        """The ``presence`` message of ``live`` as this worker knows it."""
        return presence_message(live, self.round.settings.claim_after)

    def tell_watchers(self, live: LiveGame) -> None:
        """Queue for this worker's watchers of ``live`` who is away. Each worker tells
        its own watchers from what it knows (the seats' word travels as ``here`` news),
        so the message itself is never passed to other workers."""
        deliver_all(live.conns, self.message(live))

    def changed(self, live: LiveGame, force: bool = False) -> None:
        """Tell every watcher of ``live`` who is away, if that changed (or ``force``)."""
        if (refresh_away(live) or force) and live.status == "playing":
            self.tell_watchers(live)

    async def announce(self, live: LiveGame, force: bool = False) -> None:
        """Tell the other workers which seats of ``live`` have sockets here, if that
        changed since the last word (or ``force``)."""
        bus = self.round.bus
        if not bus.clustered:
            return
        seats = local_seats(live)
        if seats == live.presence.announced and not force:
            return
        live.presence.announced = seats
        live.presence.announced_at = time.monotonic()
        await bus.publish({"k": "here", "g": live.id, "seats": sorted(seats)})

    async def on_start(self, live: LiveGame) -> None:
        """``live`` has just started (a join filled it, here or on another worker): tell
        the other workers the seats at sockets here. Sockets that opened while the game
        was open said nothing (:meth:`on_attach`), so without this word another worker
        would count those seats away, and let their opponents claim a win from people at
        the table."""
        if live.status == "playing":
            await self.announce(live)

    async def on_news(self, live: LiveGame, msg: dict[str, Any]) -> None:
        """Another worker's word on ``live``: the seats at its sockets (``here``), or a
        question (``here?``) from a worker that has just loaded the game."""
        if msg.get("k") == "here?":
            if local_seats(live):
                await self.announce(live, force=True)
            return
        worker, seats = msg.get("w"), msg.get("seats")
        if not isinstance(worker, str) or not isinstance(seats, list):
            return
        valid = frozenset(s for s in seats if isinstance(s, int) and 0 <= s < live.players)
        if valid:
            live.presence.remote[worker] = (valid, time.monotonic())
        else:
            live.presence.remote.pop(worker, None)
        self.changed(live)

    async def heartbeat(self) -> None:
        """Repeat this worker's word on the games it holds seats of, and tell watchers
        of seats whose other worker fell silent."""
        now = time.monotonic()
        for live in list(self.round.games.values()):
            if live.status != "playing":
                continue
            told = live.presence
            if (told.announced or local_seats(live)) and now - told.announced_at >= HEARTBEAT:
                await self.announce(live, force=True)
            self.changed(live)

    async def on_detach(self, live: LiveGame) -> None:
        """A socket closed: tell the other workers and the watchers if a seat left."""
        await self.announce(live)
        self.changed(live, True)

    async def on_attach(self, live: LiveGame, conn: Conn) -> None:
        """A socket opened: tell the other workers and everyone if a seat came back,
        else tell the newcomer."""
        if live.status != "playing":
            return
        await self.announce(live)
        if refresh_away(live):
            self.tell_watchers(live)
        else:
            conn.deliver(self.message(live))

    async def claim(self, live: LiveGame, seat: int | None, conn: Conn) -> bool:
        """``seat`` claims the win from opponents away ``claim_after`` seconds or more;
        the game ends with the termination ``abandoned``. Errors go to ``conn``."""
        async with live.lock:
            if seat is None or live.status != "playing" or live.table.is_over:
                conn.deliver(P.refusal(N_("you cannot claim a win here")))
                return False
            game = live.table.game
            if not two_sides(game, seat):
                conn.deliver(P.refusal(N_("a win can be claimed only in a game of two sides")))
                return False
            refresh_away(live)
            now = time.time()
            opponents = game.opponents(seat)
            claim_after = self.round.settings.claim_after
            for o in opponents:
                since = live.presence.away.get(o)
                if since is None:
                    conn.deliver(
                        P.refusal(N_("{seat} is at the table: no win to claim"), seat=f"p{o}")
                    )
                    return False
                wait = claim_after - (now - since)
                if wait > 0:
                    conn.deliver(
                        P.refusal(
                            N_("{seat} has been away {away} s; wait {wait} s"),
                            seat=f"p{o}",
                            away=f"{now - since:.0f}",
                            wait=f"{wait:.0f}",
                        )
                    )
                    return False
            if not await self.round.change(live, lambda t: abandon(t, opponents[0])):
                conn.deliver(P.refusal(N_("could not store the claim; try again")))
                return False
            return True
