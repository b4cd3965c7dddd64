"""The puzzle set shipped with the package, the miner's soundness checks, ratings and the
``cuttle puzzle`` command."""

from __future__ import annotations

import io
import random
from pathlib import Path

from cuttle.cli.common import Streams
from cuttle.cli.main import main
from cuttle.engine.moves import Move
from cuttle.league.glicko2 import Rating
from cuttle.puzzles.mine import DEFAULT, verify
from cuttle.puzzles.model import Puzzle, starter_set
from cuttle.puzzles.rating import rate_attempt
from cuttle.puzzles.themes import THEMES, themes_of


def test_the_starter_set_has_the_promised_sizes() -> None:
    puzzles = starter_set()
    two_player = [p for p in puzzles if p.rules in ("standard", "cuttlecards")]
    assert len(two_player) >= 300
    assert {p.rules for p in two_player} == {"standard", "cuttlecards"}
    assert len([p for p in puzzles if p.rules == "cutthroat"]) >= 100
    assert len({p.id for p in puzzles}) == len(puzzles)
    # Most puzzles are more than "play the card that reaches the goal".
    assert sum("win-now" not in p.themes for p in puzzles) >= 0.6 * len(puzzles)


def test_every_puzzle_is_a_position_with_its_solution_legal_and_themes_known() -> None:
    for p in starter_set():
        g = p.game()
        assert not g.is_over and g.to_act == p.seat
        legal = {Move.parse(m) for m in g.legal_moves()}
        assert Move.parse(p.solution) in legal and len(legal) >= DEFAULT.min_moves
        assert set(p.themes) <= set(THEMES)
        assert p.id == Puzzle.make_id(p.record, p.seat)


def _seed(p: Puzzle) -> int:
    words = p.source.split()
    return int(words[words.index("seed") + 1]) * 1009 + int(words[words.index("ply") + 1])


def test_a_sample_of_the_set_is_sound_under_the_deeper_search() -> None:
    """Each sampled puzzle's solution is the one clear answer of the verification (more
    worlds than the screen, and a tree search that must agree), from the solver's view."""
    sample = random.Random(28).sample(list(starter_set()), 6)
    for p in sample:
        ok, chance, margin = verify(p.view(), p.solution, _seed(p), DEFAULT)
        assert ok, (p.id, chance, margin)


def test_a_solved_puzzle_raises_the_solver_and_lowers_the_puzzle() -> None:
    solver, puzzle = Rating(1500, 200, 0.06), Rating(1600, 80, 0.06)
    s, q = rate_attempt(solver, puzzle, True)
    assert s.rating > 1500 and q.rating < 1600
    s2, q2 = rate_attempt(solver, puzzle, False)
    assert s2.rating < 1500 and q2.rating > 1600
    # An expected miss (a much harder puzzle) costs less than a surprising one.
    hard = rate_attempt(solver, Rating(2100, 80, 0.06), False)[0]
    assert 1500 - hard.rating < 1500 - s2.rating


def test_themes_are_read_from_the_move() -> None:
    p = next(p for p in starter_set() if "scuttle" in p.themes or "jack" in p.themes)
    assert set(themes_of(p.game(), p.solution)) == set(p.themes)
    verb = Move.parse(p.solution).text().split()[0]
    assert verb in ("scuttle", "jack")


def test_the_puzzle_command_judges_and_rates(tmp_path: Path) -> None:
    p = next(p for p in starter_set() if p.rules == "standard")
    state = tmp_path / "state.json"
    out, err = io.StringIO(), io.StringIO()
    argv = ["puzzle", "--id", p.id, "--move", p.solution, "--state", str(state)]
    assert main(argv, Streams(io.StringIO(), out, err)) == 0, err.getvalue()
    assert "Solved!" in out.getvalue() and "streak 1" in out.getvalue()
    assert state.exists()
    out = io.StringIO()
    assert main(argv, Streams(io.StringIO(), out, err)) == 0
    assert "Already tried: not rated." in out.getvalue()
    bad = io.StringIO()
    code = main(["puzzle", "--id", p.id, "--move", "fly", "--state", str(state)],
                Streams(io.StringIO(), io.StringIO(), bad))  # fmt: skip
    assert code == 2 and "unreadable move" in bad.getvalue()
    code = main(["puzzle", "--id", "nope", "--state", str(state)],
                Streams(io.StringIO(), io.StringIO(), bad))  # fmt: skip
    assert code == 2 and "no puzzle with the id nope" in bad.getvalue()
