"""``discard-one-draw-three`` (the cuttlecards five): discard one card, then draw three."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import CARD_MOVES, ONEOFF, Move, discards
from ..narration import Narration
from ..reasons import must_discard, say
from ..table import DISCARD_PHASE, Pending


class DiscardOneDrawThree(Effect):
    """Opens phase ``discard`` for its player, who discards one card, then draws three;
    with an empty hand it draws at once (spec ruling 12)."""

    key = "discard-one-draw-three"
    description = N_("discard one card, then draw three")
    phases: tuple[str, ...] = (DISCARD_PHASE,)

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """Playable while a card can be drawn (spec ruling 4)."""
        if g.deck_ok():
            out.append(CARD_MOVES[ONEOFF][c])

    def resolve(self, g: Core, p: Pending) -> bool:
        """Ask for the discard, or draw at once with an empty hand."""
        if g.hands[p.by]:
            g.phase = DISCARD_PHASE
            g.to_act = p.by
            return True
        g.draw_cards(p.by, 3)
        return False

    def decision_moves(self, g: Core, s: int, p: Pending) -> list[Move]:
        """One ``discard`` per card in hand."""
        return discards(sorted(g.hands[s]), 1)

    def decide(self, g: Core, s: int, m: Move, p: Pending) -> None:
        """Discard, draw three, scrap the five."""
        g.discard(s, m.cards)
        g.draw_cards(p.by, 3)
        g.scrap.append(p.card)
        g.end_turn()

    def pending_problem(self, g: Core, p: Pending, hidden: list[int]) -> str | None:
        """The five's player acts, holding a card."""
        problem = super().pending_problem(g, p, hidden)
        if problem is None and not g.hands[p.by] and not hidden[p.by]:
            return f"p{p.by} has nothing to discard"
        return problem

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """Nothing to draw."""
        return say(N_("The deck is empty"))

    def decision_reason(self, g: Core, move: Move, p: Pending) -> str | None:
        """Exactly one card."""
        return must_discard(1)

    def words(self, move: Move) -> str:
        """``discards one card, then draws three``."""
        return "discards one card, then draws three"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to discard one card and draw three``."""
        return w.say(N_("to discard one card and draw three"))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``Bob must discard a card, then draw three``, or what an empty hand drew."""
        if w.after.phase == DISCARD_PHASE:
            return w.by(
                p.by,
                N_("you must discard a card, then draw three"),
                N_("{actor} must discard a card, then draw three"),
            )
        return w.draws(p.by)

    def score(self, g: Core, s: int, move: Move) -> float:
        """About two cards for one."""
        return 3.5


DISCARD_ONE_DRAW_THREE: Final = DiscardOneDrawThree()
