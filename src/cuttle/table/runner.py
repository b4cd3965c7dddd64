"""The one seat loop: bots play their seats at a :class:`~cuttle.table.table.Table`.

:func:`run_bots` plays every bot seat in turn until a person must act or the game ends
(the arena and the line game use it). Front ends that must stay responsive take one
step at a time: :func:`next_bot_seat` says whether a bot is to act and
:func:`bot_move` asks it for its move (from its :class:`~cuttle.bots.base.SeatView`
alone), which the caller then plays with :meth:`Table.play`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from ..bots.base import Bot
from ..bots.registry import make_bot
from ..engine.history import Event
from .table import Table

BotSeats = Mapping[int, Bot]
"""The bots at a table, by seat; seats not in it are people."""


class BotError(RuntimeError):
    """A bot answered with a move that is not among its legal moves."""


def make_bots(
    table: Table, seed: int | str | None = None, *, workers: int | None = None
) -> dict[int, Bot]:
    """A bot for every seat whose :class:`~cuttle.table.table.Seat` names one, seeded
    from ``seed`` (``None``: unseeded); ``workers`` as :func:`~cuttle.bots.make_bot`."""
    rng = random.Random(None if seed is None else f"{seed}/bots")
    bots: dict[int, Bot] = {}
    for s, seat in enumerate(table.seats):
        if seat.bot is not None:
            bots[s] = make_bot(seat.bot, seed=rng.randrange(2**32), workers=workers)
    return bots


def next_bot_seat(table: Table, bots: BotSeats) -> int | None:
    """The seat to act when a bot plays it, else ``None`` (a person acts or it is over)."""
    if table.is_over or table.to_act not in bots:
        return None
    return table.to_act


def bot_move(table: Table, bot: Bot) -> str:
    """Ask ``bot`` for the move of the seat to act (it sees only that seat's view).

    The table is not changed. Raises :class:`BotError` if the answer is not legal.
    """
    seat = table.to_act
    view = table.view(seat)
    move = bot.choose(view)
    if move not in view.legal:
        raise BotError(
            f"bot {bot.name!r} at p{seat} chose {move!r}, which is not one of its legal moves"
        )
    return move


def run_bots(
    table: Table, bots: BotSeats, on_event: Callable[[Event], None] | None = None
) -> list[Event]:
    """Let the bots play until a person must act or the game ends; return the events
    played (``on_event`` sees each one as it happens)."""
    played: list[Event] = []
    while (seat := next_bot_seat(table, bots)) is not None:
        event = table.play(seat, bot_move(table, bots[seat]))
        played.append(event)
        if on_event is not None:
            on_event(event)
    return played
