"""The common core (spec "Common core"): dealing, drawing, points, scuttles, goals and
kings in every rule set, simultaneous goals, passing, resignation, agreed draws and the
move cap."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cuttle import Game, GameOverError, new_game
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.errors import InvalidPositionError
from cuttle.engine.rules import get_rules
from helpers_positions import (
    deck_top,
    game,
    hand,
    legal,
    play,
    points,
    position,
    refuse,
    scrap,
    sum_cards,
)

# ---------------------------------------------------------------------- dealing


def names(g: Game, seat: int) -> list[str]:
    return sorted(CARD_NAMES[c] for c in g.hands[seat])


@pytest.mark.parametrize(
    ("rules", "players", "sizes"),
    [
        ("classic", None, [5, 6]),
        ("standard", None, [5, 6]),
        ("cuttlecards", None, [5, 6]),
        ("cutthroat", None, [5, 5, 5]),
        ("team", None, [5, 5, 5, 5]),
        ("multiplayer", 2, [5, 6]),
        ("multiplayer", 4, [5, 5, 5, 6]),
        ("multiplayer", 5, [5, 5, 5, 5, 6]),
    ],
)
def test_deal_one_card_at_a_time_from_the_top(
    rules: str, players: int | None, sizes: list[int]
) -> None:
    """The deal goes round from seat 0, the dealer's extra card last; the rest is the
    deck, its top the next card of the given order."""
    rs = get_rules(rules, (), players)
    order = [CARD_NAMES[c] for c in reversed(range(rs.card_count))]  # any fixed order
    g = new_game(rules, players=players, deck=order)
    n = len(sizes)
    expected: list[list[str]] = [[] for _ in range(n)]
    i = 0
    for rnd in range(max(sizes)):
        for s in range(n):
            if rnd < sizes[s]:
                expected[s].append(order[i])
                i += 1
    for s in range(n):
        assert names(g, s) == sorted(expected[s])
    assert len(g.deck) == rs.card_count - sum(sizes)
    assert deck_top(g) == [order[i]]
    assert g.turn == g.to_act == 0 and g.phase == "main"


def test_jokers_only_where_the_table_has_them() -> None:
    for rules, jokers in [("classic", 0), ("standard", 0), ("cutthroat", 2), ("team", 2)]:
        g = new_game(rules, seed=1)
        everything = sum(len(h) for h in g.hands) + len(g.deck)
        assert everything == 52 + jokers


# ---------------------------------------------------------------------- basic moves


def test_draw_takes_the_top_card_and_passes_the_turn() -> None:
    g = game(hands=[["7H"], ["5D"]], deck=["9H", "2C"])
    play(g, "draw")
    assert hand(g, 0) == {"7H", "9H"}
    assert deck_top(g) == ["2C"]
    assert g.turn == g.to_act == 1


def test_points_score_their_value_on_the_players_field() -> None:
    g = game(hands=[["AH", "TC"], ["5D"]])
    play(g, "points TC")
    assert points(g, 0) == {"TC"} and g.score(0) == 10
    play(g, "points 5D", "points AH")
    assert g.score(0) == 11 and g.score(1) == 5


@pytest.mark.parametrize("royal", ["JH", "QH", "KH", "8H"])
def test_royals_and_glasses_never_score(royal: str) -> None:
    g = game(hands=[[royal], ["5D"]], fields=[{}, {"points": ["3C"]}])
    if royal == "JH":
        play(g, "jack JH 3C")
        assert g.score(0) == 3  # the stolen three scores, the jack does not
    elif royal == "8H":
        play(g, "glasses 8H")
        assert g.score(0) == 0
    else:
        play(g, f"royal {royal}")
        assert g.score(0) == 0
    if royal != "8H":
        assert f"points {royal}" not in legal(game(hands=[[royal], ["5D"]]))


# ---------------------------------------------------------------------- scuttles


def scuttle_game(**kw: Any) -> Game:
    return game(
        hands=[["9S", "7S", "7C", "4D", "KH"], ["AD"]],
        fields=[{"points": ["3C"]}, {"points": ["7H"], "faces": ["QS"]}],
        **kw,
    )


def test_scuttle_with_a_higher_card_scraps_both() -> None:
    g = scuttle_game()
    play(g, "scuttle 9S 7H")
    assert points(g, 1) == set()
    assert {"9S", "7H"} <= scrap(g)
    assert "9S" not in hand(g, 0)
    assert g.turn == 1


def test_scuttle_equal_rank_needs_a_higher_suit() -> None:
    g = scuttle_game()
    assert "scuttle 7S 7H" in legal(g)  # spades over hearts
    refuse(g, "scuttle 7C 7H", "cannot scuttle", "higher suit")
    refuse(g, "scuttle 4D 7H", "cannot scuttle")


def test_cannot_scuttle_own_card_or_with_a_royal() -> None:
    g = scuttle_game()
    refuse(g, "scuttle 9S 3C", "opponent's point card")
    refuse(g, "scuttle KH 7H", "cannot scuttle")


def test_queens_do_not_stop_scuttles() -> None:
    """p1's queen on the table: the scuttle is still legal (it is not an effect)."""
    for rules in ("classic", "standard", "cuttlecards"):
        g = game(
            rules,
            hands=[["9S"], ["AD"]],
            fields=[{}, {"points": ["7H"], "faces": ["QS", "QH"]}],
        )
        assert "scuttle 9S 7H" in legal(g)


def test_scuttling_a_jacked_card_scraps_its_jacks() -> None:
    """p1 stole p0's 5H with two jacks; p0 scuttles it: 5H, both jacks and the 6C go to
    the scrap."""
    stack = {
        "card": "5H",
        "owner": 0,
        "jacks": [{"card": "JC", "to": 1}, {"card": "JD", "to": 0}, {"card": "JS", "to": 1}],
    }
    g = game(hands=[["6C"], ["AD"]], fields=[{}, {"points": [stack]}])
    play(g, "scuttle 6C 5H")
    assert scrap(g) >= {"5H", "JC", "JD", "JS", "6C"}
    assert points(g, 0) == points(g, 1) == set()


def test_scuttles_hit_any_opponent_but_not_a_partner() -> None:
    g = game(
        "cutthroat",
        hands=[["9S"], ["AD"], ["AC"]],
        fields=[{}, {"points": ["7H"]}, {"points": ["8H"]}],
    )
    assert {"scuttle 9S 7H", "scuttle 9S 8H"} <= legal(g)
    t = game(
        "team",
        hands=[["9S"], ["AD"], ["AC"], ["AH"]],
        fields=[{}, {"points": ["7H"]}, {"points": ["8H"]}, {}],
    )
    assert "scuttle 9S 7H" in legal(t)
    refuse(t, "scuttle 9S 8H", "opponent's point card")


# ---------------------------------------------------------------------- goals and kings

GOALS = {
    ("classic", None): (21, 14, 10, 7, 5),
    ("standard", None): (21, 14, 10, 5, 0),
    ("cuttlecards", None): (21, 14, 10, 5, 0),
    ("cutthroat", None): (14, 9, 5, 0, 0),
    ("team", None): (21, 14, 10, 5, 0),
    ("multiplayer", 2): (21, 14, 10, 7, 5),
    ("multiplayer", 3): (21, 14, 10, 7, 5),
}
KINGS = ["KC", "KD", "KH", "KS"]


def seats_for(rules: str, players: int | None) -> int:
    return players or {"cutthroat": 3, "team": 4}.get(rules, 2)


def empty_hands(n: int, first: list[str]) -> list[list[str]]:
    spare = ["AS", "2S", "3S", "4S", "5S"]
    return [first] + [[spare[i]] for i in range(n - 1)]


@pytest.mark.parametrize(("rules", "players"), list(GOALS))
@pytest.mark.parametrize("kings", range(5))
def test_goal_with_kings(rules: str, players: int | None, kings: int) -> None:
    """The goal table: reaching the goal exactly wins, one short does not."""
    goal = GOALS[(rules, players)][kings]
    n = seats_for(rules, players)
    faces = KINGS[:kings]
    if goal == 0:
        # A table already at goal 0 is a finished game: a position claiming it is still
        # being played is refused (the win itself is tested below, king by king).
        with pytest.raises(InvalidPositionError, match="goal of 0"):
            game(rules, hands=empty_hands(n, ["AH"]), fields=[{"faces": faces}])
        return
    on_field = sum_cards(goal - 1, avoid=["AH", "AS", "2S", "3S", "4S", "5S"])
    g = game(rules, hands=empty_hands(n, ["AH"]), fields=[{"points": on_field, "faces": faces}])
    assert g.goal(0) == goal and g.kings(0) == kings
    assert g.score(0) == goal - 1 and not g.is_over
    play(g, "points AH")
    assert g.outcome is not None
    assert set(g.outcome.winners) >= {0}
    assert g.outcome.termination == "points"
    short = sum_cards(goal - 2, avoid=["AH", "AS", "2S", "3S", "4S", "5S"]) if goal > 2 else []
    g2 = game(rules, hands=empty_hands(n, ["AH"]), fields=[{"points": short, "faces": faces}])
    play(g2, "points AH")
    assert not g2.is_over


@pytest.mark.parametrize(
    ("rules", "kings_before"), [("standard", 3), ("cuttlecards", 3), ("cutthroat", 2), ("team", 3)]
)
def test_goal_zero_wins_at_once_by_kings(rules: str, kings_before: int) -> None:
    """Four kings (three in cutthroat) make the goal 0: the king that gets there wins at
    once, with termination 'kings', even with no points."""
    n = seats_for(rules, None)
    g = game(rules, hands=empty_hands(n, ["KS"]), fields=[{"faces": KINGS[:kings_before]}])
    assert not g.is_over
    play(g, "royal KS")
    assert g.outcome is not None
    assert g.outcome.termination == "kings"
    assert 0 in g.outcome.winners


def test_classic_four_kings_still_need_five_points() -> None:
    g = game("classic", hands=[["KS"], ["AD"]], fields=[{"faces": KINGS[:3], "points": ["4C"]}])
    play(g, "royal KS")
    assert not g.is_over and g.goal(0) == 5
    play(g, "points AD")
    g2 = game("classic", hands=[["KS"], ["AD"]], fields=[{"faces": KINGS[:3], "points": ["5C"]}])
    play(g2, "royal KS")
    assert g2.outcome is not None and g2.outcome.winners == (0,)
    assert g2.outcome.termination == "points"


def test_a_king_that_lowers_the_goal_below_the_score_wins() -> None:
    g = game("classic", hands=[["KH"], ["AD"]], fields=[{"points": ["TC", "4C"]}])
    play(g, "royal KH")
    assert g.outcome is not None and g.outcome.winners == (0,)


def test_team_goals_are_per_player_and_either_partner_wins() -> None:
    """p0's two kings lower only p0's goal; p0 feeds p2 a card with a jack and p2's own
    goal (14 with one king) is reached: team p0+p2 wins."""
    g = game(
        "team",
        hands=[["JC"], ["AD"], ["AC"], ["AH"]],
        fields=[
            {"faces": ["KC", "KD"]},
            {"points": ["2H"]},
            {"points": ["TC", "2C"], "faces": ["KH"]},
            {},
        ],
    )
    assert g.goal(0) == 10 and g.goal(2) == 14 and g.goal(1) == 21
    assert "jack JC 2H p2" in legal(g) and "jack JC 2H p0" in legal(g)
    play(g, "jack JC 2H p2")
    assert g.outcome is not None
    assert g.outcome.winners == (0, 2)
    assert g.outcome.result() == "p0 p2"


# ---------------------------------------------------------------------- simultaneous goals


def six_table(mover: int, holder: int, stolen_from: tuple[int, int]) -> Game:
    """Cutthroat (goal 14): ``holder`` controls a six of each seat in ``stolen_from`` with
    a jack (12 points); those seats have 8 points of their own, so when ``mover`` plays a
    six both get 6 back and reach 14 at once."""
    pts: list[list[object]] = [[], [], []]
    for v, six, eight, jack in zip(
        stolen_from, ("6C", "6D"), ("8C", "8D"), ("JC", "JD"), strict=True
    ):
        pts[v].append(eight)
        pts[holder].append({"card": six, "owner": v, "jacks": [{"card": jack, "to": holder}]})
    hands = [["AS"], ["AH"], ["AD"]]
    hands[mover] = ["6S"]
    return game("cutthroat", hands=hands, fields=[{"points": p} for p in pts], turn=mover)


def resolve_all(g: Game) -> None:
    while not g.is_over and g.phase == "counter":
        g.play("resolve")


@pytest.mark.parametrize(
    ("mover", "holder", "stolen_from", "winner"),
    [
        (0, 2, (0, 1), 0),  # the mover is among them: the mover wins
        (1, 0, (1, 2), 1),
        (1, 1, (2, 0), 2),  # otherwise the first after the mover in seat order (not p0)
        (2, 2, (0, 1), 0),
        (0, 0, (1, 2), 1),
    ],
)
def test_simultaneous_goals_spec_ruling_10(
    mover: int, holder: int, stolen_from: tuple[int, int], winner: int
) -> None:
    g = six_table(mover, holder, stolen_from)
    assert not g.is_over and all(g.score(v) < 14 for v in range(3))
    play(g, "oneoff 6S")
    resolve_all(g)
    for v in stolen_from:
        assert g.score(v) == 14
    assert g.outcome is not None
    assert g.outcome.winners == (winner,)


# ---------------------------------------------------------------------- passing


def test_two_seats_three_passes_draw() -> None:
    g = game(hands=[["KH"], ["QD"]], rest="scrap")
    assert "pass" in legal(g) and "draw" not in legal(g)
    play(g, "pass", "pass")
    assert not g.is_over and g.passes == 2
    play(g, "pass")
    assert g.outcome is not None and g.outcome.draw
    assert g.outcome.termination == "passes" and g.outcome.result() == "draw"


def test_a_move_other_than_pass_breaks_the_run() -> None:
    g = game(hands=[["KH", "5C"], ["QD"]], rest="scrap")
    play(g, "pass", "pass", "points 5C")
    assert g.passes == 0
    play(g, "pass", "pass")
    assert not g.is_over
    play(g, "pass")
    assert g.is_over


def test_draw_with_cards_in_the_deck_never_passes() -> None:
    g = game(hands=[["KH"], ["QD"]])
    assert "pass" not in legal(g)
    refuse(g, "pass", "only pass when the deck is empty")


@pytest.mark.parametrize(("rules", "players", "limit"), [
    ("cutthroat", None, 3), ("team", None, 4), ("multiplayer", 3, 3), ("multiplayer", 5, 5)
])  # fmt: skip
def test_more_seats_a_full_round_of_passes_draws(
    rules: str, players: int | None, limit: int
) -> None:
    n = seats_for(rules, players)
    if rules == "multiplayer":
        g = multiplayer_without_cards(n)  # spec ruling 13: deck and scrap both empty
    else:
        g = game(rules, hands=[["KH"]] + [["Q" + "CDS"[i]] for i in range(n - 1)], rest="scrap")
    for i in range(limit - 1):
        play(g, "pass")
        assert not g.is_over, f"over after {i + 1} passes"
    play(g, "pass")
    assert g.outcome is not None and g.outcome.termination == "passes"
    assert g.outcome.winners == ()


def multiplayer_without_cards(n: int) -> Game:
    """Multiplayer with deck and scrap empty: one ace in each hand, the other point cards
    on p0's field (under a goal nobody reaches), royals on p1's, eights as p0's glasses,
    jacks in p0's hand."""
    rs = replace(get_rules("multiplayer", (), n), goals=(999, 999, 999, 999, 999))
    every = [CARD_NAMES[c] for c in range(52)]
    hands = [[every[i]] for i in range(n)]
    rest = every[n:]
    fields: list[dict[str, list[str]]] = [{} for _ in range(n)]
    fields[0] = {
        "points": [c for c in rest if c[0] in "A2345679T"],
        "glasses": [c for c in rest if c[0] == "8"],
    }
    fields[1] = {"faces": [c for c in rest if c[0] in "QK"]}
    hands[0] += [c for c in rest if c[0] == "J"]
    return Game.from_json(
        position("multiplayer", hands=hands, fields=fields, rest="none", house=rs), rs
    )


def test_multiplayer_reshuffles_the_scrap_instead_of_passing() -> None:
    g = game("multiplayer", hands=[["KH"], ["QD"]], rest="scrap")
    n_scrap = len(g.scrap)
    assert "draw" in legal(g) and "pass" not in legal(g)
    play(g, "draw")
    assert len(g.hands[0]) == 2
    assert len(g.scrap) == 0 and len(g.deck) == n_scrap - 1


def test_hand_limit_discard_does_not_break_a_run_of_passes() -> None:
    """cuttlecards: p0 passes holding 9 cards, discards down to 8 at the end of the turn;
    the run of passes goes on and the third pass draws."""
    nine = ["KC", "KD", "QC", "QD", "JC", "JD", "8C", "8D", "9C"]
    g = game("cuttlecards", hands=[nine, ["QS"]], rest="scrap")
    play(g, "pass")
    assert g.phase == "hand-limit" and g.to_act == 0 and g.passes == 1
    play(g, "discard 9C")
    assert g.passes == 1 and g.turn == 1
    play(g, "pass")
    assert not g.is_over
    play(g, "pass")
    assert g.outcome is not None and g.outcome.termination == "passes"


# ---------------------------------------------------------------------- resignation, draws


@pytest.mark.parametrize(
    ("rules", "players", "resigner", "winners"),
    [
        ("standard", None, 1, (0,)),
        ("classic", None, 0, (1,)),
        ("cutthroat", None, 0, (1, 2)),
        ("team", None, 1, (0, 2)),
        ("team", None, 2, (1, 3)),
        ("multiplayer", 4, 2, (0, 1, 3)),
    ],
)
def test_resignation(
    rules: str, players: int | None, resigner: int, winners: tuple[int, ...]
) -> None:
    g = new_game(rules, players=players, seed=3)
    g.resign(resigner)  # any seat, not only the one to act
    assert g.outcome is not None
    assert g.outcome.winners == winners
    assert g.outcome.termination == "resign"
    with pytest.raises(GameOverError):
        g.play("draw")
    assert g.legal_moves() == []


def test_resigning_mid_chain_keeps_every_card() -> None:
    g = game(hands=[["AC", "2H"], ["2C", "2D"]], fields=[{"points": ["5C"]}, {"points": ["6C"]}])
    play(g, "oneoff AC", "counter 2C")
    g.resign(0)
    pos = g.to_json()
    restored = Game.from_json(pos)
    assert restored.outcome == g.outcome
    assert pos["pending"]["card"] == "AC" and pos["pending"]["counters"] == ["2C"]


def test_agreed_draw() -> None:
    g = new_game("classic", seed=2)
    play(g, "draw")
    g.agree_draw()
    assert g.outcome is not None
    assert g.outcome.winners == () and g.outcome.termination == "agreed"
    assert g.outcome.result() == "draw"
    with pytest.raises(GameOverError):
        g.agree_draw()


def test_move_cap_draws() -> None:
    """Spec ruling 11: the default cap is 1,000 moves; every move counts."""
    assert get_rules("standard").move_cap == 1000
    rs = replace(get_rules("standard"), move_cap=3)
    g = Game.from_json(position(hands=[["KH"], ["QD"]]), rs)
    play(g, "draw", "draw")
    assert not g.is_over
    play(g, "draw")
    assert g.outcome is not None
    assert g.outcome.termination == "move-cap" and g.outcome.winners == ()


def test_move_cap_or_agreement_mid_chain_keeps_the_pending_cards() -> None:
    rs = replace(get_rules("standard"), move_cap=2)
    pos = position(hands=[["AC"], ["2C"]], fields=[{"points": ["5C"]}, {"points": ["6C"]}])
    g = Game.from_json(pos, rs)
    play(g, "oneoff AC", "counter 2C")
    assert g.outcome is not None and g.outcome.termination == "move-cap"
    assert g.to_json()["pending"] == {"card": "AC", "by": 0, "target": None, "counters": ["2C"]}
    assert points(g, 1) == {"6C"}  # the ace never resolved
    g = game(hands=[["AC"], ["2C"]], fields=[{"points": ["5C"]}, {"points": ["6C"]}])
    play(g, "oneoff AC")
    g.agree_draw()
    assert g.to_json()["pending"]["card"] == "AC"
