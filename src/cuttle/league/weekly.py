"""Weekly points (seed 001, "Competitive cuttle"): places by unique opponents beaten.

Within one league week only the first match between two players counts. A player's
*wins* are the counted matches they won, that is the unique opponents they beat. Players
with at least one win are placed by wins with standard competition ranking (tied players
share a place and use up the places they fill: "1224"). Points: 5 for 1st place, 4 for
2nd, 3 for 3rd, 2 for at least one win without placing, 1 for a counted match with no
win.

>>> from datetime import datetime, timezone
>>> t = datetime(2026, 1, 5, tzinfo=timezone.utc)
>>> week = [MatchRecord(t, "ann", "bob", "ann"), MatchRecord(t, "cat", "bob", "cat")]
>>> [(s.player, s.wins, s.place, s.points) for s in weekly_table(week)]
[('ann', 1, 1, 5), ('cat', 1, 1, 5), ('bob', 0, None, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from typing import TypeVar

from .results import MatchRecord

PLACE_POINTS = (5, 4, 3)
"""Points for the 1st, 2nd and 3rd weekly places."""
WIN_POINTS = 2
"""Points for at least one win without a place."""
PLAYED_POINTS = 1
"""Points for a counted match without a win."""

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class WeeklyScore:
    """One player's week: counted matches, wins (unique opponents beaten), place, points."""

    player: str
    matches: int
    wins: int
    place: int | None
    points: int


def week_start(moment: datetime, tz: tzinfo, first_day: int = 0) -> date:
    """The local date on which the league week holding ``moment`` began.

    Weeks begin at 00:00 in ``tz`` on weekday ``first_day`` (0 = Monday, as Python's
    ``date.weekday``).
    """
    local = moment.astimezone(tz).date()
    return local - timedelta(days=(local.weekday() - first_day) % 7)


def counted_matches(matches: Iterable[MatchRecord]) -> list[MatchRecord]:
    """The matches that count in one week: the first between each pair, by time.

    Matches at the same time keep their given order.
    """
    seen: set[frozenset[str]] = set()
    out: list[MatchRecord] = []
    for m in sorted(matches, key=lambda m: m.when):
        if m.pair not in seen:
            seen.add(m.pair)
            out.append(m)
    return out


def weekly_table(matches: Iterable[MatchRecord]) -> list[WeeklyScore]:
    """Every player's score for one week's matches, best first (then by name)."""
    counted = counted_matches(matches)
    played: dict[str, int] = {}
    wins: dict[str, int] = {}
    for m in counted:
        for p in (m.player1, m.player2):
            played[p] = played.get(p, 0) + 1
            wins.setdefault(p, 0)
        wins[m.winner] += 1
    scores = []
    for player in played:
        w = wins[player]
        place = 1 + sum(1 for other in wins.values() if other > w) if w > 0 else None
        if place is not None and place <= len(PLACE_POINTS):
            points = PLACE_POINTS[place - 1]
        else:
            points = WIN_POINTS if w > 0 else PLAYED_POINTS
        scores.append(WeeklyScore(player, played[player], w, place, points))
    return sorted(scores, key=lambda s: (-s.points, -s.wins, s.player))


def weekly_points(matches: Iterable[MatchRecord]) -> dict[str, int]:
    """``{player: points}`` for one week's matches."""
    return {s.player: s.points for s in weekly_table(matches)}


def points_by_week(
    matches: Iterable[MatchRecord], week_of: Callable[[MatchRecord], K]
) -> dict[K, list[WeeklyScore]]:
    """Split ``matches`` into weeks with ``week_of`` and score each week."""
    weeks: dict[K, list[MatchRecord]] = {}
    for m in matches:
        weeks.setdefault(week_of(m), []).append(m)
    return {k: weekly_table(ms) for k, ms in weeks.items()}
