"""Root parallelization: several independent ISMCTS searches on separate cores.

Each worker searches the same view with its own seed and the same budget (a wall-clock
budget runs in parallel; an iteration budget is split between the workers); the root
statistics are added up. The process pool is created on first use and kept for the
life of the process, so later moves pay no start-up cost. A wall-clock budget ends at
the same moment in every process, start-up included, so even the first search keeps to
its time. Small budgets should not use the pool at all (see :data:`MIN_PARALLEL_SECONDS`).
"""

from __future__ import annotations

import atexit
import multiprocessing
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from ..engine.moves import Move
from .base import SeatView
from .search import RootStats, SearchParams, search

MIN_PARALLEL_SECONDS = 0.2
"""Below this wall-clock budget one process searches alone (the pool's messaging
would eat the gain)."""
MIN_PARALLEL_ITERATIONS = 2000
"""Below this iteration budget one process searches alone."""

_pool: ProcessPoolExecutor | None = None
_pool_size = 0


def _get_pool(workers: int) -> ProcessPoolExecutor:
    global _pool, _pool_size
    if _pool is None or _pool_size < workers:
        if _pool is not None:
            _pool.shutdown(cancel_futures=True)
        ctx = multiprocessing.get_context(start_method())
        _pool = ProcessPoolExecutor(
            max_workers=workers, mp_context=ctx, initializer=_ignore_interrupts
        )
        _pool_size = workers
    return _pool


def start_method() -> str:
    """How the search workers start: ``fork`` from a Linux process with one thread and
    no PyTorch loaded, else ``forkserver`` (or ``spawn``).

    A forked worker inherits the program as it is and never imports its main module
    again, so a script that plays a search bot at its top level needs no
    ``if __name__ == "__main__":`` guard (docs/bots.md). ``forkserver`` and ``spawn``
    import the main module in every worker; they are kept where ``fork`` is unsafe: a
    program that runs threads (the terminal app; a fork could copy a lock another thread
    holds) or has loaded PyTorch (its thread pools do not survive a fork).
    """
    methods = multiprocessing.get_all_start_methods()
    single = threading.active_count() == 1 and "torch" not in sys.modules
    if sys.platform == "linux" and "fork" in methods and single:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _ignore_interrupts() -> None:
    """In a search worker: Ctrl-C is for the program that asked (it stops waiting for
    the search); the worker goes on quietly instead of printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def shutdown_pool() -> None:
    """Stop the worker processes (called at exit; safe to call twice)."""
    global _pool, _pool_size
    if _pool is not None:
        _pool.shutdown(cancel_futures=True)
        _pool = None
        _pool_size = 0


atexit.register(shutdown_pool)


def _worker(
    view: SeatView,
    legal: list[Move],
    params: SearchParams,
    seed: int,
    stop_at: float | None,
) -> tuple[RootStats, int]:
    """One worker's search; a wall-clock budget ends at the caller's deadline
    ``stop_at`` (``time.time()``), however late the worker started."""
    if stop_at is not None:
        left = stop_at - time.time()
        if left <= 0.005:
            return {}, 0
        params = replace(params, seconds=left)
    return search(view, legal, params, seed)


def worth_parallel(params: SearchParams) -> bool:
    """Whether a budget is large enough for the pool to pay off."""
    if params.seconds is not None:
        return params.seconds >= MIN_PARALLEL_SECONDS
    return params.iterations is not None and params.iterations >= MIN_PARALLEL_ITERATIONS


def parallel_search(
    view: SeatView,
    legal: list[Move],
    params: SearchParams,
    seed: int,
    workers: int,
) -> tuple[RootStats, int]:
    """Search with ``workers`` processes (falls back to one for small budgets); every
    search weights its worlds by the view's public history."""
    if workers <= 1 or not worth_parallel(params):
        return search(view, legal, params, seed)
    if params.iterations is not None:
        per = -(-params.iterations // workers)
        params = replace(params, iterations=per)
    stop_at = time.time() + params.seconds if params.seconds is not None else None
    pool = _get_pool(workers - 1)
    futures = [
        pool.submit(_worker, view, legal, params, seed + 7919 * i, stop_at)
        for i in range(1, workers)
    ]
    stats, its = _worker(view, legal, params, seed, stop_at)
    merged = dict(stats)
    for f in futures:
        s2, i2 = f.result()
        its += i2
        for m, (n, w) in s2.items():
            n0, w0 = merged.get(m, (0, 0.0))
            merged[m] = (n0 + n, w0 + w)
    return merged, its
