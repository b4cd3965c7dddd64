"""The engine's and the search's short cuts give what the plain forms give.

Each short cut exists for the compiled core (a shared move instead of a new named tuple,
a playout loop inside the engine, the search's own ``randrange`` and its selection of the
best moves instead of a sort); here each is held to the plain form it replaces, on
whichever path runs (the Makefile runs this file again with ``CUTTLE_PURE_PYTHON=1``).
"""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle import RuleSet, get_rules, new_game
from cuttle.bots.evaluate import TEMPERATURE, evaluate, side_strengths, sides
from cuttle.bots.policy import move_score, randbelow
from cuttle.bots.search import _widened
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.moves import (
    AGREE_DRAW,
    CHOICE_MOVES,
    DISCARD,
    MAX_SEATS,
    TAKE,
    Move,
    discard_move,
    discards,
    make,
)
from cuttle.engine.playout import random_playout
from cuttle.engine.table import Cover, Stack, new_cover, new_stack

RULES = ("standard", "classic", "cutthroat", "team", "multiplayer")


@given(
    st.integers(0, AGREE_DRAW),
    st.integers(-1, len(CARD_NAMES) - 1),
    st.integers(-1, len(CARD_NAMES) - 1),
    st.integers(-1, MAX_SEATS - 1),
)
def test_make_is_the_named_tuple_and_shared(verb: int, c: int, target: int, seat: int) -> None:
    made = make(verb, c, target, seat)
    assert made == Move(verb, c, target, seat)
    assert type(made) is Move
    assert made.cards == ()
    assert make(verb, c, target, seat) is made  # shared, not built again


def test_make_out_of_range_still_builds_the_move() -> None:
    assert make(3, 60, -1, 12) == (3, 60, -1, 12, ())


@given(st.lists(st.integers(0, len(CARD_NAMES) - 1), max_size=6, unique=True))
def test_discard_move_is_the_named_tuple(cards: list[int]) -> None:
    cs = tuple(sorted(cards))
    got = discard_move(cs)
    assert type(got) is Move
    assert got == Move(DISCARD, cards=cs)
    assert got.verb == DISCARD and got.card == -1 and got.cards == cs
    assert discard_move(cs, TAKE) == Move(TAKE, cards=cs)
    assert got.text() == Move(DISCARD, cards=cs).text()


@given(
    st.lists(st.integers(0, len(CARD_NAMES) - 1), max_size=9, unique=True),
    st.integers(0, 4),
)
def test_discards_are_the_combinations_in_their_order(cards: list[int], k: int) -> None:
    hand = sorted(cards)
    got = discards(hand, k)
    assert got == [Move(DISCARD, cards=cs) for cs in itertools.combinations(hand, k)]
    assert all(type(m) is Move for m in got)
    if k in (1, 2):  # one card or two: shared moves, the same objects at every call
        again = discards(hand, k)
        assert all(a is b for a, b in zip(got, again, strict=True))


def test_choice_moves_name_one_card() -> None:
    for verb in (DISCARD, TAKE):
        for c in range(len(CARD_NAMES)):
            assert CHOICE_MOVES[verb][c] == Move(verb, cards=(c,))


def test_new_stack_and_cover_are_the_named_tuples() -> None:
    cover = new_cover(10, 1)
    assert type(cover) is Cover and cover == Cover(10, 1) and cover.to == 1
    stack = new_stack(4, 0, (cover,))
    assert type(stack) is Stack and stack == Stack(4, 0, (Cover(10, 1),))
    assert stack.covers[-1].card == 10


def _rules(name: str) -> RuleSet:
    """The rule set of ``name`` (multiplayer at five seats)."""
    return get_rules(name, (), 5 if name == "multiplayer" else None)


def _python_loop(rules: str, seed: int, cap: int) -> tuple[object, int]:
    """The playout written in Python, with the expression the docstring names."""
    g = new_game(_rules(rules), seed=seed)
    rng = random.Random(seed)
    made = 0
    while g.winners is None and made != cap:
        acts = g.legal_actions()
        g.apply(acts[int(rng.random() * len(acts))])
        made += 1
    return g.to_json(), made


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10_000), st.sampled_from([-1, 0, 1, 7, 30]))
def test_random_playout_is_the_python_loop(rules: str, seed: int, cap: int) -> None:
    g = new_game(_rules(rules), seed=seed)
    made = random_playout(g, random.Random(seed), cap)
    position, expected = _python_loop(rules, seed, cap)
    assert made == expected
    assert g.to_json() == position
    if cap < 0:
        assert g.winners is not None  # played to the end
    else:
        assert made <= cap


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 2**40), st.integers(0, 3))
def test_a_deal_from_a_generator_is_its_shuffle_and_advances_it(
    rules: str, seed: int, before: int
) -> None:
    # new_game(rng=...) shuffles with the caller's generator exactly as rng.shuffle
    # would, leaving it where rng.shuffle leaves it; new_game(seed=s) is rng=Random(s)
    rng, theirs = random.Random(seed), random.Random(seed)
    for _ in range(before):  # a stream already in use
        rng.random(), theirs.random()
    g = new_game(_rules(rules), rng=rng)
    deck = list(range(g.rules.card_count))
    theirs.shuffle(deck)
    assert g.start_deck == deck
    assert rng.random() == theirs.random()
    if before == 0:
        assert new_game(_rules(rules), seed=seed).to_json() == g.to_json()


def test_new_game_refuses_a_generator_with_a_seed_or_a_deck() -> None:
    deck = [CARD_NAMES[c] for c in range(52)]
    for extra in ({"seed": 3}, {"deck": deck}):
        with pytest.raises(ValueError, match="one of seed, deck and rng"):
            new_game("standard", rng=random.Random(3), **extra)  # type: ignore[arg-type]


@given(st.integers(0, 2**32), st.integers(1, 10**6))
def test_randbelow_is_randrange(seed: int, n: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [randbelow(ours, n) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
    assert ours.random() == theirs.random()  # the same draws were consumed


def _sorted_best(scores: list[float], k: int) -> list[int]:
    """The order the search used before: a sort of ``(score, index)``, best first."""
    n = len(scores)
    if k < n:
        pairs = sorted(((scores[i], i) for i in range(n)), reverse=True)
        return [i for _, i in pairs[:k]]
    return sorted(range(n), key=lambda i: -scores[i])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10_000), st.integers(0, 40), st.integers(1, 12))
def test_widened_is_the_sort(rules: str, seed: int, steps: int, k: int) -> None:
    g = new_game(_rules(rules), seed=seed)
    random_playout(g, random.Random(seed), steps)
    acts = g.legal_actions()
    if not acts:
        return
    scores = [move_score(g, a) for a in acts]
    assert _widened(g, acts, k) == [acts[i] for i in _sorted_best(scores, k)]


@given(
    st.sampled_from(["standard", "classic", "cuttlecards", "cutthroat", "team"]),
    st.integers(0, 8),
)
def test_rules_goal_reads_the_goal_for_the_kings(name: str, kings: int) -> None:
    rules = get_rules(name)
    table = list(rules.goals)  # the plain list of the five goals, 0 to 4 kings
    assert rules.goal(kings) == table[kings if kings < 4 else 4]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["cutthroat", "multiplayer", "team", "standard"]), st.integers(0, 10_000))
def test_evaluate_is_the_softmax_of_the_side_strengths(rules: str, seed: int) -> None:
    g = new_game(_rules(rules), seed=seed)
    random_playout(g, random.Random(seed), 12)
    if g.winners is not None:
        return
    strengths = side_strengths(g)
    if len(strengths) == 2:
        d = max(-30.0, min(30.0, (strengths[0] - strengths[1]) / TEMPERATURE))
        chances = [1 / (1 + math.exp(-d))]
        chances.append(1 - chances[0])
    else:
        weights = [math.exp((x - max(strengths)) / TEMPERATURE) for x in strengths]
        chances = [w / sum(weights) for w in weights]
    expected = [0.0] * g.n
    for side, chance in zip(sides(g), chances, strict=True):
        for seat in side:
            expected[seat] = chance
    assert evaluate(g) == pytest.approx(expected, rel=1e-12, abs=1e-15)
