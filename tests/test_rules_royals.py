"""Jacks, queens, kings and jokers (spec "Common core", table rows queens/jacks/jokers,
rulings 3, 5, 6, 7)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cuttle import Game, new_game
from cuttle.engine.moves import JACK, ONEOFF, ROYAL
from helpers_positions import controller, faces, game, hand, jacks_on, legal, play, refuse, scrap


def resolve_all(g: Game) -> None:
    while g.phase in ("counter", "answer"):
        g.play("resolve")


def targets(g: Game, prefix: str) -> set[str]:
    """The last word of each legal move starting with ``prefix``."""
    return {m.split()[-1] for m in legal(g) if m.startswith(prefix)}


# ---------------------------------------------------------------------- queens


def shield_table(rules: str, queens: list[str], variants: tuple[str, ...] = ()) -> Game:
    """p1 has a king, glasses, a point card and ``queens``; p0 holds a two, a nine and a
    jack."""
    return game(
        rules,
        variants=variants,
        hands=[["2C", "9C", "JC"], ["5D"]],
        fields=[{}, {"faces": ["KH", *queens], "glasses": ["8S"], "points": ["7H"]}],
    )


@pytest.mark.parametrize(
    ("rules", "queens", "twos", "jacks"),
    [
        ("classic", [], {"KH", "8S"}, {"7H"}),
        # classic: queens shield the other cards, never a queen
        ("classic", ["QS"], {"QS"}, set()),
        ("classic", ["QS", "QD"], {"QS", "QD"}, set()),
        # standard family: one queen: only it; two or more: nothing
        ("standard", [], {"KH", "8S"}, {"7H"}),
        ("standard", ["QS"], {"QS"}, set()),
        ("standard", ["QS", "QD"], set(), set()),
        ("cuttlecards", ["QS"], {"QS"}, set()),
        ("cuttlecards", ["QS", "QD", "QH"], set(), set()),
        ("multiplayer", ["QS", "QD"], {"QS", "QD"}, set()),
    ],
)
def test_queen_shields(rules: str, queens: list[str], twos: set[str], jacks: set[str]) -> None:
    g = shield_table(rules, queens)
    assert targets(g, "oneoff 2C") == twos
    assert targets(g, "jack JC") == jacks
    nines = targets(g, "oneoff 9C")
    if rules in ("standard", "cuttlecards"):
        # the standard nine also reaches point cards
        assert nines == (twos | {"7H"} if not queens else twos)
    else:
        assert nines == twos
    if queens:
        refuse(g, "jack JC 7H", "You cannot use a Jack while your opponent has a Queen")
        refuse(g, "oneoff 2C KH", "protected", "queen")


def test_queens_never_stop_aces_sixes_or_scuttles() -> None:
    g = game(
        "standard",
        hands=[["AC", "6C", "TS"], ["5D"]],
        fields=[{}, {"faces": ["QS", "QD"], "points": ["7H"]}],
    )
    assert {"oneoff AC", "oneoff 6C", "scuttle TS 7H"} <= legal(g)


def test_own_queen_never_blocks_own_targets() -> None:
    g = game(
        "classic",
        hands=[["2C", "9C"], ["5D"]],
        fields=[{"faces": ["KH", "QS", "QD"], "glasses": ["8S"]}, {}],
    )
    assert targets(g, "oneoff 2C") == {"KH", "QS", "QD", "8S"}
    assert targets(g, "oneoff 9C") == {"KH", "QS", "QD", "8S"}


# ---------------------------------------------------------------------- jacks


def test_jack_steals_and_control_follows_the_top_jack() -> None:
    g = game("standard", hands=[["JC", "JH"], ["JD", "5D"]], fields=[{}, {"points": ["7H"]}])
    play(g, "jack JC 7H")
    assert controller(g, "7H") == 0 and g.score(0) == 7 and g.score(1) == 0
    assert g.to_json()["fields"][0]["points"] == [
        {"card": "7H", "owner": 1, "jacks": [{"card": "JC", "to": 0}]}
    ]
    play(g, "jack JD 7H")
    assert controller(g, "7H") == 1 and jacks_on(g, "7H") == [("JC", 0), ("JD", 1)]
    play(g, "jack JH 7H")
    assert controller(g, "7H") == 0 and g.score(0) == 7


def test_jack_needs_an_opponents_point_card() -> None:
    g = game("standard", hands=[["JC"], ["5D"]], fields=[{"points": ["7H"]}, {"faces": ["KH"]}])
    refuse(g, "jack JC 7H")
    refuse(g, "jack JC KH")
    assert not any(m.startswith("jack") for m in legal(g))


def test_cutthroat_jacks_take_from_either_opponent() -> None:
    g = game(
        "cutthroat",
        hands=[["JC"], ["5D"], ["5S"]],
        fields=[{"points": ["AC"]}, {"points": ["7H"]}, {"points": ["8H"]}],
    )
    assert targets(g, "jack JC") == {"7H", "8H"}
    play(g, "jack JC 8H")
    assert controller(g, "8H") == 0


def test_team_jacks_move_any_point_card_to_any_other_seat() -> None:
    g = game(
        "team",
        hands=[["JC"], ["5D"], ["5S"], ["5H"]],
        fields=[{"points": ["AC"]}, {"points": ["7H"]}, {}, {}],
    )
    jack_moves = {m for m in legal(g) if m.startswith("jack")}
    assert jack_moves == {
        "jack JC AC p1", "jack JC AC p2", "jack JC AC p3",
        "jack JC 7H p0", "jack JC 7H p2", "jack JC 7H p3",
    }  # fmt: skip
    play(g, "jack JC 7H p3")  # a gift to an opponent is legal, if odd
    assert controller(g, "7H") == 3 and jacks_on(g, "7H") == [("JC", 3)]


def test_team_opponents_queen_shields_partners_does_not() -> None:
    g = game(
        "team",
        hands=[["JC"], ["5D"], ["5S"], ["5H"]],
        fields=[{}, {"points": ["7H"], "faces": ["QS"]}, {"points": ["8H"], "faces": ["QD"]}, {}],
    )
    assert targets(g, "jack JC") == {"p0", "p1", "p3"}  # only 8H, to any other seat
    assert all(" 8H " in m for m in legal(g) if m.startswith("jack"))


# ---------------------------------------------------------------------- jokers


def joker_table(**kw: Any) -> Game:
    return game(
        "cutthroat",
        hands=[["X1", "2C"], ["X2", "5D"], ["5S"]],
        fields=[
            {},
            {
                "faces": ["KH"],
                "glasses": ["8S"],
                "points": [{"card": "7H", "owner": 2, "jacks": [{"card": "JC", "to": 1}]}],
            },
            {"faces": ["KD"]},
        ],
        **kw,
    )


def test_jokers_steal_kings_and_queens_only() -> None:
    g = joker_table()
    assert {m for m in legal(g) if "X1" in m} == {"royal X1 KH", "royal X1 KD"}
    refuse(g, "royal X1 8S")
    refuse(g, "royal X1 JC")
    refuse(g, "royal X1 7H")
    refuse(g, "points X1")
    play(g, "royal X1 KH")
    assert controller(g, "KH") == 0 and g.kings(0) == 1 and g.kings(1) == 0
    assert g.score(0) == 0  # a joker never scores


def test_jokers_stack_and_a_two_on_the_top_joker_returns_the_royal() -> None:
    g = joker_table()
    play(g, "royal X1 KH")
    play(g, "royal X2 KH")  # p1 steals it back
    assert controller(g, "KH") == 1 and jacks_on(g, "KH") == [("X1", 0), ("X2", 1)]
    play(g, "draw")  # p2
    assert targets(g, "oneoff 2C") >= {"X2"}
    assert "oneoff 2C X1" not in legal(g)  # only the top joker
    play(g, "oneoff 2C X2")
    resolve_all(g)
    assert controller(g, "KH") == 0 and jacks_on(g, "KH") == [("X1", 0)]
    assert "X2" in scrap(g)


def test_joker_and_queens_one_queen_only_it() -> None:
    g = game(
        "cutthroat",
        hands=[["X1"], ["5D"], ["5S"]],
        fields=[{}, {"faces": ["KH", "QS"]}, {}],
    )
    assert {m for m in legal(g) if "X1" in m} == {"royal X1 QS"}
    refuse(g, "royal X1 KH", "protected")


def test_joker_without_a_target_cannot_be_played() -> None:
    g = game("cutthroat", hands=[["X1"], ["5D"], ["5S"]])
    assert legal(g) == {"draw"}


def test_team_joker_moves_a_royal_to_any_seat() -> None:
    g = game(
        "team",
        hands=[["X1"], ["5D"], ["5S"], ["5H"]],
        fields=[{}, {"faces": ["KH"]}, {}, {}],
    )
    assert {m for m in legal(g) if "X1" in m} == {
        "royal X1 KH p0",
        "royal X1 KH p2",
        "royal X1 KH p3",
    }
    play(g, "royal X1 KH p2")
    assert controller(g, "KH") == 2 and g.kings(2) == 1
    assert g.phase == "answer"  # opponents may answer the joker with a nine


def test_nine_on_a_top_joker_returns_it_to_its_controller() -> None:
    g2 = game(
        "cutthroat",
        hands=[["5C"], ["9C"], ["5S"]],
        fields=[{"faces": [{"card": "KH", "owner": 1, "jokers": [{"card": "X1", "to": 0}]}]}],
        turn=1,
    )
    assert targets(g2, "oneoff 9C") == {"X1"}
    play(g2, "oneoff 9C X1")
    resolve_all(g2)
    assert controller(g2, "KH") == 1 and "X1" in hand(g2, 0)
    assert g2.to_json()["frozen"] == ["X1"]


def test_kings_and_queens_go_to_the_field() -> None:
    g = game("standard", hands=[["KH", "QS"], ["5D"]])
    play(g, "royal KH")
    assert faces(g, 0) == {"KH"} and g.goal(0) == 14
    play(g, "draw", "royal QS")
    assert g.queens(0) == 1


def test_a_stolen_lone_queen_is_targetable_through_its_joker() -> None:
    """Cutthroat: p1 stole p2's queen with X1; it is p1's only queen, so (standard family)
    it, reached through its top joker, may be targeted, while p1's king may not."""
    stolen = {"card": "QS", "owner": 2, "jokers": [{"card": "X1", "to": 1}]}
    g = game(
        "cutthroat",
        hands=[["2C", "9C"], ["5D"], ["5S"]],
        fields=[{}, {"faces": [stolen, "KH"]}, {}],
    )
    assert targets(g, "oneoff 2C") == {"X1"}
    assert targets(g, "oneoff 9C") == {"X1"}
    play(g, "oneoff 2C X1")
    resolve_all(g)
    assert controller(g, "QS") == 2


def _table(g: Game) -> dict[int, tuple[int, bool]]:
    """Every targetable card -> (controlling seat, whether it counts as a queen)."""
    out: dict[int, tuple[int, bool]] = {}
    for v in range(g.n):
        for c in g.glasses[v]:
            out[c] = (v, False)
        for base, _, covers in g.points[v]:
            out[covers[-1][0] if covers else base] = (v, False)
            if not covers:
                out[base] = (v, False)
        for base, _, covers in g.faces[v]:
            out[covers[-1][0] if covers else base] = (v, base // 4 == 11)
            out[base] = (v, base // 4 == 11)
    return out


@pytest.mark.parametrize(
    "rules", ["classic", "standard", "cuttlecards", "cutthroat", "team", "multiplayer"]
)
def test_random_positions_respect_queen_shields(rules: str) -> None:
    """In random play, no legal two, nine, jack or joker aims at an opponent's card its
    queens shield (classic family: every card but queens; standard family: everything
    but a lone queen)."""
    guard_queens = rules in ("standard", "cuttlecards", "cutthroat", "team")
    checked = 0
    for seed in range(25):
        g = new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            moves = g.legal_actions()
            table = _table(g)
            s = g.to_act
            for verb, _c, t, _, _ in moves:
                if t < 0 or verb not in (ONEOFF, JACK, ROYAL) or t not in table:
                    continue
                v, is_queen = table[t]
                if v not in g.opponents(s):
                    continue
                q = g.queens(v)
                if q == 0:
                    continue
                checked += 1
                if is_queen:
                    assert not (guard_queens and q >= 2), (rules, seed, t)
                else:
                    raise AssertionError(f"{rules} seed {seed}: shielded target {t}")
            g.apply(rng.choice(moves))
    assert checked > 0
