"""``skip-chosen`` (house rules, seed 004): a chosen player skips their next turn."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..moves import Move
from ..narration import Narration
from ..table import Pending
from .chosen import ChosenSeatEffect


class SkipChosen(ChosenSeatEffect):
    """``oneoff 5H p2``: p2 loses its next turn (the position's ``skips``)."""

    key = "skip-chosen"
    description = N_("a chosen player skips their next turn")
    needs_cards = False
    verb_phrase = "skips the next turn of"

    def intent(self, w: Narration, p: Pending) -> str:
        """``that skips Bob's next turn``."""
        return w.say(N_("that skips {turn}"), turn=w.turn(p.victim))

    def resolve(self, g: Core, p: Pending) -> bool:
        """Owe the named seat one skipped turn."""
        g.add_skip(p.victim)
        return False

    def score(self, g: Core, s: int, move: Move) -> float:
        """A turn of an opponent (worth more the closer it is to its goal)."""
        v = move.seat
        if v in g.rules.team_of(s):
            return -3.0
        return 2.0 + max(0.0, 3.0 - 0.3 * (g.goal(v) - g.score(v)))


SKIP_CHOSEN: Final = SkipChosen()
