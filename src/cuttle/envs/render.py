"""How the environments draw a table: the render modes ``ansi``, ``human`` and
``rgb_array``.

Both draw from a view (``game.view(seat)``, or a spectator's ``game.view(None)``), never
from the game, so they show only what that viewer may see:

* ``ansi``: the engine observer's string form
  (:func:`cuttle.engine.observer.view_text`): a header, one line per seat with its hand,
  points, royals and glasses, then the deck, the scrap and what is pending, cards in
  short form (``7♦``, hidden ``??``); ``human`` prints the same;
* ``rgb_array``: a small picture of the same table (:func:`table_image`), cards as
  colored rectangles: one band per seat for its hand and one for its field (points, then
  royals, then glasses), then a band for the deck and the scrap. The same view always
  gives the same picture; its size depends on the seat count only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..engine.cards import CARD_NAMES
from ..engine.game import Game
from ..engine.observer import view_text

RENDER_MODES = ["human", "ansi", "rgb_array"]
"""The render modes every environment offers."""

CARD_W, CARD_H, GAP = 10, 14, 2
"""A card's rectangle and the space around it, in pixels."""
COLUMNS = 24
"""Cards drawn per band at most (the rest are left out)."""
BAND = CARD_H + 2 * GAP
MARGIN = 6
"""The strip on the left that marks the seat to act."""

_INDEX = {name: c for c, name in enumerate(CARD_NAMES)}
_SUIT_RGB = (
    (40, 140, 60),  # clubs
    (230, 120, 20),  # diamonds
    (210, 30, 40),  # hearts
    (40, 80, 200),  # spades
)
_JOKER_RGB = (150, 60, 170)
_BACK_RGB = (110, 110, 110)
_FELT_RGB = (20, 70, 40)
_FIELD_RGB = (30, 90, 55)
_TO_ACT_RGB = (240, 210, 40)
_WINNER_RGB = (250, 250, 250)
_DECK_RGB = (90, 60, 40)


def table_image(view: Mapping[str, Any]) -> np.ndarray:
    """A ``(height, width, 3)`` ``uint8`` picture of ``view`` (see the module doc).

    Each card is a rectangle in its suit's color (jokers purple, hidden cards gray) with
    a white bar whose height grows with the rank (ace lowest, king highest); the seat to
    act has a yellow strip on its left, the winners a white one.
    """
    hands: Sequence[Sequence[str]] = view["hands"]
    fields: Sequence[Mapping[str, Any]] = view["fields"]
    n = len(hands)
    width = MARGIN + GAP + COLUMNS * (CARD_W + GAP)
    height = (2 * n + 1) * BAND
    img = np.empty((height, width, 3), dtype=np.uint8)
    img[:] = _FELT_RGB
    winner = view.get("winner")
    winners = set(winner if isinstance(winner, list) else [winner]) if winner is not None else set()
    for v in range(n):
        top = 2 * v * BAND
        img[top + BAND : top + 2 * BAND, MARGIN:] = _FIELD_RGB
        if v in winners:
            img[top : top + 2 * BAND, :MARGIN] = _WINNER_RGB
        elif winner is None and view.get("to_act") == v:
            img[top : top + 2 * BAND, :MARGIN] = _TO_ACT_RGB
        _band(img, top, list(hands[v]))
        fld = fields[v]
        row = [_base(e) for e in fld["points"]] + [""]
        row += [_base(e) for e in fld["faces"]] + [""] + list(fld["glasses"])
        _band(img, top + BAND, row)
    # the deck as a bar of its size (a pixel a card), then the scrap's last cards
    top = 2 * n * BAND
    deck = len(view["deck"])
    img[top + GAP : top + GAP + CARD_H, MARGIN + GAP : MARGIN + GAP + deck] = _DECK_RGB
    scrap = list(view["scrap"])
    start = MARGIN + 2 * GAP + 54
    _band(img, top, scrap[-((width - start) // (CARD_W + GAP)) :] if scrap else [], start)
    return img


def _base(entry: Any) -> str:
    """The base card of a field entry (a name, or a stack's ``card``)."""
    return entry if isinstance(entry, str) else str(entry.get("card", "??"))


def _band(img: np.ndarray, top: int, names: Sequence[str], left: int = MARGIN + GAP) -> None:
    """Draw ``names`` (``""``: a space) left to right in the band starting at row ``top``."""
    y = top + GAP
    x = left
    for name in names:
        if x + CARD_W > img.shape[1]:
            break
        if name:
            _card(img, y, x, name)
        x += CARD_W + GAP


def _card(img: np.ndarray, y: int, x: int, name: str) -> None:
    c = _INDEX.get(name)
    if c is None:  # hidden
        img[y : y + CARD_H, x : x + CARD_W] = _BACK_RGB
        return
    img[y : y + CARD_H, x : x + CARD_W] = _JOKER_RGB if c >= 52 else _SUIT_RGB[c % 4]
    rank = 13 if c >= 52 else c // 4 + 1  # 1 (ace) .. 13 (king); jokers full
    bar = 1 + (CARD_H - 4) * rank // 13
    img[y + CARD_H - 2 - bar : y + CARD_H - 2, x + 3 : x + CARD_W - 3] = 255


def render_view(mode: str | None, game: Game, seat: int | None) -> Any:
    """Render ``seat``'s view of ``game`` (``None``: a spectator's) in ``mode``: the text
    (``ansi``), printed (``human``, returns ``None``), the picture (``rgb_array``)."""
    if mode is None:
        return None
    view = game.view(seat)
    if mode == "rgb_array":
        return table_image(view)
    text = view_text(view, seat)
    if mode == "human":
        print(text)
        return None
    return text


def check_mode(mode: str | None) -> None:
    """Raise ``ValueError`` for a render mode not offered (``None`` is no rendering)."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {mode!r}")
