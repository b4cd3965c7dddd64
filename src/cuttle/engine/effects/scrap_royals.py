"""``scrap-royals`` (the six): scrap every royal and glasses; point cards go home."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..cards import KING, POINT_VALUE, RANK_OF
from ..core import Core
from ..effect import Effect
from ..moves import Move
from ..narration import Narration
from ..table import BARE_STACKS, Pending, Stack


class ScrapRoyals(Effect):
    """Kings, queens, glasses, jacks and jokers go to the scrap; every point card returns
    to the seat that owned it before any jack."""

    key = "scrap-royals"
    description = N_("scrap every royal and glasses; point cards return to their owners")

    def resolve(self, g: Core, p: Pending) -> bool:
        """Scrap seat by seat in sorted order, then send the point cards home."""
        shielded = [g.group_shielded(v) for v in range(g.n)]
        for v in range(g.n):
            if shielded[v]:
                continue  # a house permanent shields this field from group attacks
            for st in sorted(g.faces[v]):
                g.scrap.append(st.card)
                g.scrap.extend(j for j, _ in st.covers)
            g.set_faces(v, [])
            g.scrap.extend(sorted(g.glasses[v]))
            g.set_glasses(v, [])
        back: list[list[Stack]] = [g.points[v] if shielded[v] else [] for v in range(g.n)]
        for v in range(g.n):
            if shielded[v]:
                continue
            for st in sorted(g.points[v]):
                g.scrap.extend(j for j, _ in st.covers)
                back[st.owner].append(BARE_STACKS[st.owner][st.card])
        g.points = back
        return False

    def words(self, move: Move) -> str:
        """``scraps every royal and glasses``."""
        return "scraps every royal and glasses"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to scrap every royal and glasses``."""
        return w.say(N_("to scrap every royal and glasses"))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``the 6♣ scraps every royal and glasses (the K♥)``, and which stolen point
        cards go back to whom."""
        b = w.before
        gone = [st.card for v in range(b.n) for st in b.faces[v]]
        gone += [j for v in range(b.n) for st in (*b.faces[v], *b.points[v]) for j, _ in st.covers]
        gone += [c for v in range(b.n) for c in b.glasses[v]]
        if gone:
            text = w.say(
                N_("{card} scraps every royal and glasses ({cards})"),
                card=w.card(p.card),
                cards=w.cards(gone),
            )
        else:
            text = w.say(
                N_("{card} scraps every royal and glasses (there are none)"), card=w.card(p.card)
            )
        for v in range(b.n):
            for st in b.points[v]:
                if st.covers and st.owner != v:
                    back = w.by(
                        st.owner,
                        N_("{card} goes back to you"),
                        N_("{card} goes back to {actor}"),
                        card=w.named(st.card),
                    )
                    text = w.say(N_("{sentence}; {more}"), sentence=text, more=back)
        return text

    def score(self, g: Core, s: int, move: Move) -> float:
        """Royals, glasses and stolen points lost by the other side less the own side's."""
        team = g.rules.team_of(s)
        val = 0.0
        for v in range(g.n):
            if g.group_shielded(v):
                continue
            sign = -1.0 if v in team else 1.0
            for st in g.faces[v]:
                val += sign * (6.0 if RANK_OF[st.card] == KING else 4.0)
            val += sign * 2.0 * len(g.glasses[v])
            for st in g.points[v]:
                if st.covers and st.owner != v:
                    val += sign * 2.0 * POINT_VALUE[st.card]
        return val - 1.0


SCRAP_ROYALS: Final = ScrapRoyals()
