"""One move told to one reader: what the reader may be told, and the phrases to tell it.

A :class:`Narration` holds the positions just before and just after a move, the seat
that made it, the reader (a seat, or ``None`` for a spectator) and the seats' names; its
methods give the pieces every sentence is made of: people (``"you"``, ``"Bob's"``),
verbs that agree with them (``"You draw"``, ``"Bob draws"``) and cards, named only when
the reader may see them (``"the 7♦"``, else ``"a card"``).

The sentences themselves are built elsewhere: :mod:`cuttle.engine.words` tells the
verbs (draw, points, scuttle, counter, ...), and each one-off effect tells its own intent
and outcome (:meth:`cuttle.engine.effect.Effect.intent`, ``outcome``) with the pieces
here. This module reads positions through :class:`~cuttle.engine.core.Core` and
:func:`~cuttle.engine.codec.to_json` only, below the effects, so they may use it.

Card names: a card that a player puts down is named in full, ``"the Eight of Hearts"``
(:func:`full_name`); every other card in short form, ``"the 7♦"`` (:func:`short_name`).
Jokers are ``"Joker 1"`` and ``"Joker 2"`` in both forms. :func:`card_mentions` reads
the cards back out of a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from .cards import CARD_NAMES, RANK_NAMES, RANKS
from .cards import describe as full_card_name
from .codec import to_json
from .core import Core
from .moves import Move
from .table import Pending

SUIT_SYMBOLS = "♣♦♥♠"
"""Suit symbols in suit order (clubs, diamonds, hearts, spades)."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def short_name(c: int) -> str:
    """Return the short name of card ``c``: ``"7♦"``, ``"10♣"``, ``"K♥"``, ``"Joker 1"``.

    >>> short_name(25), short_name(37), short_name(52)
    ('7♦', '10♦', 'Joker 1')
    """
    if c >= 52:
        return f"Joker {c - 51}"
    rank = RANKS[c // 4]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[c % 4]


def full_name(c: int) -> str:
    """Return the full name of card ``c``: ``"Seven of Diamonds"``, ``"Joker 2"``."""
    return full_card_name(c)


_SHORT_RE = r"(?:10|[A2-9JQK])[♣♦♥♠]"
_FULL_RE = r"(?:{})\s+of\s+(?:Clubs|Diamonds|Hearts|Spades)".format("|".join(RANK_NAMES[:13]))
_MENTION = re.compile(rf"{_FULL_RE}|{_SHORT_RE}|Joker [12]")
_BY_WORDS: dict[str, int] = {short_name(c): c for c in range(54)}
_BY_WORDS.update({full_name(c): c for c in range(54)})


def card_mentions(text: str) -> list[int]:
    """Return the cards named in ``text`` (short or full names), in order.

    >>> [CARD_NAMES[c] for c in card_mentions("Bob scuttles your 7♦ with the Nine of Clubs.")]
    ['7D', '9C']
    """
    return [_BY_WORDS[re.sub(r"\s+", " ", m)] for m in _MENTION.findall(text)]


_CARD_INDEX: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}


_SKIPPED = frozenset(("rules", "variants", "phase", "termination"))


def seen_cards(view: Any) -> frozenset[int]:
    """Every card named in a view (JSON): what its reader may be told by name."""
    out: set[int] = set()
    index = _CARD_INDEX.get
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            card = index(x)
            if card is not None:
                out.add(card)
        elif isinstance(x, dict):
            stack.extend(value for key, value in x.items() if key not in _SKIPPED)
        elif isinstance(x, list):
            stack.extend(x)
    return frozenset(out)


def count(k: int, noun: str = "card") -> str:
    """``"one card"``, ``"two cards"``, ``"no card"``."""
    word = _NUMBERS[k] if k < len(_NUMBERS) else str(k)
    return f"{word} {noun}" + ("s" if k > 1 else "")


def join(parts: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _third(verb: str) -> str:
    """The third-person singular of ``verb``."""
    if verb in ("may", "must", "can", "cannot"):
        return verb
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


class Narration:
    """What one reader may be told about one move, and the phrases to tell it with."""

    def __init__(
        self,
        before: Core,
        after: Core,
        seat: int,
        move: Move,
        viewer: int | None,
        names: Sequence[str],
        seen: tuple[frozenset[int], frozenset[int]] | None = None,
    ) -> None:
        """Tell ``viewer`` (``None``: a spectator) about ``move`` of ``seat``, played
        from ``before`` to ``after``; ``seen``: the cards the reader sees in the two
        positions' views, when computed already."""
        self.before = before
        self.after = after
        self.seat = seat
        self.move = move
        self.viewer = viewer
        self.names = names
        if seen is None:
            seen = (seen_cards(to_json(before, viewer)), seen_cards(to_json(after, viewer)))
        visible = set(seen[0] | seen[1])
        _, c, target, _, cs = move
        visible.update(x for x in (c, target, *cs) if x >= 0)
        self.visible = visible

    # --- people

    def who(self, s: int, start: bool = False) -> str:
        """The reader's ``you`` or a seat's name."""
        if s == self.viewer:
            return "You" if start else "you"
        return self.names[s]

    def verb(self, s: int, verb: str) -> str:
        """``verb`` agreeing with seat ``s`` as the subject."""
        return verb if s == self.viewer else _third(verb)

    def subj(self, s: int, verb: str, start: bool = False) -> str:
        """``"You draw"`` / ``"Bob draws"``."""
        return f"{self.who(s, start)} {self.verb(s, verb)}"

    def whose(self, s: int, subject: int = -2) -> str:
        """``"your"``, ``"Bob's"``, or ``"their own"`` when ``s`` is the sentence's subject."""
        if s == self.viewer:
            return "your own" if s == subject else "your"
        return "their own" if s == subject else f"{self.names[s]}'s"

    def group(self, seats: Iterable[int], start: bool = False) -> str:
        """Several seats, the reader first: ``"You and Carol"``, ``"Alice and Carol"``."""
        ordered = sorted(seats, key=lambda s: (s != self.viewer, s))
        words = [self.who(s, start and i == 0) for i, s in enumerate(ordered)]
        return join(words)

    # --- cards

    def card(self, c: int) -> str:
        """A card in short form (``"the 7♦"``), or ``"a card"`` if the reader may not see it."""
        if c not in self.visible:
            return "a card"
        name = short_name(c)
        return name if c >= 52 else f"the {name}"

    def full(self, c: int) -> str:
        """A card put down, in full (``"the Seven of Diamonds"``), or ``"a card"``."""
        if c not in self.visible:
            return "a card"
        return full_name(c) if c >= 52 else f"the {full_name(c)}"

    def cards(self, cs: Sequence[int]) -> str:
        """Several cards: ``"the 3♣ and 4♦"``; unseen ones counted (``"two cards"``)."""
        shown = [c for c in sorted(cs) if c in self.visible]
        hidden = len(cs) - len(shown)
        if not cs:
            return "no card"
        parts = [short_name(c) for c in shown]
        if parts and shown[0] < 52:
            parts[0] = "the " + parts[0]
        if hidden == 1 and not shown:
            parts.append("a card")
        elif hidden:
            parts.append(count(hidden) if not shown else count(hidden, "other card"))
        return join(parts)

    # --- the table

    def drawn(self, s: int) -> list[int]:
        """Cards that came into ``s``'s hand with the move."""
        had = set(self.before.hands[s])
        return [c for c in self.after.hands[s] if c not in had]

    def draws(self, s: int) -> str:
        """``"Bob draws two cards"``: what ``s`` drew with the move (or that it could not)."""
        drawn = self.drawn(s)
        if not drawn:
            return f"{self.who(s)} can draw nothing"
        return f"{self.subj(s, 'draw')} {self.cards(drawn)}"

    def must_discard(self, v: int) -> str:
        """``"Bob must discard two cards"`` for the seat ``v`` a four has reached."""
        k = min(2, len(self.after.hands[v]))
        return f"{self.subj(v, 'must')} discard {count(k)}"

    def target(self, p: Pending) -> str:
        """``"your Q♠"``: the pending card's target with its controller before the move."""
        v = controller(self.before, p.target)
        return f"{self.whose(v, p.by)} {short_name(p.target)}" if v >= 0 else self.card(p.target)

    def goes_back(self, base: int) -> str:
        """``", and the 7♦ goes back to you"`` when a cover's removal hands ``base`` on."""
        if base < 0:
            return ""
        to = controller(self.after, base)
        return f", and the {short_name(base)} goes back to {self.who(to)}" if to >= 0 else ""

    def target_scrapped(self, p: Pending) -> str:
        """``"the 2♣ scraps Bob's Q♠"``: a one-off that scraps its target, resolved."""
        base = base_under(self.before, p.target)
        return f"{self.card(p.card)} scraps {self.target(p)}{self.goes_back(base)}"


def controller(g: Core, c: int) -> int:
    """The seat whose field holds table card ``c`` (in any place of a stack), or -1."""
    for v in range(g.n):
        if c in g.glasses[v]:
            return v
        for st in (*g.points[v], *g.faces[v]):
            if st.card == c or any(j == c for j, _ in st.covers):
                return v
    return -1


def base_under(g: Core, c: int) -> int:
    """The base card of the stack whose top cover is ``c``, or -1."""
    for v in range(g.n):
        for st in (*g.points[v], *g.faces[v]):
            if st.covers and st.covers[-1].card == c:
                return st.card
    return -1


def hand_of(g: Core, c: int) -> int:
    """The seat holding ``c`` in hand, or -1."""
    for v in range(g.n):
        if c in g.hands[v]:
            return v
    return -1


__all__ = [
    "SUIT_SYMBOLS", "Narration", "base_under", "card_mentions", "controller", "count",
    "full_name", "hand_of", "join", "seen_cards", "short_name",
]  # fmt: skip
