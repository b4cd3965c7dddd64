"""Cards as small integers, and their two-character names.

A card is an ``int``: ``rank * 4 + suit`` for the 52 ordinary cards (rank 0 is the
ace, 12 the king; suit 0 clubs, 1 diamonds, 2 hearts, 3 spades), and 52, 53 for the
jokers ``X1`` and ``X2``. Integer order is scuttle order: a point card may scuttle
another exactly when its integer is larger.
"""

from __future__ import annotations

import _random
from collections.abc import Iterable
from random import Random
from typing import Final

from ..i18n import DEFAULT, N_, current, translations
from .errors import InvalidCardError

RANKS: Final = "A23456789TJQK"
SUITS: Final = "CDHS"

ACE: Final = 0
TWO: Final = 1
THREE: Final = 2
FOUR: Final = 3
FIVE: Final = 4
SIX: Final = 5
SEVEN: Final = 6
EIGHT: Final = 7
NINE: Final = 8
TEN: Final = 9
JACK: Final = 10
QUEEN: Final = 11
KING: Final = 12
JOKER_RANK: Final = 13
JOKER_1: Final = 52
JOKER_2: Final = 53

CARD_NAMES: Final[tuple[str, ...]] = (*(r + s for r in RANKS for s in SUITS), "X1", "X2")
"""Canonical name of every card, indexed by the card's integer."""

_BY_NAME: Final[dict[str, int]] = {name: i for i, name in enumerate(CARD_NAMES)}
for _suit in SUITS:
    _BY_NAME["10" + _suit] = _BY_NAME["T" + _suit]

RANK_OF: Final[tuple[int, ...]] = (*(i // 4 for i in range(52)), JOKER_RANK, JOKER_RANK)
"""Rank index of every card (13 for jokers)."""

POINT_VALUE: Final[tuple[int, ...]] = (
    *((i // 4) + 1 if i // 4 <= TEN else 0 for i in range(52)),
    0,
    0,
)
"""Points a card scores on a field: ace 1, two to ten face value, others 0."""

RANK_NAMES: Final = (
    "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Joker",
)  # fmt: skip


def card(name: str) -> int:
    """Return the card named ``name`` (case-insensitive; ``10H`` is read as ``TH``).

    Raises :class:`InvalidCardError` for anything that is not a card name.
    """
    found = _BY_NAME.get(name.strip().upper()) if isinstance(name, str) else None
    if found is None:
        # told in the reader's language (see .reasons, which sits above this module)
        message = N_("{name} is not a card (expected e.g. 7H, TH, 10H, QS, X1)")
        lang = current()
        if lang != DEFAULT:
            message = translations(lang, "narration").gettext(message)
        raise InvalidCardError(message.format(name=repr(name)))
    return found


def card_name(c: int) -> str:
    """Return the canonical two-character name of card ``c``."""
    return CARD_NAMES[c]


def cards(names: Iterable[str]) -> list[int]:
    """Parse several card names."""
    return [card(n) for n in names]


def card_names(cs: Iterable[int]) -> list[str]:
    """Name several cards, keeping their order."""
    return [CARD_NAMES[c] for c in cs]


def sorted_names(cs: Iterable[int]) -> list[str]:
    """Name several cards sorted by rank, then suit (jokers last)."""
    return [CARD_NAMES[c] for c in sorted(cs)]


def is_point_card(c: int) -> bool:
    """Return whether ``c`` can be played for points (ace to ten)."""
    return c < 52 and c // 4 <= TEN


def describe(c: int) -> str:
    """Return a player-facing name such as ``"Seven of Hearts"``."""
    if c >= 52:
        return f"Joker {c - 51}"
    suit = ("Clubs", "Diamonds", "Hearts", "Spades")[c % 4]
    return f"{RANK_NAMES[c // 4]} of {suit}"


_DECKS: Final = (tuple(range(52)), tuple(range(53)), tuple(range(54)))
"""The unshuffled decks with 0, 1 and 2 jokers (copied, not counted out, at each deal)."""


def full_deck(jokers: int) -> list[int]:
    """Return an unshuffled deck with ``jokers`` jokers (0, 1 or 2)."""
    return list(_DECKS[jokers])


def deal_rng(seed: int | str | None) -> _random.Random:
    """The generator a deal with ``seed`` shuffles with: ``random.Random(seed)``'s stream.

    An ``int`` seed gets the C generator itself (``_random.Random``, which
    ``random.Random`` extends): the same Mersenne Twister state, without the two Python
    frames of ``random.py``'s ``__init__`` and ``seed`` (about a sixth of seeding, which
    every dealt game pays). Other seeds (text, ``None``) go through ``random.Random``,
    whose seeding of text differs. ``tests/test_compiled_differential.py`` holds the two
    to the same deals.
    """
    if type(seed) is int:
        return _random.Random(seed)
    return Random(seed)


def shuffle(rng: _random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does.

    The same Fisher-Yates walk and the same draws (``getrandbits`` of the bound's bit
    length, redrawn while out of range, as CPython's ``Random._randbelow``), written
    here so that the compiled engine shuffles without entering ``random.py``'s Python
    code; ``tests/test_compiled_differential.py`` holds it to ``random.shuffle``.
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
