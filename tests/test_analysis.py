"""Game review (cuttle.analysis, ``cuttle analyse``, the terminal review): hand-made
games whose right verdicts follow from the position, fairness to each player, the CLI.

Every search here runs a small fixed budget (reproducible; the verdicts below are far
from the marks' thresholds, so a few hundred iterations are plenty).
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Any

import pytest

from cuttle.analysis import (
    Budget,
    GameReview,
    analyse_record,
    mark_for,
    mark_label,
    move_accuracy,
    sparkline,
)
from cuttle.analysis.judge import start_table
from cuttle.cli.common import Streams
from cuttle.cli.main import main
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.game import Game, new_game
from cuttle.engine.history import MovePlayed, apply_event
from cuttle.engine.records import read_record, write_record
from cuttle.engine.rules import get_rules
from cuttle.i18n import use
from cuttle.table import Seat, Table, make_bots, run_bots
from helpers_positions import position

SMALL = Budget(iterations=300)

WINNING_POINTS = ("points 3H", "points 4C", "points 5D")


def record(start: dict[str, Any], *moves: str) -> str:
    """The record of ``moves`` played from the position ``start``."""
    game = Game.from_json(start)
    for move in moves:
        game.play(move)
    return write_record(game)


def one_step_from_winning() -> dict[str, Any]:
    """p0 has 18 points and three point cards (any of them wins at once); p1 has 20
    points and a point card (it wins on its turn). Every two is in the scrap."""
    return position(
        hands=[["3H", "4C", "5D"], ["AS", "6S", "KH"]],
        fields=[{"points": ["TH", "8D"]}, {"points": ["TS", "TD"]}],
        scrap=["2C", "2D", "2H", "2S"],
    )


def ace_against_twenty(p0: list[str], p1: list[str]) -> dict[str, Any]:
    """p1 has 20 points and will win on its turn; p0 holds the ace that scraps every
    point card. The Two of Clubs and Two of Diamonds lie in the scrap."""
    return position(hands=[p0, p1], fields=[{}, {"points": ["TS", "TD"]}], scrap=["2C", "2D"])


# ---------------------------------------------------------------------- the verdicts


def test_a_move_that_throws_away_a_won_game_is_a_blunder() -> None:
    # p0 could win at once with any point card; it draws, and p1 wins with its ace.
    text = record(one_step_from_winning(), "draw", "points AS")
    review = analyse_record(text, budget=SMALL)
    first, second = review.plies
    assert (first.seat, first.move, first.forced) == (0, "draw", False)
    assert first.mark == "blunder"
    assert first.best in WINNING_POINTS
    assert first.before == 1.0  # a move that wins at once is a certain win
    assert first.after < 0.5  # p1 wins next turn unless it holds royals only
    assert first.loss >= 50
    assert (second.seat, second.mark, second.after) == (1, None, 1.0)
    assert review.accuracy[0] is not None and review.accuracy[0] < 15
    assert review.accuracy[1] is not None and review.accuracy[1] > 99
    assert review.marks(0) == {"blunder": 1, "mistake": 0, "inaccuracy": 0}
    assert len(review.series) == 3
    assert review.series[-1] == 0.0  # seat 0 lost


def test_a_forced_counter_chain_is_judged_and_the_only_move_is_not_marked() -> None:
    # p0's ace would save it; p1 counters with the last two it could know of, p0
    # counters back with its own (no two is left anywhere), p1 can only let it resolve.
    start = ace_against_twenty(["AH", "2H", "5D"], ["2S", "6S", "8H"])
    text = record(start, "oneoff AH", "counter 2S", "counter 2H", "resolve")
    review = analyse_record(text, budget=SMALL)
    ace, counter, counter_back, resolve = review.plies
    assert [p.seat for p in review.plies] == [0, 1, 0, 1]
    for p in (ace, counter, counter_back):
        assert not p.forced and p.judged
        assert p.mark is None, p
    assert resolve.forced and not resolve.judged
    assert resolve.mark is None and resolve.loss == 0.0
    assert review.marks() == {"blunder": 0, "mistake": 0, "inaccuracy": 0}


def test_letting_the_ace_resolve_without_the_counter_in_hand_is_a_blunder() -> None:
    # As above, but p0 does not answer p1's two with its own: p1 keeps 20 points and
    # wins with the Six of Spades.
    start = ace_against_twenty(["AH", "2H", "5D"], ["2S", "6S", "8H"])
    text = record(start, "oneoff AH", "counter 2S", "resolve", "points 6S")
    review = analyse_record(text, budget=SMALL)
    third = review.plies[2]
    assert (third.seat, third.move, third.forced) == (0, "resolve", False)
    assert third.mark == "blunder"
    assert third.best == "counter 2H"


def test_two_games_that_differ_only_in_cards_the_mover_never_saw_get_the_same_verdict() -> None:
    # p0 plays its ace in both games. In the first p1 holds no two and must let it
    # resolve; in the second p1 holds the Two of Spades, counters, and wins. p0 could
    # not see p1's hand: its move is judged alike, and not blamed for the loss.
    quiet = record(
        ace_against_twenty(["AH", "4C", "5D"], ["5S", "6S", "8H"]), "oneoff AH", "resolve"
    )
    punished = record(
        ace_against_twenty(["AH", "4C", "5D"], ["2S", "6S", "8H"]),
        "oneoff AH", "counter 2S", "resolve", "points 6S",
    )  # fmt: skip
    a = analyse_record(quiet, budget=SMALL, seed=5)
    b = analyse_record(punished, budget=SMALL, seed=5)
    assert a.plies[0] == b.plies[0]
    assert a.plies[0].mark is None
    assert a.plies[0].best == "oneoff AH"
    assert a.plies[1].forced  # p1 had no two: resolving was its only move
    assert b.plies[2].forced and b.plies[2].mark is None  # p0 had no two to answer
    assert a.accuracy[0] == b.accuracy[0]


def _views_of(text: str, seat: int) -> list[Any]:
    """``seat``'s view before each of its moves in the record ``text``."""
    start, events = start_table(text)
    views = []
    for event in events:
        if isinstance(event, MovePlayed) and event.seat == seat:
            views.append(start.view(seat))
        start.apply(event)
    return views


def _swap_unseen(seed: int) -> tuple[str, str] | None:
    """A greedy bot game and the same game with two cards swapped that p0 never saw
    before the end: one p1 held from the deal and never played or showed, and the
    bottom card of the deck (never drawn). ``None`` when the game has no such card."""
    table = Table(
        get_rules("standard"), seed=seed, seats=[Seat("a", "greedy"), Seat("b", "greedy")]
    )
    run_bots(table, make_bots(table, seed=1))
    game = read_record(table.record())
    assert game.start_deck is not None
    deck = [CARD_NAMES[c] for c in game.start_deck]
    named: set[str] = set()
    for i, event in enumerate(table.history):
        if isinstance(event, MovePlayed):
            named.update(event.move.split()[1:])
            if i < len(table.history) - 1:  # the last move shows every hand
                named.update(event.shown)
    dealt = new_game(game.rules, deck=deck).hands[1]
    kept = [CARD_NAMES[c] for c in dealt if CARD_NAMES[c] not in named]
    if len(table.history) < 8 or not kept or deck[-1] in named:
        return None
    i, j = deck.index(kept[0]), len(deck) - 1
    deck[i], deck[j] = deck[j], deck[i]
    other = new_game(game.rules, deck=deck)
    for event in table.history:
        apply_event(other, event)
    return table.record(), write_record(other, {"Players": "a b"})


def test_a_longer_game_with_other_unseen_cards_gives_the_same_verdicts_to_the_player() -> None:
    pair = next(p for p in map(_swap_unseen, range(1, 30)) if p is not None)
    first, second = pair
    assert first != second
    # what p0 saw at each of its moves is the same in both games; p1's hand differs
    assert _views_of(first, 0) == _views_of(second, 0)
    assert _views_of(first, 1) != _views_of(second, 1)
    a = analyse_record(first, budget=SMALL, seed=11)
    b = analyse_record(second, budget=SMALL, seed=11)
    mine_a = [p for p in a.plies if p.seat == 0]
    mine_b = [p for p in b.plies if p.seat == 0]
    assert len(mine_a) >= 3
    assert mine_a == mine_b
    assert a.accuracy[0] == b.accuracy[0]


def test_the_review_is_the_same_for_the_same_seed_and_reports_progress() -> None:
    text = record(one_step_from_winning(), "points 3H")
    seen: list[tuple[int, int]] = []
    one = analyse_record(text, budget=SMALL, seed=3, progress=lambda d, t: seen.append((d, t)))
    two = analyse_record(text, budget=SMALL, seed=3)
    assert one == two
    assert seen == [(1, 1)]
    assert one.plies[0].mark is None and one.plies[0].after == 1.0


def test_the_json_form_reads_back_and_keeps_its_shape() -> None:
    review = analyse_record(record(one_step_from_winning(), "draw", "points AS"), budget=SMALL)
    data = json.loads(json.dumps(review.to_json()))
    assert data["version"] == 1
    assert data["players"] == ["p0", "p1"]
    assert data["budget"] == "300it"
    assert [p["mark"] for p in data["plies"]] == ["blunder", None]
    assert set(data["plies"][0]) == {
        "ply", "seat", "move", "before", "after", "best", "best_chance", "loss", "mark",
        "forced", "judged",
    }  # fmt: skip
    assert GameReview.from_json(data).to_json() == data
    with pytest.raises(ValueError, match="version"):
        GameReview.from_json({**data, "version": 99})


def test_the_summary_speaks_the_readers_language() -> None:
    review = analyse_record(record(one_step_from_winning(), "draw", "points AS"), budget=SMALL)
    assert review.summary()[1] == "p1: accuracy 100.0, blunders 0, mistakes 0, inaccuracies 0"
    with use("de"):
        assert review.summary()[1] == "p1: Genauigkeit 100,0, Patzer 0, Fehler 0, Ungenauigkeiten 0"
        assert mark_label("blunder") == "Patzer"
    with use("uk"):
        assert mark_label("inaccuracy") == "неточність"


def test_marks_accuracy_and_sparkline_follow_their_definitions() -> None:
    assert [mark_for(x) for x in (0, 4.99, 5, 9.99, 10, 14.99, 15, 80)] == [
        None, None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]  # fmt: skip
    # 103.1668 * exp(-0.04354 * 5) - 3.1669 = 103.1668 * 0.80436 - 3.1669
    assert math.isclose(move_accuracy(5), 79.82, abs_tol=0.02)
    assert math.isclose(move_accuracy(0), 99.9999, abs_tol=1e-3)
    assert move_accuracy(100) == 0.0  # clipped: the curve goes below zero
    assert sparkline([0.0, 1 / 7, 0.5, 1.0]) == "▁▂▅█"
    # ten points sampled to four: the 1st, 4th, 7th and 10th (0, 1/3, 2/3, 1)
    assert sparkline([i / 9 for i in range(10)], width=4) == "▁▃▆█"
    with pytest.raises(ValueError, match="iterations"):
        Budget(iterations=0)


# ---------------------------------------------------------------------- the CLI


def run(*argv: str) -> tuple[int, str, str]:
    """Run ``cuttle`` in this process; return the exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), Streams(io.StringIO(), out, err))
    return code, out.getvalue(), err.getvalue()


def test_cuttle_analyse_prints_the_game_marks_and_accuracy(tmp_path: Path) -> None:
    path = tmp_path / "game.cuttle"
    path.write_text(record(one_step_from_winning(), "draw", "points AS"))
    code, out, err = run("analyse", str(path), "--iterations", "300", "--plain")
    assert code == 0, err
    assert "p0 draws a card." in out
    assert "?? blunder: the best move was points" in out
    assert "p1: accuracy 100.0, blunders 0, mistakes 0, inaccuracies 0" in out
    spark = next(line for line in out.splitlines() if line.startswith("Win chance of p0"))
    # a certain win before the blunder, little chance after it, lost at the end
    assert spark[-3] == "█" and spark[-2] in "▁▂▃" and spark[-1] == "▁"
    code, out, err = run("analyse", str(path), "--iterations", "300", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [p["mark"] for p in data["plies"]] == ["blunder", None]


def test_cuttle_analyse_refuses_bad_input_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "game.cuttle"
    path.write_text(record(one_step_from_winning(), "draw"))
    code, _out, err = run("analyse", str(path), "--time", "soon")
    assert code == 2 and "--time" in err and "soon" in err
    empty = tmp_path / "empty.cuttle"
    empty.write_text(record(one_step_from_winning()))
    code, _out, err = run("analyse", str(empty))
    assert code == 2 and "no moves" in err
    code, _out, err = run("analyse", str(tmp_path / "missing.cuttle"))
    assert code == 2 and err


# ---------------------------------------------------------------------- the terminal


async def test_the_terminal_review_jumps_to_the_marked_move() -> None:
    from cuttle.tui.review import ReviewApp

    text = record(
        ace_against_twenty(["AH", "2H", "5D"], ["2S", "6S", "8H"]),
        "oneoff AH", "counter 2S", "resolve", "points 6S",
    )  # fmt: skip
    review = analyse_record(text, budget=SMALL)
    app = ReviewApp(review, Table.from_record(text).sentences(None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        detail = str(app.query_one("#detail").render())
        assert "Ply 3" in detail and "counter 2H" in detail
        await pilot.press("up", "up")
        await pilot.pause()
        assert "Ply 1" in str(app.query_one("#detail").render())
        await pilot.press("n")
        await pilot.pause()
        assert "Ply 3" in str(app.query_one("#detail").render())
