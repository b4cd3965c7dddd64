"""Cards as styled text: names, ranks, suits and colours of cards, and moves and
sentences with their cards coloured. The widgets that draw cards build on this."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

HIDDEN = "??"
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
"""Suit letter to its symbol."""
RED_SUITS = frozenset("DH")

FACE_WIDTH = 7
CHIP_WIDTH = 6

PAPER = "grey93"
INK_RED = "red3"
INK_BLACK = "grey7"
INK_JOKER = "dark_magenta"
BACK = Style(color="grey70", bgcolor="dark_blue")

BORDERS = {
    "plain": ("╭", "─", "╮", "│", "╰", "╯"),
    "selected": ("╔", "═", "╗", "║", "╚", "╝"),
    "target": ("┏", "━", "┓", "┃", "┗", "┛"),
    "last": ("┏", "╍", "┓", "╏", "┗", "┛"),
}
"""Corner, edge and side characters of a card for each state."""
FROZEN_MARK = "❄"
"""Drawn in the corner of a hand card a nine froze (it cannot be played this turn)."""
BORDER_COLOR = {
    "plain": "grey50",
    "playable": "grey15",
    "selected": "dark_orange3",
    "target": "green4",
    "cursor": "blue1",
    "last": "magenta",
    "frozen": "steel_blue",
}


def rank_text(name: str) -> str:
    """How a card's rank is printed: ``"10"`` for T, ``"★"`` for a joker."""
    if name.startswith("X"):
        return "★"
    return "10" if name[0] == "T" else name[0]


def suit_text(name: str) -> str:
    """A card's suit symbol (a joker's number for a joker)."""
    if name.startswith("X"):
        return name[1:]
    return SUITS.get(name[1:2], "?")


def label(name: str) -> str:
    """A card in two or three characters: ``"7♥"``, ``"10♠"``, ``"★1"`` (``"??"`` hidden)."""
    if name == HIDDEN:
        return HIDDEN
    return rank_text(name) + suit_text(name)


def ink(name: str) -> str:
    """The colour a card's rank and suit are printed in."""
    if name.startswith("X"):
        return INK_JOKER
    return INK_RED if name[1:2] in RED_SUITS else INK_BLACK


def card_text(name: str, *, on_paper: bool = False) -> Text:
    """A card inline, coloured: red for hearts and diamonds (``"??"`` dim)."""
    if name == HIDDEN:
        return Text(HIDDEN, style="dim")
    color = ink(name)
    if on_paper:
        return Text(label(name), style=Style(color=color, bgcolor=PAPER, bold=True))
    bright = {INK_BLACK: "bright_white", INK_RED: "bright_red", INK_JOKER: "magenta"}[color]
    return Text(label(name), style=Style(color=bright, bold=True))


def cards_text(names: Sequence[str], sep: str = " ") -> Text:
    """Several cards inline, separated by ``sep``."""
    out = Text()
    for i, n in enumerate(names):
        if i:
            out.append(sep)
        out.append_text(card_text(n))
    return out


def move_label(text: str) -> Text:
    """A move text with its card names drawn as coloured cards (``"points 7♥"``)."""
    out = Text()
    for i, word in enumerate(text.split()):
        if i:
            out.append(" ")
        is_card = i > 0 and len(word) == 2 and (word[1] in SUITS or word[0] == "X")
        if is_card:
            out.append_text(card_text(word))
        else:
            out.append(word)
    return out


_SENTENCE_CARD = re.compile(r"\b(10|[2-9AJQK])([♣♦♥♠])")


def sentence_label(text: str) -> Text:
    """A move told in words with the short card names in it (``"7♥"``) coloured."""
    out = Text(text)
    for m in _SENTENCE_CARD.finditer(text):
        red = m.group(2) in "♦♥"
        out.stylize(Style(color="bright_red" if red else "bright_white", bold=True), *m.span())
    return out
