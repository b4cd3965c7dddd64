"""Engine speed on one core: random games per second for every rule set.

For each rule set (multiplayer at 2 to 5 seats) this plays complete random games and
reports games per second and decisions (moves) per second, on the fast path
(``legal_actions`` + ``apply``, the loop written here in Python) and on the text path
(``legal_moves`` + ``play``), how many times per second a mid-game position can be
copied and one random legal move applied to the copy (what a tree search does), and
games per second with the fast path's loop inside the engine
(:func:`cuttle.engine.playout.random_playout`, the same games move for move). Each
measurement deals and plays its games from one generator seeded once, as a simulation
would; ``--seed-each-game`` seeds two generators a game instead (the deal's and the
moves', game ``i`` with seed ``i``). It prints a Markdown table and the machine it ran
on.

Usage::

    python bench/engine.py                      # every rule set, 3 s per measurement
    python bench/engine.py --rules standard --seconds 10
    python bench/engine.py --games 500 --rules classic,multiplayer-4
    python bench/engine.py --rules standard --seed-each-game

The issue's target is at least 2,000 complete random games per second for ``standard``
on the fast path.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from cuttle import Game, RuleSet, get_rules, new_game
from cuttle.engine.playout import random_playout

ALL = (
    "classic",
    "standard",
    "cuttlecards",
    "cutthroat",
    "team",
    "multiplayer-2",
    "multiplayer-3",
    "multiplayer-4",
    "multiplayer-5",
)
TARGET = 2000.0
"""Complete random games per second the issue asks of ``standard`` (fast path)."""


def rule_set(label: str) -> RuleSet:
    """Return the rule set for a label such as ``standard`` or ``multiplayer-4``."""
    name, _, seats = label.partition("-")
    return get_rules(name, (), int(seats) if seats else None)


@dataclass
class Rate:
    """A measurement: how many units (and moves) in how many seconds of this process's
    CPU time (``seconds``) and of wall-clock time (``wall``)."""

    units: int
    moves: int
    seconds: float
    wall: float

    @property
    def per_second(self) -> float:
        """Units per second."""
        return self.units / self.seconds if self.seconds else 0.0

    @property
    def per_wall_second(self) -> float:
        """Units per second of wall-clock time."""
        return self.units / self.wall if self.wall else 0.0

    @property
    def moves_per_second(self) -> float:
        """Moves per second."""
        return self.moves / self.seconds if self.seconds else 0.0


def measure(step: Callable[[int], int], max_units: int, seconds: float) -> Rate:
    """Call ``step(i)`` (returning moves made) until ``max_units`` calls or ``seconds``
    of CPU time.

    Rates are per second of this process's CPU time, so that other programs sharing the
    machine do not lower them; the wall-clock time is kept as well.
    """
    moves = 0
    units = 0
    start = time.process_time()
    wall = time.perf_counter()
    deadline = start + seconds
    while units < max_units:
        moves += step(units)
        units += 1
        if units % 16 == 0 and time.process_time() >= deadline:
            break
    return Rate(units, moves, time.process_time() - start, time.perf_counter() - wall)


# The harness picks each move with ``rng.random()`` (one C call), not ``randrange``
# (three Python frames of ``random.py``, more than a compiled engine's whole move): what
# is timed is the engine's, on either path.
#
# Each measurement draws its games, deals and moves alike, from one generator seeded once
# (``--seed-each-game``: a generator seeded with the game's number for the deal and
# another for the moves, as this benchmark did until 2026-11-27). Seeding a Mersenne
# Twister is C work of about 26,000 instructions (plus 14,000 for its first 624 words),
# the same on both paths, which two seedings a game made a sixth of a compiled game.


def dealt(rules: RuleSet, rng: random.Random, seed: int | None) -> Game:
    """A new game dealt from ``rng`` or, where ``seed`` is given, with that seed."""
    return new_game(rules, rng=rng) if seed is None else new_game(rules, seed=seed)


def fast_game(rules: RuleSet, rng: random.Random, seed: int | None = None) -> int:
    """Deal and play one random game with ``legal_actions`` + ``apply``; return its moves.

    The deal and every move come from ``rng`` (the deal from ``seed`` where given)."""
    g = dealt(rules, rng, seed)
    moves = 0
    while g.winners is None:
        actions = g.legal_actions()
        g.apply(actions[int(rng.random() * len(actions))])
        moves += 1
    return moves


def playout_game(rules: RuleSet, rng: random.Random, seed: int | None = None) -> int:
    """Deal and play the game :func:`fast_game` plays, with the loop inside the engine
    (:func:`random_playout` draws each move as :func:`fast_game` does); return its moves."""
    return random_playout(dealt(rules, rng, seed), rng)


def text_game(rules: RuleSet, rng: random.Random, seed: int | None = None) -> int:
    """Deal and play one random game with ``legal_moves`` + ``play``; return its moves."""
    g = dealt(rules, rng, seed)
    moves = 0
    while g.winners is None:
        texts = g.legal_moves()
        g.play(texts[int(rng.random() * len(texts))])
        moves += 1
    return moves


def games(play: Callable[..., int], rules: RuleSet, seed_each_game: bool) -> Callable[[int], int]:
    """The step :func:`measure` times: game ``i`` of ``play`` (one stream seeded with 0
    for the whole measurement, or seeds ``i`` with ``seed_each_game``)."""
    if seed_each_game:
        return lambda i: play(rules, random.Random(i), i)
    stream = random.Random(0)
    return lambda i: play(rules, stream)


def mid_games(rules: RuleSet, count: int = 32) -> list[Game]:
    """Positions some way into random games (a third of the way through, not over)."""
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        length = fast_game(rules, random.Random(seed), seed)
        g = new_game(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(length // 3):
            actions = g.legal_actions()
            g.apply(actions[int(rng.random() * len(actions))])
        if g.winners is None:
            out.append(g)
        seed += 1
    return out


def copy_and_play(positions: list[Game], rng: random.Random) -> Callable[[int], int]:
    """A step that copies a mid-game position and applies one random legal move."""

    def step(i: int) -> int:
        g = positions[i % len(positions)].copy()
        actions = g.legal_actions()
        g.apply(actions[int(rng.random() * len(actions))])
        return 1

    return step


def cpu_model() -> str:
    """The CPU model named in /proc/cpuinfo (or what the platform module says)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def pin_one_core() -> str:
    """Pin this process to one core where the OS allows it; say which."""
    if hasattr(os, "sched_setaffinity") and hasattr(os, "sched_getaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        return f"pinned to core {core}"
    return "not pinned (no sched_setaffinity)"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the Markdown report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games",
        type=int,
        default=100_000,
        help="at most this many games (and copy+play steps x100) per measurement",
    )
    parser.add_argument(
        "--rules",
        default=",".join(ALL),
        help="comma-separated rule sets; multiplayer as multiplayer-N (default: all)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help="at most this many seconds per measurement (default 3)",
    )
    parser.add_argument(
        "--seed-each-game",
        action="store_true",
        help="deal game i with seed i and play it from random.Random(i) (the harness "
        "until 2026-11-27) instead of drawing every game from one generator",
    )
    args = parser.parse_args(argv)
    labels = [x.strip() for x in args.rules.split(",") if x.strip()]
    try:
        sets = [(label, rule_set(label)) for label in labels]
    except ValueError as exc:
        parser.error(str(exc))
    if args.games < 1 or args.seconds <= 0:
        parser.error("--games and --seconds must be positive")

    pinned = pin_one_core()
    print("# Cuttle engine benchmark\n")
    print(f"- CPU: {cpu_model()} ({os.cpu_count()} logical cores; {pinned})")
    print(f"- Python: {platform.python_implementation()} {sys.version.split()[0]}")
    print(f"- Platform: {platform.platform()}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"- Load average at start: {load:.2f}")
    print("- Rates are per second of this process's CPU time")
    print(f"- Command: `python bench/engine.py {' '.join(argv or sys.argv[1:])}`".rstrip() + "\n")
    print(
        "| rule set | games/s (fast) | decisions/s (fast) | moves/game "
        "| games/s (text) | decisions/s (text) | copy+play/s | games/s (playout) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    standard: Rate | None = None
    for label, rules in sets:
        each = args.seed_each_game
        fast = measure(games(fast_game, rules, each), args.games, args.seconds)
        text = measure(games(text_game, rules, each), args.games, args.seconds)
        cp = measure(
            copy_and_play(mid_games(rules), random.Random(1)), args.games * 100, args.seconds
        )
        playout = measure(games(playout_game, rules, each), args.games, args.seconds)
        if label == "standard":
            standard = fast
        print(
            f"| {label} | {fast.per_second:,.0f} | {fast.moves_per_second:,.0f} "
            f"| {fast.moves / max(fast.units, 1):.1f} | {text.per_second:,.0f} "
            f"| {text.moves_per_second:,.0f} | {cp.per_second:,.0f} "
            f"| {playout.per_second:,.0f} |",
            flush=True,
        )
    if standard is not None:
        verdict = "meets" if standard.per_second >= TARGET else "MISSES"
        print(
            f"\n`standard` fast path: {standard.per_second:,.0f} games/s of CPU time "
            f"({standard.per_wall_second:,.0f} per wall-clock second), {verdict} the target "
            f"of {TARGET:,.0f} games/s on one core."
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
