"""The league's pure pieces behind the site: the ranked queue's pairing, openskill ratings
for 3-5 seats and teams, and the SVG rating chart."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from openskill.models import PlackettLuce

from cuttle.league.chart import ChartPoint, chart_coordinates, rating_chart
from cuttle.league.multi import MultiRating, rate_game
from cuttle.league.queue import Band, Waiting, pairs


def test_queue_band_widens_until_far_ratings_meet() -> None:
    band = Band(start=100, growth=10, widest=1000)
    q = [Waiting("ann", 1500, 0.0), Waiting("bob", 1800, 0.0)]
    assert pairs(q, now=0.0, band=band) == []
    assert pairs(q, now=19.9, band=band) == []  # 100 + 199 = 299 < 300
    assert pairs(q, now=20.0, band=band) == [("ann", "bob")]
    # both bands must reach the gap: a newcomer's narrow band holds the pair back
    q = [Waiting("ann", 1500, 0.0), Waiting("bob", 1800, 19.0)]
    assert pairs(q, now=25.0, band=band) == []  # bob's band: 100 + 60 = 160
    assert pairs(q, now=39.0, band=band) == [("ann", "bob")]
    assert band.width(10_000) == 1000


def test_queue_pairs_the_closest_for_the_longest_waiter() -> None:
    q = [
        Waiting("ann", 1500, 0.0),
        Waiting("bob", 1590, 1.0),
        Waiting("cat", 1520, 2.0),
        Waiting("dan", 1600, 3.0),
    ]
    assert pairs(q, now=3.0) == [("ann", "cat"), ("bob", "dan")]
    assert pairs([Waiting("ann", 1500, 0.0)], now=99.0) == []


def test_multi_seat_free_for_all_matches_openskill() -> None:
    model = PlackettLuce()
    start = [MultiRating(30.0, 6.0), MultiRating(25.0, 8.0), MultiRating(20.0, 4.0)]
    got = rate_game(start, winners=(2,))
    want = model.rate(
        [[model.rating(mu=r.mu, sigma=r.sigma)] for r in start], ranks=[2.0, 2.0, 1.0]
    )
    for g, w in zip(got, want, strict=True):
        assert g.mu == pytest.approx(w[0].mu) and g.sigma == pytest.approx(w[0].sigma)
    assert got[2].mu > 20.0 and got[0].mu < 30.0


def test_multi_seat_teams_and_draws() -> None:
    model = PlackettLuce()
    new = MultiRating()
    got = rate_game([new] * 4, winners=(1, 3), teams=[(0, 2), (1, 3)])
    want = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[2.0, 1.0]
    )
    assert got[0].mu == pytest.approx(want[0][0].mu) == pytest.approx(got[2].mu)
    assert got[1].mu == pytest.approx(want[1][0].mu) == pytest.approx(got[3].mu)
    drawn = rate_game([new] * 3, winners=())
    assert all(r.mu == pytest.approx(25.0) for r in drawn)
    assert all(r.sigma < new.sigma for r in drawn)
    assert new.display() == "1500?" and MultiRating(30.0, 2.0).display() == "1980"
    with pytest.raises(ValueError):
        rate_game([new] * 4, winners=(0,), teams=[(0, 1)])


def test_chart_places_each_rating_on_a_line_between_its_bounds() -> None:
    t0 = datetime(2026, 1, 5, tzinfo=UTC)
    pts = [
        ChartPoint(t0, 1500.0, 500.0),
        ChartPoint(t0 + timedelta(days=1), 1700.0, 300.0),
        ChartPoint(t0 + timedelta(days=9), 1600.0, 200.0),
    ]
    coords, low, high = chart_coordinates(pts, width=600, height=240, pad=40)
    # margin max(20, 200 / 10) = 20: the range is 1480..1720 over y 200 (bottom) .. 20 (top)
    assert (low, high) == (1480.0, 1720.0)
    assert coords == [(40.0, 185.0), (310.0, 35.0), (580.0, 110.0)]
    svg = rating_chart(pts, title="ann: standard rating")
    line = re.search(r'class="rating-line" points="([^"]+)"', svg)
    assert line and line.group(1) == "40.0,185.0 310.0,35.0 580.0,110.0"
    assert svg.count('class="rating-point"') == 3
    assert "2026-01-05" in svg and "2026-01-14" in svg and "1700 ± 300" in svg
    assert "No rated results yet" in rating_chart([])
