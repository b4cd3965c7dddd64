"""ISMCTS with one knob changed, for screening the search's knobs in the arena.

Each name is an :class:`~cuttle.bots.ismcts.ISMCTSBot` at ``TUNE_IT`` iterations a move
(environment variable, default 2,000) with the default :class:`SearchParams` but one
knob; ``Base`` changes none. The arena loads them by their ``module:Name`` spec::

    PYTHONPATH=bench TUNE_IT=2000 .venv/bin/cuttle arena --rules standard \\
        --search-workers 1 --bots tunevar:Base,tunevar:R0 --games 300 --seed 4242 --jobs 2

(``docs/strength.md``, "The knobs again at 2,000 iterations" and "Rollouts, the
evaluation's tempo, and implicit minimax at 2,000 iterations").
"""

from __future__ import annotations

import os
from typing import Any

from cuttle.bots.ismcts import ISMCTSBot
from cuttle.bots.search import SearchParams

ITERATIONS = int(os.environ.get("TUNE_IT", "2000"))
"""Iterations a move of every variant."""


def _variant(iterations: int | None = None, **knobs: Any) -> type[ISMCTSBot]:
    """An ISMCTS bot class searching ``iterations`` a move (default ``ITERATIONS``)
    with ``knobs`` changed."""

    class Variant(ISMCTSBot):
        """ISMCTS with the knobs of its name changed."""

        def __init__(self, seed: int | None = None) -> None:
            budget = ITERATIONS if iterations is None else iterations
            super().__init__(seed, SearchParams(iterations=budget, **knobs))

    return Variant


Base = _variant()
C40 = _variant(exploration=0.40)
C15 = _variant(exploration=0.15)
R0 = _variant(rollout_depth=0)
R4 = _variant(rollout_depth=4)
W2 = _variant(widen_rate=2.0)
W05 = _variant(widen_rate=0.5)
INF0 = _variant(inference=0.0)
INF2 = _variant(inference=2.0)
UCB = _variant(root="ucb")
I400 = _variant(iterations=400)
"""The current knobs at a fixed 400 iterations: what the pure search reaches at 50 ms."""


def _guarded(worlds: int) -> type[Any]:
    """A level as the ladder builds it (the threat check in front of ISMCTS at
    ``ITERATIONS``), its check dealing ``worlds`` worlds."""
    from cuttle.bots.threats import GuardedBot

    class Guarded(GuardedBot):
        """ISMCTS behind a threat check of the worlds of its name."""

        def __init__(self, seed: int | None = None) -> None:
            inner = ISMCTSBot(seed, SearchParams(iterations=ITERATIONS))
            super().__init__(inner, None if seed is None else seed + 7919, worlds=worlds)

    return Guarded


G6 = _guarded(6)
"""The levels' check (six worlds) in front of the search."""
G48 = _guarded(48)
"""The same check dealing eight times the worlds."""
E0 = _variant(rollout_eps=0.0)
"""Rollouts that always play the heuristic's best move."""
E10 = _variant(rollout_eps=0.1)
R3E0 = _variant(rollout_depth=3, rollout_eps=0.0)
R4E0 = _variant(rollout_depth=4, rollout_eps=0.0)
MM3 = _variant(minimax=0.3)
"""Implicit minimax values at the weight the ``expert`` level uses."""
MM5 = _variant(minimax=0.5)
MM3E0 = _variant(minimax=0.3, rollout_eps=0.0)
MM3_400 = _variant(iterations=400, minimax=0.3)
"""``MM3`` at a fixed 400 iterations: with ``MM3``, what five times the iterations buy
the minimax search (``docs/strength.md``, "Implicit minimax")."""
