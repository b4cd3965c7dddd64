"""``scrap-point`` (house rules, seed 004): destroy a point card."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..narration import Narration
from ..reasons import Card, say
from ..table import Pending
from .common import ScrapTargetEffect


def point_targets(g: Core, s: int) -> list[tuple[int, int]]:
    """Every point card on the table (a jacked one too: it is named, its jacks go with
    it, spec ruling 3), except those a queen shields from ``s``."""
    found: list[tuple[int, int]] = []
    for v in range(g.n):
        for st in g.points[v]:
            if not g.protected(v, st.card, s):
                found.append((v, st.card))
    return found


class ScrapPoint(ScrapTargetEffect):
    """``oneoff 5H 7C``: 7C goes to the scrap with its jacks. Any point card, one's own
    too; an opponent's queen shields its holder's (a single attack)."""

    key = "scrap-point"
    description = N_("scrap a target point card, with its jacks")

    def intent(self, w: Narration, p: Pending) -> str:
        """``that scraps the Seven of Clubs``."""
        return w.say(N_("that scraps {card}"), card=w.full(p.target))

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


SCRAP_POINT: Final = ScrapPoint()
