"""The arena's tables: crosstable, pair results with intervals, ratings, timings.

:func:`summarize` turns game results into a JSON-ready summary; :func:`markdown` and
:func:`text_table` render it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .runner import GameResult
from .stats import PairGame, bradley_terry, elo_interval, rating_intervals, wilson


def _bound(x: float) -> float | None:
    """An interval bound for JSON: ``None`` for an open (infinite) side."""
    return None if math.isinf(x) else x


def elo_range(lo: float | None, hi: float | None) -> str:
    """An Elo interval in words: ``+120 to +340``, ``> +287`` or ``< -287`` when one side
    is open (``None`` or infinite, after a sweep), ``any`` when both are."""
    lo = None if lo is None or math.isinf(lo) else lo
    hi = None if hi is None or math.isinf(hi) else hi
    if lo is not None and hi is not None:
        return f"{lo:+.0f} to {hi:+.0f}"
    if lo is not None:
        return f"> {lo:+.0f}"
    if hi is not None:
        return f"< {hi:+.0f}"
    return "any"


def summarize(
    specs: Sequence[str],
    results: Sequence[GameResult],
    meta: dict[str, Any],
    bootstrap: int = 200,
) -> dict[str, Any]:
    """Pairwise results, crosstable, Bradley–Terry Elo with 95% intervals, and the
    average time per move of every bot.

    The rating intervals are :func:`~cuttle.arena.stats.rating_intervals`: ``bootstrap``
    resamples (0: none) widened to hold each bot's Wilson interval against the first
    bot. An open side of an interval (after a sweep) is ``None`` in the summary.
    """
    k = len(specs)
    wins = [[0] * k for _ in range(k)]
    draws = [[0] * k for _ in range(k)]
    games = [[0] * k for _ in range(k)]
    pair_games: list[PairGame] = []
    decisions = [0] * k
    seconds = [0.0] * k
    iterations = [0] * k
    search_seconds = [0.0] * k
    for r in results:
        a, b = r.pair
        sa = r.score(a)
        games[a][b] += 1
        games[b][a] += 1
        if sa == 1.0:
            wins[a][b] += 1
        elif sa == 0.0:
            wins[b][a] += 1
        else:
            draws[a][b] += 1
            draws[b][a] += 1
        pair_games.append((a, b, sa))
        for seat, bot in enumerate(r.seat_bots):
            decisions[bot] += r.decisions[seat]
            seconds[bot] += r.seconds[seat]
            iterations[bot] += r.iterations[seat]
            search_seconds[bot] += r.search_seconds[seat]
    pairs = []
    cross: dict[str, dict[str, Any]] = {s: {} for s in specs}
    for a in range(k):
        for b in range(k):
            if a == b or not games[a][b]:
                continue
            n = games[a][b]
            score = wins[a][b] + 0.5 * draws[a][b]
            lo, hi = wilson(score, n)
            elo, elo_lo, elo_hi = elo_interval(score, n)
            cell = {
                "games": n,
                "wins": wins[a][b],
                "losses": wins[b][a],
                "draws": draws[a][b],
                "score": score / n,
                "wilson95": [lo, hi],
                "elo_diff": elo,
                "elo_diff95": [_bound(elo_lo), _bound(elo_hi)],
            }
            cross[specs[a]][specs[b]] = cell
            if a < b:
                pairs.append({"bot": specs[a], "opponent": specs[b], **cell})
    ratings = bradley_terry(k, pair_games)
    intervals = rating_intervals(k, pair_games, samples=bootstrap, seed=0)
    bots = []
    for i, s in enumerate(specs):
        n = sum(games[i])
        score = sum(wins[i]) + 0.5 * sum(draws[i])
        bots.append(
            {
                "bot": s,
                "games": n,
                "score": score / n if n else 0.0,
                "elo": ratings[i],
                "elo95": [_bound(x) for x in intervals[i]],
                "decisions": decisions[i],
                "ms_per_move": 1000.0 * seconds[i] / decisions[i] if decisions[i] else 0.0,
                "iterations": iterations[i],
                "iterations_per_s": iterations[i] / search_seconds[i]
                if search_seconds[i]
                else None,
            }
        )
    terminations: dict[str, int] = {}
    for r in results:
        terminations[r.termination] = terminations.get(r.termination, 0) + 1
    return {
        **meta,
        "bootstrap": bootstrap,
        "bots": bots,
        "pairs": pairs,
        "crosstable": cross,
        "games_played": len(results),
        "terminations": terminations,
        "mean_moves": sum(r.moves for r in results) / len(results) if results else 0.0,
    }


def _rating_range(summary: dict[str, Any], bot: dict[str, Any]) -> str:
    """A bot's rating interval in words; the first bot is the reference (Elo 0)."""
    if bot["bot"] == summary["bots"][0]["bot"]:
        return "reference"
    return elo_range(*bot["elo95"])


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(summary: dict[str, Any]) -> str:
    """The summary as Markdown: run details, pair table, crosstable, ratings."""
    specs = [b["bot"] for b in summary["bots"]]
    lines = [
        f"# Arena: {summary['rules']}"
        + (f" ({', '.join(summary['variants'])})" if summary.get("variants") else ""),
        "",
        f"- command: `{summary['command']}`",
        f"- seats: {summary['players']}; games: {summary['games_played']} "
        f"({summary['games_per_pair']} per pair asked; seats swapped/rotated on every deck)",
        f"- seed: {summary['seed']}; game processes: {summary['jobs']}; processes per "
        f"search: {summary.get('search_workers', 1)}; cpu cores: {summary.get('cpu_count')}; "
        f"wall time: {summary['wall_seconds']:.0f} s",
        f"- mean game length: {summary['mean_moves']:.1f} moves; terminations: "
        + ", ".join(f"{k} {v}" for k, v in sorted(summary["terminations"].items())),
        "",
        "## Pairs",
        "",
        "| bot | opponent | games | W | L | D | score | Wilson 95% | Elo diff (95%) |",
        "|---|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for p in summary["pairs"]:
        lo, hi = p["wilson95"]
        e, (elo_lo, elo_hi) = p["elo_diff"], p["elo_diff95"]
        lines.append(
            f"| {p['bot']} | {p['opponent']} | {p['games']} | {p['wins']} | {p['losses']} "
            f"| {p['draws']} | {_pct(p['score'])} | {_pct(lo)}–{_pct(hi)} "
            f"| {e:+.0f} ({elo_range(elo_lo, elo_hi)}) |"
        )
    lines += ["", "## Crosstable (row's score against column)", ""]
    lines.append("| | " + " | ".join(specs) + " |")
    lines.append("|---|" + "---|" * len(specs))
    for a in specs:
        cells = []
        for b in specs:
            c = summary["crosstable"][a].get(b)
            if c is None:
                cells.append("–")
            else:
                lo, hi = c["wilson95"]
                cells.append(f"{_pct(c['score'])} [{_pct(lo)}–{_pct(hi)}]")
        lines.append(f"| **{a}** | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Ratings (Bradley–Terry Elo, first bot = 0; 95% interval)",
        "",
        "The interval holds the Wilson 95% interval of the bot's score against the first bot"
        + (
            f" and the {summary['bootstrap']}-sample bootstrap interval"
            if summary.get("bootstrap", 200)
            else " (no bootstrap)"
        )
        + "; after a sweep one side is open (> or <).",
        "",
        "| bot | Elo | 95% | score | games | ms/move | search it/s |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    for b in sorted(summary["bots"], key=lambda x: -x["elo"]):
        ips = b["iterations_per_s"]
        lines.append(
            f"| {b['bot']} | {b['elo']:+.0f} | {_rating_range(summary, b)} | {_pct(b['score'])} "
            f"| {b['games']} | {b['ms_per_move']:.1f} | {f'{ips:,.0f}' if ips else '–'} |"
        )
    return "\n".join(lines) + "\n"


def text_table(summary: dict[str, Any]) -> str:
    """A compact plain-text report for the terminal."""
    out = [
        f"{summary['games_played']} games of {summary['rules']}, "
        f"{summary['players']} seats, {summary['wall_seconds']:.0f} s",
        "",
        f"{'bot':<18} {'opponent':<18} {'games':>5} {'W':>4} {'L':>4} {'D':>3} "
        f"{'score':>7}  Wilson 95%",
    ]
    for p in summary["pairs"]:
        lo, hi = p["wilson95"]
        out.append(
            f"{p['bot']:<18} {p['opponent']:<18} {p['games']:>5} {p['wins']:>4} "
            f"{p['losses']:>4} {p['draws']:>3} {_pct(p['score']):>7}  {_pct(lo)}–{_pct(hi)}"
        )
    out += ["", f"{'bot':<18} {'Elo':>6}  {'95%':<15} {'ms/move':>8} {'search it/s':>12}"]
    for b in sorted(summary["bots"], key=lambda x: -x["elo"]):
        ips = b["iterations_per_s"]
        out.append(
            f"{b['bot']:<18} {b['elo']:>+6.0f}  {_rating_range(summary, b):<15} "
            f"{b['ms_per_move']:>8.1f} {f'{ips:,.0f}' if ips else '–':>12}"
        )
    return "\n".join(out) + "\n"


PARTIAL_SUMMARY = "summary-partial"
"""The name (``.json``, ``.md``) of the summary an interrupted run leaves of the games it
finished (``summary`` itself marks a finished run)."""


def write_summary(out_dir: Path, summary: dict[str, Any], stem: str) -> None:
    """Write ``summary`` as ``<stem>.json`` and ``<stem>.md`` (:func:`markdown`) in
    ``out_dir``."""
    (out_dir / f"{stem}.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    (out_dir / f"{stem}.md").write_text(markdown(summary), encoding="utf-8")
