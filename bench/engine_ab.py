"""Engine speed before and after a change, measured in the same run.

It extracts the package as it was at a git revision (``--before``, default ``HEAD~1``)
into a temporary folder and runs ``bench/engine.py`` alternately on that tree and on
the working tree, ``--rounds`` times each, so that both sides see the same machine load.
Each figure is reported as the median over the rounds, with the after/before ratio.

Usage::

    python bench/engine_ab.py --before 28419eb --rules standard,classic --seconds 2 --rounds 3
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE_BENCH = ROOT / "bench" / "engine.py"
COLUMNS = (
    "games/s (fast)",
    "decisions/s (fast)",
    "moves/game",
    "games/s (text)",
    "decisions/s (text)",
    "copy+play/s",
)
_ROW = re.compile(r"^\| (\S+) \|((?: [\d,.]+ \|){6,})$")
"""A row of ``bench/engine.py``'s table (the first six figures are compared: a newer
bench has a seventh, the playout, that older trees cannot run)."""


def extract(revision: str, into: Path) -> Path:
    """Write the ``src`` folder of ``revision`` under ``into``; return that ``src``."""
    archive = subprocess.run(
        ["git", "archive", revision, "src"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def run_once(src: Path, rules: str, seconds: float) -> dict[str, list[float]]:
    """Run ``bench/engine.py`` with the package from ``src``; return each rule set's row."""
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, str(ENGINE_BENCH), "--rules", rules, "--seconds", str(seconds)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    rows: dict[str, list[float]] = {}
    for line in out.splitlines():
        m = _ROW.match(line)
        if m:
            cells = [c.strip().replace(",", "") for c in m.group(2).split("|") if c.strip()]
            rows[m.group(1)] = [float(c) for c in cells[: len(COLUMNS)]]
    return rows


def main(argv: list[str] | None = None) -> int:
    """Measure, then print a Markdown table: before, after and their ratio per figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="HEAD~1", help="git revision to compare with")
    parser.add_argument("--rules", default="standard,classic,cutthroat,multiplayer-4")
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each side")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        before_src = extract(args.before, Path(tmp))
        after_src = ROOT / "src"
        runs: dict[str, list[dict[str, list[float]]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            runs["before"].append(run_once(before_src, args.rules, args.seconds))
            runs["after"].append(run_once(after_src, args.rules, args.seconds))
    print(
        f"- Command: `python bench/engine_ab.py --before {args.before} --rules {args.rules}"
        f" --seconds {args.seconds:g} --rounds {args.rounds}`"
    )
    print(
        f"- Load average at the end: {os.getloadavg()[0]:.2f}; medians of {args.rounds}"
        " alternating runs, rates per second of CPU time"
    )
    print()
    print("| rule set | figure | before | after | after/before |")
    print("|---|---|---:|---:|---:|")
    for label in runs["after"][0]:
        for i, column in enumerate(COLUMNS):
            b = statistics.median(r[label][i] for r in runs["before"] if label in r)
            a = statistics.median(r[label][i] for r in runs["after"])
            print(f"| {label} | {column} | {b:,.1f} | {a:,.1f} | {a / b:.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
