"""One side of the compiled/pure differential test (``test_compiled_differential.py``).

Run as a script in a process whose engine is chosen by ``CUTTLE_PURE_PYTHON``: it plays
seeded random games of every rule-set configuration (presets, variants, house rules)
and prints, as JSON, which engine ran and one digest per game of everything the game
showed at every position: the legal moves (fast path and notation), the move chosen,
the position after it (canonical JSON), a copy's position, and the outcome. With
``--lines`` it prints those lines of one game instead, to show where two sides part.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from cuttle import load_house_rules, new_game
from cuttle.accel import engine_path
from cuttle.engine.game import Game
from strategies import ALL_CONFIGS, Config

DATA = Path(__file__).parent / "data"
HOUSE_FILES = ("myhouse.toml", "standard-short.toml")
"""House-rules files of the test data (the invented house effects among them)."""


def configurations() -> list[tuple[str, Config | Path]]:
    """Every configuration walked: the shared property-test ones and the house files."""
    out: list[tuple[str, Config | Path]] = [(c.id, c) for c in ALL_CONFIGS]
    out.extend((name, DATA / name) for name in HOUSE_FILES)
    return out


def deal(config: Config | Path, seed: int) -> Game:
    """A new game of ``config`` dealt from ``seed``."""
    if isinstance(config, Path):
        return new_game(load_house_rules(config), seed=seed)
    return config.new(seed)


def lines(config: Config | Path, seed: int) -> Iterator[str]:
    """What one random game of ``config`` from ``seed`` shows, a line per fact."""
    g = deal(config, seed)
    rng = random.Random(seed)
    yield json.dumps(g.to_json(), sort_keys=True)
    while not g.is_over:
        legal = g.legal_actions()
        yield repr([tuple(m) for m in legal])
        yield repr(g.legal_moves())
        move = rng.choice(legal)
        if g.moves_played % 7 == 3:  # a copy, and a pickled one, play on as the game
            other = g.copy() if g.moves_played % 2 else pickle.loads(pickle.dumps(g))
            other.apply(move)
            yield json.dumps(other.to_json(), sort_keys=True)
        g.apply(move)
        yield f"move {tuple(move)!r}"
        yield json.dumps(g.to_json(), sort_keys=True)
    outcome = g.outcome
    assert outcome is not None
    yield f"{outcome.winners!r} {outcome.termination!s} {outcome.result()}"


def walk(games: int, start: int) -> dict[str, object]:
    """Digests of ``games`` games per configuration, seeds from ``start``."""
    digests: list[tuple[str, int, int, str]] = []
    positions = 0
    for name, config in configurations():
        for seed in range(start, start + games):
            h = hashlib.sha256()
            count = 1  # the deal, then one position after each move
            for line in lines(config, seed):
                h.update(line.encode())
                h.update(b"\n")
                count += line.startswith("move ")
            positions += count
            digests.append((name, seed, count, h.hexdigest()))
    return {"engine": engine_path(), "positions": positions, "digests": digests}


def main(argv: list[str] | None = None) -> int:
    """Print the digests (or one game's lines) as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="games per configuration")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--lines", nargs=2, metavar=("CONFIG", "SEED"), help="one game's lines")
    args = ap.parse_args(argv)
    if args.lines:
        config = dict(configurations())[args.lines[0]]
        json.dump(list(lines(config, int(args.lines[1]))), sys.stdout)
    else:
        json.dump(walk(args.games, args.start), sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
