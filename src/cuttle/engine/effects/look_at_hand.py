"""``look-at-hand`` (house rules, seed 004): look at a chosen player's hand."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..moves import Move
from ..narration import Narration
from ..table import Pending
from .chosen import ChosenSeatEffect, look


class LookAtHand(ChosenSeatEffect):
    """``oneoff 5H p2``: the player sees p2's hand. Each card stays known to that
    player (its view shows it) for as long as it stays in p2's hand."""

    key = "look-at-hand"
    description = N_("look at a chosen player's hand")
    verb_phrase = "looks at the hand of"

    def intent(self, w: Narration, p: Pending) -> str:
        """``that looks at Bob's hand``."""
        return w.say(N_("that looks at {hand}"), hand=w.hand(p.victim))

    def resolve(self, g: Core, p: Pending) -> bool:
        """The player learns the victim's cards."""
        look(g, p.by, p.victim)
        return False

    def score(self, g: Core, s: int, move: Move) -> float:
        """Knowing a hand is worth a little: more with more hidden cards."""
        v = move.seat
        hidden = sum(1 for c in g.hands[v] if not g.known.get(c, 0) >> s & 1)
        return 0.3 * hidden if v not in g.rules.team_of(s) else 0.1 * hidden


LOOK_AT_HAND: Final = LookAtHand()
