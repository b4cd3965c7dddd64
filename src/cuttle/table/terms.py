"""A table's states in words of the current language, for the terminal front ends.

The Textual table (:mod:`cuttle.tui`) and the line-mode commands (:mod:`cuttle.cli`) both
name a turn's phase, how a game ended and a list of seats; the words live here once, in
the ``terminal`` catalog (``table/**`` is in that domain).
"""

from __future__ import annotations

from collections.abc import Sequence

from cuttle.i18n import Domain

T = Domain("terminal")
_ = T.gettext


def and_list(items: Sequence[str]) -> str:
    """``items`` joined as a list in words: ``"p1"``, ``"p1 and p3"``, ``"p1, p2 and p3"``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


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
