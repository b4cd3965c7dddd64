"""The arena: bots play round-robins on shared decks, with crosstables and ratings.

:func:`~cuttle.arena.runner.schedule` builds the games,
:func:`~cuttle.arena.runner.run_tasks` plays them on several cores,
:func:`~cuttle.arena.report.summarize` computes win rates with Wilson intervals and
Bradley–Terry Elo, and :mod:`cuttle.arena.cli` holds ``cuttle arena`` and ``cuttle hint``.
"""

from .match import BotError, PlayedGame, play_game
from .stats import bradley_terry, elo_from_score, wilson

__all__ = ["BotError", "PlayedGame", "bradley_terry", "elo_from_score", "play_game", "wilson"]
