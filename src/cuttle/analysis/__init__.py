"""Game review: every ply of a finished game judged fairly, from what its mover knew.

The public API (the site builds on it; its shape is kept stable)::

    from cuttle.analysis import Budget, analyse_record

    review = analyse_record(record_text, seed=0)                # 3000 iterations a ply
    review = analyse_record(text, budget=Budget(seconds=1.0))   # deeper, not reproducible
    review = analyse_record(text, progress=lambda done, total: ...)
    review.plies[0].mark        # None, "inaccuracy", "mistake" or "blunder"
    review.accuracy             # per seat, 0..100 (None: the seat had no choice to judge)
    review.series               # seat 0's win chance at the start and after every ply
    data = review.to_json()     # JSON-ready dict; GameReview.from_json(data) reads it

:func:`analyse_table` reviews a :class:`~cuttle.table.Table`'s game. A ply's
:class:`PlyReview` holds the ply number (1-based), seat, move text, the mover's chance
``before`` (the best move's) and ``after`` (the played move's), the ``best`` move and
its ``best_chance``, the ``loss`` in points of win chance, the ``mark`` (losses of 5,
10 and 15 points: inaccuracy, mistake, blunder), ``forced`` (one legal move: never
marked) and ``judged`` (counted in the accuracy: not forced, not a resignation or an
agreed draw). The JSON object::

    {"version": 1, "players": ["ann", "bob"], "seed": 0, "budget": "3000it",
     "accuracy": [91.2, 78.4], "marks": [{"blunder": 0, "mistake": 1, "inaccuracy": 2}, ...],
     "series": [0.5, 0.52, ...],
     "plies": [{"ply": 1, "seat": 0, "move": "points 7H", "before": 0.52, "after": 0.52,
                "best": "points 7H", "best_chance": 0.52, "loss": 0.0, "mark": null,
                "forced": false, "judged": true}, ...]}

How the chances are estimated, and why the verdicts are fair to each player:
:mod:`cuttle.analysis.judge` and docs/analysis.md.
"""

from __future__ import annotations

from .judge import (
    DEFAULT_ITERATIONS,
    Budget,
    Progress,
    analyse_events,
    analyse_record,
    analyse_table,
    estimate,
    judge_ply,
)
from .review import (
    MARKS,
    GameReview,
    PlyReview,
    mark_for,
    mark_label,
    mark_symbol,
    move_accuracy,
    sparkline,
)

__all__ = [
    "DEFAULT_ITERATIONS", "MARKS", "Budget", "GameReview", "PlyReview", "Progress",
    "analyse_events", "analyse_record", "analyse_table", "estimate", "judge_ply", "mark_for",
    "mark_label", "mark_symbol", "move_accuracy", "sparkline",
]  # fmt: skip
