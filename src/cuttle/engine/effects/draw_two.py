"""``draw-two`` (the five in classic, standard, multiplayer): draw two cards."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import CARD_MOVES, ONEOFF, Move
from ..narration import Narration
from ..reasons import say
from ..table import Pending


class DrawTwo(Effect):
    """Draw two cards (a ``limit_blocks_draw`` limit stops the drawing)."""

    key = "draw-two"
    description = N_("draw two cards")

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """Playable while a card can be drawn (spec ruling 4)."""
        if g.deck_ok():
            out.append(CARD_MOVES[ONEOFF][c])

    def resolve(self, g: Core, p: Pending) -> bool:
        """Draw."""
        g.draw_cards(p.by, 2)
        return False

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """Nothing to draw."""
        return say(N_("The deck is empty"))

    def words(self, move: Move) -> str:
        """``draws two cards``."""
        return "draws two cards"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to draw two cards``."""
        return w.say(N_("to draw two cards"))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``Bob draws two cards`` (``you draw the 7♦ and 9♠`` to the drawer)."""
        return w.draws(p.by)

    def score(self, g: Core, s: int, move: Move) -> float:
        """Two cards for one."""
        return 3.5


DRAW_TWO: Final = DrawTwo()
