"""Blocking database calls off the event loop, on a server database.

A PostgreSQL commit waits for the server's WAL flush, and even a read is a network round
trip: done on the event loop, every other table waits meanwhile. :class:`Offload` runs
such a call in a small pool of worker threads and lets the loop serve on. On SQLite a
read or a WAL commit without fsync takes a fraction of a millisecond, less than the trip
to a thread and back, so there it runs the call at once, on the loop's own thread (the
same rule as the group writer's, :mod:`cuttle.server.writer`).

What runs in a thread must not touch the live games: they change only on the event loop.
The caller reads or writes rows in the thread, then applies the result on the loop once
the call has returned (so a reply goes out only after its rows are committed).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from sqlalchemy import Engine

P = ParamSpec("P")
T = TypeVar("T")

DB_THREADS = 8
"""Worker threads for database calls: enough that a few slow commits do not hold up the
others (PostgreSQL flushes the WAL of concurrent commits together)."""


class Offload:
    """Runs blocking calls in worker threads (``threaded``) or at once on the loop."""

    def __init__(self, threaded: bool, threads: int = DB_THREADS) -> None:
        """Run calls in up to ``threads`` worker threads if ``threaded``, else inline."""
        self.threaded = threaded
        self.threads = threads
        self._pool: ThreadPoolExecutor | None = None

    @classmethod
    def for_engine(cls, engine: Engine) -> Offload:
        """Threaded for every database but SQLite."""
        return cls(engine.dialect.name != "sqlite")

    async def __call__(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Return ``fn(*args, **kwargs)``, computed in a worker thread when threaded (in a
        copy of the caller's context: the request's language); its exception is raised
        here."""
        if not self.threaded:
            return fn(*args, **kwargs)
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="db")
        loop = asyncio.get_running_loop()
        call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
        return await loop.run_in_executor(self._pool, call)

    def close(self) -> None:
        """Stop the threads once their calls are done."""
        if self._pool is not None:
            self._pool.shutdown(wait=False)
            self._pool = None
