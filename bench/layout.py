"""What the data layout does to the compiled/pure ratio: a toy position, two layouts.

The engine's copy+play stays under 4× compiled/pure because its position is some twenty
lists and a dictionary, and copying and freeing them is the same C work on both paths
(`docs/benchmarks.md`, "Why the engine's ratios stop short of 5× and 4×"). This study
plays the same toy game (draw, play a point card, scuttle; ``bench/layout/``) on two
layouts of the same position: hands and fields as lists of cards (``listpos.py``, the
engine's layout) and as bit sets of the 54 cards (``bitpos.py``). Each is run as plain
Python and compiled by mypyc (into a temporary folder), copying one of 32 positions,
listing its moves and applying a random one, as ``bench/engine.py``'s copy+play does.

Usage::

    python bench/layout.py                 # 300,000 steps a measurement, 2 rounds
    python bench/layout.py --steps 100000 --rounds 3

It needs mypy (mypyc) and a C compiler, as the engine's build does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent / "layout"
MODULES = ("bitpos.py", "listpos.py")
KINDS = {"bit sets": "bitpos.BitPos", "lists": "listpos.ListPos"}

STEP_CODE = """
import random, sys, time
import bitpos, listpos

def positions(kind):
    out = []
    for seed in range(32):
        rng = random.Random(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        hands, pts = [deck[:6], deck[6:12]], [deck[12:15], deck[15:17]]
        faces, rest = [[deck[17]], []], deck[18:]
        hist = [(i % 2, i) for i in range(13)]
        if kind == "bitpos.BitPos":
            m = lambda cs: sum(1 << c for c in cs)
            out.append(bitpos.BitPos(2, [m(h) for h in hands], [m(p) for p in pts],
                                     [m(f) for f in faces], rest, hist))
        else:
            out.append(listpos.ListPos(2, hands, pts, faces, rest, hist))
    return out

pos = positions(sys.argv[1])
rng = random.Random(1)
steps = int(sys.argv[2])
t = time.process_time()
for i in range(steps):
    g = pos[i % 32].copy()
    a = g.legal()
    g.apply(a[int(rng.random() * len(a))])
print(steps / (time.process_time() - t))
"""
"""The child: one measurement of copy + legal moves + one move, steps per CPU second."""


def build(into: Path) -> tuple[Path, Path]:
    """Copy the toy modules into a plain folder and a compiled one; return both."""
    plain, compiled = into / "plain", into / "compiled"
    for folder in (plain, compiled):
        folder.mkdir()
        for name in MODULES:
            shutil.copy(HERE / name, folder / name)
        (folder / "step.py").write_text(STEP_CODE)
    mypyc = Path(sys.executable).with_name("mypyc")
    subprocess.run(
        [str(mypyc) if mypyc.exists() else "mypyc", *MODULES],
        cwd=compiled,
        check=True,
        capture_output=True,
    )
    for name in MODULES:  # the compiled side imports the extension, not the source
        (compiled / name).unlink()
    return plain, compiled


def rate(folder: Path, kind: str, steps: int) -> float:
    """Steps per CPU second of one layout in one folder, pinned to one core."""
    env = dict(os.environ, PYTHONPATH=str(folder))
    cmd = [sys.executable, "step.py", kind, str(steps)]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "0", *cmd]
    out = subprocess.run(cmd, cwd=folder, env=env, check=True, capture_output=True, text=True)
    return float(out.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    """Measure both layouts on both paths, alternately; print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300_000, help="steps a measurement")
    parser.add_argument("--rounds", type=int, default=2, help="alternating measurements")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        plain, compiled = build(Path(tmp))
        found: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.rounds):
            for label, kind in KINDS.items():
                for side, folder in (("pure", plain), ("compiled", compiled)):
                    found.setdefault((label, side), []).append(rate(folder, kind, args.steps))
    print(f"- Command: `python bench/layout.py --steps {args.steps} --rounds {args.rounds}`")
    print("- Copy + legal moves + one move of the toy position, steps per CPU second (median)\n")
    print("| layout | pure | compiled | compiled/pure |")
    print("|---|---:|---:|---:|")
    for label in KINDS:
        p = statistics.median(found[(label, "pure")])
        c = statistics.median(found[(label, "compiled")])
        print(f"| {label} | {p:,.0f} | {c:,.0f} | {c / p:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
