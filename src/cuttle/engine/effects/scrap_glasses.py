"""``scrap-glasses`` (the eight under ``eight-oneoff``): scrap one glasses eight."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..narration import Narration
from ..reasons import say
from ..table import Pending
from .common import ScrapTargetEffect


class ScrapGlasses(ScrapTargetEffect):
    """Scrap a glasses eight on any field (an opponent's queen shields it)."""

    key = "scrap-glasses"
    description = N_("scrap a target glasses eight")

    def targets(self, g: Core, s: int) -> list[tuple[int, int]]:
        """Every glasses not shielded from ``s``."""
        return [(v, t) for v in range(g.n) for t in g.glasses[v] if not g.protected(v, t, s)]

    def target_problem(self, g: Core, s: int, t: int, owner: int | None, place: str) -> str | None:
        """Anything but glasses."""
        if place != "glasses":
            return say(N_("An eight one-off scraps only glasses"))
        return None

    def intent(self, w: Narration, p: Pending) -> str:
        """``to scrap Bob's Q♠``."""
        return w.say(N_("to scrap {target}"), target=w.target(p))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``the 2♣ scraps Bob's Q♠``; a cover's card goes back to its holder."""
        return w.target_scrapped(p)


SCRAP_GLASSES: Final = ScrapGlasses()
