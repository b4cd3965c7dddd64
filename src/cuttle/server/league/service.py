"""The league on the site: ranked matches, ratings, the queue, challenges, seasons, brackets.

Built on :mod:`cuttle.league` (the rules and rulings are in ``docs/league.md``) and on
:class:`~cuttle.server.service.GameService`, whose game-over hook calls
:meth:`LeagueService.game_over` once a game's end is stored:

- a ranked game between two people belongs to a first-to-two :class:`LeagueMatch`
  (created with its first game by a challenge, the queue or a bracket, or at the end of
  a ranked game made in the lobby); the hook records the game (win, draw, resignation or
  abandonment) and either starts the next game with the seats swapped or ends the match,
  rates it (Glicko-2, one result a match, pool ``people``) and reports it to its bracket;
- a ranked game of 3-5 seats or teams is rated alone with openskill (pool ``multi``);
- a two-seat game between a person and a bot is rated in the bot pool (``bots``).

On SQLite all of it runs on the event loop's thread (the hook and every league request).
On a server database the routes make their database calls through the game service's
:class:`~cuttle.server.offload.Offload` (worker threads), and the hook rates a game
against a bot or of 3-5 seats in a worker thread after the game's end is announced, one
such rating at a time per worker; the hook's ranked-match step (whose result, the match
score and the next game, goes out with the game's last event) still runs on the loop.
Rows that a request and the hook may both change (a bracket, a challenge) are locked
for update in the transactions that change them, so the league's writes do not lose
each other's changes. The queue and the game-over bookkeeping live in memory and change
on the loop only. League times (when a match ended, rating periods, seasons) come from
:class:`Clock`, which tests may set (``CUTTLE_FAKE_NOW``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import desc, func, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.league import Bracket, BracketError, Calendar, MatchRecord, Standing, standings
from cuttle.league.bracket import championship_points
from cuttle.league.championships import season_championship, world_qualifiers
from cuttle.league.chart import ChartPoint
from cuttle.league.glicko2 import LICHESS, Rating
from cuttle.league.glicko2 import update as glicko_update
from cuttle.league.match import Ending, GameResult, Match
from cuttle.league.multi import MultiRating, rate_game
from cuttle.league.queue import DEFAULT_BAND, Band, Waiting, pairs
from cuttle.league.seasons import SUITS, WEEKS_PER_SEASON
from cuttle.league.weekly import WeeklyScore, weekly_table
from cuttle.table import Table

from ..models import GameRow, MoveRow, SeatRow, User
from ..service import GameService, LiveGame, ServiceError, rules_of
from .models import (
    LeagueBracket,
    LeagueChallenge,
    LeagueMatch,
    LeagueRating,
    LeagueRatingPoint,
)

log = logging.getLogger("cuttle.server")

PEOPLE, BOTS, MULTI = "people", "bots", "multi"
"""The rating pools: people's matches, games against bots, games of 3-5 seats or teams."""


def parse_day(text: str) -> date:
    """An ISO date; ``ValueError`` naming the setting otherwise."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"CUTTLE_LEAGUE_START: not an ISO date: {text!r}") from None


def parse_moment(text: str) -> datetime:
    """An ISO date-time (UTC when it has no offset)."""
    moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@dataclass(frozen=True)
class LeagueSettings:
    """The league's settings, read from the environment by :meth:`from_env`."""

    start: date = date(2026, 1, 5)
    """The first day of the first Clubs season (``CUTTLE_LEAGUE_START``; a Monday)."""
    tz: str = "UTC"
    """The league's time zone (``CUTTLE_LEAGUE_TZ``, a ``zoneinfo`` name)."""
    fake_now: datetime | None = None
    """A fake clock's first time (``CUTTLE_FAKE_NOW``, for tests); ``None``: the real clock."""
    admins: tuple[str, ...] = ()
    """Usernames that organise the league (``CUTTLE_ADMINS``, ``cuttle serve --admin``)."""
    abandon_seconds: float = 120.0
    """How long an absent opponent's ranked game must stand still before it can be claimed."""
    band: Band = field(default=DEFAULT_BAND)
    """The ranked queue's rating band."""

    @classmethod
    def from_env(cls, admins: Sequence[str] = ()) -> LeagueSettings:
        """Read ``CUTTLE_LEAGUE_START``, ``CUTTLE_LEAGUE_TZ``, ``CUTTLE_FAKE_NOW``,
        ``CUTTLE_ADMINS`` (comma-separated) and ``CUTTLE_ABANDON_SECONDS``; ``admins`` adds
        names. A bad value raises ``ValueError`` saying which."""
        env = os.environ
        start = parse_day(env["CUTTLE_LEAGUE_START"]) if env.get("CUTTLE_LEAGUE_START") else None
        tz = env.get("CUTTLE_LEAGUE_TZ") or "UTC"
        try:
            ZoneInfo(tz)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"CUTTLE_LEAGUE_TZ: unknown time zone {tz!r}") from None
        fake = None
        if env.get("CUTTLE_FAKE_NOW"):
            try:
                fake = parse_moment(env["CUTTLE_FAKE_NOW"])
            except ValueError:
                raise ValueError("CUTTLE_FAKE_NOW: not an ISO date-time") from None
        names = [n.strip() for n in (env.get("CUTTLE_ADMINS") or "").split(",") if n.strip()]
        try:
            abandon = float(env.get("CUTTLE_ABANDON_SECONDS") or 120.0)
        except ValueError:
            raise ValueError("CUTTLE_ABANDON_SECONDS: not a number of seconds") from None
        return cls(
            start=start or cls.start,
            tz=tz,
            fake_now=fake,
            admins=tuple(dict.fromkeys([*names, *admins])),
            abandon_seconds=abandon,
        )


class Clock:
    """The league's "now": the real time, or a fake one that an organiser moves (tests)."""

    def __init__(self, fake: datetime | None = None) -> None:
        """A real clock, or a fake one starting at ``fake``."""
        self._fake = fake

    @property
    def fake(self) -> bool:
        """Whether the clock is fake (and may be set)."""
        return self._fake is not None

    def now(self) -> datetime:
        """The current league time (aware, UTC)."""
        return self._fake if self._fake is not None else datetime.now(UTC)

    def set(self, moment: datetime) -> None:
        """Move a fake clock to ``moment``; a real clock refuses."""
        if self._fake is None:
            raise ServiceError("the league clock is real: it cannot be set", 404)
        self._fake = moment.astimezone(UTC)


def rules_key(rules: str, variants: Sequence[str] = ()) -> str:
    """The rating key of a rule set with variants: ``standard`` or ``standard+v1+v2``."""
    return "+".join([rules, *sorted(variants)])


def split_key(key: str) -> tuple[str, list[str]]:
    """The preset and variants of a rating key."""
    name, *variants = key.split("+")
    return name, variants


def check_key(key: object, players: int | None = 2) -> str:
    """A rating key naming a preset (and known variants) for ``players`` seats, else 400."""
    if not isinstance(key, str) or len(key) > 64:
        raise ServiceError("rules must be a rule set's name")
    name, variants = split_key(key)
    if name not in PRESETS or any(v not in VARIANTS for v in variants):
        raise ServiceError(f"unknown rule set {key[:40]!r}; known: {', '.join(PRESETS)}")
    rs = PRESETS[name]
    if players is not None and not rs.min_players <= players <= rs.max_players:
        raise ServiceError(f"{name} is not a game for {players}")
    return rules_key(name, variants)


def stamp(moment: datetime) -> float:
    """A league time as stored (seconds since the epoch)."""
    return moment.timestamp()


def moment_of(stamp_: float) -> datetime:
    """A stored league time as an aware datetime."""
    return datetime.fromtimestamp(stamp_, UTC)


@dataclass
class QueueEntry:
    """A player waiting in the ranked queue."""

    user_id: int
    name: str
    rules: str
    rating: float
    since: float


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
        self.queue: dict[int, QueueEntry] = {}
        self.found: dict[int, dict[str, Any]] = {}
        self._pairing: set[int] = set()
        """Players whose match the queue is starting (they still show as waiting)."""
        self._abandoning: dict[str, int] = {}
        self.offload = games.offload
        """Blocking database calls of the async methods and the deferred ratings go
        through the game service's offload (worker threads on a server database)."""
        self._rating = asyncio.Lock()
        """Held while a deferred rating is written: one at a time per worker."""
        self._tasks: set[asyncio.Task[None]] = set()
        games.on_game_over.append(self.game_over)

    # ------------------------------------------------------------------ people

    def is_admin(self, user: User) -> bool:
        """Whether ``user`` organises the league (``is_admin`` or named in the settings)."""
        return bool(user.is_admin) or (
            not user.guest and user.username is not None and user.username in self.settings.admins
        )

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
        if not isinstance(name, str) or "\x00" in name or len(name) > 32:
            raise ServiceError("no such player", 404)
        user = db.scalar(select(User).where(User.username == name))
        if user is None:
            raise ServiceError(f"no such player: {name}", 404)
        return user

    def _names(self, db: Session, ids: Sequence[int]) -> dict[int, str]:
        if not ids:
            return {}
        rows = db.execute(select(User.id, User.username, User.guest).where(User.id.in_(set(ids))))
        return {i: (n or f"guest{i}") for i, n, _g in rows}

    # ------------------------------------------------------------------ games and matches

    def _create_game(self, db: Session, key: str, seats: Sequence[User], match_id: int) -> str:
        """A ranked game of ``match_id`` with ``seats`` seated (playing at once); its id."""
        name, variants = split_key(key)
        table = Table(rules_of(name, variants, len(seats), None), seed=secrets.randbits(64))
        assert table.game.start_deck is not None
        deck = " ".join(CARD_NAMES[c] for c in table.game.start_deck)
        gid = secrets.token_urlsafe(6)
        now = time.time()
        db.add(
            GameRow(
                id=gid,
                rules=name,
                variants=" ".join(sorted(variants)),
                players=len(seats),
                deck=deck,
                status="playing",
                private=False,
                ranked=True,
                match_id=match_id,
                created_by=seats[0].id,
                created_at=now,
                updated_at=now,
            )
        )
        db.flush()
        for i, u in enumerate(seats):
            db.add(SeatRow(game_id=gid, seat=i, user_id=u.id, bot=None, name=u.display))
        return gid

    def _start_match(
        self,
        db: Session,
        first: User,
        second: User,
        key: str,
        bracket_id: int | None = None,
        bracket_match: str | None = None,
    ) -> LeagueMatch:
        """A new match and its first game (``first`` in seat 0)."""
        if first.id == second.id:
            raise ServiceError("a match needs two different players")
        m = LeagueMatch(
            rules=key,
            player1_id=first.id,
            player2_id=second.id,
            status="playing",
            score1=0,
            score2=0,
            games="[]",
            bracket_id=bracket_id,
            bracket_match=bracket_match,
            created_at=stamp(self.clock.now()),
        )
        db.add(m)
        db.flush()
        m.current_game = self._create_game(db, key, [first, second], m.id)
        return m

    def start_match(self, first: User, second: User, key: str) -> dict[str, Any]:
        """Start a ranked match between two registered people; its summary."""
        if first.guest or second.guest:
            raise ServiceError("ranked matches are for registered players", 403)
        with self.sessions.begin() as db:
            m = self._start_match(db, first, second, key)
            return self._match_json(db, m)

    def _match_json(self, db: Session, m: LeagueMatch) -> dict[str, Any]:
        names = self._names(db, [m.player1_id, m.player2_id])
        return {
            "id": m.id,
            "rules": m.rules,
            "players": [names[m.player1_id], names[m.player2_id]],
            "score": [m.score1, m.score2],
            "status": m.status,
            "winner": names.get(m.winner_id) if m.winner_id else None,
            "games": json.loads(m.games),
            "game": m.current_game,
            "url": f"/g/{m.current_game}" if m.current_game else f"/league/matches/{m.id}",
            "bracket": m.bracket_id,
            "bracket_match": m.bracket_match,
            "created_at": moment_of(m.created_at).isoformat(),
            "finished_at": moment_of(m.finished_at).isoformat() if m.finished_at else None,
        }

    def match(self, match_id: int) -> dict[str, Any]:
        """A match's summary; 404 if none."""
        with self.sessions() as db:
            m = db.get(LeagueMatch, match_id)
            if m is None:
                raise ServiceError("no such match", 404)
            return self._match_json(db, m)

    def matches_of(
        self, user_id: int, limit: int = 20, open_only: bool = False
    ) -> list[dict[str, Any]]:
        """A player's matches, newest first."""
        with self.sessions() as db:
            q = select(LeagueMatch).where(
                or_(LeagueMatch.player1_id == user_id, LeagueMatch.player2_id == user_id)
            )
            if open_only:
                q = q.where(LeagueMatch.status == "playing")
            rows = db.scalars(q.order_by(desc(LeagueMatch.id)).limit(limit)).all()
            return [self._match_json(db, m) for m in rows]

    # ------------------------------------------------------------------ the game-over hook

    def pending(self) -> set[asyncio.Task[None]]:
        """The deferred ratings not yet written (a server database's; the app's shutdown
        waits for them)."""
        return set(self._tasks)

    def game_over(self, live: LiveGame) -> Awaitable[None] | None:
        """Record a finished game for the league (see the module's text). A ranked
        match's step (its score, its next game or its result, a bracket's report) goes
        with the game's last event: on a server database it is written in a worker
        thread, and the returned awaitable is done once it is."""
        outcome = live.table.outcome
        winners = tuple(outcome.winners) if outcome else ()
        key = rules_key(live.rules, live.variants)
        now = self.clock.now()
        if live.players == 2 and not live.ranked:
            bots = [s for s in live.seats if s.bot]
            if len(bots) == 1 and any(s.user_id for s in live.seats):
                subjects = [f"bot:{s.bot}" if s.bot else f"u:{s.user_id}" for s in live.seats]
                self._rate_later(self._rate_bot_game, subjects, key, winners, now, live.id)
            return None
        if not live.ranked:
            return None
        if live.players == 2:
            ending, seat = self._ending(live, winners)
            if not self.offload.threaded:
                self._match_game(live, ending, seat, now)
                return None
            return self._match_game_off_loop(live, ending, seat, now)
        else:
            subjects = [f"u:{s.user_id}" for s in live.seats]
            teams = [list(t) for t in live.table.rules.teams]
            self._rate_later(self._rate_multi, subjects, teams, key, winners, now, live.id)
        return None

    def _rate_later(self, rate: Callable[..., None], *args: Any) -> None:
        """``rate(*args)``: at once on SQLite; on a server database in a worker thread once
        the loop is free (after the game's end is announced), one at a time per worker."""
        if not self.offload.threaded:
            rate(*args)
            return
        task = asyncio.get_running_loop().create_task(self._rate_off_loop(rate, *args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rate_off_loop(self, rate: Callable[..., None], *args: Any) -> None:
        try:
            async with self._rating:
                await self.offload(rate, *args)
        except Exception:
            log.exception("rating a finished game failed (%s)", args[-1])

    def _ending(self, live: LiveGame, winners: tuple[int, ...]) -> tuple[Ending, int | None]:
        abandoned = self._abandoning.pop(live.id, None)
        if not winners:
            return Ending.DRAW, None
        loser = 1 - winners[0]
        if abandoned is not None:
            return Ending.ABANDONED, abandoned
        if live.table.game.termination == "resign":
            return Ending.RESIGN, loser
        return Ending.WIN, winners[0]

    async def _match_game_off_loop(
        self, live: LiveGame, ending: Ending, seat: int | None, now: datetime
    ) -> None:
        try:
            async with self._rating:  # it rates, as the deferred ratings do
                await self.offload(self._match_game, live, ending, seat, now)
        except Exception:
            log.exception("the match step of game %s failed", live.id)

    def _match_game(self, live: LiveGame, ending: Ending, seat: int | None, now: datetime) -> None:
        """Record ``live``'s end (``ending``; ``seat``: whose win or loss it was) in its
        match, starting the match if the game was made in the lobby (any thread: the
        game's lock is held meanwhile)."""
        with self.sessions.begin() as db:
            m = db.get(LeagueMatch, live.match_id) if live.match_id else None
            if m is not None and m.bracket_id is not None:
                # The bracket first (as bracket_action locks it): its report must not be lost.
                db.get(LeagueBracket, m.bracket_id, with_for_update=True)
            if m is None:  # a ranked game made in the lobby starts its match
                u0, u1 = (s.user_id for s in live.seats)
                assert u0 is not None and u1 is not None
                m = LeagueMatch(
                    rules=rules_key(live.rules, live.variants),
                    player1_id=u0,
                    player2_id=u1,
                    status="playing",
                    score1=0,
                    score2=0,
                    games="[]",
                    current_game=live.id,
                    created_at=stamp(now),
                )
                db.add(m)
                db.flush()
                db.execute(update(GameRow).where(GameRow.id == live.id).values(match_id=m.id))
                live.match_id = m.id
            if m.status != "playing" or m.current_game != live.id:
                live.league = self._match_json(db, m)
                return
            users = {
                u.id: u
                for u in db.scalars(select(User).where(User.id.in_([m.player1_id, m.player2_id])))
            }
            p1, p2 = users[m.player1_id].display, users[m.player2_id].display
            seat_names = [
                users[s.user_id].display if s.user_id in users else "" for s in live.seats
            ]
            games = json.loads(m.games)
            match = Match(
                p1,
                p2,
                tuple(GameResult(Ending(g["ending"]), g["player"]) for g in games),
            )
            player = seat_names[seat] if seat is not None else None
            match = match.record(GameResult(ending, player))
            games.append({"game": live.id, "ending": ending.value, "player": player})
            m.games = json.dumps(games)
            m.score1, m.score2 = match.score(p1), match.score(p2)
            if match.winner is not None:
                m.status = "over"
                m.winner_id = m.player1_id if match.winner == p1 else m.player2_id
                m.finished_at = stamp(now)
                m.current_game = None
                loser_id = m.player2_id if m.winner_id == m.player1_id else m.player1_id
                self._rate_pair(
                    db, PEOPLE, m.rules, f"u:{m.winner_id}", f"u:{loser_id}", now, m.id, None
                )
                if m.bracket_id is not None:
                    self._report_bracket(db, m, match.winner, (m.score1, m.score2))
            else:
                s0, s1 = match.seats()
                by_name = {
                    users[m.player1_id].display: users[m.player1_id],
                    users[m.player2_id].display: users[m.player2_id],
                }
                m.current_game = self._create_game(db, m.rules, [by_name[s0], by_name[s1]], m.id)
            db.flush()
            live.league = self._match_json(db, m)

    # ------------------------------------------------------------------ ratings

    def _rating_row(self, db: Session, pool: str, key: str, subject: str) -> LeagueRating:
        """``subject``'s rating row in ``pool`` for ``key``, locked until ``db`` commits
        (a new row, unsaved, if it has none). Take several in :func:`sorted` order of
        subject, so that two workers rating the same players wait, never deadlock."""
        row = db.get(LeagueRating, (pool, key, subject), with_for_update=True)
        if row is None:
            if pool == MULTI:
                new = MultiRating()
                row = LeagueRating(
                    pool=pool,
                    rules=key,
                    subject=subject,
                    rating=new.mu,
                    deviation=new.sigma,
                    volatility=0.0,
                    wins=0,
                    losses=0,
                    draws=0,
                )
            else:
                r = LICHESS.new_rating()
                row = LeagueRating(
                    pool=pool,
                    rules=key,
                    subject=subject,
                    rating=r.rating,
                    deviation=r.deviation,
                    volatility=r.volatility,
                    wins=0,
                    losses=0,
                    draws=0,
                )
            db.add(row)
        return row

    def _periods(self, row: LeagueRating, now: datetime) -> float:
        if row.last_at is None:
            return 1.0
        days = max(stamp(now) - row.last_at, 0.0) / 86400.0
        return days * LICHESS.periods_per_day

    def _rate_pair(
        self,
        db: Session,
        pool: str,
        key: str,
        winner: str,
        loser: str,
        now: datetime,
        match_id: int | None,
        game_id: str | None,
        draw: bool = False,
    ) -> None:
        """One Glicko-2 result, as :meth:`cuttle.league.RatingBook.rate` rates it."""
        rows = {s: self._rating_row(db, pool, key, s) for s in sorted((winner, loser))}
        a, b = rows[winner], rows[loser]
        ra = Rating(a.rating, a.deviation, a.volatility)
        rb = Rating(b.rating, b.deviation, b.volatility)
        sa = 0.5 if draw else 1.0
        na = glicko_update(ra, [(rb, sa)], LICHESS, self._periods(a, now))
        nb = glicko_update(rb, [(ra, 1.0 - sa)], LICHESS, self._periods(b, now))
        for row, new, won in ((a, na, True), (b, nb, False)):
            row.rating, row.deviation, row.volatility = new.rating, new.deviation, new.volatility
            row.last_at = stamp(now)
            if draw:
                row.draws += 1
            elif won:
                row.wins += 1
            else:
                row.losses += 1
            db.add(
                LeagueRatingPoint(
                    pool=pool,
                    rules=key,
                    subject=row.subject,
                    at=stamp(now),
                    rating=new.rating,
                    deviation=new.deviation,
                    match_id=match_id,
                    game_id=game_id,
                )
            )

    def _rate_bot_game(
        self,
        subjects: list[str],
        key: str,
        winners: tuple[int, ...],
        now: datetime,
        game_id: str,
    ) -> None:
        """Rate a person's game against a bot (seat ``i`` is ``subjects[i]``) in the bot pool."""
        with self.sessions.begin() as db:
            if winners:
                w = winners[0]
                self._rate_pair(db, BOTS, key, subjects[w], subjects[1 - w], now, None, game_id)
            else:
                self._rate_pair(db, BOTS, key, subjects[0], subjects[1], now, None, game_id, True)

    def _rate_multi(
        self,
        subjects: list[str],
        teams: list[list[int]],
        key: str,
        winners: tuple[int, ...],
        now: datetime,
        game_id: str,
    ) -> None:
        """Rate a ranked game of 3-5 seats or teams with openskill (pool ``multi``)."""
        with self.sessions.begin() as db:
            locked = {s: self._rating_row(db, MULTI, key, s) for s in sorted(set(subjects))}
            rows = [locked[s] for s in subjects]
            before = [MultiRating(r.rating, r.deviation) for r in rows]
            after = rate_game(before, winners, teams)
            won = set(winners)
            for seat, (row, new) in enumerate(zip(rows, after, strict=True)):
                row.rating, row.deviation, row.last_at = new.mu, new.sigma, stamp(now)
                if not won:
                    row.draws += 1
                elif seat in won:
                    row.wins += 1
                else:
                    row.losses += 1
                db.add(
                    LeagueRatingPoint(
                        pool=MULTI,
                        rules=key,
                        subject=row.subject,
                        at=stamp(now),
                        rating=new.shown,
                        deviation=new.sigma * 20.0,
                        match_id=None,
                        game_id=game_id,
                    )
                )

    def ratings(self, pool: str = PEOPLE, key: str = "standard") -> list[dict[str, Any]]:
        """A rating ladder, best first: name, rating (shown), deviation, provisional, record."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueRating).where(LeagueRating.pool == pool, LeagueRating.rules == key)
            ).all()
            names = self._names(
                db, [int(r.subject[2:]) for r in rows if r.subject.startswith("u:")]
            )
        out: list[dict[str, Any]] = []
        for r in rows:
            if pool == MULTI:
                mr = MultiRating(r.rating, r.deviation)
                shown, prov, display = mr.shown, mr.provisional(), mr.display()
            else:
                g = Rating(r.rating, r.deviation, r.volatility)
                shown, prov, display = g.rating, g.provisional(), g.display()
            bot = r.subject.startswith("bot:")
            name = r.subject if bot else names.get(int(r.subject[2:]), r.subject)
            out.append(
                {
                    "player": name,
                    "bot": bot,
                    "rating": round(shown, 1),
                    "deviation": round(r.deviation, 1),
                    "provisional": prov,
                    "display": display,
                    "wins": r.wins,
                    "losses": r.losses,
                    "draws": r.draws,
                }
            )
        out.sort(key=lambda x: (-float(x["rating"]), str(x["player"])))
        return out

    def rating_keys(self, pool: str = PEOPLE) -> list[str]:
        """The rule sets rated in ``pool`` (``standard`` always first)."""
        with self.sessions() as db:
            keys = set(
                db.scalars(select(LeagueRating.rules).where(LeagueRating.pool == pool).distinct())
            )
        return ["standard", *sorted(keys - {"standard"})]

    def history(self, user_id: int, key: str = "standard", pool: str = PEOPLE) -> list[ChartPoint]:
        """A player's rating history under ``key``, oldest first."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueRatingPoint)
                .where(
                    LeagueRatingPoint.subject == f"u:{user_id}",
                    LeagueRatingPoint.pool == pool,
                    LeagueRatingPoint.rules == key,
                )
                .order_by(LeagueRatingPoint.id)
            ).all()
        return [ChartPoint(moment_of(r.at), r.rating, r.deviation) for r in rows]

    # ------------------------------------------------------------------ seasons

    def season_now(self) -> tuple[int, int]:
        """The current season index and week (season 0, week 0 before the league starts)."""
        try:
            sw = self.calendar.season_of(self.clock.now())
        except ValueError:
            return 0, 0
        return sw.index, sw.week

    def season_name(self, index: int) -> str:
        """``Clubs 2026`` and so on."""
        return f"{SUITS[index % 4]} {self.calendar.start.year + index // 4}"

    def season_over(self, index: int) -> bool:
        """Whether season ``index``'s last day has passed (league time)."""
        _, last = self.calendar.season_dates(index)
        return self.calendar.local_date(self.clock.now()) > last

    def match_records(self, key: str | None = None) -> list[MatchRecord]:
        """Every finished league match outside the brackets (under ``key`` if given)."""
        with self.sessions() as db:
            q = select(LeagueMatch).where(
                LeagueMatch.status == "over",
                LeagueMatch.bracket_id.is_(None),
                LeagueMatch.winner_id.is_not(None),
            )
            if key is not None:
                q = q.where(LeagueMatch.rules == key)
            rows = db.scalars(q.order_by(LeagueMatch.finished_at, LeagueMatch.id)).all()
            names = self._names(db, [i for m in rows for i in (m.player1_id, m.player2_id)])
        return [
            MatchRecord(
                moment_of(m.finished_at or m.created_at),
                names[m.player1_id],
                names[m.player2_id],
                names[m.winner_id or 0],
                m.rules,
            )
            for m in rows
        ]

    def standings(self, index: int, key: str = "standard") -> list[Standing]:
        """Season ``index``'s standings under ``key`` (docs/league.md)."""
        return standings(self.match_records(key), self.calendar, index, key)

    def week_table(self, index: int, week: int, key: str = "standard") -> list[WeeklyScore]:
        """The weekly points of week ``week`` of season ``index``."""
        first, _ = self.calendar.season_dates(index)
        lo = first + timedelta(weeks=week - 1)
        hi = lo + timedelta(days=6)
        ms = [m for m in self.match_records(key) if lo <= self.calendar.local_date(m.when) <= hi]
        return weekly_table(ms)

    def seasons(self) -> list[dict[str, Any]]:
        """Every season so far, newest first, with dates and its championship."""
        current, _ = self.season_now()
        with self.sessions() as db:
            brackets = db.scalars(select(LeagueBracket).where(LeagueBracket.kind == "season")).all()
        out = []
        for i in range(current, -1, -1):
            first, last = self.calendar.season_dates(i)
            mine = [b for b in brackets if b.season == i]
            out.append(
                {
                    "index": i,
                    "name": self.season_name(i),
                    "start": first.isoformat(),
                    "end": last.isoformat(),
                    "over": self.season_over(i),
                    "brackets": [self._bracket_brief(b) for b in mine],
                }
            )
        return out

    # ------------------------------------------------------------------ the queue

    async def queue_join(self, user: User, key: object) -> dict[str, Any]:
        """Wait for a ranked opponent under ``key``; pairs at once when one fits."""
        if user.guest:
            raise ServiceError("the ranked queue is for registered players: sign up first", 403)
        rules = check_key(key or "standard")
        rating = await self.offload(self._queue_rating, user.id, rules)
        self.found.pop(user.id, None)
        self.queue[user.id] = QueueEntry(user.id, user.display, rules, rating, time.monotonic())
        return await self.queue_status(user)

    def _queue_rating(self, user_id: int, rules: str) -> float:
        """The rating the queue pairs ``user_id`` by under ``rules``."""
        with self.sessions() as db:
            row = db.get(LeagueRating, (PEOPLE, rules, f"u:{user_id}"))
        return row.rating if row else LICHESS.default_rating

    def queue_leave(self, user: User) -> dict[str, Any]:
        """Leave the queue."""
        self.queue.pop(user.id, None)
        return {"status": "idle"}

    async def queue_status(self, user: User) -> dict[str, Any]:
        """Pair whoever fits, then say where ``user`` stands: idle, waiting or matched."""
        await self._pair()
        if user.id in self.found:  # said once: the next look finds the player idle
            return {"status": "matched", **self.found.pop(user.id)}
        entry = self.queue.get(user.id)
        if entry is None:
            return {"status": "idle"}
        waited = time.monotonic() - entry.since
        return {
            "status": "waiting",
            "rules": entry.rules,
            "rating": round(entry.rating),
            "waited": round(waited, 1),
            "band": round(self.settings.band.width(waited)),
            "waiting": sum(1 for e in self.queue.values() if e.rules == entry.rules),
        }

    async def _pair(self) -> None:
        """Start a match for every pair that fits. The pairs are chosen on the loop and
        marked as being paired before their match is written (off the loop), so that a
        request meanwhile neither pairs them again nor finds them idle."""
        now = time.monotonic()
        chosen: list[tuple[str, QueueEntry, QueueEntry]] = []
        for rules in sorted({e.rules for e in self.queue.values()}):
            entries = {
                e.name: e
                for e in self.queue.values()
                if e.rules == rules and e.user_id not in self._pairing
            }
            waiting = [Waiting(e.name, e.rating, e.since) for e in entries.values()]
            for a, b in pairs(waiting, now, self.settings.band):
                ea, eb = entries[a], entries[b]
                self._pairing.update((ea.user_id, eb.user_id))
                chosen.append((rules, ea, eb))
        try:
            for rules, ea, eb in chosen:
                info = await self.offload(self._queue_match, ea.user_id, eb.user_id, rules)
                for e in (ea, eb):
                    if self.queue.get(e.user_id) is e:
                        del self.queue[e.user_id]
                    self.found[e.user_id] = {**info, "opponent": (eb if e is ea else ea).name}
        finally:  # paired or not (the write failed): no longer being paired
            for _, ea, eb in chosen:
                self._pairing.difference_update((ea.user_id, eb.user_id))

    def _queue_match(self, first: int, second: int, rules: str) -> dict[str, Any]:
        """Start the match of a pair from the queue; where its first game is."""
        with self.sessions.begin() as db:
            ua, ub = db.get(User, first), db.get(User, second)
            assert ua is not None and ub is not None
            m = self._start_match(db, ua, ub, rules)
            return {"match": m.id, "game": m.current_game, "url": f"/g/{m.current_game}"}

    # ------------------------------------------------------------------ challenges

    def challenge(self, user: User, opponent: object, key: object) -> dict[str, Any]:
        """Challenge a named player to a ranked match."""
        if user.guest:
            raise ServiceError("challenges are for registered players: sign up first", 403)
        rules = check_key(key or "standard")
        with self.sessions.begin() as db:
            other = self.user_named(db, str(opponent or ""))
            if other.id == user.id:
                raise ServiceError("you cannot challenge yourself")
            c = LeagueChallenge(
                from_id=user.id, to_id=other.id, rules=rules, status="open", created_at=time.time()
            )
            db.add(c)
            db.flush()
            return {"id": c.id, "to": other.display, "rules": rules, "status": "open"}

    def challenges(self, user: User) -> dict[str, list[dict[str, Any]]]:
        """Open challenges to and from ``user``."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueChallenge)
                .where(
                    LeagueChallenge.status == "open",
                    or_(LeagueChallenge.from_id == user.id, LeagueChallenge.to_id == user.id),
                )
                .order_by(LeagueChallenge.id)
            ).all()
            names = self._names(db, [i for c in rows for i in (c.from_id, c.to_id)])

        def js(c: LeagueChallenge) -> dict[str, Any]:
            return {"id": c.id, "from": names[c.from_id], "to": names[c.to_id], "rules": c.rules}

        return {
            "incoming": [js(c) for c in rows if c.to_id == user.id],
            "outgoing": [js(c) for c in rows if c.from_id == user.id],
        }

    def answer(self, user: User, challenge_id: int, accept: bool) -> dict[str, Any]:
        """Accept (starting the match, the challenger in seat 0) or decline a challenge."""
        with self.sessions.begin() as db:
            c = db.get(LeagueChallenge, challenge_id, with_for_update=True)
            if c is None or user.id not in (c.from_id, c.to_id):
                raise ServiceError("no such challenge", 404)
            if c.status != "open":
                raise ServiceError(f"the challenge is {c.status}", 409)
            if not accept:
                c.status = "declined" if user.id == c.to_id else "cancelled"
                return {"id": c.id, "status": c.status}
            if user.id != c.to_id:
                raise ServiceError("only the challenged player can accept", 403)
            first = db.get(User, c.from_id)
            assert first is not None
            m = self._start_match(db, first, user, c.rules)
            c.status, c.match_id = "accepted", m.id
            return {"id": c.id, "status": "accepted", "match": self._match_json(db, m)}

    # ------------------------------------------------------------------ abandoned games

    async def claim(self, user: User, gid: str) -> dict[str, Any]:
        """Claim a ranked game whose opponent is away: no connection to the game, and no
        move for ``abandon_seconds``. The opponent loses it as abandoned."""
        live = await self.games.fetch(gid)
        mine = live.seat_of(user.id)
        if not live.ranked or live.players != 2 or mine is None:
            raise ServiceError("only a player of a ranked two-player game can claim it", 403)
        if live.status != "playing":
            raise ServiceError("the game is not being played", 409)
        other = 1 - mine
        other_id = live.seats[other].user_id
        if any(c.user_id == other_id for c in live.conns):
            raise ServiceError("your opponent is still at the table", 409)
        since = time.time() - await self.offload(self._last_activity, gid)
        if since < self.settings.abandon_seconds:
            wait = int(self.settings.abandon_seconds - since) + 1
            raise ServiceError(f"your opponent may come back: claim in {wait} s", 409)
        self._abandoning[gid] = other
        if not await self.games.resign(live, other):
            self._abandoning.pop(gid, None)
            raise ServiceError("the game could not be claimed; try again", 409)
        return {"game": gid, "abandoned_by": live.seats[other].name, "league": live.league}

    def _last_activity(self, gid: str) -> float:
        """When game ``gid`` last changed (its last move, update or creation)."""
        with self.sessions() as db:
            last = db.scalar(select(func.max(MoveRow.created_at)).where(MoveRow.game_id == gid))
            row = db.get(GameRow, gid)
            assert row is not None
        return max(last or 0.0, row.updated_at, row.created_at)

    # ------------------------------------------------------------------ brackets

    def _bracket(self, b: LeagueBracket) -> Bracket:
        return Bracket.from_json(json.loads(b.state))

    def _bracket_brief(self, b: LeagueBracket) -> dict[str, Any]:
        state = json.loads(b.state)
        return {
            "id": b.id,
            "kind": b.kind,
            "season": b.season,
            "name": b.name,
            "rules": b.rules,
            "status": b.status,
            "published": b.published,
            "champion": state.get("champion"),
            "places": state.get("places", {}),
            "url": f"/league/brackets/{b.id}",
        }

    def _get_bracket(
        self, db: Session, bracket_id: int, viewer: User | None, lock: bool = False
    ) -> LeagueBracket:
        b = db.get(LeagueBracket, bracket_id, with_for_update=lock)
        if b is None or (not b.published and not (viewer and self.is_admin(viewer))):
            raise ServiceError("no such bracket", 404)
        return b

    def _require_admin(self, user: User) -> None:
        if not self.is_admin(user):
            raise ServiceError("only the league's organisers can do that", 403)

    def create_bracket(self, user: User, body: dict[str, Any]) -> dict[str, Any]:
        """Organisers: seed a season's championship (``kind`` season, ``season`` index) from
        its top 8, or the World Championship (``kind`` world, ``year``) from the four
        seasons' championship points; start it (``running``) unless ``paused``."""
        self._require_admin(user)
        key = check_key(body.get("rules") or "standard")
        kind = body.get("kind", "season")
        # Read first: on SQLite a read inside the write transaction would wait for it.
        index = body.get("season")
        table = (
            self.standings(index, key)
            if kind == "season" and isinstance(index, int) and not isinstance(index, bool)
            else []
        )
        with self.sessions.begin() as db:
            existing = db.scalars(select(LeagueBracket).where(LeagueBracket.rules == key)).all()
            if kind == "season":
                if isinstance(index, bool) or not isinstance(index, int) or index < 0:
                    raise ServiceError("season must be a season's number (0 is the first)")
                if not self.season_over(index):
                    raise ServiceError(f"{self.season_name(index)} is not over yet", 409)
                if any(b.kind == "season" and b.season == index for b in existing):
                    raise ServiceError("that season's championship exists already", 409)
                if len(table) < 2:
                    raise ServiceError("a championship needs at least two players", 409)
                bracket = season_championship(table)
                name = f"{self.season_name(index)} Championship"
                number = index
            elif kind == "world":
                year = body.get("year")
                if isinstance(year, bool) or not isinstance(year, int):
                    raise ServiceError("year must be a league year")
                y = year - self.calendar.start.year
                if y < 0:
                    raise ServiceError("the league had not started that year")
                if any(b.kind == "world" and b.season == year for b in existing):
                    raise ServiceError("that World Championship exists already", 409)
                places = []
                for i in range(4 * y, 4 * y + 4):
                    done = [
                        b
                        for b in existing
                        if b.kind == "season" and b.season == i and b.status == "finished"
                    ]
                    if not done:
                        raise ServiceError(
                            f"{self.season_name(i)}'s championship is not finished", 409
                        )
                    places.append(self._bracket(done[0]).places())
                qualified = world_qualifiers(places)
                bracket = Bracket([p for p, _ in qualified])
                name = f"World Championship {year}"
                number = year
            else:
                raise ServiceError("kind must be season or world")
            now = time.time()
            b = LeagueBracket(
                kind=kind,
                season=number,
                name=name,
                rules=key,
                state=json.dumps(bracket.to_json()),
                status="paused" if body.get("paused") else "running",
                published=bool(body.get("publish", False)),
                created_at=now,
                updated_at=now,
            )
            db.add(b)
            db.flush()
            self._advance(db, b, bracket)
            return self._bracket_json(db, b)

    def _advance(self, db: Session, b: LeagueBracket, bracket: Bracket) -> None:
        """Start a match for every ready bracket match without one (when running)."""
        if bracket.finished:
            b.status = "finished"
        if b.status != "running":
            return
        playing = set(
            db.scalars(
                select(LeagueMatch.bracket_match).where(
                    LeagueMatch.bracket_id == b.id, LeagueMatch.status == "playing"
                )
            )
        )
        for st in bracket.ready():
            if st.spec.id in playing:
                continue
            a, c = (self.user_named(db, str(s)) for s in st.sides)
            self._start_match(db, a, c, b.rules, b.id, st.spec.id)

    def _report_bracket(
        self, db: Session, m: LeagueMatch, winner: str, score: tuple[int, int] | None
    ) -> None:
        b = db.get(LeagueBracket, m.bracket_id)
        if b is None or m.bracket_match is None:
            return
        ordered = None if score is None else (max(score), min(score))
        bracket = self._bracket(b).report_match(m.bracket_match, winner, ordered)
        b.state = json.dumps(bracket.to_json())
        b.updated_at = time.time()
        self._advance(db, b, bracket)

    def bracket_action(
        self, user: User, bracket_id: int, action: str, body: dict[str, Any]
    ) -> dict[str, Any]:
        """Organisers: ``pause``, ``resume``, ``reseed`` (``players``, or the standings
        again; only before any result), ``forfeit`` (``match``, ``winner``) or
        ``publish``."""
        self._require_admin(user)
        with self.sessions() as db:
            found = self._get_bracket(db, bracket_id, user)
            kind, season, rules = found.kind, found.season, found.rules
        seeded = (
            [s.player for s in self.standings(season, rules)[:8]]
            if action == "reseed" and kind == "season"
            else []
        )
        with self.sessions.begin() as db:
            b = self._get_bracket(db, bracket_id, user, lock=True)
            bracket = self._bracket(b)
            if action == "publish":
                b.published = True
            elif action == "pause":
                if b.status == "finished":
                    raise ServiceError("the bracket is finished", 409)
                b.status = "paused"
            elif action == "resume":
                if b.status == "finished":
                    raise ServiceError("the bracket is finished", 409)
                b.status = "running"
                self._advance(db, b, bracket)
            elif action == "reseed":
                if bracket.results and any(st.status == "done" for st in bracket.matches()):
                    raise ServiceError("a bracket with results cannot be re-seeded", 409)
                players = body.get("players")
                if players is None:
                    if b.kind != "season":
                        raise ServiceError("give the players to seed")
                    players = seeded
                if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                    raise ServiceError("players must be a list of names")
                for p in players:
                    self.user_named(db, p)
                try:
                    bracket = Bracket(players)
                except BracketError as e:
                    raise ServiceError(str(e)) from None
                db.execute(
                    update(LeagueMatch)
                    .where(LeagueMatch.bracket_id == b.id, LeagueMatch.status == "playing")
                    .values(status="cancelled", current_game=None)
                )
                b.state = json.dumps(bracket.to_json())
                self._advance(db, b, bracket)
            elif action == "forfeit":
                mid, winner = body.get("match"), body.get("winner")
                if not isinstance(mid, str) or not isinstance(winner, str):
                    raise ServiceError("give the bracket match (such as W1-1) and its winner")
                try:
                    state = bracket.match(mid)
                    bracket = bracket.report_match(mid, winner)
                except BracketError as e:
                    raise ServiceError(str(e), 409) from None
                winner_user = self.user_named(db, winner)
                db.execute(
                    update(LeagueMatch)
                    .where(
                        LeagueMatch.bracket_id == b.id,
                        LeagueMatch.bracket_match == state.spec.id,
                        LeagueMatch.status == "playing",
                    )
                    .values(
                        status="forfeit",
                        winner_id=winner_user.id,
                        current_game=None,
                        finished_at=stamp(self.clock.now()),
                    )
                )
                b.state = json.dumps(bracket.to_json())
                self._advance(db, b, bracket)
            else:
                raise ServiceError("no such action", 404)
            b.updated_at = time.time()
            db.flush()
            return self._bracket_json(db, b)

    def _bracket_json(self, db: Session, b: LeagueBracket) -> dict[str, Any]:
        state = json.loads(b.state)
        rows = db.scalars(
            select(LeagueMatch).where(LeagueMatch.bracket_id == b.id).order_by(LeagueMatch.id)
        ).all()
        by_match: dict[str, LeagueMatch] = {}
        for m in rows:
            if m.status != "cancelled" and m.bracket_match:
                by_match[m.bracket_match] = m
        for entry in state["matches"]:
            lm = by_match.get(entry["id"])
            if lm is not None and entry["status"] in ("ready", "done"):
                entry["league_match"] = lm.id
                entry["game"] = lm.current_game
                names = self._names(db, [lm.player1_id, lm.player2_id])
                entry["score"] = {names[lm.player1_id]: lm.score1, names[lm.player2_id]: lm.score2}
        return {
            **self._bracket_brief(b),
            "state": state,
            "version": f"{b.updated_at:.6f}",
        }

    def bracket(self, bracket_id: int, viewer: User | None) -> dict[str, Any]:
        """A bracket with its matches (the games in play included); 404 unless published
        or the viewer organises."""
        with self.sessions() as db:
            b = self._get_bracket(db, bracket_id, viewer)
            return self._bracket_json(db, b)

    def brackets(self, viewer: User | None) -> list[dict[str, Any]]:
        """Every bracket the viewer may see, newest first."""
        admin = viewer is not None and self.is_admin(viewer)
        with self.sessions() as db:
            rows = db.scalars(select(LeagueBracket).order_by(desc(LeagueBracket.id))).all()
            return [self._bracket_brief(b) for b in rows if b.published or admin]

    def world_points(self, year: int, key: str = "standard") -> list[tuple[str, float]]:
        """The year's championship points so far, best first (every player with points)."""
        y = year - self.calendar.start.year
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueBracket).where(
                    LeagueBracket.kind == "season",
                    LeagueBracket.rules == key,
                    LeagueBracket.status == "finished",
                )
            ).all()
        places = [self._bracket(b).places() for b in rows if 4 * y <= b.season < 4 * y + 4]
        return world_qualifiers(places, size=10**6)

    def finished_events(self) -> list[dict[str, Any]]:
        """The site's finished championships, newest first, with places and points."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueBracket)
                .where(LeagueBracket.status == "finished", LeagueBracket.published.is_(True))
                .order_by(desc(LeagueBracket.id))
            ).all()
        out = []
        for b in rows:
            places = self._bracket(b).places()
            points = championship_points(places)
            out.append(
                {
                    **self._bracket_brief(b),
                    "table": sorted(
                        ({"player": p, "place": n, "points": points[p]} for p, n in places.items()),
                        key=lambda x: (x["place"], x["player"]),
                    ),
                }
            )
        return out

    # ------------------------------------------------------------------ profiles

    def record_by_rules(self, user_id: int) -> list[dict[str, Any]]:
        """Wins, losses and draws of every finished game ``user_id`` sat in, by rule set."""
        with self.sessions() as db:
            rows = db.execute(
                select(
                    GameRow.rules, GameRow.variants, GameRow.result, SeatRow.seat, GameRow.ranked
                )
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.user_id == user_id, GameRow.status == "over")
            ).all()
        table: dict[str, dict[str, int]] = {}
        for rules, variants, result, seat, _ranked in rows:
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
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueRating).where(LeagueRating.subject == f"u:{user.id}")
            ).all()
        ratings = []
        for r in sorted(rows, key=lambda r: (r.pool, r.rules)):
            if r.pool == MULTI:
                mr = MultiRating(r.rating, r.deviation)
                shown, display, prov = mr.shown, mr.display(), mr.provisional()
            else:
                g = Rating(r.rating, r.deviation, r.volatility)
                shown, display, prov = g.rating, g.display(), g.provisional()
            ratings.append(
                {
                    "pool": r.pool,
                    "rules": r.rules,
                    "rating": round(shown, 1),
                    "deviation": round(r.deviation, 1),
                    "display": display,
                    "provisional": prov,
                    "wins": r.wins,
                    "losses": r.losses,
                    "draws": r.draws,
                }
            )
        return {
            "name": user.display,
            "ratings": ratings,
            "record": self.record_by_rules(user.id),
            "matches": self.matches_of(user.id, 10),
        }


def weeks_of_season() -> list[int]:
    """Week numbers 1..13."""
    return list(range(1, WEEKS_PER_SEASON + 1))
