"""The narration's grammars: one module per language, each a :class:`Grammar`.

The move log's sentences are messages of the ``narration`` gettext catalog whose msgids
are English sentences with named placeholders (``"{actor} scuttles {target} with
{card}"``); a sentence where the reader is the subject has a message of its own
(``"You scuttle {target} with {card}"``). The values put into the placeholders are
small objects made by the reader's grammar (a person, a card, a card someone owns, a
list of cards, a count) whose ``__format__`` asks that grammar for the right form: a
translation picks case, article or preposition with a format spec, e.g. German
``"{actor} sticht {target:acc} mit {card:dat}"``, French ``"... {card:de} ..."``,
Ukrainian ``"{actor} б'є {target:acc} картою {card:ins}"``.

English needs no objects: :class:`~cuttle.engine.lang.en.English` returns plain strings
(the server's hot path stays as cheap as an f-string), and its msgids are the sentences.

Adding a language: write ``lang/xx.py`` with a :class:`Grammar` subclass (card names and
genders, articles by case, possessives, people, lists, numbers), register it in
:data:`GRAMMARS` below, and translate the ``narration`` catalog (docs/translating.md).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from typing import Any

from ...i18n import DEFAULT, LANGUAGES

OWN = "own"
"""Owner relation: the owner is the sentence's subject, not the reader (``"their own
7♦"``)."""
READER = "reader"
"""Owner relation: the owner is the reader (``"your 7♦"``)."""
READER_OWN = "reader-own"
"""Owner relation: the owner is the reader and the subject (``"your own 7♦"``)."""
OTHER = "other"
"""Owner relation: another seat, by name (``"Bob's 7♦"``)."""


class Word:
    """A placeholder's value in a grammar that inflects: formatted by the grammar, with
    the format spec naming the form (``"{card:acc}"``)."""

    __slots__ = ("args", "grammar", "kind")

    def __init__(self, grammar: Grammar, kind: str, *args: Any) -> None:
        """A ``kind`` of word (``person``, ``card``, ``owned``, ``cards``, ``count``,
        ``group``) of ``grammar``, told by ``grammar.render_<kind>(*args, spec)``."""
        self.grammar = grammar
        self.kind = kind
        self.args = args

    def __format__(self, spec: str) -> str:
        render = getattr(self.grammar, "render_" + self.kind)
        text: str = render(*self.args, spec)
        return text

    def __str__(self) -> str:
        return self.__format__("")

    def __repr__(self) -> str:
        return f"<Word {self.grammar.code} {self.kind} {self.args!r}>"


class Grammar:
    """A language's words for the narration: people, cards, possessives, lists, numbers.

    The methods without ``render_`` make the values put into a sentence's placeholders;
    the ``render_`` ones (a language implements them) give a value's form for a format
    spec (``""``: the plain form, the subject). Cards are numbers 0-53 (rank = c // 4,
    suit = c % 4, 52 and 53 the jokers); ``None`` is a card the reader may not see.
    """

    code = ""
    """The language's code (``"de"``)."""
    cap_after_colon = False
    """Whether a clause after a colon starts with a capital (German: a whole sentence)."""
    specs: tuple[str, ...] = ("",)
    """The format specs the language's translations may give (``"acc"``, ``"de"``)."""

    # --- values (English overrides these with plain strings)

    def person(self, name: str, reader: bool) -> Any:
        """A seat: the reader (``you``) or a seat by name."""
        return Word(self, "person", name, reader)

    def card(self, c: int | None, full: bool = False) -> Any:
        """A card with its article (``full``: by its full name), or a hidden card."""
        return Word(self, "card", c, full)

    def owned(self, c: int, owner: str, relation: str) -> Any:
        """Card ``c`` on ``owner``'s field (``relation``: :data:`READER`,
        :data:`READER_OWN`, :data:`OWN`, :data:`OTHER`)."""
        return Word(self, "owned", c, owner, relation)

    def hand(self, owner: str, relation: str) -> Any:
        """``owner``'s hand (``"your hand"``, ``"Bob's hand"``, ``"their own hand"``)."""
        return Word(self, "hand", owner, relation)

    def turn(self, owner: str, relation: str) -> Any:
        """``owner``'s next turn."""
        return Word(self, "turn", owner, relation)

    def cards(self, shown: Sequence[int], hidden: int) -> Any:
        """Cards told by name (``shown``, sorted) and ``hidden`` more not told."""
        return Word(self, "cards", tuple(shown), hidden)

    def count(self, k: int) -> Any:
        """``k`` cards, counted (``"two cards"``)."""
        return Word(self, "count", k)

    def group(self, people: Sequence[tuple[str, bool]]) -> Any:
        """Several seats, the reader first (``(name, is_reader)`` pairs)."""
        return Word(self, "group", tuple(people))

    def card_names(self, c: int) -> set[str]:
        """Every text that names card ``c`` in this language: its short form and its
        full name in every form (for tests and tools that look for cards in a text)."""
        from .en import short

        return {short(c)} | {format(self.card(c, True), spec) for spec in self.specs}

    # --- forms (each language)

    def render_person(self, name: str, reader: bool, spec: str) -> str:
        """A person's form for ``spec``."""
        raise NotImplementedError

    def render_card(self, c: int | None, full: bool, spec: str) -> str:
        """A card's form for ``spec``."""
        raise NotImplementedError

    def render_owned(self, c: int, owner: str, relation: str, spec: str) -> str:
        """An owned card's form for ``spec``."""
        raise NotImplementedError

    def render_hand(self, owner: str, relation: str, spec: str) -> str:
        """A hand's form for ``spec``."""
        raise NotImplementedError

    def render_turn(self, owner: str, relation: str, spec: str) -> str:
        """A next turn's form for ``spec``."""
        raise NotImplementedError

    def render_cards(self, shown: tuple[int, ...], hidden: int, spec: str) -> str:
        """A list of cards for ``spec``: each shown card, then the hidden ones counted."""
        if not shown and not hidden:
            return self.render_count(0, spec)
        parts = [self.render_card(c, False, spec) for c in shown]
        if hidden == 1 and not shown:
            parts.append(self.render_card(None, False, spec))
        elif hidden:
            parts.append(self.render_more(hidden, bool(shown), spec))
        return self.join(parts)

    def render_more(self, k: int, others: bool, spec: str) -> str:
        """``k`` hidden cards (``others``: after named ones, ``"two other cards"``)."""
        return self.render_count(k, spec)

    def render_count(self, k: int, spec: str) -> str:
        """``k`` cards for ``spec``."""
        raise NotImplementedError

    def render_group(self, people: tuple[tuple[str, bool], ...], spec: str) -> str:
        """Several people for ``spec``."""
        return self.join([self.render_person(name, me, spec) for name, me in people])

    and_word = "and"
    """The word that joins the last two items of a list."""

    def join(self, parts: Sequence[str]) -> str:
        """``"a"``, ``"a and b"``, ``"a, b and c"`` in this language."""
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + f" {self.and_word} " + parts[-1]


GRAMMARS: dict[str, str] = {
    "en": "en:English",
    "de": "de:German",
    "es": "es:Spanish",
    "fr": "fr:French",
    "it": "it:Italian",
    "uk": "uk:Ukrainian",
}
"""Each language's grammar: ``module:class`` under :mod:`cuttle.engine.lang`."""


@functools.cache
def grammar(lang: str) -> Grammar:
    """The grammar of ``lang`` (a language we do not speak: English)."""
    code = lang if lang in GRAMMARS and lang in LANGUAGES else DEFAULT
    module, name = GRAMMARS[code].split(":")
    found: type[Grammar] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    return found()


__all__ = ["GRAMMARS", "OTHER", "OWN", "READER", "READER_OWN", "Grammar", "Word", "grammar"]
