"""The small data types of a game: phases, endings, pending cards, stacks and outcomes.

:class:`Phase` and :class:`Termination` are string enums: each member *is* its text
(``Phase.MAIN == "main"``, ``json.dumps(Phase.MAIN) == '"main"'``), so positions, records
and stored rows read exactly as they did when these were plain strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple

from .cards import CARD_NAMES
from .moves import MAX_SEATS


class Phase(StrEnum):
    """What the game waits for (notation.md ``phase``), plus ``answer`` for team's
    out-of-turn nine and ``pick`` for house effects."""

    MAIN = "main"
    COUNTER = "counter"
    TAKE = "take"
    DISCARD = "discard"
    SEVEN = "seven"
    HAND_LIMIT = "hand-limit"
    ANSWER = "answer"
    PICK = "pick"
    """House effects: the one-off's player picks a card from its victim's hand."""
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self._value_)  # messages quote a phase as they quoted its text


class Termination(StrEnum):
    """How a game ended (a record's ``Termination``, a position's ``termination``)."""

    POINTS = "points"
    KINGS = "kings"
    PASSES = "passes"
    RESIGN = "resign"
    AGREED = "agreed"
    MOVE_CAP = "move-cap"
    TIME = "time"
    """A flag, added by a game server (its moves record a resignation or agreed draw)."""
    ABANDONED = "abandoned"
    """A win claimed from absent opponents, added by a game server."""
    DRAW = "draw"
    """A position read with a drawn ``winner`` and no ``termination``."""

    def __repr__(self) -> str:
        return repr(self._value_)


MAIN: Final = Phase.MAIN
COUNTER_PHASE: Final = Phase.COUNTER
TAKE_PHASE: Final = Phase.TAKE
DISCARD_PHASE: Final = Phase.DISCARD
SEVEN_PHASE: Final = Phase.SEVEN
HAND_LIMIT: Final = Phase.HAND_LIMIT
ANSWER: Final = Phase.ANSWER
PICK_PHASE: Final = Phase.PICK
OVER: Final = Phase.OVER
PHASES: Final[tuple[Phase, ...]] = tuple(Phase)
DECISION_PHASES: Final[tuple[Phase, ...]] = (TAKE_PHASE, DISCARD_PHASE, SEVEN_PHASE, PICK_PHASE)
"""Phases that a resolved one-off opens; the one-off's effect owns their moves."""

# Pending kinds.
KIND_ONEOFF: Final = "oneoff"
KIND_SCUTTLE: Final = "scuttle"
KIND_ROYAL: Final = "royal"
KIND_ANSWER: Final = "answer"


class Cover(NamedTuple):
    """A jack on a point card or a joker on a royal: the covering ``card`` and the seat
    ``to`` that controls the stack once it lies there (usually, not always, the seat that
    played it). Equal to the plain pair ``(card, to)``."""

    card: int
    to: int


NO_COVERS: Final[tuple[Cover, ...]] = ()


class Stack(NamedTuple):
    """A card on a field with what lies on it: ``Stack(card, owner, (Cover, ...))``.

    ``owner`` is the seat that played ``card``. For point cards the covers are jacks; for
    kings and queens, jokers; bottom to top (the last one says who controls the stack).
    A stack is a tuple, equal to the plain 3-tuple of its fields.
    """

    card: int
    owner: int
    covers: tuple[Cover, ...] = NO_COVERS


BARE_STACKS: Final[tuple[tuple[Stack, ...], ...]] = tuple(
    tuple(Stack(c, owner) for c in range(len(CARD_NAMES))) for owner in range(MAX_SEATS)
)
"""``BARE_STACKS[owner][card]`` is ``Stack(card, owner)`` with nothing on it, made once
and shared (a card played to a field makes no new tuple)."""


def new_stack(card: int, owner: int, covers: tuple[Cover, ...]) -> Stack:
    """``Stack(card, owner, covers)``, built without the named tuple's Python-level
    constructor (the compiled core makes one for every jack and joker played)."""
    return tuple.__new__(Stack, (card, owner, covers))


def new_cover(card: int, to: int) -> Cover:
    """``Cover(card, to)``, built as :func:`new_stack` builds a stack."""
    return tuple.__new__(Cover, (card, to))


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winners`` (empty for a draw) and the ``termination``."""

    winners: tuple[int, ...]
    termination: str
    """A :class:`Termination` (a plain string of one's value is equal to it)."""

    @property
    def draw(self) -> bool:
        """Whether nobody won."""
        return not self.winners

    def result(self) -> str:
        """The record's ``Result`` value: ``p0``, ``p0 p2`` for a team, or ``draw``."""
        if not self.winners:
            return "draw"
        return " ".join(f"p{s}" for s in self.winners)

    def __reduce__(self) -> tuple[type[Outcome], tuple[tuple[int, ...], str]]:
        # through the constructor, as the compiled class needs
        return (Outcome, (self.winners, self.termination))


class Pending:
    """A card waiting on the table: a one-off, a scuttle (ten-blocks-scuttle) or a royal
    that opponents may answer (team).

    ``seven`` is the seven that revealed the one-off (spec ruling 14), else -1.
    """

    __slots__ = ("by", "card", "counter_seats", "counters", "kind", "seven", "target", "victim")

    def __init__(
        self,
        card: int,
        by: int,
        target: int = -1,
        kind: str = KIND_ONEOFF,
        victim: int = -1,
        seven: int = -1,
    ) -> None:
        self.card = card
        self.by = by
        self.target = target
        self.kind = kind
        self.victim = victim
        self.seven = seven
        self.counters: list[int] = []
        self.counter_seats: list[int] = []

    def copy(self) -> Pending:
        """Return an independent copy."""
        p = Pending(self.card, self.by, self.target, self.kind, self.victim, self.seven)
        p.counters = self.counters[:]
        p.counter_seats = self.counter_seats[:]
        return p

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # through the constructor, as the compiled class needs
        return (
            _rebuild_pending,
            (
                self.card,
                self.by,
                self.target,
                self.kind,
                self.victim,
                self.seven,
                self.counters,
                self.counter_seats,
            ),
        )

    @property
    def last(self) -> int:
        """The seat that played the newest card of the chain."""
        return self.counter_seats[-1] if self.counter_seats else self.by


def _rebuild_pending(
    card: int,
    by: int,
    target: int,
    kind: str,
    victim: int,
    seven: int,
    counters: list[int],
    counter_seats: list[int],
) -> Pending:
    """A pending card with these values (for :meth:`Pending.__reduce__`)."""
    p = Pending(card, by, target, kind, victim, seven)
    p.counters = counters
    p.counter_seats = counter_seats
    return p
