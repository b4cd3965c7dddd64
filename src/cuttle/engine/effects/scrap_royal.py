"""``scrap-royal`` (the two as a one-off): scrap one royal, glasses or top cover."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..narration import Narration
from ..reasons import say
from ..table import Pending
from .common import ScrapTargetEffect


class ScrapRoyal(ScrapTargetEffect):
    """Scrap a king, queen, glasses, top jack or top joker (spec ruling 3). With
    ``two_targets_own`` off, only another seat's card (spec ruling 16)."""

    key = "scrap-royal"
    description = N_("scrap a target royal or glasses")

    def targets(self, g: Core, s: int) -> list[tuple[int, int]]:
        """Royals, glasses and top covers not shielded from ``s``."""
        own = g.rules.two_targets_own
        found: list[tuple[int, int]] = []
        for v in range(g.n):
            if v == s and not own:
                continue
            for t in g.royal_targets(v):
                if not g.protected(v, t, s):
                    found.append((v, t))
        return found

    def target_problem(self, g: Core, s: int, t: int, owner: int | None, place: str) -> str | None:
        """A point card, or one's own card where the set forbids it."""
        if place == "point":
            return say(N_("A two scraps a royal, glasses or jack, not a point card"))
        if owner == s and not g.rules.two_targets_own:
            return say(
                N_("A two may only target another player's card in {rules}"), rules=g.rules.name
            )
        return None

    def intent(self, w: Narration, p: Pending) -> str:
        """``to scrap Bob's Q♠``."""
        return w.say(N_("to scrap {target}"), target=w.target(p))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``the 2♣ scraps Bob's Q♠``; a cover's card goes back to its holder."""
        return w.target_scrapped(p)


SCRAP_ROYAL: Final = ScrapRoyal()
