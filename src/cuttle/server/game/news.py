"""Other workers' news about the games held here, and the database check that catches
up whatever news was lost.

With a Redis bus every worker publishes what it commits (the event's line and number,
the clock as stored), joins, offers, rematch asks and chat; this module applies that
news to the copies held here and tells their watchers. A gap (news lost) or news that
does not apply makes the database decide. Every ``reconcile_interval`` seconds each held
game is checked against the database (:meth:`News.reconcile`), and a worker that joins
is told the newest event of every game held here (:meth:`News.retell`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from cuttle.engine.history import parse_event

from . import clockwork as clocks
from .attendance import Attendance
from .botturns import BotTurns
from .chat import Chat, channel_of, log_message
from .live import LiveGame, SeatInfo
from .lobby import Lobby
from .presence import refresh_away
from .round import Round
from .store import Facts, mine

log = logging.getLogger("cuttle.server")


def join_in_news(live: LiveGame, msg: dict[str, Any]) -> tuple[int, SeatInfo, str] | None:
    """The seat, its new sitter and the game's status that join news ``msg`` tells
    (``None``: not well formed for ``live``)."""
    seat, user, name, status = (msg.get(k) for k in ("seat", "user", "name", "status"))
    if not (isinstance(seat, int) and isinstance(user, int) and isinstance(name, str)):
        return None
    if not 0 <= seat < live.players or status not in ("open", "playing"):
        return None
    return seat, SeatInfo(user, None, name), str(status)


def join_fits(live: LiveGame, seat: int, info: SeatInfo, status: str) -> bool:
    """Whether ``live`` can take the join of ``info`` in ``seat`` as told: the game is
    open here, the seat free and the person seated nowhere else, and ``status`` is what
    the join makes of the seats here (news missed before it would show as a seat short)."""
    if live.status != "open" or live.seat_of(info.user_id) is not None:
        return False
    if live.seats[seat].user_id is not None or live.seats[seat].bot is not None:
        return False
    full = all(s.user_id or s.bot for i, s in enumerate(live.seats) if i != seat)
    return status == ("playing" if full else "open")


def apply_event(live: LiveGame, line: str, cid: object, clock: object = None) -> bool:
    """Apply the next event, committed by another worker, to ``live``; ``False`` if it
    does not apply (then the caller reloads the game). ``clock`` is the clock the other
    worker stored with it (``[remaining text, since]``): a timed game's clock runs on
    from there here too, so this worker's timer flags the right seat at the right time."""
    table = live.table  # Table.apply leaves it as it was when it refuses: no copy
    try:
        event = table.apply(parse_event(line))
    except Exception:
        log.warning("event %r does not apply to game %s; reloading", line, live.id)
        return False
    if live.timing.clock is not None:
        live.timing.clock = clocks.clock_from_news(live.timing.clock, table, event, clock)
    live.offers.draw.clear()  # a move ends pending draw offers
    seat = getattr(event, "seat", -1)
    if isinstance(cid, str):
        live.client_ids[(seat, cid)] = live.n
    if table.is_over:
        live.status = "over"
    return True


class News:
    """Applies other workers' news to ``rnd``'s games and checks them against the
    database."""

    def __init__(
        self,
        rnd: Round,
        lobby: Lobby,
        attendance: Attendance,
        chat: Chat,
        bot_turns: BotTurns,
    ) -> None:
        """Serve ``rnd``'s games."""
        self.round = rnd
        self.lobby = lobby
        self.attendance = attendance
        self.chat = chat
        self.bot_turns = bot_turns
        self.on_other: dict[str, Callable[[dict[str, Any]], None]] = {}
        """Handlers of news about no game, by kind (the app adds auth's ``forget``)."""

    async def retell(self) -> None:
        """A worker this one had not heard is listening: tell it the newest event of
        every game held here. A move stored here while this worker heard no other went
        untold (see :mod:`~cuttle.server.cluster.bus`), and the newcomer may have read the
        game just before it; a worker that has the event already ignores it."""
        rnd = self.round
        for live in list(rnd.games.values()):
            n = live.n
            if n == 0 or live.status == "open":
                continue
            await rnd.bus.publish(rnd.event_news(live, live.table.history[-1].line(), n))

    async def on_bus(self, msg: dict[str, Any]) -> None:
        """Apply another worker's news about a game held here, and tell its watchers
        (news about no game goes to its handler in :attr:`on_other`)."""
        hook = self.on_other.get(str(msg.get("k")))
        if hook is not None:
            hook(msg)
            return
        gid = str(msg.get("g"))
        live = self.round.games.get(gid)
        if live is None:
            if gid in self.lobby.loading:
                self.lobby.heard.add(gid)  # being read: read it again
            return
        async with live.lock:
            await self._apply(live, msg)

    async def _apply(self, live: LiveGame, msg: dict[str, Any]) -> None:
        """Apply news ``msg`` to ``live`` (its lock held)."""
        rnd = self.round
        kind = msg.get("k")
        if kind == "event":
            n = msg.get("n")
            if not isinstance(n, int) or n <= live.n:
                return
            line = str(msg.get("line"))
            if n == live.n + 1 and apply_event(live, line, msg.get("cid"), msg.get("clock")):
                await rnd.tell_event(live, line, n, publish=False)
                rnd.changed(live)
            else:  # a gap (news lost) or an event that does not apply: the database decides
                old = live.n
                await rnd.resync(live)
                rnd.catch_up(live, old)
        elif kind == "msg":
            inner = msg.get("msg")
            if not isinstance(inner, dict):
                return
            if inner.get("t") == "offer":
                live.offers.draw = {s for s in inner.get("draw", []) if isinstance(s, int)}
            elif inner.get("t") == "rematch":
                if "asked" in inner:
                    live.offers.rematch_asked = {s for s in inner["asked"] if isinstance(s, int)}
                if "game" in inner:
                    live.offers.rematch_id = str(inner["game"])
            await rnd.tell_all(live, inner, publish=False)
        elif kind == "chat":  # a message stored by another worker
            inner = msg.get("msg")
            if isinstance(inner, dict):
                self.chat.deliver(live, inner)
        elif kind in ("here", "here?"):
            await self.attendance.on_news(live, msg)
        elif kind == "seat":  # a join stored by another worker
            if not await self._apply_seat(live, msg):
                await self.reload(live)
        elif kind == "reload":
            await self.reload(live)

    async def reload(self, live: LiveGame) -> None:
        """Take ``live`` as the database has it after another worker changed it, and
        send its watchers fresh states if it changed."""
        old = live.n
        if await self.round.resync(live):  # unchanged: this copy was read after that change
            self.round.catch_up(live, old, states=True)
        await self.attendance.on_start(live)
        self.round.changed(live)  # a bot's turn or a clock the reload brought

    async def _apply_seat(self, live: LiveGame, msg: dict[str, Any]) -> bool:
        """Seat the person of another worker's join news in ``live`` and tell the
        watchers here; ``False`` (nothing changed: the caller reloads the game) when the
        news does not fit this copy. News this copy already holds is done."""
        found = join_in_news(live, msg)
        if found is None:
            return False
        seat, info, status = found
        if live.seats[seat] == info and live.status == status:
            return True  # read after the join: nothing to add
        if not join_fits(live, seat, info, status):
            return False
        clock = None
        if status == "playing" and live.setup.time_control:
            clock = clocks.clock_from_start(
                live.setup.time_control, live.players, live.table, msg.get("clock")
            )
            if clock is None:
                return False
        live.seats[seat] = info
        live.status = status
        if clock is not None:
            live.timing.clock = clock
        for c in list(live.conns):
            if c.user_id == info.user_id:
                c.seat = seat
                c.deliver(log_message(live, channel_of(seat)))
        refresh_away(live)
        self.round.tell_states(live)
        await self.attendance.on_start(live)
        self.round.changed(live)
        return True

    async def reconcile(self, force: bool = False) -> None:
        """Check every game held here against the database and catch its watchers up on
        whatever this worker missed (a lost pub/sub message, a Redis restart); queue
        again a bot turn left waiting for a lease; forget idle games nobody watches here.

        A copy is reloaded when it is still behind what the database held at the
        previous check (news in flight arrives within milliseconds, so a whole interval
        later it is lost), or at once with ``force`` (after Redis came back)."""
        rnd = self.round
        if not rnd.games:
            return
        now = time.monotonic()
        self.forget_idle(now)
        found = await rnd.store.offload(rnd.store.facts, list(rnd.games))
        for gid, facts in found.items():
            live = rnd.games.get(gid)
            if live is not None:
                await self._check(live, facts, force, now)

    async def _check(self, live: LiveGame, facts: Facts, force: bool, now: float) -> None:
        """Catch ``live`` up if it is behind the database's ``facts`` (see
        :meth:`reconcile`), and queue again a bot turn left waiting."""
        if facts == mine(live):
            live.suspect = None
        elif force or (
            live.suspect is not None
            and (live.n < live.suspect[0] or (facts == live.suspect and live.n == facts[0]))
        ):
            live.suspect = None
            async with live.lock:
                old = live.n
                if await self.round.resync(live):
                    log.info("game %s caught up from the database (%d -> %d)", live.id, old, live.n)
                    self.round.catch_up(live, old)
        else:
            live.suspect = facts
        self.bot_turns.requeue_stale(live, now)

    def forget_idle(self, now: float, only_open: bool = False) -> list[str]:
        """Forget the games held here that nobody has watched for ``forget_after``
        seconds (as of ``now``, monotonic) and whose bot turn, if any, is not this
        process's to play; with ``only_open``, only those still waiting for players (one
        process keeps a game in play for its clock). The database has them: they are
        read again when asked for. Returns their ids."""
        rnd = self.round
        after = rnd.settings.forget_after
        queued = self.bot_turns.queue is not None
        gone = [
            gid
            for gid, live in rnd.games.items()
            if not live.conns
            and now - live.used > after
            and (live.bot.after < 0 or queued)
            and (live.status == "open" or not only_open)
        ]
        for gid in gone:
            del rnd.games[gid]
        return gone
