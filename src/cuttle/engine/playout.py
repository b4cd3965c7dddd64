"""Random playouts: a game played on by uniformly random legal moves.

A random playout is the innermost loop of Monte Carlo methods and of engine tests (the
perft of a game with hidden cards is a sample of them). Here it runs inside the engine,
compiled with it, so that a caller in plain Python pays one call for a whole game rather
than two per move::

    g = new_game(get_rules("standard"), seed=7)
    moves = random_playout(g, random.Random(7))   # g is now over

Each move is ``acts[int(rng.random() * len(acts))]`` of :meth:`Core.legal_actions`: one
draw from ``rng`` per move, the same choice a loop written in Python with that
expression makes, so a playout is reproducible from the seed on either engine path.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .core import Core


def random_playout(g: Core, rng: random.Random, max_moves: int = -1) -> int:
    """Apply uniformly random legal moves to ``g`` (in place) until the game is over or
    ``max_moves`` moves were made (negative: no limit); return how many were made."""
    draw: Callable[[], float] = rng.random
    made = 0
    while g.winners is None and made != max_moves:
        acts = g.legal_actions()
        g.apply(acts[int(draw() * len(acts))])
        made += 1
    return made
