"""What every bot shares: the :class:`Bot` protocol and a seeded base class.

A bot sees exactly what its seat may see: the seat's view (``game.view(seat)``, hidden
cards ``"??"``), that seat's legal moves as text, and the public move history. It never
receives a :class:`~cuttle.engine.game.Game`, so it cannot read hidden cards.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

View = dict[str, Any]
"""A seat's view of a position: the JSON object of notation.md with ``"??"`` for hidden
cards and ``"seat"`` naming the viewer."""


@runtime_checkable
class Bot(Protocol):
    """A player that picks one of the legal moves from what its seat can see."""

    name: str
    """A short label, e.g. ``"greedy"`` or ``"ismcts:0.5s"``."""

    def choose(self, view: View, legal: list[str], history: list[str]) -> str:
        """Return one of ``legal`` for the seat to act (``view["seat"]``).

        ``view`` is that seat's view, ``legal`` its legal move texts and ``history``
        the public move lines so far (``"p0: draw"``).
        """
        ...


class SeededBot:
    """Base class: a name and a private random generator seeded at construction."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        """Create the bot; equal seeds give equal play."""
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"
