"""Statistics for the arena: Wilson intervals, Elo from a score, Bradley–Terry ratings.

Everything is written out here from the formulas (no SciPy).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``successes / n``.

    ``center = (p + z²/2n) / (1 + z²/n)`` and
    ``half = z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²)``. A draw counts as half a success
    (the usual chess convention). With ``n == 0`` the interval is ``(0, 1)``.
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    lo = 0.0 if successes <= 0 else max(0.0, center - half)
    hi = 1.0 if successes >= n else min(1.0, center + half)
    return lo, hi


def elo_from_score(p: float, n: int | None = None) -> float:
    """Elo difference that gives expected score ``p``: ``400 * log10(p / (1 - p))``.

    A score of 0 or 1 has no finite Elo; with ``n`` games it is clipped to
    ``[1/(2n), 1 - 1/(2n)]`` (half a game off the extreme), else to ``[1e-6, 1 - 1e-6]``.
    """
    eps = 1.0 / (2 * n) if n else 1e-6
    p = min(max(p, eps), 1.0 - eps)
    return 400.0 * math.log10(p / (1.0 - p))


def elo_interval(successes: float, n: int) -> tuple[float, float, float]:
    """Elo difference of a score and its 95% interval: the Wilson bounds mapped to Elo.

    A Wilson bound that reaches 0 or 1 has no finite Elo, so that side of the interval
    is open (``-inf`` or ``+inf``): a 20–0 sweep gives ``(+636, +287, +inf)``, i.e. "more
    than +287", never an interval of zero width. The point estimate of a perfect score
    is clipped as :func:`elo_from_score` does (half a game off the extreme).
    """
    lo, hi = wilson(successes, n)
    p = successes / n if n else 0.5
    elo_lo = -math.inf if lo <= 0.0 else elo_from_score(lo)
    elo_hi = math.inf if hi >= 1.0 else elo_from_score(hi)
    return elo_from_score(p, n), elo_lo, elo_hi


PairGame = tuple[int, int, float]
"""One game between two bots: ``(i, j, score of i)`` with 1 a win, 0.5 a draw, 0 a loss."""


def bradley_terry(
    k: int, games: Sequence[PairGame], prior: float = 0.5, iters: int = 500
) -> list[float]:
    """Fit Bradley–Terry strengths for ``k`` players; return Elo ratings (player 0 = 0).

    Uses the minorization–maximization update ``π_i = W_i / Σ_j n_ij / (π_i + π_j)``.
    ``prior`` adds that many virtual drawn games between every pair, so that a perfect
    score still has a finite rating.
    """
    wins = [0.0] * k
    n = [[0.0] * k for _ in range(k)]
    for i, j, s in games:
        wins[i] += s
        wins[j] += 1.0 - s
        n[i][j] += 1.0
        n[j][i] += 1.0
    if prior > 0:
        for i in range(k):
            for j in range(k):
                if i != j:
                    n[i][j] += prior
                    wins[i] += prior / 2
    pi = [1.0] * k
    for _ in range(iters):
        new = []
        for i in range(k):
            denom = sum(n[i][j] / (pi[i] + pi[j]) for j in range(k) if j != i and n[i][j])
            new.append(wins[i] / denom if denom > 0 else pi[i])
        # normalize: geometric mean 1
        g = math.exp(sum(math.log(max(x, 1e-300)) for x in new) / k)
        new = [max(x / g, 1e-300) for x in new]
        delta = max(abs(a - b) for a, b in zip(new, pi, strict=True))
        pi = new
        if delta < 1e-10:
            break
    base = math.log10(pi[0])
    return [400.0 * (math.log10(x) - base) for x in pi]


def bootstrap_ratings(
    k: int, games: Sequence[PairGame], samples: int = 200, seed: int = 0
) -> list[tuple[float, float]]:
    """95% bootstrap intervals of :func:`bradley_terry` ratings (games resampled).

    A resample of a sweep is a sweep again, so these intervals can have zero width;
    :func:`rating_intervals` widens them with each bot's Wilson interval. Raises
    ``ValueError`` when ``samples`` is below 1.
    """
    if samples < 1:
        raise ValueError(f"bootstrap samples must be at least 1, not {samples}")
    if not games:
        return [(0.0, 0.0)] * k
    rng = random.Random(seed)
    draws: list[list[float]] = [[] for _ in range(k)]
    m = len(games)
    for _ in range(samples):
        sample = [games[rng.randrange(m)] for _ in range(m)]
        for i, r in enumerate(bradley_terry(k, sample, iters=200)):
            draws[i].append(r)
    out = []
    for d in draws:
        d.sort()
        lo = d[int(0.025 * (len(d) - 1))]
        hi = d[math.ceil(0.975 * (len(d) - 1))]
        out.append((lo, hi))
    return out


def rating_intervals(
    k: int, games: Sequence[PairGame], samples: int = 200, seed: int = 0
) -> list[tuple[float, float]]:
    """95% intervals of the :func:`bradley_terry` ratings (player 0 = 0, so its interval
    is ``(0, 0)``).

    Each other player's interval holds its :func:`elo_interval` against player 0 (the
    Wilson interval of its direct score mapped to Elo, whose side is open, ``±inf``,
    after a sweep) and, with ``samples`` ≥ 1, the :func:`bootstrap_ratings` interval
    too (which adds what games against the others say). ``samples == 0`` means no
    bootstrap: the Wilson interval alone. A player that never met player 0 gets the
    bootstrap interval, or ``(-inf, +inf)`` without one.
    """
    if samples < 0:
        raise ValueError(f"bootstrap samples must be 0 or more, not {samples}")
    direct: list[tuple[float, float] | None] = [None] * k
    score = [0.0] * k
    count = [0] * k
    for i, j, s in games:
        if j == 0 and i != 0:
            score[i] += s
            count[i] += 1
        elif i == 0 and j != 0:
            score[j] += 1.0 - s
            count[j] += 1
    for i in range(1, k):
        if count[i]:
            _, lo, hi = elo_interval(score[i], count[i])
            direct[i] = (lo, hi)
    boot = bootstrap_ratings(k, games, samples, seed) if samples else None
    out: list[tuple[float, float]] = []
    for i in range(k):
        if i == 0:
            out.append((0.0, 0.0))
            continue
        parts = [x for x in (direct[i], boot[i] if boot else None) if x is not None]
        if not parts:
            out.append((-math.inf, math.inf))
        else:
            out.append((min(lo for lo, _ in parts), max(hi for _, hi in parts)))
    return out
