"""Command-line entry points: ``cuttle arena`` and ``cuttle hint``.

:func:`arena_main` and :func:`hint_main` take the arguments after the command name and
return an exit code; bad input gets one clear message on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ..bots import LEVELS, SeatView, make_bot
from ..bots.plugins import plugin_names
from ..bots.registry import BOT_KINDS, LEVEL_SPECS, SEARCH_KINDS, external_spec, split_specs
from ..engine.errors import CuttleError
from ..engine.position import HIDDEN, deal_from_view, from_json
from ..engine.rules import PRESETS, RuleSet, get_rules, load_house_rules

ARENA_EXAMPLES = """\
examples:
  cuttle arena --bots random,greedy,ismcts --rules standard --games 400
  cuttle arena --bots greedy,pimc,ismcts --games 40 --time-per-move 0.25s --seed 7
  cuttle arena --bots random,greedy --rules team --games 24 --out runs/team
  cuttle arena --bots medium,hard --house house.toml --games 10
  cuttle arena --bots ext:"node examples/greedy_bot.js",greedy --games 20
  cuttle arena --bots mypkg.mybots:Clever,greedy   a Python class, seeded like ours

ext:CMD is another program speaking the engine protocol (docs/protocol.md; ext:2s:CMD
gives it 2 s a move, else --time-per-move or 10 s); one that times out, answers an
illegal move or exits loses that game (the record's Forfeit header says why).

--games is the number of games per pair of bots. Each deck is played under every
seating of the pair (two seats: both ways round; more seats: the bots alternate around
the table and every rotation is played), so the count is rounded up to whole groups.
Ratings are Bradley-Terry Elo (first bot = 0). Each 95% interval holds the Wilson
interval of the bot's score against the first bot, mapped to Elo, and the bootstrap
interval (--bootstrap N resamples of the games; 0 for none). Wilson's interval stays
sensible at 0% or 100%: after a 20-0 sweep a side is open and shown as "> +287".
Writes DIR/summary.md, DIR/summary.json and one record per game in DIR/games/.
Each game is saved the moment it ends, so an interrupted run keeps its finished games;
Ctrl-C stops the workers at once and writes DIR/summary-partial.md (and .json) of the
games finished; run the same command again with --resume to play only the rest. The
progress bar's eta weighs each game still to play by the thinking time its pair of bots
took over the games already played, not by a count of games.
"""

HINT_EXAMPLES = """\
examples:
  cuttle hint position.json                  best moves for the seat to act (2 s)
  cuttle hint position.json --time 0.5s --top 3
  cuttle hint position.json --seat 1         the hint for p1, when p1 is to act
  cuttle new --seed 1 | cuttle hint - --json

POSITION is a full position or a seat's view (hidden cards "??") as JSON, or - for
standard input. The search sees only the acting seat's view of it.
"""


class _Fail(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:
        raise _Fail(f"{self.prog}: {message}")


def _budget_seconds(text: str) -> float:
    t = text.strip().lower()
    try:
        if t.endswith("ms"):
            value = float(t[:-2]) / 1000.0
        elif t.endswith("s"):
            value = float(t[:-1])
        else:
            value = float(t)
    except ValueError:
        raise _Fail(f"bad time {text!r}: write e.g. 2s, 0.5s or 250ms") from None
    if not value > 0:
        raise _Fail(f"bad time {text!r}: it must be positive")
    return value


def _with_time(spec: str, seconds: float | None) -> str:
    """Give a search bot or an external program without an explicit budget the
    ``--time-per-move`` budget."""
    ext = external_spec(spec)
    if ext is not None:
        return spec if seconds is None or ext[0] is not None else f"ext:{seconds:g}s:{ext[1]}"
    if seconds is None or ":" in spec:
        return spec
    kind = LEVEL_SPECS.get(spec, spec).partition(":")[0]
    if kind in SEARCH_KINDS:
        return f"{spec}:{seconds:g}s"
    return spec


def _seat_ranges() -> str:
    """The rule sets whose seat count may be chosen, with their range."""
    return ", ".join(
        f"{name}: {r.min_players}-{r.max_players}"
        for name, r in PRESETS.items()
        if r.min_players != r.max_players
    )


def arena_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cuttle arena``."""
    p = _Parser(
        prog="cuttle arena",
        description="Play a round-robin between bots and print a crosstable with Wilson 95% "
        "intervals, Elo-style ratings and time per move.",
        epilog=ARENA_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--bots",
        default="random,greedy,ismcts",
        help=f"comma-separated bot specs ({', '.join([*BOT_KINDS, *LEVELS])}, "
        "optionally with a budget: ismcts:0.5s, ismcts:2000it; ext:COMMAND, a program "
        "speaking docs/protocol.md; module.path:Class, a Python bot; installed plug-ins: "
        f"{', '.join(plugin_names()) or 'none'})",
    )
    p.add_argument("--rules", default="standard", help=f"rule set: {', '.join(PRESETS)}")
    p.add_argument("--variants", default="", help="comma-separated variant toggles")
    p.add_argument("--players", type=int, default=None, help=f"seats ({_seat_ranges()})")
    p.add_argument(
        "--house", default=None, metavar="FILE", help="house rules (.toml/.json; replaces --rules)"
    )
    p.add_argument("--games", type=int, default=100, help="games per pair (100)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (all cores)")
    p.add_argument("--out", default=None, help="output directory (arena-runs/RULES-seedS)")
    p.add_argument("--seed", type=int, default=1, help="base seed (1)")
    p.add_argument(
        "--time-per-move",
        default=None,
        help="budget for search bots given without one, e.g. 0.5s",
    )
    p.add_argument(
        "--search-workers",
        type=int,
        default=1,
        help="processes each ismcts search uses (1; use with --jobs 1 to give a bot every "
        "core, as the expert level does in play)",
    )
    p.add_argument(
        "--bootstrap",
        type=int,
        default=200,
        metavar="N",
        help="bootstrap samples for the rating intervals (200); 0: no bootstrap, each "
        "interval is then the Wilson interval of the bot's score against the first bot",
    )
    p.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="run the games as Ray tasks: ray://HOST:PORT, auto (the cluster this machine "
        "is in) or local (a Ray of --jobs CPUs started here); needs the cluster extra",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--resume",
        action="store_true",
        help="finish an interrupted run in --out (same bots, rules, games and seed); "
        "its finished games are kept",
    )
    return p


def arena_main(argv: list[str], stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run ``cuttle arena`` with ``argv``; return the exit code."""
    from .report import PARTIAL_SUMMARY, summarize, text_table, write_summary
    from .runner import GameResult, Progress, run_tasks, schedule
    from .store import RunDirError, RunStore

    out = stdout or sys.stdout
    err = stderr or sys.stderr
    try:
        args = arena_parser().parse_args(argv)
        seconds = _budget_seconds(args.time_per_move) if args.time_per_move else None
        specs = [_with_time(s, seconds) for s in split_specs(args.bots)]
        if len(specs) < 2:
            raise _Fail("cuttle arena: name at least two bots, e.g. --bots random,greedy")
        if len(set(specs)) != len(specs):
            raise _Fail("cuttle arena: a bot is named twice; give each a different spec")
        for s in specs:
            make_bot(s, seed=0, workers=1)
        if args.games < 1:
            raise _Fail("cuttle arena: --games must be at least 1")
        if args.jobs < 1:
            raise _Fail("cuttle arena: --jobs must be at least 1")
        if args.search_workers < 1:
            raise _Fail("cuttle arena: --search-workers must be at least 1")
        if args.bootstrap < 0:
            raise _Fail("cuttle arena: --bootstrap must be 0 (no bootstrap) or more")
        variants = [v for v in args.variants.replace(",", " ").split() if v]
        if args.house:
            base = load_house_rules(args.house)
            rules = get_rules(base, variants, args.players)
        else:
            rules = get_rules(args.rules, variants, args.players)
    except _Fail as exc:
        err.write(exc.message + "\n")
        return 2
    except (ValueError, CuttleError) as exc:
        err.write(f"cuttle arena: {exc}\n")
        return 2
    out_dir = Path(args.out or f"arena-runs/{rules.name}-seed{args.seed}")
    tasks = schedule(len(specs), rules.players, args.games, args.seed)
    command = "cuttle arena " + " ".join(shlex.quote(a) for a in argv if a != "--resume")
    plan = {
        "bots": specs,
        "rules": rules.name,
        "variants": list(rules.variants),
        "players": rules.players,
        "games_per_pair": args.games,
        "seed": args.seed,
        "search_workers": args.search_workers,
    }
    if args.house:
        plan["house"] = repr(rules)  # the whole rule set: a changed file is a new run
    try:
        store = RunStore.open(out_dir, plan, command, resume=args.resume)
    except (RunDirError, OSError) as exc:
        err.write(f"cuttle arena: {exc}\n")
        return 2
    done = store.finished()
    todo = [t for t in tasks if t.index not in done]
    err.write(
        f"arena: {len(specs)} bots, {len(tasks)} games of {rules.name} "
        f"({rules.players} seats) on "
        f"{'Ray at ' + args.cluster if args.cluster else f'{args.jobs} process(es)'} -> {out_dir}\n"
    )
    if done:
        err.write(f"arena: resuming; {len(done)} games already played, {len(todo)} to go\n")
    bar = Progress(
        len(tasks), err, enabled=not args.quiet, already=len(done), pending=[t.pair for t in todo]
    )
    t0 = time.perf_counter()
    headers = {"Event": "arena", "Seed": str(args.seed)}

    finished = dict(done)  # every game of the run saved so far, this session's included

    def save(result: GameResult) -> None:
        forfeit = _forfeit_of(result.record)
        if forfeit:
            err.write(f"\narena: game {result.index + 1}: forfeit by {forfeit}\n")
        store.add(result)
        finished[result.index] = result
        bar.add(result.pair, sum(result.seconds))
        store.save_wall(time.perf_counter() - t0)

    def meta() -> dict[str, Any]:
        """What the summary tells of the run besides its games."""
        return {
            "command": store.command,
            "rules": rules.name,
            "variants": list(rules.variants),
            "players": rules.players,
            "games_per_pair": args.games,
            "seed": args.seed,
            "jobs": args.jobs,
            "search_workers": args.search_workers,
            "cluster": args.cluster,
            "wall_seconds": store.wall_before + time.perf_counter() - t0,  # resumed: all
            "cpu_count": os.cpu_count(),
        }

    try:
        if args.cluster:
            from .cluster import run_tasks_on_ray

            run_tasks_on_ray(
                todo,
                specs,
                rules,
                headers,
                args.cluster,
                jobs=args.jobs,
                progress=lambda n: bar.update(len(done) + n),
                search_workers=args.search_workers,
                on_result=save,
            )
        else:
            run_tasks(
                todo,
                specs,
                rules,
                headers,
                jobs=args.jobs,
                progress=lambda n: bar.update(len(done) + n),
                search_workers=args.search_workers,
                on_result=save,
            )
    except RuntimeError as exc:
        if not args.cluster:
            raise
        store.save_wall(time.perf_counter() - t0)
        err.write(f"cuttle arena: {exc}\n")
        return 2
    except KeyboardInterrupt:
        store.save_wall(time.perf_counter() - t0)
        kept = store.finished()  # from disk: the interrupt may have cut a save short
        note = ""
        with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C: records only
            if kept:  # a summary of what was played, named so that --resume still works
                summary = summarize(specs, sorted(kept.values(), key=lambda r: r.index),
                                    {**meta(), "interrupted": True, "games_planned": len(tasks)},
                                    bootstrap=args.bootstrap)  # fmt: skip
                write_summary(out_dir, summary, PARTIAL_SUMMARY)
                note = f" (records in games/, their summary in {PARTIAL_SUMMARY}.md)"
        err.write(
            f"\narena: interrupted; {len(kept)} of {len(tasks)} games are saved in {out_dir}"
            f"{note}; run the same command with --resume to play the rest\n"
        )
        return 130
    store.save_wall(time.perf_counter() - t0)
    results = sorted(finished.values(), key=lambda r: r.index)
    summary = summarize(specs, results, meta(), bootstrap=args.bootstrap)
    write_summary(out_dir, summary, "summary")
    for leftover in (out_dir / f"{PARTIAL_SUMMARY}.json", out_dir / f"{PARTIAL_SUMMARY}.md"):
        leftover.unlink(missing_ok=True)  # an interrupted session's, now complete
    out.write(text_table(summary))
    out.write(f"\nsaved {out_dir}/summary.md, summary.json and {len(results)} records\n")
    return 0


def _forfeit_of(record: str) -> str:
    """The ``Forfeit`` header of a game's record ("" when no seat forfeited)."""
    from ..engine.records import parse_record
    from .runner import FORFEIT_HEADER

    return parse_record(record)[0].get(FORFEIT_HEADER, "")


def hint_parser() -> argparse.ArgumentParser:
    """The argument parser of ``cuttle hint``."""
    p = _Parser(
        prog="cuttle hint",
        description="Search a position from the acting seat's view and print its best moves "
        "with estimated win chances.",
        epilog=HINT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("position", metavar="POSITION", help="position JSON file, or - for stdin")
    p.add_argument(
        "--seat",
        default=None,
        metavar="N",
        help="the seat asking, 1 or p1 (default: the seat to act); refused when it is not "
        "that seat's decision",
    )
    p.add_argument("--time", default="2s", help="search time (2s)")
    p.add_argument("--iterations", type=int, default=None, help="search iterations instead")
    p.add_argument("--seed", type=int, default=None, help="search seed (random)")
    p.add_argument(
        "--house", default=None, metavar="FILE", help="house rules the position is played by"
    )
    p.add_argument(
        "--top", type=int, default=None, metavar="N", help="show only the best N moves (N >= 1)"
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    return p


def _seat_number(text: str) -> int:
    """A ``--seat`` value: ``1`` or ``p1`` (as ``play`` and ``replay`` take it)."""
    t = text.strip().lower()
    digits = t[1:] if t.startswith("p") else t
    if not digits.isdigit():
        raise _Fail(f"cuttle hint: bad seat {text!r}; write a seat number: 0, 1, ... (or p0, p1)")
    return int(digits)


def _load_view(obj: Any, seat_text: str | None, rules: RuleSet | None = None) -> SeatView:
    """The acting seat's view of ``obj`` with its legal moves (validated); ``rules`` for
    a house-rules position."""
    if not isinstance(obj, dict):
        raise _Fail("cuttle hint: the position must be a JSON object")
    has_hidden = HIDDEN in json.dumps(obj)
    to_act = obj.get("to_act")
    if not isinstance(to_act, int):
        raise _Fail("cuttle hint: the position lacks 'to_act'")
    seat = to_act
    if seat_text is not None:
        seat = _seat_number(seat_text)
        hands = obj.get("hands")
        if isinstance(hands, list) and not 0 <= seat < len(hands):
            raise _Fail(
                f"cuttle hint: --seat {seat_text}: the position has seats 0 to {len(hands) - 1}"
            )
        if seat != to_act:
            raise _Fail(
                f"cuttle hint: it is not p{seat}'s decision (p{to_act} is to act); a hint "
                "is for the seat to act"
            )
    if has_hidden:
        if "seat" in obj and obj["seat"] != seat:
            raise _Fail(f"cuttle hint: this is p{obj['seat']}'s view, not p{seat}'s")
        hands = obj.get("hands")
        if not isinstance(hands, list) or not 0 <= seat < len(hands):
            raise _Fail("cuttle hint: 'hands' must list every seat's hand")
        if HIDDEN in hands[seat]:
            raise _Fail(f"cuttle hint: p{seat}'s own hand is hidden in this position")
        view = dict(obj)
        view["seat"] = seat
        world = deal_from_view(view, random.Random(0), rules)
        if world.is_over:
            raise _Fail("cuttle hint: the game is over")
        return SeatView(seat, world.rules, view, tuple(world.legal_moves()))
    game = from_json(obj, rules)
    if game.is_over:
        raise _Fail("cuttle hint: the game is over")
    return SeatView.of(game, seat, ())


def hint_main(
    argv: list[str],
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``cuttle hint`` with ``argv``; return the exit code."""
    from ..bots.ismcts import ISMCTSBot, SearchParams
    from ..bots.parallel import worth_parallel
    from ..bots.registry import default_workers

    out = stdout or sys.stdout
    err = stderr or sys.stderr
    try:
        args = hint_parser().parse_args(argv)
        seconds = None if args.iterations else _budget_seconds(args.time)
        if args.iterations is not None and args.iterations < 1:
            raise _Fail("cuttle hint: --iterations must be at least 1")
        if args.top is not None and args.top < 1:
            raise _Fail(f"cuttle hint: --top {args.top}: show at least 1 move (--top 1 or more)")
        if args.position == "-":
            text = (stdin or sys.stdin).read()
            where = "standard input"
        else:
            try:
                text = Path(args.position).read_text(encoding="utf-8")
            except OSError as exc:
                raise _Fail(f"cuttle hint: cannot read {args.position}: {exc.strerror}") from None
            where = args.position
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise _Fail(
                f"cuttle hint: {where} is not JSON ({exc.msg}, line {exc.lineno})"
            ) from None
        house = load_house_rules(args.house) if args.house else None
        view = _load_view(obj, args.seat, house)
    except _Fail as exc:
        err.write(exc.message + "\n")
        return 2
    except (CuttleError, ValueError, KeyError, TypeError) as exc:
        err.write(f"cuttle hint: bad position: {exc}\n")
        return 2
    params = SearchParams(iterations=args.iterations, seconds=seconds)
    workers = default_workers() if worth_parallel(params) else 1
    bot = ISMCTSBot(args.seed, params, workers=workers)
    t0 = time.perf_counter()
    rows = bot.analyse(view)
    spent = time.perf_counter() - t0
    if args.top is not None:
        rows = rows[: args.top]
    seat = view.acting
    if args.json:
        out.write(
            json.dumps(
                {
                    "seat": seat,
                    "iterations": bot.last_iterations,
                    "seconds": spent,
                    "moves": [{"move": m, "win": round(q, 4), "visits": n} for m, q, n in rows],
                }
            )
            + "\n"
        )
        return 0
    out.write(
        f"p{seat} to act ({view.rules.name}, phase {view.position['phase']}): "
        f"{bot.last_iterations:,} iterations in {spent:.1f} s\n"
    )
    width = max(len(m) for m, _, _ in rows)
    for i, (m, q, n) in enumerate(rows, 1):
        out.write(f"{i:>3}. {m:<{width}}  {100 * q:5.1f}%  ({n:,} visits)\n")
    return 0
