"""Who goes to the championships: a season's top 8, and the year's top 8 (seed 001).

The top 8 of a season's standings are seeded, in standings order, into the season
championship (:class:`~cuttle.league.bracket.Bracket`); places there earn
:data:`~cuttle.league.bracket.CHAMPIONSHIP_POINTS`, tied places sharing the points of the
places they span. The year's top 8 by championship points over its four seasons meet in
the World Championship: ties are broken by the best single championship, then by name.

>>> world_qualifiers([{"ann": 1, "bob": 2}, {"bob": 1, "ann": 2}, {"cat": 1}], 2)
[('ann', 35.0), ('bob', 35.0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .bracket import Bracket, championship_points
from .seasons import Standing

CHAMPIONSHIP_SIZE = 8
"""Players in a season championship and in the World Championship."""


def season_qualifiers(table: Sequence[Standing], size: int = CHAMPIONSHIP_SIZE) -> list[str]:
    """The first ``size`` players of a season's standings (fewer if fewer played)."""
    return [s.player for s in table[:size]]


def season_championship(table: Sequence[Standing], size: int = CHAMPIONSHIP_SIZE) -> Bracket:
    """The season championship's bracket, seeded from the standings."""
    return Bracket(season_qualifiers(table, size))


def world_points(season_places: Iterable[Mapping[str, int]]) -> dict[str, float]:
    """Each player's championship points summed over the seasons' final places."""
    total: dict[str, float] = {}
    for places in season_places:
        for player, pts in championship_points(places).items():
            total[player] = total.get(player, 0.0) + pts
    return total


def world_qualifiers(
    season_places: Sequence[Mapping[str, int]], size: int = CHAMPIONSHIP_SIZE
) -> list[tuple[str, float]]:
    """The year's top ``size`` by championship points: ``(player, points)``, best first.

    Ties: the best points from a single championship, then the name.
    """
    per_season = [championship_points(p) for p in season_places]
    total = world_points(season_places)

    def best(player: str) -> float:
        return max(s.get(player, 0.0) for s in per_season)

    order = sorted(total, key=lambda p: (-total[p], -best(p), p))
    return [(p, total[p]) for p in order[:size]]
