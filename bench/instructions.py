"""Instructions per unit of engine work, compiled and pure, counted by valgrind.

Timings on a shared virtual machine drift by 5-20 % from run to run; the instructions a
fixed workload executes do not. This runs each workload under ``valgrind`` on both
paths (the compiled engine, and the plain source with ``CUTTLE_PURE_PYTHON=1``), twice
at two lengths, and reports the difference per unit, so that the interpreter's start,
the imports and the workload's own set-up cancel out. With ``--cache`` it simulates
the caches and the branch predictor as well (``cachegrind``: first-level instruction
and data cache misses, mispredicted branches), which explains a time ratio that stays
below the instruction ratio.

Workloads (``--rules`` picks the rule set, ``standard`` by default):

* ``deal``: ``new_game(rules, rng=stream)``, one unit a deal, every deal from one
  generator;
* ``game``: a random game on the fast path with the loop in Python, as
  ``bench/engine.py`` plays it (its generator included), one unit a game;
* ``playout``: the same games with the loop inside the engine (``random_playout``);
* ``deal-seeded``, ``game-seeded``, ``playout-seeded``: the same, each game dealt with
  its own seed and played from its own seeded generator (``bench/engine.py
  --seed-each-game``);
* ``copy+play``: a copy of one of 32 mid-game positions and one random legal move
  applied to it, as ``bench/engine.py`` measures it, one unit a step;
* ``env-engine``, ``env-pettingzoo``, ``env-gymnasium``: ``bench/envs.py``'s random
  games, the engine's own loop, PettingZoo's documented loop (``--plain``) and the
  Gymnasium environment against the random bot, one unit a decision (a move of any
  seat): the research interfaces' cost beside the engine's, in counts that do not drift
  (``--compiled-only`` leaves out the plain source's slow runs).

Usage::

    python bench/instructions.py                         # every workload, standard
    python bench/instructions.py --workloads copy+play --cache
    python bench/instructions.py --rules multiplayer-4 --workloads game,playout
    python bench/instructions.py --workloads env-engine,env-pettingzoo --compiled-only

It needs ``valgrind`` (Debian: ``apt-get install valgrind``) and takes a few minutes
(the programs run about fifty times slower under it).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from cuttle import RuleSet, new_game

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve()
LENGTHS = {
    "deal": (100, 2100),
    "deal-seeded": (100, 2100),
    "game": (20, 320),
    "game-seeded": (20, 320),
    "playout": (20, 320),
    "playout-seeded": (20, 320),
    "copy+play": (1000, 7000),
    "env-engine": (20, 220),
    "env-pettingzoo": (20, 220),
    "env-gymnasium": (20, 220),
}
"""Each workload's two run lengths, in units (after the warm-up): their difference is
long enough to average over many units."""
COUNTERS = {
    "Ir": re.compile(r"I\s+refs:\s+([\d,]+)"),
    "I1 misses": re.compile(r"I1\s+misses:\s+([\d,]+)"),
    "D1 misses": re.compile(r"D1\s+misses:\s+([\d,]+)"),
    "mispredicts": re.compile(r"Mispredicts:\s+([\d,]+)"),
}
"""What valgrind prints at the end of a run, by the name this script reports it under."""


WARM_UP = {
    name: {"deal": 300, "copy+play": 6000, "env": 30}.get(name.split("-")[0], 60)
    for name in LENGTHS
}
"""Units each child runs first, on other seeds, in both run lengths alike: the rare
branches' lazy imports (a one-off's words, say) happen there rather than inside one of
the two measured stretches, where a one-time cost would read as a per-unit one."""


def run_units(workload: str, label: str, units: int) -> None:
    """Run the warm-up, then ``units`` units of ``workload`` on rule set ``label`` (the
    child's work)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from engine import copy_and_play, fast_game, mid_games, playout_game, rule_set

    rules = rule_set(label)
    warm = WARM_UP[workload]
    if workload.startswith("env-"):
        import envs

        make = {"engine": envs.engine, "pettingzoo": envs.plain, "gymnasium": envs.gymnasium}
        game = make[workload[4:]](rules)
        for i in range(warm):
            game(10**6 + i)
        decisions = sum(game(i) for i in range(units))
        print(f"units={decisions}")  # the parent counts per decision, not per game
        return
    if workload == "copy+play":
        positions = mid_games(rules)
        warm_step = copy_and_play(positions, random.Random(2))
        for i in range(warm):
            warm_step(i)
        step = copy_and_play(positions, random.Random(1))
        for i in range(units):
            step(i)
        return
    name, _, seeded = workload.partition("-")
    play = {"deal": deal, "game": fast_game, "playout": playout_game}.get(name)
    if play is None:
        raise SystemExit(f"unknown workload {workload!r}")
    stream = random.Random(10**6)
    for i in range(warm):
        play(rules, stream, 10**6 + i if seeded else None)
    stream = random.Random(0)
    for i in range(units):
        play(rules, random.Random(i) if seeded else stream, i if seeded else None)


def deal(rules: RuleSet, rng: random.Random, seed: int | None = None) -> int:
    """Deal one game (the ``deal`` workload's unit): from ``rng``, or with ``seed``."""
    if seed is None:
        new_game(rules, rng=rng)
    else:
        new_game(rules, seed=seed)
    return 0


def counted(workload: str, label: str, units: int, pure: bool, cache: bool) -> dict[str, int]:
    """Run the child under valgrind; return its counters."""
    tool = (
        [
            "--tool=cachegrind",
            "--cache-sim=yes",
            "--branch-sim=yes",
            "--cachegrind-out-file=/dev/null",
        ]
        if cache
        else ["--tool=callgrind", "--callgrind-out-file=/dev/null"]
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), CUTTLE_PURE_PYTHON="1" if pure else "0")
    run = subprocess.run(
        ["valgrind", *tool, sys.executable, str(HERE), "--child", workload, label, str(units)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    out = run.stderr
    found: dict[str, int] = {}
    told = re.search(r"^units=(\d+)$", run.stdout, re.MULTILINE)
    found["units"] = int(told.group(1)) if told else units
    for name, pattern in COUNTERS.items():
        m = pattern.search(out)
        if m:
            found[name] = int(m.group(1).replace(",", ""))
    if "Ir" not in found:
        raise SystemExit(f"valgrind printed no instruction count:\n{out[-2000:]}")
    return found


def per_unit(workload: str, label: str, pure: bool, cache: bool) -> dict[str, float]:
    """The counters of one unit of ``workload``: the difference of the two run lengths."""
    short, long = LENGTHS[workload]
    a = counted(workload, label, short, pure, cache)
    b = counted(workload, label, long, pure, cache)
    units = b["units"] - a["units"]  # the run lengths, or the decisions the child made
    return {name: (b[name] - a[name]) / units for name in b if name in a and name != "units"}


def main(argv: list[str] | None = None) -> int:
    """Count both paths for each workload and print a Markdown table."""
    args_in = sys.argv[1:] if argv is None else argv
    if args_in[:1] == ["--child"]:
        workload, label, units = args_in[1], args_in[2], int(args_in[3])
        run_units(workload, label, units)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rules", default="standard", help="rule set (multiplayer as multiplayer-N)"
    )
    parser.add_argument(
        "--workloads", default=",".join(LENGTHS), help=f"comma-separated, of: {', '.join(LENGTHS)}"
    )
    parser.add_argument("--cache", action="store_true", help="simulate caches and branches too")
    parser.add_argument("--compiled-only", action="store_true", help="count the compiled path only")
    args = parser.parse_args(args_in)
    workloads = [w.strip() for w in args.workloads.split(",") if w.strip()]
    unknown = [w for w in workloads if w not in LENGTHS]
    if unknown:
        parser.error(f"unknown workload(s): {', '.join(unknown)}")
    print(
        f"- Command: `python bench/instructions.py --rules {args.rules} --workloads "
        f"{','.join(workloads)}{' --cache' if args.cache else ''}"
        f"{' --compiled-only' if args.compiled_only else ''}`"
    )
    print("- Counts per unit: the difference of two run lengths under valgrind\n")
    print("| workload | counter | pure | compiled | pure/compiled |")
    print("|---|---|---:|---:|---:|")
    for workload in workloads:
        compiled = per_unit(workload, args.rules, False, args.cache)
        if args.compiled_only:
            for name, c in compiled.items():
                print(f"| {workload} | {name} | - | {c:,.0f} | - |", flush=True)
            continue
        pure = per_unit(workload, args.rules, True, args.cache)
        for name in COUNTERS:
            if name in pure and name in compiled:
                p, c = pure[name], compiled[name]
                ratio = f"{p / c:.2f}" if c else "-"
                print(f"| {workload} | {name} | {p:,.0f} | {c:,.0f} | {ratio} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
