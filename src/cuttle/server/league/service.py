"""The league's face to the site: :class:`LeagueService` puts the league's parts together
and hands each request to the one that does it.

The parts: :mod:`.matches` (matches and their ranked games), :mod:`.results` (the game
service's game-over hook: a finished game's step in its match, and its rating),
:mod:`.ratings` (the three pools), :mod:`.pairing` (the ranked queue),
:mod:`.challenges`, :mod:`.seasons` (the calendar, standings and weekly tables) and
:mod:`.brackets` (championships). On SQLite all of it runs on the event loop's thread (the
hook and every league request). On a server database the routes make their database
calls through the game service's :class:`~cuttle.server.offload.Offload` (worker
threads), as the hook does for its writes. Rows that a request and the hook may both
change (a bracket, a challenge) are locked for update in the transactions that change
them, so the league's writes do not lose each other's changes. The queue and the
game-over bookkeeping live in memory and change on the loop only. League times (when a
match ended, rating periods, seasons) come from :class:`~.settings.Clock`, which tests
may set (``CUTTLE_FAKE_NOW``).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_
from cuttle.league import Calendar, MatchRecord, Standing
from cuttle.league.chart import ChartPoint
from cuttle.league.weekly import WeeklyScore

from ..errors import ServiceError
from ..game.service import GameService
from ..models import GameRow, MoveRow, SeatRow, User
from . import people
from .brackets import Championships
from .challenges import Challenges
from .keys import PEOPLE, rules_key
from .matches import Matches
from .pairing import RankedQueue
from .ratings import Ratings
from .results import Results
from .seasons import Seasons
from .settings import Clock, LeagueSettings


class LeagueService:
    """Everything the league does on the site; see the module's text."""

    def __init__(
        self, sessions: sessionmaker[Session], games: GameService, settings: LeagueSettings
    ) -> None:
        """Hook into ``games``; keep the calendar and clock of ``settings``."""
        self.sessions = sessions
        self.games = games
        self.settings = settings
        self.calendar = Calendar(settings.start, ZoneInfo(settings.tz))
        self.clock = Clock(settings.fake_now)
        self.offload = games.offload
        """Blocking database calls of the async methods and the deferred ratings go
        through the game service's offload (worker threads on a server database)."""
        self.pools = Ratings(sessions)
        self.matches = Matches(sessions, self.clock)
        self.season_book = Seasons(sessions, self.calendar, self.clock)
        self.championships = Championships(sessions, self.season_book, self.matches, self.is_admin)
        self.queue = RankedQueue(sessions, self.offload, self.pools, self.matches, settings.band)
        self.invitations = Challenges(sessions, self.matches)
        self.results = Results(
            sessions, self.offload, self.clock, self.pools, self.matches, self.championships
        )
        games.on_game_over.append(self.results.game_over)

    # ------------------------------------------------------------------ people

    def is_admin(self, user: User) -> bool:
        """Whether ``user`` organises the league (``is_admin`` or named in the settings)."""
        return people.is_admin(user, self.settings.admins)

    def grant_admins(self) -> None:
        """Mark the settings' admins who have accounts (at start)."""
        if not self.settings.admins:
            return
        with self.sessions.begin() as db:
            db.execute(
                update(User).where(User.username.in_(self.settings.admins)).values(is_admin=True)
            )

    def user_named(self, db: Session, name: str) -> User:
        """The registered user ``name``; 404 if none."""
        return people.user_named(db, name)

    # ------------------------------------------------------------------ matches and results

    def match(self, match_id: int) -> dict[str, Any]:
        """A match's summary; 404 if none."""
        return self.matches.match(match_id)

    def matches_of(
        self, user_id: int, limit: int = 20, open_only: bool = False
    ) -> list[dict[str, Any]]:
        """A player's matches, newest first."""
        return self.matches.matches_of(user_id, limit, open_only)

    def pending(self) -> set[asyncio.Task[None]]:
        """The deferred ratings not yet written (a server database's; the app's shutdown
        waits for them)."""
        return self.results.pending()

    async def claim(self, user: User, gid: str) -> dict[str, Any]:
        """Claim a ranked game whose opponent is away: no connection to the game, and no
        move for ``abandon_seconds``. The opponent loses it as abandoned."""
        live = await self.games.fetch(gid)
        mine = live.seat_of(user.id)
        if not live.setup.ranked or live.players != 2 or mine is None:
            raise ServiceError(N_("only a player of a ranked two-player game can claim it"), 403)
        if live.status != "playing":
            raise ServiceError(N_("the game is not being played"), 409)
        other = 1 - mine
        other_id = live.seats[other].user_id
        if any(c.user_id == other_id for c in live.conns):
            raise ServiceError(N_("your opponent is still at the table"), 409)
        since = time.time() - await self.offload(self._last_activity, gid)
        if since < self.settings.abandon_seconds:
            wait = int(self.settings.abandon_seconds - since) + 1
            raise ServiceError(
                N_("your opponent may come back: claim in {seconds} s"), 409, seconds=wait
            )
        self.results.abandoning[gid] = other
        if not await self.games.resign(live, other):
            self.results.abandoning.pop(gid, None)
            raise ServiceError(N_("the game could not be claimed; try again"), 409)
        return {"game": gid, "abandoned_by": live.seats[other].name, "league": live.match.league}

    def _last_activity(self, gid: str) -> float:
        """When game ``gid`` last changed (its last move, update or creation)."""
        with self.sessions() as db:
            last = db.scalar(select(func.max(MoveRow.created_at)).where(MoveRow.game_id == gid))
            row = db.get(GameRow, gid)
            assert row is not None
        return max(last or 0.0, row.updated_at, row.created_at)

    # ------------------------------------------------------------------ ratings

    def ratings(self, pool: str = PEOPLE, key: str = "standard") -> list[dict[str, Any]]:
        """A rating ladder, best first: name, rating (shown), deviation, provisional, record."""
        return self.pools.ladder(pool, key)

    def rating_keys(self, pool: str = PEOPLE) -> list[str]:
        """The rule sets rated in ``pool`` (``standard`` always first)."""
        return self.pools.keys(pool)

    def history(self, user_id: int, key: str = "standard", pool: str = PEOPLE) -> list[ChartPoint]:
        """A player's rating history under ``key``, oldest first."""
        return self.pools.history(user_id, key, pool)

    # ------------------------------------------------------------------ seasons

    def season_now(self) -> tuple[int, int]:
        """The current season index and week (season 0, week 0 before the league starts)."""
        return self.season_book.now()

    def season_name(self, index: int) -> str:
        """``Clubs 2026`` and so on."""
        return self.season_book.name(index)

    def season_over(self, index: int) -> bool:
        """Whether season ``index``'s last day has passed (league time)."""
        return self.season_book.over(index)

    def match_records(self, key: str | None = None) -> list[MatchRecord]:
        """Every finished league match outside the brackets (under ``key`` if given)."""
        return self.season_book.match_records(key)

    def standings(self, index: int, key: str = "standard") -> list[Standing]:
        """Season ``index``'s standings under ``key`` (docs/league.md)."""
        return self.season_book.standings(index, key)

    def week_table(self, index: int, week: int, key: str = "standard") -> list[WeeklyScore]:
        """The weekly points of week ``week`` of season ``index``."""
        return self.season_book.week_table(index, week, key)

    def seasons(self) -> list[dict[str, Any]]:
        """Every season so far, newest first, with dates and its championship."""
        return self.championships.every_season()

    # ------------------------------------------------------------------ the queue

    async def queue_join(self, user: User, key: object) -> dict[str, Any]:
        """Wait for a ranked opponent under ``key``; pairs at once when one fits."""
        return await self.queue.join(user, key)

    def queue_leave(self, user: User) -> dict[str, Any]:
        """Leave the queue."""
        return self.queue.leave(user)

    async def queue_status(self, user: User) -> dict[str, Any]:
        """Pair whoever fits, then say where ``user`` stands: idle, waiting or matched."""
        return await self.queue.status(user)

    # ------------------------------------------------------------------ challenges

    def challenge(self, user: User, opponent: object, key: object) -> dict[str, Any]:
        """Challenge a named player to a ranked match."""
        return self.invitations.challenge(user, opponent, key)

    def challenges(self, user: User) -> dict[str, list[dict[str, Any]]]:
        """Open challenges to and from ``user``."""
        return self.invitations.challenges(user)

    def answer(self, user: User, challenge_id: int, accept: bool) -> dict[str, Any]:
        """Accept (starting the match, the challenger in seat 0) or decline a challenge."""
        return self.invitations.answer(user, challenge_id, accept)

    # ------------------------------------------------------------------ championships

    def create_bracket(self, user: User, body: dict[str, Any]) -> dict[str, Any]:
        """Organisers: seed a championship (see :meth:`.brackets.Championships.create`)."""
        return self.championships.create(user, body)

    def bracket_action(
        self, user: User, bracket_id: int, action: str, body: dict[str, Any]
    ) -> dict[str, Any]:
        """Organisers: act on a bracket (see :meth:`.brackets.Championships.action`)."""
        return self.championships.action(user, bracket_id, action, body)

    def bracket(self, bracket_id: int, viewer: User | None) -> dict[str, Any]:
        """A bracket with its matches; 404 unless published or the viewer organises."""
        return self.championships.bracket(bracket_id, viewer)

    def brackets(self, viewer: User | None) -> list[dict[str, Any]]:
        """Every bracket the viewer may see, newest first."""
        return self.championships.brackets(viewer)

    def world_points(self, year: int, key: str = "standard") -> list[tuple[str, float]]:
        """The year's championship points so far, best first (every player with points)."""
        return self.championships.world_points(year, key)

    def finished_events(self) -> list[dict[str, Any]]:
        """The site's finished championships, newest first, with places and points."""
        return self.championships.finished_events()

    # ------------------------------------------------------------------ profiles

    def record_by_rules(self, user_id: int) -> list[dict[str, Any]]:
        """Wins, losses and draws of every finished game ``user_id`` sat in, by rule set."""
        with self.sessions() as db:
            rows = db.execute(
                select(GameRow.rules, GameRow.variants, GameRow.result, SeatRow.seat)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.user_id == user_id, GameRow.status == "over")
            ).all()
        table: dict[str, dict[str, int]] = {}
        for rules, variants, result, seat in rows:
            key = rules_key(rules, variants.split())
            rec = table.setdefault(key, {"wins": 0, "losses": 0, "draws": 0})
            if not result or result == "draw":
                rec["draws"] += 1
            elif f"p{seat}" in result.split():
                rec["wins"] += 1
            else:
                rec["losses"] += 1
        return [{"rules": k, **v} for k, v in sorted(table.items())]

    def lobby(self, user: User) -> dict[str, Any]:
        """The league part of ``user``'s lobby: their matches in play and open challenges
        (a blocking read: the lobby page makes it through the offload)."""
        return {
            "matches": self.matches_of(user.id, open_only=True),
            "challenges": self.challenges(user),
            "registered": not user.guest,
        }

    def profile(self, user: User) -> dict[str, Any]:
        """A player's league profile: ratings, record by rule set, recent matches."""
        return {
            "name": user.display,
            "ratings": self.pools.of_player(user.id),
            "record": self.record_by_rules(user.id),
            "matches": self.matches_of(user.id, 10),
        }
