"""A table keeps each seat's view until the next event: what it shares must always equal a
fresh view, for every seat and spectators, and a copy played on must not change the
original's."""

from __future__ import annotations

import random

import pytest

from cuttle.engine.rules import get_rules
from cuttle.engine.words import describe
from cuttle.table import Table


@pytest.mark.parametrize("practice", [False, True])
@pytest.mark.parametrize("rules", ["standard", "classic"])
def test_shared_views_and_sentences_match_fresh_ones(rules: str, practice: bool) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        table = Table(get_rules(rules), seed=seed, practice=practice)
        viewers: list[int | None] = [None, *range(table.n)]
        while not table.is_over and table.moves_played < 200:
            for v in viewers:  # read before the move: these become the "before" views
                assert table.shared_position(v) == table.position(v)
            original = table
            table = table.copy()
            seat = table.to_act
            table.play(seat, rng.choice(table.legal(seat)))
            # the original is untouched by its copy's move
            assert original.moves_played == table.moves_played - 1
            for v in viewers:
                assert original.shared_position(v) == original.position(v)
            before = original.game
            for v in viewers:
                assert table.shared_position(v) == table.position(v)
                told = table.sentence(-1, v)
                fresh = describe(
                    before, table.game, seat, table.history[-1].move, v,  # type: ignore[attr-defined]
                    [s.name for s in table.seats],
                )  # fmt: skip
                assert told == fresh
                assert told == table.sentences(v)[-1]
        if table.is_over:  # a server marks a flag or an abandonment after the last event
            table.game.termination = "time"
            for v in viewers:
                assert table.shared_position(v) == table.position(v)


def test_shared_view_hides_what_a_seat_may_not_see() -> None:
    table = Table(get_rules("standard"), seed=3)
    for v in (None, 0, 1):
        hands = table.shared_position(v)["hands"]
        for h, hand in enumerate(hands):
            if v != h:
                assert all(c == "??" for c in hand)
            else:
                assert "??" not in hand
