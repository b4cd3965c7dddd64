"""A Python bot as a plug-in: no edit to the cuttle package needed.

Run it by import path from this folder (the current folder is searched)::

    cd examples
    cuttle arena --bots plugin_bot:PointsFirst,greedy --games 20
    cuttle play --opponent plugin_bot:PointsFirst

or declare it in your package's ``pyproject.toml`` and call it by name::

    [project.entry-points."cuttle.bots"]
    points-first = "plugin_bot:PointsFirst"

Like our bots, the class takes the seed as its one argument and chooses a move from its
seat's view alone (``view.legal``, ``view.position``: hidden cards are ``"??"``).
"""

from __future__ import annotations

from cuttle.bots import SeatView, SeededBot

RANKS = "A23456789TJQK"


def rank(card: str) -> int:
    """``"7H"`` -> 7, ``"TD"`` -> 10, ``"KS"`` -> 13; jokers count 0."""
    return RANKS.find(card[0]) + 1


class PointsFirst(SeededBot):
    """Plays its biggest point card; else a king; else draws; else any move at random.

    >>> from cuttle import new_game
    >>> game = new_game("standard", seed=1)
    >>> PointsFirst(seed=1).choose(SeatView.of(game, 0))
    'points TD'
    """

    name = "points-first"

    def choose(self, view: SeatView) -> str:
        """The move, from ``view`` alone."""
        points = [m for m in view.legal if m.startswith("points ")]
        if points:
            return max(points, key=lambda m: rank(m.split()[1]))
        kings = [m for m in view.legal if m.startswith("royal K")]
        if kings:
            return kings[0]
        if "draw" in view.legal:
            return "draw"
        return self.rng.choice(view.legal)
