"""English, the source language: plain strings, exactly the sentences' words."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import describe
from . import OTHER, OWN, READER, Grammar

SUIT_SYMBOLS = "♣♦♥♠"
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def short(c: int) -> str:
    """``"7♦"``, ``"10♣"``, ``"Joker 1"``: the short name every language shows."""
    if c >= 52:
        return f"Joker {c - 51}"
    return _RANKS[c // 4] + SUIT_SYMBOLS[c % 4]


def count(k: int, noun: str = "card") -> str:
    """``"one card"``, ``"two cards"``, ``"no card"``."""
    word = _NUMBERS[k] if k < len(_NUMBERS) else str(k)
    return f"{word} {noun}" + ("s" if k > 1 else "")


def join(parts: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _whose(owner: str, relation: str) -> str:
    if relation == READER:
        return "your"
    if relation == OWN:
        return "their own"
    if relation == OTHER:
        return f"{owner}'s"
    return "your own"


_THE_SHORT = tuple(f"the {short(c)}" if c < 52 else short(c) for c in range(54))
_THE_FULL = tuple(f"the {describe(c)}" if c < 52 else short(c) for c in range(54))


class English(Grammar):
    """English: every value is already its text (no cases, no genders)."""

    code = "en"

    def card_names(self, c: int) -> set[str]:
        """``"7♦"`` and ``"Seven of Diamonds"``."""
        return {short(c), describe(c)}

    def person(self, name: str, reader: bool) -> str:
        """``"you"`` or the name."""
        return "you" if reader else name

    def card(self, c: int | None, full: bool = False) -> str:
        """``"the 7♦"``, ``"the Seven of Diamonds"``, ``"Joker 1"``, ``"a card"``."""
        if c is None:
            return "a card"
        return _THE_FULL[c] if full else _THE_SHORT[c]

    def owned(self, c: int, owner: str, relation: str) -> str:
        """``"your 7♦"``, ``"Bob's 7♦"``, ``"their own 7♦"``."""
        return f"{_whose(owner, relation)} {short(c)}"

    def hand(self, owner: str, relation: str) -> str:
        """``"your hand"``, ``"Bob's hand"``."""
        return f"{_whose(owner, relation)} hand"

    def turn(self, owner: str, relation: str) -> str:
        """``"your next turn"``, ``"Bob's next turn"``."""
        return f"{_whose(owner, relation)} next turn"

    def cards(self, shown: Sequence[int], hidden: int) -> str:
        """``"the 3♣ and 4♦"``; hidden ones counted (``"the 3♣ and two other cards"``)."""
        if not shown and not hidden:
            return "no card"
        parts = [short(c) for c in shown]
        if parts and shown[0] < 52:
            parts[0] = "the " + parts[0]
        if hidden == 1 and not shown:
            parts.append("a card")
        elif hidden:
            parts.append(count(hidden) if not shown else count(hidden, "other card"))
        return join(parts)

    def count(self, k: int) -> str:
        """``"two cards"``."""
        return count(k)

    def group(self, people: Sequence[tuple[str, bool]]) -> str:
        """``"you and Carol"``."""
        return join([self.person(name, me) for name, me in people])
