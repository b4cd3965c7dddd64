"""Implicit minimax values in the ISMCTS search (``SearchParams.minimax``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuttle import new_game
from cuttle.bots import SeatView, make_bot
from cuttle.bots.ismcts import ISMCTSBot, SearchParams
from cuttle.bots.search import Node, fold_minimax
from cuttle.engine.game import Game


def _view(game: Game) -> SeatView:
    return SeatView.of(game, game.to_act, ())


def test_minimax_values_fold_by_hand() -> None:
    """Two iterations through a three-node path, the values worked out by hand."""
    side = [0, 1]
    root, mine, theirs, leaf = Node(-1), Node(0), Node(1), Node(0)
    # iteration 1: below `mine` seat 1 chose among children worth 0.7 to seat 1; below
    # `theirs` seat 0 chose among children with no value yet; the leaf's reward 0.6/0.4
    fold_minimax([root, mine, theirs, leaf], [-1.0, 0.7, -1.0], [0, 1, 0], [0.6, 0.4], side)
    assert (
        mine.minimax == pytest.approx(0.3) and mine.minimax_n == 1
    )  # 1 - 0.7: the other side chose
    assert (
        theirs.minimax == pytest.approx(0.4) and theirs.minimax_n == 1
    )  # no value below: its reward
    assert leaf.minimax == pytest.approx(0.6) and leaf.minimax_n == 1
    assert root.minimax_n == 0  # the root has no mover
    # iteration 2: children worth 0.9 to seat 1 below `mine`, 0.8 to seat 0 below `theirs`
    other = Node(0)
    fold_minimax([root, mine, theirs, other], [-1.0, 0.9, 0.8], [0, 1, 0], [0.2, 0.8], side)
    assert abs(mine.minimax - (0.3 + 0.1) / 2) < 1e-12 and mine.minimax_n == 2
    assert abs(theirs.minimax - (0.4 + 0.2) / 2) < 1e-12 and theirs.minimax_n == 2
    assert other.minimax == pytest.approx(0.2)
    # iteration 3: `theirs` is passed through again, its children still without values,
    # and it already has one: it keeps it (the leaf's reward is not its best reply)
    fold_minimax([mine, theirs, Node(0)], [0.5, -1.0], [1, 0], [1.0, 0.0], side)
    assert theirs.minimax_n == 2 and abs(theirs.minimax - 0.3) < 1e-12
    assert abs(mine.minimax - (0.3 + 0.1 + 0.5) / 3) < 1e-12


value = st.floats(min_value=0.0, max_value=1.0)
Iteration = tuple[int, list[float], list[int], float]


@given(
    st.lists(
        st.tuples(
            st.integers(1, 6),  # the path's length
            st.lists(st.one_of(st.just(-1.0), value), min_size=6, max_size=6),  # best
            st.lists(st.integers(0, 1), min_size=6, max_size=6),  # who chose
            value,  # seat 0's reward
        ),
        min_size=1,
        max_size=20,
    )
)
def test_minimax_values_stay_chances(iterations: list[Iteration]) -> None:
    """Whatever the iterations, every value stays in [0, 1] and counts no more
    iterations than passed through its node."""
    nodes = [Node(k % 2) for k in range(6)]
    passes = [0] * len(nodes)
    for length, best, chooser, r0 in iterations:
        for k in range(length):
            passes[k] += 1
        fold_minimax(nodes[:length], best[: length - 1], chooser, [r0, 1.0 - r0], [0, 1])
    for k, nd in enumerate(nodes):
        assert 0.0 <= nd.minimax <= 1.0
        assert nd.minimax_n <= passes[k]


def test_minimax_changes_the_search_with_two_sides_only() -> None:
    """On `standard` the weight changes the estimates; on `cutthroat` (three sides) it is
    off, and the search is move for move the plain one."""
    for rules, differs in (("standard", True), ("team", True), ("cutthroat", False)):
        game = new_game(rules, seed=11)
        view = _view(game)
        plain = ISMCTSBot(5, SearchParams(iterations=400)).analyse(view)
        blended = ISMCTSBot(5, SearchParams(iterations=400, minimax=0.3)).analyse(view)
        assert (plain != blended) == differs, rules
        assert sorted(m for m, _, _ in blended) == sorted(view.legal)
        assert all(0.0 <= q <= 1.0 for _, q, _ in blended)


def test_only_the_expert_level_blends_minimax() -> None:
    """The top level searches with the weight; the lower search levels and plain
    `ismcts` specs keep mean rewards (their ratings were measured so)."""
    assert make_bot("expert", workers=1).params.minimax == 0.3  # type: ignore[attr-defined]
    assert make_bot("expert:50ms", workers=1).params.minimax == 0.3  # type: ignore[attr-defined]
    for spec in ("hard", "level6", "ismcts:5000it", "ismcts:0.5s"):
        assert make_bot(spec, workers=1).params.minimax == 0.0, spec  # type: ignore[attr-defined]


def test_the_expert_with_minimax_finishes_games() -> None:
    """Seeded games of the top level, its budget cut short, to the end on two-sided
    rules."""
    from cuttle.arena.match import play_game
    from cuttle.engine.rules import get_rules
    from cuttle.table import Table

    for rules in ("standard", "team"):
        table = Table(get_rules(rules), seed=4)
        seats = get_rules(rules).players
        bots = [
            make_bot("expert:60it" if s % 2 == 0 else "greedy", seed=s, workers=1)
            for s in range(seats)
        ]
        play_game(table, bots)
        assert table.game.winners is not None
