"""What several effects share: aiming at a card on the table, and rating its loss."""

from __future__ import annotations

from ...i18n import N_
from ..cards import EIGHT, KING, POINT_VALUE, QUEEN, RANK_OF, describe
from ..core import Core
from ..effect import Effect
from ..moves import AIMED_MOVES, ONEOFF, Move, move_text
from ..reasons import Card, protected, say
from ..table import Pending


def field_seat(g: Core, c: int) -> int:
    """Seat whose field holds table card ``c`` (as base, top cover or glasses), or -1."""
    for v in range(g.n):
        if c in g.glasses[v]:
            return v
        for st in g.faces[v]:
            if st.card == c or (st.covers and st.covers[-1].card == c):
                return v
        for st in g.points[v]:
            if st.card == c or (st.covers and st.covers[-1].card == c):
                return v
    return -1


def target_worth(g: Core, c: int, v: int) -> float:
    """How much seat ``v`` loses if table card ``c`` leaves its field (bots' scale)."""
    r = RANK_OF[c]
    if r == KING:
        return 6.0
    if r == QUEEN:
        return 4.0
    if r == EIGHT and c in g.glasses[v]:
        return 2.0
    for st in g.points[v]:
        if st.card == c:
            return float(POINT_VALUE[c])
        if st.covers and st.covers[-1].card == c:
            return 2.0 * POINT_VALUE[st.card]
    return 3.0


def card_word(move: Move) -> str:
    """The played card of ``move`` as written in the move (``9C``)."""
    return move_text(move).split()[1]


class TargetedEffect(Effect):
    """An effect aimed at one card on the table (``oneoff 2C QS``).

    Subclasses implement :meth:`targets` and :meth:`target_problem`; plays, the answer
    check, the common reasons (no target, not the top of a stack, a queen's shield) and
    the bots' score follow from them.
    """

    targeted = True
    worth_factor = 1.0
    """Share of the target's worth the bots count as gained (a returned card comes back)."""

    def targets(self, g: Core, s: int) -> list[tuple[int, int]]:
        """(seat, card) pairs that seat ``s`` may aim this effect at."""
        raise NotImplementedError

    def reaches_under(self, g: Core, place: str) -> bool:
        """Whether a card at ``place`` may be aimed at with covers on it (spec ruling 3)."""
        return False

    def target_problem(self, g: Core, s: int, t: int, owner: int | None, place: str) -> str | None:
        """Why table card ``t`` (on ``owner``'s field, at ``place``) is no target here."""
        return None

    def plays(self, g: Core, s: int, c: int, out: list[Move]) -> None:
        """Append one ``oneoff`` move per legal target."""
        aimed = AIMED_MOVES[ONEOFF][c]
        for _, t in self.targets(g, s):
            out.append(aimed[t])

    def can_target(self, g: Core, s: int, t: int) -> bool:
        """Whether ``t`` is among :meth:`targets`."""
        return any(x == t for _, x in self.targets(g, s))

    def illegal_reason(self, g: Core, move: Move) -> str | None:
        """The target's problem: missing, covered, shielded, or of the wrong kind."""
        t = move.target
        s = g.to_act
        if t < 0:
            return say(
                N_("This one-off needs a target card: 'oneoff {name} CARD'"), name=card_word(move)
            )
        place = g.place_of(t)
        owner = g.holder_of(t)
        top = g.top_of(t)
        if top != t and not self.reaches_under(g, place):
            return say(
                N_("Only the top card of a stack can be targeted: the {top}, not the {card}"),
                top=Card(top),
                card=Card(t),
            )
        if owner is not None and g.protected(owner, t, s):
            return protected(t, owner)
        return self.target_problem(g, s, t, owner, place)

    def score(self, g: Core, s: int, move: Move) -> float:
        """The target's worth to its holder: a gain against an opponent, a loss at home."""
        t = move.target
        v = field_seat(g, t)
        if v < 0:
            return 0.0
        w = target_worth(g, t, v) * self.worth_factor
        return -w if v in g.rules.team_of(s) else w - 0.5

    def words(self, move: Move) -> str:
        """What the effect does to its target; subclasses give the verb."""
        raise NotImplementedError


def scrap_target(g: Core, p: Pending) -> None:
    """Scrap ``p``'s target with anything lying under it."""
    _, leftovers = g.remove_target(p.target)
    g.scrap.append(p.target)
    g.scrap.extend(leftovers)


class ScrapTargetEffect(TargetedEffect):
    """A one-off that scraps the card it names (a two, an eight one-off, a house
    ``scrap-point``): subclasses say which cards it may name."""

    def resolve(self, g: Core, p: Pending) -> bool:
        """Scrap the target (with what lies on it; a jack or joker hands its card back)."""
        scrap_target(g, p)
        return False

    def words(self, move: Move) -> str:
        """``scraps the Queen of Spades``."""
        return f"scraps the {describe(move.target)}"
