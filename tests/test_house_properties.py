"""Property tests over GENERATED house-rule files: random assignments of library effects
(the presets' and seed 004's) to rank, colour, suit and joker keys, on random bases and
seat counts 2-8.

In every generated game: every card is accounted for; every legal move's text parses
back and plays; illegal moves are refused and change nothing; positions and records
round-trip; no view shows a card its seat may not know (who knows what is tracked by
the test, with the house effects that show a hand followed here); a world sampled for a
seat agrees with its view; and the game ends under its move cap.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuttle import Game, InvalidRulesError, get_rules, house_rules, new_game
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.effects import EFFECTS_BY_KEY
from cuttle.engine.moves import RESOLVE, TAKE, Move, move_text
from cuttle.engine.words import card_mentions, describe
from strategies import Knowledge, check_cards, illegal_candidates
from test_properties import (
    check_illegal,
    check_json,
    check_legal_texts,
    check_record,
    check_sample,
    check_views,
)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
SUITS = "CDHS"
EFFECT_KEYS = tuple(k for k in EFFECTS_BY_KEY if k != "swap-hands")  # two seats only
LOOKS = frozenset({"look-at-hand", "discard-chosen", "take-chosen"})
CHECKED_STEPS = 300
"""Steps of a game checked in full; the rest is played out quickly to its end."""

keys = st.one_of(
    st.sampled_from(RANKS),
    st.builds(lambda r, c: f"{r}-{c}", st.sampled_from(RANKS), st.sampled_from(("red", "black"))),
    st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS)),
    st.just("joker"),
)


@st.composite
def house_files(draw: st.DrawFn) -> dict[str, Any]:
    """A house-rules mapping as a file would give it."""
    base = draw(st.sampled_from(("classic", "standard", "cuttlecards", "cutthroat", "team",
                                 "multiplayer", "multiplayer", "multiplayer")))  # fmt: skip
    spec: dict[str, Any] = {"base": base, "name": "generated", "move_cap": 300}
    if base == "multiplayer":
        spec["players"] = draw(st.integers(2, 8))
    table = draw(st.dictionaries(keys, st.sampled_from(EFFECT_KEYS), min_size=1, max_size=8))
    spec["effects"] = table
    if "joker" in table and base not in ("cutthroat", "team"):
        spec["jokers"] = draw(st.integers(1, 2))
    return spec


class HouseKnowledge(Knowledge):
    """:class:`Knowledge` plus the house effects that show a hand: when an uncountered
    look-at-hand, discard-chosen or take-chosen resolves, its player may know every card
    of the victim's hand."""

    def step(self, before: Game, g: Game, move: Move) -> None:
        """Update after ``move`` took ``before`` to ``g``."""
        p = before.pending
        looked = -1
        if (
            p is not None
            and before.phase == "counter"
            and move[0] == RESOLVE
            and g.phase != "counter"
            and len(p.counters) % 2 == 0
        ):
            effect = before.rules.effect_of(p.card)
            if effect is not None and effect.key in LOOKS:
                looked = p.victim
        if looked >= 0:
            for c in before.hands[looked]:
                self.hand[c].add(p.by)  # type: ignore[union-attr]
        self.after(g, move)
        if before.phase == "pick" and move[0] == TAKE:
            # the move names the card it takes from a hand: every seat sees where it went
            self.hand[move[1]] = set(self.everyone)


def _named(x: Any) -> set[str]:
    """Every card name in a view (or part of one)."""
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(_named(v) for k, v in x.items() if k not in ("rules", "phase")))
    if isinstance(x, list):
        return set().union(*(_named(v) for v in x)) if x else set()
    return set()


def check_sentence(before: Game, after: Game, move: Move, viewer: int) -> None:
    """The move has a sentence for ``viewer`` that names only cards the viewer sees."""
    text = describe(before, after, before.to_act, move, viewer)
    assert text and (text[0].isupper() or text.startswith("p")) and text.endswith("."), text
    seen = _named(before.view(viewer)) | _named(after.view(viewer))
    seen |= set(move_text(move).split())
    for c in card_mentions(text):
        assert CARD_NAMES[c] in seen, f"{text!r} names {CARD_NAMES[c]} to p{viewer}"


def play_house_game(spec: dict[str, Any], seed: int) -> None:
    """Play one generated game with every check at every step (up to a point)."""
    rules = house_rules(spec)
    g = new_game(rules, seed=seed)
    know = HouseKnowledge(g)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over and steps < CHECKED_STEPS:
        legal = g.legal_actions()
        check_legal_texts(g, legal)
        check_views(g, know, None if g.n <= 4 else [g.to_act, steps % g.n])
        if steps % 4 == 0:
            check_illegal(g, legal, illegal_candidates(g, legal, rng, 4))
            check_json(g)
            check_sample(g, rng.randrange(g.n), rng)
        m = rng.choice(legal)
        before = g.copy()
        g.apply(m)
        know.step(before, g, m)
        check_sentence(before, g, m, steps % g.n)
        steps += 1
    check_cards(g)
    check_json(g)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        check_cards(g)
    assert g.moves_played <= rules.move_cap
    check_record(g)
    json.dumps(g.to_json())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=house_files(), seed=st.integers(0, 2**32 - 1))
def test_generated_house_rules_keep_every_invariant(spec: dict[str, Any], seed: int) -> None:
    try:
        house_rules(spec)
    except InvalidRulesError as exc:  # pragma: no cover - the generator builds valid files
        raise AssertionError(f"generated file refused: {exc}") from None
    play_house_game(spec, seed)


def test_a_full_library_file_on_every_seat_count() -> None:
    """Every house effect at once, from 2 to 8 seats (a fixed file, a few seeds)."""
    table = {
        "5-red": "skip-next", "5-black": "skip-chosen", "9-red": "steal-permanent",
        "TC": "scrap-point", "TS": "return-point", "3-red": "revive-and-play",
        "7-red": "look-at-hand", "7C": "discard-chosen", "7S": "take-chosen",
        "8H": "open-hands", "8D": "shield-group", "joker": "points-against",
    }  # fmt: skip
    for n in range(2, 9):
        spec = {"base": "multiplayer", "name": "generated", "players": n, "jokers": 2,
                "move_cap": 300, "effects": table}  # fmt: skip
        play_house_game(spec, 100 + n)


def check_known(g: Any) -> None:
    """``known`` names only cards in a hand, each with its holder's bit and another's (a
    card known to its holder alone has no entry)."""
    holder = {c: h for h, hand in enumerate(g.hands) for c in hand}
    for c, mask in g.known.items():
        assert c in holder, f"{c} is known but in no hand"
        assert mask >> holder[c] & 1, f"{c}: its holder's bit is missing"
        assert mask != 1 << holder[c], f"{c}: an entry for its holder alone"


def check_copies_apart(rules: Any, seed: int) -> None:
    """At every step of a random game, a move on a copy leaves the original as it was
    and the original's move leaves the copy (the engine's copies share the lists that
    are replaced, never changed in place: freezes, skips, glasses, revealed cards and
    who knows which card in hand)."""
    g = new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        m = rng.choice(g.legal_actions())
        before = json.dumps(g.to_json())
        twin = g.copy()
        twin.apply(m)
        assert json.dumps(g.to_json()) == before
        after_twin = json.dumps(twin.to_json())
        g.apply(m)
        assert json.dumps(twin.to_json()) == after_twin
        assert json.dumps(g.to_json()) == after_twin
        check_known(g)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=house_files(), seed=st.integers(0, 2**32 - 1))
def test_a_copy_and_its_original_change_apart(spec: dict[str, Any], seed: int) -> None:
    try:
        rules = house_rules(spec)
    except InvalidRulesError:
        return
    check_copies_apart(rules, seed)


@settings(max_examples=30, deadline=None)
@given(
    base=st.sampled_from(("classic", "standard", "cutthroat", "team")),
    variants=st.lists(st.sampled_from(("nine-freeze", "eight-oneoff", "random-four")), unique=True),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_copy_and_its_original_change_apart_with_variants(
    base: str, variants: list[str], seed: int
) -> None:
    check_copies_apart(get_rules(base, variants), seed)
