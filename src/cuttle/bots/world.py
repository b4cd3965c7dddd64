"""Determinization: full positions consistent with one seat's view, sampled fast.

:func:`cuttle.engine.position.deal_from_view` validates and builds a whole game, which
is too slow to call thousands of times a move. :class:`WorldSampler` calls it once to
get a template, remembers which hand and deck slots were hidden (``"??"``) in the view,
and then re-deals only those slots for each new sample.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..engine.cards import card
from ..engine.game import Game
from ..engine.position import deal_from_view

HIDDEN = "??"


class WorldSampler:
    """Samples full games consistent with ``view`` (a seat's view), uniformly over the
    cards that seat has not seen."""

    def __init__(self, view: Mapping[str, Any], rng: random.Random) -> None:
        """Build the template world; ``rng`` drives every later sample."""
        self.rng = rng
        self.seat: int = int(view.get("seat", view["to_act"]))
        self.template: Game = deal_from_view(view, rng)
        t = self.template
        self.known_hands: list[list[int]] = []
        self.hidden_counts: list[int] = []
        for h, names in enumerate(view["hands"]):
            known = [card(x) for x in names if x != HIDDEN]
            self.known_hands.append(known)
            self.hidden_counts.append(len(t.hands[h]) - len(known))
        tops = 0
        for x in view["deck"]:
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

    @property
    def hidden(self) -> int:
        """How many cards the seat cannot see (0: the view is the whole position)."""
        return len(self.pool)

    def sample(self) -> Game:
        """Return a fresh full game: the hidden cards dealt anew at random."""
        g = self.template.copy()
        if not self.pool:
            return g
        pool = self.pool[:]
        self.rng.shuffle(pool)
        i = 0
        known = g.known
        for h, k in enumerate(self.hidden_counts):
            if k:
                dealt = pool[i : i + k]
                g.hands[h] = self.known_hands[h] + dealt
                # a re-dealt card is known only to its new holder
                for c in dealt:
                    known[c] = 1 << h
                i += k
            # hands without hidden cards are already right in the template copy
        g.deck = pool[i : i + self.deck_hidden] + self.deck_known_tail
        for c in pool[i : i + self.deck_hidden]:
            known.pop(c, None)
        return g
