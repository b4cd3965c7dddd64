"""What the two house effects that pick a card from a chosen hand share: after the
one-off resolves, its player looks at the victim's hand and picks one card in phase
``pick`` (the discard or the take is the pick's verb)."""

from __future__ import annotations

from ...i18n import N_
from ..cards import CARD_NAMES
from ..core import Core
from ..moves import CARD_MOVES, CHOICE_MOVES, TAKE, Move
from ..reasons import Card, say
from ..table import PICK_PHASE, Pending
from .chosen import ChosenSeatEffect, look


class PickEffect(ChosenSeatEffect):
    """``oneoff 5H p2``, then phase ``pick``: the player (who now knows p2's hand)
    names one of its cards with :attr:`verb`."""

    phases: tuple[str, ...] = (PICK_PHASE,)
    verb = -1
    """The move verb of the pick (``DISCARD`` or ``TAKE``)."""

    def resolve(self, g: Core, p: Pending) -> bool:
        """The player looks at the victim's hand, then picks; nothing if it is empty."""
        if not g.hands[p.victim]:
            return False
        look(g, p.by, p.victim)
        g.phase = PICK_PHASE
        g.to_act = p.by
        return True

    def decision_moves(self, g: Core, s: int, p: Pending) -> list[Move]:
        """One move per card of the victim's hand (``take X`` or ``discard X``)."""
        hand = sorted(g.hands[p.victim])
        if self.verb == TAKE:
            return [CARD_MOVES[TAKE][c] for c in hand]
        row = CHOICE_MOVES[self.verb]
        return [row[c] for c in hand]

    def picked(self, m: Move) -> int:
        """The card a pick move names."""
        return m.card if m.card >= 0 else m.cards[0]

    def decide(self, g: Core, s: int, m: Move, p: Pending) -> None:
        """Carry out the pick, then the one-off goes to the scrap."""
        self.carry_out(g, s, p.victim, self.picked(m))
        g.scrap.append(p.card)
        g.end_turn()

    def carry_out(self, g: Core, s: int, victim: int, c: int) -> None:
        """Do what the pick does with card ``c`` of ``victim``'s hand."""
        raise NotImplementedError

    def decision_reason(self, g: Core, move: Move, p: Pending) -> str | None:
        """A card that is not in the victim's hand, or the wrong verb."""
        cards = [move.card] if move.card >= 0 else list(move.cards)
        want = "take" if self.verb == TAKE else "discard"
        if len(cards) != 1:
            return say(
                N_("Pick exactly one card of {seat}'s hand: '{verb} X'"),
                seat=f"p{p.victim}",
                verb=want,
            )
        c = cards[0]
        if c not in g.hands[p.victim]:
            return say(N_("The {card} is not in {seat}'s hand"), card=Card(c), seat=f"p{p.victim}")
        return say(N_("Pick the card with '{move}'"), move=f"{want} {CARD_NAMES[c]}")


__all__ = ["PickEffect"]
