"""Double-elimination brackets: structure, byes, every path to the final, places, JSON."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle.league.bracket import (
    BYE,
    CHAMPIONSHIP_POINTS,
    Bracket,
    BracketError,
    championship_points,
    play_out,
    seed_order,
)

EIGHT = [f"s{i}" for i in range(1, 9)]


def sides(b: Bracket, mid: str) -> tuple[object, object]:
    return b.match(mid).sides


def favourites_to_final(players: list[str]) -> Bracket:
    """8 players, the better seed wins every match up to the grand final."""
    b = Bracket(players)
    return play_out(
        b,
        [
            ("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6"),
            ("s1", "s4"), ("s2", "s3"), ("s1", "s2"),
            ("s5", "s8"), ("s6", "s7"),
            ("s3", "s5"), ("s4", "s6"),
            ("s3", "s4"),
            ("s2", "s3"),
        ],
    )  # fmt: skip


def test_seed_order_is_the_standard_one() -> None:
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(ValueError):
        seed_order(6)


def test_eight_first_round_pairings_and_drops() -> None:
    b = Bracket(EIGHT)
    assert [sides(b, f"W1-{i}") for i in range(1, 5)] == [
        ("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6"),
    ]  # fmt: skip
    b = play_out(b, [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")])
    assert sides(b, "L1-1") == ("s8", "s5")
    assert sides(b, "L1-2") == ("s7", "s6")
    assert sides(b, "W2-1") == ("s1", "s4")
    # second-round losers cross over: the loser of W2-2 meets the L1-1 winner
    b = play_out(b, [("s1", "s4"), ("s2", "s3"), ("s5", "s8"), ("s6", "s7")])
    assert sides(b, "L2-1") == ("s5", "s3")
    assert sides(b, "L2-2") == ("s6", "s4")


def test_winners_champion_wins_the_grand_final_no_reset() -> None:
    b = favourites_to_final(EIGHT)
    assert sides(b, "GF") == ("s1", "s2")
    assert not b.finished
    assert [m.spec.id for m in b.ready()] == ["GF"]
    b = b.report("s1", "s2", (2, 0))
    assert b.finished and b.champion == "s1"
    assert b.match("GF2").status == "unneeded"
    assert b.places() == {
        "s1": 1, "s2": 2, "s3": 3, "s4": 4, "s5": 5, "s6": 5, "s7": 7, "s8": 7,
    }  # fmt: skip
    # 5th and 6th share (5 + 3) / 2; 7th and 8th share (2 + 1) / 2
    assert championship_points(b.places()) == {
        "s1": 21, "s2": 14, "s3": 10, "s4": 7, "s5": 4, "s6": 4, "s7": 1.5, "s8": 1.5,
    }  # fmt: skip


def test_losers_champion_wins_the_grand_final_then_the_reset_decides() -> None:
    b = favourites_to_final(EIGHT).report("s2", "s1")
    assert not b.finished
    assert b.match("GF2").status == "ready"
    assert sides(b, "GF2") == ("s1", "s2")
    won_by_lb = b.report("s2", "s1")
    assert won_by_lb.champion == "s2"
    assert won_by_lb.places()["s1"] == 2
    won_by_wb = b.report("s1", "s2")
    assert won_by_wb.champion == "s1"
    assert won_by_wb.places()["s2"] == 2
    assert won_by_wb.places()["s3"] == 3


def test_the_winners_final_loser_can_still_win_through_the_losers_bracket() -> None:
    # s2 loses the winners' final, wins the losers' final, then beats s1 twice
    b = favourites_to_final(EIGHT)
    assert b.match("L4-1").winner == "s2"
    b = b.report("s2", "s1").report("s2", "s1")
    assert b.champion == "s2"


def test_a_first_round_loser_can_reach_the_grand_final() -> None:
    b = Bracket(EIGHT)
    b = play_out(b, [("s1", "s8"), ("s5", "s4"), ("s2", "s7"), ("s3", "s6")])
    b = play_out(b, [("s1", "s5"), ("s2", "s3"), ("s1", "s2")])
    # s4 lost in round 1 and now wins every losers' match
    b = play_out(b, [("s4", "s8"), ("s6", "s7"), ("s4", "s3"), ("s5", "s6"), ("s4", "s5")])
    b = b.report("s4", "s2")
    assert sides(b, "GF") == ("s1", "s4")
    b = b.report("s4", "s1").report("s4", "s1")
    assert b.champion == "s4"
    assert b.places() == {
        "s4": 1, "s1": 2, "s2": 3, "s5": 4, "s3": 5, "s6": 5, "s8": 7, "s7": 7,
    }  # fmt: skip


def test_six_players_byes_go_to_the_top_two_seeds() -> None:
    six = [f"s{i}" for i in range(1, 7)]
    b = Bracket(six)
    assert sides(b, "W1-1") == ("s1", BYE)
    assert sides(b, "W1-3") == ("s2", BYE)
    assert b.match("W1-1").status == "bye"
    assert [m.spec.id for m in b.ready()] == ["W1-2", "W1-4"]
    b = play_out(b, [("s4", "s5"), ("s3", "s6")])
    # the byes' empty losers' slots let s5 and s6 through without playing
    assert b.match("L1-1").status == "bye" and b.match("L1-1").winner == "s5"
    assert b.match("L1-2").winner == "s6"
    b = play_out(b, [("s1", "s4"), ("s2", "s3"), ("s1", "s2")])
    b = play_out(b, [("s3", "s5"), ("s4", "s6"), ("s3", "s4"), ("s2", "s3"), ("s1", "s2")])
    assert b.champion == "s1"
    places = b.places()
    assert places == {"s1": 1, "s2": 2, "s3": 3, "s4": 4, "s5": 5, "s6": 5}
    assert championship_points(places) == {
        "s1": 21, "s2": 14, "s3": 10, "s4": 7, "s5": 4, "s6": 4,
    }  # fmt: skip


def test_five_players() -> None:
    five = [f"s{i}" for i in range(1, 6)]
    b = Bracket(five)
    assert [m.spec.id for m in b.ready()] == ["W1-2", "W2-2"]  # s2 v s3 waits for nobody
    b = b.report("s5", "s4")  # the upset
    assert b.match("L1-2").status == "bye" and b.match("L1-2").winner is BYE
    assert sides(b, "W2-1") == ("s1", "s5")
    b = play_out(b, [("s1", "s5"), ("s2", "s3"), ("s1", "s2")])
    # L2-1: s4 (through a bye) v the loser of W2-2; L2-2: a bye v the loser of W2-1
    assert sides(b, "L2-1") == ("s4", "s3")
    assert b.match("L2-2").winner == "s5"
    b = play_out(b, [("s4", "s3"), ("s5", "s4"), ("s5", "s2"), ("s1", "s5")])
    assert b.champion == "s1"
    assert b.places() == {"s1": 1, "s5": 2, "s2": 3, "s4": 4, "s3": 5}
    assert championship_points(b.places())["s3"] == 5


def test_two_players_play_a_double_elimination_too() -> None:
    b = Bracket(["a", "b"]).report("b", "a")
    assert sides(b, "GF") == ("b", "a")
    b = b.report("a", "b")
    assert b.match("GF2").status == "ready"
    assert b.report("b", "a").champion == "b"


def test_places_come_in_as_rounds_finish() -> None:
    b = play_out(Bracket(EIGHT), [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")])
    assert b.places() == {}
    b = b.report("s5", "s8")
    assert b.places() == {}  # L1-2 is still to play
    b = b.report("s6", "s7")
    assert b.places() == {"s8": 7, "s7": 7}


def test_bad_results_are_refused() -> None:
    b = Bracket(EIGHT)
    with pytest.raises(BracketError, match="no match between s1 and s2"):
        b.report("s1", "s2")
    with pytest.raises(BracketError, match="not ready"):
        b.report_match("W2-1", "s1")
    with pytest.raises(BracketError, match="not in it"):
        b.report_match("W1-1", "s2")
    with pytest.raises(BracketError, match="exceed"):
        b.report("s1", "s8", (1, 2))
    with pytest.raises(BracketError):
        Bracket(["solo"])
    with pytest.raises(BracketError, match="twice"):
        Bracket(["a", "b", "a"])


def test_json_round_trip_and_refusals() -> None:
    b = favourites_to_final(EIGHT).report("s2", "s1", (2, 1))
    data = json.loads(b.dumps())
    assert data["format"] == "double-elimination"
    assert data["results"]["GF"] == {"winner": "s2", "score": [2, 1]}
    back = Bracket.from_json(data)
    assert back == b
    assert back.match("GF").score == (2, 1)
    assert back.ready()[0].spec.id == "GF2"
    with pytest.raises(BracketError):
        Bracket.loads("{}")
    with pytest.raises(BracketError):
        Bracket.loads("not json")
    data["results"]["W2-1"] = {"winner": "s8"}
    with pytest.raises(BracketError):
        Bracket.from_json(data)


def test_points_tables() -> None:
    assert CHAMPIONSHIP_POINTS == (21, 14, 10, 7, 5, 3, 2, 1)
    # four players tied 9th-12th share nothing; three tied at 6th share 3, 2 and 1
    assert championship_points({"a": 9, "b": 9, "c": 9, "d": 9}) == dict.fromkeys("abcd", 0.0)
    assert championship_points({"a": 6, "b": 6, "c": 6}) == dict.fromkeys("abc", 2.0)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 16), data=st.data())
def test_any_bracket_ends_with_one_champion_and_full_places(n: int, data: st.DataObject) -> None:
    players = [f"p{i}" for i in range(n)]
    b = Bracket(players)
    losses = dict.fromkeys(players, 0)
    while not b.finished:
        ready = b.ready()
        assert ready, "an unfinished bracket always has a match to play"
        m = data.draw(st.sampled_from(ready))
        winner = data.draw(st.sampled_from([str(s) for s in m.sides]))
        loser = str(m.sides[1] if m.sides[0] == winner else m.sides[0])
        losses[loser] += 1
        b = b.report_match(m.spec.id, winner)
        assert Bracket.loads(b.dumps()) == b
    places = b.places()
    assert set(places) == set(players)
    assert sorted(places.values())[:2] == [1, 2]
    assert [p for p, v in places.items() if v == 1] == [b.champion]
    # nobody is out before two losses; the champion lost at most once
    assert all(losses[p] == 2 for p in players if places[p] > 2)
    assert losses[str(b.champion)] <= 1
    # competition ranking: a place k is shared by the players that fill k..k+g-1
    for place in set(places.values()):
        tied = sum(1 for v in places.values() if v == place)
        assert sum(1 for v in places.values() if v < place) == place - 1
        assert tied >= 1
    # points are conserved: the table's first min(n, 8) entries, shared out
    total = sum(championship_points(places).values())
    assert total == pytest.approx(sum(CHAMPIONSHIP_POINTS[: min(n, 8)]))


def _every_path(players: list[str]) -> list[tuple[Bracket, dict[str, list[str]]]]:
    """Every finished bracket, with each player's matches lost (match ids in order),
    reached by trying both winners of every match (the first ready match each time)."""
    done: list[tuple[Bracket, dict[str, list[str]]]] = []
    stack: list[tuple[Bracket, dict[str, list[str]]]] = [
        (Bracket(players), {p: [] for p in players})
    ]
    while stack:
        b, lost = stack.pop()
        if b.finished:
            done.append((b, lost))
            continue
        m = b.ready()[0]
        for w, loser in (m.sides, m.sides[::-1]):
            after = {**lost, str(loser): [*lost[str(loser)], m.spec.id]}
            stack.append((b.report_match(m.spec.id, str(w)), after))
    return done


# (players, the final places counted independently: 1, 2, then the sizes of the
# losers' rounds' eliminations from the last round back)
EXHAUSTIVE = [(8, [1, 2, 3, 4, 5, 5, 7, 7]), (6, [1, 2, 3, 4, 5, 5]), (5, [1, 2, 3, 4, 5])]


@pytest.mark.parametrize(("n", "expected_places"), EXHAUSTIVE)
def test_every_path_through_a_bracket(n: int, expected_places: list[int]) -> None:
    """All 2^k ways the matches can go: each player can reach the grand final from
    either side and win it; a reset is played exactly when the losers' side wins the
    first final; everyone but the champion has two losses, the champion at most one;
    players out in the same losers' round share a place, the later out placing better;
    and the championship points always add up to the table's first n entries."""
    paths = _every_path([f"s{i}" for i in range(1, n + 1)])
    reached_top: set[str] = set()
    reached_bottom: set[str] = set()
    champions: set[str] = set()
    resets = 0
    for b, lost in paths:
        gf = b.match("GF")
        top, bottom = (str(s) for s in gf.sides)
        finals = {"GF", "GF2"}
        assert [x for x in lost[top] if x not in finals] == []  # unbeaten into the final
        assert len([x for x in lost[bottom] if x not in finals]) == 1
        reached_top.add(top)
        reached_bottom.add(bottom)
        champion = str(b.champion)
        champions.add(champion)
        reset_played = b.match("GF2").status == "done"
        assert reset_played == (gf.winner == bottom)
        resets += reset_played
        assert len(lost[champion]) <= 1
        assert all(len(v) == 2 for p, v in lost.items() if p != champion)
        places = b.places()
        assert sorted(places.values()) == expected_places
        assert places[champion] == 1
        # out in the same losers' round: same place; out later: a better place
        out_round = {
            p: int(v[1].split("-")[0][1:])
            for p, v in lost.items()
            if len(v) == 2 and v[1][0] == "L"
        }
        for p, rp in out_round.items():
            for q, rq in out_round.items():
                if rp == rq:
                    assert places[p] == places[q]
                elif rp > rq:
                    assert places[p] < places[q]
        points = championship_points(places)
        assert sum(points.values()) == pytest.approx(sum(CHAMPIONSHIP_POINTS[:n]))
        assert points[champion] == 21
    everyone = {f"s{i}" for i in range(1, n + 1)}
    assert reached_top == everyone and reached_bottom == everyone and champions == everyone
    assert 0 < resets < len(paths)
