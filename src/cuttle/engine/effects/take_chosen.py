"""``take-chosen`` (house rules, seed 004): take a card of your choice from a chosen
player's hand."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..moves import TAKE, Move
from ..narration import Narration
from ..table import Pending
from .pick import PickEffect


class TakeChosen(PickEffect):
    """``oneoff 5H p2``; then the player, having looked at p2's hand, takes one card:
    ``take 7C`` (phase ``pick``). The move names the card, so it is taken openly: every
    seat knows where it went (a record's move lines are public)."""

    key = "take-chosen"
    description = N_("look at a chosen player's hand and take a card of your choice")
    verb = TAKE
    verb_phrase = "takes a card from the hand of"

    def intent(self, w: Narration, p: Pending) -> str:
        """``that takes a card from Bob's hand``."""
        return w.say(N_("that takes a card from {hand}"), hand=w.hand(p.victim))

    def carry_out(self, g: Core, s: int, victim: int, c: int) -> None:
        """Move the card, shown to every seat, to the player's hand (a freeze on it ends)."""
        g.hands[victim].remove(c)
        if g.frozen and c in g.frozen:
            g.unfreeze(c)
        g.to_hand(s, c, True)

    def score(self, g: Core, s: int, move: Move) -> float:
        """A card lost by an opponent and gained: about two draws."""
        return -1.0 if move.seat in g.rules.team_of(s) else 5.0


TAKE_CHOSEN: Final = TakeChosen()
