"""The round: the one commit path every change to a game's events goes through.

As lichess's round module does, everything that adds an event to a game (a move, a
resignation, an agreed draw, a flag, a claimed win, a bot's move) calls
:meth:`Round.commit` on a changed copy of the live table: the event is stored (durable
when ``commit`` returns ``True``), the copy replaces the live table, the game-over hooks
add what they add, the mover gets its ``ack``, each viewer gets the event as its own seat
may see it (queued on its connection: :mod:`~cuttle.server.game.fanout`), the other
workers hear of it, and the after-commit hooks run (the clock's timer, the next bot
turn). Features (:mod:`.player`, :mod:`.drawer`, :mod:`.clocks`, :mod:`.attendance`,
:mod:`.botturns`, :mod:`.news`) are small modules above this one that call only its
public names.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError

from cuttle.engine.history import Event
from cuttle.table import Table

from ..cluster.bus import LocalBus
from . import clockwork as clocks
from . import protocol as P
from .fanout import Conn, Message, deliver_all
from .live import LiveGame, start_table
from .spec import GameOverNews
from .store import GameStore, mine, seat_facts

log = logging.getLogger("cuttle.server")

GameOverHook = Callable[[LiveGame], Awaitable[GameOverNews | None] | GameOverNews | None]
"""Called once a game's end is stored, before its last event goes out: it reads the live
game and returns what it adds (or an awaitable of it, for work in a worker thread)."""

GameHook = Callable[[LiveGame], None]
"""Called after a game changed (an event committed or caught up, a seat taken)."""


@dataclass
class GameSettings:
    """The game tier's timings (the app sets them from :mod:`cuttle.server.settings`)."""

    bot_delay: float = 0.5
    """Seconds a bot waits before it moves."""
    claim_after: float = 60.0
    """Seconds every opponent must be away before a player may claim the win."""
    forget_after: float = 30.0
    """Seconds a held game nobody watches stays in memory."""
    reconcile_interval: float = 1.0
    """Seconds between checks of the games held here against the database (clustered)."""


class TaskSet:
    """Background tasks of the game tier, kept until they are done."""

    def __init__(self) -> None:
        """No tasks yet."""
        self.tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, work: Coroutine[Any, Any, Any]) -> bool:
        """Run ``work`` in the background on the running loop; ``False`` (and ``work``
        closed) when there is no running loop."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            work.close()
            return False
        task = loop.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return True

    async def settle(self) -> None:
        """Wait for the tasks under way now (their errors are logged where they run)."""
        await asyncio.gather(*list(self.tasks), return_exceptions=True)

    def cancel(self) -> None:
        """Cancel every task under way."""
        for t in list(self.tasks):
            t.cancel()


class Round:
    """The games held in memory and the one path that changes their events."""

    def __init__(self, store: GameStore, bus: LocalBus, settings: GameSettings) -> None:
        """Store through ``store``, tell other workers over ``bus``."""
        self.store = store
        self.bus = bus
        self.settings = settings
        self.games: dict[str, LiveGame] = {}
        """The games held in memory, by id."""
        self.tasks = TaskSet()
        self.after_change: list[GameHook] = []
        """Run after every commit, catch-up or seat change (the clock's timer, bot turns)."""
        self.on_game_over: list[GameOverHook] = []
        """Run once a game's end is stored, before its last event goes out."""

    # ----------------------------------------------------------------- the commit path

    async def commit(
        self,
        live: LiveGame,
        table: Table,
        event: Event,
        cid: str | None = None,
        ack: Conn | None = None,
    ) -> bool:
        """Store ``event``, the newest of ``table`` (a changed copy of the live table), as
        event ``len(table.history)``; make ``table`` the live table; apply the game-over
        hooks' news; acknowledge it to ``ack``; tell each viewer its own numbered event
        and the other workers the news; run the after-change hooks. With ``live.lock``
        held. Returns ``False`` (the live table unchanged, the viewers given the
        database's state if it differed) when it could not be stored."""
        now = time.time()
        clock = clocks.clock_after(live.timing.clock, table, event, now)
        statements = self.store.event_statements(live, table, event, cid, clock, now)
        n = len(table.history)
        try:
            await self.store.writer.write(statements)
        except Exception as e:
            if isinstance(e, IntegrityError):  # another worker stored event n first
                log.warning("move %s of game %s was stored by another worker first", n, live.id)
            else:
                log.exception("storing move %s of game %s failed", n, live.id)
            if await self.resync(live):
                self.tell_states(live)
                self.changed(live)
            return False
        live.table = table
        live.offers.draw.clear()
        if cid is not None:
            live.client_ids[(getattr(event, "seat", -1), cid)] = n
        live.timing.clock = clock
        if table.game.is_over:
            live.status = "over"
            await self._game_over(live)
        if ack is not None:
            ack.deliver(P.ack_message(cid, n))
        await self.tell_event(live, event.line(), n, cid)
        self.changed(live)
        return True

    async def change(
        self,
        live: LiveGame,
        make: Callable[[Table], Event],
        cid: str | None = None,
        ack: Conn | None = None,
    ) -> bool:
        """Copy the live table, make the new event on the copy with ``make`` (a
        :class:`~cuttle.engine.errors.CuttleError` it raises leaves everything as it was
        and reaches the caller) and :meth:`commit` it. With ``live.lock`` held. This is the
        one sequence every feature uses: copy, make the event, store, tell."""
        table = live.table.copy()  # the live table changes only once the event is stored
        event = make(table)
        return await self.commit(live, table, event, cid, ack)

    async def _game_over(self, live: LiveGame) -> None:
        """Run the game-over hooks and apply what they add."""
        for hook in self.on_game_over:
            try:
                news = hook(live)
                if news is not None and not isinstance(news, GameOverNews):
                    news = await news
            except Exception:
                log.exception("game-over hook failed for game %s", live.id)
                continue
            if news is not None:
                if news.match_id is not None:
                    live.match.match_id = news.match_id
                if news.league is not None:
                    live.match.league = news.league

    def changed(self, live: LiveGame) -> None:
        """Run the after-change hooks for ``live``."""
        for hook in self.after_change:
            hook(live)

    # ----------------------------------------------------------------- telling viewers

    async def tell_event(
        self, live: LiveGame, line: str, n: int, cid: str | None = None, publish: bool = True
    ) -> None:
        """Queue event ``n`` (``line``) for every watcher here, each its own seat's view;
        with ``publish``, tell the other workers too (the line and number only), unless
        none listens (:meth:`~cuttle.server.cluster.bus.RedisBus.alone`)."""
        if publish and not self.bus.alone():
            await self.bus.publish(self.event_news(live, line, n, cid))
        if not live.conns:
            return
        cache: dict[tuple[int | None, str], Message] = {}  # by seat and language
        players = live.players_meta()
        over = live.table.is_over
        for c in list(live.conns):
            msg = cache.get((c.seat, c.lang))
            if msg is None:
                names = P.seat_names(players, c.lang)
                msg = P.event_message(live.table, c.seat, n, line, names, c.lang)
                cache[(c.seat, c.lang)] = msg
                if over:
                    msg["meta"] = live.meta()
                if live.timing.clock is not None:
                    msg["clock"] = live.clock_message()
            c.deliver(msg)

    def event_news(
        self, live: LiveGame, line: str, n: int, cid: str | None = None
    ) -> dict[str, Any]:
        """The bus message of event ``n`` (``line``) of ``live``, with the client id it
        was sent with (by default looked up) and the clock as stored with it."""
        if cid is None:
            cid = next((c for (_, c), k in live.client_ids.items() if k == n), None)
        news: dict[str, Any] = {"k": "event", "g": live.id, "n": n, "line": line, "cid": cid}
        clock = live.timing.clock
        if clock is not None:  # the clock as stored with the event
            news["clock"] = [clock.text(), clock.since]
        return news

    def state_of(self, live: LiveGame, conn: Conn) -> Message:
        """The whole state of ``live`` as ``conn``'s seat may see it."""
        return P.state_message(live.table, conn.seat, live.n, live.meta(), conn.lang)

    def tell_states(self, live: LiveGame) -> None:
        """Queue a fresh whole state for every watcher here."""
        for c in list(live.conns):
            c.deliver(self.state_of(live, c))

    async def tell_all(self, live: LiveGame, msg: Message, publish: bool = True) -> None:
        """Queue ``msg`` (public: an offer, a rematch ask) for every watcher here and,
        with ``publish``, on the other workers."""
        if publish:
            await self.bus.publish({"k": "msg", "g": live.id, "msg": msg})
        deliver_all(live.conns, msg)

    def sync(self, live: LiveGame, conn: Conn, since: int) -> None:
        """Queue for ``conn`` the events after ``since`` (at most 50), or a fresh state."""
        n = live.n
        if since >= n or n - since > 50 or since < 0:
            conn.deliver(self.state_of(live, conn))
            return
        table = start_table(live)
        names = P.seat_names(live.players_meta(), conn.lang)
        for i, event in enumerate(live.table.history):
            table.apply(event)
            if i + 1 > since:
                msg = P.event_message(table, conn.seat, i + 1, event.line(), names, conn.lang)
                conn.deliver(msg)

    def catch_up(self, live: LiveGame, old: int, states: bool = False) -> None:
        """After ``live`` was reloaded from event ``old``: queue for every watcher the
        events it missed (or, with ``states``, a fresh state)."""
        for c in list(live.conns):
            if live.n > old and not states:
                self.sync(live, c, old)
            else:
                c.deliver(self.state_of(live, c))

    # ----------------------------------------------------------------- the database's copy

    async def resync(self, live: LiveGame) -> bool:
        """Take the game as the database has it (after a failed write, or news from
        another worker); keep the memory copy if reading fails too. Returns whether the
        game changed."""
        try:
            fresh = await self.store.offload(self.store.read, live.id)
        except Exception:
            log.exception("reloading game %s failed", live.id)
            return False
        return self.adopt(live, fresh)

    def adopt(self, live: LiveGame, fresh: LiveGame) -> bool:
        """Make ``live`` what ``fresh`` (just read) holds; return whether it changed."""
        changed = (
            fresh.n != live.n
            or fresh.status != live.status
            or fresh.offers != live.offers
            or fresh.seats != live.seats
        )
        live.table = fresh.table
        live.client_ids = fresh.client_ids
        live.status = fresh.status
        live.offers = fresh.offers
        live.timing.clock = fresh.timing.clock
        live.seats = fresh.seats
        for c in live.conns:
            c.seat = live.seat_of(c.user_id)
        self.changed(live)
        return changed

    async def resync_if_changed(self, live: LiveGame) -> bool:
        """:meth:`resync` ``live`` unless a short read finds the database holding what
        this copy holds (moves, status, offers, rematch, seats); return whether it
        changed. Moves once stored never change, so equal facts mean an equal game."""
        try:
            facts = await self.store.offload(self.store.facts_of, live.id)
        except Exception:
            facts = None
        if facts is not None and facts == (*mine(live), seat_facts(live.seats)):
            return False
        return await self.resync(live)

    @contextlib.asynccontextmanager
    async def shared(self, live: LiveGame) -> AsyncIterator[None]:
        """With other workers: hold the game's lock across workers and bring ``live`` up
        to date from the database first (for seat changes, draw offers, rematch asks)."""
        if not self.bus.clustered:
            yield
            return
        async with self.bus.lock(live.id):
            old = live.n
            if await self.resync_if_changed(live):
                self.catch_up(live, old)
            yield
