"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), lichess parameters.

:func:`update` is the paper's steps 1-8 for one player and one rating period;
:func:`idle` is step 6 alone, the deviation growing over periods without games.
:data:`LICHESS` holds the parameters lichess uses (lila ``modules/rating``, ``Glicko.scala``):
τ = 0.75, a new player at 1500 with deviation 500 and volatility 0.09, deviation kept
within 45..500, volatility at most 0.1, 0.21436 rating periods a day, and a rating
*provisional* while its deviation is 110 or more.
:class:`RatingBook` keeps one rating per player and rule set and rates matches in order.

>>> p = Rating(1500, 200, 0.06)
>>> games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
>>> q = update(p, games, GLICKMAN_EXAMPLE)
>>> round(q.rating, 2), round(q.deviation, 2), round(q.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

SCALE = 173.7178
"""Glicko ↔ Glicko-2 scale factor (the paper's step 2)."""


@dataclass(frozen=True, slots=True)
class Params:
    """The system's parameters: τ, the new player's rating, and lichess's bounds."""

    tau: float = 0.75
    default_rating: float = 1500.0
    default_deviation: float = 500.0
    default_volatility: float = 0.09
    min_deviation: float = 0.0
    max_deviation: float = math.inf
    max_volatility: float = math.inf
    provisional_deviation: float = 110.0
    periods_per_day: float = 0.21436
    epsilon: float = 1e-6

    def new_rating(self) -> Rating:
        """A new player's rating."""
        return Rating(self.default_rating, self.default_deviation, self.default_volatility)


LICHESS = Params(min_deviation=45.0, max_deviation=500.0, max_volatility=0.1)
"""lichess's parameters (lila ``Glicko.scala``): τ 0.75, 1500/500/0.09, RD 45..500."""

GLICKMAN_EXAMPLE = Params(
    tau=0.5, default_rating=1500.0, default_deviation=350.0, default_volatility=0.06
)
"""The paper's worked example: τ 0.5, no bounds (new players 1500/350/0.06)."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: rating, deviation (RD) and volatility."""

    rating: float = 1500.0
    deviation: float = 500.0
    volatility: float = 0.09

    def provisional(self, params: Params = LICHESS) -> bool:
        """Whether the rating is still provisional (lichess: deviation ≥ 110)."""
        return self.deviation >= params.provisional_deviation

    def display(self, params: Params = LICHESS) -> str:
        """The whole rating, with ``?`` when provisional (lichess's ``1500?``)."""
        return f"{int(self.rating)}{'?' if self.provisional(params) else ''}"


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _new_volatility(
    sigma: float, phi: float, v: float, delta: float, tau: float, eps: float
) -> float:
    """Step 5: solve f(x) = 0 by the Illinois algorithm, return σ' = e^(x/2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > eps:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = c, fc
    return math.exp(big_a / 2.0)


def _bounded(rating: float, phi: float, sigma: float, params: Params) -> Rating:
    rd = min(max(phi * SCALE, params.min_deviation), params.max_deviation)
    return Rating(rating, rd, min(sigma, params.max_volatility))


def idle(player: Rating, periods: float = 1.0, params: Params = LICHESS) -> Rating:
    """The rating after ``periods`` rating periods without games: φ* = √(φ² + periods·σ²)."""
    if periods < 0:
        raise ValueError("periods cannot be negative")
    phi = player.deviation / SCALE
    phi_star = math.sqrt(phi * phi + periods * player.volatility**2)
    return _bounded(player.rating, phi_star, player.volatility, params)


def update(
    player: Rating,
    games: Sequence[tuple[Rating, float]],
    params: Params = LICHESS,
    periods: float = 1.0,
) -> Rating:
    """The rating after one rating period with ``games``: (opponent's rating, score) pairs.

    A score is 1 for a win, 0.5 for a draw and 0 for a loss; every opponent is taken at
    their rating before the period. ``periods`` is how many rating periods have passed
    since the player's last one (the paper: 1). With no games the deviation just grows.
    """
    if not games:
        return idle(player, periods, params)
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    v_inv = 0.0
    total = 0.0
    for opponent, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is 0, 0.5 or 1, not {score}")
        mu_j = (opponent.rating - 1500.0) / SCALE
        g = _g(opponent.deviation / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    sigma = _new_volatility(player.volatility, phi, v, delta, params.tau, params.epsilon)
    phi_star = math.sqrt(phi * phi + periods * sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return _bounded(SCALE * mu_new + 1500.0, phi_new, sigma, params)


class RatingBook:
    """Ratings by (rule set, player), updated one result at a time as lichess does.

    Each rated result is its own rating period for both players, taken at their ratings
    before it; the deviation first grows by the time since the player's previous result
    (``params.periods_per_day`` periods a day).
    """

    def __init__(self, params: Params = LICHESS) -> None:
        """An empty book with ``params``."""
        self.params = params
        self._ratings: dict[tuple[str, str], Rating] = {}
        self._last: dict[tuple[str, str], datetime] = {}

    def get(self, player: str, rules: str = "standard") -> Rating:
        """``player``'s rating under ``rules`` (a new player's if they have none)."""
        return self._ratings.get((rules, player), self.params.new_rating())

    def players(self, rules: str = "standard") -> list[str]:
        """The players rated under ``rules``, by name."""
        return sorted(p for r, p in self._ratings if r == rules)

    def rate(
        self,
        winner: str,
        loser: str,
        rules: str = "standard",
        when: datetime | None = None,
        draw: bool = False,
    ) -> None:
        """Rate one result: ``winner`` beat ``loser`` (or they drew, with ``draw``)."""
        if winner == loser:
            raise ValueError(f"{winner!r} cannot play against themself")
        a, b = (rules, winner), (rules, loser)
        ra, rb = self.get(winner, rules), self.get(loser, rules)
        sa = 0.5 if draw else 1.0
        self._ratings[a] = update(ra, [(rb, sa)], self.params, self._periods(a, when))
        self._ratings[b] = update(rb, [(ra, 1.0 - sa)], self.params, self._periods(b, when))
        if when is not None:
            self._last[a] = self._last[b] = when

    def rate_all(self, results: Iterable[tuple[str, str]], rules: str = "standard") -> None:
        """Rate ``(winner, loser)`` results in order."""
        for winner, loser in results:
            self.rate(winner, loser, rules)

    def _periods(self, key: tuple[str, str], when: datetime | None) -> float:
        last = self._last.get(key)
        if when is None or last is None:
            return 1.0
        days = max((when - last).total_seconds(), 0.0) / 86400.0
        return days * self.params.periods_per_day
