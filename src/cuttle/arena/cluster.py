"""The arena's games as Ray tasks, on a Ray cluster or a Ray started here.

``cuttle arena ... --cluster ray://HOST:PORT`` connects to a running Ray cluster (Ray
Client; every node needs this package installed, ``pip install 'cuttle-table[cluster]'``),
``--cluster auto`` to the cluster this machine belongs to, and ``--cluster local``
starts a Ray of ``--jobs`` CPUs in this process for the run. Each scheduled game is one
task running :func:`~cuttle.arena.runner.run_task`, the same function as a local run,
with the same seeds: the per-game results are the same, only the timings differ. Results
come back as games end, so the results file, ``--resume`` and the report work as for a
local run. A task whose worker dies is retried by Ray (``max_retries``), which replays the
same game from its seeds.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

from ..engine.rules import RuleSet
from .runner import GameResult, GameTask, run_task

RETRIES = 3
"""How often Ray replays a game whose worker died."""


def ray_address(cluster: str) -> str | None:
    """The address given to ``ray.init`` for ``--cluster`` (``None``: start one here)."""
    return None if cluster == "local" else cluster


def play_task(
    task: GameTask, specs: Sequence[str], rules: RuleSet, headers: dict[str, str], workers: int
) -> GameResult:
    """:func:`~cuttle.arena.runner.run_task` with every argument given: the function Ray
    runs (Ray types a remote function by how many arguments it takes, defaults aside)."""
    return run_task(task, specs, rules, headers, workers)


def run_tasks_on_ray(
    tasks: Sequence[GameTask],
    specs: Sequence[str],
    rules: RuleSet,
    headers: dict[str, str],
    cluster: str,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    search_workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play every task as a Ray task on ``cluster`` (``local``: a Ray of ``jobs`` CPUs
    started for this run, ``auto`` or ``ray://HOST:PORT``: an existing cluster); return
    the results in task order, handing each to ``on_result`` as it ends."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("--cluster needs Ray: pip install 'cuttle-table[cluster]'") from None
    address = ray_address(cluster)
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {
            "include_dashboard": False,
            "logging_level": logging.WARNING,
            "log_to_driver": False,
        }
        try:
            if address is None:
                os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
                ray.init(num_cpus=max(1, jobs), **options)
            else:
                ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        except Exception as exc:
            raise RuntimeError(f"could not start or reach Ray at {cluster}: {exc}") from None
        started = True
    try:
        play = ray.remote(num_cpus=search_workers, max_retries=RETRIES)(play_task)
        shared_rules = ray.put(rules)
        pending = [
            play.remote(t, list(specs), shared_rules, headers, search_workers) for t in tasks
        ]
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                result: GameResult = ray.get(ref)
                results.append(result)
                if on_result is not None:
                    on_result(result)
            if progress is not None:
                progress(len(results))
    finally:
        if started:
            ray.shutdown()
    results.sort(key=lambda r: r.index)
    return results
