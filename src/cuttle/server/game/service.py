"""The game service: the game tier's parts put together behind the names the site uses.

:class:`GameService` owns no logic of its own beyond attaching sockets: it builds the
:class:`~.round.Round` (the one commit path and the games held in memory) and the small
features around it (:class:`~.player.Player`, :class:`~.drawer.Drawer`,
:class:`~.rematcher.Rematcher`, :class:`~.clocks.Clocks`,
:class:`~.attendance.Attendance`, :class:`~.chat.Chat`, :class:`~.botturns.BotTurns`,
:class:`~.lobby.Lobby`, :class:`~.news.News`) and hands each request to the one that
does it. Every move is stored before it is acknowledged; people and bots move through the
same :meth:`GameService.submit`.
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy.orm import Session, sessionmaker

from ..bots import BotRunner
from ..cluster.botqueue import BotQueue
from ..cluster.bus import LocalBus
from ..models import User
from ..offload import Offload
from .attendance import Attendance
from .botturns import BotTurns
from .chat import Chat
from .clocks import Clocks
from .drawer import Drawer
from .fanout import SYNC_GAP, Conn
from .live import LiveGame
from .lobby import Lobby, check_create
from .news import News
from .player import Player
from .rematcher import Rematcher
from .round import GameOverHook, GameSettings, Round
from .store import GameStore

log = logging.getLogger("cuttle.server")


class GameService:
    """Creates, loads and runs games: the game tier as the site sees it."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        bots: BotRunner,
        bot_delay: float = 0.5,
        bus: LocalBus | None = None,
        queue: BotQueue | None = None,
        reconcile_interval: float = 1.0,
        offload: Offload | None = None,
    ) -> None:
        """Use ``sessions`` for the database and ``bots`` to run bot seats.

        With a Redis ``bus`` (:class:`~cuttle.server.cluster.bus.RedisBus`) this worker
        shares its games with other workers: it publishes what it commits, applies what
        they publish, and checks its games against the database every
        ``reconcile_interval`` seconds. With a ``queue`` bot turns become jobs for
        ``cuttle bot-worker`` processes and this worker never runs a search itself.
        Blocking database calls on the request path go through ``offload`` (default:
        worker threads on every database but SQLite).
        """
        self.sessions = sessions
        self.engine = sessions.kw["bind"]
        self.store = GameStore(self.engine, offload)
        self.offload = self.store.offload
        self.writer = self.store.writer
        self.bus = bus or LocalBus()
        self.queue = queue
        self.settings = GameSettings(bot_delay=bot_delay, reconcile_interval=reconcile_interval)
        self.round = Round(self.store, self.bus, self.settings)
        self.clocks = Clocks(self.round)
        self.player = Player(self.round, self.clocks)
        self.bot_turns = BotTurns(self.round, self.player, bots, queue)
        self.drawer = Drawer(self.round)
        self.attendance = Attendance(self.round)
        self.chat = Chat(self.engine, self.writer, self.offload, self.bus)
        self.lobby = Lobby(self.round, self.attendance, self.chat)
        self.rematcher = Rematcher(self.round, self.lobby.fetch)
        self.news = News(self.round, self.lobby, self.attendance, self.chat, self.bot_turns)
        self.lobby.on_hold.append(self._ask_who_is_here)

    # ----------------------------------------------------------------- settings and hooks

    @property
    def live(self) -> dict[str, LiveGame]:
        """The games held in memory, by id."""
        return self.round.games

    @property
    def on_game_over(self) -> list[GameOverHook]:
        """Hooks run once a game's end is stored (see :attr:`.round.Round.on_game_over`)."""
        return self.round.on_game_over

    @property
    def claim_after(self) -> float:
        """Seconds every opponent must be away before a player may claim the win."""
        return self.settings.claim_after

    @claim_after.setter
    def claim_after(self, seconds: float) -> None:
        self.settings.claim_after = seconds

    @property
    def forget_after(self) -> float:
        """Seconds a held game nobody watches stays in memory."""
        return self.settings.forget_after

    @forget_after.setter
    def forget_after(self, seconds: float) -> None:
        self.settings.forget_after = seconds

    def _ask_who_is_here(self, live: LiveGame) -> None:
        """A game just held: with other workers, ask them who sits at their sockets."""
        if self.bus.clustered and live.status == "playing":
            self.round.tasks.spawn(self.bus.publish({"k": "here?", "g": live.id}))

    # ----------------------------------------------------------------- lobby

    def create(self, user: User, dry_run: bool = False, **options: object) -> str:
        """Create a game from a request's untrusted ``options`` (see
        :func:`~.lobby.check_create`) and seat ``user``; return its id. Raises
        :class:`~.live.ServiceError`. With ``dry_run`` only check it (and return ``""``)."""
        spec = check_create(user, **options)
        return "" if dry_run else self.lobby.create(spec)[0]

    async def create_held(self, user: User, **options: object) -> str:
        """:meth:`create` off the event loop (on a server database), then hold a game
        that waits for players in memory as created, so that joining it and opening its
        sockets need not read it back. A game that starts at once is read when watched."""
        spec = check_create(user, **options)
        gid, live = await self.offload(self.lobby.create, spec)
        if live is not None and gid not in self.live and gid not in self.lobby.loading:
            self.lobby.hold(live)
        return gid

    def load(self, gid: str) -> LiveGame:
        """The live game ``gid``, read from the database if it is not held yet."""
        return self.lobby.load(gid)

    async def fetch(self, gid: str, fresh: bool = False) -> LiveGame:
        """:meth:`load` off the event loop (see :meth:`.lobby.Lobby.fetch`)."""
        return await self.lobby.fetch(gid, fresh)

    async def join(self, gid: str, user: User, seat: int | None = None) -> int:
        """Seat ``user`` in an empty person's seat of open game ``gid``; return the seat."""
        return await self.lobby.join(gid, user, seat)

    # ----------------------------------------------------------------- sockets

    async def attach(self, live: LiveGame, conn: Conn) -> None:
        """Add a watcher and queue the whole state for it (a watcher dropped for not
        reading is detached)."""
        conn.on_drop = lambda c: self.detach(live, c)
        live.conns.add(conn)
        conn.deliver(self.round.state_of(live, conn))
        self.chat.send_log(live, conn)
        await self.attendance.on_attach(live, conn)

    def detach(self, live: LiveGame, conn: Conn) -> None:
        """Remove a watcher; forget a finished game nobody watches (with other workers,
        any game nobody here watches: it is read again from the database when needed)."""
        if conn not in live.conns:
            return
        live.conns.discard(conn)
        live.used = time.monotonic()
        idle = live.status == "over" or self.bus.clustered
        if not live.conns and idle and (live.bot.after < 0 or self.queue is not None):
            self.live.pop(live.id, None)
            if live.presence.announced:  # tell the other workers nobody sits here any more
                self.round.tasks.spawn(self.attendance.announce(live))
        elif live.status == "playing":
            self.round.tasks.spawn(self.attendance.on_detach(live))

    async def sync(self, live: LiveGame, conn: Conn, since: int) -> None:
        """Queue for ``conn`` the events after ``since`` (at most 50), or a fresh state:
        at most one answer per :data:`~.fanout.SYNC_GAP` seconds for one socket (a sooner
        request waits its turn, then is answered with the game as it is then)."""
        loop = asyncio.get_running_loop()
        wait = conn.next_sync - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
            if conn.dropped:
                return
        conn.next_sync = loop.time() + SYNC_GAP
        self.round.sync(live, conn, since)

    # ----------------------------------------------------------------- actions

    async def submit(
        self,
        live: LiveGame,
        seat: int | None,
        text: str,
        cid: str | None = None,
        expected_n: int | None = None,
        conn: Conn | None = None,
    ) -> bool:
        """Play ``text`` for ``seat`` (see :meth:`.player.Player.submit`)."""
        return await self.player.submit(live, seat, text, cid, expected_n, conn)

    async def resign(
        self, live: LiveGame, seat: int | None, conn: Conn | None = None, cid: str | None = None
    ) -> bool:
        """Resign for ``seat`` (any time while playing)."""
        return await self.player.resign(live, seat, conn, cid)

    async def draw(
        self, live: LiveGame, seat: int | None, action: str, conn: Conn | None = None
    ) -> None:
        """Offer, accept or decline a draw (see :mod:`.drawer`)."""
        await self.drawer.draw(live, seat, action, conn)

    async def rematch(self, live: LiveGame, seat: int | None, conn: Conn | None = None) -> None:
        """Ask for a rematch (see :mod:`.rematcher`)."""
        await self.rematcher.rematch(live, seat, conn)

    async def claim(self, live: LiveGame, seat: int | None, conn: Conn) -> bool:
        """Claim the win from absent opponents (see :mod:`.attendance`)."""
        return await self.attendance.claim(live, seat, conn)

    async def play_bot_job(
        self, gid: str, n: int, not_before: float, fallback: bool = False
    ) -> None:
        """Play a queued bot turn (a bot worker's job; see :meth:`.botturns.BotTurns.play_job`)."""
        await self.bot_turns.play_job(gid, n, not_before, fallback)

    # ----------------------------------------------------------------- life

    def start_clocks(self) -> int:
        """Load every timed game being played, so that its timer runs (after a restart)
        even if nobody connects; return how many."""
        ids = self.clocks.timed_games()
        for gid in ids:
            try:
                self.load(gid)
            except Exception:
                log.exception("loading timed game %s failed", gid)
        return len(ids)

    def forget_idle(self, now: float, only_open: bool = False) -> list[str]:
        """Forget idle games nobody watches (see :meth:`.news.News.forget_idle`)."""
        return self.news.forget_idle(now, only_open)

    async def reconcile(self, force: bool = False) -> None:
        """Check every game held here against the database (see :mod:`.news`)."""
        await self.news.reconcile(force)

    async def start(self) -> None:
        """Start listening to other workers (with a Redis bus) and checking games against
        the database every ``reconcile_interval`` seconds."""
        if not self.bus.clustered:  # one process: only forget games nobody came to
            self.round.tasks.spawn(self._forget_loop())
            return
        await self.bus.start(self.news.on_bus, lambda: self.reconcile(force=True), self.news.retell)
        self.round.tasks.spawn(self._reconcile_loop())

    async def _forget_loop(self) -> None:
        """One process: forget, now and then, the created games nobody came to."""
        while True:
            await asyncio.sleep(min(self.settings.forget_after, 30.0))
            self.forget_idle(time.monotonic(), only_open=True)

    async def _reconcile_loop(self) -> None:
        """Clustered: check the games against the database, and repeat who is here."""
        while True:
            await asyncio.sleep(self.settings.reconcile_interval)
            try:
                await self.reconcile()
            except Exception as e:
                log.warning("checking games against the database failed: %s", e)
            try:
                await self.attendance.heartbeat()
            except Exception:
                log.exception("telling the other workers who is at the table failed")

    async def close(self) -> None:
        """Cancel bot turns under way, stop listening and release the move writer."""
        self.round.tasks.cancel()
        await self.bus.close()
        if self.queue is not None:
            await self.queue.close()
        self.store.close()
