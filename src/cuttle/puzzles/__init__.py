"""Puzzles from real games: positions where one move keeps a clear win.

A :class:`~cuttle.puzzles.model.Puzzle` is a position of a game (its record up to that
point) and the seat to solve it; the solver sees only that seat's view and the public
history, as in the game. :mod:`cuttle.puzzles.mine` finds puzzles in games (bot
self-play or analysed records) and verifies each with a deeper search from the
solver's information only (the margins are in :class:`~cuttle.puzzles.mine.Soundness`);
:mod:`cuttle.puzzles.themes` tags each with what its solution does (scuttle, counter,
jack, seven, glasses, hand limit, ...); :mod:`cuttle.puzzles.rating` rates puzzles and
solvers against each other with Glicko-2 (lichess's model: a solved puzzle is a win for
the solver, a failed one a win for the puzzle). The starter set ships with the package
(:func:`~cuttle.puzzles.model.starter_set`); ``cuttle puzzles generate`` makes more and
``cuttle puzzle`` serves them in the terminal.
"""

from __future__ import annotations

from .model import Puzzle, load_puzzles, save_puzzles, starter_set

__all__ = ["Puzzle", "load_puzzles", "save_puzzles", "starter_set"]
