"""Determinization: full positions consistent with one seat's view, sampled fast.

:func:`cuttle.engine.position.deal_from_view` validates and builds a whole game, which
is too slow to call thousands of times a move. :class:`WorldSampler` calls it once to
get a template, remembers which hand and deck slots were hidden (``"??"``) in the view,
and then re-deals only those slots for each new sample.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..engine.cards import card
from ..engine.game import Game
from ..engine.position import deal_from_view
from .base import SeatView

HIDDEN: Final = "??"
DECK_SPREAD: Final = 20
"""Hidden deck cards from the top that every sample deals uniformly at random."""


class WorldSampler:
    """Samples full games consistent with ``view`` (a seat's view), uniformly over the
    cards that seat has not seen. Every world is played by ``view.rules``, the rule set
    object itself (house rules included)."""

    def __init__(
        self,
        view: SeatView,
        rng: random.Random,
        weight: Callable[[Game], float] | None = None,
        max_tries: int = 24,
    ) -> None:
        """Build the template world; ``rng`` drives every later sample.

        ``weight``, if given, is a likelihood in [0, 1] of a dealt world (for example
        :meth:`cuttle.bots.belief.CounterBelief.weight`): each deal is kept with that
        chance, else dealt again, at most ``max_tries`` times (rejection sampling).
        """
        self.rng = rng
        self.weight = weight
        self.max_tries = max_tries
        position = view.position
        self.seat: int = view.acting
        self.template: Game = deal_from_view(position, rng, view.rules)
        t = self.template
        self.known_hands: list[list[int]] = []
        self.hidden_counts: list[int] = []
        for h, names in enumerate(position["hands"]):
            known = [card(x) for x in names if x != HIDDEN]
            self.known_hands.append(known)
            self.hidden_counts.append(len(t.hands[h]) - len(known))
        tops = 0
        for x in position["deck"]:
            if x == HIDDEN:
                break
            tops += 1
        # t.deck is bottom first: the hidden part is the front, the known tops the end.
        self.deck_hidden = len(t.deck) - tops
        self.deck_known_tail = t.deck[self.deck_hidden :]
        known_sets = [set(k) for k in self.known_hands]
        pool: list[int] = []
        for h, hand in enumerate(t.hands):
            pool.extend(c for c in hand if c not in known_sets[h])
        pool.extend(t.deck[: self.deck_hidden])
        self.pool = pool
        self.base_known = {c: m for c, m in t.known.items() if c not in set(pool)}
        """Who knows which card in hand, with every re-dealt card left out."""
        self.spread = sum(self.hidden_counts) + DECK_SPREAD

    @property
    def hidden(self) -> int:
        """How many cards the seat cannot see (0: the view is the whole position)."""
        return len(self.pool)

    def sample(self) -> Game:
        """Return a fresh full game: the hidden cards dealt anew at random (in
        proportion to ``weight`` when one was given)."""
        weight = self.weight
        if weight is None or not self.pool:
            return self.deal()
        rnd = self.rng.random
        g = self.deal()
        for _ in range(self.max_tries - 1):
            w = weight(g)
            if w >= 1.0 or rnd() < w:
                break
            g = self.deal()
        return g

    def deal(self) -> Game:
        """Return a fresh full game: the hidden cards dealt anew uniformly at random.

        Only the hidden hand slots and the top :data:`DECK_SPREAD` hidden deck cards
        are drawn at random (a partial Fisher-Yates shuffle); deeper deck cards are
        shuffled less thoroughly, which no search looks far enough ahead to notice.
        """
        g = self.template.copy()
        pool = self.pool[:]
        n = len(pool)
        if not n:
            return g
        rnd = self.rng.random
        for i in range(min(n - 1, self.spread)):
            j = i + int(rnd() * (n - i))
            pool[i], pool[j] = pool[j], pool[i]
        i = 0
        for h, k in enumerate(self.hidden_counts):
            if k:
                dealt = pool[i : i + k]
                # a re-dealt card is known only to its new holder: no entry in known
                g.hands[h] = self.known_hands[h] + dealt
                i += k
            # hands without hidden cards are already right in the template copy
        rest = pool[i:]
        rest.reverse()  # pool[i] is the top card: the end of the deck list
        g.deck = rest + self.deck_known_tail
        g.known = self.base_known  # shared: a game replaces its known, never changes it
        return g
