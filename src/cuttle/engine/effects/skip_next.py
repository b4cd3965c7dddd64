"""``skip-next`` (house rules, seed 004): the next player skips their turn."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import Move
from ..narration import Narration
from ..table import Pending


class SkipNext(Effect):
    """The seat after the one-off's player in turn order loses its next turn (one more
    entry in the position's ``skips``). With two players that is an extra turn."""

    key = "skip-next"
    description = N_("the next player skips their turn")

    def resolve(self, g: Core, p: Pending) -> bool:
        """Owe the next seat one skipped turn."""
        g.add_skip((p.by + 1) % g.n)
        return False

    def intent(self, w: Narration, p: Pending) -> str:
        """``that makes the next player skip a turn``."""
        return w.say(N_("that makes the next player skip a turn"))

    def words(self, move: Move) -> str:
        """``makes the next player skip a turn``."""
        return "makes the next player skip a turn"

    def score(self, g: Core, s: int, move: Move) -> float:
        """A turn is worth about a draw; less if the next seat is a partner."""
        nxt = (s + 1) % g.n
        return -3.0 if nxt in g.rules.team_of(s) else 2.5


SKIP_NEXT: Final = SkipNext()
