"""One move told to one reader: what the reader may be told, and the phrases to tell it.

A :class:`Narration` holds the positions just before and just after a move, the seat
that made it, the reader (a seat, or ``None`` for a spectator), the seats' names and the
reader's language; its methods tell messages of the ``narration`` catalog (:meth:`say`,
:meth:`by`) and give the values of their placeholders: people (``"you"``, ``"Bob"``),
owned cards and hands (``"your 7♦"``, ``"Bob's hand"``) and cards, named only when the
reader may see them (``"the 7♦"``, else ``"a card"``), each in the form the reader's
grammar gives it (:mod:`cuttle.engine.lang`).

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

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..i18n import DEFAULT, LANGUAGES, N_, current, normalize, translations
from .cards import CARD_NAMES, RANK_NAMES, RANKS
from .cards import describe as full_card_name
from .codec import to_json
from .core import Core
from .lang import OTHER, OWN, READER, READER_OWN, grammar
from .lang import en as _en
from .moves import Move
from .table import Pending

SUIT_SYMBOLS = "♣♦♥♠"
"""Suit symbols in suit order (clubs, diamonds, hearts, spades)."""


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
    """``"one card"``, ``"two cards"``, ``"no card"`` (English)."""
    return _en.count(k, noun)


def join(parts: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (English)."""
    return _en.join(parts)


def _third(verb: str) -> str:
    """The third-person singular of ``verb``."""
    if verb in ("may", "must", "can", "cannot"):
        return verb
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


def cap(text: str) -> str:
    """``text`` with a capital first letter."""
    return text[:1].upper() + text[1:]


class Narration:
    """What one reader may be told about one move, and the words to tell it with.

    Sentences are messages of the ``narration`` catalog told with :meth:`say` (or
    :meth:`by`, which picks the message where the reader is the subject); the values
    for their placeholders come from :meth:`person`, :meth:`card`, :meth:`full`,
    :meth:`cards`, :meth:`owned`, :meth:`hand`, :meth:`turn`, :meth:`count` and
    :meth:`group`: plain strings in English, objects of the reader's grammar
    (:mod:`cuttle.engine.lang`) elsewhere.
    """

    def __init__(
        self,
        before: Core,
        after: Core,
        seat: int,
        move: Move,
        viewer: int | None,
        names: Sequence[str],
        seen: tuple[frozenset[int], frozenset[int]] | None = None,
        lang: str | None = None,
    ) -> None:
        """Tell ``viewer`` (``None``: a spectator) about ``move`` of ``seat``, played
        from ``before`` to ``after``; ``seen``: the cards the reader sees in the two
        positions' views, when computed already; ``lang``: the reader's language
        (``None``: the current one)."""
        self.before = before
        self.after = after
        self.seat = seat
        self.move = move
        self.viewer = viewer
        self.names = names
        if seen is None:
            seen = (seen_cards(to_json(before, viewer)), seen_cards(to_json(after, viewer)))
        self._seen_before, self._seen_after = seen
        _, c, target, _, cs = move
        self._written = (c, target, *cs) if cs else (c, target)
        if lang is None:
            lang = current()
        elif lang not in LANGUAGES:
            lang = normalize(lang) or DEFAULT
        self.lang = lang
        self.english = lang == DEFAULT
        self.grammar = grammar(lang)
        if not self.english:  # English needs no catalog: its messages are the sentences
            self._gettext = translations(lang, "narration").gettext

    def sees(self, c: int) -> bool:
        """Whether the reader may be told card ``c`` by name: it sees the card in the
        view before or after the move, or the move's text names it."""
        return c in self._seen_before or c in self._seen_after or c in self._written

    @functools.cached_property
    def visible(self) -> set[int]:
        """Every card the reader may be told by name (see :meth:`sees`)."""
        written = {x for x in self._written if x >= 0}
        return set(self._seen_before | self._seen_after) | written

    # --- sentences

    def say(self, message: str, **values: Any) -> str:
        """``message`` (an English msgid marked with ``N_``) in the reader's language,
        its placeholders filled with ``values``."""
        if self.english:
            return message.format_map(values)
        return self._gettext(message).format_map(values)

    def by(self, s: int, mine: str, theirs: str, **values: Any) -> str:
        """:meth:`say` with seat ``s`` as the subject: ``mine`` when ``s`` is the reader
        (``"You draw {cards}"``), else ``theirs`` with ``{actor}`` (``"{actor} draws
        {cards}"``)."""
        if s == self.viewer:
            message = mine
        else:
            message = theirs
            values["actor"] = self.names[s] if self.english else self.person(s)
        if self.english:
            return message.format_map(values)
        return self._gettext(message).format_map(values)

    def clause(self, text: str) -> str:
        """``text`` after a colon: capitalised where the language wants it (German)."""
        return cap(text) if self.grammar.cap_after_colon else text

    def join(self, parts: Sequence[str]) -> str:
        """Clauses or names joined with the language's ``and``."""
        return self.grammar.join(parts)

    def text(self, message: str) -> str:
        """A fixed text (an effect's description) in the reader's language."""
        return message if self.english else self._gettext(message)

    # --- values

    def person(self, s: int) -> Any:
        """Seat ``s``: the reader (``"you"``) or its name."""
        return self.grammar.person(self.names[s], s == self.viewer)

    def owned(self, c: int, v: int, subject: int = -2) -> Any:
        """Card ``c`` on seat ``v``'s field: ``"your 7♦"``, ``"Bob's 7♦"``, ``"their own
        7♦"`` when ``v`` is the sentence's ``subject``."""
        return self.grammar.owned(c, self.names[v], self._relation(v, subject))

    def hand(self, v: int, subject: int = -2) -> Any:
        """Seat ``v``'s hand: ``"your hand"``, ``"Bob's hand"``, ``"their own hand"``."""
        return self.grammar.hand(self.names[v], self._relation(v, subject))

    def turn(self, v: int) -> Any:
        """Seat ``v``'s next turn: ``"your next turn"``, ``"Bob's next turn"``."""
        return self.grammar.turn(self.names[v], self._relation(v, -2))

    def count(self, k: int) -> Any:
        """``k`` cards counted: ``"two cards"``."""
        return self.grammar.count(k)

    def _relation(self, v: int, subject: int) -> str:
        if v == self.viewer:
            return READER_OWN if v == subject else READER
        return OWN if v == subject else OTHER

    # --- people (English words; the sentences use person(), owned(), hand())

    def who(self, s: int, start: bool = False) -> Any:
        """The reader's ``you`` (``You`` at the start) or a seat's name."""
        if s == self.viewer and self.english:
            return "You" if start else "you"
        return self.person(s)

    def verb(self, s: int, verb: str) -> str:
        """English ``verb`` agreeing with seat ``s`` as the subject."""
        return verb if s == self.viewer else _third(verb)

    def subj(self, s: int, verb: str, start: bool = False) -> str:
        """English ``"You draw"`` / ``"Bob draws"``."""
        return f"{self.who(s, start)} {self.verb(s, verb)}"

    def whose(self, s: int, subject: int = -2) -> str:
        """English ``"your"``, ``"Bob's"``, or ``"their own"`` when ``s`` is the
        sentence's subject."""
        if s == self.viewer:
            return "your own" if s == subject else "your"
        return "their own" if s == subject else f"{self.names[s]}'s"

    def group(self, seats: Iterable[int], start: bool = False) -> Any:
        """Several seats, the reader first: ``"you and Carol"``, ``"Alice and Carol"``."""
        ordered = sorted(seats, key=lambda s: (s != self.viewer, s))
        if self.english:
            words = [self.who(s, start and i == 0) for i, s in enumerate(ordered)]
            return join(words)
        return self.grammar.group([(self.names[s], s == self.viewer) for s in ordered])

    # --- cards

    def card(self, c: int) -> Any:
        """A card in short form (``"the 7♦"``), or ``"a card"`` if the reader may not see it."""
        return self.grammar.card(c if self.sees(c) else None)

    def full(self, c: int) -> Any:
        """A card put down, in full (``"the Seven of Diamonds"``), or ``"a card"``."""
        return self.grammar.card(c if self.sees(c) else None, True)

    def named(self, c: int) -> Any:
        """A card on the table, named to every reader (``"the 7♦"``)."""
        return self.grammar.card(c)

    def cards(self, cs: Sequence[int]) -> Any:
        """Several cards: ``"the 3♣ and 4♦"``; unseen ones counted (``"two cards"``)."""
        sees = self.sees
        shown = [c for c in sorted(cs) if sees(c)]
        return self.grammar.cards(shown, len(cs) - len(shown))

    # --- the table

    def drawn(self, s: int) -> list[int]:
        """Cards that came into ``s``'s hand with the move."""
        had = set(self.before.hands[s])
        return [c for c in self.after.hands[s] if c not in had]

    def draws(self, s: int) -> str:
        """``"Bob draws two cards"``: what ``s`` drew with the move (or that it could not)."""
        drawn = self.drawn(s)
        if not drawn:
            return self.by(s, N_("you can draw nothing"), N_("{actor} can draw nothing"))
        return self.by(
            s, N_("you draw {cards}"), N_("{actor} draws {cards}"), cards=self.cards(drawn)
        )

    def must_discard(self, v: int) -> str:
        """``"Bob must discard two cards"`` for the seat ``v`` a four has reached."""
        k = self.count(min(2, len(self.after.hands[v])))
        return self.by(
            v, N_("you must discard {count}"), N_("{actor} must discard {count}"), count=k
        )

    def target(self, p: Pending) -> Any:
        """``"your Q♠"``: the pending card's target with its controller before the move."""
        v = controller(self.before, p.target)
        return self.owned(p.target, v, p.by) if v >= 0 else self.card(p.target)

    def goes_back(self, base: int) -> str:
        """``", and the 7♦ goes back to you"`` when a cover's removal hands ``base`` on."""
        if base < 0:
            return ""
        to = controller(self.after, base)
        if to < 0:
            return ""
        told = self.by(
            to,
            N_("and {card} goes back to you"),
            N_("and {card} goes back to {actor}"),
            card=self.named(base),
        )
        return ", " + told

    def target_scrapped(self, p: Pending) -> str:
        """``"the 2♣ scraps Bob's Q♠"``: a one-off that scraps its target, resolved."""
        base = base_under(self.before, p.target)
        said = self.say(N_("{card} scraps {target}"), card=self.card(p.card), target=self.target(p))
        return said + self.goes_back(base)


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
    "SUIT_SYMBOLS", "Narration", "base_under", "cap", "card_mentions", "controller", "count",
    "full_name", "hand_of", "join", "seen_cards", "short_name",
]  # fmt: skip
