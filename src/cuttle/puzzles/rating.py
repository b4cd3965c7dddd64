"""Puzzle ratings: solvers and puzzles rated against each other with Glicko-2.

lichess's model: every rated attempt is one game between the solver and the puzzle,
won by the solver when the first move tried is the solution and by the puzzle
otherwise; both ratings move (:func:`rate_attempt`). Only a solver's first attempt at a
puzzle is rated. A streak counts puzzles solved in a row and ends at a miss
(:func:`next_streak`).
"""

from __future__ import annotations

from ..league.glicko2 import LICHESS, Params, Rating, update

PUZZLE_PARAMS = Params(
    default_rating=1500.0, default_deviation=350.0, default_volatility=0.09,
    min_deviation=45.0, max_deviation=500.0, max_volatility=0.1,
)  # fmt: skip
"""A new solver starts at 1500 with deviation 350 (more certain than a new player's 500:
many attempts are cheap); bounds as lichess."""


def new_solver() -> Rating:
    """A solver's first rating."""
    return PUZZLE_PARAMS.new_rating()


def new_puzzle(starting: float) -> Rating:
    """A puzzle's first rating: its starting guess with deviation 350."""
    return Rating(starting, PUZZLE_PARAMS.default_deviation, PUZZLE_PARAMS.default_volatility)


def rate_attempt(solver: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both ratings after one rated attempt: ``(solver, puzzle)``.

    >>> s, p = rate_attempt(Rating(1500, 100, 0.06), Rating(1500, 100, 0.06), True)
    >>> s.rating > 1500 > p.rating
    True
    """
    score = 1.0 if solved else 0.0
    new_solver_rating = update(solver, [(puzzle, score)], PUZZLE_PARAMS)
    new_puzzle_rating = update(puzzle, [(solver, 1.0 - score)], PUZZLE_PARAMS)
    return new_solver_rating, new_puzzle_rating


def next_streak(streak: int, solved: bool) -> int:
    """The streak after an attempt: one more when solved, none after a miss."""
    return streak + 1 if solved else 0


__all__ = ["LICHESS", "PUZZLE_PARAMS", "new_puzzle", "new_solver", "next_streak", "rate_attempt"]
