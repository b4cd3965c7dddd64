"""Counters (spec "Counters", rulings 1, 2, 7, 8): chains of twos, queens that stop
counters, the asking order with 3 and 4 seats, team's out-of-turn nine and
multiplayer's spent turns."""

from __future__ import annotations

from typing import Any

import pytest

from cuttle import Game
from helpers_positions import controller, faces, game, hand, legal, play, points, refuse, scrap


def ace_table(rules: str = "standard", **kw: Any) -> Game:
    """p0 may scrap the points with AC; both hold twos."""
    return game(
        rules,
        hands=[["AC", "2D", "2S"], ["2C", "2H", "5D"]],
        fields=[{"points": ["9C"]}, {"points": ["TC"]}],
        **kw,
    )


@pytest.mark.parametrize(
    ("chain", "cancelled"),
    [
        ([], False),
        (["counter 2C"], True),
        (["counter 2C", "counter 2D"], False),
        (["counter 2C", "counter 2D", "counter 2H"], True),
    ],
)
@pytest.mark.parametrize("rules", ["classic", "standard", "cuttlecards"])
def test_odd_twos_cancel_even_twos_let_it_resolve(
    rules: str, chain: list[str], cancelled: bool
) -> None:
    g = ace_table(rules)
    play(g, "oneoff AC")
    for i, move in enumerate(chain):
        assert g.to_act == (1 if i % 2 == 0 else 0)  # strict alternation with two seats
        play(g, move)
        assert g.phase == "counter"
    assert g.to_json()["pending"]["counters"] == [m.split()[1] for m in chain]
    play(g, "resolve")
    assert g.phase == "main" and g.turn == 1 and g.pending is None
    twos = {m.split()[1] for m in chain}
    assert scrap(g) >= twos | {"AC"}
    if cancelled:
        assert points(g, 0) == {"9C"} and points(g, 1) == {"TC"}
    else:
        assert points(g, 0) == points(g, 1) == set()
    for seat in (0, 1):
        assert not (hand(g, seat) & twos)


def test_the_window_opens_even_without_a_two() -> None:
    g = game(hands=[["AC"], ["5D"]], fields=[{"points": ["9C"]}, {}])
    play(g, "oneoff AC")
    assert g.phase == "counter" and g.to_act == 1
    assert legal(g) == {"resolve"}
    refuse(g, "counter 5D", "only a two")


@pytest.mark.parametrize("rules", ["classic", "standard"])
def test_the_one_off_players_queen_stops_counters(rules: str) -> None:
    g = game(
        rules,
        hands=[["AC"], ["2C"]],
        fields=[{"points": ["9C"], "faces": ["QH"]}, {"points": ["TC"]}],
    )
    play(g, "oneoff AC")
    assert g.to_act == 1 and legal(g) == {"resolve"}
    refuse(g, "counter 2C", "cannot counter", "queen")
    play(g, "resolve")
    assert points(g, 1) == set()


def test_a_counter_by_a_queen_holder_cannot_be_countered() -> None:
    g = game(
        hands=[["AC", "2D"], ["2C"]],
        fields=[{"points": ["9C"]}, {"points": ["TC"], "faces": ["QH"]}],
    )
    play(g, "oneoff AC", "counter 2C")
    assert g.to_act == 0 and legal(g) == {"resolve"}
    refuse(g, "counter 2D", "queen")


def test_a_two_aimed_at_a_royal_can_itself_be_countered() -> None:
    g = game("classic", hands=[["2C"], ["2D"]], fields=[{}, {"faces": ["KH"]}])
    play(g, "oneoff 2C KH", "counter 2D", "resolve")
    assert faces(g, 1) == {"KH"} and scrap(g) >= {"2C", "2D"}


def test_scuttles_cannot_be_countered() -> None:
    g = game(hands=[["9S"], ["2C"]], fields=[{}, {"points": ["7H"]}])
    play(g, "scuttle 9S 7H")
    assert g.phase == "main" and g.turn == 1
    refuse(g, "counter 2C", "not possible now")


# ---------------------------------------------------------------------- three seats


def cutthroat_ace() -> Game:
    return game(
        "cutthroat",
        hands=[["AC", "2S"], ["2C", "5D"], ["2D", "2H"]],
        fields=[{"points": ["9C"]}, {"points": ["TC"]}, {"points": ["TD"]}],
    )


def test_cutthroat_asks_in_seat_order_after_the_player() -> None:
    g = cutthroat_ace()
    play(g, "oneoff AC")
    assert g.to_act == 1
    play(g, "resolve")
    assert g.to_act == 2 and g.phase == "counter"
    play(g, "resolve")
    assert g.phase == "main" and points(g, 2) == set()


def test_cutthroat_a_counter_starts_a_new_round_after_the_counterer() -> None:
    g = cutthroat_ace()
    play(g, "oneoff AC", "resolve", "counter 2D")
    assert g.to_act == 0  # after p2: p0, then p1
    play(g, "resolve")
    assert g.to_act == 1
    assert "counter 2C" in legal(g)  # p1 may counter p2's two: any opponent of p2
    play(g, "counter 2C")
    assert g.to_act == 2  # after p1: p2, then p0
    play(g, "resolve")
    assert g.to_act == 0
    play(g, "resolve")  # two twos: the ace resolves
    assert g.phase == "main" and g.turn == 1
    assert points(g, 0) == points(g, 1) == points(g, 2) == set()


def test_cutthroat_one_counter_resolved_by_a_full_round_cancels() -> None:
    g = cutthroat_ace()
    play(g, "oneoff AC", "counter 2C")
    assert g.to_act == 2
    play(g, "resolve")
    assert g.to_act == 0
    play(g, "resolve")
    assert g.phase == "main" and points(g, 0) == {"9C"}


# ---------------------------------------------------------------------- team


def team_ace(**kw: Any) -> Game:
    return game(
        "team",
        hands=[["AC", "2S"], ["2C", "5D"], ["2D", "5S"], ["2H", "5H"]],
        fields=[{"points": ["9C"]}, {"points": ["TC"]}, {"points": ["TD"]}, {"points": ["TH"]}],
        **kw,
    )


def test_team_only_the_other_team_is_asked() -> None:
    g = team_ace()
    play(g, "oneoff AC")
    assert g.to_act == 1
    play(g, "resolve")
    assert g.to_act == 3
    play(g, "counter 2H")
    assert g.to_act == 0  # after p3: p0, then p2 (p1 is p3's partner)
    play(g, "resolve")
    assert g.to_act == 2
    play(g, "resolve")
    assert g.phase == "main" and g.turn == 1 and points(g, 1) == {"TC"}


def test_team_a_partners_queen_does_not_stop_counters() -> None:
    g = game(
        "team",
        hands=[["AC"], ["2C"], ["5S"], ["5H"]],
        fields=[{"points": ["9C"]}, {}, {"faces": ["QS"]}, {}],
    )
    play(g, "oneoff AC")
    assert "counter 2C" in legal(g)


def test_team_answer_nine_returns_the_royal_without_spending_a_turn() -> None:
    g = game(
        "team",
        hands=[["KH"], ["9C", "5D"], ["5S"], ["9D"]],
    )
    play(g, "royal KH")
    assert g.phase == "answer" and g.to_act == 1
    assert legal(g) == {"resolve", "oneoff 9C KH"}
    play(g, "oneoff 9C KH")
    assert g.phase == "counter" and g.to_act == 2  # the royal's team: p2, then p0
    play(g, "resolve", "resolve")
    assert "KH" in hand(g, 0) and g.frozen == []
    assert g.phase == "main" and g.turn == 1  # p1's own turn is still to come
    assert "9C" in scrap(g)


def test_team_answer_declined_by_both_opponents() -> None:
    g = game("team", hands=[["KH"], ["9C"], ["5S"], ["9D"]])
    play(g, "royal KH", "resolve")
    assert g.phase == "answer" and g.to_act == 3
    assert legal(g) == {"resolve", "oneoff 9D KH"}
    play(g, "resolve")
    assert g.phase == "main" and g.turn == 1 and faces(g, 0) == {"KH"}


def test_team_answer_nine_can_be_countered() -> None:
    g = game("team", hands=[["KH"], ["9C"], ["2S"], ["9D"]])
    play(g, "royal KH", "oneoff 9C KH", "counter 2S")
    assert g.to_act == 3  # after p2: p3, then p1
    play(g, "resolve", "resolve")
    assert faces(g, 0) == {"KH"} and g.turn == 1


def test_team_answer_to_a_jack() -> None:
    g = game(
        "team",
        hands=[["JC"], ["9C"], ["5S"], ["5D"]],
        fields=[{}, {"points": ["5H"]}, {}, {}],
    )
    play(g, "jack JC 5H p2")
    assert controller(g, "5H") == 2
    assert g.phase == "answer" and "oneoff 9C JC" in legal(g)
    play(g, "oneoff 9C JC", "resolve", "resolve")
    assert controller(g, "5H") == 1
    assert "JC" in hand(g, 2)  # the jack goes to the seat it gave control to
    assert g.turn == 1


def test_team_answer_respects_queens_and_freezes() -> None:
    g = game("team", hands=[["KH"], ["9C"], ["5S"], ["9D"]], fields=[{"faces": ["QS"]}])
    play(g, "royal KH")
    assert legal(g) == {"resolve"}  # p0's queen shields its king
    g = game("team", hands=[["QH"], ["9C"], ["5S"], ["9D"]])
    play(g, "royal QH")
    assert "oneoff 9C QH" in legal(g)  # a lone queen can be targeted
    g = game("team", hands=[["KH"], ["9C"], ["5S"], ["9D"]], frozen=["9C"])
    play(g, "royal KH")
    assert legal(g) == {"resolve"}
    refuse(g, "oneoff 9C KH", "cannot be played")


def test_team_royal_that_wins_ends_the_game_before_any_answer() -> None:
    g = game(
        "team",
        hands=[["KH"], ["9C"], ["5S"], ["9D"]],
        fields=[{"points": ["TC", "4C"]}],
    )
    play(g, "royal KH")
    assert g.outcome is not None and g.outcome.winners == (0, 2)


# ---------------------------------------------------------------------- multiplayer


def test_multiplayer_anyone_counters_and_loses_a_turn() -> None:
    g = game(
        "multiplayer",
        hands=[["AC", "5C"], ["2C", "5D"], ["5S"]],
        fields=[{"points": ["9C"]}, {"points": ["TC"]}, {}],
    )
    play(g, "oneoff AC", "counter 2C")
    assert g.to_act == 2  # after p1: p2, then p0
    play(g, "resolve", "resolve")
    assert points(g, 1) == {"TC"}  # cancelled
    assert g.turn == 2  # p1's turn is skipped
    assert "skips" not in g.to_json()  # the skip is spent
    play(g, "draw")
    assert g.turn == 0
    play(g, "draw")
    assert g.turn == 1


def test_multiplayer_skip_is_shown_until_spent() -> None:
    g = game(
        "multiplayer",
        hands=[["AC", "2S"], ["2C", "5D"], ["5S"]],
        fields=[{"points": ["9C"]}, {"points": ["TC"]}, {}],
    )
    play(g, "oneoff AC", "counter 2C", "resolve", "counter 2S")
    assert g.to_json()["skips"] == [1, 1, 0]
    play(g, "resolve", "resolve")  # p1 and p2 decline: two twos, the ace resolves
    assert points(g, 1) == set()
    # p1's turn is skipped: p2 plays, then p0's turn is skipped, so p1 comes next
    assert g.turn == 2
    play(g, "draw")
    assert g.turn == 1
    assert "skips" not in g.to_json()


def test_multiplayer_two_seats_a_counter_gives_the_other_seat_two_turns() -> None:
    g = game(
        "multiplayer",
        hands=[["AC", "5C"], ["2C", "5D"]],
        fields=[{"points": ["9C"]}, {"points": ["TC"]}],
    )
    play(g, "oneoff AC", "counter 2C", "resolve")
    assert points(g, 1) == {"TC"}
    assert g.turn == 0 and g.phase == "main"  # p1's turn is spent
    play(g, "draw")
    assert g.turn == 1
