"""Refused moves: each gets a player-facing reason, and the game is left exactly as it
was (compared through ``to_json`` and the history)."""

from __future__ import annotations

from typing import Any

import pytest

from cuttle import Game, GameOverError, InvalidMoveError
from helpers_positions import game, play, refuse


def main_table(rules: str = "standard", **kw: Any) -> Game:
    return game(
        rules,
        hands=[["7C", "KH", "JC", "4C", "9C", "2C", "3C", "8D"], ["5D", "2D"]],
        fields=[{"points": ["3D"]}, {"points": ["7H"], "faces": ["QS"]}],
        scrap=["3H"],
        **kw,
    )


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("jack JC 7H", "You cannot use a Jack while your opponent has a Queen"),
        ("points 7H", "You do not hold the Seven of Hearts"),
        ("points KH", "King of Hearts cannot be played for points"),
        ("glasses 7C", "Only an eight can be played as glasses"),
        ("scuttle 7C 3D", "You can only scuttle an opponent's point card"),
        ("scuttle 7C 7H", "must be higher, or equal with a higher suit"),
        ("scuttle KH 3D", "cannot scuttle"),
        ("jack JC 9H", "Nine of Hearts is not on the table"),
        ("oneoff 2C QH", "not on the table"),
        ("oneoff 2C", "needs a target card"),
        ("oneoff 3C", "A three needs a card in the scrap it may take"),
        ("oneoff 9C 7H", "protected by p1's Queen"),
        ("oneoff KH", "has no one-off effect"),
        ("oneoff 8D", "An eight is not a one-off here"),
        ("royal 7C", "Only kings and queens"),
        ("pass", "You can only pass when the deck is empty"),
        ("counter 2C", "'counter' is not possible now"),
        ("resolve", "'resolve' is not possible now"),
        ("take 3H", "'take' is not possible now"),
        ("discard 7C", "'discard' is not possible now"),
        ("scrap 7C", "'scrap' is not possible now"),
    ],
)
def test_main_phase_refusals(move: str, words: str) -> None:
    refuse(main_table(), move, words)


def test_draw_at_the_hand_limit_and_with_an_empty_deck() -> None:
    refuse(main_table(), "draw", "You cannot draw with 8 cards in hand (the hand limit)")
    g = game(hands=[["KH"], ["5D"]], rest="scrap")
    refuse(g, "draw", "The deck is empty: pass instead")


def test_frozen_card_refusal() -> None:
    g = game(hands=[["TH"], ["5D"]], frozen=["TH"])
    refuse(g, "points TH", "Ten of Hearts was returned by a nine and cannot be played")


def test_counter_phase_refusals() -> None:
    g = game(hands=[["AC", "2S"], ["2C", "5D"]], fields=[{"points": ["9C"], "faces": ["QH"]}, {}])
    play(g, "oneoff AC")
    refuse(g, "draw", "p1 must answer the pending card")
    refuse(g, "counter 5D", "Only a two can counter")
    refuse(g, "counter 2C", "You cannot counter: p0 has a Queen")
    refuse(g, "counter 2S", "You do not hold the Two of Spades")


def test_take_and_discard_refusals() -> None:
    g = game(hands=[["3C"], ["5D"]], scrap=["3D", "9H"])
    play(g, "oneoff 3C", "resolve")
    refuse(g, "take KH", "King of Hearts is not in the scrap")
    refuse(g, "take 3D", "A three cannot take a three in standard")
    g = game(hands=[["4C"], ["5D", "6D", "7D"]])
    play(g, "oneoff 4C", "resolve")
    refuse(g, "discard 5D", "You must discard exactly 2 card(s)")
    refuse(g, "discard 5D KH", "only discard cards from your own hand")


def test_seven_phase_refusals() -> None:
    g = game(hands=[["7S", "9D"], ["5D"]], deck=["9C", "KD"])
    play(g, "oneoff 7S", "resolve")
    refuse(g, "points 9D", "Nine of Diamonds was not revealed")
    refuse(g, "scrap 9C", "only be scrapped when none of them can be played")
    refuse(g, "draw", "play one of the revealed cards")


def test_seat_names_where_the_rule_set_needs_them() -> None:
    g = game("cutthroat", hands=[["4C", "JC"], ["5D"], ["5S"]], fields=[{}, {"points": ["7H"]}])
    refuse(g, "oneoff 4C", "name", "p1", "p2")
    play(g, "oneoff 4C p2", "resolve", "resolve", "discard 5S")
    t = game("team", hands=[["JC"], ["5D"], ["5S"], ["5H"]], fields=[{}, {"points": ["7H"]}])
    refuse(t, "jack JC 7H", "name", "p0", "p2", "p3")
    s = game(hands=[["JC", "4C"], ["5D"]], fields=[{}, {"points": ["7H"]}])
    refuse(s, "jack JC 7H p1", "no seat")
    refuse(s, "oneoff 4C p1", "no seat")


def test_joker_refusals() -> None:
    g = game("cutthroat", hands=[["X1"], ["5D"], ["5S"]], fields=[{}, {"faces": ["KH", "QS"]}])
    refuse(g, "royal X1 KH", "protected by p1's Queen")
    refuse(g, "royal X1", "name one")


def test_unparseable_moves_change_nothing() -> None:
    g = main_table()
    before = g.to_json()
    for text in ["", "jump", "points ZZ", "scuttle 7C", "points 7C 8D", "discard 7C 7C", "10"]:
        with pytest.raises(InvalidMoveError) as info:
            g.play(text)
        assert str(info.value)
        assert g.to_json() == before


def test_moves_after_the_end() -> None:
    g = main_table()
    g.resign(0)
    before = g.to_json()
    with pytest.raises(GameOverError, match="the game is over"):
        g.play("points 7C")
    with pytest.raises(GameOverError):
        g.resign(1)
    assert g.to_json() == before


def test_case_and_ten_spellings_are_accepted() -> None:
    g = game(hands=[["TH"], ["5D"]])
    play(g, "POINTS 10h")
    assert g.score(0) == 10


TOWER = {
    "card": "7H",
    "owner": 0,
    "jacks": [{"card": "JC", "to": 1}, {"card": "JD", "to": 0}, {"card": "JH", "to": 1}],
}


@pytest.mark.parametrize(
    ("rules", "move", "words"),
    [
        (
            "classic",
            "oneoff 2C JD",
            "Only the top card of a stack can be targeted: the Jack of Hearts",
        ),
        ("classic", "oneoff 9C 7H", "top card of a stack"),
        ("classic", "oneoff 2C 3D", "A two scraps a royal, glasses or jack, not a point card"),
        ("classic", "oneoff 9C 3D", "A nine in classic returns royals, glasses and jacks"),
        ("standard", "oneoff 9C KS", "A nine may only target an opponent's card here"),
        ("classic", "oneoff AC 3D", "This one-off takes no target: 'oneoff AC'"),
        ("classic", "royal KD 3D", "A king or queen is played without a target: 'royal KD'"),
        ("classic", "jack JS KS", "A jack goes onto a point card, not the King of Spades"),
        ("classic", "jack JS 3D", "A jack takes an opponent's point card"),
    ],
)
def test_targeting_refusals(rules: str, move: str, words: str) -> None:
    g = game(
        rules,
        hands=[["2C", "9C", "AC", "KD", "JS"], ["5D"]],
        fields=[{"points": ["3D"], "faces": ["KS"]}, {"points": [TOWER]}],
    )
    refuse(g, move, words)


def test_answer_phase_refusals() -> None:
    g = game("team", hands=[["KH"], ["9C", "2C"], ["5S"], ["9D"]], fields=[{"faces": ["KS"]}])
    play(g, "royal KH")
    refuse(g, "oneoff 2C KH", "Only a nine can answer a royal")
    refuse(g, "oneoff 9C KS", "A nine may only answer the royal just played")
    refuse(g, "draw", "answer the royal")


def test_eight_oneoff_refuses_other_targets() -> None:
    g = game(
        "classic",
        variants=["eight-oneoff"],
        hands=[["8C"], ["5D"]],
        fields=[{}, {"faces": ["KH"], "glasses": ["8S"]}],
    )
    refuse(g, "oneoff 8C KH", "An eight one-off scraps only glasses")


def test_resign_is_not_played_as_a_move() -> None:
    refuse(main_table(), "resign", "call resign(seat)")
