"""``reveal-and-play`` (the seven): reveal the top of the deck and play a revealed card."""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..core import Core
from ..effect import Effect
from ..moves import CARD_MOVES, ONEOFF, SCRAP, Move, make
from ..narration import Narration
from ..reasons import Card, say
from ..table import SEVEN_PHASE, Pending


class RevealAndPlay(Effect):
    """Opens phase ``seven``: ``seven_reveals`` cards come off the deck; the player plays
    one with the ordinary verbs (the core's plays, ``seven_forced_jack`` included), or
    scraps one when none can be played. The others go back on top, known to all."""

    key = "reveal-and-play"
    description = N_("reveal the top of the deck and play a revealed card")
    phases: tuple[str, ...] = (SEVEN_PHASE,)

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """Playable while a card can be revealed (spec ruling 4)."""
        if g.deck_ok():
            out.append(CARD_MOVES[ONEOFF][c])

    def resolve(self, g: Core, p: Pending) -> bool:
        """Reveal (reshuffling the scrap first where the set does)."""
        if not g.deck and g.rules.reshuffle_scrap and g.scrap:
            g.reshuffle()
        k = min(g.rules.seven_reveals, len(g.deck))
        if not k:
            return False
        g.revealed = [g.deck.pop() for _ in range(k)]
        g.deck_known = max(0, g.deck_known - k)
        g.phase = SEVEN_PHASE
        g.to_act = p.by
        return True

    def decision_moves(self, g: Core, s: int, p: Pending) -> list[Move]:
        """Every play of a revealed card, else one ``scrap`` per revealed card."""
        out: list[Move] = []
        for c in g.revealed:
            g.card_plays(s, c, out, True)
        return out or [make(SCRAP, c) for c in g.revealed]

    def decide(self, g: Core, s: int, m: Move, p: Pending) -> None:
        """``scrap X``: X and the seven go to the scrap, the others back on top."""
        c = m.card
        g.return_revealed(c)
        g.scrap.append(p.card)
        g.scrap.append(c)
        g.end_turn()

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """Nothing to reveal."""
        return say(N_("The deck is empty"))

    def decision_reason(self, g: Core, move: Move, p: Pending) -> str | None:
        """A scrap while a revealed card can be played."""
        if move.card not in g.revealed:
            return say(
                N_("The {card} was not revealed: play one of the revealed cards"),
                card=Card(move.card),
            )
        return say(N_("A revealed card can only be scrapped when none of them can be played"))

    def words(self, move: Move) -> str:
        """``reveals the top of the deck to play a card from it``."""
        return "reveals the top of the deck to play a card from it"

    def intent(self, w: Narration, p: Pending) -> str:
        """``to reveal the top of the deck and play it`` (``a revealed card`` for more)."""
        if w.before.rules.seven_reveals > 1:
            return w.say(N_("to reveal the top of the deck and play a revealed card"))
        return w.say(N_("to reveal the top of the deck and play it"))

    def outcome(self, w: Narration, p: Pending) -> str:
        """``Bob reveals the 7♦``, or that the deck was empty."""
        if w.after.phase == SEVEN_PHASE:
            return w.by(
                p.by,
                N_("you reveal {cards}"),
                N_("{actor} reveals {cards}"),
                cards=w.cards(w.after.revealed),
            )
        return w.say(N_("the deck is empty: nothing to reveal"))

    def score(self, g: Core, s: int, move: Move) -> float:
        """A free play of an unknown card."""
        return 2.5


REVEAL_AND_PLAY: Final = RevealAndPlay()
