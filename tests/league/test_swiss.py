"""Swiss pairing and standings: hand-worked rounds, Buchholz, byes, and hypothesis
invariants (every player paired or given a bye each round, nobody a second bye while
someone has none, no rematch while a round without one exists: checked against every
possible pairing, enumerated here)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle.league.swiss import Pairing, Played, SwissError, pair_round, rounds_needed, standings

FOUR = ["ann", "bob", "cy", "dee"]


def test_round_one_pairs_top_half_against_bottom_half() -> None:
    eight = [f"s{i}" for i in range(1, 9)]
    assert pair_round(eight, []) == [
        Pairing("s1", "s5"),
        Pairing("s2", "s6"),
        Pairing("s3", "s7"),
        Pairing("s4", "s8"),
    ]


def test_round_two_pairs_winners_with_winners_without_rematch() -> None:
    played = [Played("ann", "cy", "ann"), Played("bob", "dee", "dee")]
    # ann and dee on 1 point, bob and cy on 0: the groups pair inside themselves.
    pairs = pair_round(FOUR, played)
    assert {frozenset((p.first, p.second)) for p in pairs} == {
        frozenset(("ann", "dee")),
        frozenset(("bob", "cy")),
    }


def test_a_rematch_inside_a_group_makes_a_player_float() -> None:
    # Round 1: ann beat bob, cy beat dee. Round 2 would pair ann v cy and bob v dee;
    # make ann and cy have met already (an earlier round) so that cy floats down.
    played = [
        Played("ann", "cy", "cy"),
        Played("bob", "dee", "bob"),
        Played("ann", "dee", "ann"),
        Played("cy", "bob", "cy"),
    ]
    # Points: ann 1, bob 1, cy 2, dee 0. Every pair but ann-bob and cy-dee has met.
    pairs = pair_round(FOUR, played)
    assert {frozenset((p.first, p.second)) for p in pairs} == {
        frozenset(("ann", "bob")),
        frozenset(("cy", "dee")),
    }


def test_the_bye_goes_to_the_lowest_without_one() -> None:
    five = ["a", "b", "c", "d", "e"]
    first = pair_round(five, [])
    assert first[-1] == Pairing("e")  # the lowest seed on no points
    played = [Played("a", "c", "a"), Played("b", "d", "d"), Played("e", None, "e")]
    # Points: a 1, d 1, e 1, b 0, c 0. The lowest are c then b (seed breaks the tie,
    # c below b); c has had no bye: c sits out.
    second = pair_round(five, played)
    assert second[-1] == Pairing("c")
    assert all(p.second is not None for p in second[:-1])


def test_standings_rank_by_points_then_buchholz_then_seed() -> None:
    played = [
        Played("ann", "cy", "ann"),
        Played("bob", "dee", "bob"),
        Played("ann", "bob", "ann"),
        Played("cy", "dee", "dee"),
    ]
    table = standings(FOUR, played)
    # Points: ann 2, bob 1, dee 1, cy 0. Buchholz: ann = cy 0 + bob 1 = 1;
    # bob = dee 1 + ann 2 = 3; dee = bob 1 + cy 0 = 1; cy = ann 2 + dee 1 = 3.
    assert [(s.player, s.points, s.buchholz) for s in table] == [
        ("ann", 2, 1),
        ("bob", 1, 3),
        ("dee", 1, 1),
        ("cy", 0, 3),
    ]
    assert [s.place for s in table] == [1, 2, 3, 4]
    assert (table[0].wins, table[0].losses) == (2, 0)


def test_a_bye_scores_a_point_and_no_buchholz() -> None:
    played = [Played("a", "b", "a"), Played("c", None, "c")]
    table = {s.player: s for s in standings(["a", "b", "c"], played)}
    assert (table["c"].points, table["c"].byes, table["c"].buchholz) == (1, 1, 0)
    assert table["a"].buchholz == 0  # b has no points


def test_a_rematch_only_when_no_round_avoids_one() -> None:
    # Two players can only meet again; three who have all met pair the two highest.
    assert pair_round(["a", "b"], [Played("a", "b", "b")]) == [Pairing("b", "a")]
    played = [
        Played("a", "b", "a"),
        Played("c", None, "c"),
        Played("a", "c", "c"),
        Played("b", None, "b"),
        Played("b", "c", "b"),
        Played("a", None, "a"),
    ]
    # Everyone has 2 points, Buchholz 4 and a bye: by seed c is the lowest and sits
    # out again; a and b meet a second time (no pairing avoids it).
    assert pair_round(["a", "b", "c"], played) == [Pairing("a", "b"), Pairing("c")]


def test_bad_input_is_refused_with_a_reason() -> None:
    with pytest.raises(SwissError, match="listed twice"):
        pair_round(["a", "a", "b"], [])
    with pytest.raises(SwissError, match="at least two"):
        pair_round(["a"], [])
    with pytest.raises(SwissError, match="did not play"):
        Played("a", "b", "c")


def test_rounds_needed_is_the_rounded_up_logarithm() -> None:
    assert [rounds_needed(n) for n in (2, 3, 4, 5, 8, 9, 16, 17)] == [1, 2, 2, 3, 3, 4, 4, 5]


# --------------------------------------------------------------------- invariants


def matchings(pool: list[str]) -> Iterator[list[frozenset[str]]]:
    """Every way to pair all of ``pool`` (even)."""
    if not pool:
        yield []
        return
    first, rest = pool[0], pool[1:]
    for i, q in enumerate(rest):
        for tail in matchings(rest[:i] + rest[i + 1 :]):
            yield [frozenset((first, q)), *tail]


def rematch_free_round_exists(
    players: list[str], met: set[frozenset[str]], bye_allowed: set[str]
) -> bool:
    """Whether some pairing of the round (with a bye among ``bye_allowed`` when the
    number is odd) has no pair in ``met``: by enumeration."""
    byes: list[str | None] = sorted(bye_allowed) if len(players) % 2 else [None]
    for bye in byes:
        pool = [p for p in players if p != bye]
        if any(not (set(m) & met) for m in matchings(pool)):
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=8),
    rounds=st.integers(min_value=1, max_value=7),
    coin=st.randoms(use_true_random=False),
)
def test_every_round_pairs_everyone_once_and_avoids_rematches(
    n: int, rounds: int, coin: object
) -> None:
    import random

    assert isinstance(coin, random.Random)
    players = [f"p{i}" for i in range(n)]
    played: list[Played] = []
    byes: dict[str, int] = dict.fromkeys(players, 0)
    for _ in range(min(rounds, n - 1 if n % 2 == 0 else n)):
        met = {frozenset((g.first, g.second)) for g in played if g.second is not None}
        pairs = pair_round(players, played)
        seen = [p.first for p in pairs] + [p.second for p in pairs if p.second is not None]
        assert sorted(seen) == sorted(players)  # everyone exactly once
        bye_pairs = [p for p in pairs if p.second is None]
        assert len(bye_pairs) == n % 2
        if bye_pairs:
            who = bye_pairs[0].first
            if any(c == 0 for c in byes.values()):
                assert byes[who] == 0  # no second bye while someone has none
            byes[who] += 1
        if any(frozenset((p.first, p.second)) in met for p in pairs if p.second is not None):
            before = {
                p: byes[p] - (1 if bye_pairs and p == bye_pairs[0].first else 0) for p in players
            }
            allowed = {p for p in players if before[p] == 0} or set(players)
            assert not rematch_free_round_exists(players, met, allowed)
        for p in pairs:
            if p.second is None:
                played.append(Played(p.first, None, p.first))
            else:
                played.append(Played(p.first, p.second, coin.choice([p.first, p.second])))
    assert max(byes.values()) <= 1
    table = standings(players, played)
    assert sum(s.points for s in table) == len(played)  # one point a pairing
    assert sorted(s.player for s in table) == sorted(players)
