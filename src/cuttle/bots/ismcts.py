"""``ismcts``: the information-set Monte Carlo tree search bot.

The search lives in :mod:`cuttle.bots.search` and its multi-core form in
:mod:`cuttle.bots.parallel`; this module is the bot that runs one or the other with its
budget and keeps count of the work done.
"""

from __future__ import annotations

import time
from dataclasses import replace

from ..engine.moves import move_text, parse_move
from .base import SeatView, SeededBot, forced
from .parallel import parallel_search
from .search import RootStats, SearchParams, make_sampler, ranked, search

__all__ = ["ISMCTSBot", "RootStats", "SearchParams", "make_sampler", "ranked", "search"]


class ISMCTSBot(SeededBot):
    """Information-set MCTS with heuristic rollouts; anytime; optionally multi-core."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        params: SearchParams | None = None,
        workers: int = 1,
    ) -> None:
        """``params``: the search budget and knobs; ``workers``: processes to search with
        (root parallelization; 1 searches in this process)."""
        super().__init__(seed)
        self.params = params or SearchParams(iterations=1000)
        self.workers = workers
        self.last_iterations = 0
        """Iterations done by the last decision (all workers together)."""
        self.total_iterations = 0
        self.total_search_seconds = 0.0

    def analyse(self, view: SeatView, started: float | None = None) -> list[tuple[str, float, int]]:
        """Search and return ``(move, estimated win chance, visits)``, best first (the
        moves of :meth:`root_moves`).

        A time budget is the whole decision's: it runs from ``started`` (a
        ``time.perf_counter()`` reading, when the move's clock started; by default this
        call), so the root's set-up and any work before the call come out of it."""
        t0 = time.perf_counter()
        clock = t0 if started is None else started
        moves = sorted(parse_move(t) for t in self.root_moves(view))
        seed = self.rng.getrandbits(63)
        params = self.params
        if self.workers > 1:
            if params.seconds is not None:
                # the pool's deadline is a length from now: what is left of the budget
                left = params.seconds - (time.perf_counter() - clock)
                params = replace(params, seconds=max(left, 0.0))
            stats, its = parallel_search(view, moves, params, seed, self.workers)
        else:
            stats, its = search(view, moves, params, seed, started=clock)
        self.total_search_seconds += time.perf_counter() - t0
        self.last_iterations = its
        self.total_iterations += its
        return [(move_text(m), q, n) for m, n, q in ranked(stats, moves)]

    def root_moves(self, view: SeatView) -> list[str]:
        """The legal moves the search compares: all of them, or with a ``"neural"``
        prior (:attr:`SearchParams.prior`) the policy's best ``prior_keep``."""
        keep = self.params.prior_keep
        if self.params.prior not in ("none", "neural"):
            raise ValueError(f"unknown prior {self.params.prior!r}: 'none' or 'neural'")
        if self.params.prior == "none" or len(view.legal) <= keep:
            return list(view.legal)
        from .neural import move_priors

        priors = move_priors(view)
        if priors is None:
            return list(view.legal)
        return sorted(priors, key=lambda t: (-priors[t], t))[:keep]

    def choose(self, view: SeatView) -> str:
        """Return the best root move (forced moves are returned at once)."""
        return self.choose_timed(view, time.perf_counter())

    def choose_timed(self, view: SeatView, started: float) -> str:
        """:meth:`choose`, for a move whose clock started at ``started`` (a
        ``time.perf_counter()`` reading): a time budget counts the work done since, as
        :class:`~cuttle.bots.threats.GuardedBot`'s threat check, so that the whole
        move takes the budget (an iteration budget is unchanged)."""
        only = forced(view)
        if only is not None:
            return only
        return self.analyse(view, started)[0][0]
