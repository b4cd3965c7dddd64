"""Game review speed: seconds per ply of ``cuttle analyse`` at its default budget.

Run: ``.venv/bin/python bench/analysis.py [--plies 40] [--iterations 3000] [--seed 1]
[--record FILE] [--json]``.

Without ``--record`` it plays a seeded game (``ismcts:200it`` against ``pimc``, standard
rules, the first game of seed 1, 2, ... with at least ``--plies`` plies) and keeps its
first ``--plies`` plies. It then reviews that game once, as ``cuttle analyse`` does (one
process, one core), and reports the wall-clock and CPU seconds in all and per ply, the
plies searched, and the load average of the machine before and after (a shared machine
slows the wall clock; the CPU time is what one core spent).
"""

from __future__ import annotations

import argparse
import json
import os
import time

from cuttle.analysis import DEFAULT_ITERATIONS, Budget, analyse_record
from cuttle.analysis.judge import start_table
from cuttle.engine.rules import get_rules
from cuttle.table import Seat, Table, make_bots, run_bots


def bench_record(plies: int) -> str:
    """A seeded bot game cut to its first ``plies`` plies, as a record."""
    for seed in range(1, 50):
        seats = [Seat("a", "ismcts:200it"), Seat("b", "pimc")]
        table = Table(get_rules("standard"), seed=seed, seats=seats)
        run_bots(table, make_bots(table, seed=1))
        if len(table.history) >= plies:
            start, events = start_table(table.record())
            for event in events[:plies]:
                start.apply(event)
            return start.record()
    raise SystemExit(f"no game of {plies} plies among seeds 1 to 49")


def main() -> None:
    """Parse the arguments, review the game once, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--seed", type=int, default=0, help="the review's seed")
    parser.add_argument("--record", help="review this record instead of a bot game")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.record:
        with open(args.record, encoding="utf-8") as f:
            text = f.read()
    else:
        text = bench_record(args.plies)
    load_before = os.getloadavg()
    wall0, cpu0 = time.perf_counter(), time.process_time()
    review = analyse_record(text, seed=args.seed, budget=Budget(iterations=args.iterations))
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    load_after = os.getloadavg()
    plies = len(review.plies)
    out = {
        "plies": plies,
        "forced": sum(p.forced for p in review.plies),
        "iterations": args.iterations,
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "wall_s_per_ply": round(wall / plies, 3),
        "cpu_s_per_ply": round(cpu / plies, 3),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in load_after],
        "cores": os.cpu_count(),
        "accuracy": [None if a is None else round(a, 1) for a in review.accuracy],
        "marks": review.marks(),
    }
    if args.json:
        print(json.dumps(out))
        return
    for key, value in out.items():
        print(f"{key:>15}: {value}")


if __name__ == "__main__":
    main()
