"""House rules (spec "House rules"): a small TOML or JSON file builds a rule set from the
engine's effect primitives; a bad file gets one error naming every problem."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cuttle import EFFECTS, Game, InvalidRulesError, house_rules, load_house_rules, new_game
from helpers_positions import hand, legal, play, position, refuse

FAST_FIVES = """
base = "classic"
name = "fast-fives"
hand_limit = 8
limit_discard = true
goals = [21, 14, 10, 5, 0]
oneoffs = { "5" = "discard-one-draw-three", "T" = "draw-two" }
"""


def play_out(g: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_toml_file_builds_a_rule_set_that_plays(tmp_path: Path) -> None:
    path = tmp_path / "fast.toml"
    path.write_text(FAST_FIVES, encoding="utf-8")
    rs = load_house_rules(path)
    assert rs.name == "fast-fives"
    assert rs.hand_limit == 8 and rs.limit_discard
    assert rs.goals == (21, 14, 10, 5, 0)
    assert rs.oneoffs[4] == "discard-one-draw-three" and rs.oneoffs[9] == "draw-two"
    for seed in range(5):
        g = play_out(new_game(rs, seed=seed), seed)
        assert g.outcome is not None
    # a ten is now a one-off that draws two
    g = Game.from_json(position(hands=[["TC", "KH"], ["5D"]], deck=["9C", "9D"], house=rs), rs)
    assert g.to_json()["rules"] == "fast-fives"
    assert "oneoff TC" in legal(g)
    play(g, "oneoff TC", "resolve")
    assert hand(g, 0) == {"KH", "9C", "9D"}


def test_json_file_and_removing_a_one_off(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    spec = {"base": "standard", "name": "no-nines", "oneoffs": {"9": None}, "move_cap": 50}
    path.write_text(json.dumps(spec), encoding="utf-8")
    rs = load_house_rules(path)
    assert 8 not in rs.oneoffs and rs.move_cap == 50
    g = Game.from_json(
        position(hands=[["9C"], ["5D"]], fields=[{}, {"faces": ["KH"]}], house=rs), rs
    )
    refuse(g, "oneoff 9C KH", "no one-off effect")
    g = play_out(new_game(rs, seed=1), 1)
    assert g.moves_played <= 50


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(InvalidRulesError) as info:
        house_rules(
            {
                "base": "classic",
                "colour": "red",
                "oneoffs": {"J": "draw-two", "5": "fly-away"},
                "hand_limit": "eight",
                "goals": [21, 14],
                "players": 3,
                "seven_reveals": 3,
            }
        )
    msg = str(info.value)
    for words in (
        "unknown key 'colour'",
        "'J' is not a rank",
        "unknown effect 'fly-away'",
        "'hand_limit' must be a whole number, not 'eight'",
        "'goals' must be a list of five",
        "classic is played by 2 players, not 3",
        "'seven_reveals' must be 1 or 2",
    ):
        assert words in msg, words
    for effect in EFFECTS:
        assert effect in msg  # the unknown effect lists the known ones


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({}, "'base' must be one of"),
        ({"base": "chess"}, "'base' must be one of"),
        ({"base": "classic", "players": 3}, "classic is played by 2"),
        ({"base": "classic", "deal": 30}, "not enough cards"),
        ({"base": "classic", "four_victims": "nobody"}, "four_victims"),
        ({"base": "classic", "variants": ["warp"]}, "unknown variant"),
        ({"base": "classic", "name": ""}, "'name' must be a non-empty string"),
        ({"base": "multiplayer", "players": 3, "oneoffs": {"A": "swap-hands"}}, "two players"),
        ({"base": "classic", "oneoffs": {"X": "draw-two"}}, "'jokers' set to 1 or 2"),
    ],
)
def test_bad_house_rules(spec: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidRulesError, match=words):
        house_rules(spec)


def test_unreadable_or_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(InvalidRulesError, match="cannot read"):
        load_house_rules(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("base = \n", encoding="utf-8")
    with pytest.raises(InvalidRulesError, match="not valid toml"):
        load_house_rules(bad)
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidRulesError, match="not valid json"):
        load_house_rules(bad_json)


def test_house_rules_on_a_multiplayer_base() -> None:
    rs = house_rules({"base": "multiplayer", "players": 4, "oneoffs": {"A": "draw-two"}})
    assert rs.players == 4
    g = play_out(new_game(rs, seed=2), 2)
    assert g.outcome is not None


def test_house_joker_with_an_effect() -> None:
    rs = house_rules({"base": "classic", "jokers": 1, "oneoffs": {"X": "draw-two"}})
    assert rs.card_count == 53
    g = Game.from_json(position(hands=[["X1"], ["5D"]], deck=["9C", "9D"], house=rs), rs)
    assert legal(g) == {"draw", "oneoff X1"}
    play(g, "oneoff X1", "resolve")
    assert hand(g, 0) == {"9C", "9D"}
