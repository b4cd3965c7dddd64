"""The compiled engine against the plain source, in the same run on one core.

It measures ``bench/engine.py``'s figures (random games per CPU-second on the fast path
with the loop in Python and inside the engine, the notation path, copy+play) in two
long-lived worker processes, one on the compiled path and one with
``CUTTLE_PURE_PYTHON=1``, pinned to one core (``--cpu``, as ``taskset -c 0`` does). The
two take turns measurement by measurement (``--seconds`` each, the side that goes first
turned each round), so that each round gives every figure a ratio of two measurements
a fraction of a second apart: this machine's speed drifts by more than the paths differ
within a minute, and a pair that close sees the same machine. Each figure is reported
as the median rate over ``--rounds``, the median of the paired ratios and their range,
and the issue's target. ``bench/search.py --single`` (ISMCTS iterations per second on
its positions) runs after them, ``--search-rounds`` pairs of processes.

Usage::

    python bench/compiled.py                                  # standard, 20 rounds
    python bench/compiled.py --rules standard,cutthroat,multiplayer-4 --rounds 30
    python bench/compiled.py --seed-each-game   # games seeded one by one, as before

``bench/engine.py`` draws each measurement's games from one generator; with
``--seed-each-game`` it seeds two generators a game (C work the same on both paths).

It needs the compiled engine built (``make setup``, or ``python setup.py build_ext
--inplace``); without it both sides run the plain source and it says so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve()
SEARCH_BENCH = ROOT / "bench" / "search.py"
COLUMNS = (
    "games/s (fast)",
    "decisions/s (fast)",
    "games/s (playout)",
    "games/s (text)",
    "copy+play/s",
)
TARGETS = {
    "games/s (fast)": 5.0,
    "decisions/s (fast)": 5.0,
    "games/s (playout)": 5.0,
    "games/s (text)": 3.0,
    "copy+play/s": 4.0,
    "ISMCTS it/s": 4.0,
}
"""The issue's compiled/pure goal for each figure."""


def environment(pure: bool) -> dict[str, str]:
    """The environment of one side: the repository's source first, the path chosen."""
    return dict(
        os.environ,
        PYTHONPATH=str(ROOT / "src"),
        CUTTLE_PURE_PYTHON="1" if pure else "0",
    )


FIGURES = ("fast", "playout", "text", "copy+play")
"""What a worker measures: ``bench/engine.py``'s games on the fast path, with the loop in
the engine, on the text path, and copy+play steps."""


def serve(seed_each_game: bool) -> None:
    """A worker: answer each line ``FIGURE LABEL SECONDS`` on standard input with one
    measurement's ``[units per second, moves per second]`` (JSON) on standard output."""
    sys.path.insert(0, str(ROOT / "bench"))
    import engine as bench

    plays = {"fast": bench.fast_game, "playout": bench.playout_game, "text": bench.text_game}
    positions: dict[str, list[Any]] = {}
    for line in sys.stdin:
        figure, label, seconds = line.split()
        rules = bench.rule_set(label)
        if figure == "copy+play":
            if label not in positions:
                positions[label] = bench.mid_games(rules)
            step = bench.copy_and_play(positions[label], random.Random(1))
        else:
            step = bench.games(plays[figure], rules, seed_each_game)
        rate = bench.measure(step, 10**9, float(seconds))
        print(json.dumps([rate.per_second, rate.moves_per_second]), flush=True)


class Worker:
    """One side's worker process (:func:`serve`), asked for one measurement at a time."""

    def __init__(self, pure: bool, seed_each_game: bool) -> None:
        """Start the worker on the plain source (``pure``) or the compiled engine."""
        command = [sys.executable, str(HERE), "--serve"]
        if seed_each_game:
            command.append("--seed-each-game")
        self.process = subprocess.Popen(
            command,
            env=environment(pure),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, figure: str, label: str, seconds: float) -> list[float]:
        """Measure ``figure`` for rule set ``label`` for ``seconds`` of CPU time."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{figure} {label} {seconds}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit(f"a worker stopped (exit status {self.process.wait()})")
        rates: list[float] = json.loads(answer)
        return rates

    def close(self) -> None:
        """End the worker."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def cells(rates: dict[str, list[float]]) -> list[float]:
    """One side's figures of one round, in the order of :data:`COLUMNS`."""
    return [
        rates["fast"][0],
        rates["fast"][1],
        rates["playout"][0],
        rates["text"][0],
        rates["copy+play"][0],
    ]


def search_rate(pure: bool, seconds: float, positions: int) -> float:
    """Run ``bench/search.py --single`` on one side; return ISMCTS iterations per second."""
    out = subprocess.run(
        [
            sys.executable,
            str(SEARCH_BENCH),
            "--single",
            "--json",
            "--seconds",
            str(seconds),
            "--positions",
            str(positions),
        ],
        env=environment(pure),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(json.loads(out)["ismcts_iterations_per_s_one_process"])


def which_path(pure: bool) -> str:
    """What ``cuttle --version`` says of one side's engine."""
    code = "from cuttle.accel import engine_path; print(engine_path())"
    return subprocess.run(
        [sys.executable, "-c", code],
        env=environment(pure),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """Measure both paths in turn, then print a Markdown table with the ratios."""
    args_in = sys.argv[1:] if argv is None else argv
    if args_in[:1] == ["--serve"]:
        serve("--seed-each-game" in args_in)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard", help="rule sets for bench/engine.py")
    parser.add_argument(
        "--seconds", type=float, default=0.25, help="CPU seconds a measurement (one side)"
    )
    parser.add_argument("--rounds", type=int, default=20, help="measurements of each figure")
    parser.add_argument("--search-seconds", type=float, default=0.5, help="per position")
    parser.add_argument("--positions", type=int, default=4, help="search positions")
    parser.add_argument("--search-rounds", type=int, default=5, help="pairs of search runs")
    parser.add_argument("--cpu", type=int, default=0, help="the one core to run on")
    parser.add_argument(
        "--seed-each-game",
        action="store_true",
        help="bench/engine.py's games seeded one by one (two generators a game)",
    )
    args = parser.parse_args(args_in)
    if args.rounds < 1 or args.search_rounds < 0 or args.seconds <= 0:
        parser.error("--rounds and --seconds must be positive, --search-rounds at least 0")
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})  # the children inherit it
    labels = [x.strip() for x in args.rules.split(",") if x.strip()]
    workers = {side: Worker(side == "pure", args.seed_each_game) for side in ("compiled", "pure")}
    rounds: dict[str, dict[str, list[list[float]]]] = {
        label: {"compiled": [], "pure": []} for label in labels
    }
    try:
        for label in labels:  # a warm-up: imports, the copy+play positions, first calls
            for figure in FIGURES:
                for worker in workers.values():
                    worker.ask(figure, label, min(args.seconds, 0.1))
        for number in range(args.rounds):
            sides = ("compiled", "pure") if number % 2 == 0 else ("pure", "compiled")
            for label in labels:
                rates: dict[str, dict[str, list[float]]] = {side: {} for side in sides}
                for figure in FIGURES:
                    for side in sides:
                        rates[side][figure] = workers[side].ask(figure, label, args.seconds)
                for side in sides:
                    rounds[label][side].append(cells(rates[side]))
    finally:
        for worker in workers.values():
            worker.close()
    search: dict[str, list[float]] = {"compiled": [], "pure": []}
    for number in range(args.search_rounds):
        for side in ("compiled", "pure") if number % 2 == 0 else ("pure", "compiled"):
            search[side].append(search_rate(side == "pure", args.search_seconds, args.positions))
    print(
        f"- Command: `python bench/compiled.py --rules {args.rules} --seconds {args.seconds:g}"
        f" --rounds {args.rounds} --search-seconds {args.search_seconds:g}"
        f" --positions {args.positions} --search-rounds {args.search_rounds} --cpu {args.cpu}"
        f"{' --seed-each-game' if args.seed_each_game else ''}`"
    )
    print(f"- Compiled side: {which_path(False)}; pure side: {which_path(True)}")
    print(
        f"- Load average at the end: {os.getloadavg()[0]:.2f}; one core; rates per second"
        " of CPU time (medians of the rounds); compiled/pure is the median of the rounds'"
        " paired ratios (each pair measured back to back), their lowest and highest beside it"
    )
    print()
    print("| rule set | figure | pure | compiled | compiled/pure | rounds' range | target |")
    print("|---|---|---:|---:|---:|---|---:|")
    for label in labels:
        pure_rows, compiled_rows = rounds[label]["pure"], rounds[label]["compiled"]
        for i, column in enumerate(COLUMNS):
            print(row(label, column, [r[i] for r in pure_rows], [r[i] for r in compiled_rows]))
    if args.search_rounds:
        print(row("bench/search.py", "ISMCTS it/s", search["pure"], search["compiled"]))
    return 0


def row(label: str, column: str, pure: list[float], compiled: list[float]) -> str:
    """One line of the table: the medians, the median paired ratio, its range, the target."""
    ratios = [c / p for c, p in zip(compiled, pure, strict=True)]
    return (
        f"| {label} | {column} | {statistics.median(pure):,.0f} "
        f"| {statistics.median(compiled):,.0f} | {statistics.median(ratios):.2f} "
        f"| {min(ratios):.2f}–{max(ratios):.2f} | {TARGETS[column]:g}× |"
    )


if __name__ == "__main__":
    raise SystemExit(main())
