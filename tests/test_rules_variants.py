"""The seven variant toggles (spec "Variants"), alone and with the sets they modify."""

from __future__ import annotations

from typing import Any

import pytest

from cuttle import VARIANTS, Game, InvalidRulesError, get_rules, new_game
from helpers_positions import (
    deck_top,
    faces,
    game,
    hand,
    legal,
    play,
    points,
    refuse,
    scrap,
)


def test_seven_toggles_with_descriptions() -> None:
    assert set(VARIANTS) == {
        "random-four",
        "eight-oneoff",
        "nine-freeze",
        "nine-to-deck",
        "ten-blocks-scuttle",
        "queens-guard-queens",
        "joker-swap",
    }
    assert all(VARIANTS.values())


@pytest.mark.parametrize(
    ("rules", "variants", "players", "words"),
    [
        ("classic", ["no-such"], None, "unknown variant"),
        ("classic", ["nine-freeze", "nine-to-deck"], None, "exclude each other"),
        ("cutthroat", ["ten-blocks-scuttle"], None, "two players only"),
        ("multiplayer", ["joker-swap"], 3, "two players only"),
        ("cutthroat", ["joker-swap"], None, "two players only"),
    ],
)
def test_impossible_combinations_are_refused(
    rules: str, variants: list[str], players: int | None, words: str
) -> None:
    with pytest.raises(InvalidRulesError, match=words):
        get_rules(rules, variants, players)


def test_any_two_player_set_takes_every_variant_together() -> None:
    every = [v for v in VARIANTS if v != "nine-freeze"]
    for rules in ("classic", "standard", "cuttlecards"):
        g = new_game(rules, every, seed=4)
        assert g.rules.variants == tuple(sorted(every))
        assert g.to_json()["variants"] == sorted(every)


# ---------------------------------------------------------------------- random-four


def test_random_four_the_engine_picks_two() -> None:
    """Spec ruling 15: the two cards leave as the four resolves; the victim makes no
    move and the record holds no extra ply."""
    hand1 = ["5D", "KH", "9S", "3C"]
    g = game("classic", variants=["random-four"], hands=[["4C"], hand1])
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "main" and g.turn == 1 and len(g.history) == 2
    gone = set(hand1) - hand(g, 1)
    assert len(gone) == 2 and gone <= scrap(g) and "4C" in scrap(g)
    # the same position always gives the same pick (records replay)
    g2 = game("classic", variants=["random-four"], hands=[["4C"], hand1])
    play(g2, "oneoff 4C", "resolve")
    assert hand(g2, 1) == hand(g, 1)


def test_random_four_with_one_card() -> None:
    g = game("standard", variants=["random-four"], hands=[["4C"], ["5D"]])
    play(g, "oneoff 4C", "resolve")
    assert hand(g, 1) == set() and "5D" in scrap(g) and g.phase == "main"


# ---------------------------------------------------------------------- eight-oneoff


def test_eight_oneoff_scraps_glasses() -> None:
    g = game(
        "classic",
        variants=["eight-oneoff"],
        hands=[["8C"], ["5D"]],
        fields=[{}, {"glasses": ["8S"]}],
    )
    assert {"oneoff 8C 8S", "glasses 8C", "points 8C"} <= legal(g)
    play(g, "oneoff 8C 8S", "resolve")
    assert g.glasses == [[], []] and {"8C", "8S"} <= scrap(g)


def test_eight_oneoff_can_be_countered_and_queens_shield() -> None:
    g = game(
        "classic",
        variants=["eight-oneoff"],
        hands=[["8C"], ["2D"]],
        fields=[{}, {"glasses": ["8S"]}],
    )
    play(g, "oneoff 8C 8S", "counter 2D", "resolve")
    assert g.glasses[1] and {"8C", "2D"} <= scrap(g)
    g = game(
        "classic",
        variants=["eight-oneoff"],
        hands=[["8C"], ["2D"]],
        fields=[{}, {"glasses": ["8S"], "faces": ["QH"]}],
    )
    refuse(g, "oneoff 8C 8S", "protected")


def test_eight_is_no_oneoff_without_the_toggle() -> None:
    g = game("classic", hands=[["8C"], ["5D"]], fields=[{}, {"glasses": ["8S"]}])
    refuse(g, "oneoff 8C 8S", "not a one-off")


# ---------------------------------------------------------------------- nine-freeze


def test_classic_nine_freeze_opponents_permanents_frozen() -> None:
    g = game(
        "classic",
        variants=["nine-freeze"],
        hands=[["9C"], ["5D"]],
        fields=[{"faces": ["KD"]}, {"faces": ["KH"], "points": ["3C"]}],
    )
    assert {m for m in legal(g) if m.startswith("oneoff 9C")} == {"oneoff 9C KH"}
    play(g, "oneoff 9C KH", "resolve")
    assert "KH" in hand(g, 1) and g.to_json()["frozen"] == ["KH"]
    refuse(g, "royal KH", "cannot be played")
    play(g, "draw", "draw")
    assert "royal KH" in legal(g)


# ---------------------------------------------------------------------- nine-to-deck


@pytest.mark.parametrize("rules", ["classic", "standard"])
def test_nine_to_deck_puts_the_card_on_top_known_to_all(rules: str) -> None:
    g = game(
        rules, variants=["nine-to-deck"], hands=[["9C"], ["5D"]], fields=[{}, {"faces": ["KH"]}]
    )
    play(g, "oneoff 9C KH", "resolve")
    assert faces(g, 1) == set() and deck_top(g) == ["KH"]
    assert g.frozen == []
    for viewer in (0, 1, None):
        assert g.view(viewer)["deck"][0] == "KH"
        assert g.view(viewer)["deck"][1] == "??"
    play(g, "draw")
    assert "KH" in hand(g, 1) and "royal KH" not in legal(g)  # p0 to act now
    assert "KH" in g.view(0)["hands"][1]
    play(g, "draw")
    assert "royal KH" in legal(g)


def test_standard_nine_to_deck_on_a_point_card() -> None:
    g = game(
        "standard",
        variants=["nine-to-deck"],
        hands=[["9C"], ["5D"]],
        fields=[{}, {"points": ["TH"]}],
    )
    play(g, "oneoff 9C TH", "resolve")
    assert deck_top(g) == ["TH"] and points(g, 1) == set()


# ---------------------------------------------------------------------- ten-blocks-scuttle


def scuttle_table(**kw: Any) -> Game:
    return game(
        "classic",
        variants=["ten-blocks-scuttle"],
        hands=[["9S", "5C"], ["TH", "TC", "2C"]],
        fields=[{}, {"points": ["7H"], "faces": ["QS"]}],
        **kw,
    )


def test_ten_blocks_a_scuttle() -> None:
    g = scuttle_table()
    play(g, "scuttle 9S 7H")
    pos = g.to_json()
    assert g.phase == "counter" and g.to_act == 1
    assert pos["pending"] == {
        "card": "9S",
        "by": 0,
        "target": "7H",
        "counters": [],
        "kind": "scuttle",
    }
    assert legal(g) == {"resolve", "counter TH", "counter TC"}
    refuse(g, "counter 2C", "only a ten")
    play(g, "counter TH")
    assert points(g, 1) == {"7H"} and {"9S", "TH"} <= scrap(g)
    assert g.phase == "main" and g.turn == 1 and g.pending is None


def test_scuttle_goes_through_when_not_blocked() -> None:
    g = scuttle_table()
    play(g, "scuttle 9S 7H", "resolve")
    assert points(g, 1) == set() and {"9S", "7H"} <= scrap(g)
    assert g.turn == 1


def test_the_scuttle_window_opens_without_a_ten_and_asks_the_controller() -> None:
    stolen = {"card": "7H", "owner": 0, "jacks": [{"card": "JC", "to": 1}]}
    g = game(
        "classic",
        variants=["ten-blocks-scuttle"],
        hands=[["9S"], ["5D"]],
        fields=[{}, {"points": [stolen]}],
    )
    play(g, "scuttle 9S 7H")
    assert g.to_act == 1 and legal(g) == {"resolve"}
    play(g, "resolve")
    assert {"9S", "7H", "JC"} <= scrap(g)
    assert g.points == [[], []]


def test_frozen_ten_cannot_block() -> None:
    g = game(
        "standard",
        variants=["ten-blocks-scuttle"],
        hands=[["9S"], ["TH"]],
        fields=[{}, {"points": ["7H"]}],
        frozen=["TH"],
        turn=0,
    )
    play(g, "scuttle 9S 7H")
    assert legal(g) == {"resolve"}


def test_without_the_toggle_scuttles_are_immediate() -> None:
    g = game("classic", hands=[["9S"], ["TH"]], fields=[{}, {"points": ["7H"]}])
    play(g, "scuttle 9S 7H")
    assert g.phase == "main" and g.turn == 1 and points(g, 1) == set()


# ---------------------------------------------------------------------- queens-guard-queens


@pytest.mark.parametrize(("queens", "targetable"), [(["QS"], {"QS"}), (["QS", "QD"], set())])
def test_queens_guard_queens_in_classic(queens: list[str], targetable: set[str]) -> None:
    g = game(
        "classic",
        variants=["queens-guard-queens"],
        hands=[["2C"], ["5D"]],
        fields=[{}, {"faces": ["KH", *queens]}],
    )
    assert {m.split()[-1] for m in legal(g) if m.startswith("oneoff 2C")} == targetable


# ---------------------------------------------------------------------- joker-swap


def test_joker_swap_adds_one_joker_that_swaps_hands() -> None:
    rs = get_rules("classic", ["joker-swap"])
    assert rs.card_count == 53
    g = game("classic", variants=["joker-swap"], hands=[["X1", "5C", "6C"], ["KH", "QH"]])
    assert "oneoff X1" in legal(g)
    refuse(g, "points X1")
    play(g, "oneoff X1", "resolve")
    assert hand(g, 0) == {"KH", "QH"} and hand(g, 1) == {"5C", "6C"}
    assert "X1" in scrap(g) and g.turn == 1
    # each seat knows the hand it gave away
    assert sorted(g.view(0)["hands"][1]) == ["5C", "6C"]
    assert sorted(g.view(1)["hands"][0]) == ["KH", "QH"]


def test_joker_swap_can_be_countered() -> None:
    g = game("standard", variants=["joker-swap"], hands=[["X1", "5C"], ["2H", "QH"]])
    play(g, "oneoff X1", "counter 2H", "resolve")
    assert hand(g, 0) == {"5C"} and hand(g, 1) == {"QH"}


def test_no_jokers_without_the_toggle() -> None:
    assert get_rules("classic").card_count == 52
    assert len(new_game("standard", seed=1).deck) == 52 - 11


def test_joker_swap_ends_a_freeze() -> None:
    """p1's king came back frozen; p1 swaps hands on its turn: the king is now p0's and
    not frozen (the freeze was for p1's turn)."""
    g = game(
        "standard",
        variants=["joker-swap"],
        hands=[["9C", "5C"], ["X1", "5D"]],
        fields=[{}, {"faces": ["KH"]}],
    )
    play(g, "oneoff 9C KH", "resolve")
    assert g.to_json()["frozen"] == ["KH"]
    play(g, "oneoff X1", "resolve")
    assert "KH" in hand(g, 0) and g.frozen == []
    assert "royal KH" in legal(g)


def test_multiplayer_ten_block_costs_no_turn() -> None:
    g = game(
        "multiplayer",
        variants=["ten-blocks-scuttle"],
        hands=[["9S", "5C"], ["TH", "5D"]],
        fields=[{}, {"points": ["7H"]}],
    )
    play(g, "scuttle 9S 7H", "counter TH")
    assert points(g, 1) == {"7H"}
    assert g.turn == 1 and "skips" not in g.to_json()
