"""Positions as JSON (notation.md), returning :class:`~cuttle.engine.game.Game` objects.

The work is done in :mod:`cuttle.engine.codec` for any game class; these are the public
wrappers: :func:`to_json` (full position, a seat's view or a spectator's),
:func:`from_json` (read with validation) and :func:`deal_from_view` (a full position
consistent with one seat's view).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from . import codec
from .codec import HIDDEN, KEYS, to_json
from .game import Game
from .rules import RuleSet

__all__ = ["HIDDEN", "KEYS", "deal_from_view", "from_json", "to_json"]


def from_json(
    obj: Mapping[str, Any], rules: RuleSet | None = None, *, hidden_ok: bool = False
) -> Game:
    """Read and validate a position; return the game it describes.

    Raises :class:`~cuttle.engine.errors.InvalidPositionError` naming the first problem
    found. ``rules`` overrides the rule set named in the position (for house rules).
    ``hidden_ok`` accepts ``"??"`` cards.
    """
    return codec.from_json(obj, rules, Game, hidden_ok=hidden_ok)


def deal_from_view(
    view: Mapping[str, Any], rng: random.Random, rules: RuleSet | None = None
) -> Game:
    """Deal a full position consistent with ``view``: every ``"??"`` becomes one of the
    cards the viewer has not seen, uniformly at random (see :func:`codec.deal_from_view`)."""
    return codec.deal_from_view(view, rng, rules, Game)
