"""Weekly points: unique opponents beaten, shared places, first match per pair only."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from cuttle.league.results import MatchRecord
from cuttle.league.weekly import counted_matches, week_start, weekly_points, weekly_table

MONDAY = datetime(2026, 1, 5, 18, tzinfo=UTC)


def m(p1: str, p2: str, winner: str, hours: int = 0) -> MatchRecord:
    return MatchRecord(MONDAY + timedelta(hours=hours), p1, p2, winner)


def test_one_leader_two_tied_second_then_placeless_and_losers() -> None:
    week = [
        m("A", "B", "A"), m("A", "C", "A"), m("A", "D", "A"),
        m("B", "C", "B"), m("B", "E", "B"),
        m("C", "E", "C"), m("C", "F", "C"),
        m("D", "F", "D"),
    ]  # fmt: skip
    # wins: A 3; B 2, C 2 (tied 2nd, both 4); D 1 is 4th by count: no place, 2 points
    assert weekly_points(week) == {"A": 5, "B": 4, "C": 4, "D": 2, "E": 1, "F": 1}
    table = {s.player: s for s in weekly_table(week)}
    assert (table["B"].place, table["C"].place, table["D"].place) == (2, 2, 4)
    assert table["E"].place is None and table["E"].matches == 2


def test_two_tied_for_first_use_up_second_place() -> None:
    week = [m("A", "B", "A"), m("A", "C", "A"), m("D", "B", "D"), m("D", "C", "D")]
    week += [m("B", "C", "B"), m("E", "F", "E"), m("G", "F", "G")]
    # A and D 2 wins: 1st (5 each); B, E, G 1 win: 3rd (3 each); C and F no win: 1
    assert weekly_points(week) == {"A": 5, "D": 5, "B": 3, "E": 3, "G": 3, "C": 1, "F": 1}


def test_a_player_with_only_losses_gets_one_point() -> None:
    assert weekly_points([m("A", "B", "A"), m("C", "B", "C")])["B"] == 1


def test_only_the_first_match_between_a_pair_counts() -> None:
    week = [m("A", "B", "B", hours=5), m("B", "A", "A", hours=1), m("A", "C", "A", hours=9)]
    # A beat B at 19:00 first; B's win over A later that day does not count
    assert [x.winner for x in counted_matches(week)] == ["A", "A"]
    assert weekly_points(week) == {"A": 5, "B": 1, "C": 1}
    table = {s.player: s for s in weekly_table(week)}
    assert table["A"].wins == 2 and table["B"].matches == 1


def test_week_start_in_the_league_time_zone() -> None:
    paris = ZoneInfo("Europe/Paris")
    sunday_late_utc = datetime(2026, 1, 11, 23, 30, tzinfo=UTC)  # Monday 00:30 in Paris
    assert week_start(sunday_late_utc, UTC) == date(2026, 1, 5)
    assert week_start(sunday_late_utc, paris) == date(2026, 1, 12)
    assert week_start(datetime(2026, 1, 14, tzinfo=UTC), UTC, first_day=2) == date(2026, 1, 14)


players = st.sampled_from("ABCDEF")


@st.composite
def weeks(draw: st.DrawFn) -> list[MatchRecord]:
    out = []
    for i in range(draw(st.integers(0, 15))):
        a, b = draw(st.lists(players, min_size=2, max_size=2, unique=True))
        out.append(m(a, b, draw(st.sampled_from([a, b])), hours=i))
    return out


@given(weeks())
def test_points_follow_wins(week: list[MatchRecord]) -> None:
    table = weekly_table(week)
    in_play = {p for x in counted_matches(week) for p in (x.player1, x.player2)}
    assert {s.player for s in table} == in_play
    for s in table:
        assert 1 <= s.points <= 5
        assert (s.points == 1) == (s.wins == 0)
    for s in table:
        for t in table:
            if s.wins > t.wins:
                assert s.points >= t.points
    if table:
        assert max(s.points for s in table) == 5
    assert sum(s.wins for s in table) == len(counted_matches(week))
