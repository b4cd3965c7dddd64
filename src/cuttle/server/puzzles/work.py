"""The puzzle service's database work, in plain blocking functions (run off the loop).

:func:`next_puzzle` picks a puzzle for a solver: one they have not tried, of the theme
and rule set asked for, whose rating is nearest theirs (one of the eight nearest, at
random, so that two solvers of one rating do not all get the same). :func:`attempt`
judges a move, rates the first attempt (Glicko-2, :mod:`cuttle.puzzles.rating`) and
keeps the streak. What a solver is shown is the solver's seat view only: never the
puzzle's record, which holds the hidden cards.
"""

from __future__ import annotations

import random
import time
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from ...engine.errors import InvalidMoveError
from ...engine.moves import Move
from ...engine.words import describe_history
from ...i18n import N_
from ...league.glicko2 import Rating
from ...puzzles.model import Puzzle, by_id, starter_set
from ...puzzles.rating import new_puzzle, new_solver, next_streak, rate_attempt
from ...puzzles.themes import THEMES
from ..errors import ServiceError
from .models import PuzzleAttempt, PuzzleRating, PuzzleSolver

RECENT_MOVES = 6
"""How many of the game's last moves a puzzle shows, told from the solver's seat."""


def _solver(db: Session, user_id: int) -> PuzzleSolver:
    row = db.get(PuzzleSolver, user_id)
    if row is None:
        r = new_solver()
        row = PuzzleSolver(
            user_id=user_id, rating=r.rating, deviation=r.deviation, volatility=r.volatility,
            streak=0, best_streak=0, solved=0, failed=0,
        )  # fmt: skip
        db.add(row)
    return row


def _puzzle_rating(db: Session, p: Puzzle) -> PuzzleRating:
    row = db.get(PuzzleRating, p.id)
    if row is None:
        r = new_puzzle(p.rating)
        row = PuzzleRating(
            puzzle_id=p.id, rating=r.rating, deviation=r.deviation, volatility=r.volatility,
            plays=0, solved=0,
        )  # fmt: skip
        db.add(row)
    return row


def solver_json(row: PuzzleSolver | None) -> dict[str, Any]:
    """A solver's rating, streaks and counts (a new solver's when ``row`` is None)."""
    if row is None:
        r = new_solver()
        return {"rating": round(r.rating), "provisional": True, "streak": 0,
                "best_streak": 0, "solved": 0, "failed": 0}  # fmt: skip
    rating = Rating(row.rating, row.deviation, row.volatility)
    return {
        "rating": round(row.rating), "provisional": rating.provisional(),
        "streak": row.streak, "best_streak": row.best_streak,
        "solved": row.solved, "failed": row.failed,
    }  # fmt: skip


def _check_choice(theme: str | None, rules: str | None) -> None:
    if theme is not None and theme not in THEMES:
        raise ServiceError(N_("unknown puzzle theme {theme}"), 400, theme=theme)
    if rules is not None and rules not in {p.rules for p in starter_set()}:
        raise ServiceError(N_("no puzzles for the rule set {rules}"), 400, rules=rules)


def shown(p: Puzzle, lang: str | None) -> dict[str, Any]:
    """What the solver sees of ``p``: the seat's view, the legal moves and the last moves
    in words from the seat (in ``lang``); never the record or the solution."""
    g = p.game()
    view = p.view()
    names = [f"p{i}" for i in range(g.n)]
    told = describe_history(g, p.seat, names, lang)
    return {
        "id": p.id, "rules": p.rules, "seat": p.seat, "view": view.position,
        "legal": list(view.legal), "recent": told[-RECENT_MOVES:], "names": names,
        "scores": [g.score(v) for v in range(g.n)], "goals": [g.goal(v) for v in range(g.n)],
    }  # fmt: skip


def next_puzzle(
    sessions: sessionmaker[Session],
    user_id: int,
    theme: str | None,
    rules: str | None,
    lang: str | None,
) -> dict[str, Any]:
    """The next puzzle for ``user_id`` (of ``theme`` and ``rules`` when given) with the
    solver's standing; 404 when none is left."""
    _check_choice(theme, rules)
    with sessions() as db:
        tried = set(
            db.scalars(select(PuzzleAttempt.puzzle_id).where(PuzzleAttempt.user_id == user_id))
        )
        solver = db.get(PuzzleSolver, user_id)
        mine = solver.rating if solver is not None else new_solver().rating
        live = {r.puzzle_id: r.rating for r in db.scalars(select(PuzzleRating))}
    pool = [
        p for p in starter_set()
        if p.id not in tried and (theme is None or theme in p.themes)
        and (rules is None or p.rules == rules)
    ]  # fmt: skip
    if not pool:
        raise ServiceError(N_("no puzzle left to try with these choices"), 404)
    pool.sort(key=lambda p: (abs(live.get(p.id, p.rating) - mine), p.id))
    chosen = random.Random(f"{user_id}:{len(tried)}").choice(pool[:8])
    return {"puzzle": shown(chosen, lang), "solver": solver_json(solver)}


def attempt(
    sessions: sessionmaker[Session], user_id: int, puzzle_id: str, move: str
) -> dict[str, Any]:
    """Judge ``move`` for puzzle ``puzzle_id``: 404 unknown puzzle, 400 a move that is not
    legal there. The first attempt is rated; later ones are judged only."""
    p = by_id().get(puzzle_id)
    if p is None:
        raise ServiceError(N_("no such puzzle"), 404)
    legal = p.view().legal
    try:
        tried = Move.parse(move)
    except InvalidMoveError as exc:
        raise ServiceError(N_("unreadable move: {why}"), 400, why=str(exc)) from None
    if tried not in {Move.parse(t) for t in legal}:
        raise ServiceError(N_("{move} is not a legal move in this puzzle"), 400, move=move)
    solved = p.is_solution(move)
    with sessions() as db:
        solver = _solver(db, user_id)
        before = solver.rating
        first = db.scalars(
            select(PuzzleAttempt).where(
                PuzzleAttempt.user_id == user_id, PuzzleAttempt.puzzle_id == p.id
            )
        ).first()
        puzzle_row = _puzzle_rating(db, p)
        if first is None:
            s, q = rate_attempt(
                Rating(solver.rating, solver.deviation, solver.volatility),
                Rating(puzzle_row.rating, puzzle_row.deviation, puzzle_row.volatility),
                solved,
            )
            solver.rating, solver.deviation, solver.volatility = s.rating, s.deviation, s.volatility
            puzzle_row.rating, puzzle_row.deviation = q.rating, q.deviation
            puzzle_row.volatility = q.volatility
            puzzle_row.plays += 1
            puzzle_row.solved += int(solved)
            solver.streak = next_streak(solver.streak, solved)
            solver.best_streak = max(solver.best_streak, solver.streak)
            solver.solved += int(solved)
            solver.failed += int(not solved)
            db.add(PuzzleAttempt(
                user_id=user_id, puzzle_id=p.id, move=Move.parse(move).text(), solved=solved,
                rating_before=before, rating_after=solver.rating, at=time.time(),
            ))  # fmt: skip
        db.commit()
        return {
            "solved": solved, "rated": first is None, "solution": p.solution,
            "themes": list(p.themes), "puzzle_rating": round(puzzle_row.rating),
            "chance": round(p.chance, 3), "next_best": round(max(0.0, p.chance - p.margin), 3),
            "rating_change": round(solver.rating - before), "solver": solver_json(solver),
        }  # fmt: skip


def standing(sessions: sessionmaker[Session], user_id: int) -> dict[str, Any]:
    """The solver's rating, streaks and counts, and the themes and rule sets offered."""
    with sessions() as db:
        solver = db.get(PuzzleSolver, user_id)
        out = solver_json(solver)
    counts: dict[str, int] = {}
    for p in starter_set():
        for t in p.themes:
            counts[t] = counts.get(t, 0) + 1
    return {
        "solver": out,
        "themes": [{"theme": t, "count": counts[t]} for t in THEMES if t in counts],
        "rules": sorted({p.rules for p in starter_set()}),
    }
