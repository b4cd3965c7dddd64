"""The ``greedy`` bot: the best move one ply ahead by the hand-tuned evaluation.

For each legal move it samples a few worlds consistent with its view, applies the move,
plays out the rest of the turn (an opponent's counter, a four's discard, a seven's
choice) with the one-ply choice of whoever must decide, and averages
:func:`~cuttle.bots.evaluate.evaluate` for its side. The ``easy`` level is this bot with
noise: some moves are random.
"""

from __future__ import annotations

from ..engine.moves import move_text, parse_move
from .base import SeatView, SeededBot
from .evaluate import evaluate, settle
from .world import WorldSampler


class GreedyBot(SeededBot):
    """One-ply search with a hand-tuned evaluation, averaged over sampled worlds."""

    name = "greedy"

    def __init__(self, seed: int | None = None, worlds: int = 6, noise: float = 0.0) -> None:
        """``worlds``: determinizations per decision; ``noise``: chance of a random move."""
        super().__init__(seed)
        self.worlds = worlds
        self.noise = noise

    def scores(self, view: SeatView, legal: list[str] | None = None) -> list[tuple[str, float]]:
        """Each legal move (``legal``, default ``view.legal``) with its average evaluation
        for the seat to act, best first."""
        if legal is None:
            legal = sorted(view.legal)
        sampler = WorldSampler(view, self.rng)
        seat = sampler.seat
        k = 1 if sampler.hidden == 0 else self.worlds
        worlds = [sampler.sample() for _ in range(k)]
        out: list[tuple[str, float]] = []
        for text in legal:
            m = parse_move(text)
            total = 0.0
            for w in worlds:
                g = w.copy()
                g.apply(m)
                settle(g)
                total += evaluate(g)[seat]
            out.append((move_text(m), total / k))
        out.sort(key=lambda x: -x[1])
        return out

    def choose(self, view: SeatView) -> str:
        """Return the move with the best average evaluation (ties: first in sorted order)."""
        if not view.legal:
            raise ValueError("no legal moves to choose from")
        legal = sorted(view.legal)
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        return self.scores(view, legal)[0][0]
