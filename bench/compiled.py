"""The compiled engine against the plain source, in the same run on one core.

It runs ``bench/engine.py`` (random games per CPU-second on the fast path, the notation
path, copy+play) and ``bench/search.py --single`` (ISMCTS iterations per second on its
positions) alternately on the compiled path and with ``CUTTLE_PURE_PYTHON=1``,
``--rounds`` times each, pinned to one core (``--cpu``, as ``taskset -c 0`` does), so
that both paths see the same machine load. Each figure is the median over the rounds,
reported with the compiled/pure ratio and the issue's target for it.

Usage::

    python bench/compiled.py                                  # standard, 3 rounds
    python bench/compiled.py --rules standard,cutthroat,multiplayer-4 --seconds 2

It needs the compiled engine built (``make setup``, or ``python setup.py build_ext
--inplace``); without it both sides run the plain source and it says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE_BENCH = ROOT / "bench" / "engine.py"
SEARCH_BENCH = ROOT / "bench" / "search.py"
COLUMNS = (
    "games/s (fast)",
    "decisions/s (fast)",
    "games/s (playout)",
    "games/s (text)",
    "copy+play/s",
)
ENGINE_CELLS = (0, 1, 6, 3, 5)
"""Which of ``bench/engine.py``'s six columns each of :data:`COLUMNS` is."""
TARGETS = {
    "games/s (fast)": 5.0,
    "decisions/s (fast)": 5.0,
    "games/s (playout)": 5.0,
    "games/s (text)": 3.0,
    "copy+play/s": 4.0,
    "ISMCTS it/s": 4.0,
}
"""The issue's compiled/pure goal for each figure."""
_ROW = re.compile(r"^\| (\S+) \|((?: [\d,.]+ \|){7})$")


def environment(pure: bool) -> dict[str, str]:
    """The environment of one side: the repository's source first, the path chosen."""
    return dict(
        os.environ,
        PYTHONPATH=str(ROOT / "src"),
        CUTTLE_PURE_PYTHON="1" if pure else "0",
    )


def engine_rows(pure: bool, rules: str, seconds: float) -> dict[str, list[float]]:
    """Run ``bench/engine.py`` on one side; return the four figures of each rule set."""
    out = subprocess.run(
        [sys.executable, str(ENGINE_BENCH), "--rules", rules, "--seconds", str(seconds)],
        env=environment(pure),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows: dict[str, list[float]] = {}
    for line in out.splitlines():
        m = _ROW.match(line)
        if m:
            cells = [float(c.strip().replace(",", "")) for c in m.group(2).split("|") if c.strip()]
            rows[m.group(1)] = [cells[i] for i in ENGINE_CELLS]
    return rows


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
    """Measure both paths alternately, then print a Markdown table with the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard", help="rule sets for bench/engine.py")
    parser.add_argument("--seconds", type=float, default=2.0, help="per engine measurement")
    parser.add_argument("--search-seconds", type=float, default=0.5, help="per position")
    parser.add_argument("--positions", type=int, default=4, help="search positions")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each side")
    parser.add_argument("--cpu", type=int, default=0, help="the one core to run on")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})  # the children inherit it
    engine: dict[str, list[dict[str, list[float]]]] = {"compiled": [], "pure": []}
    search: dict[str, list[float]] = {"compiled": [], "pure": []}
    for _ in range(args.rounds):
        for side in ("compiled", "pure"):
            pure = side == "pure"
            engine[side].append(engine_rows(pure, args.rules, args.seconds))
            search[side].append(search_rate(pure, args.search_seconds, args.positions))
    print(
        f"- Command: `python bench/compiled.py --rules {args.rules} --seconds {args.seconds:g}"
        f" --search-seconds {args.search_seconds:g} --positions {args.positions}"
        f" --rounds {args.rounds} --cpu {args.cpu}`"
    )
    print(f"- Compiled side: {which_path(False)}; pure side: {which_path(True)}")
    print(
        f"- Load average at the end: {os.getloadavg()[0]:.2f}; medians of {args.rounds}"
        " alternating runs on one core; engine rates per second of CPU time"
    )
    print()
    print("| rule set | figure | pure | compiled | compiled/pure | target |")
    print("|---|---|---:|---:|---:|---:|")
    for label in engine["compiled"][0]:
        for i, column in enumerate(COLUMNS):
            p = statistics.median(r[label][i] for r in engine["pure"])
            c = statistics.median(r[label][i] for r in engine["compiled"])
            print(
                f"| {label} | {column} | {p:,.0f} | {c:,.0f} | {c / p:.2f} | {TARGETS[column]:g}× |"
            )
    p = statistics.median(search["pure"])
    c = statistics.median(search["compiled"])
    target = TARGETS["ISMCTS it/s"]
    print(f"| bench/search.py | ISMCTS it/s | {p:,.0f} | {c:,.0f} | {c / p:.2f} | {target:g}× |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
