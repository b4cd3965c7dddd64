"""The table's words in the reader's language: the ``terminal`` message domain.

Every string a person reads on the Textual table goes through :data:`T` (``_`` is its
``gettext``) in the current language (:func:`cuttle.i18n.current`, set once by ``cuttle
play --lang``). Key bindings are declared at import time with their descriptions marked
by :func:`~cuttle.i18n.N_`; :func:`translate_bindings` shows them in the current language
when a screen is made (the footer reads them there).

>>> from cuttle.i18n import use
>>> with use("de"):
...     _("Hint")
'Tipp'
"""

from __future__ import annotations

import dataclasses
import string

from rich.text import Text
from textual.binding import Binding
from textual.dom import DOMNode

from cuttle.i18n import N_, Domain
from cuttle.table.terms import and_list, phase_name, termination_text

T = Domain("terminal")
"""The terminal's messages (the Textual table, ``--plain`` mode, the ``cuttle`` command)."""

_ = T.gettext

NARRATION = Domain("narration")
"""The engine's words (rule sets, variants, card effects), kept in the narration catalog."""


def engine_text(text: str) -> str:
    """A text the engine wrote (a rule set's or variant's description, a card's effect)
    in the current language: from the narration catalog where it has it, else from ours
    (:data:`ENGINE_TEXTS`), else as written."""
    told = NARRATION.gettext(text)
    return told if told != text else T.gettext(text)


ENGINE_TEXTS = (
    N_("The classic two-player rules: 21 points, no hand limit, seven draws one."),
    N_("cuttle.cards Standard: hand limit 8, seven reveals two, nines freeze."),
    N_(
        "What cuttle.cards plays today: discard to 8 at turn end, five discards one and "
        "draws three, an empty deck opens both hands."
    ),
    N_("Three players, 14 points, two jokers that steal royals, hand limit 7."),
    N_("Two against two (p0+p2 v p1+p3); jacks and jokers move cards to any seat."),
    N_(
        "Cuttle Multiplayer v1.2 for 2-8: hand limit 7, fours hit everyone, glasses open "
        "every hand, the scrap reshuffles; from 6 seats an ace and a six are set aside."
    ),
    N_("a four's victim discards two cards at random"),
    N_("an 8 may be played as a one-off that scraps a glasses 8"),
    N_("a nine returns the card to its controller's hand, frozen for a turn"),
    N_("a nine puts the card on top of the deck instead, nothing frozen"),
    N_("a 10 from hand, out of turn, cancels a scuttle"),
    N_("two or more queens protect each other"),
    N_("one joker; as a one-off both players swap hands"),
)
"""The rule sets' and variants' descriptions of :mod:`cuttle.engine.rules`, word for word,
so that the setup screen and ``cuttle rules`` speak them (a description changed there
shows in English until it is copied here)."""

TEXTUAL_TEXTS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit the app and return to the command prompt."),
)
"""Textual's own words on the app's key bindings (the footer's command palette key)."""


def translate_bindings(node: DOMNode) -> None:
    """Give ``node``'s own key bindings their descriptions in the current language.

    Only this node's copy of its class's bindings changes (the class keeps the English
    sources, so a later screen in another language translates them afresh).
    """
    bindings = node._bindings
    for key, items in list(bindings.key_to_bindings.items()):
        bindings.key_to_bindings[key] = [_translated(b) for b in items]


def rich_format(template: str, style: str = "", **values: Text | str) -> Text:
    """``template`` (a translated message) with its ``{name}`` fields filled by styled
    ``values`` (a :class:`~rich.text.Text` keeps its colours); the rest in ``style``.

    >>> rich_format("On the table: {card}.", card=Text("7♥", "red")).plain
    'On the table: 7♥.'
    """
    out = Text(style=style)
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        if literal:
            out.append(literal)
        if name is not None:
            value = values.get(name, "{" + name + "}")
            if isinstance(value, Text):
                out.append_text(value)
            else:
                out.append(value)
    return out


def _translated(binding: Binding) -> Binding:
    if not (binding.description or binding.tooltip):
        return binding
    return dataclasses.replace(
        binding,
        description=T.gettext(binding.description) if binding.description else "",
        tooltip=T.gettext(binding.tooltip) if binding.tooltip else "",
    )


__all__ = [
    "N_", "T", "_", "and_list", "engine_text", "phase_name", "rich_format", "termination_text",
    "translate_bindings",
]  # fmt: skip
