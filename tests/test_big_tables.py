"""Multiplayer from 2 to 8 seats, and cards set aside before the deal (seed 004: "If
playing with 4-8 players, remove an ACE and a SIX after each shuffle").

The ruling (docs/rules.md, ruling 27): from 6 seats multiplayer sets aside the first ace
and the first six from the top of the shuffled deck, face up, for the whole game; a
house file may set aside other ranks or cards at any seat count with ``remove``.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle import Game, InvalidPositionError, InvalidRulesError, get_rules, house_rules, new_game
from cuttle.engine.cards import CARD_NAMES, RANK_OF, card
from cuttle.engine.position import deal_from_view
from cuttle.engine.records import read_record, write_record
from cuttle.engine.rules import removal_entry, set_aside
from strategies import Config, check_cards, play_random
from test_properties import check_illegal, check_record, check_sample, play_checked

ORDER = [CARD_NAMES[c] for c in reversed(range(52))]
"""A fixed deck order, top first: KS KH KD KC QS ... AC (sixes before aces)."""


def test_multiplayer_seats_two_to_eight() -> None:
    rs = get_rules("multiplayer")
    assert (rs.min_players, rs.max_players) == (2, 8)
    for n in (1, 9):
        with pytest.raises(InvalidRulesError, match="2 to 8 players"):
            get_rules("multiplayer", players=n)


@pytest.mark.parametrize("n", range(2, 9))
def test_deal_for_each_seat_count(n: int) -> None:
    """Five each, the dealer six; from six seats the first ace and six from the top are
    set aside before the deal and the rest is dealt in order."""
    g = new_game("multiplayer", players=n, deck=ORDER)
    removed = ["6S", "AS"] if n >= 6 else []
    assert [CARD_NAMES[c] for c in sorted(g.removed)] == sorted(removed, key=card)
    rest = [x for x in ORDER if x not in removed]
    sizes = [5] * (n - 1) + [6]
    expected: list[list[str]] = [[] for _ in range(n)]
    i = 0
    for rnd in range(6):
        for s in range(n):
            if rnd < sizes[s]:
                expected[s].append(rest[i])
                i += 1
    assert [sorted(CARD_NAMES[c] for c in h) for h in g.hands] == [sorted(e) for e in expected]
    assert len(g.deck) == 52 - len(removed) - sum(sizes)
    assert CARD_NAMES[g.deck[-1]] == rest[i]
    check_cards(g)
    assert g.rules.pass_limit == max(n, 3)


def test_removed_cards_are_the_first_of_their_rank_from_the_top() -> None:
    deck = [card(x) for x in ["7C", "6D", "AH", "6S", "AC"]]
    assert set_aside(deck, ("A", "6")) == [card("AH"), card("6D")]
    # a card entry is taken first, so a rank entry never takes it
    assert set_aside(deck, ("A", "AH")) == [card("AH"), card("AC")]
    assert [removal_entry(x) for x in ("a", "1", "10", "Joker", "as", "10h")] == [
        "A", "A", "T", "X", "AS", "TH",
    ]  # fmt: skip
    with pytest.raises(InvalidRulesError, match="neither a rank"):
        removal_entry("ZZ")


def test_removed_cards_are_public_and_out_of_play() -> None:
    g = new_game("multiplayer", players=7, seed=11)
    assert len(g.removed) == 2
    assert sorted(RANK_OF[c] for c in g.removed) == [0, 5]
    names = [CARD_NAMES[c] for c in g.removed]
    for seat in (*range(7), None):
        assert g.view(seat)["removed"] == names
    everywhere = [c for h in g.hands for c in h] + g.deck
    assert not set(g.removed) & set(everywhere)
    # they never come back, not even when the scrap is reshuffled into a new deck
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        assert [CARD_NAMES[c] for c in g.removed] == names
        check_cards(g)


def test_record_keeps_the_whole_deck_and_replays_the_removal() -> None:
    g = play_random(new_game("multiplayer", players=8, seed=5), random.Random(5), 60)
    text = write_record(g)
    deck_line = next(line for line in text.splitlines() if line.startswith("[Deck"))
    assert len(deck_line.split('"')[1].split()) == 52
    back = read_record(text)
    assert back.to_json() == g.to_json()
    assert back.removed == g.removed


def test_positions_must_hold_the_removed_cards() -> None:
    g = new_game("multiplayer", players=6, seed=3)
    j = g.to_json()
    assert Game.from_json(json.loads(json.dumps(j))).to_json() == j
    no_removed = dict(j)
    del no_removed["removed"]
    with pytest.raises(InvalidPositionError, match="'removed' must hold"):
        Game.from_json(no_removed)
    # a king in place of the six: the count is right, the rank is not
    swapped = json.loads(json.dumps(j))
    six = next(x for x in swapped["removed"] if x[0] == "6")
    king = swapped["deck"].pop()
    swapped["deck"].append(six)
    swapped["removed"] = [king if x == six else x for x in swapped["removed"]]
    if king[0] != "6":
        with pytest.raises(InvalidPositionError, match="'removed' must hold"):
            Game.from_json(swapped)
    # five seats set nothing aside, so a 'removed' list is refused
    five = new_game("multiplayer", players=5, seed=3).to_json()
    five["removed"] = [five["deck"].pop()]
    with pytest.raises(InvalidPositionError, match="sets aside \\(nothing\\)"):
        Game.from_json(five)


def test_house_remove_key_any_seat_count() -> None:
    rs = house_rules({"base": "multiplayer", "players": 3, "remove": ["A", "6", "ks", "10"]})
    assert rs.remove == ("A", "6", "KS", "T")
    g = new_game(rs, seed=4)
    assert card("KS") in g.removed and len(g.removed) == 4
    check_cards(g)
    off = house_rules({"base": "multiplayer", "players": 8, "remove": []})
    assert off.remove == () and not new_game(off, seed=1).removed
    classic = house_rules({"base": "classic", "remove": ["2"]})
    assert len(new_game(classic, seed=1).removed) == 1


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"remove": "A"}, "'remove' must be a list"),
        ({"remove": ["A", "Z"]}, "'remove': 'Z' is neither a rank"),
        ({"remove": ["AS", "as"]}, "'remove' names a card twice"),
        ({"remove": ["A", "A", "A", "A", "AS"]}, "'remove' takes 5 cards of rank A"),
        ({"remove": ["X1"]}, "'remove': X1 is not in a deck with 0 joker(s)"),
        ({"players": 8, "remove": ["K"] * 4 + ["Q"] * 4 + ["J"] * 4}, "not enough cards"),
    ],
)
def test_bad_remove_keys(spec: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        house_rules({"base": "multiplayer", **spec})
    assert words in str(info.value)


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    remove=st.sampled_from([None, [], ["A", "6"], ["2", "QH"], ["K", "K", "7"]]),
)
def test_every_seat_count_keeps_every_invariant(
    n: int, seed: int, remove: list[str] | None
) -> None:
    """Over 2 to 8 seats, with the default removal or another: every card accounted for,
    every legal move applies, illegal moves are refused with nothing changed, positions
    and records round-trip, views hide what they must, samples agree with views."""
    spec: dict[str, object] = {"base": "multiplayer", "players": n, "move_cap": 250}
    if remove is not None:
        spec["remove"] = remove
        spec["name"] = "house-remove"  # the preset's name would rebuild the preset
    config = Config(f"multiplayer-{n}", house=json.dumps(spec))
    play_checked(config, seed, illegal=3, json_every=5, samples=False)
    g = play_random(config.new(seed), random.Random(seed), seed % 80)
    check_record(g)
    rng = random.Random(seed)
    if not g.is_over:
        check_illegal(g, g.legal_actions(), ["points " + CARD_NAMES[c] for c in g.removed])
        check_sample(g, rng.randrange(n), rng)
        sample = deal_from_view(g.view(g.to_act), rng, g.rules)
        assert sample.removed == g.removed
