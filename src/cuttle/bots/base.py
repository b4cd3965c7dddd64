"""What every bot shares: the :class:`SeatView` it decides from, the :class:`Bot`
protocol and a seeded base class.

A bot sees exactly what its seat may see: a :class:`SeatView` holding the rule set
object, the seat's view of the position (hidden cards ``"??"``), that seat's legal
moves and the public history as typed events. It never receives a
:class:`~cuttle.engine.game.Game`, so it cannot read hidden cards; and it never looks a
rule set up by name, so house rules reach it whole.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..engine.game import Game
from ..engine.history import Event, events_of
from ..engine.rules import RuleSet

View = dict[str, Any]
"""A seat's view of a position: the JSON object of notation.md with ``"??"`` for hidden
cards and ``"seat"`` naming the viewer."""


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know when it decides.

    ``seat`` is the viewer (``None``: a spectator), ``rules`` the rule set object the
    game is played by, ``position`` the seat's view (``game.view(seat)``), ``legal`` the
    seat's legal move texts (empty when it has no decision) and ``history`` the public
    history.
    """

    seat: int | None
    rules: RuleSet
    position: View
    legal: tuple[str, ...] = ()
    history: tuple[Event, ...] = ()

    @classmethod
    def of(cls, game: Game, seat: int | None, history: tuple[Event, ...] | None = None) -> SeatView:
        """``seat``'s view of ``game`` (history: the game's own, without shown cards)."""
        legal = tuple(game.legal_moves()) if seat is not None and seat == game.to_act else ()
        return cls(
            seat,
            game.rules,
            game.view(seat),
            legal,
            events_of(game) if history is None else history,
        )

    @property
    def acting(self) -> int:
        """The seat this view decides for: the viewer, or the seat to act for a
        spectator's view."""
        return self.seat if self.seat is not None else int(self.position["to_act"])

    def history_lines(self) -> list[str]:
        """The public history as record move lines (``"p0: draw"``)."""
        return [e.line() for e in self.history]


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
