"""The ranked queue: waiting players paired by rating, the band widening as they wait.

A player waiting ``t`` seconds accepts an opponent within ``band(t) = start + growth·t``
rating points (capped at ``widest``). Two waiting players under the same rule set are
paired when the gap between their ratings is within **both** of their bands. Pairing is
greedy: the longest-waiting player first, with the closest acceptable opponent (ties by
who waited longer).

>>> q = [Waiting("ann", 1500, 0.0), Waiting("bob", 1800, 0.0), Waiting("cat", 1550, 5.0)]
>>> pairs(q, now=5.0)
[('ann', 'cat')]
>>> pairs(q, now=60.0)[0]
('ann', 'cat')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Band:
    """The rating band: ``start`` points at once, ``growth`` more a second, at most ``widest``."""

    start: float = 100.0
    growth: float = 10.0
    widest: float = 1000.0

    def width(self, waited: float) -> float:
        """The band after waiting ``waited`` seconds."""
        return min(self.start + self.growth * max(waited, 0.0), self.widest)


DEFAULT_BAND = Band()
"""100 points at once, 10 more a second, at most 1000."""


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player in the queue: name, rating, and when they joined (seconds)."""

    player: str
    rating: float
    since: float


def pairs(
    waiting: Sequence[Waiting], now: float, band: Band = DEFAULT_BAND
) -> list[tuple[str, str]]:
    """The pairs to start now, each ``(longer waiter, opponent)``; the rest keep waiting."""
    pool = sorted(waiting, key=lambda w: (w.since, w.player))
    taken: set[str] = set()
    out: list[tuple[str, str]] = []
    for a in pool:
        if a.player in taken:
            continue
        best: Waiting | None = None
        for b in pool:
            if b.player == a.player or b.player in taken:
                continue
            gap = abs(a.rating - b.rating)
            if gap > band.width(now - a.since) or gap > band.width(now - b.since):
                continue
            if best is None or gap < abs(a.rating - best.rating):
                best = b
        if best is not None:
            taken.update((a.player, best.player))
            out.append((a.player, best.player))
    return out
