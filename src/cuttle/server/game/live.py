"""A game held in memory, as small typed parts.

:class:`LiveGame` is the table (rules, game, history) of one game with who sits where,
who watches, and one small dataclass for each feature's state: :class:`GameSetup` (what
it was created with, never changed), :class:`Offers` (draw offers and rematch asks),
:class:`BotTurn`, :class:`Timing` (the clock and its timer), :class:`SeatPresence` (who
is at the table, here and on other workers) and :class:`MatchInfo` (what the league
said of it). The database is the truth: a live game is rebuilt from its rows by
:mod:`cuttle.server.game.store` and changed only through :mod:`cuttle.server.game.round`.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from cuttle.engine.game import Game
from cuttle.table import Table

from .clockwork import Clock
from .fanout import Conn


@dataclass
class SeatInfo:
    """Who sits in a seat: a person (``user_id``), a bot (``bot``, its level) or nobody."""

    user_id: int | None
    bot: str | None
    name: str


@dataclass(frozen=True)
class GameSetup:
    """What a game was created with (the stored row's fixed columns).

    ``rules`` is the stored rule-set name (a house set's own name), ``house`` the house
    rule set's JSON object (``None`` for a preset with ``variants``)."""

    rules: str
    variants: tuple[str, ...]
    players: int
    deck: tuple[str, ...]
    private: bool = False
    house: dict[str, Any] | None = None
    practice: bool = False
    ranked: bool = False
    time_control: str | None = None
    """The clock's time control (:mod:`~cuttle.server.game.clockwork`); ``None``: untimed."""


@dataclass
class Offers:
    """Pending draw offers and rematch asks (stored, so they outlive a restart)."""

    draw: set[int] = field(default_factory=set)
    rematch_asked: set[int] = field(default_factory=set)
    rematch_id: str | None = None


@dataclass
class BotTurn:
    """The bot turn under way: after which event (-1: none) and since when (monotonic)."""

    after: int = -1
    since: float = 0.0


@dataclass
class Timing:
    """The running clock of a timed game once it started, and the timer that flags."""

    clock: Clock | None = None
    timer: asyncio.TimerHandle | None = None


@dataclass
class SeatPresence:
    """Who is at the table (:mod:`~cuttle.server.game.presence`)."""

    away: dict[int, float] = field(default_factory=dict)
    """Since when (wall clock) each person's seat has had no socket open."""
    remote: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Other workers' word on the seats at their sockets, and when (monotonic) it came."""
    announced: frozenset[int] = frozenset()
    """The seats at this worker's sockets as last told to the other workers."""
    announced_at: float = 0.0
    """When (monotonic) this worker last told them."""


@dataclass
class MatchInfo:
    """The league's word on a game: its match, and what it adds once the game is over."""

    match_id: int | None = None
    league: dict[str, Any] | None = None
    """What the league says about the game once it is over (the match score, the next game)."""


@dataclass(eq=False)
class LiveGame:
    """A game held in memory: its table, seats and watchers, and each feature's state."""

    id: str
    setup: GameSetup
    status: str
    seats: list[SeatInfo]
    table: Table
    offers: Offers = field(default_factory=Offers)
    match: MatchInfo = field(default_factory=MatchInfo)
    client_ids: dict[tuple[int, str], int] = field(default_factory=dict)
    """The event number each (seat, client id) was stored as, for resent moves."""
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot: BotTurn = field(default_factory=BotTurn)
    timing: Timing = field(default_factory=Timing)
    presence: SeatPresence = field(default_factory=SeatPresence)
    chat: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """The recent chat of each channel (:mod:`~cuttle.server.game.chat`)."""
    used: float = field(default_factory=time.monotonic)
    """When (monotonic) a watcher last left, for forgetting idle games."""
    suspect: tuple[Any, ...] | None = None
    """What the database held at the last check when it differed from this copy."""

    @property
    def n(self) -> int:
        """The number of the last event (moves stored so far)."""
        return len(self.table.history)

    @property
    def game(self) -> Game:
        """The engine game of the table (read it; changes go through the table)."""
        return self.table.game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.setup.players

    @property
    def clock(self) -> Clock | None:
        """The running clock (``None``: untimed, or not started)."""
        return self.timing.clock

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat ``user_id`` sits in, or ``None``."""
        if user_id is None:
            return None
        for i, s in enumerate(self.seats):
            if s.user_id == user_id:
                return i
        return None

    def free_seats(self) -> list[int]:
        """The person's seats nobody sits in yet."""
        return [i for i, s in enumerate(self.seats) if s.user_id is None and s.bot is None]

    def players_meta(self) -> list[dict[str, Any]]:
        """The seats as the metadata's ``players`` lists them."""
        return [
            {"seat": i, "name": s.name, "bot": s.bot, "empty": s.user_id is None and not s.bot}
            for i, s in enumerate(self.seats)
        ]

    def clock_message(self) -> dict[str, Any] | None:
        """The ``clock`` field of state and event messages (``None``: untimed)."""
        clock = self.timing.clock
        return clock.message(time.time()) if clock is not None else None

    def meta(self) -> dict[str, Any]:
        """Table metadata sent with every state message."""
        setup = self.setup
        game = self.game
        outcome = game.outcome
        return {
            "game": self.id,
            "status": self.status,
            "rules": setup.rules,
            "variants": list(setup.variants),
            "house": setup.house,
            "practice": setup.practice,
            "ranked": setup.ranked,
            "match": self.match.match_id,
            "league": self.match.league,
            "players": self.players_meta(),
            "teams": [list(t) for t in game.rules.teams],
            "goals": [game.goal(i) for i in range(setup.players)],
            "scores": [game.score(i) for i in range(setup.players)],
            "draw_offers": sorted(self.offers.draw),
            "rematch_asked": sorted(self.offers.rematch_asked),
            "rematch": self.offers.rematch_id,
            "result": outcome.result() if outcome else None,
            "termination": game.termination if outcome else None,
            "time_control": setup.time_control,
            "clock": self.clock_message(),
        }


def start_table(live: LiveGame) -> Table:
    """``live``'s table as dealt, before any event (for replays and catching up)."""
    t = live.table
    return Table.from_events(t.rules, list(live.setup.deck), (), t.seats, t.practice)
