"""The bot worker: bots choose moves in their own process, from their seat's view only."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor

from cuttle.bots.base import SeatView
from cuttle.bots.registry import LEVEL_NAMES

BOT_LEVELS = ("random", *LEVEL_NAMES)
"""Bot levels a seat may be given: ``random`` and the ladder's eight, weakest first
(``level1``, ``level2``, ``easy``, ``medium``, ``level5``, ``level6``, ``hard``,
``expert``; :data:`cuttle.bots.registry.LADDER`)."""


def choose_move(spec: str, seed: int, view: SeatView) -> tuple[str, str | None]:
    """Ask bot ``spec`` for a move from ``view`` alone: ``(move, None)``, or a random
    legal move and the reason when the bot failed (a broken bot must not stall the table).

    Runs in the worker process: it receives the seat's
    :class:`~cuttle.bots.base.SeatView` (the rule set object, the seat's view with hidden
    cards ``"??"``, its legal moves and the public history), never the game itself.
    """
    try:
        from cuttle.bots import make_bot

        bot = make_bot(spec, seed, workers=1)
        move = bot.choose(view)
        if move in view.legal:
            return move, None
        reason = f"it chose {move!r}, which is not legal"
    except Exception as exc:
        reason = f"{type(exc).__name__}: {exc}"
    return random_move(seed, view), reason


def random_move(seed: int, view: SeatView) -> str:
    """A legal move of ``view`` drawn with ``seed`` (the ``random`` level, and the fallback
    when a bot fails): cheap enough to choose on the event loop."""
    return random.Random(seed).choice(view.legal)


PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Make this process end when process ``parent`` does, even if it is SIGKILLed.

    On Linux the kernel sends SIGKILL on the parent's death (``prctl(PR_SET_PDEATHSIG)``
    through ctypes); everywhere a daemon thread also checks every half second that the
    parent is still ours, and exits if not. Called first thing in every bot process, so
    a killed server or bot worker leaves no orphan searching on.
    """
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the watchdog below still works
            pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


class BotRunner:
    """A pool of worker processes (or threads, for tests) that run :func:`choose_move`."""

    def __init__(self, workers: int = 1, use_processes: bool = True) -> None:
        """Create the pool lazily on first use."""
        self.workers = max(1, workers)
        self.use_processes = use_processes
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.use_processes:
                ctx = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=ctx,
                    initializer=die_with_parent,
                    initargs=(os.getpid(),),
                )
            else:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
        return self._pool

    async def choose(self, spec: str, seed: int, view: SeatView) -> tuple[str, str | None]:
        """Return the bot's move (and why it fell back to a random one, if it did) without
        blocking the event loop. A worker process that died (killed, out of memory) breaks
        the pool: this call raises, and the next one starts a new pool."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return await loop.run_in_executor(pool, choose_move, spec, seed, view)
        except BrokenExecutor:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
