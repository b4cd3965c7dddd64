"""What every bot shares: the :class:`SeatView` it decides from, the :class:`Bot`
protocol and a seeded base class.

:class:`SeatView` and :data:`View` belong to the engine (:mod:`cuttle.engine.observer`,
where the one observer of a seat lives); they are re-exported here for the bots and for
code that imported them from this module.

A bot sees exactly what its seat may see: a :class:`SeatView` holding the rule set
object, the seat's view of the position (hidden cards ``"??"``), that seat's legal
moves and the public history as typed events. It never receives a
:class:`~cuttle.engine.game.Game`, so it cannot read hidden cards; and it never looks a
rule set up by name, so house rules reach it whole.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..engine.observer import SeatView, View


@runtime_checkable
class Bot(Protocol):
    """A player that picks one of the legal moves from what its seat can see."""

    name: str
    """A short label, e.g. ``"greedy"`` or ``"ismcts:0.5s"``."""

    def choose(self, view: SeatView) -> str:
        """Return one of ``view.legal`` for the seat ``view.seat``, which is to act."""
        ...


def forced(view: SeatView) -> str | None:
    """The only legal move when there is one; raise ``ValueError`` when there is none."""
    if not view.legal:
        raise ValueError("no legal moves to choose from")
    return view.legal[0] if len(view.legal) == 1 else None


class SeededBot:
    """Base class: a name and a private random generator seeded at construction."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        """Create the bot; equal seeds give equal play."""
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


__all__ = ["Bot", "SeatView", "SeededBot", "View", "forced"]
