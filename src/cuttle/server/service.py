"""The game service: live games in memory, every move stored before it is acknowledged.

The database is the truth. A live game holds a :class:`~cuttle.table.Table`, rebuilt
with :meth:`Table.from_events <cuttle.table.Table.from_events>` from the shuffled deck
and the stored events (each stored move is one numbered event); its rule set is a preset
with variants or a house rule set stored as JSON. People and bots send moves through the
same :meth:`GameService.submit`; every change is made on a copy of the table, which
replaces the live one only once the change is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Connection, Row, bindparam, func, insert, select, update
from sqlalchemy import Table as SqlTable
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.errors import CuttleError
from cuttle.engine.game import Game
from cuttle.engine.history import Event, parse_event
from cuttle.engine.rules import PRESETS, VARIANTS, RuleSet, get_rules, house_rules
from cuttle.table import Seat, Table

from . import clock as clocks
from . import presence
from . import protocol as P
from .bots import BOT_LEVELS, BotRunner, random_move
from .bus import LocalBus
from .chat import CHANNELS, Chat, channel_of, log_message, read_logs_on
from .models import GameRow, MoveRow, SeatRow, User
from .offload import Offload
from .writer import GroupWriter, Statement

if TYPE_CHECKING:
    from .botqueue import BotQueue

log = logging.getLogger("cuttle.server")

Sender = Callable[[dict[str, Any]], Awaitable[None]]


class ServiceError(ValueError):
    """A request the service refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        """Keep the message and status."""
        super().__init__(message)
        self.status = status


@dataclass
class SeatInfo:
    """Who sits in a seat."""

    user_id: int | None
    bot: str | None
    name: str


@dataclass(eq=False)
class Conn:
    """One websocket watching a game: its user, its seat (``None``: spectator), its sender."""

    user_id: int | None
    seat: int | None
    send: Sender


MAX_HOUSE_CHARS = 4000
"""The longest house rule set (as JSON) a game may be created with."""


@dataclass(eq=False)
class LiveGame:
    """A game held in memory: its table (rules, game, history), seats and watchers.

    ``rules`` is the stored rule-set name (a house set's own name), ``house`` the house
    rule set's JSON object (``None`` for a preset with ``variants``).
    """

    id: str
    rules: str
    variants: tuple[str, ...]
    players: int
    deck: list[str]
    status: str
    private: bool
    seats: list[SeatInfo]
    table: Table
    house: dict[str, Any] | None = None
    practice: bool = False
    ranked: bool = False
    match_id: int | None = None
    league: dict[str, Any] | None = None
    """What the league says about the game once it is over (the match score, the next game)."""
    rematch_id: str | None = None
    client_ids: dict[tuple[int, str], int] = field(default_factory=dict)
    conns: set[Conn] = field(default_factory=set)
    draw_offers: set[int] = field(default_factory=set)
    rematch_requests: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_turn_for: int = -1
    time_control: str | None = None
    """The clock's time control (:mod:`cuttle.server.clock`); ``None``: untimed."""
    clock: clocks.Clock | None = None
    """The running clock of a timed game once it started."""
    clock_timer: asyncio.TimerHandle | None = None
    away: dict[int, float] = field(default_factory=dict)
    """Since when each person's seat has had no socket open (:mod:`~.presence`)."""
    chat: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """The recent chat of each channel (:mod:`cuttle.server.chat`)."""
    bot_since: float = 0.0
    """When (monotonic) the bot turn ``bot_turn_for`` was started or queued."""
    used: float = field(default_factory=time.monotonic)
    """When (monotonic) a watcher last left, for forgetting idle games."""
    suspect: tuple[Any, ...] | None = None
    """What the database held at the last check when it differed from this copy."""
    remote_here: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Other workers' word on the seats at their sockets, and when (monotonic) it came."""
    announced_seats: frozenset[int] = frozenset()
    """The seats at this worker's sockets as last told to the other workers."""
    announced_at: float = 0.0
    """When (monotonic) this worker last told them."""

    @property
    def n(self) -> int:
        """The number of the last event (moves stored so far)."""
        return len(self.table.history)

    @property
    def game(self) -> Game:
        """The engine game of the table (read it; changes go through the table)."""
        return self.table.game

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat ``user_id`` sits in, or ``None``."""
        if user_id is None:
            return None
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def players_meta(self) -> list[dict[str, Any]]:
        """The seats as the metadata's ``players`` lists them."""
        return [
            {"seat": i, "name": s.name, "bot": s.bot, "empty": s.user_id is None and not s.bot}
            for i, s in enumerate(self.seats)
        ]

    def meta(self) -> dict[str, Any]:
        """Table metadata sent with every state message."""
        outcome = self.game.outcome
        return {
            "game": self.id,
            "status": self.status,
            "rules": self.rules,
            "variants": list(self.variants),
            "house": self.house,
            "practice": self.practice,
            "ranked": self.ranked,
            "match": self.match_id,
            "league": self.league,
            "players": self.players_meta(),
            "teams": [list(t) for t in self.game.rules.teams],
            "goals": [self.game.goal(i) for i in range(self.players)],
            "scores": [self.game.score(i) for i in range(self.players)],
            "draw_offers": sorted(self.draw_offers),
            "rematch_asked": sorted(self.rematch_requests),
            "rematch": self.rematch_id,
            "result": outcome.result() if outcome else None,
            "termination": self.game.termination if outcome else None,
            "time_control": self.time_control,
            "clock": clocks.clock_message(self),
        }


def seats_to_text(seats: set[int]) -> str | None:
    """The stored form of a set of seats (pending draw offers, rematch asks): ``"0 2"``,
    ``None`` when empty."""
    return " ".join(str(s) for s in sorted(seats)) or None


def seats_from_text(text: str | None, players: int) -> set[int]:
    """The seats stored as ``text`` by :func:`seats_to_text` (seats past ``players`` dropped)."""
    return {int(w) for w in (text or "").split() if w.isdigit() and int(w) < players}


def rules_of(
    rules: str,
    variants: tuple[str, ...] | list[str],
    players: int | None,
    house: dict[str, Any] | None,
) -> RuleSet:
    """The rule set object of a stored game: the house rule set (checked by
    :func:`~cuttle.engine.rules.house_rules`) or the preset ``rules``, with ``variants`` and
    ``players``. Raises :class:`~cuttle.engine.errors.InvalidRulesError`."""
    base: str | RuleSet = house_rules(house) if house is not None else rules
    return get_rules(base, list(variants), players)


def stored_event(seat: int, text: str) -> Event:
    """The event of one stored move row (seat -1 holds an agreed draw)."""
    return parse_event(text if seat < 0 else f"p{seat}: {text}")


def stored_text(event: Event) -> tuple[int, str]:
    """The ``(seat, text)`` a move row stores for ``event`` (seat -1: an agreed draw)."""
    seat = getattr(event, "seat", -1)
    line = event.line()
    return seat, line if seat < 0 else line.split(": ", 1)[1]


_GAMES = cast(SqlTable, GameRow.__table__)
_SEATS = cast(SqlTable, SeatRow.__table__)
_MOVES = cast(SqlTable, MoveRow.__table__)
READ_GAME = select(_GAMES).where(_GAMES.c.id == bindparam("gid"))
"""A game's row (Core, built once: :meth:`GameService._read`)."""
READ_SEATS = (
    select(_SEATS.c.user_id, _SEATS.c.bot, _SEATS.c.name)
    .where(_SEATS.c.game_id == bindparam("gid"))
    .order_by(_SEATS.c.seat)
)
"""Who sits in each of a game's seats, in seat order."""
READ_MOVES = (
    select(
        _MOVES.c.ply,
        _MOVES.c.seat,
        _MOVES.c.text,
        _MOVES.c.client_id,
        _MOVES.c.created_at,
        _MOVES.c.clocks,
    )
    .where(_MOVES.c.game_id == bindparam("gid"))
    .order_by(_MOVES.c.ply)
)
"""A game's stored moves, in order."""


def start_table(live: LiveGame) -> Table:
    """``live``'s table as dealt, before any event (for replays and catching up)."""
    t = live.table
    return Table.from_events(t.rules, live.deck, (), t.seats, t.practice)


class GameService:
    """Creates, loads and runs games; owns persistence, fan-out and the bots."""

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

        With a Redis ``bus`` (:class:`~cuttle.server.bus.RedisBus`) this worker shares its
        games with other workers: it publishes what it commits, applies what they publish,
        and checks its games against the database every ``reconcile_interval`` seconds.
        With a ``queue`` bot turns become jobs for ``cuttle bot-worker`` processes and this
        worker never runs a search itself. Blocking database calls on the request path
        go through ``offload`` (default: worker threads on every database but SQLite).
        """
        self.sessions = sessions
        self.bots = bots
        self.bot_delay = bot_delay
        self.bus = bus or LocalBus()
        self.queue = queue
        self.reconcile_interval = reconcile_interval
        self.live: dict[str, LiveGame] = {}
        self.engine = sessions.kw["bind"]
        self._insert_move = insert(cast(SqlTable, MoveRow.__table__))
        self.writer = GroupWriter(self.engine)
        self.offload = offload or Offload.for_engine(self.engine)
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}
        self._news: set[str] = set()
        """Games being read by :meth:`fetch` that other workers changed meanwhile."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.chat = Chat(self)
        self.claim_after = 60.0
        """Seconds every opponent must be away before a player may claim the win."""
        self.forget_after = 30.0
        """Seconds a held game nobody watches stays in memory (:meth:`forget_idle`)."""
        self.on_news: dict[str, Callable[[dict[str, Any]], None]] = {}
        """Handlers of bus news about no game, by kind (the app adds auth's ``forget``)."""
        self.on_game_over: list[Callable[[LiveGame], Awaitable[None] | None]] = []
        """Called (on the event loop, under the game's lock) once a game's end is stored,
        before its last event goes out; a hook that returns an awaitable (work in a worker
        thread) is awaited first, so other tables go on meanwhile."""

    # ----------------------------------------------------------------- lobby

    def create(
        self,
        user: User,
        rules: str = "standard",
        variants: list[str] | None = None,
        players: int | None = None,
        seats: list[dict[str, Any]] | None = None,
        my_seat: int | None = None,
        private: bool = False,
        house: Any = None,
        practice: bool = False,
        time_control: Any = None,
        ranked: bool = False,
        dry_run: bool = False,
    ) -> str:
        """Create a game and seat ``user``; return its id. Raises :class:`ServiceError`.
        With ``dry_run`` only check the request (and return ``""``). See :meth:`_create`."""
        return self._create(
            user, rules, variants, players, seats, my_seat, private, house, practice,
            time_control, ranked, dry_run,
        )[0]  # fmt: skip

    async def create_held(self, user: User, **options: Any) -> str:
        """:meth:`create` off the event loop (on a server database), then hold a game that
        waits for players in memory as created, so that joining it and opening its
        sockets need not read it back from the database. A game that starts at once (a
        bot seat) is left to be read when first watched, as before."""
        gid, live = await self.offload(self._create, user, **options)
        if live is not None and gid not in self.live and gid not in self._loading:
            self._hold(live)
        return gid

    def _create(
        self,
        user: User,
        rules: str = "standard",
        variants: list[str] | None = None,
        players: int | None = None,
        seats: list[dict[str, Any]] | None = None,
        my_seat: int | None = None,
        private: bool = False,
        house: Any = None,
        practice: bool = False,
        time_control: Any = None,
        ranked: bool = False,
        dry_run: bool = False,
    ) -> tuple[str, LiveGame | None]:
        """Create a game and seat ``user``; return its id and, for a game waiting for
        players, the live game as a read of its rows would give it (any thread: it touches
        no game held here). Raises :class:`ServiceError`.

        ``house`` is a house rule set as a JSON object (see
        :func:`~cuttle.engine.rules.house_rules`; it replaces ``rules``, and ``variants``
        and ``players`` apply on top); ``practice`` lays every hand face up for every seat.
        ``time_control`` (``"5+3"``, ``"30s"``; see :mod:`cuttle.server.clock`) times a
        game between people.
        ``ranked`` (registered people in every seat, a preset, no practice) rates the game:
        see :mod:`cuttle.server.league_service`.
        """
        variants = list(variants or [])
        if not all(isinstance(v, str) and v in VARIANTS for v in variants):
            raise ServiceError(f"unknown variant; known: {', '.join(VARIANTS)}")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ServiceError("players must be a number")
        if not isinstance(practice, bool):
            raise ServiceError("practice must be true or false")
        if not isinstance(private, bool):
            raise ServiceError("private must be true or false")
        house_json: str | None = None
        if house is not None:
            if not isinstance(house, dict):
                raise ServiceError("house must be a JSON object of house rules")
            house_json = json.dumps(house, sort_keys=True, separators=(",", ":"))
            if len(house_json) > MAX_HOUSE_CHARS:
                raise ServiceError(f"house rules too long: at most {MAX_HOUSE_CHARS} characters")
        elif not isinstance(rules, str) or rules not in PRESETS:
            raise ServiceError(f"unknown rule set {str(rules)[:40]!r}; known: {', '.join(PRESETS)}")
        try:
            rs = rules_of(rules, variants, players, house)
        except CuttleError as e:
            raise ServiceError(str(e)) from None
        if len(rs.name) > 32:
            raise ServiceError("the house rule set's name is too long: at most 32 characters")
        rules = rs.name if house is not None else rules
        n = rs.players
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (n - 1)
        if not isinstance(seats, list) or len(seats) != n:
            raise ServiceError(f"give exactly {n} seats for {rules} with {n} players")
        infos: list[SeatInfo] = []
        for i, s in enumerate(seats):
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind == "human":
                infos.append(SeatInfo(None, None, ""))
            elif kind == "bot":
                level = s.get("level", "easy")
                if not isinstance(level, str) or level not in BOT_LEVELS:
                    raise ServiceError(
                        f"seat {i}: bot level must be one of {', '.join(BOT_LEVELS)}"
                    )
                infos.append(SeatInfo(None, level, f"bot ({level})"))
            else:
                raise ServiceError(f"seat {i}: kind must be 'human' or 'bot'")
        humans = [i for i, s in enumerate(infos) if s.bot is None]
        if not isinstance(ranked, bool):
            raise ServiceError("ranked must be true or false")
        if ranked and (house is not None or practice or len(humans) != n or user.guest):
            raise ServiceError(
                "a ranked game is for registered people in every seat, a preset rule set, "
                "and no practice"
            )
        if not humans:
            raise ServiceError("at least one seat must be a person")
        if time_control is not None and time_control != "":
            try:
                time_control = clocks.parse_time_control(time_control).text
            except ValueError as e:
                raise ServiceError(str(e)) from None
            if len(humans) < n:
                raise ServiceError("clocks are for games between people: no bot seats")
        else:
            time_control = None
        if my_seat is None:
            my_seat = humans[0]
        if isinstance(my_seat, bool) or not isinstance(my_seat, int) or my_seat not in humans:
            raise ServiceError(f"my_seat must be one of the people's seats: {humans}")
        infos[my_seat] = SeatInfo(user.id, None, user.display)
        if dry_run:
            return "", None
        table = Table(rs, seed=secrets.randbits(64), practice=practice)
        assert table.game.start_deck is not None
        deck = [CARD_NAMES[c] for c in table.game.start_deck]
        status = "playing" if all(s.user_id or s.bot for s in infos) else "open"
        gid = secrets.token_urlsafe(6)
        now = time.time()
        columns: dict[str, Any] = {
            "id": gid,
            "rules": rules,
            "variants": " ".join(sorted(variants)),
            "players": n,
            "deck": " ".join(deck),
            "status": status,
            "private": bool(private),
            "house_rules": house_json,
            "practice": practice,
            "time_control": time_control,
            "ranked": ranked,
            "created_by": user.id,
            "created_at": now,
            "updated_at": now,
        }
        seat_rows = [
            SeatRow(game_id=gid, seat=i, user_id=info.user_id, bot=info.bot, name=info.name)
            for i, info in enumerate(infos)
        ]
        # Core inserts (the column defaults apply as in the ORM), not a unit of work.
        with self.engine.begin() as db:
            db.execute(insert(cast(SqlTable, GameRow.__table__)), columns)
            db.execute(
                insert(cast(SqlTable, SeatRow.__table__)),
                [
                    {"game_id": gid, "seat": i, "user_id": s.user_id, "bot": s.bot, "name": s.name}
                    for i, s in enumerate(infos)
                ],
            )
        if status != "open":
            return gid, None
        fresh = GameRow(**columns)  # never added to a session: the row as stored
        return gid, self._build(fresh, seat_rows, [], {c: [] for c in CHANNELS})

    def load(self, gid: str) -> LiveGame:
        """Return the live game ``gid``, rebuilding it from the database if needed (moves,
        pending draw offers and rematch asks)."""
        live = self.live.get(gid)
        if live is not None:
            return live
        return self._hold(self._read(gid))

    def _hold(self, live: LiveGame) -> LiveGame:
        """Hold the game just read: its bot turn, its clock's timer, and (with other
        workers) a question to them about who sits at their sockets."""
        self.live[live.id] = live
        self._maybe_bot(live)
        clocks.schedule(self, live)
        if self.bus.clustered and live.status == "playing":
            self._spawn(self.bus.publish({"k": "here?", "g": live.id}))
        return live

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` in the background on the running loop (kept until done)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # loaded outside the loop (start-up): nothing to ask yet
            work.close()
            return
        task = loop.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def fetch(self, gid: str, fresh: bool = False) -> LiveGame:
        """:meth:`load`, reading the game off the event loop (on a server database); several
        requests for the same game wait for one read.

        With ``fresh`` and other workers, a game held here still waiting for players (as
        :meth:`create_held` keeps it) is first checked against the database: another
        worker's join may be committed while its news is still on the way, and a socket
        opened now must get the game as it is."""
        live = self.live.get(gid)
        if live is not None:
            if fresh and self.bus.clustered and live.status == "open":
                async with live.lock:
                    old = live.n
                    if await self._resync_if_changed(live):
                        await self._catch_up(live, old, states=True)
                    self._maybe_bot(live)
            return live
        if not self.offload.threaded:
            return self.load(gid)
        pending = self._loading.get(gid)
        if pending is None:
            pending = self._loading[gid] = asyncio.ensure_future(self._fetch(gid))
            pending.add_done_callback(lambda _: self._loading.pop(gid, None))
        return await asyncio.shield(pending)

    async def _fetch(self, gid: str) -> LiveGame:
        """Read ``gid`` in a worker thread and hold it, unless :meth:`load` got there first.
        News from another worker that came in during the read is not in the copy read, so
        the game is read again (a few times at most; after that the database check of
        :meth:`reconcile` catches it up)."""
        for _ in range(3):
            self._news.discard(gid)
            fresh = await self.offload(self._read, gid)
            if gid not in self._news:
                break
        self._news.discard(gid)
        live = self.live.get(gid)
        if live is not None:
            return live
        return self._hold(fresh)

    def _read(self, gid: str) -> LiveGame:
        """Rebuild game ``gid`` from the database, checking every stored move (any thread:
        it touches no game held here)."""
        if not isinstance(gid, str) or len(gid) > 16 or "\x00" in gid:  # NUL: PostgreSQL refuses
            raise ServiceError("no such game", 404)
        with self.engine.connect() as db:  # Core rows: no ORM session or objects to set up
            row = db.execute(READ_GAME, {"gid": gid}).first()
            if row is None:
                raise ServiceError("no such game", 404)
            seat_rows = db.execute(READ_SEATS, {"gid": gid}).all()
            move_rows = db.execute(READ_MOVES, {"gid": gid}).all()
            chat = read_logs_on(db, gid)
        return self._build(row, seat_rows, move_rows, chat)

    def _build(
        self,
        row: GameRow | Row[Any],
        seat_rows: Sequence[SeatRow] | Sequence[Row[Any]],
        move_rows: Sequence[MoveRow] | Sequence[Row[Any]],
        chat: dict[str, list[dict[str, Any]]],
    ) -> LiveGame:
        """The live game of ``row``, its seats, moves and recent ``chat`` (each channel's
        messages), checking every move (any thread). The rows are ORM objects or Core rows
        alike: only their columns are read, by name."""
        gid = row.id
        variants = tuple(row.variants.split())
        deck = row.deck.split()
        house = json.loads(row.house_rules) if row.house_rules else None
        practice = bool(row.practice)
        seats = [SeatInfo(s.user_id, s.bot, s.name) for s in seat_rows]
        table = Table.from_events(
            rules_of(row.rules, variants, row.players, house),
            deck,
            [stored_event(m.seat, m.text) for m in move_rows],
            [Seat(f"p{i}", s.bot) for i, s in enumerate(seats)],  # names: see ``seats``
            practice,
        )
        live = LiveGame(
            id=gid,
            rules=row.rules,
            variants=variants,
            players=row.players,
            deck=deck,
            status=row.status,
            private=row.private,
            seats=seats,
            table=table,
            house=house,
            practice=practice,
            ranked=bool(row.ranked),
            match_id=row.match_id,
            rematch_id=row.rematch_id,
            draw_offers=seats_from_text(row.draw_offers, row.players),
            rematch_requests=seats_from_text(row.rematch_asks, row.players),
        )
        for m in move_rows:
            if m.client_id:
                live.client_ids[(m.seat, m.client_id)] = m.ply
        clocks.restore_termination(table, row.termination)
        if row.time_control:
            live.time_control = row.time_control
            if row.status != "open":
                control = clocks.parse_time_control(row.time_control)
                last = move_rows[-1] if move_rows else None
                live.clock = clocks.Clock(
                    control,
                    clocks.remaining_from_text(last.clocks if last else None, row.players, control),
                    None if table.is_over else table.to_act,
                    last.created_at if last else (row.clock_start or row.updated_at),
                )
        presence.refresh_away(live)
        live.chat = chat
        return live

    async def join(self, gid: str, user: User, seat: int | None = None) -> int:
        """Seat ``user`` in an empty person's seat of open game ``gid``; return the seat."""
        live = await self.fetch(gid)
        async with live.lock, self._shared(live):
            mine = live.seat_of(user.id)
            if mine is not None:
                return mine
            if live.status != "open":
                raise ServiceError("this game has no free seat", 409)
            if live.ranked and user.guest:
                raise ServiceError("ranked games are for registered players: sign up first", 403)
            free = [i for i, s in enumerate(live.seats) if s.user_id is None and s.bot is None]
            if seat is None:
                seat = free[0] if free else None
            if seat is None or seat not in free:
                raise ServiceError(f"seat not free; free seats: {free}", 409)
            full = all(s.user_id or s.bot for i, s in enumerate(live.seats) if i != seat)
            now = time.time()
            await self.offload(self._store_join, gid, seat, user, full, now)
            live.seats[seat] = SeatInfo(user.id, None, user.display)
            if full:
                live.status = "playing"
                if live.time_control:
                    control = clocks.parse_time_control(live.time_control)
                    live.clock = clocks.Clock.start(control, live.players, live.table.to_act, now)
                    clocks.schedule(self, live)
            for c in list(live.conns):
                if c.user_id == user.id:
                    c.seat = seat
                    await self.chat.send_log(live, c)
            presence.refresh_away(live)
            await self._send_states(live)
            await self.bus.publish(self._seat_news(live, seat))
            await presence.on_start(self, live)
            self._maybe_bot(live)
            return seat

    @staticmethod
    def _seat_news(live: LiveGame, seat: int) -> dict[str, Any]:
        """The bus message of a join just stored: who now sits in ``seat``, the game's
        status, and a timed game's clock once it started (``[remaining text, since]``, as
        event news carries it), so that another worker holding the game need not read it."""
        info = live.seats[seat]
        news: dict[str, Any] = {
            "k": "seat",
            "g": live.id,
            "seat": seat,
            "user": info.user_id,
            "name": info.name,
            "status": live.status,
        }
        if live.clock is not None:
            news["clock"] = [live.clock.text(), live.clock.since]
        return news

    def _store_join(self, gid: str, seat: int, user: User, full: bool, now: float) -> None:
        """Store ``user`` in ``seat`` of ``gid``; with ``full``, the game starts ``now``."""
        seats = cast(SqlTable, SeatRow.__table__)
        games = cast(SqlTable, GameRow.__table__)
        with self.engine.begin() as db:  # Core updates: no ORM session to set up
            db.execute(
                update(seats)
                .where(seats.c.game_id == gid, seats.c.seat == seat)
                .values(user_id=user.id, name=user.display)
            )
            if full:
                db.execute(
                    update(games)
                    .where(games.c.id == gid)
                    .values(status="playing", updated_at=now, clock_start=now)
                )

    # ----------------------------------------------------------------- sockets

    async def attach(self, live: LiveGame, conn: Conn) -> None:
        """Add a watcher and send it the whole state."""
        live.conns.add(conn)
        await conn.send(P.state_message(live.table, conn.seat, live.n, live.meta()))
        await self.chat.send_log(live, conn)
        await presence.on_attach(self, live, conn)

    def detach(self, live: LiveGame, conn: Conn) -> None:
        """Remove a watcher; forget a finished game nobody watches (with other workers, any
        game nobody here watches: it is read again from the database when needed)."""
        live.conns.discard(conn)
        live.used = time.monotonic()
        idle = live.status == "over" or self.bus.clustered
        if not live.conns and idle and (live.bot_turn_for < 0 or self.queue is not None):
            self.live.pop(live.id, None)
            if live.announced_seats:  # tell the other workers nobody sits here any more
                self._spawn(presence.announce(self, live))
        elif live.status == "playing":
            self._spawn(presence.on_detach(self, live))

    async def sync(self, live: LiveGame, conn: Conn, since: int) -> None:
        """Send ``conn`` the events after ``since`` (at most 50), or a fresh state."""
        n = live.n
        if since >= n or n - since > 50 or since < 0:
            await conn.send(P.state_message(live.table, conn.seat, n, live.meta()))
            return
        events = live.table.history
        table = start_table(live)
        names = P.seat_names(live.players_meta())
        for i, event in enumerate(events):
            table.apply(event)
            if i + 1 > since:
                await conn.send(P.event_message(table, conn.seat, i + 1, event.line(), names))

    async def submit(
        self,
        live: LiveGame,
        seat: int | None,
        text: str,
        cid: str | None = None,
        expected_n: int | None = None,
        conn: Conn | None = None,
    ) -> bool:
        """Play ``text`` for ``seat``: check it, store it, acknowledge it, tell every watcher.

        Returns whether the move was played. Errors go to ``conn`` only; nothing changes.
        """

        async def reply(msg: dict[str, Any]) -> None:
            if conn is not None:
                await conn.send(msg)

        async with live.lock:
            if seat is None:
                await reply(P.error_message("spectators cannot move", cid))
                return False
            if cid is not None and (seat, cid) in live.client_ids:
                await reply(P.ack_message(cid, live.client_ids[(seat, cid)]))
                return False
            if live.status != "playing":
                msg = "the game is over" if live.status == "over" else "waiting for players"
                await reply(P.error_message(msg, cid, live.n))
                return False
            if expected_n is not None and expected_n != live.n:
                await reply(
                    P.error_message(
                        f"stale move: the game is at event {live.n}, you sent {expected_n}",
                        cid,
                        live.n,
                    )
                )
                if conn is not None:
                    await self.sync(live, conn, expected_n)
                return False
            if live.table.to_act != seat:
                await reply(
                    P.error_message(f"not your turn: p{live.table.to_act} is to act", cid, live.n)
                )
                return False
            if await clocks.flag_if_expired(self, live):
                await reply(P.error_message("your time is up", cid, live.n))
                return False
            table = live.table.copy()  # the live table changes only once the move is stored
            try:
                event = table.play(seat, text)
            except CuttleError as e:
                await reply(P.error_message(str(e), cid, live.n))
                return False
            if not await self._store(live, table, event, cid):
                await reply(P.error_message("could not store the move; try again", cid))
                return False
            n = live.n
            await reply(P.ack_message(cid, n))
            await self._broadcast(live, event.line(), n, cid)
            self._maybe_bot(live)
            return True

    async def resign(
        self, live: LiveGame, seat: int | None, conn: Conn | None = None, cid: str | None = None
    ) -> bool:
        """Resign for ``seat`` (any time while playing)."""
        async with live.lock:
            if seat is None or live.status != "playing":
                if conn:
                    await conn.send(P.error_message("you cannot resign here", cid))
                return False
            table = live.table.copy()
            try:
                event = table.resign(seat)
            except CuttleError as e:
                if conn:
                    await conn.send(P.error_message(str(e), cid))
                return False
            if not await self._store(live, table, event, cid):
                if conn:
                    await conn.send(P.error_message("could not store; try again", cid))
                return False
            if conn:
                await conn.send(P.ack_message(cid, live.n))
            await self._broadcast(live, event.line(), live.n, cid)
            return True

    async def draw(
        self, live: LiveGame, seat: int | None, action: str, conn: Conn | None = None
    ) -> None:
        """Offer, accept or decline a draw; when every seat agrees the game is drawn.

        A changed set of pending offers is stored before it is announced, so an offer
        outlives a restart; a move clears it (see :meth:`_store`).
        """
        async with live.lock, self._shared(live):
            if seat is None or live.status != "playing":
                if conn:
                    await conn.send(P.error_message("no draw can be offered here"))
                return
            if action == "accept" and not live.draw_offers:
                if conn:
                    await conn.send(P.error_message("there is no draw offer to accept"))
                return
            offers = set() if action == "decline" else live.draw_offers | {seat}
            if offers == set(range(live.players)):
                table = live.table.copy()
                agreed: Event | None = None
                for s in sorted(offers):  # every seat offers at the table: the draw is agreed
                    agreed = table.offer_draw(s)
                assert agreed is not None
                if not await self._store(live, table, agreed, None):
                    if conn:
                        await conn.send(P.error_message("could not store the draw; try again"))
                    return
                live.draw_offers.clear()
                await self._broadcast(live, agreed.line(), live.n)
                return
            msg: dict[str, Any] = {"t": "offer", "draw": sorted(offers)}
            if offers and any(s.bot for s in live.seats):
                offers = set()  # bots decline
                msg = {"t": "offer", "draw": [], "note": "the bot declines"}
            if not await self._store_seats(live, "draw_offers", live.draw_offers, offers, conn):
                return
            live.draw_offers = offers
            await self._to_all(live, msg)

    async def rematch(self, live: LiveGame, seat: int | None, conn: Conn | None = None) -> None:
        """Ask for a rematch; once every person asks, start it with the seats rotated.

        The asks are stored before they are announced, so they outlive a restart.
        """
        async with live.lock, self._shared(live):
            if seat is None or live.status != "over":
                if conn:
                    await conn.send(P.error_message("a rematch needs a finished game you played"))
                return
            if live.rematch_id is None:
                asked = live.rematch_requests | {seat}
                people = {i for i, s in enumerate(live.seats) if not s.bot}
                if not people <= asked:
                    if not await self._store_seats(
                        live, "rematch_asks", live.rematch_requests, asked, conn
                    ):
                        return
                    live.rematch_requests = asked
                    await self._to_all(live, {"t": "rematch", "asked": sorted(asked)})
                    return
                rematch_id = await self.offload(self._create_rematch, live)
                live.rematch_requests = asked
                live.rematch_id = rematch_id
                if live.time_control:
                    await self.fetch(rematch_id)  # its clock runs now: arm its timer
            await self._to_all(live, {"t": "rematch", "game": live.rematch_id})

    async def _store_seats(
        self, live: LiveGame, column: str, old: set[int], new: set[int], conn: Conn | None
    ) -> bool:
        """Store ``new`` as the game's ``column`` (``draw_offers`` or ``rematch_asks``) unless
        it equals ``old``; durable when this returns ``True``. On failure tell ``conn``."""
        if new == old:
            return True
        stmt = update(GameRow).where(GameRow.id == live.id).values({column: seats_to_text(new)})
        try:
            await self.writer.write([(stmt, {})])
        except Exception:
            log.exception("storing %s of game %s failed", column, live.id)
            if conn:
                await conn.send(P.error_message("could not store that; try again"))
            return False
        return True

    def _create_rematch(self, live: LiveGame) -> str:
        """Store the rematch of ``live`` (seats rotated); return its id (any thread: it only
        reads ``live``, whose lock the caller holds)."""
        n = live.players
        rotated = [live.seats[(i - 1) % n] for i in range(n)]
        table = Table(live.table.rules, seed=secrets.randbits(64), practice=live.practice)
        assert table.game.start_deck is not None
        deck = " ".join(CARD_NAMES[c] for c in table.game.start_deck)
        gid = secrets.token_urlsafe(6)
        now = time.time()
        with self.sessions.begin() as db:
            db.add(
                GameRow(
                    id=gid,
                    rules=live.rules,
                    variants=" ".join(live.variants),
                    players=n,
                    deck=deck,
                    status="playing",
                    private=live.private,
                    house_rules=(
                        json.dumps(live.house, sort_keys=True, separators=(",", ":"))
                        if live.house is not None
                        else None
                    ),
                    practice=live.practice,
                    time_control=live.time_control,
                    clock_start=now,
                    created_at=now,
                    updated_at=now,
                    rematch_of=live.id,
                )
            )
            db.flush()
            for i, s in enumerate(rotated):
                db.add(SeatRow(game_id=gid, seat=i, user_id=s.user_id, bot=s.bot, name=s.name))
            db.execute(update(GameRow).where(GameRow.id == live.id).values(rematch_id=gid))
        return gid

    # ----------------------------------------------------------------- internals

    async def _store(self, live: LiveGame, table: Table, event: Event, cid: str | None) -> bool:
        """Store ``event``, the newest of ``table`` (a changed copy of the live table), as
        event ``len(table.history)``, then make ``table`` the live table. Returns ``False``
        (the live table unchanged) if it could not be stored.

        The write joins the moves of other tables in one group commit
        (:class:`~cuttle.server.writer.GroupWriter`); it is durable when this returns.
        """
        n = len(table.history)
        seat, text = stored_text(event)
        game = table.game
        now = time.time()
        clock = clocks.clock_after(live, table, event, now)
        statements: list[Statement] = [
            (
                self._insert_move,
                {
                    "game_id": live.id,
                    "ply": n,
                    "seat": seat,
                    "text": text,
                    "client_id": cid,
                    "created_at": now,
                    "clocks": clock.text() if clock else None,
                },
            )
        ]
        if game.is_over:
            outcome = game.outcome
            games = cast(SqlTable, GameRow.__table__)
            statements.append(
                (
                    update(games)
                    .where(games.c.id == live.id)
                    .values(
                        status="over",
                        updated_at=now,
                        result=outcome.result() if outcome else None,
                        termination=game.termination,
                    ),
                    {},
                )
            )
        if live.draw_offers:  # a move ends pending draw offers, in the same transaction
            clear = update(GameRow).where(GameRow.id == live.id).values(draw_offers=None)
            statements.append((clear, {}))
        try:
            await self.writer.write(statements)
        except IntegrityError:  # another worker stored event n first: take the database's
            log.warning("move %s of game %s was stored by another worker first", n, live.id)
            if await self._resync(live):
                await self._send_states(live)
                self._maybe_bot(live)
            return False
        except Exception:
            log.exception("storing move %s of game %s failed", n, live.id)
            if await self._resync(live):
                await self._send_states(live)
                self._maybe_bot(live)
            return False
        live.table = table
        live.draw_offers.clear()
        if cid is not None:
            live.client_ids[(seat, cid)] = n
        live.clock = clock
        if game.is_over:
            live.status = "over"
        clocks.schedule(self, live)
        if game.is_over:
            for hook in self.on_game_over:
                try:
                    done = hook(live)
                    if done is not None:
                        await done
                except Exception:
                    log.exception("game-over hook failed for game %s", live.id)
        return True

    async def _resync(self, live: LiveGame) -> bool:
        """After a failed write, take the game as the database has it (a commit may have
        landed before its connection broke, or another writer got there first); keep the
        memory copy if reading fails too. Returns whether the game changed."""
        try:
            fresh = await self.offload(self._read, live.id)
        except Exception:
            log.exception("reloading game %s failed", live.id)
            return False
        return self._adopt(live, fresh)

    def _adopt(self, live: LiveGame, fresh: LiveGame) -> bool:
        """Make ``live`` what ``fresh`` (just read) holds; return whether it changed."""
        changed = (
            fresh.n != live.n
            or fresh.status != live.status
            or fresh.draw_offers != live.draw_offers
            or fresh.rematch_requests != live.rematch_requests
            or fresh.rematch_id != live.rematch_id
            or fresh.seats != live.seats
        )
        live.table = fresh.table
        live.client_ids = fresh.client_ids
        live.status = fresh.status
        live.draw_offers = fresh.draw_offers
        live.rematch_requests = fresh.rematch_requests
        live.clock = fresh.clock
        clocks.schedule(self, live)
        live.rematch_id = fresh.rematch_id
        live.seats = fresh.seats
        for c in live.conns:
            c.seat = live.seat_of(c.user_id)
        return changed

    async def _broadcast(
        self, live: LiveGame, line: str, n: int, cid: str | None = None, publish: bool = True
    ) -> None:
        """Send event ``n`` (``line``) to every watcher here, each their own seat's view;
        with ``publish``, tell the other workers too (the line and number only), unless
        none listens (:meth:`~cuttle.server.bus.RedisBus.alone`)."""
        if publish and not self.bus.alone():
            news: dict[str, Any] = {"k": "event", "g": live.id, "n": n, "line": line, "cid": cid}
            if live.clock is not None:  # the clock as stored with the event
                news["clock"] = [live.clock.text(), live.clock.since]
            await self.bus.publish(news)
        cache: dict[int | None, dict[str, Any]] = {}
        names = P.seat_names(live.players_meta())
        for c in list(live.conns):
            msg = cache.get(c.seat)
            if msg is None:
                msg = cache[c.seat] = P.event_message(live.table, c.seat, n, line, names)
                if live.table.is_over:
                    msg["meta"] = live.meta()
                if live.clock is not None:
                    msg["clock"] = clocks.clock_message(live)
            await self._safe_send(live, c, msg)

    async def _send_states(self, live: LiveGame) -> None:
        for c in list(live.conns):
            await self._safe_send(live, c, P.state_message(live.table, c.seat, live.n, live.meta()))

    async def _to_all(self, live: LiveGame, msg: dict[str, Any], publish: bool = True) -> None:
        """Send ``msg`` (public: an offer or a rematch ask) to every watcher, here and, with
        ``publish``, on the other workers."""
        if publish:
            await self.bus.publish({"k": "msg", "g": live.id, "msg": msg})
        for c in list(live.conns):
            await self._safe_send(live, c, msg)

    async def _safe_send(self, live: LiveGame, c: Conn, msg: dict[str, Any]) -> None:
        try:
            await c.send(msg)
        except Exception:
            live.conns.discard(c)

    def _maybe_bot(self, live: LiveGame) -> None:
        """Start the bot's turn if a bot seat is to act and no turn is under way (with a
        queue: add it to the queue for a bot worker)."""
        if live.status != "playing" or live.table.is_over:
            return
        seat = live.table.to_act
        if live.seats[seat].bot is None or live.bot_turn_for == live.n:
            return
        live.bot_turn_for = live.n
        live.bot_since = time.monotonic()
        turn = self._bot_turn(live, seat, live.n) if self.queue is None else self._queue_bot(live)
        try:
            task = asyncio.get_running_loop().create_task(turn)
        except RuntimeError:  # no loop (loaded from a thread): the next event starts it
            turn.close()
            live.bot_turn_for = -1
            return
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, live: LiveGame, seat: int, n: int) -> None:
        try:
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            table = live.table
            if live.n != n or table.to_act != seat:
                return
            spec = live.seats[seat].bot or "random"
            seed = zlib.crc32(f"{live.id}:{n}".encode())
            move, fallback = await self.bots.choose(spec, seed, table.view(seat))
            if fallback is not None:
                log.warning(
                    "bot %s at p%d of game %s fell back to a random move: %s",
                    spec,
                    seat,
                    live.id,
                    fallback,
                )
            await self.submit(live, seat, move, cid=f"bot-{n}", expected_n=n)
        except Exception:
            log.exception("bot turn failed in game %s", live.id)
        finally:
            if live.bot_turn_for == n:
                live.bot_turn_for = -1
            if live.n != n:
                self._maybe_bot(live)

    async def _queue_bot(self, live: LiveGame) -> None:
        """Queue the bot turn after event ``live.n`` for a bot worker (once per turn across
        workers). If Redis cannot take it, :meth:`reconcile` tries again."""
        assert self.queue is not None
        n = live.n
        try:
            await self.queue.enqueue(live.id, n, time.time() + self.bot_delay)
        except Exception as e:
            log.warning("queueing the bot turn %s:%d failed (%s); will retry", live.id, n, e)
            if live.bot_turn_for == n:
                live.bot_turn_for = -1

    async def play_bot_job(
        self, gid: str, n: int, not_before: float, fallback: bool = False
    ) -> None:
        """Play the bot turn after event ``n`` of game ``gid`` (a bot worker's job): read
        the game from the database; if a bot is still to act at event ``n``, wait until
        ``not_before``, search, and submit the move (stored, published, and the next bot
        turn queued). A turn that is over already is nothing to do. Raises if the move
        could not be stored, so that the job is retried. With ``fallback`` (the bot failed
        this turn too often, see :mod:`~cuttle.server.botqueue`) the move is a random legal
        one chosen here, without a search."""
        live = await self.offload(self._read, gid)
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
        live.bot_turn_for = n  # this worker is playing it
        if not await self.submit(live, seat, move, cid=f"bot-{n}", expected_n=n):
            if live.n > n:
                return  # someone else stored this turn (a retried job): done
            raise RuntimeError(f"could not store bot move {move!r} at {gid}:{n}")
        # submit queued the next bot turn, if any: let that finish before the job ends
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # ----------------------------------------------------------------- other workers

    @contextlib.asynccontextmanager
    async def _shared(self, live: LiveGame) -> AsyncIterator[None]:
        """With other workers: hold the game's lock across workers and bring ``live`` up to
        date from the database first (for seat changes, draw offers and rematch asks)."""
        if not self.bus.clustered:
            yield
            return
        async with self.bus.lock(live.id):
            old = live.n
            if await self._resync_if_changed(live):
                await self._catch_up(live, old)
            yield

    async def _resync_if_changed(self, live: LiveGame) -> bool:
        """:meth:`_resync` ``live`` unless a short read finds the database holding what
        this copy holds (its number of moves, status, draw offers, rematch asks and
        rematch, and seats); return whether it changed. Moves once stored never change, so
        equal facts mean an equal game, and the whole game need not be read and replayed."""
        try:
            facts = await self.offload(self._facts_of, live.id)
        except Exception:
            facts = None
        if facts is not None and facts == (*self._mine(live), self._seat_facts(live.seats)):
            return False
        return await self._resync(live)

    @staticmethod
    def _mine(live: LiveGame) -> tuple[Any, ...]:
        """What this copy holds of the facts :meth:`_facts` reads."""
        return (
            live.n,
            live.status,
            seats_to_text(live.draw_offers),
            seats_to_text(live.rematch_requests),
            live.rematch_id,
        )

    @staticmethod
    def _seat_facts(seats: Sequence[Any]) -> tuple[tuple[Any, ...], ...]:
        """Who sits in each seat (``SeatInfo`` or seat rows), for comparing."""
        return tuple((s.user_id, s.bot, s.name) for s in seats)

    def _facts_of(self, gid: str) -> tuple[Any, ...] | None:
        """The facts of :meth:`_facts` of game ``gid`` and its seats (``None``: no such
        game), on one connection (any thread)."""
        seats = cast(SqlTable, SeatRow.__table__)
        with self.engine.connect() as db:
            found = self._facts_on(db, [gid]).get(gid)
            if found is None:
                return None
            rows = db.execute(
                select(seats.c.user_id, seats.c.bot, seats.c.name)
                .where(seats.c.game_id == gid)
                .order_by(seats.c.seat)
            ).all()
        return (*found, self._seat_facts(rows))

    async def start(self) -> None:
        """Start listening to other workers (with a Redis bus) and checking games against
        the database every ``reconcile_interval`` seconds."""
        if not self.bus.clustered:  # one process: only forget games nobody came to
            task = asyncio.get_running_loop().create_task(self._forget_loop())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            return
        await self.bus.start(self._on_bus, lambda: self.reconcile(force=True), self._retell)
        task = asyncio.get_running_loop().create_task(self._reconcile_loop())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _retell(self) -> None:
        """A worker this one had not heard is listening: tell it the newest event of every
        game held here. A move stored here while this worker heard no other went untold
        (see :mod:`~cuttle.server.bus`), and the newcomer may have read the game just
        before it; a worker that has the event already ignores it."""
        for live in list(self.live.values()):
            n = live.n
            if n == 0 or live.status == "open":
                continue
            await self.bus.publish(self._news(live, live.table.history[-1].line(), n))

    def _news(self, live: LiveGame, line: str, n: int, cid: str | None = None) -> dict[str, Any]:
        """The bus message of event ``n`` (``line``) of ``live``, with the client id it
        was sent with (by default looked up) and the clock as stored with it."""
        if cid is None:
            cid = next((c for (_, c), k in live.client_ids.items() if k == n), None)
        news: dict[str, Any] = {"k": "event", "g": live.id, "n": n, "line": line, "cid": cid}
        if live.clock is not None:  # the clock as stored with the event
            news["clock"] = [live.clock.text(), live.clock.since]
        return news

    async def _on_bus(self, msg: dict[str, Any]) -> None:
        """Apply another worker's news about a game held here, and tell its watchers (news
        about no game goes to its handler in :attr:`on_news`)."""
        hook = self.on_news.get(str(msg.get("k")))
        if hook is not None:
            hook(msg)
            return
        gid = str(msg.get("g"))
        live = self.live.get(gid)
        if live is None:
            if gid in self._loading:
                self._news.add(gid)  # being read: read it again (see _fetch)
            return
        kind = msg.get("k")
        async with live.lock:
            if kind == "event":
                n = msg.get("n")
                if not isinstance(n, int) or n <= live.n:
                    return
                if n == live.n + 1 and self._apply_event(
                    live, str(msg.get("line")), msg.get("cid"), msg.get("clock")
                ):
                    await self._broadcast(live, str(msg.get("line")), n, publish=False)
                else:  # a gap (news lost) or an event that does not apply: the database decides
                    old = live.n
                    await self._resync(live)
                    await self._catch_up(live, old)
                self._maybe_bot(live)
            elif kind == "msg":
                inner = msg.get("msg")
                if not isinstance(inner, dict):
                    return
                if inner.get("t") == "offer":
                    live.draw_offers = {s for s in inner.get("draw", []) if isinstance(s, int)}
                elif inner.get("t") == "rematch":
                    if "asked" in inner:
                        live.rematch_requests = set(inner["asked"])
                    if "game" in inner:
                        live.rematch_id = str(inner["game"])
                await self._to_all(live, inner, publish=False)
            elif kind == "chat":  # a message stored by another worker
                inner = msg.get("msg")
                if isinstance(inner, dict):
                    await self.chat.deliver(live, inner)
            elif kind in ("here", "here?"):
                await presence.on_news(self, live, msg)
            elif kind == "seat":  # a join stored by another worker
                if not await self._apply_seat(live, msg):
                    await self._reload(live)
            elif kind == "reload":
                await self._reload(live)

    async def _reload(self, live: LiveGame) -> None:
        """Take ``live`` as the database has it after another worker changed it, and send
        its watchers fresh states if it changed."""
        old = live.n
        if await self._resync(live):  # unchanged: this copy was read after that change
            await self._catch_up(live, old, states=True)
        await presence.on_start(self, live)
        self._maybe_bot(live)

    async def _apply_seat(self, live: LiveGame, msg: dict[str, Any]) -> bool:
        """Seat the person of another worker's join news (:meth:`_seat_news`) in ``live``
        and tell the watchers here; ``False`` (nothing changed: the caller reloads the game)
        when the news does not fit this copy (:meth:`_join_fits`). News this copy already
        holds (it was read after the join) is done."""
        found = self._join_in_news(live, msg)
        if found is None:
            return False
        seat, info, status = found
        if live.seats[seat] == info and live.status == status:
            return True  # read after the join: nothing to add
        if not self._join_fits(live, seat, info, status):
            return False
        clock = None
        if status == "playing" and live.time_control:
            clock = clocks.clock_from_start(live, msg.get("clock"))
            if clock is None:
                return False
        live.seats[seat] = info
        live.status = status
        if clock is not None:
            live.clock = clock
            clocks.schedule(self, live)
        for c in list(live.conns):
            if c.user_id == info.user_id:
                c.seat = seat
                await self._safe_send(live, c, log_message(live, channel_of(seat)))
        presence.refresh_away(live)
        await self._send_states(live)
        await presence.on_start(self, live)
        self._maybe_bot(live)
        return True

    @staticmethod
    def _join_in_news(live: LiveGame, msg: dict[str, Any]) -> tuple[int, SeatInfo, str] | None:
        """The seat, its new sitter and the game's status that join news ``msg`` tells
        (``None``: not well formed for ``live``)."""
        seat, user, name, status = (msg.get(k) for k in ("seat", "user", "name", "status"))
        if not (isinstance(seat, int) and isinstance(user, int) and isinstance(name, str)):
            return None
        if not 0 <= seat < live.players or status not in ("open", "playing"):
            return None
        return seat, SeatInfo(user, None, name), status

    @staticmethod
    def _join_fits(live: LiveGame, seat: int, info: SeatInfo, status: str) -> bool:
        """Whether ``live`` can take the join of ``info`` in ``seat`` as told: the game is
        open here, the seat free and the person seated nowhere else, and ``status`` is what
        the join makes of the seats here (news missed before it would show as a seat short)."""
        if live.status != "open" or live.seat_of(info.user_id) is not None:
            return False
        if live.seats[seat].user_id is not None or live.seats[seat].bot is not None:
            return False
        full = all(s.user_id or s.bot for i, s in enumerate(live.seats) if i != seat)
        return status == ("playing" if full else "open")

    def _apply_event(self, live: LiveGame, line: str, cid: Any, clock: Any = None) -> bool:
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
        if live.clock is not None:
            live.clock = clocks.clock_from_news(live.clock, table, event, clock)
        live.table = table
        live.draw_offers.clear()  # a move ends pending draw offers
        clocks.schedule(self, live)
        seat = getattr(event, "seat", -1)
        if isinstance(cid, str):
            live.client_ids[(seat, cid)] = live.n
        if table.is_over:
            live.status = "over"
        return True

    async def _catch_up(self, live: LiveGame, old: int, states: bool = False) -> None:
        """After ``live`` was reloaded from event ``old``: send every watcher the events it
        missed (or a fresh state)."""
        for c in list(live.conns):
            try:
                if live.n > old and not states:
                    await self.sync(live, c, old)
                else:
                    await c.send(P.state_message(live.table, c.seat, live.n, live.meta()))
            except Exception:
                live.conns.discard(c)

    async def reconcile(self, force: bool = False) -> None:
        """Check every game held here against the database and catch its watchers up on
        whatever this worker missed (a lost pub/sub message, a Redis restart); queue again
        a bot turn left waiting for a lease; forget idle games nobody watches here.

        A copy is reloaded when it is still behind what the database held at the previous
        check (news in flight arrives within milliseconds, so a whole interval later it is
        lost), or at once with ``force`` (after Redis came back)."""
        if not self.live:
            return
        now = time.monotonic()
        self.forget_idle(now)
        found = await self.offload(self._facts, list(self.live))
        for gid, facts in found.items():
            live = self.live.get(gid)
            if live is not None:
                await self._check(live, facts, force, now)

    def _facts(self, ids: list[str]) -> dict[str, tuple[Any, ...]]:
        """What the database holds of games ``ids``: the number of moves, the status, the
        draw offers, the rematch asks and the rematch (any thread)."""
        with self.engine.connect() as db:
            return self._facts_on(db, ids)

    @staticmethod
    def _facts_on(db: Connection, ids: list[str]) -> dict[str, tuple[Any, ...]]:
        """:meth:`_facts` on the connection ``db``."""
        games = cast(SqlTable, GameRow.__table__)
        moves = cast(SqlTable, MoveRow.__table__)
        plies = (
            select(func.coalesce(func.max(moves.c.ply), 0))
            .where(moves.c.game_id == games.c.id)
            .scalar_subquery()
        )
        found: dict[str, tuple[Any, ...]] = {}
        for i in range(0, len(ids), 500):
            rows = db.execute(
                select(
                    games.c.id,
                    plies,
                    games.c.status,
                    games.c.draw_offers,
                    games.c.rematch_asks,
                    games.c.rematch_id,
                ).where(games.c.id.in_(ids[i : i + 500]))
            ).all()
            found.update({r[0]: tuple(r[1:]) for r in rows})
        return found

    async def _check(self, live: LiveGame, facts: tuple[Any, ...], force: bool, now: float) -> None:
        """Catch ``live`` up if it is behind the database's ``facts`` (see :meth:`reconcile`),
        and queue again a bot turn left waiting."""
        if facts == self._mine(live):
            live.suspect = None
        elif force or (
            live.suspect is not None
            and (live.n < live.suspect[0] or (facts == live.suspect and live.n == facts[0]))
        ):
            live.suspect = None
            async with live.lock:
                old = live.n
                if await self._resync(live):
                    log.info("game %s caught up from the database (%d -> %d)", live.id, old, live.n)
                    await self._catch_up(live, old)
        else:
            live.suspect = facts
        if self.queue is not None:
            stale = now - live.bot_since > 2 * max(1.0, self.bot_delay)
            if live.bot_turn_for == live.n and stale:
                live.bot_turn_for = -1  # queued a while ago: again (a no-op if still there)
            self._maybe_bot(live)

    def forget_idle(self, now: float, only_open: bool = False) -> list[str]:
        """Forget the games held here that nobody has watched for :attr:`forget_after`
        seconds (as of ``now``, monotonic) and whose bot turn, if any, is not this
        process's to play; with ``only_open``, only those still waiting for players (one
        process keeps a game in play for its clock). The database has them: they are read
        again when asked for. Returns their ids."""
        gone = [
            gid
            for gid, live in self.live.items()
            if not live.conns
            and now - live.used > self.forget_after
            and (live.bot_turn_for < 0 or self.queue is not None)
            and (live.status == "open" or not only_open)
        ]
        for gid in gone:
            del self.live[gid]
        return gone

    async def _forget_loop(self) -> None:
        """One process: forget, now and then, the created games nobody came to."""
        while True:
            await asyncio.sleep(min(self.forget_after, 30.0))
            self.forget_idle(time.monotonic(), only_open=True)

    async def _reconcile_loop(self) -> None:
        while True:
            await asyncio.sleep(self.reconcile_interval)
            try:
                await self.reconcile()
            except Exception as e:
                log.warning("checking games against the database failed: %s", e)
            try:
                await presence.heartbeat(self)
            except Exception:
                log.exception("telling the other workers who is at the table failed")

    async def close(self) -> None:
        """Cancel bot turns under way, stop listening and release the move writer."""
        for t in list(self._tasks):
            t.cancel()
        await self.bus.close()
        if self.queue is not None:
            await self.queue.close()
        self.writer.close()
        self.offload.close()
