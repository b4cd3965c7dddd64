"""Rule-set differences not covered elsewhere (spec rule-set table): hand limits, what
glasses and an empty deck show in each rule set's views, and the presets' fields."""

from __future__ import annotations

from typing import Any

import pytest

from cuttle import PRESETS, Game, get_rules
from helpers_positions import game, hand, legal, play, refuse

# ---------------------------------------------------------------------- hand limits

EIGHT = ["2D", "3D", "4D", "6D", "KC", "KD", "QC", "QD"]


def test_standard_no_draw_at_eight() -> None:
    g = game("standard", hands=[EIGHT, ["5S"]])
    assert "draw" not in legal(g)
    refuse(g, "draw", "hand limit")
    g = game("standard", hands=[EIGHT[:7], ["5S"]])
    play(g, "draw")
    assert len(g.hands[0]) == 8 and g.phase == "main" and g.turn == 1


@pytest.mark.parametrize(("others", "drawn"), [(7, 1), (6, 2), (5, 2)])
def test_standard_five_stops_at_eight(others: int, drawn: int) -> None:
    g = game("standard", hands=[["5C", *EIGHT[:others]], ["5S"]], deck=["9C", "9D", "9H"])
    play(g, "oneoff 5C", "resolve")
    assert len(g.hands[0]) == others + drawn
    assert g.turn == 1 and g.phase == "main"


def test_classic_has_no_hand_limit() -> None:
    many = [*EIGHT, "7C", "7D", "7H", "7S"]
    g = game("classic", hands=[many, ["5S"]])
    play(g, "draw")
    assert len(g.hands[0]) == 13 and g.phase == "main" and g.turn == 1


@pytest.mark.parametrize(
    ("rules", "players", "limit"),
    [("cuttlecards", None, 8), ("cutthroat", None, 7), ("team", None, 7), ("multiplayer", 3, 7)],
)
def test_discard_down_to_the_limit_at_the_end_of_ones_turn(
    rules: str, players: int | None, limit: int
) -> None:
    n = players or {"cutthroat": 3, "team": 4}.get(rules, 2)
    full = EIGHT[:limit]
    g = game(
        rules, hands=[full] + [["5S", "5H", "5C"][i : i + 1] for i in range(n - 1)], deck=["9C"]
    )
    play(g, "draw")
    assert g.phase == "hand-limit" and g.to_act == 0 and g.turn == 0
    assert legal(g) == {f"discard {c}" for c in hand(g, 0)}
    refuse(g, "discard 9C KC", "exactly 1")
    refuse(g, "draw", "not possible now")
    play(g, "discard 9C")
    assert len(g.hands[0]) == limit and g.phase == "main" and g.turn == 1


def test_cuttlecards_five_over_the_limit_discards_at_the_end() -> None:
    g = game("cuttlecards", hands=[["5C", *EIGHT[:7]], ["5S"]], deck=["9C", "9D", "9H"])
    play(g, "oneoff 5C", "resolve", "discard 2D")
    assert len(g.hands[0]) == 9 and g.phase == "hand-limit"
    play(g, "discard 9C")
    assert g.turn == 1


def test_hands_are_checked_only_at_the_end_of_their_own_turn() -> None:
    """A nine gives p1 a ninth card on p0's turn: p1 keeps it until p1's turn ends."""
    g = game("cuttlecards", hands=[["9C"], EIGHT], fields=[{}, {"faces": ["KH"]}])
    play(g, "oneoff 9C KH", "resolve")
    assert len(g.hands[1]) == 9 and g.phase == "main" and g.turn == 1
    play(g, "points 2D")
    assert g.phase == "main" and g.turn == 0


# ---------------------------------------------------------------------- views

HIDDEN = "??"


def shown(g: Game, viewer: int | None, holder: int) -> bool:
    """Whether ``viewer``'s view shows every card of ``holder``'s hand."""
    cards = g.view(viewer)["hands"][holder]
    return bool(cards) and HIDDEN not in cards


def glasses_game(rules: str, n: int, **kw: Any) -> Game:
    hands = [["5C", "6C"], ["5D", "6D"], ["5H", "6H"], ["5S", "6S"], ["4S", "4H"]][:n]
    return game(rules, hands=hands, fields=[{"glasses": ["8C"]}], **kw)


@pytest.mark.parametrize("rules", ["classic", "standard", "cuttlecards"])
def test_two_seat_glasses_show_the_opponents_hand_to_its_holder(rules: str) -> None:
    g = glasses_game(rules, 2)
    assert shown(g, 0, 1)
    assert not shown(g, 1, 0)
    assert not shown(g, None, 1) and not shown(g, None, 0)
    assert g.can_see_hand(0, 1) and not g.can_see_hand(1, 0)


def test_cutthroat_glasses_show_both_opponents() -> None:
    g = glasses_game("cutthroat", 3)
    assert shown(g, 0, 1) and shown(g, 0, 2)
    assert not shown(g, 1, 2) and not shown(g, 1, 0) and not shown(g, 2, 1)


def test_team_glasses_show_the_opponents_not_the_partner() -> None:
    g = glasses_game("team", 4)
    assert shown(g, 0, 1) and shown(g, 0, 3)
    assert not shown(g, 0, 2)
    assert not shown(g, 2, 1)  # the partner gets nothing from p0's glasses


@pytest.mark.parametrize("n", [2, 3, 5])
def test_multiplayer_glasses_open_every_other_hand_to_everyone(n: int) -> None:
    g = glasses_game("multiplayer", n)
    for viewer in [*range(n), None]:
        for holder in range(1, n):
            assert shown(g, viewer, holder), (viewer, holder)
        if viewer != 0:
            assert not shown(g, viewer, 0)


@pytest.mark.parametrize(
    ("rules", "opens"),
    [("classic", False), ("standard", False), ("cuttlecards", True), ("team", True),
     ("cutthroat", False), ("multiplayer", False)],
)  # fmt: skip
def test_empty_deck_opens_hands_in_cuttlecards_and_team(rules: str, opens: bool) -> None:
    n = {"cutthroat": 3, "team": 4}.get(rules, 2)
    hands = [["5C", "6C"], ["5D", "6D"], ["5H", "6H"], ["5S", "6S"]][:n]
    g = game(rules, hands=hands, rest="scrap")
    for viewer in [*range(n), None]:
        for holder in range(n):
            if viewer != holder:
                assert shown(g, viewer, holder) == opens, (viewer, holder)
    g2 = game(rules, hands=hands)  # with a deck: hidden
    assert not shown(g2, 0, 1) and not shown(g2, None, 0)


def test_cards_seen_through_glasses_stay_known_after_the_glasses_go() -> None:
    g = game(
        "classic",
        hands=[["5C"], ["2D", "9H", "KS"]],
        fields=[{"glasses": ["8C"]}],
        deck=["4C", "3S"],
    )
    play(g, "draw", "oneoff 2D 8C", "resolve")
    view = g.view(0)["hands"][1]
    assert sorted(view) == ["9H", "KS"]
    play(g, "draw", "draw")  # p0, then p1 draws a card p0 never saw
    view = g.view(0)["hands"][1]
    assert sorted(view) == sorted(["9H", "KS", HIDDEN])
    assert view.count(HIDDEN) == 1


def test_finished_game_shows_everything() -> None:
    g = game("standard", hands=[["5C"], ["5D", "6D"]])
    g.resign(1)
    assert shown(g, None, 1) and shown(g, 0, 1)


# ---------------------------------------------------------------------- presets


def test_presets_match_the_table() -> None:
    assert set(PRESETS) == {
        "classic",
        "standard",
        "cuttlecards",
        "cutthroat",
        "team",
        "multiplayer",
    }
    assert get_rules("team").teams == ((0, 2), (1, 3))
    assert {r.jokers for r in (get_rules("cutthroat"), get_rules("team"))} == {2}
    for name in ("classic", "standard", "cuttlecards", "multiplayer"):
        assert get_rules(name).jokers == 0
    assert get_rules("multiplayer", players=5).players == 5
    for name in PRESETS:
        assert get_rules(name).description
