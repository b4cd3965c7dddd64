"""``swap-hands`` (the joker under ``joker-swap``): the two players swap hands."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import Move
from ..narration import Narration
from ..table import Pending


class SwapHands(Effect):
    """The two hands change places; each player knows their old hand, and a freeze ends
    (it belonged to the previous holder's coming turn). Two players only."""

    key = "swap-hands"
    description = N_("swap hands with the opponent")

    def resolve(self, g: Core, p: Pending) -> bool:
        """Swap, and let both seats know both hands."""
        a, b = g.hands[0], g.hands[1]
        g.hands[0], g.hands[1] = b, a
        g.frozen = []
        g.show_cards(1, a, 3)
        g.show_cards(0, b, 3)
        return False

    def words(self, move: Move) -> str:
        """``swaps hands with the opponent``."""
        return "swaps hands with the opponent"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to swap hands with Bob``."""
        return w.by(1 - p.by, N_("to swap hands with you"), N_("to swap hands with {actor}"))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``You and Bob swap hands``."""
        if w.viewer in (0, 1):
            return w.say(N_("you and {actor} swap hands"), actor=w.person(1 - w.viewer))
        return w.say(N_("{players} swap hands"), players=w.group((0, 1)))

    def score(self, g: Core, s: int, move: Move) -> float:
        """The difference in hand sizes."""
        other = 1 - s if g.n == 2 else s
        return float(len(g.hands[other]) - len(g.hands[s]))


SWAP_HANDS: Final = SwapHands()
