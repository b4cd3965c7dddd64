"""Ratings for games of three to five seats and team games: openskill's Plackett-Luce model.

Glicko-2 rates one player against one; a cutthroat game (3-5 seats) or a team game has
several. :func:`rate_game` rates one finished game with openskill (``PlackettLuce``, its
defaults: μ 25, σ 25/3): every seat is its own team in a free-for-all, the rule set's
teams play as teams, the winners rank first and everyone else shares second (Cuttle names
only winners), and a draw ranks everyone first. A rating is shown by its *ordinal*
μ − 3σ, scaled by 20 and offset by 1500, so a new player (ordinal 0) shows 1500 as on
the Glicko-2 ladders.

>>> new = MultiRating()
>>> after = rate_game([new, new, new], winners=(0,))
>>> after[0].mu > 25 > after[1].mu == after[2].mu
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()

MU = 25.0
"""A new player's μ (openskill's default)."""
SIGMA = 25.0 / 3.0
"""A new player's σ (openskill's default)."""
PROVISIONAL_SIGMA = 5.0
"""A multi-seat rating is provisional while σ is at least this."""


@dataclass(frozen=True, slots=True)
class MultiRating:
    """An openskill rating: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ (0 for a new player)."""
        return self.mu - 3.0 * self.sigma

    @property
    def shown(self) -> float:
        """The ordinal on a Glicko-like scale: 1500 + 20·ordinal (1500 for a new player)."""
        return 1500.0 + 20.0 * self.ordinal

    def provisional(self) -> bool:
        """Whether σ is still at least :data:`PROVISIONAL_SIGMA`."""
        return self.sigma >= PROVISIONAL_SIGMA

    def display(self) -> str:
        """The shown rating, whole, with ``?`` while provisional."""
        return f"{int(self.shown)}{'?' if self.provisional() else ''}"


def rate_game(
    ratings: Sequence[MultiRating],
    winners: Sequence[int],
    teams: Sequence[Sequence[int]] = (),
) -> list[MultiRating]:
    """Every seat's rating after one game; ``winners`` are seats (empty: a draw).

    ``teams`` groups seats (the rule set's teams; empty: every seat alone). A team ranks
    first when any of its seats won.
    """
    n = len(ratings)
    if n < 2:
        raise ValueError("a rated game needs at least two seats")
    groups = [list(t) for t in teams] if teams else [[s] for s in range(n)]
    if sorted(s for g in groups for s in g) != list(range(n)):
        raise ValueError("the teams must hold every seat once")
    won = set(winners)
    if not won <= set(range(n)):
        raise ValueError("a winner is not a seat")
    ranks = [1.0 if (not won or won & set(g)) else 2.0 for g in groups]
    model_teams = [
        [_MODEL.rating(mu=ratings[s].mu, sigma=ratings[s].sigma) for s in g] for g in groups
    ]
    rated = _MODEL.rate(model_teams, ranks=ranks)
    out: list[MultiRating] = list(ratings)
    for g, team in zip(groups, rated, strict=True):
        for s, r in zip(g, team, strict=True):
            out[s] = MultiRating(float(r.mu), float(r.sigma))
    return out
