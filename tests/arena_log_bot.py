"""A plug-in bot for the arena's Ctrl-C test (``arena_log_bot:LogBot``): it plays the
first legal move, a little slowly, and writes a line to the file ``$ARENA_LOG`` when it
begins a game, so that the test can count the games the worker processes started."""

from __future__ import annotations

import os
import time
from typing import Any


class LogBot:
    """Plays the first legal move after a short pause; logs the start of each game."""

    def __init__(self, seed: int | None = None) -> None:
        """A new bot (the arena builds one per game)."""
        self.name = "log"
        self.started = False

    def choose(self, view: Any) -> str:
        """The first legal move (the first decision of a game is logged)."""
        if not self.started:
            self.started = True
            with open(os.environ["ARENA_LOG"], "a", encoding="utf-8") as log:
                log.write(f"{os.getpid()}\n")
        time.sleep(0.05)  # a game lasts long enough to be cut short, even on a busy machine
        return str(view.legal[0])
