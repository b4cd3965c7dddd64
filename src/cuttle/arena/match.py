"""Playing one game between bots: the harness that gives each bot only its view.

:func:`play_game` asks the seat to act for a move with ``game.view(seat)``, that seat's
legal moves and a copy of the public history — never the game — so no bot can see a
hidden card. It times every decision.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots import Bot
from ..engine.game import Game


class BotError(RuntimeError):
    """A bot answered with a move that is not among its legal moves."""


@dataclass
class SeatStats:
    """What one seat's bot spent: decisions asked, seconds thinking, search work."""

    decisions: int = 0
    seconds: float = 0.0
    iterations: int = 0
    search_seconds: float = 0.0


@dataclass
class PlayedGame:
    """A finished game and each seat's statistics."""

    game: Game
    seats: list[SeatStats] = field(default_factory=list)


def play_game(
    game: Game,
    bots: Sequence[Bot],
    on_move: Callable[[int, str], None] | None = None,
) -> PlayedGame:
    """Play ``game`` to its end with ``bots[seat]`` deciding for each seat.

    Raises :class:`BotError` if a bot picks a move that is not legal.
    """
    if len(bots) != game.n:
        raise ValueError(f"{game.n} seats need {game.n} bots, got {len(bots)}")
    stats = [SeatStats() for _ in range(game.n)]
    history: list[str] = []
    while not game.is_over:
        seat = game.to_act
        legal = game.legal_moves()
        view = game.view(seat)
        t0 = time.perf_counter()
        move = bots[seat].choose(view, list(legal), list(history))
        stats[seat].seconds += time.perf_counter() - t0
        stats[seat].decisions += 1
        if move not in legal:
            raise BotError(
                f"bot {bots[seat].name!r} at p{seat} chose {move!r}, "
                f"which is not one of its legal moves"
            )
        game.play(move)
        history.append(f"p{seat}: {move}")
        if on_move is not None:
            on_move(seat, move)
    for seat, bot in enumerate(bots):
        stats[seat].iterations = int(getattr(bot, "total_iterations", 0))
        stats[seat].search_seconds = float(getattr(bot, "total_search_seconds", 0.0))
    return PlayedGame(game, stats)
