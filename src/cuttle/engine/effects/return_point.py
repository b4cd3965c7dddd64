"""``return-point`` (house rules, seed 004): return a point card to its owner's hand."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..cards import describe
from ..core import Core
from ..moves import Move
from ..narration import Narration
from ..reasons import Card, say
from ..table import Pending
from .common import TargetedEffect
from .scrap_point import point_targets


class ReturnPoint(TargetedEffect):
    """``oneoff 5H 7C``: 7C goes back to the hand of the seat that played it (its
    ``owner``), publicly; jacks on it go to the scrap. Queens shield as for a nine."""

    key = "return-point"
    description = N_("return a target point card to its owner's hand")
    worth_factor = 0.7

    def targets(self, g: Core, s: int) -> list[tuple[int, int]]:
        """Point cards on any field, not shielded."""
        return point_targets(g, s)

    def reaches_under(self, g: Core, place: str) -> bool:
        """A point card under jacks is named itself."""
        return place == "point"

    def target_problem(self, g: Core, s: int, t: int, owner: int | None, place: str) -> str | None:
        """Not a point card on the table."""
        if place != "point":
            return say(N_("The {card} is not a point card on the table"), card=Card(t))
        return None

    def resolve(self, g: Core, p: Pending) -> bool:
        """Lift the card (its jacks to the scrap) into its owner's hand, seen by all."""
        t = p.target
        owner = g.owner_of(t)
        _, leftovers = g.remove_target(t)
        g.scrap.extend(leftovers)
        g.to_hand(owner, t, True)
        return False

    def intent(self, w: Narration, p: Pending) -> str:
        """``that returns the Seven of Clubs to its owner``."""
        return w.say(N_("that returns {card} to its owner"), card=w.full(p.target))

    def words(self, move: Move) -> str:
        """``returns the Seven of Clubs to its owner``."""
        return f"returns the {describe(move.target)} to its owner"


RETURN_POINT: Final = ReturnPoint()
