"""The base of a one-off effect primitive, and the registry of them by key.

This module is deliberately at the bottom of the engine: :mod:`cuttle.engine.rules`
needs it to map cards to effect objects, while the concrete effects (the package
:mod:`cuttle.engine.effects`, where the design note lives) sit on top of the game core.
The methods here take the game as ``Any`` so that this module imports nothing of the
core; every concrete effect narrows the parameter to
:class:`cuttle.engine.core.Core`.
"""

from __future__ import annotations

from typing import Any, Final

from .errors import InvalidRulesError
from .moves import CARD_MOVES, ONEOFF, Move

REGISTRY: Final[dict[str, Effect]] = {}
"""Every registered effect primitive by key (filled by :mod:`cuttle.engine.effects`)."""

DESCRIPTIONS: Final[dict[str, str]] = {}
"""Effect key -> one-line description (the same dict as ``rules.EFFECTS``)."""


class Effect:
    """One one-off effect primitive: its plays, resolution, decision, words and reasons.

    Subclasses set :attr:`key` and :attr:`description` and override what differs from
    the defaults: a one-off with no target and no decision that is always playable.
    """

    key: str = ""
    """Name of the primitive in rule sets and house-rules files (``"scrap-points"``)."""
    description: str = ""
    """One line for people: what the effect does."""
    targeted: bool = False
    """Whether the one-off names a target card (``oneoff 2C QS``)."""
    phases: tuple[str, ...] = ()
    """Decision phases the effect may open after it resolves (its card stays pending)."""
    answers_royals: bool = False
    """Whether a card with this effect may answer a royal in phase ``answer`` (team)."""
    kind: str = "oneoff"
    """How a card with this effect is played: ``"oneoff"`` (``oneoff X ...``, then
    countered and resolved), ``"permanent"`` (``royal X``: it lies in its player's
    ``faces`` like a king, and its flags below hold while it is there) or ``"royal"``
    (``royal X KH``: it lies on a target permanent and moves it, as a joker does)."""
    opens_hands: bool = False
    """Permanent: while on the table, every hand is open to every seat."""
    shields_group: bool = False
    """Permanent: its holder's field is untouched by group attacks (an ace, a six, a
    four that hits every other player)."""
    counts_against: bool = False
    """Permanent: its holder's points count against them in long-term scoring."""

    def plays(self, g: Any, s: int, c: int, out: list[Move]) -> None:
        """Append to ``out`` every legal ``oneoff`` move of card ``c`` by seat ``s``."""
        out.append(CARD_MOVES[ONEOFF][c])

    def can_target(self, g: Any, s: int, t: int) -> bool:
        """Whether seat ``s`` may aim this effect at table card ``t`` now."""
        return False

    def resolve(self, g: Any, p: Any) -> bool:
        """Carry out the uncountered one-off ``p``; return True if a decision is now open.

        When a decision opens, the effect sets the phase and ``to_act`` and leaves ``p``
        pending; otherwise the core scraps the card and ends the turn.
        """
        return False

    def decision_moves(self, g: Any, s: int, p: Any) -> list[Move]:
        """The legal moves of seat ``s`` in the decision phase this effect opened."""
        raise AssertionError(f"{self.key} opens no decision")

    def decide(self, g: Any, s: int, m: Move, p: Any) -> None:
        """Apply decision move ``m`` of seat ``s`` (a move from :meth:`decision_moves`)."""
        raise AssertionError(f"{self.key} opens no decision")

    def pending_problem(self, g: Any, p: Any, hidden: list[int]) -> str | None:
        """Why a position cannot hold ``p`` pending in its decision phase, or None.

        ``hidden`` counts the hidden cards of each hand (a view being read).
        """
        if g.to_act != p.by:
            return f"in phase {g.phase!r} p{p.by} is the seat to act"
        return None

    def illegal_reason(self, g: Any, move: Move) -> str | None:
        """Why ``oneoff`` move ``move`` of the seat to act is illegal, or None if no
        effect-specific reason is found."""
        return None

    def decision_reason(self, g: Any, move: Move, p: Any) -> str | None:
        """Why decision move ``move`` (``take``, ``discard``, ``scrap``) is illegal in the
        phase this effect opened, or None if no reason is found."""
        return None

    def words(self, move: Move) -> str:
        """A verb phrase for the move log: what the one-off ``move`` does, seats written
        ``p2`` (the move log puts the reader's names in)."""
        return self.description

    def intent(self, w: Any, p: Any) -> str | None:
        """What the one-off ``p`` is played to do, told to one reader in the reader's
        language: an infinitive phrase (``"to scrap every point card"``) built with ``w``,
        a :class:`~cuttle.engine.narration.Narration` of the move that plays it.

        Each phrase is a message of the ``narration`` catalog, marked with ``N_`` and
        told with ``w.say(N_("to scrap {target}"), target=w.target(p))``, or
        ``w.by(seat, N_("...you..."), N_("...{actor}..."))`` where the reader may be the
        person named; the values come from ``w`` (``w.card``, ``w.owned``, ``w.hand``,
        ``w.cards``, ``w.person``), so that each language's grammar gives them their
        forms and hidden cards stay unnamed. Its translations go in the five
        ``narration.po`` files (docs/translating.md).

        None (the default) leaves it to the move log, which tells it from :meth:`words`
        (English only); the classic effects override this and :meth:`outcome` together,
        the house effects this one alone (``"that looks at {hand}"``, a relative phrase).
        """
        return None

    def outcome(self, w: Any, p: Any) -> str | None:
        """What the one-off ``p`` did when it resolved, told to one reader in the reader's
        language: a clause (``"the A♣ scraps every point card (the 7♦)"``) built with
        ``w``, the :class:`~cuttle.engine.narration.Narration` of the move that resolved
        it, the same way as :meth:`intent` (messages of the ``narration`` catalog, values
        from ``w``). A clause where the reader is the subject has its own message written
        in lower case (``"you may take a card from the scrap"``): it follows a colon.

        None (the default): the move log says the card takes effect, with
        :attr:`description` (translated).
        """
        return None

    def score(self, g: Any, s: int, move: Move) -> float:
        """Rough gain for seat ``s``'s side if its one-off ``move`` resolves (for bots)."""
        return 0.0

    def __repr__(self) -> str:
        return f"<Effect {self.key}>"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # effects are singletons: a pickled rule set finds the registered object again
        return (effect_for, (self.key,))


def register(effect: Effect) -> Effect:
    """Add ``effect`` to the registry under its key (replacing none); return it."""
    if not effect.key or not effect.description:
        raise ValueError(f"{type(effect).__name__} needs a key and a description")
    if effect.key in REGISTRY and REGISTRY[effect.key] is not effect:
        raise ValueError(f"effect {effect.key!r} is already registered")
    REGISTRY[effect.key] = effect
    DESCRIPTIONS[effect.key] = effect.description
    return effect


def effect_for(key: str) -> Effect:
    """Return the registered effect named ``key``."""
    found = REGISTRY.get(key)
    if found is None:
        raise InvalidRulesError(f"unknown effect {key!r}; known: {', '.join(REGISTRY)}")
    return found
