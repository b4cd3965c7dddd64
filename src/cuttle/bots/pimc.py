"""``pimc``: perfect-information Monte Carlo over determinizations.

Each round deals one world consistent with the view and, for every legal root move,
applies the move in a copy of that world, plays a heuristic rollout
(:func:`~cuttle.bots.policy.rollout_move`) to a depth cutoff, settles the turn and
scores it with :func:`~cuttle.bots.evaluate.evaluate`. The move with the best average
over all rounds wins. Every move is judged on the same worlds (common random numbers),
which makes the comparison fairer than independent samples.
"""

from __future__ import annotations

import random
import time

from ..engine.game import MAIN
from ..engine.moves import Move, move_text, parse_move
from .base import SeatView, SeededBot, forced
from .evaluate import evaluate, passive_settle, settle
from .policy import rollout_move
from .world import WorldSampler


def pimc_scores(
    view: SeatView,
    legal: list[Move],
    rng: random.Random,
    *,
    worlds: int | None = None,
    seconds: float | None = None,
    depth: int = 8,
    eps: float = 0.2,
) -> tuple[list[tuple[Move, float]], int]:
    """Average evaluation of each root move over sampled worlds; returns the moves
    (best first) and the number of rollouts made."""
    sampler = WorldSampler(view, rng)
    seat = sampler.seat
    if worlds is None and seconds is None:
        worlds = 40
    deadline = time.perf_counter() + seconds if seconds is not None else None
    totals = dict.fromkeys(legal, 0.0)
    rounds = 0
    while True:
        if worlds is not None and rounds >= worlds:
            break
        if deadline is not None and rounds and time.perf_counter() >= deadline:
            break
        rounds += 1
        w = sampler.sample()
        for m in legal:
            g = w.copy()
            g.apply(m)
            settle(g)
            d = 0
            while g.winners is None and d < depth:
                g.apply(rollout_move(g, g.legal_actions(), rng, eps))
                d += 1
            if g.winners is None and g.phase != MAIN:
                passive_settle(g)
            totals[m] += evaluate(g)[seat]
    out = [(m, totals[m] / rounds) for m in legal]
    out.sort(key=lambda x: (-x[1], move_text(x[0])))
    return out, rounds * len(legal)


class PIMCBot(SeededBot):
    """Flat Monte Carlo over determinized worlds with heuristic rollouts."""

    name = "pimc"

    def __init__(
        self, seed: int | None = None, worlds: int | None = 40, seconds: float | None = None
    ) -> None:
        """Budget: ``worlds`` rounds per decision, or ``seconds`` of wall clock."""
        super().__init__(seed)
        self.worlds = worlds
        self.seconds = seconds

    def analyse(self, view: SeatView) -> list[tuple[str, float]]:
        """Each legal move with its average evaluation, best first."""
        moves = sorted(parse_move(t) for t in view.legal)
        scores, _ = pimc_scores(view, moves, self.rng, worlds=self.worlds, seconds=self.seconds)
        return [(move_text(m), v) for m, v in scores]

    def choose(self, view: SeatView) -> str:
        """Return the move with the best average (forced moves at once)."""
        only = forced(view)
        if only is not None:
            return only
        return self.analyse(view)[0][0]
