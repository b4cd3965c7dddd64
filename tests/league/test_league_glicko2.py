"""Glicko-2: Glickman's worked example, idle periods, lichess parameters, the book."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuttle.league.glicko2 import (
    GLICKMAN_EXAMPLE,
    LICHESS,
    SCALE,
    Rating,
    RatingBook,
    idle,
    update,
)


def test_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system": r' 1464.06, RD' 151.52, sigma' 0.05999
    # (the paper rounds its intermediate values, hence the 0.02 allowance on r')
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games, GLICKMAN_EXAMPLE)
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)


def test_lichess_parameters() -> None:
    assert LICHESS.tau == 0.75
    assert LICHESS.new_rating() == Rating(1500, 500, 0.09)
    assert (LICHESS.min_deviation, LICHESS.max_deviation, LICHESS.max_volatility) == (45, 500, 0.1)
    assert LICHESS.provisional_deviation == 110


def test_provisional_mark() -> None:
    assert Rating(1500, 110, 0.09).provisional()
    assert not Rating(1500, 109.9, 0.09).provisional()
    assert Rating(1612.7, 300).display() == "1612?"
    assert Rating(1612.7, 60).display() == "1612"


def test_idle_periods_grow_the_deviation() -> None:
    # phi* = sqrt(phi^2 + t sigma^2), i.e. RD* = sqrt(RD^2 + t (173.7178 sigma)^2)
    r = Rating(1500, 200, 0.06)
    expected = math.sqrt(200**2 + 4 * (SCALE * 0.06) ** 2)
    assert idle(r, 4, GLICKMAN_EXAMPLE).deviation == pytest.approx(expected)
    assert idle(r, 4, GLICKMAN_EXAMPLE).rating == 1500
    # lichess caps the deviation at 500
    assert idle(Rating(1500, 499, 0.09), 1000).deviation == 500
    # no games in a period: the same as idling one period
    assert update(r, [], GLICKMAN_EXAMPLE) == idle(r, 1, GLICKMAN_EXAMPLE)


def test_the_book_rates_both_players_from_their_ratings_before_the_match() -> None:
    book = RatingBook()
    book.rate("ann", "bob", "standard")
    a, b = book.get("ann"), book.get("bob")
    # equal players: the gains mirror each other
    assert a.rating - 1500 == pytest.approx(1500 - b.rating)
    assert a.rating > 1500 and a.deviation < 500
    assert book.get("ann", "cutthroat") == LICHESS.new_rating()
    assert book.players() == ["ann", "bob"]
    assert book.players("cutthroat") == []


def test_time_between_results_grows_the_deviation_first() -> None:
    t0 = datetime(2026, 1, 5, tzinfo=UTC)
    soon, late = RatingBook(), RatingBook()
    for book, gap in ((soon, 0), (late, 365)):
        for i in range(20):
            book.rate("ann", "bob", when=t0 + timedelta(days=i))
        book.rate("ann", "cat", when=t0 + timedelta(days=19 + gap))
    assert late.get("ann").deviation > soon.get("ann").deviation


@given(
    st.floats(1000, 2200),
    st.floats(50, 350),
    st.floats(1000, 2200),
    st.floats(50, 350),
)
def test_a_win_never_lowers_a_rating_and_a_loss_never_raises_it(
    r1: float, d1: float, r2: float, d2: float
) -> None:
    me, them = Rating(r1, d1, 0.06), Rating(r2, d2, 0.06)
    won = update(me, [(them, 1.0)], GLICKMAN_EXAMPLE)
    lost = update(me, [(them, 0.0)], GLICKMAN_EXAMPLE)
    assert lost.rating < me.rating < won.rating
    assert won.deviation < math.sqrt(d1**2 + (SCALE * 0.06) ** 2) + 1e-9
