"""The public game: the core with notation on top.

:class:`Game` is :class:`~cuttle.engine.core.Core` (the position, its legal moves and
their effects) plus what speaks notation: positions as JSON (:meth:`Game.to_json`,
:meth:`Game.view`, :meth:`Game.from_json`), sampling a world from a seat's view
(:meth:`Game.sample`) and text moves refused with a reason (:meth:`Game.play`).
:func:`new_game` shuffles and deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self, cast

from ..i18n import N_
from . import codec
from . import effects as _effects  # noqa: F401  (registers the effect primitives)
from . import rules as R
from .cards import CARD_NAMES, deal_rng, full_deck, shuffle
from .cards import card as parse_card
from .core import Core
from .errors import GameOverError, IllegalMoveError, InvalidPositionError
from .explain import explain_illegal
from .moves import Move, parse_move
from .reasons import say
from .rules import RuleSet
from .table import (
    ANSWER,
    COUNTER_PHASE,
    DISCARD_PHASE,
    HAND_LIMIT,
    KIND_ANSWER,
    KIND_ONEOFF,
    KIND_ROYAL,
    KIND_SCUTTLE,
    MAIN,
    OVER,
    PHASES,
    SEVEN_PHASE,
    TAKE_PHASE,
    Outcome,
    Pending,
    Phase,
    Stack,
    Termination,
)

__all__ = [
    "ANSWER",
    "COUNTER_PHASE",
    "DISCARD_PHASE",
    "HAND_LIMIT",
    "KIND_ANSWER",
    "KIND_ONEOFF",
    "KIND_ROYAL",
    "KIND_SCUTTLE",
    "MAIN",
    "OVER",
    "PHASES",
    "SEVEN_PHASE",
    "TAKE_PHASE",
    "Game",
    "Outcome",
    "Pending",
    "Phase",
    "Stack",
    "Termination",
    "new_game",
]


class Game(Core):
    """A game of Cuttle: the full position, its rules and its history.

    Create one with :func:`cuttle.new_game` or :meth:`from_json`. The seat to act is
    :attr:`to_act`; :meth:`legal_moves` lists its moves and :meth:`play` applies one.
    """

    __slots__ = ()

    def copy(self) -> Self:
        """Return an independent copy of the game (history included), of the same class."""
        if type(self) is Game:
            # the class named, not type(self): compiled, a direct call of the native
            # constructor instead of a call through the type object (arguments parsed)
            return cast(Self, Game(self.rules, self))
        return type(self)(self.rules, self)

    @classmethod
    def deal(cls, rules: RuleSet, deck: Sequence[int]) -> Game:
        """Deal ``deck`` (top first) as notation.md says and return the new game.

        The cards :attr:`RuleSet.remove` names are first set aside face up
        (:func:`~cuttle.engine.rules.set_aside`); the rest is dealt in order.
        """
        g = cls(rules)
        g.start_deck = list(deck)
        if rules.remove:
            g.removed = R.set_aside(deck, rules.remove)
            deck = [c for c in deck if c not in g.removed]
        stack = list(reversed(deck))
        n = g.n
        sizes = [rules.hand_size(s) for s in range(n)]
        hands = g.hands
        left = sum(sizes)
        while left:  # one card a seat a round, in seat order, until every hand is full
            for s in range(n):
                hand = hands[s]
                if len(hand) < sizes[s]:
                    c = stack.pop()
                    hand.append(c)
                    left -= 1
        g.deck = stack
        return g

    def to_json(self) -> dict[str, Any]:
        """Return the full position in canonical JSON form (notation.md)."""
        return codec.to_json(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return the position as ``seat`` may see it (``None``: a spectator's view)."""
        return codec.to_json(self, seat)

    @classmethod
    def from_json(cls, obj: Any, rules: RuleSet | None = None) -> Game:
        """Read a position (validated; see :func:`cuttle.engine.position.from_json`)."""
        return codec.from_json(obj, rules, cls)

    def sample(self, seat: int, rng: random.Random) -> Game:
        """Deal a full position consistent with everything ``seat`` knows."""
        return codec.deal_from_view(self.view(seat), rng, self.rules, type(self))

    def play(self, move: str) -> None:
        """Apply ``move`` (notation text) for the seat to act.

        Raises :class:`InvalidMoveError` if the text cannot be parsed and
        :class:`IllegalMoveError` (with the reason) if the move is not legal here; in
        both cases the game is left exactly as it was.
        """
        parsed = parse_move(move)
        if self.winners is not None:
            raise GameOverError(say(N_("the game is over")))
        legal = self.legal_actions()
        if parsed not in legal:
            parsed = _complete(parsed, legal)
        if parsed not in legal:
            raise IllegalMoveError(explain_illegal(self, parsed))
        self.apply(parsed)


def _complete(move: Move, legal: list[Move]) -> Move:
    """Accept a move written without a seat the position makes obvious."""
    verb, c, target, seat, cs = move
    if seat == -1:
        matches = [
            m
            for m in legal
            if m.verb == verb and m.card == c and m.target == target and m.cards == cs
        ]
        if len(matches) == 1:
            return matches[0]
    return move


def new_game(
    rules: str | RuleSet = "standard",
    variants: Sequence[str] = (),
    players: int | None = None,
    seed: int | str | None = None,
    deck: Sequence[str] | Sequence[int] | None = None,
    rng: random.Random | None = None,
) -> Game:
    """Shuffle (with ``seed``) or take ``deck`` (top first), deal, and return a new game.

    ``rules`` is a rule-set name or a :class:`RuleSet`; ``players`` the seat count
    where the rule set allows a choice (multiplayer: 2 to 8). ``rng``, instead of a
    seed, shuffles with a generator of the caller's, which the shuffle advances (as
    ``rng.shuffle`` would): a program dealing many games draws them all from one
    stream, without seeding a new generator for each deal. ``new_game(seed=s)`` deals
    what ``new_game(rng=random.Random(s))`` deals.
    """
    if rng is not None and (seed is not None or deck is not None):
        raise ValueError("new_game takes one of seed, deck and rng, not two")
    rs = R.get_rules(rules, variants, players)
    if deck is None:
        cards = full_deck(rs.jokers)
        shuffle(deal_rng(seed) if rng is None else rng, cards)
    else:
        cards = [c if isinstance(c, int) else parse_card(c) for c in deck]
        if sorted(cards) != full_deck(rs.jokers):
            missing = sorted(set(full_deck(rs.jokers)) - set(cards))
            extra = sorted({c for c in cards if cards.count(c) > 1 or c >= rs.card_count})
            raise InvalidPositionError(
                f"the deck must hold each of the {rs.card_count} cards once"
                + (f"; missing {' '.join(CARD_NAMES[c] for c in missing)}" if missing else "")
                + (f"; wrong or repeated {' '.join(CARD_NAMES[c] for c in extra)}" if extra else "")
            )
    return Game.deal(rs, cards)
