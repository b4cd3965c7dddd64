"""First-to-two matches: draws ignored, resignations and abandonments are losses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuttle.league.match import Ending, GameResult, Match


def test_two_wins_take_the_match_draws_are_ignored() -> None:
    m = Match("ann", "bob").draw().draw().win("bob").draw()
    assert m.winner is None and not m.finished
    m = m.win("ann")
    assert (m.score("ann"), m.score("bob")) == (1, 1)
    m = m.draw().win("ann")
    assert m.winner == "ann" and m.loser == "bob"
    assert len(m.games) == 7


def test_resigning_and_abandoning_lose_the_game() -> None:
    m = Match("ann", "bob").resign("ann")
    assert m.score("bob") == 1 and m.score("ann") == 0
    m = m.abandon("ann")
    assert m.winner == "bob"


def test_no_game_after_the_match_is_decided() -> None:
    m = Match("ann", "bob").win("ann").win("ann")
    with pytest.raises(ValueError, match="over"):
        m.win("bob")
    with pytest.raises(ValueError):
        m.draw()


def test_bad_games_are_refused() -> None:
    m = Match("ann", "bob")
    with pytest.raises(ValueError):
        m.win("cat")
    with pytest.raises(ValueError):
        m.record(GameResult(Ending.RESIGN))
    with pytest.raises(ValueError):
        m.record(GameResult(Ending.DRAW, "ann"))
    with pytest.raises(ValueError):
        Match("ann", "ann")


def test_seats_swap_every_game_draws_included() -> None:
    m = Match("ann", "bob")
    assert m.seats() == ("ann", "bob")
    m = m.draw()
    assert m.seats() == ("bob", "ann")
    m = m.win("bob")
    assert m.seats() == ("ann", "bob")
    assert m.seats(4) == ("bob", "ann")


games = st.lists(
    st.tuples(st.sampled_from(list(Ending)), st.sampled_from(["ann", "bob"])), max_size=30
)


@given(games)
def test_the_match_ends_exactly_when_someone_reaches_two(seq: list[tuple[Ending, str]]) -> None:
    m = Match("ann", "bob")
    wins = {"ann": 0, "bob": 0}
    for ending, player in seq:
        if max(wins.values()) == 2:
            with pytest.raises(ValueError):
                m.record(GameResult(ending, None if ending is Ending.DRAW else player))
            break
        if ending is Ending.DRAW:
            m = m.draw()
        else:
            m = m.record(GameResult(ending, player))
            gainer = player if ending is Ending.WIN else ("bob" if player == "ann" else "ann")
            wins[gainer] += 1
        assert m.score("ann") == wins["ann"] and m.score("bob") == wins["bob"]
    done = [p for p, w in wins.items() if w == 2]
    assert m.winner == (done[0] if done else None)
