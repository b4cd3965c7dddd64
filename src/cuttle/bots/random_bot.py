"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

from .base import SeededBot, View


class RandomBot(SeededBot):
    """Plays a uniformly random legal move (the bottom of the ladder)."""

    name = "random"

    def choose(self, view: View, legal: list[str], history: list[str]) -> str:
        """Return a random element of ``legal``."""
        if not legal:
            raise ValueError("no legal moves to choose from")
        return self.rng.choice(sorted(legal))
