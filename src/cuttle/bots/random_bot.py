"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

from collections.abc import Collection

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
        return self.choose_legal(view.legal)

    def choose_legal(self, legal: Collection[str]) -> str:
        """What :meth:`choose` returns for a view whose legal move texts are ``legal``,
        given in any order (they are sorted first): the Gymnasium environment asks this
        way, with no :class:`SeatView` to build, since the bot reads nothing else."""
        if not legal:
            raise ValueError("no legal moves to choose from")
        return self.rng.choice(sorted(legal))
