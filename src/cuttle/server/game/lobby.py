"""Creating, loading and joining games.

A create request (untrusted JSON values) is checked here into a
:class:`~cuttle.server.game.spec.GameSpec` and stored by
:func:`~cuttle.server.game.spec.insert_game`, the one way every game is made. Games are
read from the database when first asked for and held in the round's memory; several
requests for one game wait for one read. Joining takes a free seat and, once every seat
is taken, starts the game (and its clock).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from cuttle.engine.errors import CuttleError
from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.i18n import N_

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..models import User
from . import clockwork as clocks
from .attendance import Attendance
from .chat import CHANNELS, Chat
from .live import LiveGame, SeatInfo
from .presence import refresh_away
from .round import Round
from .spec import GameSpec, SeatSpec, house_text, insert_game, rules_of
from .store import GAMES, build

_UNSET: dict[str, Any] = {c.name: None for c in GAMES.columns}
"""Every column of a game row, unset (``None``), as on a new ORM object."""

MAX_HOUSE_CHARS = 4000
"""The longest house rule set (as JSON) a game may be created with."""


def _is_int(value: object) -> bool:
    """Whether ``value`` is a JSON whole number (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_create(
    user: User,
    rules: object = "standard",
    variants: object = None,
    players: object = None,
    seats: object = None,
    my_seat: object = None,
    private: object = False,
    house: object = None,
    practice: object = False,
    time_control: object = None,
    ranked: object = False,
) -> GameSpec:
    """The game a create request asks for, with ``user`` in ``my_seat``; raises
    :class:`ServiceError` saying what is wrong. The values are untrusted JSON.

    ``house`` is a house rule set as a JSON object (see
    :func:`~cuttle.engine.rules.house_rules`; it replaces ``rules``, and ``variants`` and
    ``players`` apply on top); ``practice`` lays every hand face up for every seat.
    ``time_control`` (``"5+3"``, ``"30s"``; see :mod:`~.clockwork`) times a game between
    people. ``ranked`` (registered people in every seat, a preset, no practice) rates it.
    """
    names = list(variants) if isinstance(variants, (list, tuple)) else variants
    if names is None:
        names = []
    if not isinstance(names, list) or not all(isinstance(v, str) and v in VARIANTS for v in names):
        raise ServiceError(N_("unknown variant; known: {known}"), known=", ".join(VARIANTS))
    if players is not None and not _is_int(players):
        raise ServiceError(N_("players must be a number"))
    for name, value in (("practice", practice), ("private", private), ("ranked", ranked)):
        if not isinstance(value, bool):
            raise ServiceError(N_("{name} must be true or false"), name=name)
    assert isinstance(practice, bool) and isinstance(private, bool) and isinstance(ranked, bool)
    if house is not None:
        if not isinstance(house, dict):
            raise ServiceError(N_("house must be a JSON object of house rules"))
        try:
            size = len(house_text(house))
        except (TypeError, ValueError, RecursionError):
            raise ServiceError(N_("house must be a JSON object of house rules")) from None
        if size > MAX_HOUSE_CHARS:
            raise ServiceError(
                N_("house rules too long: at most {limit} characters"), limit=MAX_HOUSE_CHARS
            )
    elif not isinstance(rules, str) or rules not in PRESETS:
        raise ServiceError(
            N_("unknown rule set {rules}; known: {known}"),
            rules=repr(str(rules)[:40]),
            known=", ".join(PRESETS),
        )
    try:
        count = players if isinstance(players, int) else None
        rs = rules_of(rules if isinstance(rules, str) else "", names, count, house)
    except CuttleError as e:
        raise ServiceError(str(e)) from None
    if len(rs.name) > 32:
        raise ServiceError(N_("the house rule set's name is too long: at most 32 characters"))
    name = rs.name if house is not None else str(rules)
    n = rs.players
    if seats is None:
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (n - 1)
    if not isinstance(seats, list) or len(seats) != n:
        raise ServiceError(N_("give exactly {n} seats for {name} with {n} players"), n=n, name=name)
    infos: list[SeatSpec] = []
    for i, s in enumerate(seats):
        kind = s.get("kind") if isinstance(s, dict) else None
        if kind == "human":
            infos.append(SeatSpec(None, None, ""))
        elif kind == "bot":
            assert isinstance(s, dict)
            level = s.get("level", "easy")
            if not isinstance(level, str) or level not in BOT_LEVELS:
                raise ServiceError(
                    N_("seat {seat}: bot level must be one of {levels}"),
                    seat=i,
                    levels=", ".join(BOT_LEVELS),
                )
            infos.append(SeatSpec(None, level, f"bot ({level})"))
        else:
            raise ServiceError(N_("seat {seat}: kind must be 'human' or 'bot'"), seat=i)
    humans = [i for i, s in enumerate(infos) if s.bot is None]
    if ranked and (house is not None or practice or len(humans) != n or user.guest):
        raise ServiceError(
            N_(
                "a ranked game is for registered people in every seat, a preset rule set, "
                "and no practice"
            )
        )
    if not humans:
        raise ServiceError(N_("at least one seat must be a person"))
    control: str | None = None
    if time_control is not None and time_control != "":
        try:
            control = clocks.parse_time_control(time_control).text
        except ValueError as e:
            raise ServiceError(str(e)) from None
        if len(humans) < n:
            raise ServiceError(N_("clocks are for games between people: no bot seats"))
    if my_seat is None:
        my_seat = humans[0]
    if not _is_int(my_seat) or my_seat not in humans:
        raise ServiceError(N_("my_seat must be one of the people's seats: {seats}"), seats=humans)
    assert isinstance(my_seat, int)
    infos[my_seat] = SeatSpec(user.id, None, user.display)
    try:
        return GameSpec(
            rules=name,
            players=n,
            seats=tuple(infos),
            variants=tuple(sorted(names)),
            private=private,
            house=house if isinstance(house, dict) else None,
            practice=practice,
            time_control=control,
            ranked=ranked,
            created_by=user.id,
        )
    except ValueError as e:
        raise ServiceError(str(e)) from None


class Lobby:
    """Creates, loads and seats people in the games of ``rnd``."""

    def __init__(self, rnd: Round, attendance: Attendance, chat: Chat) -> None:
        """Serve ``rnd``'s games; tell who came through ``attendance`` and ``chat``."""
        self.round = rnd
        self.attendance = attendance
        self.chat = chat
        self.loading: dict[str, asyncio.Future[LiveGame]] = {}
        """Games being read by :meth:`fetch`, by id."""
        self.heard: set[str] = set()
        """Games being read that other workers changed meanwhile (read them again)."""
        self.on_hold: list[Callable[[LiveGame], None]] = []
        """Called when a game is held in memory (other workers are asked who is here)."""

    def create(self, spec: GameSpec) -> tuple[str, LiveGame | None]:
        """Store the game ``spec``; return its id and, for a game waiting for players,
        the live game as a read of its rows would give it (any thread)."""
        with self.round.store.engine.begin() as db:
            new = insert_game(db, spec, time.time())
        if new.status != "open":
            return new.id, None
        # The rows as stored, as plain objects (build reads their columns by name; an ORM
        # object of a mapped class costs more to make, and none is ever added to a session).
        row: Any = SimpleNamespace(**{**_UNSET, **new.columns})
        seat_rows: list[Any] = [SimpleNamespace(**s) for s in new.seats]
        return new.id, build(row, seat_rows, [], {c: [] for c in CHANNELS})

    def load(self, gid: str) -> LiveGame:
        """The live game ``gid``, read from the database if it is not held yet."""
        live = self.round.games.get(gid)
        if live is not None:
            return live
        return self.hold(self.round.store.read(gid))

    def hold(self, live: LiveGame) -> LiveGame:
        """Hold the game just read: its bot turn, its clock's timer, and the hold hooks."""
        self.round.games[live.id] = live
        self.round.changed(live)
        for hook in self.on_hold:
            hook(live)
        return live

    async def fetch(self, gid: str, fresh: bool = False) -> LiveGame:
        """:meth:`load`, reading the game off the event loop (on a server database);
        several requests for the same game wait for one read.

        With ``fresh`` and other workers, a game held here and not over is first checked
        against the database (a short read of its facts): another worker's join or move
        may be committed while its news is still on the way, or lost with a worker that
        died between its commit and its news, and a socket opened now must get the game
        as it is."""
        rnd = self.round
        live = rnd.games.get(gid)
        if live is not None:
            if fresh and rnd.bus.clustered and live.status != "over":
                async with live.lock:
                    old = live.n
                    if await rnd.resync_if_changed(live):
                        rnd.catch_up(live, old, states=True)
                    rnd.changed(live)
            return live
        if not rnd.store.offload.threaded:
            return self.load(gid)
        pending = self.loading.get(gid)
        if pending is None:
            pending = self.loading[gid] = asyncio.ensure_future(self._read_and_hold(gid))
            pending.add_done_callback(lambda _: self.loading.pop(gid, None))
        return await asyncio.shield(pending)

    async def _read_and_hold(self, gid: str) -> LiveGame:
        """Read ``gid`` in a worker thread and hold it, unless :meth:`load` got there
        first. News from another worker that came in during the read is not in the copy
        read, so the game is read again (a few times at most; after that the database
        check catches it up)."""
        store = self.round.store
        for _ in range(3):
            self.heard.discard(gid)
            fresh = await store.offload(store.read, gid)
            if gid not in self.heard:
                break
        self.heard.discard(gid)
        live = self.round.games.get(gid)
        if live is not None:
            return live
        return self.hold(fresh)

    async def join(self, gid: str, user: User, seat: int | None = None) -> int:
        """Seat ``user`` in an empty person's seat of open game ``gid``; return the seat."""
        rnd = self.round
        live = await self.fetch(gid)
        async with live.lock, rnd.shared(live):
            mine = live.seat_of(user.id)
            if mine is not None:
                return mine
            if live.status != "open":
                raise ServiceError(N_("this game has no free seat"), 409)
            if live.setup.ranked and user.guest:
                raise ServiceError(
                    N_("ranked games are for registered players: sign up first"), 403
                )
            free = live.free_seats()
            if seat is None:
                seat = free[0] if free else None
            if seat is None or seat not in free:
                raise ServiceError(N_("seat not free; free seats: {free}"), 409, free=free)
            full = all(s.user_id or s.bot for i, s in enumerate(live.seats) if i != seat)
            now = time.time()
            info = SeatInfo(user.id, None, user.display)
            await rnd.store.offload(rnd.store.store_join, gid, seat, info, full, now)
            live.seats[seat] = info
            if full:
                live.status = "playing"
                control = live.setup.time_control
                if control:
                    parsed = clocks.parse_time_control(control)
                    live.timing.clock = clocks.Clock.start(
                        parsed, live.players, live.table.to_act, now
                    )
            for c in list(live.conns):
                if c.user_id == user.id:
                    c.seat = seat
                    self.chat.send_log(live, c)
            refresh_away(live)
            rnd.tell_states(live)
            await rnd.bus.publish(seat_news(live, seat))
            await self.attendance.on_start(live)
            rnd.changed(live)
            return seat


def seat_news(live: LiveGame, seat: int) -> dict[str, object]:
    """The bus message of a join just stored: who now sits in ``seat``, the game's
    status, and a timed game's clock once it started (``[remaining text, since]``, as
    event news carries it), so that another worker holding the game need not read it."""
    info = live.seats[seat]
    news: dict[str, object] = {
        "k": "seat",
        "g": live.id,
        "seat": seat,
        "user": info.user_id,
        "name": info.name,
        "status": live.status,
    }
    clock = live.timing.clock
    if clock is not None:
        news["clock"] = [clock.text(), clock.since]
    return news
