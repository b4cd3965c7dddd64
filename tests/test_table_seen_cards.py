"""The table finds the cards named in a view with set operations (a server does it for
every seat after every event); what it finds must be what the engine's reference walks
find: :func:`~cuttle.engine.words.seen_cards` for a seat's view and
:func:`~cuttle.engine.history.cards_in` for the public cards, on every rule set, every
seat, open and closed hands, and the full position."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings

from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.history import cards_in
from cuttle.engine.observer import Observer
from cuttle.engine.rules import get_rules
from cuttle.engine.words import seen_cards
from cuttle.table import Seat, Table
from cuttle.table.table import _public_in, _seen_in
from strategies import ALL_CONFIGS, Config, configs, seeds


def _positions(config: Config, seed: int) -> list[dict[str, Any]]:
    """Every seat's view (hands closed and open), the spectator's and the full position
    after every move of one random game."""
    rng = random.Random(seed)
    game = config.new(seed)
    out: list[dict[str, Any]] = []
    while True:
        for seat in [None, *range(game.n)]:
            for open_hands in (False, True):
                out.append(Observer(game.rules, seat, open_hands=open_hands).json(game))
        out.append(game.to_json())
        if game.is_over or len(game.history) > 60:
            return out
        game.play(rng.choice(game.legal_moves()))


@settings(max_examples=25, deadline=None)
@given(configs, seeds)
def test_the_cards_a_table_finds_are_the_engines(config: Config, seed: int) -> None:
    for position in _positions(config, seed):
        assert _seen_in(position) == seen_cards(position)
        assert _public_in(position) == cards_in(position)


def test_every_configuration_once() -> None:
    for k, config in enumerate(ALL_CONFIGS):
        for position in _positions(config, k):
            assert _seen_in(position) == seen_cards(position)
            assert _public_in(position) == cards_in(position)


def test_odd_values_are_walked_as_the_engine_walks_them() -> None:
    # Mixed lists, nested lists, skipped keys, numbers and nulls: the slow paths.
    view: dict[str, Any] = {
        "rules": "7H",  # skipped by seen_cards
        "phase": "AS",
        "hands": [["7H", {"card": "8C", "owner": 0}, ["9D", "??"]], ["??"], []],
        "fields": [{"points": [{"card": "TH", "jacks": [{"card": "JD", "to": 1}]}]}],
        "scrap": ["2S", 3, None, True, 1.5],
        "deck": ["??", "QS"],
        "pending": {"card": "4C", "kind": "5H", "by": 0},
        "revealed": [],
        "extra": {"deep": [[["KD"]]]},
    }
    assert _seen_in(view) == seen_cards(view)
    assert _public_in(view) == cards_in(view)
    assert "5H" not in _public_in(view)  # under "kind": left out of the public cards
    names = {"7H", "8C", "9D", "TH", "JD", "2S", "QS", "4C", "5H", "KD"}
    assert _seen_in(view) == frozenset(c for c, name in enumerate(CARD_NAMES) if name in names)


def test_a_tables_sentences_name_the_same_cards_as_before() -> None:
    # The newest event is told from the kept views; the replay tells it from scratch
    # with the engine's own walks: both must read the same.
    rng = random.Random(5)
    for seed in range(8):
        table = Table(get_rules("standard"), [Seat("Ann"), Seat("Bob")], seed=seed)
        while not table.is_over:
            seat = table.to_act
            table.play(seat, rng.choice(table.legal(seat)))
            for viewer in (None, 0, 1):
                assert table.sentence(-1, viewer) == table.sentences(viewer)[-1]
