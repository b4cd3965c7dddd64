"""``take-from-scrap`` (the three): take a card of one's choice from the scrap."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..cards import RANK_OF, THREE
from ..core import Core
from ..effect import Effect
from ..moves import CARD_MOVES, ONEOFF, TAKE, Move, make
from ..narration import Narration
from ..reasons import Card, say
from ..table import TAKE_PHASE, Pending


def takeable(g: Core, seven: int = -1) -> list[int]:
    """Cards of the scrap a three may take: no threes where ``three_takes_threes`` is
    off, and never ``seven``, the seven that revealed it (spec ruling 14)."""
    cs = g.scrap if g.rules.three_takes_threes else [c for c in g.scrap if RANK_OF[c] != THREE]
    if seven >= 0:
        cs = [c for c in cs if c != seven]
    return cs


class TakeFromScrap(Effect):
    """Opens phase ``take``: the player takes a card from the scrap into hand, where
    every seat saw it go. The three is pending, not in the scrap, so it cannot take
    itself; a three revealed by a seven is judged with the seven still pending."""

    key = "take-from-scrap"
    description = N_("take a card of your choice from the scrap")
    phases: tuple[str, ...] = (TAKE_PHASE,)

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """Playable while the scrap holds a card it may take."""
        if takeable(g):
            out.append(CARD_MOVES[ONEOFF][c])

    def resolve(self, g: Core, p: Pending) -> bool:
        """Open phase ``take`` for the three's player."""
        g.phase = TAKE_PHASE
        g.to_act = p.by
        return True

    def decision_moves(self, g: Core, s: int, p: Pending) -> list[Move]:
        """One ``take`` per card it may take."""
        return [make(TAKE, c) for c in sorted(set(takeable(g, p.seven)))]

    def decide(self, g: Core, s: int, m: Move, p: Pending) -> None:
        """Move the card to the hand, publicly; the three goes to the scrap."""
        c = m.card
        g.scrap.remove(c)
        g.to_hand(s, c, True)
        g.scrap.append(p.card)
        g.end_turn()

    def pending_problem(self, g: Core, p: Pending, hidden: list[int]) -> str | None:
        """The three's player acts, and the scrap holds a card it may take."""
        problem = super().pending_problem(g, p, hidden)
        if problem is None and not takeable(g, p.seven):
            return "phase 'take' needs a card in the scrap the three may take"
        return problem

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """Nothing it may take."""
        return say(N_("A three needs a card in the scrap it may take"))

    def decision_reason(self, g: Core, move: Move, p: Pending) -> str | None:
        """A card not in the scrap, the revealing seven, or a three it may not take."""
        c = move.card
        if c not in g.scrap:
            return say(N_("The {card} is not in the scrap"), card=Card(c))
        if c == p.seven:
            return say(N_("A three revealed by a seven cannot take that seven"))
        return say(N_("A three cannot take a three in {rules}"), rules=g.rules.name)

    def words(self, move: Move) -> str:
        """``takes a card from the scrap``."""
        return "takes a card from the scrap"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to take a card from the scrap``."""
        return w.say(N_("to take a card from the scrap"))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``Bob may take a card from the scrap``."""
        return w.by(
            p.by,
            N_("you may take a card from the scrap"),
            N_("{actor} may take a card from the scrap"),
        )

    def score(self, g: Core, s: int, move: Move) -> float:
        """A card of choice is worth a little more than a draw."""
        return 2.5


TAKE_FROM_SCRAP: Final = TakeFromScrap()
