"""What French, Spanish and Italian share: articles by gender with elision, a
preposition fused with the article (``du``, ``al``, ``della``), possessives before the
noun and an owner after it (``le 7♦ de Bob``).

A language gives its tables; the format spec is a preposition (``{card:de}``,
``{card:a}``, ``{hand:da}``): the value comes with that preposition fused or put before
it. The plain field is the value alone.
"""

from __future__ import annotations

from typing import ClassVar

from . import OTHER, OWN, READER, Grammar
from .en import short


class Romance(Grammar):
    """A Romance grammar driven by tables (see the subclasses)."""

    ranks: tuple[str, ...] = ()
    """The ranks' words, ace to king, for full names."""
    suits: tuple[str, ...] = ()
    """The suits' words (clubs, diamonds, hearts, spades)."""
    joker = "joker"
    """The joker's word (``le joker 1``)."""
    of = "de"
    """The word between rank and suit, and before an owner (``le 7♦ de Bob``)."""
    feminine: frozenset[int] = frozenset()
    """The ranks (0 = ace) whose word is feminine."""
    vowel: frozenset[int] = frozenset()
    """The ranks whose article elides (``l'as``)."""
    articles: ClassVar[dict[str, str]] = {}
    """``m``, ``f``, ``v`` (elided) -> the definite article."""
    fused: ClassVar[dict[tuple[str, str], str]] = {}
    """(preposition, article) -> their fused form (``("de", "le")`` -> ``"du"``)."""
    preps: ClassVar[dict[str, str]] = {}
    """Format spec -> the preposition's word (``"a"`` -> ``"à"``)."""
    your: ClassVar[dict[str, str]] = {}
    """``m``, ``f`` -> the reader's possessive with its article (``ton``, ``il tuo``)."""
    own: ClassVar[dict[str, str]] = {}
    """``m``, ``f`` -> the subject's own (``son propre``, ``il proprio``)."""
    a_card = ""
    """A hidden card (``une carte``)."""
    you = ""
    """The reader as a person (``toi``)."""
    you_subject = ""
    """The reader as the subject (``tu``)."""
    numbers: tuple[str, ...] = ()
    """No card, one card, two cards ... (the words with the noun)."""
    more: tuple[str, ...] = ()
    """One other card, two other cards ..."""
    hand_word = ""
    """The hand, a feminine noun (``main``)."""
    turn_word = ""
    """The next turn, a masculine noun with its adjective (``prochain tour``)."""

    # --- the machinery

    def prep(self, phrase: str, spec: str) -> str:
        """``phrase`` (starting with its article) after the preposition of ``spec``."""
        if not spec or spec not in self.preps:
            return phrase
        head, sep, rest = phrase.partition(" ")
        for article in (head, head.split("'")[0] + "'" if "'" in head else None):
            if article is not None and (spec, article) in self.fused:
                fused = self.fused[(spec, article)]
                tail = phrase[len(article) :]
                return fused + tail if article.endswith("'") else f"{fused}{sep}{rest}"
        word = self.preps[spec]
        return self.elide(word, phrase)

    def elide(self, word: str, phrase: str) -> str:
        """``word phrase`` (``de Bob``; French elides: ``d'Alice``)."""
        return f"{word} {phrase}"

    def gender(self, c: int) -> str:
        """``m``, ``f``, or ``v`` (an article that elides) for card ``c``."""
        if c >= 52:
            return "m"
        rank = c // 4
        if rank in self.vowel:
            return "v"
        return "f" if rank in self.feminine else "m"

    def article(self, c: int) -> str:
        """The definite article of card ``c`` (``le``, ``l'``)."""
        return self.articles[self.gender(c)]

    def bare(self, c: int, full: bool) -> str:
        """The card's noun without article (``sept de carreau``, ``7♦``)."""
        if c >= 52:
            return f"{self.joker} {c - 51}"
        if not full:
            return short(c)
        return f"{self.ranks[c // 4]} {self.of} {self.suits[c % 4]}"

    def with_article(self, article: str, noun: str) -> str:
        """``le 7♦``, ``l'as``."""
        return article + noun if article.endswith("'") else f"{article} {noun}"

    # --- forms

    def render_person(self, name: str, reader: bool, spec: str) -> str:
        """``toi``, ``Bob``; ``de Bob``, ``à toi``; ``tu`` (spec ``subj``)."""
        if reader and spec == "subj":
            return self.you_subject
        word = self.you if reader else name
        return self.elide(self.preps[spec], word) if spec in self.preps else word

    def render_card(self, c: int | None, full: bool, spec: str) -> str:
        """``le 7♦``, ``du sept de carreau``, ``à une carte``."""
        if c is None:
            phrase = self.a_card
        else:
            phrase = self.with_article(self.article(c), self.bare(c, full))
        return self.prep(phrase, spec)

    def owned_phrase(self, noun: str, g: str, owner: str, relation: str) -> str:
        """``ton 7♦``, ``son propre 7♦``, ``le 7♦ de Bob`` (``g``: the noun's gender)."""
        if relation == READER:
            return f"{self.your['f' if g == 'f' else 'm' if g == 'm' else 'v']} {noun}"
        if relation == OTHER:
            return self.with_article(self.articles[g], noun) + " " + self.elide(self.of, owner)
        lead = self.own["f" if g == "f" else "m"]
        if relation == OWN:
            return f"{lead} {noun}"
        return f"{self.your['f' if g == 'f' else 'm' if g == 'm' else 'v']} {noun}"

    def render_owned(self, c: int, owner: str, relation: str, spec: str) -> str:
        """The owned card after the preposition of ``spec``."""
        return self.prep(self.owned_phrase(short(c), self.gender(c), owner, relation), spec)

    def render_hand(self, owner: str, relation: str, spec: str) -> str:
        """``ta main``, ``la main de Bob``."""
        return self.prep(self.owned_phrase(self.hand_word, "f", owner, relation), spec)

    def render_turn(self, owner: str, relation: str, spec: str) -> str:
        """``ton prochain tour``, ``le prochain tour de Bob``."""
        return self.prep(self.owned_phrase(self.turn_word, "m", owner, relation), spec)

    def render_count(self, k: int, spec: str) -> str:
        """``deux cartes``."""
        word = self.numbers[k] if k < len(self.numbers) else f"{k} {self.numbers[-1].split()[-1]}"
        return self.elide(self.preps[spec], word) if spec in self.preps else word

    def render_more(self, k: int, others: bool, spec: str) -> str:
        """``deux autres cartes``."""
        if not others:
            return self.render_count(k, spec)
        word = self.more[k] if k < len(self.more) else f"{k} {self.more[-1].split(' ', 1)[-1]}"
        return self.elide(self.preps[spec], word) if spec in self.preps else word
