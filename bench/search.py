"""Search speed: ISMCTS iterations per second, one process and root-parallel.

Run: ``.venv/bin/python bench/search.py [--seconds 1.0] [--positions 8] [--json]``;
``--evaluator neural`` scores the leaves with the ``neural`` net's value head (as
``ismcts-neural`` does; in C when the accelerator is built, in numpy with
``CUTTLE_PURE_PYTHON=1``), ``--evaluator world`` with the whole-world value net (as
``ismcts-world`` does), ``--single`` skips the root-parallel and PIMC measurements.

Positions are taken from seeded games between greedy bots (every few moves, so early,
middle and late positions all count); each is searched from the acting seat's view for
``--seconds`` of wall clock. Reports iterations per second of one search process, of
the root-parallel search on every core (iterations of all workers per wall-clock
second), and the PIMC rollouts per second for comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time

from cuttle import get_rules
from cuttle.bots import SeatView, make_bot
from cuttle.bots.parallel import parallel_search, shutdown_pool
from cuttle.bots.pimc import pimc_scores
from cuttle.bots.search import SearchParams, search
from cuttle.engine.game import Game
from cuttle.engine.history import Event
from cuttle.engine.moves import parse_move
from cuttle.table import Table, run_bots


def positions(count: int, rules: str, seed: int) -> list[Game]:
    """``count`` positions with a real choice, from greedy-vs-greedy games."""
    out: list[Game] = []
    g = 0
    while len(out) < count:
        table = Table(get_rules(rules), seed=f"bench/{seed}/{g}")
        bots = {s: make_bot("greedy", seed=g * 2 + s) for s in range(table.n)}

        def keep(event: Event, table: Table = table) -> None:
            game = table.game
            if len(out) < count and len(game.legal_moves()) > 3 and table.moves_played % 5 == 2:
                out.append(game.copy())

        run_bots(table, bots, keep)
        g += 1
    return out


def main() -> None:
    """Measure and print."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="search time per position")
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--evaluator", choices=["heuristic", "neural", "world"], default="heuristic")
    ap.add_argument("--single", action="store_true", help="one process only, no PIMC")
    args = ap.parse_args()
    games = positions(args.positions, args.rules, args.seed)
    params = SearchParams(seconds=args.seconds, evaluator=args.evaluator)
    workers = os.cpu_count() or 1
    single, multi, pimc = [], [], []
    rng = random.Random(args.seed)
    for i, game in enumerate(games):
        seat = game.to_act
        view = SeatView.of(game, seat)
        legal = sorted(parse_move(m) for m in game.legal_moves())
        t = time.perf_counter()
        _, its = search(view, legal, params, seed=i)
        single.append(its / (time.perf_counter() - t))
        if args.single:
            continue
        if workers > 1:
            t = time.perf_counter()
            _, its = parallel_search(view, legal, params, seed=i, workers=workers)
            multi.append(its / (time.perf_counter() - t))
        t = time.perf_counter()
        _, rollouts = pimc_scores(view, legal, rng, seconds=args.seconds)
        pimc.append(rollouts / (time.perf_counter() - t))
    shutdown_pool()
    result = {
        "rules": args.rules,
        "positions": len(games),
        "seconds_per_position": args.seconds,
        "cpu_count": workers,
        "ismcts_iterations_per_s_one_process": statistics.fmean(single),
        "ismcts_iterations_per_s_min": min(single),
        "ismcts_iterations_per_s_all_cores": statistics.fmean(multi) if multi else None,
        "pimc_rollouts_per_s": statistics.fmean(pimc) if pimc else None,
        "evaluator": args.evaluator,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"{len(games)} {args.rules} positions, {args.seconds:g} s each, {workers} cores, "
        f"{args.evaluator} evaluation"
    )
    print(
        f"ISMCTS, one process : {result['ismcts_iterations_per_s_one_process']:8,.0f} it/s "
        f"(slowest position {result['ismcts_iterations_per_s_min']:,.0f})"
    )
    if multi:
        print(
            f"ISMCTS, {workers} processes: {result['ismcts_iterations_per_s_all_cores']:8,.0f} it/s"
        )
    if pimc:
        print(f"PIMC rollouts       : {result['pimc_rollouts_per_s']:8,.0f} /s")


if __name__ == "__main__":
    main()
