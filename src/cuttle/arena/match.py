"""Playing one game between bots at a :class:`~cuttle.table.Table`, timing every seat.

:func:`play_game` runs the table's one seat loop (:func:`cuttle.table.run_bots`), which
gives each bot only its seat's view, never the game; it times every decision. A bot
that fails as an external program does (:class:`~cuttle.bots.external.BotForfeit`:
timed out, illegal answer, exited) loses: its seat resigns, and the reason is kept.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots import Bot, SeatView
from ..bots.external import BotForfeit, end_game
from ..engine.game import Game
from ..engine.history import Event
from ..table import BotError, Table, run_bots

__all__ = ["BotError", "PlayedGame", "SeatStats", "TimedBot", "play_game"]


@dataclass
class SeatStats:
    """What one seat's bot spent: decisions asked, seconds thinking, search work."""

    decisions: int = 0
    seconds: float = 0.0
    iterations: int = 0
    search_seconds: float = 0.0


class TimedBot:
    """A bot that counts and times the decisions of the bot it wraps."""

    def __init__(self, inner: Bot) -> None:
        """Wrap ``inner``; its statistics start at zero."""
        self.inner = inner
        self.name = inner.name
        self.stats = SeatStats()

    def choose(self, view: SeatView) -> str:
        """Ask the wrapped bot, adding the time it took to the statistics."""
        t0 = time.perf_counter()
        move = self.inner.choose(view)
        self.stats.seconds += time.perf_counter() - t0
        self.stats.decisions += 1
        return move

    def finish(self) -> SeatStats:
        """The statistics, with the search work the wrapped bot reports."""
        self.stats.iterations = int(getattr(self.inner, "total_iterations", 0))
        self.stats.search_seconds = float(getattr(self.inner, "total_search_seconds", 0.0))
        return self.stats


@dataclass
class PlayedGame:
    """A finished game and each seat's statistics."""

    table: Table
    seats: list[SeatStats] = field(default_factory=list)
    forfeits: list[str] = field(default_factory=list)
    """Why a seat lost by failing, one ``"p1 ext:./bot: timed out ..."`` a forfeit."""

    @property
    def game(self) -> Game:
        """The engine game that was played."""
        return self.table.game


def play_game(
    table: Table,
    bots: Sequence[Bot],
    on_event: Callable[[Event], None] | None = None,
) -> PlayedGame:
    """Play ``table`` to its end with ``bots[seat]`` deciding for each seat.

    Raises :class:`BotError` if one of our bots picks a move that is not legal; a bot
    that forfeits (:class:`~cuttle.bots.external.BotForfeit`) resigns its seat instead.
    Every bot is told the end and released (an external program is quit).
    """
    if len(bots) != table.n:
        raise ValueError(f"{table.n} seats need {table.n} bots, got {len(bots)}")
    timed = [TimedBot(b) for b in bots]
    forfeits: list[str] = []
    try:
        while not table.is_over:
            try:
                run_bots(table, dict(enumerate(timed)), on_event)
            except BotForfeit as exc:
                forfeits.append(str(exc))
                event = table.resign(exc.seat)
                if on_event is not None:
                    on_event(event)
    finally:
        for seat, bot in enumerate(bots):
            end_game(bot, table.view(seat) if table.is_over else None)
    return PlayedGame(table, [t.finish() for t in timed], forfeits)
