"""The rule sets' and variants' one-line descriptions in the reader's language.

The engine describes its rule sets (:data:`cuttle.engine.rules.PRESETS`) and variants
(:data:`cuttle.engine.rules.VARIANTS`) in English; the lobby shows those lines (``GET
/api/options``). Their words are kept here for the ``site`` catalog; a description the
engine changes without this module falls back to the engine's English (and
``tests/server/test_i18n_site.py`` fails until it is copied here).
"""

from __future__ import annotations

from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.i18n import N_, Domain

SITE = Domain("site")

RULE_SETS: dict[str, str] = {
    "classic": N_("The classic two-player rules: 21 points, no hand limit, seven draws one."),
    "standard": N_("cuttle.cards Standard: hand limit 8, seven reveals two, nines freeze."),
    "cuttlecards": N_(
        "What cuttle.cards plays today: discard to 8 at turn end, five discards one and"
        " draws three, an empty deck opens both hands."
    ),
    "cutthroat": N_("Three players, 14 points, two jokers that steal royals, hand limit 7."),
    "team": N_("Two against two (p0+p2 v p1+p3); jacks and jokers move cards to any seat."),
    "multiplayer": N_(
        "Cuttle Multiplayer v1.2 for 2-8: hand limit 7, fours hit everyone, glasses open"
        " every hand, the scrap reshuffles; from 6 seats an ace and a six are set aside."
    ),
}
"""Each rule set's description, as :data:`PRESETS` has it."""

VARIANT_LINES: dict[str, str] = {
    "random-four": N_("a four's victim discards two cards at random"),
    "eight-oneoff": N_("an 8 may be played as a one-off that scraps a glasses 8"),
    "nine-freeze": N_("a nine returns the card to its controller's hand, frozen for a turn"),
    "nine-to-deck": N_("a nine puts the card on top of the deck instead, nothing frozen"),
    "ten-blocks-scuttle": N_("a 10 from hand, out of turn, cancels a scuttle"),
    "queens-guard-queens": N_("two or more queens protect each other"),
    "joker-swap": N_("one joker; as a one-off both players swap hands"),
}
"""Each variant's description, as :data:`VARIANTS` has it."""


def rule_set_description(name: str) -> str:
    """Rule set ``name``'s description in the current language (the engine's English
    where this module's copy is not the engine's text)."""
    english = PRESETS[name].description
    return SITE.gettext(english) if RULE_SETS.get(name) == english else english


def variant_description(name: str) -> str:
    """Variant ``name``'s description in the current language (as above)."""
    english = VARIANTS[name]
    return SITE.gettext(english) if VARIANT_LINES.get(name) == english else english
