"""Cuttle, the combat card game: rules engine, notation, records, bots and play.

>>> import cuttle
>>> game = cuttle.new_game("standard", seed=1)
>>> "draw" in game.legal_moves()
True
"""

from . import accel  # noqa: F401 - first: CUTTLE_PURE_PYTHON=1 selects the plain source
from .engine import *  # noqa: F403
from .engine import __all__ as _engine_all

__version__ = "0.1.0"
__all__ = [*_engine_all, "__version__"]
