"""The ``greedy`` bot: the best move one ply ahead by the hand-tuned evaluation.

For each legal move it samples a few worlds consistent with its view, applies the move,
plays out the rest of the turn (an opponent's counter, a four's discard, a seven's
choice) with the one-ply choice of whoever must decide, and averages
:func:`~cuttle.bots.evaluate.evaluate` for its side. The ``easy`` level is this bot with
noise: some moves are random.
"""

from __future__ import annotations

import math

from ..engine.game import Game
from ..engine.moves import move_text, parse_move
from .base import SeatView, SeededBot
from .evaluate import TEMPERATURE, evaluate, seat_parts, settle, sides
from .world import WorldSampler

MATERIAL = 0.75
"""Weight of the hand (and queens, glasses) in greedy's own evaluation, against the race
(1.0: :func:`~cuttle.bots.evaluate.evaluate` itself)."""


def tempo_evaluate(g: Game, material: float = MATERIAL) -> list[float]:
    """:func:`~cuttle.bots.evaluate.evaluate` with the material term weighted by
    ``material``: below 1, a card on the table counts for more than one in hand."""
    if material == 1.0 or g.winners is not None:
        return evaluate(g)
    strengths = []
    for side in sides(g):
        best = -1e9
        mat = 0.0
        for v in side:
            race, m = seat_parts(g, v)
            best = max(best, race)
            mat += m
        strengths.append(best + material * mat)
    top = max(strengths)
    ex = [math.exp(max(-30.0, (x - top) / TEMPERATURE)) for x in strengths]
    tot = sum(ex)
    out = [0.0] * g.n
    for side, e in zip(sides(g), ex, strict=True):
        for v in side:
            out[v] = e / tot
    return out


class GreedyBot(SeededBot):
    """One-ply search with a hand-tuned evaluation, averaged over sampled worlds."""

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 6,
        noise: float = 0.0,
        material: float = MATERIAL,
    ) -> None:
        """``worlds``: determinizations per decision; ``noise``: chance of a random move;
        ``material``: weight of cards in hand against the race (see :data:`MATERIAL`)."""
        super().__init__(seed)
        self.worlds = worlds
        self.noise = noise
        self.material = material

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
                total += tempo_evaluate(g, self.material)[seat]
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
