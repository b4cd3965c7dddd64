"""The effect registry and the frozen rule sets: every primitive is one registered
object, rule sets are immutable and hashable, and ``effect_of`` is per card."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuttle import EFFECTS, PRESETS, VARIANTS, get_rules, house_rules
from cuttle.engine.cards import RANK_OF, card
from cuttle.engine.effect import Effect
from cuttle.engine.effects import EFFECTS_BY_KEY, effect_for
from cuttle.engine.frozen import FrozenMap
from cuttle.engine.moves import ONEOFF, Move, parse_move
from cuttle.engine.rules import RuleSet
from cuttle.engine.table import DECISION_PHASES
from helpers_positions import game

KEYS = [
    "scrap-points",
    "scrap-royal",
    "take-from-scrap",
    "discard-two",
    "draw-two",
    "discard-one-draw-three",
    "scrap-royals",
    "reveal-and-play",
    "return-card",
    "scrap-glasses",
    "swap-hands",
]


def test_the_eleven_primitives_are_registered_once() -> None:
    # the eleven of the presets first, then the house library (tests/test_house_effects.py)
    assert list(EFFECTS_BY_KEY)[:11] == KEYS
    assert list(EFFECTS)[:11] == KEYS
    for key, effect in EFFECTS_BY_KEY.items():
        assert isinstance(effect, Effect) and effect.key == key
        assert EFFECTS[key] == effect.description
        assert effect_for(key) is effect
        assert set(effect.phases) <= set(DECISION_PHASES)


def test_unknown_effect_key_is_refused() -> None:
    with pytest.raises(Exception, match="unknown effect 'fly'"):
        effect_for("fly")


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("oneoff AC", "scraps every point card"),
        ("oneoff 2C QS", "scraps the Queen of Spades"),
        ("oneoff 3C", "takes a card from the scrap"),
        ("oneoff 4C p2", "makes p2 discard two cards"),
        ("oneoff 5C", "draws two cards"),
        ("oneoff 6C", "scraps every royal and glasses"),
        ("oneoff 9C KH", "returns the King of Hearts"),
    ],
)
def test_words_give_a_verb_phrase(move: str, words: str) -> None:
    m = parse_move(move)
    effect = get_rules("classic").effect_of(m.card)
    assert effect is not None and effect.words(m) == words


def test_every_effect_has_words() -> None:
    for effect in EFFECTS_BY_KEY.values():
        text = effect.words(Move(ONEOFF, card("2C"), card("KH")))
        assert text and text[0].islower()


def test_effect_of_is_per_card() -> None:
    rules = get_rules("cuttlecards")
    assert rules.effect_of(card("AS")) is EFFECTS_BY_KEY["scrap-points"]
    assert rules.effect_of(card("5H")) is EFFECTS_BY_KEY["discard-one-draw-three"]
    assert rules.effect_of(card("8H")) is None and rules.effect_of(52) is None
    swap = get_rules("classic", ["joker-swap"])
    assert swap.effect_of(52) is EFFECTS_BY_KEY["swap-hands"]
    for c in range(54):
        key = rules.oneoffs.get(RANK_OF[c])
        found = rules.effect_of(c)
        assert (found.key if found else None) == key


def test_rule_sets_are_hashable_and_compare_by_value() -> None:
    for name in PRESETS:
        a = get_rules(name)
        b = get_rules(name)
        assert a == b and hash(a) == hash(b)
    assert len({get_rules(n) for n in PRESETS}) == len(PRESETS)
    assert get_rules("classic", ["random-four"]) != get_rules("classic")
    assert hash(get_rules("multiplayer", players=4)) == hash(get_rules("multiplayer", players=4))


def test_presets_cannot_be_changed() -> None:
    rules = PRESETS["classic"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        rules.oneoffs[7] = "scrap-glasses"  # type: ignore[index]
    with pytest.raises(AttributeError):
        rules.oneoffs._dict = {}  # type: ignore[misc]
    assert 7 not in PRESETS["classic"].oneoffs


def test_presets_share_nothing_changeable() -> None:
    eight = get_rules("classic", ["eight-oneoff"])
    assert eight.oneoffs.get(7) == "scrap-glasses"
    assert PRESETS["classic"].oneoffs.get(7) is None
    assert PRESETS["standard"].oneoffs.get(7) is None
    for rules in PRESETS.values():
        assert isinstance(rules.oneoffs, FrozenMap)
        for f in dataclasses.fields(rules):
            hash(getattr(rules, f.name))


def test_replace_with_a_plain_dict_is_frozen() -> None:
    rules = dataclasses.replace(PRESETS["classic"], oneoffs={0: "draw-two"})
    assert isinstance(rules.oneoffs, FrozenMap) and rules.oneoffs == {0: "draw-two"}
    assert rules.effect_of(card("AC")) is EFFECTS_BY_KEY["draw-two"]
    assert rules.effect_of(card("2C")) is None
    hash(rules)


def test_house_rules_are_hashable() -> None:
    spec = {"base": "classic", "name": "fast", "oneoffs": {"5": "discard-one-draw-three"}}
    a = house_rules(spec)
    b = house_rules(dict(spec))
    assert a == b and hash(a) == hash(b) and a != PRESETS["classic"]
    assert a.effect_of(card("5D")) is EFFECTS_BY_KEY["discard-one-draw-three"]


def test_rule_sets_pickle_with_their_effects() -> None:
    rules = get_rules("team")
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and hash(again) == hash(rules)
    assert again.effect_of(card("9C")) is rules.effect_of(card("9C"))


def test_game_copies_share_the_rule_set() -> None:
    g = game("standard", hands=[["AC"], ["5D"]])
    assert g.copy().rules is g.rules


@given(st.sets(st.sampled_from(sorted(VARIANTS)), max_size=3))
def test_variant_sets_are_hashable(variants: set[str]) -> None:
    try:
        rules = get_rules("classic", variants)
    except Exception:
        return
    assert isinstance(rules, RuleSet)
    assert hash(rules) == hash(get_rules("classic", sorted(variants)))


@given(st.dictionaries(st.integers(0, 13), st.sampled_from(KEYS), max_size=6))
def test_frozen_map_equals_its_dict(data: dict[int, str]) -> None:
    fm = FrozenMap(data)
    assert fm == data and dict(fm) == data and len(fm) == len(data)
    assert fm == FrozenMap(dict(reversed(list(data.items()))))
    assert hash(fm) == hash(FrozenMap(dict(data)))
