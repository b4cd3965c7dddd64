"""``scrap-points`` (the ace): scrap every point card on the table, with its jacks."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import Move
from ..narration import Narration
from ..table import Pending


class ScrapPoints(Effect):
    """Every point card goes to the scrap, jacks included; queens do not stop it."""

    key = "scrap-points"
    description = N_("scrap every point card on the table, with their jacks")

    def resolve(self, g: Core, p: Pending) -> bool:
        """Scrap the fields' point cards seat by seat in sorted order (positions list them
        that way, so a game restored from JSON builds the same scrap)."""
        for v in range(g.n):
            if g.group_shielded(v):
                continue  # a house permanent shields this field from group attacks
            for st in sorted(g.points[v]):
                g.scrap.append(st.card)
                g.scrap.extend(j for j, _ in st.covers)
            g.points[v] = []
        return False

    def words(self, move: Move) -> str:
        """``scraps every point card``."""
        return "scraps every point card"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to scrap every point card``."""
        return w.say(N_("to scrap every point card"))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``the A♣ scraps every point card (the 7♦ and 9♠)``: what lay there went."""
        b = w.before
        gone = [st.card for v in range(b.n) for st in b.points[v]]
        gone += [j for v in range(b.n) for st in b.points[v] for j, _ in st.covers]
        if not gone:
            return w.say(N_("{card} scraps every point card (there are none)"), card=w.card(p.card))
        return w.say(
            N_("{card} scraps every point card ({cards})"), card=w.card(p.card), cards=w.cards(gone)
        )

    def score(self, g: Core, s: int, move: Move) -> float:
        """The points taken from the strongest opponent less the side's own."""
        team = g.rules.team_of(s)
        mine = sum(g.score(v) for v in team if not g.group_shielded(v))
        theirs = 0  # the best opponent's (a loop: ``max(..., default=0)`` is a Python call)
        for v in range(g.n):
            if v not in team and not g.group_shielded(v):
                score = g.score(v)
                if score > theirs:
                    theirs = score
        return 0.9 * (theirs - mine) - 1.0


SCRAP_POINTS: Final = ScrapPoints()
