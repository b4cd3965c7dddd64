"""The ladder's measured ratings, as the lobby and ``cuttle play`` show them.

``data/ladder.json`` is written by ``python -m cuttle.arena.ladder`` from the arena runs
of ``docs/arena/ladder-*`` (``docs/strength.md``, "The ladder"): each level's rating on
the league's scale (1500 at the anchor level) with a 95% interval. This module only
reads it; a missing or unreadable file gives no ratings, never an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .registry import LEVEL_NAMES, level_name

LADDER_FILE = Path(__file__).resolve().parent / "data" / "ladder.json"


@dataclass(frozen=True)
class LevelRating:
    """One level's measured rating."""

    level: int
    """Its place on the ladder, 1 (weakest) to 8."""
    name: str
    """Its name (``level1``, ``easy`` ...)."""
    rating: int
    """Rating on the league's Glicko-2 scale."""
    low: int
    """Lower end of the 95% interval."""
    high: int
    """Upper end of the 95% interval."""


@lru_cache(maxsize=1)
def ladder_ratings() -> dict[str, LevelRating]:
    """Every level's :class:`LevelRating` by name (empty without the data file)."""
    try:
        data = json.loads(LADDER_FILE.read_text(encoding="utf-8"))
        rows = data["levels"]
        out = {}
        for row in rows:
            name = str(row["name"])
            if name in LEVEL_NAMES:
                out[name] = LevelRating(
                    level=LEVEL_NAMES.index(name) + 1,
                    name=name,
                    rating=int(row["rating"]),
                    low=int(row["low"]),
                    high=int(row["high"]),
                )
        return out
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def rating_of(spec: str) -> LevelRating | None:
    """The measured rating of the level ``spec`` names (``hard``, ``level6``, ``6``),
    or ``None`` for another bot, a level with its own budget, or no data."""
    if ":" in spec:
        return None
    try:
        name = level_name(spec)
    except ValueError:
        return None
    return ladder_ratings().get(name) if name is not None else None


def rated_spec(spec: str) -> str:
    """``spec`` followed by its measured rating when it names a level with one
    (``"medium (1500)"``); other specs as they are. No words, only the number."""
    rated = rating_of(spec)
    return spec if rated is None else f"{spec} ({rated.rating})"
