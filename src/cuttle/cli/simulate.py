"""``cuttle simulate``: many games of random legal moves, and their statistics."""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from cuttle.engine.game import new_game
from cuttle.engine.rules import RuleSet
from cuttle.i18n import N_

from .common import CliError, HelpFormatter, Streams, add_rules_options, dump_json, rules_from_args
from .lang import _

EXAMPLES = N_("""\
examples:
  cuttle simulate --games 1000 --seed 1                    standard rules, 2 players
  cuttle simulate --rules cutthroat --games 500 --jobs 2
  cuttle simulate --rules multiplayer --players 5 --variants random-four --games 200
  cuttle simulate --rules team --games 300 --json          statistics as JSON

Each game deals with seed "<seed>/<game number>" and every decision is a uniformly random
legal move, so a run repeats exactly with the same --seed, whatever --jobs is.
""")

GameResult = tuple[tuple[int, ...], str, int]
"""One finished game: winners (empty for a draw), termination and moves played."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``simulate`` command."""
    p = sub.add_parser(
        "simulate",
        help=_("play random games and print win rates and game lengths"),
        description=_(
            "Play games of random legal moves and print win rates per seat, the "
            "draw rate, how the games ended and how long they were."
        ),
        epilog=_(EXAMPLES),
        formatter_class=HelpFormatter,
    )
    add_rules_options(p)
    p.add_argument("--games", type=int, default=100, metavar="N", help=_("games to play (100)"))
    p.add_argument("--seed", type=int, default=None, metavar="S", help=_("base seed (random)"))
    p.add_argument("--jobs", type=int, default=1, metavar="J", help=_("worker processes (1)"))
    p.add_argument("--json", action="store_true", help=_("print the statistics as JSON"))
    p.add_argument(
        "--progress",
        action="store_true",
        help=_("always show the progress bar on stderr (default: only on a terminal)"),
    )
    p.set_defaults(func=cmd_simulate)


def play_random(rules: RuleSet, seed: int, index: int) -> GameResult:
    """Play game number ``index`` of a run with base ``seed``; every move is random."""
    game = new_game(rules, seed=f"{seed}/{index}")
    rng = random.Random(f"{seed}/{index}/moves")
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    outcome = game.outcome
    assert outcome is not None
    return outcome.winners, outcome.termination, game.moves_played


def _play_chunk(rules: RuleSet, seed: int, indices: list[int]) -> list[GameResult]:
    return [play_random(rules, seed, i) for i in indices]


def run_games(
    rules: RuleSet,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` random games (in ``jobs`` processes); results in game order."""
    results: list[GameResult] = []
    if jobs <= 1 or games < 2:
        for i in range(games):
            results.append(play_random(rules, seed, i))
            if progress is not None and (i % 10 == 9 or i + 1 == games):
                progress(i + 1)
        return results
    size = max(1, min(50, games // (jobs * 4) or 1))
    chunks = [list(range(i, min(i + size, games))) for i in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_chunk, rules, seed, chunk) for chunk in chunks]
        for future in futures:
            results.extend(future.result())
            if progress is not None:
                progress(len(results))
    return results


def statistics_of(results: Iterable[GameResult], rules: RuleSet, seed: int) -> dict[str, Any]:
    """Win rate per seat, draw rate, results, terminations and length statistics."""
    rows = list(results)
    total = len(rows)
    seat_wins = Counter(s for winners, _, _ in rows for s in winners)
    results_count = Counter(
        " ".join(f"p{s}" for s in winners) if winners else "draw" for winners, _, _ in rows
    )
    draws = results_count.get("draw", 0)
    lengths = [length for _, _, length in rows]
    return {
        "rules": rules.name,
        "variants": list(rules.variants),
        "players": rules.players,
        "games": total,
        "seed": seed,
        "wins": {f"p{s}": seat_wins[s] / total for s in range(rules.players)},
        "win_counts": {f"p{s}": seat_wins[s] for s in range(rules.players)},
        "draws": draws / total,
        "draw_count": draws,
        "results": dict(sorted(results_count.items())),
        "terminations": dict(Counter(term for _, term, _ in rows).most_common()),
        "length": {
            "mean": statistics.fmean(lengths),
            "median": statistics.median(lengths),
            "min": min(lengths),
            "max": max(lengths),
        },
    }


def format_statistics(stats: dict[str, Any], rules: RuleSet) -> str:
    """The statistics as a short text report."""
    total = stats["games"]
    variants = ", ".join(stats["variants"]) or _("no variants")
    heading = _("{games} random games of {rules} ({variants}), {players} players, seed {seed}")
    lines = [
        heading.format(
            games=total,
            rules=stats["rules"],
            variants=variants,
            players=stats["players"],
            seed=stats["seed"],
        ),
        _("Wins per seat:"),
    ]
    for seat_name, rate in stats["wins"].items():
        seat = int(seat_name[1:])
        team = rules.team_of(seat)
        members = " ".join(f"p{t}" for t in team)
        note = "  " + _("(team {seats})").format(seats=members) if len(team) > 1 else ""
        lines.append(
            f"  {seat_name}  {100 * rate:5.1f}%  {stats['win_counts'][seat_name]:>6}{note}"
        )
    lines.append(f"{_('Draws:')}  {100 * stats['draws']:5.1f}%  {stats['draw_count']:>6}")
    results = ", ".join(f"{k} {100 * v / total:.1f}%" for k, v in stats["results"].items())
    lines.append(_("Results: {results}").format(results=results))
    ends = ", ".join(f"{k} {v} ({100 * v / total:.1f}%)" for k, v in stats["terminations"].items())
    lines.append(_("Terminations: {terminations}").format(terminations=ends))
    length = stats["length"]
    lines.append(
        _("Length (moves): mean {mean}, median {median}, min {min}, max {max}").format(
            mean=f"{length['mean']:.1f}",
            median=f"{length['median']:g}",
            min=length["min"],
            max=length["max"],
        )
    )
    return "\n".join(lines)


def progress_bar(stream: TextIO, total: int, width: int = 30) -> Callable[[int], None]:
    """Return a callback drawing ``\\r[#####.....] done/total`` on ``stream``."""

    def show(done: int) -> None:
        filled = width * done // total if total else width
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def cmd_simulate(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle simulate``: play the games and print their statistics."""
    if args.games < 1:
        raise CliError(_("--games must be at least 1, not {value}").format(value=args.games))
    if args.jobs < 1:
        raise CliError(_("--jobs must be at least 1, not {value}").format(value=args.jobs))
    rules = rules_from_args(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    show = args.progress or io.stderr.isatty()
    bar = progress_bar(io.stderr, args.games) if show else None
    results = run_games(rules, args.games, seed, args.jobs, bar)
    stats = statistics_of(results, rules, seed)
    io.out(dump_json(stats, pretty=True) if args.json else format_statistics(stats, rules))
    return 0
