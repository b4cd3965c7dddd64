"""Seasons: the league's calendar of thirteen-week seasons, and their standings and weekly
tables, reckoned from the finished matches outside the brackets (``docs/league.md``)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.league import Calendar, MatchRecord, Standing, standings
from cuttle.league.seasons import SUITS
from cuttle.league.weekly import WeeklyScore, weekly_table

from .models import LeagueMatch
from .people import names_of
from .settings import Clock, moment_of


class Seasons:
    """The seasons on ``calendar`` as ``clock`` tells the time."""

    def __init__(self, sessions: sessionmaker[Session], calendar: Calendar, clock: Clock) -> None:
        """Read matches through ``sessions``."""
        self.sessions = sessions
        self.calendar = calendar
        self.clock = clock

    def now(self) -> tuple[int, int]:
        """The current season index and week (season 0, week 0 before the league starts)."""
        try:
            sw = self.calendar.season_of(self.clock.now())
        except ValueError:
            return 0, 0
        return sw.index, sw.week

    def name(self, index: int) -> str:
        """``Clubs 2026`` and so on."""
        return f"{SUITS[index % 4]} {self.calendar.start.year + index // 4}"

    def over(self, index: int) -> bool:
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
            names = names_of(db, [i for m in rows for i in (m.player1_id, m.player2_id)])
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
