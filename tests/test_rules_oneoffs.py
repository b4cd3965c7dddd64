"""Each one-off's effect (spec "Common core", rule-set table, rulings 2-4, 12): ace, two,
three, four, five, six, seven and nine, in the rule sets where they differ."""

from __future__ import annotations

from itertools import combinations

import pytest

from cuttle import Game
from helpers_positions import (
    controller,
    deck_top,
    faces,
    game,
    hand,
    jacks_on,
    legal,
    play,
    points,
    refuse,
    scrap,
)


def resolve_all(g: Game) -> None:
    """Every seat asked declines to counter."""
    while g.phase == "counter":
        g.play("resolve")


def cast(g: Game, move: str) -> Game:
    """Play a one-off and let it resolve uncountered."""
    g.play(move)
    assert g.phase == "counter"
    resolve_all(g)
    return g


# ---------------------------------------------------------------------- ace


def test_ace_scraps_every_point_card_with_its_jacks_despite_queens() -> None:
    stolen = {"card": "9D", "owner": 0, "jacks": [{"card": "JC", "to": 1}]}
    g = game(
        "standard",
        hands=[["AS"], ["2C"]],
        fields=[{"points": ["7H", "3C"]}, {"points": ["TS", stolen], "faces": ["QS", "QD"]}],
    )
    cast(g, "oneoff AS")
    assert points(g, 0) == points(g, 1) == set()
    assert scrap(g) >= {"AS", "7H", "3C", "TS", "9D", "JC"}
    assert faces(g, 1) == {"QS", "QD"}
    assert g.turn == 1 and g.phase == "main"


# ---------------------------------------------------------------------- two


def jack_tower() -> Game:
    """p0's 7H, jacked by p1 (JC), back by p0 (JD), again by p1 (JH): on p1's field."""
    stack = {
        "card": "7H",
        "owner": 0,
        "jacks": [{"card": "JC", "to": 1}, {"card": "JD", "to": 0}, {"card": "JH", "to": 1}],
    }
    return game(
        "classic",
        hands=[["2C", "2H", "5S"], ["2D", "2S", "5D"]],
        fields=[{}, {"points": [stack]}],
    )


def test_two_on_stacked_jacks_peels_them_one_at_a_time() -> None:
    g = jack_tower()
    assert g.score(1) == 7 and g.score(0) == 0
    # only the top jack can be targeted (spec ruling 3)
    assert "oneoff 2C JH" in legal(g)
    refuse(g, "oneoff 2C JD")
    refuse(g, "oneoff 2C JC")
    cast(g, "oneoff 2C JH")
    assert controller(g, "7H") == 0 and jacks_on(g, "7H") == [("JC", 1), ("JD", 0)]
    assert "JH" in scrap(g) and g.score(0) == 7
    cast(g, "oneoff 2D JD")  # p1 scraps p0's jack: the card goes back to p1
    assert controller(g, "7H") == 1 and jacks_on(g, "7H") == [("JC", 1)]
    cast(g, "oneoff 2H JC")  # the last jack: back to the owner, no jacks left
    assert controller(g, "7H") == 0 and jacks_on(g, "7H") == []
    assert g.to_json()["fields"][0]["points"] == ["7H"]


def test_two_scraps_a_royal_or_glasses() -> None:
    g = game(
        "classic",
        hands=[["2C", "2D"], ["5D", "5H"]],
        fields=[{}, {"faces": ["KH"], "glasses": ["8S"]}],
    )
    assert {"oneoff 2C KH", "oneoff 2C 8S"} <= legal(g)
    cast(g, "oneoff 2C KH")
    assert faces(g, 1) == set() and {"2C", "KH"} <= scrap(g)
    play(g, "points 5D")
    cast(g, "oneoff 2D 8S")
    assert g.glasses[1] == [] and "8S" in scrap(g)


def test_two_may_scrap_its_own_players_royal_even_under_its_own_queen() -> None:
    """classic: a two may target one's own permanents (spec ruling 16)."""
    g = game("classic", hands=[["2C"], ["5D"]], fields=[{"faces": ["KH", "QS"]}, {}])
    assert {"oneoff 2C KH", "oneoff 2C QS"} <= legal(g)


def test_two_has_no_target_among_point_cards() -> None:
    g = game("classic", hands=[["2C"], ["5D"]], fields=[{}, {"points": ["9H"]}])
    refuse(g, "oneoff 2C 9H")
    assert not any(m.startswith("oneoff 2C") for m in legal(g))


# ---------------------------------------------------------------------- three


def test_three_takes_a_chosen_card_from_the_scrap() -> None:
    g = game("classic", hands=[["3C"], ["5D"]], scrap=["9H", "KS", "3D"])
    cast(g, "oneoff 3C")
    assert g.phase == "take" and g.to_act == 0
    assert legal(g) == {"take 9H", "take KS", "take 3D"}  # classic: a three too
    play(g, "take KS")
    assert "KS" in hand(g, 0) and "3C" in scrap(g)
    assert g.turn == 1 and g.phase == "main"
    # taken from the public scrap: every seat knows it is in p0's hand
    assert "KS" in g.view(1)["hands"][0]


@pytest.mark.parametrize("rules", ["standard", "cuttlecards", "cutthroat", "team"])
def test_no_threes_from_the_scrap(rules: str) -> None:
    n = {"cutthroat": 3, "team": 4}.get(rules, 2)
    others = [["5D"], ["5H"], ["5S"]][: n - 1]
    g = game(rules, hands=[["3C", "4C"], *others], scrap=["3D", "3H"])
    refuse(g, "oneoff 3C", "three needs a card in the scrap")
    g = game(rules, hands=[["3C"], *others], scrap=["3D", "9H"])
    cast(g, "oneoff 3C")
    assert legal(g) == {"take 9H"}


def test_three_needs_a_card_in_the_scrap() -> None:
    g = game("classic", hands=[["3C"], ["5D"]])
    assert g.scrap == []
    refuse(g, "oneoff 3C")


def test_three_may_take_a_two_that_countered_it() -> None:
    """Spec ruling 2: the twos reach the scrap when the chain resolves, before the three's
    choice; two twos let the three resolve."""
    g = game("standard", hands=[["3C", "2H"], ["2C"]], scrap=["9H"])
    play(g, "oneoff 3C", "counter 2C", "counter 2H", "resolve")
    assert g.phase == "take"
    assert legal(g) == {"take 9H", "take 2C", "take 2H"}  # never the three itself
    play(g, "take 2C")
    assert "2C" in hand(g, 0) and "3C" in scrap(g)


# ---------------------------------------------------------------------- four


def test_four_victim_discards_two_of_their_choice() -> None:
    g = game("classic", hands=[["4C"], ["5D", "KH", "9S"]])
    cast(g, "oneoff 4C")
    assert g.phase == "discard" and g.to_act == 1
    assert legal(g) == {f"discard {a} {b}" for a, b in combinations(["5D", "9S", "KH"], 2)}
    play(g, "discard 9S KH")
    assert hand(g, 1) == {"5D"} and {"4C", "9S", "KH"} <= scrap(g)
    assert g.turn == 1 and g.to_act == 1 and g.phase == "main"


def test_four_victim_with_one_card_discards_it() -> None:
    g = game("standard", hands=[["4C"], ["5D"]])
    cast(g, "oneoff 4C")
    assert legal(g) == {"discard 5D"}


@pytest.mark.parametrize("rules", ["classic", "standard", "cuttlecards"])
def test_four_on_an_empty_hand_is_illegal(rules: str) -> None:
    g = game(rules, hands=[["4C"], []])
    refuse(g, "oneoff 4C", "four needs an opponent")


def test_four_does_nothing_if_the_victim_emptied_their_hand_countering() -> None:
    g = game("standard", hands=[["4C"], ["2D"]])
    play(g, "oneoff 4C", "counter 2D")
    assert g.phase == "counter" and g.to_act == 0
    play(g, "resolve")
    assert g.phase == "main" and g.turn == 1
    assert {"4C", "2D"} <= scrap(g)


def test_cutthroat_four_names_a_victim_with_cards() -> None:
    g = game("cutthroat", hands=[["4H"], [], ["5D", "KH"]])
    assert [m for m in legal(g) if m.startswith("oneoff 4H")] == ["oneoff 4H p2"]
    refuse(g, "oneoff 4H p1", "four needs")
    play(g, "oneoff 4H p2")
    resolve_all(g)
    assert g.phase == "discard" and g.to_act == 2
    play(g, "discard 5D KH")
    assert g.hands[2] == [] and g.turn == 1


def test_multiplayer_four_hits_everyone_in_seat_order_after_its_player() -> None:
    g = game(
        "multiplayer",
        hands=[["5C", "6C", "7C"], ["4H"], [], ["5D", "6D", "7D"]],
        turn=1,
    )
    assert "oneoff 4H" in legal(g)
    cast(g, "oneoff 4H")
    # p2 holds nothing and is skipped; then p3, then p0
    assert g.phase == "discard" and g.to_act == 3
    play(g, "discard 5D 6D")
    assert g.to_act == 0
    play(g, "discard 6C 7C")
    assert g.phase == "main" and g.turn == 2
    assert hand(g, 0) == {"5C"} and hand(g, 3) == {"7D"}


# ---------------------------------------------------------------------- five


@pytest.mark.parametrize("rules", ["classic", "standard", "multiplayer"])
def test_five_draws_two(rules: str) -> None:
    g = game(rules, hands=[["5C", "KH"], ["5D"]], deck=["9H", "9S", "9D"])
    cast(g, "oneoff 5C")
    assert hand(g, 0) == {"KH", "9H", "9S"} and deck_top(g) == ["9D"]
    assert "5C" in scrap(g) and g.turn == 1


def test_cuttlecards_five_discards_one_then_draws_three() -> None:
    g = game("cuttlecards", hands=[["5C", "KH", "QH"], ["5D"]], deck=["9H", "9S", "9D", "9C"])
    cast(g, "oneoff 5C")
    assert g.phase == "discard" and g.to_act == 0
    assert legal(g) == {"discard KH", "discard QH"}
    play(g, "discard QH")
    assert hand(g, 0) == {"KH", "9H", "9S", "9D"}
    assert {"QH", "5C"} <= scrap(g) and g.turn == 1


def test_cuttlecards_five_with_nothing_else_in_hand_draws_at_once() -> None:
    g = game("cuttlecards", hands=[["5C"], ["5D"]], deck=["9H", "9S", "9D", "9C"])
    cast(g, "oneoff 5C")
    assert g.phase == "main" and g.turn == 1
    assert hand(g, 0) == {"9H", "9S", "9D"}


@pytest.mark.parametrize("rules", ["classic", "standard", "cuttlecards"])
def test_five_and_seven_need_a_deck(rules: str) -> None:
    g = game(rules, hands=[["5C", "7C"], ["5D"]], rest="scrap")
    refuse(g, "oneoff 5C", "deck is empty")
    refuse(g, "oneoff 7C", "deck is empty")
    assert "points 5C" in legal(g)


def test_multiplayer_five_reshuffles_the_scrap() -> None:
    g = game("multiplayer", hands=[["5C"], ["5D"]], rest="scrap")
    assert not g.deck
    cast(g, "oneoff 5C")
    assert len(g.hands[0]) == 2


# ---------------------------------------------------------------------- six


def test_six_scraps_royals_and_glasses_and_sends_point_cards_home() -> None:
    tower = {
        "card": "7H",
        "owner": 0,
        "jacks": [{"card": "JC", "to": 1}, {"card": "JD", "to": 0}, {"card": "JH", "to": 1}],
    }
    stolen = {"card": "TS", "owner": 1, "jacks": [{"card": "JS", "to": 0}]}
    g = game(
        "standard",
        hands=[["6C"], ["5D"]],
        fields=[
            {"points": [stolen, "2C"], "faces": ["KH"], "glasses": ["8C"]},
            {"points": [tower], "faces": ["QS", "QD"], "glasses": ["8H"]},
        ],
    )
    assert g.score(0) == 12 and g.score(1) == 7
    cast(g, "oneoff 6C")
    assert points(g, 0) == {"7H", "2C"} and points(g, 1) == {"TS"}
    assert faces(g, 0) == faces(g, 1) == set()
    assert g.glasses == [[], []]
    assert scrap(g) >= {"6C", "JC", "JD", "JH", "JS", "KH", "QS", "QD", "8C", "8H"}
    assert jacks_on(g, "7H") == [] and jacks_on(g, "TS") == []


# ---------------------------------------------------------------------- seven


def test_standard_seven_plays_one_of_two_and_the_other_stays_on_top() -> None:
    g = game(
        "standard", hands=[["7S"], ["5D"]], fields=[{}, {"points": ["6C"]}], deck=["9C", "KD", "4H"]
    )
    cast(g, "oneoff 7S")
    assert g.phase == "seven" and g.to_act == 0
    assert g.to_json()["revealed"] == ["9C", "KD"]
    assert legal(g) == {"points 9C", "scuttle 9C 6C", "oneoff 9C 6C", "royal KD"}
    play(g, "royal KD")
    assert faces(g, 0) == {"KD"} and "7S" in scrap(g)
    assert deck_top(g, 2) == ["9C", "4H"]
    # the card that went back was shown: both seats (and spectators) know it
    for viewer in (0, 1, None):
        assert g.view(viewer)["deck"][0] == "9C"
    assert g.view(1)["deck"][1] == "??"
    play(g, "draw")
    assert g.turn == 0


def test_standard_seven_with_nothing_playable_scraps_one() -> None:
    """Two jacks and no opponent's point card: scrap one; the other stays on top."""
    g = game("standard", hands=[["7S"], ["5D"]], fields=[{"points": ["3C"]}, {}], deck=["JC", "JD"])
    cast(g, "oneoff 7S")
    assert legal(g) == {"scrap JC", "scrap JD"}
    refuse(g, "jack JC 3C")
    play(g, "scrap JD")
    assert {"7S", "JD"} <= scrap(g) and deck_top(g) == ["JC"]
    assert g.turn == 1 and g.phase == "main"


def test_scrapping_is_refused_while_a_revealed_card_can_be_played() -> None:
    g = game("standard", hands=[["7S"], ["5D"]], deck=["JC", "4D"])
    cast(g, "oneoff 7S")
    refuse(g, "scrap JC", "none of them can be played")


def test_classic_seven_reveals_one_and_must_play_it() -> None:
    g = game("classic", hands=[["7S"], ["5D"]], deck=["9C", "KD"])
    cast(g, "oneoff 7S")
    assert g.to_json()["revealed"] == ["9C"]
    assert legal(g) == {"points 9C"}  # no target for a nine (no permanents)
    play(g, "points 9C")
    assert g.score(0) == 9 and deck_top(g) == ["KD"]


def test_classic_seven_forced_jack_goes_to_the_opponent() -> None:
    """Classic Q&A 6: a revealed jack with no opponent's point card goes onto its player's
    own point card, giving it to the opponent."""
    g = game("classic", hands=[["7S"], ["5D"]], fields=[{"points": ["5H"]}, {}], deck=["JC"])
    cast(g, "oneoff 7S")
    assert legal(g) == {"jack JC 5H"}
    play(g, "jack JC 5H")
    assert controller(g, "5H") == 1 and jacks_on(g, "5H") == [("JC", 1)]
    assert g.score(1) == 5 and g.score(0) == 0


def test_classic_forced_jack_in_multiplayer_names_the_receiver() -> None:
    g = game(
        "multiplayer", hands=[["7S"], ["5D"], ["6D"]], fields=[{"points": ["5H"]}], deck=["JC"]
    )
    cast(g, "oneoff 7S")
    assert legal(g) == {"jack JC 5H p1", "jack JC 5H p2"}
    play(g, "jack JC 5H p2")
    assert controller(g, "5H") == 2


def test_classic_seven_jack_with_no_point_card_anywhere_is_scrapped() -> None:
    g = game("classic", hands=[["7S"], ["5D"]], deck=["JC", "4D"])
    cast(g, "oneoff 7S")
    assert legal(g) == {"scrap JC"}
    play(g, "scrap JC")
    assert deck_top(g) == ["4D"]


def test_standard_jack_with_no_target_is_never_forced() -> None:
    g = game("standard", hands=[["7S"], ["5D"]], fields=[{"points": ["5H"]}, {}], deck=["JC", "JD"])
    cast(g, "oneoff 7S")
    assert legal(g) == {"scrap JC", "scrap JD"}


def test_seven_revealing_a_five_and_seven_that_empty_the_deck() -> None:
    """Spec ruling 4: the revealed cards do not count as deck, so a revealed five or
    seven that emptied the deck can only be played for points (or scuttle)."""
    g = game("standard", hands=[["7S"], ["5D"]], deck=["5C", "7D"], rest="scrap")
    cast(g, "oneoff 7S")
    assert g.deck == []
    assert legal(g) == {"points 5C", "points 7D"}
    refuse(g, "oneoff 5C", "deck is empty")
    refuse(g, "oneoff 7D", "deck is empty")
    play(g, "points 7D")
    assert deck_top(g) == ["5C"]


def test_classic_seven_revealing_the_last_card_a_five() -> None:
    g = game("classic", hands=[["7S"], ["5D"]], deck=["5C"], rest="scrap")
    cast(g, "oneoff 7S")
    assert legal(g) == {"points 5C"}


def test_a_revealed_three_cannot_take_the_seven() -> None:
    """Spec ruling 14: a revealed card is judged while the seven is pending, so with an
    empty scrap a revealed three is no one-off, and it never takes that seven."""
    g = game("standard", hands=[["7S"], ["5D"]], deck=["3C", "KD"])
    assert g.scrap == []
    cast(g, "oneoff 7S")
    assert "oneoff 3C" not in legal(g)
    refuse(g, "oneoff 3C", "scrap")
    g = game("standard", hands=[["7S"], ["5D"]], deck=["3C", "KD"], scrap=["9H"])
    cast(g, "oneoff 7S")
    play(g, "oneoff 3C")
    assert g.to_json()["pending"]["seven"] == "7S"
    resolve_all(g)
    assert legal(g) == {"take 9H"}
    refuse(g, "take 7S", "seven")
    play(g, "take 9H")
    assert hand(g, 0) == {"9H"} and deck_top(g) == ["KD"] and {"7S", "3C"} <= scrap(g)


def test_a_revealed_seven_plays_on() -> None:
    g = game("standard", hands=[["7S"], ["5D"]], deck=["7D", "KD", "9H", "QH"])
    cast(g, "oneoff 7S")
    play(g, "oneoff 7D")
    resolve_all(g)
    # KD went back on top, then the second seven reveals KD and 9H
    assert g.phase == "seven" and g.to_json()["revealed"] == ["KD", "9H"]


# ---------------------------------------------------------------------- nine


def test_standard_nine_returns_an_opponents_point_card_frozen() -> None:
    g = game("standard", hands=[["9C", "3D"], ["5D", "KS"]], fields=[{}, {"points": ["TH"]}])
    cast(g, "oneoff 9C TH")
    assert "TH" in hand(g, 1) and g.score(1) == 0
    assert g.to_json()["frozen"] == ["TH"]
    assert g.turn == 1
    refuse(g, "points TH", "cannot be played")
    refuse(g, "scuttle TH 3D")
    assert not any("TH" in m for m in legal(g))
    play(g, "draw")  # the end of p1's next turn lifts the freeze
    assert g.frozen == []
    play(g, "draw")
    assert "points TH" in legal(g)


def test_frozen_card_cannot_counter_during_its_holders_turn() -> None:
    """p1's two comes back frozen; on p1's turn p0 counters p1's ace and p1 may not
    answer with the frozen two. On p0's next turn it counters freely."""
    g = game(
        "standard",
        hands=[["9C", "2C", "AD"], ["AH", "2S"]],
        fields=[{"points": ["4C"]}, {"points": ["2H", "6C"]}],
    )
    cast(g, "oneoff 9C 2H")
    assert g.frozen == [g.hands[1][-1]] and "2H" in hand(g, 1)
    play(g, "oneoff AH", "counter 2C")
    assert g.to_act == 1
    assert legal(g) == {"resolve", "counter 2S"}
    refuse(g, "counter 2H", "cannot be played")
    play(g, "resolve")
    assert g.frozen == [] and g.turn == 0
    play(g, "oneoff AD")
    assert "counter 2H" in legal(g)


def test_frozen_card_may_be_discarded() -> None:
    """cutthroat: p2 returns p1's king frozen; p0's four makes p1 discard it."""
    g = game(
        "cutthroat",
        hands=[["4C"], ["5D"], ["9C"]],
        fields=[{}, {"faces": ["KH"]}, {}],
        turn=2,
    )
    cast(g, "oneoff 9C KH")
    assert "KH" in hand(g, 1) and g.turn == 0
    play(g, "oneoff 4C p1")
    resolve_all(g)
    assert legal(g) == {"discard 5D KH"}
    play(g, "discard 5D KH")
    assert g.frozen == []


def test_frozen_card_may_go_to_the_hand_limit() -> None:
    g = game(
        "cuttlecards",
        hands=[["9C"], ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"]],
        fields=[{}, {"faces": ["KH"]}],
        deck=["TD"],
    )
    cast(g, "oneoff 9C KH")
    play(g, "draw")  # p1: 10 cards, two over the limit
    assert g.phase == "hand-limit"
    assert "discard TD KH" in legal(g)


def test_standard_nine_cannot_target_own_cards() -> None:
    g = game("standard", hands=[["9C"], ["5D"]], fields=[{"points": ["TH"], "faces": ["KH"]}, {}])
    refuse(g, "oneoff 9C TH")
    refuse(g, "oneoff 9C KH")


def test_standard_nine_on_a_jacked_card_takes_the_top_jack() -> None:
    """Spec ruling 3: the top jack is a target, and (standard) so is the point card under
    it. The jack returns to the hand of its controller (frozen); the point card goes back
    to p0."""
    stolen = {"card": "TH", "owner": 0, "jacks": [{"card": "JC", "to": 1}]}
    g = game("standard", hands=[["9C"], ["5D"]], fields=[{}, {"points": [stolen]}])
    assert {"oneoff 9C JC", "oneoff 9C TH"} <= legal(g)
    cast(g, "oneoff 9C JC")
    assert controller(g, "TH") == 0 and "JC" in hand(g, 1)
    assert g.to_json()["frozen"] == ["JC"]


def test_standard_nine_targets_royals_and_glasses_too() -> None:
    g = game(
        "standard",
        hands=[["9C"], ["5D"]],
        fields=[{}, {"faces": ["KH"], "glasses": ["8S"], "points": ["3C"]}],
    )
    assert {m for m in legal(g) if m.startswith("oneoff 9C")} == {
        "oneoff 9C KH",
        "oneoff 9C 8S",
        "oneoff 9C 3C",
    }


def test_classic_nine_returns_any_permanent_unfrozen() -> None:
    g = game(
        "classic",
        hands=[["9C"], ["5D"]],
        fields=[
            {"faces": ["KD"], "points": ["4C"]},
            {"faces": ["KH"], "glasses": ["8S"], "points": ["3C"]},
        ],
    )
    assert {m for m in legal(g) if m.startswith("oneoff 9C")} == {
        "oneoff 9C KD",  # its own king, too
        "oneoff 9C KH",
        "oneoff 9C 8S",
    }
    cast(g, "oneoff 9C KH")
    assert "KH" in hand(g, 1) and g.frozen == []
    assert "royal KH" in legal(g)


def test_multiplayer_nine_returns_a_permanent_to_its_owner() -> None:
    g = game("multiplayer", hands=[["9C"], ["5D"], ["6D"]], fields=[{}, {}, {"glasses": ["8S"]}])
    cast(g, "oneoff 9C 8S")
    assert "8S" in hand(g, 2) and g.frozen == []


@pytest.mark.parametrize(("rules", "frozen"), [("classic", False), ("standard", True)])
def test_nine_on_a_jack_tower_returns_the_top_jack(rules: str, frozen: bool) -> None:
    """The top jack (p1's JH) goes to p1's hand; 7H goes back to p0, whose JD is now on
    top."""
    g = jack_tower()
    g = game(
        rules,
        hands=[["9C"], ["5D"]],
        fields=[{}, {"points": [g.to_json()["fields"][1]["points"][0]]}],
    )
    # standard also reaches the point card under the tower (spec ruling 3), never JC, JD
    expected = {"oneoff 9C JH", "oneoff 9C 7H"} if frozen else {"oneoff 9C JH"}
    assert {m for m in legal(g) if m.startswith("oneoff 9C")} == expected
    cast(g, "oneoff 9C JH")
    assert controller(g, "7H") == 0 and jacks_on(g, "7H") == [("JC", 1), ("JD", 0)]
    assert "JH" in hand(g, 1)
    assert (g.to_json()["frozen"] == ["JH"]) == frozen


def test_freeze_lasts_through_the_holders_next_turn_with_three_seats() -> None:
    """cutthroat: p2 returns p1's 2H; on p0's turn and on p1's own turn it stays frozen;
    once p1's turn ends p1 may counter with it."""
    g = game(
        "cutthroat",
        hands=[["AC", "AD", "5C"], ["5D"], ["9C", "5S"]],
        fields=[{"points": ["3C"]}, {"points": ["2H"]}, {"points": ["4C"]}],
        turn=2,
    )
    cast(g, "oneoff 9C 2H")
    assert g.turn == 0 and g.to_json()["frozen"] == ["2H"]
    play(g, "oneoff AC")
    assert g.to_act == 1 and legal(g) == {"resolve"}
    resolve_all(g)
    assert g.turn == 1 and g.frozen
    refuse(g, "points 2H", "cannot be played")
    play(g, "points 5D")
    assert g.frozen == []
    play(g, "draw", "oneoff AD")
    assert "counter 2H" in legal(g)
