"""What the house effects aimed at a chosen player share: one ``oneoff X pN`` per seat,
and looking at that seat's hand."""

from __future__ import annotations

from ...i18n import N_
from ..cards import CARD_NAMES, describe
from ..core import Core
from ..effect import Effect
from ..moves import ONEOFF, Move, seated
from ..reasons import Card, say
from ..table import Pending


def others(g: Core, s: int) -> list[int]:
    """Every seat but ``s``, in seat order after it."""
    return [(s + i) % g.n for i in range(1, g.n)]


def look(g: Core, viewer: int, holder: int) -> None:
    """``viewer`` learns every card of ``holder``'s hand (views then show them to it)."""
    g.show_cards(holder, g.hands[holder], 1 << viewer)


class ChosenSeatEffect(Effect):
    """A one-off naming another seat (``oneoff 5H p2``). With ``needs_cards`` the seat
    must hold a card when it is played; if its hand is empty when the one-off resolves
    (its last card went on a counter), the effect does nothing."""

    needs_cards = True
    """Whether the chosen seat must hold a card."""
    verb_phrase = "aims at"
    """The log's verb, followed by the seat (``looks at p2's hand``: ``"looks at"``)."""

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """One move per other seat (holding a card where that is needed)."""
        row = seated(ONEOFF, c)
        for v in others(g, s):
            if g.hands[v] or not self.needs_cards:
                out.append(row[v])

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """No seat named, oneself, or an empty hand."""
        v = move.seat
        s = g.to_act
        if v < 0:
            return say(
                N_("Name the player the {card} aims at: 'oneoff {name} p1'"),
                card=Card(move.card),
                name=CARD_NAMES[move.card],
            )
        if v == s or v >= g.n:
            return say(
                N_("The {card} aims at another player, not {seat}"),
                card=Card(move.card),
                seat=f"p{v}",
            )
        if self.needs_cards and not g.hands[v]:
            return say(N_("{seat} holds no card"), seat=f"p{v}")
        return None

    def pending_problem(self, g: Core, p: Pending, hidden: list[int]) -> str | None:
        """The one-off's player acts on a named victim that holds a card."""
        problem = super().pending_problem(g, p, hidden)
        if problem:
            return problem
        v = p.victim
        if not 0 <= v < g.n or v == p.by:
            return f"pending {describe(p.card)} needs a victim (another seat)"
        if not g.hands[v] and not hidden[v]:
            return f"p{v} holds no card to pick from"
        return None

    def words(self, move: Move) -> str:
        """``looks at p2's hand``-style phrase."""
        return f"{self.verb_phrase} p{move.seat}"
