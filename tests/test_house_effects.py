"""The house effects of seed 004 ("suggestions for advanced play"), one test group per
effect: its legal plays, resolution, follow-up decisions, refusal reasons, and what the
views show; then the house-file keys (rank, colour, suit, joker) and the example files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cuttle import Game, InvalidRulesError, house_rules, load_house_rules, new_game
from cuttle.bots.policy import best_move
from cuttle.engine.cards import card
from cuttle.engine.effects import HOUSE_EFFECTS
from cuttle.engine.rules import RuleSet
from helpers_positions import game, hand, legal, play, points, refuse

DOCS = Path(__file__).resolve().parent.parent / "docs" / "house"


def rules_with(effects: dict[str, str], base: str = "classic", **extra: object) -> RuleSet:
    """A house rule set on ``base`` with ``effects`` keyed as in a file."""
    return house_rules({"base": base, "name": "house-test", "effects": effects, **extra})


def test_the_library_holds_every_effect_of_the_sheet() -> None:
    keys = [e.key for e in HOUSE_EFFECTS]
    assert keys == [
        "skip-next", "skip-chosen", "scrap-point", "return-point", "look-at-hand",
        "discard-chosen", "take-chosen", "revive-and-play", "steal-permanent",
        "shield-group", "open-hands", "points-against",
    ]  # fmt: skip
    kinds = {e.key: e.kind for e in HOUSE_EFFECTS}
    assert kinds["steal-permanent"] == "royal"
    assert {k for k, v in kinds.items() if v == "permanent"} == {
        "shield-group", "open-hands", "points-against",
    }  # fmt: skip


# ---------------------------------------------------------------------- keys


def test_most_specific_key_wins() -> None:
    rs = rules_with({"5": "skip-next", "5-red": "look-at-hand", "5H": "scrap-point"})
    assert rs.effect_of(card("5C")).key == "skip-next"  # type: ignore[union-attr]
    assert rs.effect_of(card("5S")).key == "skip-next"  # type: ignore[union-attr]
    assert rs.effect_of(card("5D")).key == "look-at-hand"  # type: ignore[union-attr]
    assert rs.effect_of(card("5H")).key == "scrap-point"  # type: ignore[union-attr]
    # order in the file does not matter; null takes a card's effect away
    rs2 = rules_with({"5H": None, "5-red": "look-at-hand", "9-black": "skip-next"})
    assert rs2.effect_of(card("5H")) is None
    assert rs2.effect_of(card("5D")).key == "look-at-hand"  # type: ignore[union-attr]
    assert rs2.effect_of(card("5C")).key == "draw-two"  # type: ignore[union-attr]
    assert rs2.effect_of(card("9S")).key == "skip-next"  # type: ignore[union-attr]
    assert rs2.effect_of(card("9H")).key == "return-card"  # type: ignore[union-attr]
    assert hash(rs2) == hash(rules_with({"9-black": "skip-next", "5-red": "look-at-hand",
                                         "5H": None}))  # fmt: skip


def test_joker_keys() -> None:
    rs = rules_with({"joker": "open-hands", "X2": "skip-next"}, jokers=2)
    assert rs.effect_of(52).key == "open-hands"  # type: ignore[union-attr]
    assert rs.effect_of(53).key == "skip-next"  # type: ignore[union-attr]
    with pytest.raises(InvalidRulesError, match="an effect for X2 needs"):
        rules_with({"X2": "skip-next"}, jokers=1)


@pytest.mark.parametrize(
    ("effects", "words"),
    [
        ({"K": "skip-next"}, "effects: 'K' is not a rank that can have an effect"),
        ({"QH": "skip-next"}, "effects: 'QH' is not a rank that can have an effect"),
        ({"5-green": "skip-next"}, "effects: '5-green' is not a key"),
        ({"ZZ": "skip-next"}, "effects: 'ZZ' is not a key"),
        ({"5H": "laugh"}, "effects: unknown effect 'laugh' for 5H"),
        ({"joker": "skip-next"}, "needs 'jokers' set to 1 or 2"),
    ],
)
def test_bad_effect_keys_name_the_key(effects: dict[str, str], words: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        rules_with(effects)
    assert words in str(info.value)


@pytest.mark.parametrize("path", sorted(DOCS.glob("*.toml")), ids=lambda p: p.stem)
def test_example_files_load_and_play(path: Path) -> None:
    rs = load_house_rules(path)
    assert rs.card_oneoffs or rs.oneoffs
    rng = random.Random(1)
    for seed in range(3):
        g = new_game(rs, seed=seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))


# ---------------------------------------------------------------------- skips


def test_skip_next_and_skip_chosen() -> None:
    rs = rules_with({"5": "skip-next", "6H": "skip-chosen"}, base="multiplayer", players=3)
    g = game(hands=[["5C", "6H"], ["TC"], ["TD"]], house=rs, rest="deck")
    assert "oneoff 5C" in legal(g)
    assert {"oneoff 6H p1", "oneoff 6H p2"} <= legal(g)
    refuse(g, "oneoff 6H", "name the seat")
    refuse(g, "oneoff 6H p0", "aims at another player, not p0")
    play(g, "oneoff 5C", "resolve", "resolve")
    assert g.skips == [0, 1, 0] or g.turn == 2  # p1's turn was skipped at once
    assert g.turn == 2
    g = game(hands=[["6H"], ["TC"], ["TD"]], house=rs, rest="deck")
    play(g, "oneoff 6H p2", "resolve", "resolve")
    assert g.turn == 1
    play(g, "draw")
    assert g.turn == 0  # p2 skipped


# ---------------------------------------------------------------------- point cards


def test_scrap_point_and_return_point() -> None:
    rs = rules_with({"T": "scrap-point", "5": "return-point"})
    fields = [{}, {"points": [{"card": "7C", "owner": 0, "jacks": [{"card": "JD", "to": 1}]},
                              "3H"]}]  # fmt: skip
    g = game("classic", hands=[["TC", "5S"], ["QD"]], fields=fields, house=rs)
    assert {"oneoff TC 7C", "oneoff TC 3H", "oneoff 5S 7C", "oneoff 5S 3H"} <= legal(g)
    refuse(g, "oneoff TC JD", "not a point card on the table")
    play(g, "oneoff TC 7C", "resolve")
    assert points(g, 1) == {"3H"} and {card("7C"), card("JD")} <= set(g.scrap)
    g = game("classic", hands=[["TC", "5S"], ["QD"]], fields=fields, house=rs)
    play(g, "oneoff 5S 7C", "resolve")
    assert "7C" in hand(g, 0) and card("JD") in g.scrap  # back to its owner, p0
    assert "7C" in g.view(1)["hands"][0]  # publicly
    # a queen shields its holder's point cards (a single attack)
    g = game("classic", hands=[["TC"], []], fields=[{}, {"points": ["3H"], "faces": ["QD"]}],
             house=rs)  # fmt: skip
    refuse(g, "oneoff TC 3H", "protected")


# ---------------------------------------------------------------------- hands


def test_look_at_hand_shows_the_hand_to_the_player_only() -> None:
    rs = rules_with({"5": "look-at-hand"}, base="multiplayer", players=3)
    g = game(hands=[["5C"], ["TC", "KD"], ["TD"]], house=rs)
    refuse(g, "oneoff 5C", "name the seat as well")
    play(g, "oneoff 5C p1", "resolve", "resolve")
    assert sorted(g.view(0)["hands"][1]) == ["KD", "TC"]
    assert g.view(2)["hands"][1] == ["??", "??"]
    assert g.view(None)["hands"][1] == ["??", "??"]
    # the knowledge survives in positions, and ends when a card leaves the hand
    back = Game.from_json(g.to_json(), rs)
    assert back.view(0) == g.view(0)


def test_look_at_an_empty_hand_is_refused() -> None:
    rs = rules_with({"5": "look-at-hand"})
    g = game("classic", hands=[["5C"], []], house=rs)
    assert not any(m.startswith("oneoff") for m in legal(g))
    refuse(g, "oneoff 5C p1", "holds no card")


def test_discard_chosen_picks_from_the_victims_hand() -> None:
    rs = rules_with({"5": "discard-chosen"}, base="multiplayer", players=3)
    g = game(hands=[["5C", "AS"], ["TC", "KD"], ["TD"]], house=rs)
    play(g, "oneoff 5C p1", "resolve", "resolve")
    assert g.phase == "pick" and g.to_act == 0
    assert legal(g) == {"discard TC", "discard KD"}
    assert sorted(g.view(0)["hands"][1]) == ["KD", "TC"]
    assert g.view(2)["hands"][1] == ["??", "??"]
    refuse(g, "discard AS", "not in p1's hand")
    refuse(g, "take KD", "pick the card with 'discard KD'")
    back = Game.from_json(g.to_json(), rs)
    assert back.legal_moves() == g.legal_moves()
    play(g, "discard KD")
    assert hand(g, 1) == {"TC"} and g.scrap[-2:] == [card("KD"), card("5C")]
    assert g.phase == "main" and g.turn == 1


def test_take_chosen_moves_the_card_openly() -> None:
    """The move names the card (public history), so every seat and a spectator see it."""
    rs = rules_with({"5": "take-chosen"}, base="multiplayer", players=3)
    g = game(hands=[["5C"], ["TC", "KD"], ["TD"]], house=rs)
    play(g, "oneoff 5C p1", "resolve", "resolve")
    assert legal(g) == {"take TC", "take KD"}
    play(g, "take KD")
    assert hand(g, 0) == {"KD"} and hand(g, 1) == {"TC"}
    assert g.view(1)["hands"][0] == ["KD"]  # the victim saw it go
    assert g.view(2)["hands"][0] == ["KD"]  # and so did the third player: it was named
    assert g.view(None)["hands"][0] == ["KD"]
    assert g.view(2)["hands"][1] == ["??"]  # the rest of the victim's hand stays hidden


def test_a_pick_on_a_hand_emptied_by_a_counter_does_nothing() -> None:
    rs = rules_with({"5": "take-chosen"})
    g = game("classic", hands=[["5C"], ["2D"]], house=rs)
    play(g, "oneoff 5C p1", "counter 2D", "resolve")
    assert g.phase == "main" and g.turn == 1 and g.scrap[-1] == card("5C")


# ---------------------------------------------------------------------- revive


def test_revive_and_play_plays_the_card_as_a_seven() -> None:
    rs = rules_with({"3": "revive-and-play"})
    g = game("classic", hands=[["3C"], ["KD"]], scrap=["9H", "KS"], house=rs)
    play(g, "oneoff 3C", "resolve")
    assert g.phase == "take" and legal(g) == {"take 9H", "take KS"}
    play(g, "take 9H")
    assert g.phase == "seven" and g.revealed == [card("9H")]
    assert g.view(1)["revealed"] == ["9H"]
    assert "points 9H" in legal(g) and "draw" not in legal(g)
    refuse(g, "scrap 9H", "cannot be played")
    play(g, "points 9H")
    assert points(g, 0) == {"9H"} and g.scrap[-1] == card("3C")


def test_revive_needs_a_scrap_card() -> None:
    rs = rules_with({"3": "revive-and-play"})
    g = game("classic", hands=[["3C"], ["KD"]], house=rs)
    assert "oneoff 3C" not in legal(g)
    refuse(g, "oneoff 3C", "no card in the scrap")


# ---------------------------------------------------------------------- permanents


def test_steal_permanent_moves_a_king() -> None:
    rs = rules_with({"9-red": "steal-permanent"})
    g = game("classic", hands=[["9H"], ["9C"]], fields=[{}, {"faces": ["KS"]}], house=rs)
    assert "royal 9H KS" in legal(g)
    refuse(g, "royal 9H", "name the permanent")
    play(g, "royal 9H KS")
    assert g.kings(0) == 1 and g.kings(1) == 0
    assert g.to_json()["fields"][0]["faces"] == [
        {"card": "KS", "owner": 1, "jokers": [{"card": "9H", "to": 0}]}
    ]
    assert Game.from_json(g.to_json(), rs).to_json() == g.to_json()
    # a nine (return-card) on the top cover sends the king back
    play(g, "oneoff 9C 9H", "resolve")
    assert g.kings(1) == 1 and "9H" in hand(g, 0)


def test_open_hands_opens_every_hand_while_on_the_table() -> None:
    rs = rules_with({"6S": "open-hands"}, base="multiplayer", players=3)
    g = game(hands=[["6S", "AC"], ["TC"], ["TD"]], house=rs)
    assert "royal 6S" in legal(g)
    refuse(g, "oneoff 6S", "permanent here")
    play(g, "royal 6S")
    for seat in (0, 1, 2, None):
        assert g.view(seat)["hands"] == [["AC"], ["TC"], ["TD"]]
    assert not g.counts_against(0) and not g.group_shielded(0)


def test_shield_group_stops_aces_sixes_and_all_fours() -> None:
    rs = rules_with({"6-red": "shield-group"}, base="multiplayer", players=3)
    fields = [{"points": ["TD"]}, {"points": ["9C"], "faces": ["6H", "KS"]},
              {"points": ["8C"], "faces": ["QS"]}]  # fmt: skip
    g = game(hands=[["AC", "6S", "4C"], ["TC", "5D"], ["TH", "2D"]], fields=fields, house=rs)
    assert g.group_shielded(1) and not g.group_shielded(2)
    play(g, "oneoff AC", "resolve", "resolve")
    assert points(g, 1) == {"9C"} and points(g, 0) == set() and points(g, 2) == set()
    g = game(hands=[["AC", "6S", "4C"], ["TC", "5D"], ["TH", "2D"]], fields=fields, house=rs)
    play(g, "oneoff 6S", "resolve", "resolve")
    assert len(g.faces[1]) == 2 and g.faces[2] == []
    g = game(hands=[["AC", "6S", "4C"], ["TC", "5D"], ["TH", "2D"]], fields=fields, house=rs)
    play(g, "oneoff 4C", "resolve", "resolve")
    assert g.to_act == 2 and g.phase == "discard"  # p1 is passed by
    # a two still scraps it (a single attack)
    g = game(hands=[["2C"], ["TC"], ["TH"]], fields=fields, house=rs)
    play(g, "oneoff 2C 6H", "resolve", "resolve")
    assert not g.group_shielded(1)


def test_points_against_is_a_flag_for_long_term_scoring() -> None:
    rs = rules_with({"7": "points-against"})
    g = game("classic", hands=[["7C"], ["KD"]], house=rs)
    play(g, "royal 7C")
    assert g.counts_against(0) and not g.counts_against(1)


# ---------------------------------------------------------------------- bots


def test_score_hooks_drive_the_bots_policy_on_house_sets() -> None:
    """The bots' move policy (used by greedy's settling and the search bots' rollouts)
    plays whole games of a house set through the effects' score hooks, and picks the
    sensible house play in a clear spot."""
    rs = load_house_rules(DOCS / "sheet-library.toml")
    for seed in range(3):
        g = new_game(rs, seed=seed)
        while not g.is_over:
            g.apply(best_move(g, g.legal_actions()))
        assert g.outcome is not None
    thief = rules_with({"9-red": "steal-permanent", "7": "points-against"})
    g = game("classic", hands=[["9H", "7C"], ["AD"]], fields=[{}, {"faces": ["KS"]}],
             house=thief)  # fmt: skip
    from cuttle.engine.moves import move_text

    assert move_text(best_move(g, g.legal_actions())) == "royal 9H KS"
