"""Rate the bot ladder from arena runs and write ``src/cuttle/bots/data/ladder.json``.

::

    python -m cuttle.arena.ladder docs/arena/ladder-low docs/arena/ladder-mid \\
        docs/arena/ladder-top --out src/cuttle/bots/data/ladder.json

Every game between two ladder levels (:data:`cuttle.bots.registry.LEVEL_NAMES`) in the
runs' ``results.jsonl`` counts; games of other bots are left out. One Bradley–Terry fit
over all of them gives each level an Elo-scale rating; the anchor level (``--anchor``,
``medium`` unless told) is set to 1500, the centre of the league's Glicko-2 scale, on
which expected scores follow the same logistic as Elo's (400 points: odds of 10 to 1),
so a level's rating reads like a player's. The 95% intervals come from a bootstrap that
resamples the games within each pair; the anchor's interval is zero by construction
(the others are measured from it).

Unlike :func:`cuttle.arena.stats.bradley_terry`, the fit adds its half virtual draw
only between pairs that actually met, so levels that never played (level 1 and the
expert) do not pull each other's ratings together.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from ..bots.registry import LEVEL_NAMES, LEVEL_SPECS
from .stats import wilson

ANCHOR_RATING = 1500.0
"""The anchor level's rating: the centre of the league's Glicko-2 scale (every new
player starts there)."""
DEFAULT_ANCHOR = "medium"
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "bots" / "data" / "ladder.json"

Game = tuple[str, str, float]
"""One game: ``(level, other level, score of the first)``."""


def read_games(run_dir: Path) -> tuple[list[Game], str]:
    """The ladder games of one arena run and the command that made it.

    Raises :class:`ValueError` when the directory holds no run."""
    run_file = run_dir / "run.json"
    results = run_dir / "results.jsonl"
    if not run_file.is_file() or not results.is_file():
        raise ValueError(f"{run_dir} holds no arena run (run.json and results.jsonl)")
    run = json.loads(run_file.read_text(encoding="utf-8"))
    bots: list[str] = list(run["plan"]["bots"])
    games: list[Game] = []
    for line in results.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        seat_bots = row["seat_bots"]
        if len(seat_bots) != 2:
            continue
        a, b = (bots[i] for i in seat_bots)
        if a not in LEVEL_NAMES or b not in LEVEL_NAMES or a == b:
            continue
        winners = row["winners"]
        score = 0.5 if not winners else (1.0 if 0 in winners else 0.0)
        games.append((a, b, score))
    return games, str(run.get("command", ""))


def fit(names: Sequence[str], games: Sequence[Game], prior: float = 0.5) -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale (their mean 0) of ``names`` from ``games``;
    ``prior`` virtual drawn games are added to each pair that met."""
    k = len(names)
    index = {n: i for i, n in enumerate(names)}
    wins = [0.0] * k
    met = [[0.0] * k for _ in range(k)]
    for a, b, s in games:
        i, j = index[a], index[b]
        wins[i] += s
        wins[j] += 1.0 - s
        met[i][j] += 1.0
        met[j][i] += 1.0
    for i in range(k):
        for j in range(k):
            if i != j and met[i][j]:
                met[i][j] += prior
                wins[i] += prior / 2
    pi = [1.0] * k
    for _ in range(2000):
        new = []
        for i in range(k):
            denom = sum(met[i][j] / (pi[i] + pi[j]) for j in range(k) if met[i][j])
            new.append(wins[i] / denom if denom > 0 else pi[i])
        mean_log = sum(math.log(x) for x in new) / k
        new = [x / math.exp(mean_log) for x in new]
        delta = max(abs(x - y) for x, y in zip(new, pi, strict=True))
        pi = new
        if delta < 1e-12:
            break
    return {n: 400.0 * math.log10(pi[index[n]]) for n in names}


def anchored(ratings: dict[str, float], anchor: str) -> dict[str, float]:
    """``ratings`` shifted so that ``anchor`` is at :data:`ANCHOR_RATING`."""
    shift = ANCHOR_RATING - ratings[anchor]
    return {n: r + shift for n, r in ratings.items()}


def bootstrap(
    names: Sequence[str], games: Sequence[Game], anchor: str, samples: int, seed: int
) -> dict[str, tuple[float, float]]:
    """95% intervals of the anchored ratings: games resampled within each pair."""
    by_pair: dict[tuple[str, str], list[Game]] = {}
    for g in games:
        by_pair.setdefault(tuple(sorted(g[:2])), []).append(g)  # type: ignore[arg-type]
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(samples):
        sample = [rows[rng.randrange(len(rows))] for rows in by_pair.values() for _ in rows]
        for n, r in anchored(fit(names, sample), anchor).items():
            draws[n].append(r)
    out = {}
    for n, d in draws.items():
        d.sort()
        out[n] = (d[int(0.025 * (len(d) - 1))], d[math.ceil(0.975 * (len(d) - 1))])
    return out


def pair_table(games: Sequence[Game]) -> list[dict[str, Any]]:
    """Each pair that met, weaker level first: games, score of the stronger, Wilson 95%."""
    order = {n: i for i, n in enumerate(LEVEL_NAMES)}
    tally: dict[tuple[str, str], list[float]] = {}
    for a, b, s in games:
        low, high = sorted((a, b), key=order.__getitem__)
        tally.setdefault((low, high), []).append(s if a == high else 1.0 - s)
    rows = []
    for (low, high), scores in sorted(tally.items(), key=lambda kv: [order[x] for x in kv[0]]):
        n = len(scores)
        lo, hi = wilson(sum(scores), n)
        rows.append(
            {
                "levels": [order[low] + 1, order[high] + 1],
                "names": [low, high],
                "games": n,
                "score_of_stronger": round(sum(scores) / n, 4),
                "wilson95": [round(lo, 4), round(hi, 4)],
            }
        )
    return rows


def ladder_data(
    run_dirs: Sequence[Path], anchor: str = DEFAULT_ANCHOR, samples: int = 400, seed: int = 0
) -> dict[str, Any]:
    """The ladder's ratings from ``run_dirs`` as the JSON object ``ladder.json`` holds."""
    if anchor not in LEVEL_NAMES:
        raise ValueError(f"the anchor must be a level ({', '.join(LEVEL_NAMES)}), not {anchor!r}")
    games: list[Game] = []
    commands: list[str] = []
    for d in run_dirs:
        found, command = read_games(d)
        games.extend(found)
        commands.append(command)
    played = {n for g in games for n in g[:2]}
    missing = [n for n in LEVEL_NAMES if n not in played]
    if missing:
        raise ValueError(f"no games for level(s) {', '.join(missing)}: every level needs some")
    names = list(LEVEL_NAMES)
    ratings = anchored(fit(names, games), anchor)
    intervals = bootstrap(names, games, anchor, samples, seed)
    levels = []
    for i, n in enumerate(names):
        lo, hi = intervals[n]
        levels.append(
            {
                "level": i + 1,
                "name": n,
                "spec": LEVEL_SPECS[n],
                "rating": round(ratings[n]),
                "low": round(lo),
                "high": round(hi),
                "games": sum(1 for g in games if n in g[:2]),
            }
        )
    return {
        "scale": "the league's Glicko-2 rating scale (Elo's logistic), 1500 at the anchor",
        "anchor": anchor,
        "anchor_rating": ANCHOR_RATING,
        "interval": f"95% bootstrap, {samples} resamples of the games within each pair",
        "runs": [d.as_posix() for d in run_dirs],
        "commands": commands,
        "games": len(games),
        "levels": levels,
        "pairs": pair_table(games),
    }


def main(argv: list[str] | None = None, stdout: TextIO | None = None) -> int:
    """Fit the ladder from the runs named on the command line and write the JSON."""
    out = stdout or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m cuttle.arena.ladder", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("runs", nargs="+", type=Path, help="arena run directories")
    parser.add_argument("--anchor", default=DEFAULT_ANCHOR, help="level set to 1500 (medium)")
    parser.add_argument("--samples", type=int, default=400, help="bootstrap resamples (400)")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (0)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write")
    args = parser.parse_args(argv)
    try:
        data = ladder_data(args.runs, args.anchor, args.samples, args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    for row in data["levels"]:
        print(
            f"level {row['level']} {row['name']:<7} {row['rating']:>5} "
            f"({row['low']} to {row['high']}), {row['games']} games",
            file=out,
        )
    print(f"wrote {args.out}", file=out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
