"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

from .base import SeatView, SeededBot


class RandomBot(SeededBot):
    """Plays a uniformly random legal move (the bottom of the ladder)."""

    name = "random"
    reads_position = False
    """It reads ``view.legal`` only: the Gymnasium environment may leave the
    position out of its :class:`SeatView` (see :func:`cuttle.envs.gym.bot_move`)."""
    reads_history = False
    """Nor does it read ``view.history``: the Gymnasium environment may leave it empty."""

    def choose(self, view: SeatView) -> str:
        """Return a random element of ``view.legal``."""
        if not view.legal:
            raise ValueError("no legal moves to choose from")
        return self.rng.choice(sorted(view.legal))
