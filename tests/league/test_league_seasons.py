"""Seasons and standings: suits, weeks 1-13, league years, tie-breaks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from cuttle.league.championships import season_qualifiers, world_points, world_qualifiers
from cuttle.league.results import MatchRecord
from cuttle.league.seasons import Calendar, season_matches, standings

START = date(2026, 1, 5)


def at(d: date, hour: int = 12) -> datetime:
    return datetime(d.year, d.month, d.day, hour, tzinfo=UTC)


def test_season_of_a_date() -> None:
    cal = Calendar(START)
    assert cal.season_of(at(START)).name == "Clubs 2026"
    assert cal.season_of(at(date(2026, 1, 11))).week == 1
    assert cal.season_of(at(date(2026, 1, 12))).week == 2
    last_clubs = cal.season_of(at(date(2026, 4, 5)))
    assert (last_clubs.suit, last_clubs.week) == ("Clubs", 13)
    assert cal.season_of(at(date(2026, 4, 6))).name == "Diamonds 2026"
    assert cal.season_of(at(START + timedelta(weeks=39))).name == "Spades 2026"
    assert cal.season_of(at(START + timedelta(weeks=52))).name == "Clubs 2027"
    assert cal.season_dates(1) == (date(2026, 4, 6), date(2026, 7, 5))
    with pytest.raises(ValueError, match="before"):
        cal.season_of(at(date(2026, 1, 4)))


def rec(d: date, p1: str, p2: str, winner: str, hour: int = 12) -> MatchRecord:
    return MatchRecord(at(d, hour), p1, p2, winner)


def test_standings_points_then_wins_then_rating() -> None:
    w1, w2 = START, START + timedelta(days=7)
    matches = [
        # week 1: ann and cat 1 win each (5 each), bob 0 (1); bob's repeat win over ann is
        # not counted for points but counts as a match win
        rec(w1, "ann", "bob", "ann", 10),
        rec(w1, "cat", "bob", "cat", 11),
        rec(w1, "ann", "bob", "bob", 12),
        # week 2: bob beats cat (5), cat 1; dan beats ann (5), ann 1
        rec(w2, "bob", "cat", "bob"),
        rec(w2, "ann", "dan", "dan"),
        # next season: not in these standings
        rec(START + timedelta(weeks=14), "dan", "ann", "dan"),
    ]
    table = standings(matches, Calendar(START))
    rows = [(s.place, s.player, s.points, s.wins, s.weeks) for s in table]
    # bob, cat and ann have 6 points; bob has 2 wins; cat and ann 1, split by rating
    assert rows[0] == (1, "bob", 6, 2, {1: 1, 2: 5})
    assert {r[1] for r in rows[1:3]} == {"cat", "ann"}
    assert rows[3] == (4, "dan", 5, 1, {2: 5})
    cat, ann = table[1], table[2]
    assert cat.rating.rating > ann.rating.rating
    assert cat.player == "cat"
    assert len(season_matches(matches, Calendar(START))) == 5
    assert season_qualifiers(table, 2) == ["bob", "cat"]


def test_world_points_add_up_shared_places() -> None:
    seasons = [
        {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 5, "g": 7, "h": 7},
        {"e": 1, "a": 2},
    ]
    pts = world_points(seasons)
    assert pts == {"a": 35, "b": 14, "c": 10, "d": 7, "e": 25, "f": 4, "g": 1.5, "h": 1.5}
    top = world_qualifiers(seasons, 3)
    assert top == [("a", 35), ("e", 25), ("b", 14)]
