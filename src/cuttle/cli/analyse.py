"""``cuttle analyse``: review a recorded game, every ply judged from its mover's view.

Prints the game in words (as a spectator reads it, in the current language), each ply's
win chance before and after, the mark of a costly move with the best move by the estimate,
a sparkline of the first seat's win chance and each player's accuracy; ``--json`` prints
the review's JSON (:meth:`cuttle.analysis.GameReview.to_json`) instead and ``--tui``
opens the terminal review (:mod:`cuttle.tui.review`).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from cuttle.analysis import Budget, GameReview, PlyReview, analyse_record
from cuttle.analysis.review import SPARK_WIDTH, mark_label, mark_symbol, sparkline
from cuttle.i18n import N_, Domain
from cuttle.table import Table

from .common import CliError, HelpFormatter, Streams, dump_json, house_from_args, read_text

A = Domain("analysis")
_ = A.gettext

EXAMPLES = N_("""\
examples:
  cuttle analyse game.cuttle                 the game in words, marks and accuracies
  cuttle analyse game.cuttle --time 1s       a second of search a ply (deeper, slower)
  cuttle analyse game.cuttle --json          the review as JSON
  cuttle analyse game.cuttle --tui           browse the review in the terminal
""")

_DURATION = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*(ms|s)?\s*$")


def parse_duration(text: str) -> float:
    """Seconds from ``"1s"``, ``"250ms"`` or ``"0.5"``; raise :class:`CliError` else."""
    m = _DURATION.match(text)
    seconds = None
    if m is not None:
        seconds = float(m.group(1)) / (1000.0 if m.group(2) == "ms" else 1.0)
    if seconds is None or seconds <= 0:
        raise CliError(
            _("--time takes a positive duration such as 1s or 500ms, not {value!r}").format(
                value=text
            )
        )
    return seconds


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyse`` command."""
    p = sub.add_parser(
        "analyse",
        help=_("review a recorded game: win chances, mistakes and accuracy"),
        description=_(
            "Review a game record: every ply is judged by a search that sees only\n"
            "what the player who moved could see."
        ),
        epilog=_(EXAMPLES),
        formatter_class=HelpFormatter,
    )
    p.add_argument("record", metavar="RECORD", help=_("record file, or - for stdin"))
    p.add_argument(
        "--time",
        metavar="DURATION",
        help=_("search time a ply, e.g. 1s (default: a fixed number of iterations, reproducible)"),
    )
    p.add_argument("--iterations", type=int, metavar="N", help=_("search iterations a ply"))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the search (0)"))
    out = p.add_mutually_exclusive_group()
    out.add_argument(
        "--plain", action="store_true", help=_("print the review as text (the default)")
    )
    out.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    out.add_argument("--tui", action="store_true", help=_("browse the review in the terminal"))
    p.add_argument("--house", metavar="FILE", help=_("house rules the record is played by"))
    p.set_defaults(func=cmd_analyse)


def budget_from_args(args: argparse.Namespace) -> Budget:
    """The search budget ``--time`` or ``--iterations`` asks for (default: iterations)."""
    if args.time is not None and args.iterations is not None:
        raise CliError(_("give --time or --iterations, not both"))
    if args.time is not None:
        return Budget(iterations=None, seconds=parse_duration(args.time))
    if args.iterations is not None:
        if args.iterations < 1:
            raise CliError(
                _("--iterations must be 1 or more, not {value}").format(value=args.iterations)
            )
        return Budget(iterations=args.iterations)
    return Budget()


def percent(chance: float) -> str:
    """A chance as a whole percentage in the current language (``"52%"``)."""
    return _("{percent}%").format(percent=round(chance * 100))


def ply_note(p: PlyReview) -> str:
    """What the review says of one ply: the chance before and after, and for a marked
    move its mark and the best move."""
    if p.forced:
        return _("only move, {chance}").format(chance=percent(p.after))
    if not p.judged:
        return percent(p.after)
    note = _("{before} → {after}").format(before=percent(p.before), after=percent(p.after))
    if p.mark is None or p.best is None:
        return note
    advice = _("{symbol} {mark}: the best move was {best} ({chance})").format(
        symbol=mark_symbol(p.mark), mark=mark_label(p.mark), best=p.best,
        chance=percent(p.best_chance),
    )  # fmt: skip
    return f"{note}  {advice}"


def review_lines(review: GameReview, sentences: list[str]) -> list[str]:
    """The review as lines of text: the plies in words with their notes, the sparkline
    of seat 0's chance, each player's marks and accuracy."""
    names = review.players
    count = len(review.plies)
    lines = [
        A.ngettext(
            "Review of {players}: {count} ply, searched {budget} a ply, seed {seed}",
            "Review of {players}: {count} plies, searched {budget} a ply, seed {seed}",
            count,
        ).format(players=", ".join(names), count=count, budget=review.budget, seed=review.seed),
        "",
    ]
    width = len(str(count))
    for p, sentence in zip(review.plies, sentences, strict=True):
        lines.append(f"{p.ply:>{width}}. {sentence}")
        lines.append(f"{'':>{width}}  {ply_note(p)}")
    lines.append("")
    lines.append(
        _("Win chance of {name}: {sparkline}").format(
            name=names[0], sparkline=sparkline(review.series, SPARK_WIDTH)
        )
    )
    lines.extend(review.summary())
    return lines


def _progress(io: Streams) -> Callable[[int, int], None] | None:
    """A progress line on a terminal's stderr (nothing when stderr is not a terminal)."""
    if not io.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        text = _("Analysing ply {done} of {total}…").format(done=done, total=total)
        print(f"\r{text}", end=end, file=io.stderr, flush=True)

    return show


def cmd_analyse(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle analyse``: review the record and print (or show) the review."""
    text = read_text(args.record, io.stdin)
    rules = house_from_args(args)
    budget = budget_from_args(args)
    table = Table.from_record(text, rules)
    if not table.history:
        raise CliError(_("{record}: the record has no moves to review").format(record=args.record))
    progress = _progress(io)
    review = analyse_record(text, seed=args.seed, budget=budget, rules=rules, progress=progress)
    if args.json:
        io.out(dump_json(review.to_json()))
        return 0
    sentences = table.sentences(None)
    if args.tui:
        from cuttle.tui.review import run_review

        run_review(review, sentences)
        return 0
    for line in review_lines(review, sentences):
        io.out(line)
    return 0
