"""Reading legal move texts for the table: which hand card a move plays, what it targets.

The table highlights the cards of the hand that can be played, and once a card is
selected, the cards on the table it can target. Everything here works on move *texts*
(notation.md), so it never needs the game.

>>> parts("scuttle 9S 7H")
MoveParts(verb='scuttle', card='9S', target='7H', seat=None, cards=('9S', '7H'))
>>> sorted(playable_cards(["draw", "points 7H", "jack JC 7D p2"]))
['7H', 'JC']
>>> targets(["jack JC 7D p2", "jack JC 7D p0", "points JC"], "JC")
{'7D'}
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

_SEAT = re.compile(r"^p(\d+)$")

CARD_VERBS = frozenset(
    {"points", "scuttle", "royal", "glasses", "jack", "oneoff", "counter", "scrap", "take"}
)
"""Verbs whose first card is the card played (from hand, a seven's reveal or the scrap)."""


@dataclass(frozen=True)
class MoveParts:
    """A move text split into its verb, the card it plays, a target card and a seat."""

    verb: str
    card: str | None
    target: str | None
    seat: int | None
    cards: tuple[str, ...]


def parts(text: str) -> MoveParts:
    """Split a canonical move text (``"jack JC 7H p2"``) into :class:`MoveParts`."""
    words = text.split()
    verb = words[0] if words else ""
    cards: list[str] = []
    seat: int | None = None
    for w in words[1:]:
        m = _SEAT.match(w)
        if m:
            seat = int(m.group(1))
        else:
            cards.append(w)
    card = cards[0] if cards and verb in CARD_VERBS else None
    target = cards[1] if len(cards) > 1 and verb != "discard" else None
    return MoveParts(verb, card, target, seat, tuple(cards))


def playable_cards(legal: Iterable[str]) -> set[str]:
    """Cards that some legal move plays (its first card)."""
    return {p.card for p in map(parts, legal) if p.card is not None}


def moves_with(legal: Iterable[str], card: str) -> list[str]:
    """The legal moves that play ``card``, in their listed order."""
    return [m for m in legal if parts(m).card == card]


def targets(legal: Iterable[str], card: str) -> set[str]:
    """Cards on the table that the moves playing ``card`` target."""
    return {p.target for p in map(parts, moves_with(legal, card)) if p.target is not None}


def moves_onto(legal: Iterable[str], card: str, stack: Iterable[str]) -> list[str]:
    """The moves playing ``card`` whose target is one of the cards of ``stack``."""
    names = set(stack)
    return [m for m in moves_with(legal, card) if parts(m).target in names]


def discard_size(legal: Iterable[str]) -> int:
    """How many cards each legal ``discard`` move names (0 if there is none)."""
    sizes = {len(p.cards) for p in map(parts, legal) if p.verb == "discard"}
    return max(sizes) if sizes else 0


def discard_move(legal: Iterable[str], chosen: Iterable[str]) -> str | None:
    """The legal ``discard`` move naming exactly the cards ``chosen``, if there is one."""
    want = sorted(chosen)
    for m in legal:
        p = parts(m)
        if p.verb == "discard" and sorted(p.cards) == want:
            return m
    return None


SUIT_LETTERS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})
"""The drawn suit symbols as the suit letters of move texts."""

RANK_WORDS = {"a": "a", "10": "t", "t": "t", "j": "j", "q": "q", "k": "k"} | {
    str(r): str(r) for r in range(2, 10)
}
"""Filter words that name a rank, and the rank letter of move texts they stand for."""


SUIT_WORDS = (
    {"c": "c", "d": "d", "h": "h", "s": "s"}
    | {name: name[0] for name in ("club", "diamond", "heart", "spade")}
    | {f"{name}s": name[0] for name in ("club", "diamond", "heart", "spade")}
)
"""Filter words that name a suit alone (a letter or the English name), and its letter."""


def matches(text: str, query: str) -> bool:
    """Whether a move matches a filter: every word of ``query`` occurs in it (any case).

    A word that is a rank alone (``9``, ``10``, ``k``) matches a card of that rank; a suit
    alone (``♥``, ``h``, ``hearts``) a card of that suit; suits may be typed as drawn
    (``9♣``, ``10♥``).

    >>> matches("scuttle 9S 7H", "7h scu")
    True
    >>> matches("scuttle 9S 7H", "10♥"), matches("points TH", "10♥")
    (False, True)
    >>> matches("oneoff 4H p2", "2"), matches("scuttle 9S 7H", "♣")
    (False, False)
    >>> matches("points 5S", "s"), matches("discard 4H", "s"), matches("points 5H", "hearts")
    (True, False, True)
    """
    words = text.lower().split()
    low = " ".join(words)
    for typed in query.lower().split():
        w = typed.translate(SUIT_LETTERS)
        rank = RANK_WORDS.get(w)
        suit = SUIT_WORDS.get(w)
        if rank is not None or suit is not None:  # a rank, or a suit alone
            at, want = (0, rank) if rank is not None else (1, suit)
            if not any(_is_card(t) and t[at] == want for t in words):
                return False
            continue
        if len(w) >= 2 and w[:-1] == "10":  # 10h: the ten of hearts
            w = "t" + w[-1]
        if w not in low:
            return False
    return True


def _is_card(token: str) -> bool:
    return len(token) == 2 and token[1] in "cdhs" and token[0] in "a23456789tjqk"
