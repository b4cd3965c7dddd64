"""``revive-and-play`` (house rules, seed 004): revive a card from the scrap and play it
at once, as a seven plays its card."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import CARD_MOVES, ONEOFF, SCRAP, TAKE, Move, make
from ..narration import Narration
from ..reasons import Card, say
from ..table import SEVEN_PHASE, TAKE_PHASE, Pending


def revivable(g: Core, seven: int = -1) -> list[int]:
    """Scrap cards the one-off may revive: any, but never ``seven``, the seven that
    revealed it (as for a three, spec ruling 14)."""
    return [c for c in g.scrap if c != seven]


class ReviveAndPlay(Effect):
    """Opens phase ``take``: the player names a scrap card (``take 7C``), which is
    shown to all (``revealed``) and must be played at once in phase ``seven`` with the
    ordinary verbs, exactly as a classic seven's card (even to its player's harm), or
    scrapped with ``scrap 7C`` when it has no legal play."""

    key = "revive-and-play"
    description = N_("take a card from the scrap and play it at once, as a seven plays its card")
    phases: tuple[str, ...] = (TAKE_PHASE, SEVEN_PHASE)

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """Playable while the scrap holds a card (or, revealed by a seven, the seven
        itself will lie there, but may not be revived)."""
        if g.scrap:
            out.append(CARD_MOVES[ONEOFF][c])

    def resolve(self, g: Core, p: Pending) -> bool:
        """Open phase ``take`` for the player; nothing if nothing may be revived."""
        if not revivable(g, p.seven):
            return False
        g.phase = TAKE_PHASE
        g.to_act = p.by
        return True

    def decision_moves(self, g: Core, s: int, p: Pending) -> list[Move]:
        """``take X`` per revivable card; then every play of the revived card, else
        ``scrap X``."""
        if g.phase == TAKE_PHASE:
            return [make(TAKE, c) for c in sorted(set(revivable(g, p.seven)))]
        out: list[Move] = []
        for c in g.revealed:
            g.card_plays(s, c, out, True)
        return out or [make(SCRAP, c) for c in g.revealed]

    def decide(self, g: Core, s: int, m: Move, p: Pending) -> None:
        """``take X`` lifts X from the scrap, face up, to be played; ``scrap X`` sends it
        back with the one-off."""
        c = m.card
        if m.verb == TAKE:
            g.scrap.remove(c)
            g.revealed = [c]
            g.phase = SEVEN_PHASE
            return
        g.revealed = []
        g.scrap.append(p.card)
        g.scrap.append(c)
        g.end_turn()

    def pending_problem(self, g: Core, p: Pending, hidden: list[int]) -> str | None:
        """The player acts; in phase ``take`` the scrap holds a card to revive; in phase
        ``seven`` exactly one card was revived."""
        problem = super().pending_problem(g, p, hidden)
        if problem:
            return problem
        if g.phase == TAKE_PHASE and not revivable(g, p.seven):
            return "phase 'take' needs a card in the scrap to revive"
        if g.phase == SEVEN_PHASE and len(g.revealed) != 1:
            return "a revived card is played alone: 'revealed' must hold one card"
        return None

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """Nothing in the scrap."""
        return say(N_("There is no card in the scrap to revive"))

    def decision_reason(self, g: Core, move: Move, p: Pending) -> str | None:
        """Not in the scrap, the revealing seven, or a scrap while it can be played."""
        c = move.card
        if move.verb == TAKE:
            if c == p.seven:
                return say(N_("A card revealed by a seven cannot revive that seven"))
            return say(N_("The {card} is not in the scrap"), card=Card(c))
        if c not in g.revealed:
            return say(N_("The {card} was not revived: play the revived card"), card=Card(c))
        return say(N_("The revived card can only be scrapped when it cannot be played"))

    def intent(self, w: Narration, p: Pending) -> str:
        """``that revives a card from the scrap to play it``."""
        return w.say(N_("that revives a card from the scrap to play it"))

    def words(self, move: Move) -> str:
        """``revives a card from the scrap to play it``."""
        return "revives a card from the scrap to play it"

    def score(self, g: Core, s: int, move: Move) -> float:
        """A free play of a card of choice."""
        return 3.5 if g.scrap else 0.0


REVIVE_AND_PLAY: Final = ReviveAndPlay()
