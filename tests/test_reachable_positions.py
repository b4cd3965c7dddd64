"""Positions no play could reach are refused with a precise error (docs/rules.md, ruling
33): a hand no draw or nine could have filled, a win on points by a seat short of its
goal, a draw by points; every position that random play reaches is still accepted."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings

from cuttle import Game, house_rules, new_game
from cuttle.engine.errors import InvalidPositionError
from helpers_positions import position
from strategies import ALL_CONFIGS, Config, configs, seeds


def _refused(pos: dict[str, Any], *fragments: str) -> str:
    with pytest.raises(InvalidPositionError) as info:
        Game.from_json(pos)
    text = str(info.value)
    for f in fragments:
        assert f in text, text
    return text


def _deal(rules: str, seed: int = 7) -> dict[str, Any]:
    return new_game(rules, seed=seed).to_json()


def _fill_hand(pos: dict[str, Any], seat: int, size: int) -> dict[str, Any]:
    """``pos`` with ``seat``'s hand made ``size`` cards from the top of the deck."""
    out = copy.deepcopy(pos)
    k = size - len(out["hands"][seat])
    out["hands"][seat] += out["deck"][:k]
    out["deck"] = out["deck"][k:]
    return out


def test_a_20_card_hand_at_the_deal_is_refused() -> None:
    """Standard: twenty cards in p0's hand before anything is played (the deal gives 5,
    the hand limit is 8 and no nine lies in the scrap)."""
    pos = _fill_hand(_deal("standard"), 0, 20)
    _refused(pos, "p0 holds 20 cards", "hand limit of 8", "scrap")


def test_a_20_card_hand_at_the_deal_without_a_hand_limit_is_refused() -> None:
    """Classic has no hand limit, but with nothing played every move was a draw, in turn:
    20 cards for p0 against p1's 6 cannot be."""
    pos = _fill_hand(_deal("classic"), 0, 20)
    _refused(pos, "in turn from p0", "15 draws", "not 20 and 6")


def test_the_deal_and_honest_draws_are_accepted() -> None:
    """The deal itself, and the deal after two draws each (p0 to move again)."""
    g = new_game("classic", seed=3)
    Game.from_json(g.to_json())
    for _ in range(4):
        g.play("draw")
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_draws_out_of_turn_are_refused() -> None:
    """Two draws by p0 and none by p1, and a turn that does not follow the draws."""
    _refused(_fill_hand(_deal("classic"), 0, 7), "after 2 draws", "6 and 7", "not 7 and 6")
    g = new_game("classic", seed=3)
    g.play("draw")
    pos = g.to_json()
    pos["turn"] = pos["to_act"] = 0
    _refused(pos, "it is p1's turn, not p0's")


def test_a_full_hand_beside_nines_in_the_scrap_is_accepted() -> None:
    """Standard: p1 holds 10 cards, two over the limit, and two nines lie in the scrap
    (each returned a card to that hand)."""
    hand = ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "TC", "JC"]
    pos = position("standard", hands=[["AD"], hand], scrap=["9H", "9S"])
    Game.from_json(pos)
    over = position("standard", hands=[["AD"], hand], scrap=["9H"])
    _refused(over, "p1 holds 10 cards", "holds 1 card(s)")


def test_a_winner_with_no_points_at_the_start_is_refused() -> None:
    """p0 named the winner of the deal (by points, as a winner with no termination is)."""
    pos = _deal("standard")
    pos["winner"] = 0
    _refused(pos, "p0 is named the winner by points with 0 points against a goal of 21")


def test_a_resignation_at_the_start_is_a_win() -> None:
    """A seat may resign before any card is played: the same deal with termination
    ``resign`` is a finished game."""
    pos = _deal("standard")
    pos["winner"], pos["termination"] = 1, "resign"
    g = Game.from_json(pos)
    assert g.winners == (1,)


def test_endings_that_contradict_themselves_are_refused() -> None:
    """A draw by points; a win by passes; a kings win without four kings."""
    pos = _deal("standard")
    pos["winner"], pos["termination"] = "draw", "points"
    _refused(pos, "a drawn game cannot end by points")
    pos["winner"], pos["termination"] = 0, "passes"
    _refused(pos, "'passes' is a draw")
    won = position(
        "standard", hands=[["AD"], ["AC"]], fields=[{"points": ["TC", "TD", "9H"]}], winner=0
    )
    assert Game.from_json(won).winners == (0,)
    won["termination"] = "kings"
    _refused(won, "p0 is named the winner by kings")


def test_a_team_wins_together() -> None:
    """Team: p0 has 29 points; the win goes to p0 and p2, not to p0 alone nor to p1."""
    hands: list[list[str]] = [["AD"], ["AC"], ["AH"], ["AS"]]
    fields = [{"points": ["TC", "TD", "9H"]}]
    assert Game.from_json(position("team", hands=hands, fields=fields, winner=[0, 2])).winners
    _refused(position("team", hands=hands, fields=fields, winner=0), "side: p0 p2")
    _refused(position("team", hands=hands, fields=fields, winner=[1, 3]), "p1 is named")


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=seeds)
def test_every_position_of_random_play_is_accepted(config: Config, seed: int) -> None:
    """Whatever random play reaches, in every rule set (house ones too), reads back."""
    g = config.new(seed)
    house = house_rules(json.loads(config.house)) if config.house else None
    rng = random.Random(seed)
    for _ in range(120):
        Game.from_json(g.to_json(), house)
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))


def test_the_configurations_cover_every_rule_set() -> None:
    """The property above draws from every preset (a guard on its strategy)."""
    assert {c.rules for c in ALL_CONFIGS} >= {
        "classic",
        "standard",
        "cuttlecards",
        "cutthroat",
        "team",
        "multiplayer",
    }
