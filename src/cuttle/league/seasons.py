"""Seasons (seed 001): four 13-week seasons a year, Clubs, Diamonds, Hearts, Spades.

A :class:`Calendar` starts on the first day of a Clubs season, at 00:00 in the league's
time zone; every week is the 7 days from the start's weekday (give a Monday for weeks
that begin on Monday). Season ``k`` (from 0) is ``SUITS[k % 4]`` of league year
``start.year + k // 4``; a league year is 52 weeks. :func:`standings` ranks a season's
players by total weekly points, then total match wins, then rating.

>>> from datetime import date, datetime, timezone
>>> cal = Calendar(date(2026, 1, 5))
>>> cal.season_of(datetime(2026, 4, 6, 12, tzinfo=timezone.utc))
SeasonWeek(index=1, suit='Diamonds', year=2026, week=1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo

from .glicko2 import LICHESS, Params, Rating, RatingBook
from .results import MatchRecord
from .weekly import weekly_table

SUITS = ("Clubs", "Diamonds", "Hearts", "Spades")
"""The seasons of a league year, in order."""
WEEKS_PER_SEASON = 13
"""Weeks in a season."""


@dataclass(frozen=True, slots=True)
class SeasonWeek:
    """Where a moment falls: season index (from 0), suit, league year, week 1-13."""

    index: int
    suit: str
    year: int
    week: int

    @property
    def name(self) -> str:
        """The season's name, e.g. ``Clubs 2026``."""
        return f"{self.suit} {self.year}"


@dataclass(frozen=True, slots=True)
class Calendar:
    """The league's calendar: the first day of its first Clubs season and its time zone."""

    start: date
    tz: tzinfo = UTC

    def local_date(self, moment: datetime) -> date:
        """The league-local date of an aware ``moment``."""
        return moment.astimezone(self.tz).date()

    def week_index(self, moment: datetime) -> int:
        """Whole weeks from the start to ``moment`` (0 in the first week, < 0 before)."""
        return (self.local_date(moment) - self.start).days // 7

    def season_of(self, moment: datetime) -> SeasonWeek:
        """The season and week of ``moment``; ``ValueError`` before the league's start."""
        weeks = self.week_index(moment)
        if weeks < 0:
            raise ValueError(f"{self.local_date(moment)} is before the league's start {self.start}")
        index, week = divmod(weeks, WEEKS_PER_SEASON)
        return SeasonWeek(index, SUITS[index % 4], self.start.year + index // 4, week + 1)

    def season_dates(self, index: int) -> tuple[date, date]:
        """The first and last local dates of season ``index``."""
        first = self.start + timedelta(weeks=WEEKS_PER_SEASON * index)
        return first, first + timedelta(weeks=WEEKS_PER_SEASON, days=-1)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's season: place, total points, total match wins, rating, points by week."""

    place: int
    player: str
    points: int
    wins: int
    rating: Rating
    weeks: dict[int, int] = field(default_factory=dict)


def season_matches(
    matches: Iterable[MatchRecord], calendar: Calendar, index: int = 0
) -> list[MatchRecord]:
    """The matches played in season ``index``, by time."""
    first, last = calendar.season_dates(index)
    return sorted(
        (m for m in matches if first <= calendar.local_date(m.when) <= last),
        key=lambda m: m.when,
    )


def standings(
    matches: Iterable[MatchRecord],
    calendar: Calendar,
    index: int = 0,
    rules: str = "standard",
    params: Params = LICHESS,
) -> list[Standing]:
    """Season ``index``'s standings, best first.

    Points are the sum of the player's weekly points; wins count every match won in the
    season (repeat matches in a week included); the rating is the Glicko-2 rating under
    ``rules`` after every given match up to the season's end, each match one result.
    Players equal on all three share a place (then they are listed by name).
    """
    everything = sorted(matches, key=lambda m: m.when)
    _, last = calendar.season_dates(index)
    book = RatingBook(params)
    for m in everything:
        if m.rules == rules and calendar.local_date(m.when) <= last:
            book.rate(m.winner, m.loser, rules, m.when)
    season = season_matches(everything, calendar, index)
    by_week: dict[int, list[MatchRecord]] = {}
    for m in season:
        by_week.setdefault(calendar.season_of(m.when).week, []).append(m)
    weeks: dict[str, dict[int, int]] = {}
    for week, ms in sorted(by_week.items()):
        for score in weekly_table(ms):
            weeks.setdefault(score.player, {})[week] = score.points
    wins: dict[str, int] = {p: 0 for p in weeks}
    for m in season:
        wins[m.winner] += 1

    def key(p: str) -> tuple[int, int, float]:
        return (-sum(weeks[p].values()), -wins[p], -book.get(p, rules).rating)

    order = sorted(weeks, key=lambda p: (*key(p), p))
    out: list[Standing] = []
    for i, p in enumerate(order):
        place = out[-1].place if out and key(out[-1].player) == key(p) else i + 1
        out.append(
            Standing(place, p, sum(weeks[p].values()), wins[p], book.get(p, rules), weeks[p])
        )
    return out
