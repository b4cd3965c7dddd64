"""The clarified rulings (spec rulings 3 and 14-17): nines under jacks, a seven's revealed
card judged with the seven pending, random fours without a victim's move, whose cards a
two may target on its own turn, and multiplayer nines returning cards to their owner."""

from __future__ import annotations

import pytest

from cuttle import Game, new_game, read_record, write_record
from helpers_positions import (
    controller,
    game,
    hand,
    jacks_on,
    legal,
    play,
    points,
    refuse,
    scrap,
)


def cast(g: Game, move: str) -> Game:
    """Play a one-off and let every asked seat decline to counter."""
    g.play(move)
    while g.phase == "counter":
        g.play("resolve")
    return g


def nines(g: Game, nine: str = "9C") -> set[str]:
    """The targets the seat to act may aim ``nine`` at."""
    return {m.split()[2] for m in legal(g) if m.startswith(f"oneoff {nine} ")}


STOLEN = {"card": "TH", "owner": 0, "jacks": [{"card": "JC", "to": 1}]}
TOWER = {
    "card": "7H",
    "owner": 0,
    "jacks": [{"card": "JC", "to": 1}, {"card": "JD", "to": 0}, {"card": "JH", "to": 1}],
}


# ---------------------------------------------------------------------- ruling 3


@pytest.mark.parametrize("rules", ["standard", "cuttlecards"])
def test_nine_may_target_the_point_card_under_jacks(rules: str) -> None:
    """The point card returns to its controller's hand (frozen), its jacks to the scrap."""
    g = game(rules, hands=[["9C"], ["5D"]], fields=[{}, {"points": [STOLEN]}])
    assert nines(g) == {"JC", "TH"}
    cast(g, "oneoff 9C TH")
    assert "TH" in hand(g, 1) and "JC" in scrap(g) and "9C" in scrap(g)
    assert points(g, 0) == set() and points(g, 1) == set()
    assert g.to_json()["frozen"] == ["TH"]


def test_nine_under_a_tower_reaches_the_base_and_top_only() -> None:
    g = game("standard", hands=[["9C", "2C"], ["5D"]], fields=[{}, {"points": [TOWER]}])
    assert nines(g) == {"JH", "7H"}
    refuse(g, "oneoff 9C JD", "top card")
    refuse(g, "oneoff 9C JC", "top card")
    # twos still reach only the top jack
    assert {m for m in legal(g) if m.startswith("oneoff 2C")} == {"oneoff 2C JH"}
    refuse(g, "oneoff 2C 7H", "top card")
    cast(g, "oneoff 9C 7H")
    assert "7H" in hand(g, 1) and {"JC", "JD", "JH"} <= scrap(g)


def test_queens_still_shield_the_point_card_under_jacks() -> None:
    g = game(
        "standard",
        hands=[["9C"], ["5D"]],
        fields=[{}, {"points": [STOLEN], "faces": ["QS"]}],
    )
    assert nines(g) == {"QS"}
    refuse(g, "oneoff 9C TH", "protected")


def test_cutthroat_nine_takes_back_a_stolen_card_from_under_a_jack() -> None:
    stolen = {"card": "TH", "owner": 0, "jacks": [{"card": "JC", "to": 2}]}
    g = game("cutthroat", hands=[["9C"], ["5D"], ["6D"]], fields=[{}, {}, {"points": [stolen]}])
    assert nines(g) == {"JC", "TH"}
    cast(g, "oneoff 9C TH")
    assert "TH" in hand(g, 2) and "JC" in scrap(g)


@pytest.mark.parametrize("rules", ["classic", "multiplayer"])
def test_permanent_only_nines_never_reach_point_cards(rules: str) -> None:
    g = game(rules, hands=[["9C"], ["5D"]], fields=[{}, {"points": [STOLEN]}])
    assert nines(g) == {"JC"}
    refuse(g, "oneoff 9C TH", "top card")


# ---------------------------------------------------------------------- ruling 14


def test_a_three_revealed_by_a_seven_needs_another_card_in_the_scrap() -> None:
    g = game("standard", hands=[["7S"], ["5D"]], deck=["3C", "KD"])
    cast(g, "oneoff 7S")
    assert g.phase == "seven" and "oneoff 3C" not in legal(g)
    refuse(g, "oneoff 3C", "scrap")
    assert "points 3C" in legal(g)


def test_a_three_revealed_by_a_seven_never_takes_that_seven() -> None:
    g = game("standard", hands=[["7S"], ["5D"]], deck=["3C", "KD"], scrap=["9H"])
    cast(g, "oneoff 7S")
    cast(g, "oneoff 3C")
    assert g.phase == "take" and legal(g) == {"take 9H"}
    refuse(g, "take 7S", "seven")
    # the position says which seven: it survives JSON
    again = Game.from_json(g.to_json())
    assert again.legal_moves() == ["take 9H"]
    assert again.to_json() == g.to_json()


def test_cuttlecards_three_revealed_with_only_threes_in_the_scrap() -> None:
    g = game("cuttlecards", hands=[["7S"], ["5D"]], deck=["3C", "KD"], scrap=["3D"])
    cast(g, "oneoff 7S")
    assert not any(m.startswith("oneoff 3C") for m in legal(g))
    refuse(g, "oneoff 3C", "scrap")


def test_classic_three_revealed_by_a_seven_takes_another_card() -> None:
    g = game("classic", hands=[["7S"], ["5D"]], deck=["3C"], scrap=["3D"])
    cast(g, "oneoff 7S")
    cast(g, "oneoff 3C")
    assert legal(g) == {"take 3D"}


# ---------------------------------------------------------------------- ruling 15


def test_random_four_discards_without_a_move_of_the_victim() -> None:
    g = game("standard", variants=["random-four"], hands=[["4C"], ["5D", "KH", "9S"]])
    play(g, "oneoff 4C", "resolve")
    assert g.phase == "main" and g.turn == 1 and g.to_act == 1
    assert [m for _, m in g.history] == [g.history[0][1], g.history[1][1]]
    gone = {"5D", "KH", "9S"} - hand(g, 1)
    assert len(gone) == 2
    # the discarded cards lie in the scrap, which every seat and spectator sees
    for viewer in (0, 1, None):
        assert gone <= set(g.view(viewer)["scrap"])


def test_random_four_hits_every_victim_in_multiplayer() -> None:
    g = game(
        "multiplayer",
        variants=["random-four"],
        hands=[["4C"], ["5D", "KH", "9S"], ["AD"], ["2S", "3S", "6S", "8S"]],
    )
    play(g, "oneoff 4C", "resolve", "resolve", "resolve")
    assert len(g.history) == 4 and g.phase == "main" and g.turn == 1
    assert [len(g.hands[v]) for v in range(4)] == [0, 1, 0, 2]
    assert "AD" in scrap(g) and "4C" in scrap(g)


def test_random_four_records_replay() -> None:
    for seed in range(30):
        g = new_game("classic", ["random-four"], seed=seed)
        while not g.is_over and g.moves_played < 120:
            acts = sorted(g.legal_actions())
            g.apply(acts[(g.moves_played * 7) % len(acts)])
        text = write_record(g)
        again = read_record(text)
        assert again.to_json() == g.to_json()


def test_countered_random_four_discards_nothing() -> None:
    g = game("standard", variants=["random-four"], hands=[["4C"], ["5D", "2D"]])
    play(g, "oneoff 4C", "counter 2D", "resolve")
    assert hand(g, 1) == {"5D"} and g.phase == "main"


# ---------------------------------------------------------------------- ruling 16


@pytest.mark.parametrize("rules", ["standard", "cuttlecards"])
def test_two_on_ones_own_turn_targets_another_seat_only(rules: str) -> None:
    g = game(
        rules,
        hands=[["2C"], ["5D"]],
        fields=[{"faces": ["KH"], "glasses": ["8D"]}, {"faces": ["KS"]}],
    )
    assert {m for m in legal(g) if m.startswith("oneoff 2C")} == {"oneoff 2C KS"}
    refuse(g, "oneoff 2C KH", "another player")
    refuse(g, "oneoff 2C 8D", "another player")


def test_cutthroat_two_targets_either_opponent_not_oneself() -> None:
    g = game(
        "cutthroat",
        hands=[["2C"], ["5D"], ["6D"]],
        fields=[{"faces": ["KH"]}, {"faces": ["KS"]}, {"glasses": ["8S"]}],
    )
    assert {m for m in legal(g) if m.startswith("oneoff 2C")} == {"oneoff 2C KS", "oneoff 2C 8S"}


def test_team_two_may_target_a_partners_royal() -> None:
    g = game(
        "team",
        hands=[["2C"], ["5D"], ["6D"], ["7D"]],
        fields=[{"faces": ["KH"]}, {}, {"faces": ["KS"]}, {}],
    )
    assert {m for m in legal(g) if m.startswith("oneoff 2C")} == {"oneoff 2C KS"}


@pytest.mark.parametrize("rules", ["classic", "multiplayer"])
def test_classic_two_targets_any_permanent_own_included(rules: str) -> None:
    g = game(rules, hands=[["2C"], ["5D"]], fields=[{"faces": ["KH"]}, {"faces": ["KS"]}])
    assert {m for m in legal(g) if m.startswith("oneoff 2C")} == {"oneoff 2C KH", "oneoff 2C KS"}
    cast(g, "oneoff 2C KH")
    assert "KH" in scrap(g)


def test_a_two_still_counters_any_one_off() -> None:
    g = game("standard", hands=[["AC"], ["2D"]], fields=[{"points": ["5H"]}, {}])
    play(g, "oneoff AC", "counter 2D", "resolve")
    assert points(g, 0) == {"5H"}


# ---------------------------------------------------------------------- ruling 17

FORCED = {"card": "7H", "owner": 0, "jacks": [{"card": "JC", "to": 1, "by": 0}]}


def test_multiplayer_nine_returns_a_jack_to_the_seat_that_played_it() -> None:
    g = game("multiplayer", hands=[["5D"], ["9C"]], fields=[{}, {"points": [FORCED]}], turn=1)
    cast(g, "oneoff 9C JC")
    assert "JC" in hand(g, 0) and "JC" not in hand(g, 1)
    assert controller(g, "7H") == 0


def test_classic_nine_returns_a_jack_to_its_controller() -> None:
    g = game("classic", hands=[["5D"], ["9C"]], fields=[{}, {"points": [FORCED]}], turn=1)
    cast(g, "oneoff 9C JC")
    assert "JC" in hand(g, 1) and controller(g, "7H") == 0


def test_forced_jack_records_its_player_and_a_nine_sends_it_home() -> None:
    """multiplayer: p0's seven reveals a jack with no opponent's point card: it goes
    onto p0's own 7H and gives it to p1. The position notes who played it (``by``);
    p1's nine returns the jack to p0, its owner."""
    g = game(
        "multiplayer",
        hands=[["7S"], ["9C"]],
        fields=[{"points": ["7H"]}, {}],
        deck=["JC"],
    )
    cast(g, "oneoff 7S")
    play(g, "jack JC 7H")
    assert controller(g, "7H") == 1 and jacks_on(g, "7H") == [("JC", 1)]
    entry = g.to_json()["fields"][1]["points"][0]
    assert entry["jacks"] == [{"card": "JC", "to": 1, "by": 0}]
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    cast(g, "oneoff 9C JC")
    assert "JC" in hand(g, 0) and controller(g, "7H") == 0
    assert "by" not in str(g.to_json()["fields"])
