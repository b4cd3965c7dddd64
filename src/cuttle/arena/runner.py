"""The arena's schedule and its parallel execution.

Every pair of bots plays the same shuffled decks under every seat assignment of a
*group*: with two seats the two bots swap seats; with more seats the bots alternate
around the table (``a b a b …``), and every rotation of that pattern and of its mirror
is played on the same deck, so each bot sits in each seat equally often and team games
put each bot on one whole team. Games run in a process pool; results come back in
schedule order whatever the number of processes.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import TextIO

from ..bots import make_bot
from ..engine.rules import RuleSet
from ..table import Seat, Table
from .match import play_game

FORFEIT_HEADER = "Forfeit"
"""The record header that says why a seat lost by failing (timed out, illegal answer,
exited): ``p1 ext:./bot: did not answer with a move in time``."""


@dataclass(frozen=True)
class GameTask:
    """One scheduled game: which bots sit where, which deck, which seeds."""

    index: int
    pair: tuple[int, int]
    """Indices of the two bots in the arena's bot list."""
    seat_bots: tuple[int, ...]
    """The bot index at each seat."""
    deck_seed: str
    bot_seeds: tuple[int, ...]


@dataclass
class GameResult:
    """The outcome of a :class:`GameTask` with its timings and record."""

    index: int
    pair: tuple[int, int]
    seat_bots: tuple[int, ...]
    winners: tuple[int, ...]
    termination: str
    moves: int
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]
    iterations: tuple[int, ...]
    search_seconds: tuple[float, ...]
    record: str

    def score(self, bot: int) -> float:
        """Score of arena bot ``bot`` in this game: 1 win, 0.5 draw (or shared), 0 loss."""
        winners = {self.seat_bots[s] for s in self.winners}
        if not winners or len(winners) > 1:
            return 0.5
        return 1.0 if bot in winners else 0.0


def seat_patterns(players: int) -> list[tuple[int, ...]]:
    """Distinct seatings of two bots (0 and 1) around ``players`` seats: the rotations
    of ``0 1 0 1 …`` and of its mirror."""
    base = tuple(i % 2 for i in range(players))
    out: list[tuple[int, ...]] = []
    for pat in (base, tuple(1 - x for x in base)):
        for r in range(players):
            rot = pat[r:] + pat[:r]
            if rot not in out:
                out.append(rot)
    return out


def _seed_int(*parts: object) -> int:
    return random.Random("/".join(map(str, parts))).getrandbits(31)


def schedule(n_bots: int, players: int, games_per_pair: int, seed: int) -> list[GameTask]:
    """The round-robin: for each pair, decks ``0, 1, …`` each played under every seating
    of :func:`seat_patterns` (so ``games_per_pair`` is rounded up to whole groups)."""
    patterns = seat_patterns(players)
    decks = max(1, -(-games_per_pair // len(patterns)))
    tasks: list[GameTask] = []
    for a in range(n_bots):
        for b in range(a + 1, n_bots):
            for d in range(decks):
                for pat in patterns:
                    seat_bots = tuple(a if x == 0 else b for x in pat)
                    i = len(tasks)
                    seeds = tuple(_seed_int(seed, "bot", i, s) for s in range(players))
                    tasks.append(GameTask(i, (a, b), seat_bots, f"{seed}/deck/{d}", seeds))
    return tasks


def run_task(
    task: GameTask,
    specs: Sequence[str],
    rules: RuleSet,
    headers: dict[str, str],
    search_workers: int = 1,
) -> GameResult:
    """Play one scheduled game; search bots use ``search_workers`` processes (1: this
    process alone, right when games already run one per core)."""
    names = [specs[b] for b in task.seat_bots]
    table = Table(rules, [Seat(n, n) for n in names], seed=task.deck_seed)
    bots = [
        make_bot(specs[b], seed=task.bot_seeds[s], workers=search_workers)
        for s, b in enumerate(task.seat_bots)
    ]
    played = play_game(table, bots)
    outcome = table.outcome
    assert outcome is not None
    record = table.record(
        {
            **headers,
            "Game": str(task.index + 1),
            "DeckSeed": task.deck_seed,
            "BotSeeds": " ".join(map(str, task.bot_seeds)),
            **({FORFEIT_HEADER: "; ".join(played.forfeits)} if played.forfeits else {}),
        },
    )
    return GameResult(
        index=task.index,
        pair=task.pair,
        seat_bots=task.seat_bots,
        winners=outcome.winners,
        termination=outcome.termination,
        moves=table.moves_played,
        decisions=tuple(s.decisions for s in played.seats),
        seconds=tuple(s.seconds for s in played.seats),
        iterations=tuple(s.iterations for s in played.seats),
        search_seconds=tuple(s.search_seconds for s in played.seats),
        record=record,
    )


class Progress:
    """A one-line progress bar on a stream (redrawn in place on a terminal, else a line
    every tenth of the run) with an estimate of the time left.

    The estimate does not assume that games are equally long. Each finished game is
    weighed by the time its bots spent choosing moves (:meth:`add`); the time left is
    the work still to do — for each game not yet played, the mean of the games already
    played by the same pair of bots (or of every game, for a pair not seen yet) — at the
    rate work has been done so far (work per second of wall time, which already counts
    the processes playing at once). A pair of slow search bots scheduled after a pair of
    quick ones then raises the estimate as soon as its first game ends, where a count of
    games would promise the quick pairs' pace to the end. Without :meth:`add` the bar
    falls back to games: the mean wall time of a game so far.
    """

    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        enabled: bool = True,
        already: int = 0,
        pending: Sequence[Hashable] = (),
    ) -> None:
        """Start the clock for ``total`` units of work, ``already`` of them done before
        (a resumed run: they count toward the bar but not toward the speed); ``pending``
        names the kind of each game still to play (the arena: its pair of bots)."""
        self.total = total
        self.already = already
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.start = time.perf_counter()
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._last_decile = -1
        self._left: Counter[Hashable] = Counter(pending)
        self._work: dict[Hashable, float] = {}
        self._played: Counter[Hashable] = Counter()

    def add(self, kind: Hashable, work: float) -> None:
        """One game of ``kind`` ended, after ``work`` seconds of its bots' thinking."""
        self._left[kind] -= 1
        self._work[kind] = self._work.get(kind, 0.0) + max(0.0, work)
        self._played[kind] += 1

    def eta(self, done: int, elapsed: float) -> float:
        """Seconds left, ``done`` games ended after ``elapsed`` seconds (see the class)."""
        fresh = done - self.already
        if fresh <= 0:
            return 0.0
        work_done = sum(self._work.values())
        if work_done <= 0:
            return elapsed / fresh * (self.total - done)
        mean = work_done / sum(self._played.values())
        work_left = sum(
            left * (self._work[k] / self._played[k] if self._played[k] else mean)
            for k, left in self._left.items()
            if left > 0
        )
        return work_left * elapsed / work_done

    def update(self, done: int) -> None:
        """Show that ``done`` units are finished."""
        if not self.enabled or self.total <= 0:
            return
        frac = done / self.total
        decile = int(frac * 10)
        if not self.tty and decile == self._last_decile and done < self.total:
            return
        self._last_decile = decile
        elapsed = time.perf_counter() - self.start
        eta = self.eta(done, elapsed)
        width = 30
        fill = int(frac * width)
        bar = "#" * fill + "." * (width - fill)
        text = f"[{bar}] {done}/{self.total} games  {elapsed:5.0f}s elapsed  eta {eta:4.0f}s"
        if self.tty:
            self.stream.write("\r" + text + ("\n" if done >= self.total else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def run_tasks(
    tasks: Sequence[GameTask],
    specs: Sequence[str],
    rules: RuleSet,
    headers: dict[str, str],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    search_workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play every task (``jobs`` processes, each search on ``search_workers``); return
    the results in task order. ``on_result`` sees each game as soon as it ends (the
    arena saves it then), ``progress`` the count of games finished."""
    results: list[GameResult] = []

    def finish(result: GameResult) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)

    if jobs <= 1:
        for t in tasks:
            finish(run_task(t, specs, rules, headers, search_workers))
            if progress is not None:
                progress(len(results))
        return results
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=ignore_interrupts)
    futures = [pool.submit(run_task, t, specs, rules, headers, search_workers) for t in tasks]
    taken: set[Future[GameResult]] = set()
    try:
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                taken.add(f)
                finish(f.result())
            if progress is not None:
                progress(len(results))
    except KeyboardInterrupt:  # Ctrl-C: keep every finished game, stop the rest now
        for f in futures:
            if f not in taken and f.done() and not f.cancelled() and f.exception() is None:
                taken.add(f)
                finish(f.result())
        stop_pool(pool)
        raise
    pool.shutdown()
    results.sort(key=lambda r: r.index)
    return results


def ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the parent (which saves what is finished and
    stops the workers), so that no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel the games not started and end the worker processes at once (the games they
    were playing are lost; a resumed run plays them again)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(timeout=5)
