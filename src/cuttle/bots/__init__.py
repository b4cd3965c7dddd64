"""Bots that play Cuttle from one seat's view, from ``random`` up to ``ismcts``.

>>> from cuttle import new_game
>>> from cuttle.bots import make_bot
>>> game = new_game("standard", seed=3)
>>> bot = make_bot("random", seed=1)
>>> bot.choose(SeatView.of(game, game.to_act)) in game.legal_moves()
True
"""

from .base import Bot, SeatView, SeededBot, View
from .registry import BOT_KINDS, LEVELS, analyse, make_bot

__all__ = ["BOT_KINDS", "LEVELS", "Bot", "SeatView", "SeededBot", "View", "analyse", "make_bot"]
