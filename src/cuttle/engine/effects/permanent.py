"""House permanents (seed 004): cards played like a king, ``royal 5H``, that lie in
their player's ``faces`` and change the game while they are there.

They are permanents in every other way too: a two scraps one, a nine returns one, a six
scraps them all, a queen shields them from single attacks, and a card with
``steal-permanent`` can take one. What each does is a flag of its effect object
(:attr:`~cuttle.engine.effect.Effect.opens_hands`, ``shields_group``,
``counts_against``) that the core reads.
"""

from __future__ import annotations

from typing import Final

from ...i18n import N_
from ..cards import CARD_NAMES
from ..core import Core
from ..effect import Effect
from ..moves import CARD_MOVES, ONEOFF, ROYAL, Move
from ..reasons import Card, say


class Permanent(Effect):
    """A house permanent: played with ``royal X`` onto its player's own field."""

    kind = "permanent"
    worth = 0.0
    """The bots' rough value of having it on one's own field."""

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """``royal X``: always playable."""
        out.append(CARD_MOVES[ROYAL][c])

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """Played as a one-off, or with a target."""
        name = CARD_NAMES[move.card]
        if move.verb == ONEOFF:
            return say(
                N_("The {card} is a permanent here: play it with 'royal {name}'"),
                card=Card(move.card),
                name=name,
            )
        if move.target >= 0 or move.seat >= 0:
            return say(N_("A permanent is played onto one's own field: 'royal {name}'"), name=name)
        return None

    def words(self, move: Move) -> str:
        """``puts down a permanent: ...``."""
        return f"puts down a permanent: {self.description}"

    def score(self, g: Core, s: int, move: Move) -> float:
        """Its :attr:`worth`."""
        return self.worth


class OpenHands(Permanent):
    """While it is on the table (anyone's field), every hand is open to every seat and
    to spectators; the cards seen stay known after it leaves."""

    key = "open-hands"
    description = N_("permanent: every hand is played face up")
    opens_hands = True

    def score(self, g: Core, s: int, move: Move) -> float:
        """Seeing every hand helps the player with fewer hidden cards to lose: a small
        gain, smaller with a big own hand."""
        return 1.5 - 0.2 * len(g.hands[s])


class ShieldGroup(Permanent):
    """Its holder's field is untouched by group attacks: an ace keeps its points, a six
    its royals, glasses and points (with their jacks), and a four that hits every other
    player passes its holder by. It does not stop single attacks (twos, nines, jacks,
    targeted house effects) or scuttles; a six cannot remove it, a two or nine can."""

    key = "shield-group"
    description = N_("permanent: prevent group attacks (ace, four, six) against my field")
    shields_group = True

    def score(self, g: Core, s: int, move: Move) -> float:
        """Worth more the more there is to protect."""
        return 1.0 + 0.25 * g.score(s) + 1.5 * len(g.faces[s])


class PointsAgainst(Permanent):
    """Its holder's points count against them in long-term scoring
    (:meth:`cuttle.engine.core.Core.counts_against`); inside one game it does nothing."""

    key = "points-against"
    description = N_("permanent: all my points count against me at the end of the round")
    counts_against = True

    def score(self, g: Core, s: int, move: Move) -> float:
        """Never worth playing for oneself (a point card is better)."""
        return -4.0


OPEN_HANDS: Final = OpenHands()
SHIELD_GROUP: Final = ShieldGroup()
POINTS_AGAINST: Final = PointsAgainst()
