"""The table layer: a game with its seats, public history, views, draw offers and record.

Layers: engine < bots < table < (arena, cli, tui, server). A :class:`Table` holds the
rule set object, the :class:`Seat` list and the public history as typed events
(:mod:`cuttle.engine.history`); :func:`run_bots` is the one seat loop.

>>> from cuttle import get_rules
>>> from cuttle.bots import make_bot
>>> table = Table(get_rules("standard"), [Seat("ann"), Seat("bot", "random")], seed=3)
>>> event = table.play(0, "draw")
>>> event.line()
'p0: draw'
>>> events = run_bots(table, {1: make_bot("random", seed=1)})
>>> table.to_act
0
"""

from ..engine.observer import SeatView
from .runner import BotError, BotSeats, bot_move, make_bots, next_bot_seat, run_bots
from .table import Seat, Table

__all__ = [
    "BotError",
    "BotSeats",
    "Seat",
    "SeatView",
    "Table",
    "bot_move",
    "make_bots",
    "next_bot_seat",
    "run_bots",
]
