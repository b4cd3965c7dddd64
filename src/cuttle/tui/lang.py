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
from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.dom import DOMNode

from cuttle.i18n import N_, Domain

T = Domain("terminal")
"""The terminal's messages (the Textual table, ``--plain`` mode, the ``cuttle`` command)."""

_ = T.gettext

NARRATION = Domain("narration")
"""The engine's words (rule sets, variants, card effects), kept in the narration catalog."""


def engine_text(text: str) -> str:
    """A text the engine wrote (a rule set's or variant's description, a card's effect)
    in the current language, where the narration catalog has it (else as written)."""
    return NARRATION.gettext(text)


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


def and_list(items: Sequence[str]) -> str:
    """``items`` joined as a list in words: ``"p1"``, ``"p1 and p3"``, ``"p1, p2 and p3"``."""
    if len(items) <= 1:
        return "".join(items)
    head = ", ".join(items[:-1])
    return _("{first} and {last}").format(first=head, last=items[-1])


def termination_text(term: str) -> str:
    """How a game ended (a record's termination code), in words of the current language."""
    words = {
        "points": T.pgettext("termination", "points"),
        "kings": T.pgettext("termination", "kings"),
        "passes": T.pgettext("termination", "passes"),
        "resign": T.pgettext("termination", "resign"),
        "agreed": T.pgettext("termination", "agreed"),
        "move-cap": T.pgettext("termination", "move-cap"),
        "time": T.pgettext("termination", "time"),
        "abandoned": T.pgettext("termination", "abandoned"),
    }
    return words.get(term, term)


def phase_name(phase: str) -> str:
    """The name of a phase of the turn (``main``, ``counter``...) in the current language."""
    words = {
        "main": T.pgettext("phase", "main"),
        "counter": T.pgettext("phase", "counter"),
        "take": T.pgettext("phase", "take"),
        "discard": T.pgettext("phase", "discard"),
        "seven": T.pgettext("phase", "seven"),
        "hand-limit": T.pgettext("phase", "hand-limit"),
        "answer": T.pgettext("phase", "answer"),
        "over": T.pgettext("phase", "over"),
    }
    return words.get(phase, phase)


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
