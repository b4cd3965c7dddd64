"""``discard-chosen`` (house rules, seed 004): choose a card for a chosen player to
discard."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..moves import DISCARD, Move
from ..narration import Narration
from ..table import Pending
from .pick import PickEffect


class DiscardChosen(PickEffect):
    """``oneoff 5H p2``; then the player, having looked at p2's hand, names the card p2
    discards: ``discard 7C`` (phase ``pick``). Everyone sees it go to the scrap."""

    key = "discard-chosen"
    description = N_("look at a chosen player's hand and choose a card they discard")
    verb = DISCARD
    verb_phrase = "picks a card to discard from the hand of"

    def intent(self, w: Narration, p: Pending) -> str:
        """``that picks a card to discard from Bob's hand``."""
        return w.say(N_("that picks a card to discard from {hand}"), hand=w.hand(p.victim))

    def carry_out(self, g: Core, s: int, victim: int, c: int) -> None:
        """The victim's card goes to the scrap."""
        g.discard(victim, [c])

    def score(self, g: Core, s: int, move: Move) -> float:
        """The best card of an opponent's hand, chosen knowingly."""
        return -2.0 if move.seat in g.rules.team_of(s) else 2.5


DISCARD_CHOSEN: Final = DiscardChosen()
