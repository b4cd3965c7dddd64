"""Each one-off effect owns its words (engine/effect.py, engine/effects/): the move log
asks the effect object for the intent of a played one-off and the outcome of a resolved
one, and every registered effect supplies words of its own."""

from __future__ import annotations

from typing import Any

import pytest

from cuttle.engine.cards import card
from cuttle.engine.effect import REGISTRY, Effect
from cuttle.engine.effects import HOUSE_EFFECTS
from cuttle.engine.moves import ONEOFF, Move
from cuttle.engine.narration import Narration
from cuttle.engine.words import describe
from helpers_positions import game

NAMES = ("Alice", "Bob")

# effect key -> (rules, variants, hands, fields, scrap, deck, the one-off played)
SCENES: dict[str, tuple[str, tuple[str, ...], Any, Any, list[str], list[str], str]] = {
    "scrap-points": (
        "standard", (), [["AC"], ["3S"]], [{}, {"points": ["7D"]}], [], [], "oneoff AC"
    ),
    "scrap-royal": (
        "standard", (), [["2H"], ["3S"]], [{}, {"faces": ["KS"]}], [], [], "oneoff 2H KS"
    ),
    "scrap-glasses": (
        "classic", ("eight-oneoff",), [["8C"], ["3S"]], [{}, {"glasses": ["8D"]}], [], [],
        "oneoff 8C 8D",
    ),
    "take-from-scrap": ("standard", (), [["3H"], ["3S"]], None, ["7D"], [], "oneoff 3H"),
    "discard-two": ("standard", (), [["4H"], ["3S", "5S"]], None, [], [], "oneoff 4H"),
    "draw-two": ("standard", (), [["5H"], ["3S"]], None, [], ["7D", "8D"], "oneoff 5H"),
    "discard-one-draw-three": (
        "cuttlecards", (), [["5C", "3C"], ["3S"]], None, [], ["6D", "7D", "8C"], "oneoff 5C"
    ),
    "scrap-royals": (
        "standard", (), [["6H"], ["3S"]], [{}, {"faces": ["KS"]}], [], [], "oneoff 6H"
    ),
    "reveal-and-play": ("standard", (), [["7H"], ["3S"]], None, [], ["7D"], "oneoff 7H"),
    "return-card": (
        "standard", (), [["9H"], ["3S"]], [{}, {"faces": ["KS"]}], [], [], "oneoff 9H KS"
    ),
    "swap-hands": ("classic", ("joker-swap",), [["X1", "3C"], ["3S"]], None, [], [], "oneoff X1"),
}  # fmt: skip
"""A position where each effect that tells its own words is played, and its one-off."""


def _telling_effects() -> set[str]:
    return {key for key, e in REGISTRY.items() if e not in HOUSE_EFFECTS}


def test_every_registered_effect_supplies_its_words() -> None:
    """The classic effects override both ``intent`` and ``outcome``; every effect, house
    ones included, has a verb phrase of its own for the move log."""
    assert set(SCENES) == _telling_effects()
    sample = Move(ONEOFF, 0, 1, 1)
    for key, effect in REGISTRY.items():
        phrase = effect.words(sample)
        assert phrase and phrase[0].islower(), key
        if key in SCENES:
            assert type(effect).intent is not Effect.intent, f"{key} has no intent words"
            assert type(effect).outcome is not Effect.outcome, f"{key} has no outcome words"


@pytest.mark.parametrize("key", sorted(SCENES))
def test_the_move_log_tells_an_effect_by_its_own_words(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the effect object says is what every reader reads: change its words and
    the sentence changes with them (no second wording table elsewhere)."""
    rules, variants, hands, fields, scrap, deck, oneoff = SCENES[key]
    g = game(rules, variants=list(variants), hands=hands, fields=fields, scrap=scrap, deck=deck)
    effect = g.rules.effect_of(card(oneoff.split()[1]))
    assert effect is not None and effect.key == key
    told: list[tuple[str, int | None]] = []

    def intent(self: Effect, w: Narration, p: Any) -> str:
        told.append(("intent", w.viewer))
        return f"to do the {key} thing to {w.who(1 - p.by)}"

    def outcome(self: Effect, w: Narration, p: Any) -> str:
        told.append(("outcome", w.viewer))
        return f"{w.who(p.by)} did the {key} thing"

    monkeypatch.setattr(type(effect), "intent", intent)
    monkeypatch.setattr(type(effect), "outcome", outcome)
    before = g.copy()
    g.play(oneoff)
    move = g.history[-1][1]
    played = describe(before, g, 0, move, 1, NAMES)
    assert played.endswith(f"as a one-off to do the {key} thing to you.")
    assert describe(before, g, 0, move, None, NAMES).endswith(f"thing to {NAMES[1]}.")
    before = g.copy()
    g.play("resolve")
    resolved = describe(before, g, 1, g.history[-1][1], 0, NAMES)
    assert resolved == f"Bob lets it resolve: you did the {key} thing."
    assert told == [("intent", 1), ("intent", None), ("outcome", 0)]


def test_a_random_four_names_who_discarded_what() -> None:
    """Under random-four the cards go to the scrap face up as the four resolves: every
    reader is told who discarded which cards (not that nobody had one)."""
    g = game("standard", variants=["random-four"], hands=[["4H"], ["3S", "5S", "7C"]])
    g.play("oneoff 4H")
    before = g.copy()
    g.play("resolve")
    gone = sorted(c for c in ("3S", "5S", "7C") if card(c) in g.scrap)
    assert len(gone) == 2
    short = {"3S": "3♠", "5S": "5♠", "7C": "7♣"}
    cards = f"the {short[gone[0]]} and {short[gone[1]]}"
    move = g.history[-1][1]
    assert describe(before, g, 1, move, 0, NAMES) == (
        f"Bob lets it resolve: Bob discards {cards} at random."
    )
    assert describe(before, g, 1, move, 1, NAMES) == (
        f"You let it resolve: you discard {cards} at random."
    )
    assert describe(before, g, 1, move, None, NAMES).endswith(f"discards {cards} at random.")
