"""The engine's refusals in the reader's language: why a move is illegal or unreadable.

Every message is a ``narration`` catalog entry whose msgid is the English text, marked
with :func:`~cuttle.i18n.N_` where it is written (``say(N_("You do not hold the
{card}"), card=Card(c))``). :func:`say` tells it in the current language
(:func:`cuttle.i18n.current`) when the error is raised:

- in English the text is the msgid with its fields filled, a card (:class:`Card`) by
  its full name without article (``"Seven of Hearts"``), exactly as the engine always
  wrote it, and no catalog is read;
- in another language the translation's fields are filled with the reader's grammar
  (:mod:`cuttle.engine.lang`): a card is the grammar's full name with its article, in
  the form the translation asks (German ``"Du hast {card:acc} nicht auf der Hand"`` ->
  ``"Du hast die Herz-Sieben nicht auf der Hand"``), and a sentence whose English starts
  with a capital starts with one too.

Move texts (``'oneoff 7H'``), verbs, seats (``p1``) and rule-set names stay notation:
they are plain values of the fields. Nothing here runs unless an error is raised.

The language is the one current where the error is raised: a front end raises it in its
reader's language (``cuttle --lang``, the site's socket and request handlers run in
theirs). :func:`cuttle.engine.cards.card` sits below this module and tells its one
message (a bad card name) the same way without it.
"""

from __future__ import annotations

from typing import Any

from ..i18n import DEFAULT, N_, current, translations
from .cards import describe
from .lang import grammar


class Card:
    """A card named in a refusal: ``"Seven of Hearts"`` in English, the reader's
    grammar's full name with its article elsewhere (``{card:acc}``: German accusative)."""

    __slots__ = ("c",)

    def __init__(self, c: int) -> None:
        """Card ``c`` (0-53)."""
        self.c = c


def _english(values: dict[str, Any]) -> dict[str, Any]:
    return {k: describe(v.c) if isinstance(v, Card) else v for k, v in values.items()}


def _told(template: str, english: str, lang: str, values: dict[str, Any]) -> str:
    """``template`` (a translation) with ``values`` in ``lang``'s grammar."""
    words = grammar(lang)
    filled = {k: words.card(v.c, True) if isinstance(v, Card) else v for k, v in values.items()}
    text = template.format_map(filled)
    if english[:1].isupper():
        text = text[:1].upper() + text[1:]
    return text


def say(message: str, /, **values: Any) -> str:
    """``message`` (an English msgid marked with ``N_``) in the current language, its
    fields filled with ``values`` (a :class:`Card` named by the reader's grammar)."""
    lang = current()
    if lang == DEFAULT:
        if any(type(v) is Card for v in values.values()):
            values = _english(values)
        return message.format_map(values)
    return _told(translations(lang, "narration").gettext(message), message, lang, values)


def ngettext(singular: str, plural: str, n: int, /, **values: Any) -> str:
    """:func:`say` for a message with plural forms, chosen by ``n`` (English: the
    singular for 1, else the plural; the catalog's plural rules elsewhere). Named
    ``ngettext`` so that the catalog's extraction finds both forms."""
    lang = current()
    english = singular if n == 1 else plural
    if lang == DEFAULT:
        return english.format_map(_english(values))
    template = translations(lang, "narration").ngettext(singular, plural, n)
    return _told(template, english, lang, values)


def must_discard(n: int) -> str:
    """``"You must discard exactly 2 card(s)"``: a discard of the wrong size."""
    return ngettext(
        "You must discard exactly {n} card(s)", "You must discard exactly {n} card(s)", n, n=n
    )


def protected(c: int, owner: int) -> str:
    """``"The Seven of Hearts is protected by p1's Queen"``: a target a queen shields."""
    return say(N_("The {card} is protected by {seat}'s Queen"), card=Card(c), seat=f"p{owner}")


__all__ = ["Card", "must_discard", "ngettext", "protected", "say"]
