"""The move log's cost per move on the server's path, before and after the narration
spoke six languages, measured in the same run.

The server tells every move to each seat and to spectators with the cards each reader
sees already computed (``Table`` keeps them): ``describe(before, after, seat, move,
viewer, names, seen)``. This script replays a fixed set of random games (the same seeds
on both sides), collects every move with its readers' ``seen`` sets, and times the
``describe`` calls alone: microseconds of CPU time per move (the process's own time, so
that other work on a shared machine counts less), all readers together, the best of
``--repeat`` passes.

"Before" is the engine at ``--before`` (default ``763dda3``, the last commit before the
narration became translatable), checked out as a git worktree under ``/tmp`` and imported
in a subprocess; "after" is the working tree, in English and in German (the old engine
spoke English only). The sides run alternately, ``--rounds`` times each, so that all see
the same machine load; the figures are the medians and the best of the rounds.

Usage::

    python bench/words_lang.py --before 763dda3 --games 12 --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Alice", "Bob", "Carol", "Dave")


def worktree(revision: str) -> Path:
    """A git worktree of ``revision`` under ``/tmp`` (made once); return its ``src``."""
    path = Path("/tmp") / f"cuttle-words-before-{revision}"
    if not (path / "src" / "cuttle").exists():
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(path), revision],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
    return path / "src"


def workload(games: int, moves: int) -> list[tuple[Any, ...]]:
    """Every move of ``games`` random games (rules standard and multiplayer-3), each with
    every reader and the cards it sees: the calls the server makes."""
    import random

    from cuttle.engine.codec import to_json
    from cuttle.engine.game import new_game
    from cuttle.engine.words import seen_cards

    calls: list[tuple[Any, ...]] = []
    for seed in range(games):
        rules, players = ("standard", None) if seed % 2 == 0 else ("multiplayer", 3)
        g = new_game(rules, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if g.is_over:
                break
            m = rng.choice(g.legal_actions())
            seat = g.to_act
            before = g.copy()
            g.apply(m)
            after = g.copy()
            readers = [None, *range(g.n)]
            for v in readers:
                seen = (seen_cards(to_json(before, v)), seen_cards(to_json(after, v)))
                calls.append((before, after, seat, m, v, NAMES[: g.n], seen))
    return calls


def child(games: int, moves: int, lang: str, repeat: int) -> dict[str, Any]:
    """Time the describe calls of the workload (``lang`` "" for the old signature)."""
    import cuttle
    from cuttle.engine.words import describe

    calls = workload(games, moves)
    n_moves = sum(1 for c in calls if c[4] is None)
    extra: dict[str, Any] = {"lang": lang} if lang else {}
    for c in calls[:50]:  # warm the caches (catalogs, grammar)
        describe(*c, **extra)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for c in calls:
            describe(*c, **extra)
        best = min(best, time.process_time() - start)
    return {"us_per_move": best / n_moves * 1e6, "moves": n_moves, "package": cuttle.__file__}


def run_side(src: Path, lang: str, args: argparse.Namespace) -> dict[str, Any]:
    """One measurement in a subprocess with the package from ``src``."""
    env = dict(os.environ, PYTHONPATH=str(src))
    cmd = [sys.executable, __file__, "--child", "--lang", lang, "--games", str(args.games)]
    cmd += ["--moves", str(args.moves), "--repeat", str(args.repeat)]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    """Alternate before/after runs and print a Markdown table of the figures."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", default="763dda3", help="the revision to compare with")
    p.add_argument("--games", type=int, default=12, help="random games in the workload")
    p.add_argument("--moves", type=int, default=120, help="moves per game at most")
    p.add_argument("--rounds", type=int, default=5, help="alternating runs per side")
    p.add_argument("--repeat", type=int, default=9, help="timed passes per run (best kept)")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--lang", default="", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        print(json.dumps(child(args.games, args.moves, args.lang, args.repeat)))
        return
    sides = {
        f"before ({args.before}), English": (worktree(args.before), ""),
        "after, English": (ROOT / "src", "en"),
        "after, German": (ROOT / "src", "de"),
    }
    figures: dict[str, list[float]] = {name: [] for name in sides}
    moves = 0
    for _ in range(args.rounds):
        for name, (src, lang) in sides.items():
            result = run_side(src, lang, args)
            figures[name].append(result["us_per_move"])
            moves = result["moves"]
    base = statistics.median(figures[next(iter(sides))])
    print(f"{moves} moves, every reader told; {args.rounds} alternating runs per side\n")
    print("| side | µs per move (median) | best | vs before |")
    print("|---|---:|---:|---:|")
    for name, values in figures.items():
        median = statistics.median(values)
        print(f"| {name} | {median:.1f} | {min(values):.1f} | {median / base:.2f}× |")


if __name__ == "__main__":
    main()
