"""Inference from the public history: which sampled worlds the opponents' play makes
less likely.

Every counter window is open to every answering seat, whether or not it holds a two,
so a ``resolve`` says nothing for certain. But a seat that holds a two usually counters
a one-off that hurts it, so a seat that let such a one-off resolve *probably* held no
two at that moment. :func:`counter_evidence` reads those moments from the history and
:class:`CounterBelief` turns them into a likelihood for a sampled world: the more
unseen twos a world puts in that seat's hand (among the cards it already held back
then), the less likely the world. :class:`~cuttle.bots.world.WorldSampler` uses the
likelihood for rejection sampling, so worlds come out in proportion to how well they
explain what the seat saw the others do.

Only the public history and the seat's own view are read: the evidence is about what
the *other* seats chose, never about cards the seat may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..engine.cards import QUEEN, RANK_OF, TWO, card
from ..engine.frozen import rebuilt_by_constructor
from ..engine.game import Game
from ..engine.history import Event, MovePlayed
from .base import SeatView

HIDDEN: Final = "??"

COUNTER_WILL: Final[dict[str, float]] = {
    "A": 0.8,
    "2": 0.8,
    "4": 0.7,
    "6": 0.8,
    "9": 0.7,
    "3": 0.35,
    "5": 0.3,
    "7": 0.3,
}
"""Chance that a seat holding a two counters an opponent's one-off of this rank: high
for the one-offs that destroy or take something (ace, two on a royal, four, six, nine),
low for the ones that only help their player (three, five, seven)."""


@dataclass(frozen=True)
class CounterEvidence:
    """One counter window an answering seat let pass."""

    seat: int
    """The seat that answered ``resolve``."""
    will: float
    """How likely it would have countered with a two in hand (see :data:`COUNTER_WILL`)."""
    received: int
    """Hidden cards that seat has drawn since (they were not in its hand back then)."""

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        """Pickle through the constructor (see :func:`rebuilt_by_constructor`)."""
        return rebuilt_by_constructor(self)


def _seat_of(event: Event) -> tuple[int, str] | None:
    if not isinstance(event, MovePlayed):
        return None
    return event.seat, event.move.strip().lower()


def counter_evidence(
    history: Sequence[Event], opponents_of: Sequence[Sequence[int]]
) -> list[CounterEvidence]:
    """Every ``resolve`` a seat gave to an opponent's one-off or counter, with how many
    hidden cards that seat drew afterwards.

    ``opponents_of[s]`` lists the seats opposing seat ``s``. Windows where the one-off's
    player had a queen cannot be told apart from the history alone and are read the
    same way; :class:`CounterBelief` ignores seats whose opponents show a queen now.
    """
    parsed = [_seat_of(line) for line in history]
    raw: list[tuple[int, float, int]] = []  # (seat, will, index in history)
    for i, entry in enumerate(parsed):
        if entry is None:
            continue
        seat, text = entry
        if text != "resolve":
            continue
        # the latest card of the chain: skip other seats' resolves
        j = i - 1
        while j >= 0 and parsed[j] is not None and parsed[j][1] == "resolve":  # type: ignore[index]
            j -= 1
        if j < 0 or parsed[j] is None:
            continue
        by, played = parsed[j]  # type: ignore[misc]
        words = played.split()
        if not words or words[0] not in ("oneoff", "counter") or len(words) < 2:
            continue
        if by not in opponents_of[seat]:
            continue
        # declining to re-counter (0.6): the chain already goes against them
        counter = words[0] == "counter"
        will = 0.6 if counter else COUNTER_WILL.get(words[1][0].upper(), 0.3)
        raw.append((seat, will, i))
    out = []
    for seat, will, i in raw:
        received = 0
        for entry in parsed[i + 1 :]:
            if entry is None or entry[0] != seat:
                continue
            words = entry[1].split()
            if words[0] == "draw":
                received += 1
            elif words[0] == "oneoff" and len(words) > 1 and words[1][0] == "5":
                received += 2  # an approximation: a five may be countered or capped
        out.append(CounterEvidence(seat, will, received))
    return out


class CounterBelief:
    """Likelihood of a sampled world given the counter windows other seats let pass.

    For each piece of evidence, a world in which the seat holds ``k`` unseen twos
    (``h`` unseen cards in all, ``r`` of them drawn since the window) is weighted by
    ``1 - will * (1 - (1 - q) ** k)``, where ``q = (h - r) / h`` is the chance that a
    given unseen card was already in the hand at the time.
    """

    def __init__(self, view: SeatView, world: Game, strength: float = 1.0) -> None:
        """Read the evidence in ``view.history``. ``world`` is any world dealt from
        ``view`` (for its seats, teams and table); ``strength`` scales every ``will``
        (0 turns it off)."""
        self.seat = view.acting
        history = view.history
        hands = view.position["hands"]
        self.known = [{card(x) for x in names if x != HIDDEN} for names in hands]
        hidden = [sum(1 for x in names if x == HIDDEN) for names in hands]
        queens = [any(RANK_OF[st.card] == QUEEN for st in f) for f in world.faces]
        opponents_of = world._opps
        # per seat: list of (will, q)
        self.terms: dict[int, list[tuple[float, float]]] = {}
        for ev in counter_evidence(history, opponents_of):
            if ev.seat == self.seat or hidden[ev.seat] == 0:
                continue
            if any(queens[v] for v in opponents_of[ev.seat]):
                continue
            h = hidden[ev.seat]
            q = max(0.0, (h - ev.received) / h)
            will = min(1.0, ev.will * strength)
            if q > 0 and will > 0:
                self.terms.setdefault(ev.seat, []).append((will, q))

    @property
    def active(self) -> bool:
        """Whether any evidence applies (if not, every world has weight 1)."""
        return bool(self.terms)

    def weight(self, g: Game) -> float:
        """The likelihood (in (0, 1]) of sampled world ``g``."""
        w = 1.0
        for seat, terms in self.terms.items():
            known = self.known[seat]
            k = 0
            for c in g.hands[seat]:
                if RANK_OF[c] == TWO and c not in known:
                    k += 1
            if not k:
                continue
            for will, q in terms:
                w *= 1.0 - will * (1.0 - (1.0 - q) ** k)
        return w
