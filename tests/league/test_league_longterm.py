"""The Rummy-500 series and the hall of fame data."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cuttle.league.hall_of_fame import load_hall_of_fame
from cuttle.league.longterm import Series


def test_columns_add_up_and_the_first_to_the_target_wins() -> None:
    s = Series(["ann", "bob", "cat"], target=50)
    s = s.add_round({"ann": 21, "bob": 10, "cat": 5})
    s = s.add_round({"ann": 10, "bob": 21, "cat": 14})
    assert s.totals() == {"ann": 31, "bob": 31, "cat": 19}
    assert s.winner is None
    s = s.add_round({"ann": 21, "bob": 3, "cat": 0})
    assert s.winner == "ann"
    with pytest.raises(ValueError, match="over"):
        s.add_round({"ann": 1, "bob": 1, "cat": 1})


def test_a_tie_at_the_top_past_the_target_plays_on() -> None:
    s = Series(["ann", "bob"], target=20).add_round({"ann": 21, "bob": 21})
    assert s.winner is None
    assert s.add_round({"ann": 0, "bob": 1}).winner == "bob"


def test_points_counted_against_a_player() -> None:
    s = Series(["ann", "bob", "cat"], target=500)
    s = s.add_round({"ann": 12, "bob": 9, "cat": 4}, against=["bob"])
    assert s.totals() == {"ann": 12, "bob": -9, "cat": 4}
    sheet = s.sheet()
    assert "-9*" in sheet and "Target 500" in sheet


def test_series_refusals() -> None:
    with pytest.raises(ValueError):
        Series(["solo"])
    with pytest.raises(ValueError):
        Series(list("abcdef"))
    s = Series(["a", "b", "c"])
    with pytest.raises(ValueError, match="missing"):
        s.add_round({"a": 1, "b": 2})
    with pytest.raises(ValueError):
        s.add_round({"a": -1, "b": 2, "c": 0})
    with pytest.raises(ValueError):
        s.add_round({"a": 1, "b": 2, "c": 0}, against=["z"])


def test_the_hall_of_fame_matches_the_source() -> None:
    hof = load_hall_of_fame()
    assert len(hof.events) == 12
    world = [e for e in hof.events if e.kind == "world"]
    assert [e.name for e in world] == [
        "Cuttle World Championship III",
        "Cuttle World Championship II",
    ]
    iii = hof.event("world-iii")
    assert iii.date == "2024-02-10" and iii.competitors == 8
    assert [p.players[0] for p in iii.places][:4] == ["Avi", "Launceleyn", "aleph_one", "SUBMARINO"]
    ii = hof.event("world-ii")
    assert ii.competitors == 12 and ii.places[-1].players == (
        "Eorgosa",
        "Mxyon",
        "byarmis",
        "dylanfryer",
    )
    assert hof.event("diamonds-2022").competitors == 4
    assert hof.event("clubs-2024").start == "2024-01-03"
    # season champions as listed by the source
    assert hof.titles("season") == {
        "gman232": 2, "aleph_one": 3, "Eorgosa": 2, "SUBMARINO": 1, "MonarchMan": 1,
        "hfromeo2": 1,
    }  # fmt: skip
    assert hof.titles("world") == {"Avi": 1, "gman232": 1}
    assert hof.event("diamonds-2023").notes  # the doubled ButterBothSides is flagged
    with pytest.raises(KeyError):
        hof.event("hearts-2099")


def test_the_data_file_ships_with_the_package() -> None:
    root = Path(__file__).resolve().parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["cuttle"]
    assert "league/data/*.json" in patterns
    assert (root / "src/cuttle/league/data/hall_of_fame.json").is_file()
