"""The ``cuttle`` command's entry point: parse the arguments and run one command.

Every command reports bad input (arguments, files, moves) with one clear message on
stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from cuttle import __version__
from cuttle.accel import engine_path
from cuttle.engine.errors import CuttleError
from cuttle.i18n import N_, use

from . import analyse, engine, play, positions, puzzle, replay, simulate
from .common import CliError, HelpFormatter, Streams
from .lang import _, add_language_option, argparse_words, take_language

EXAMPLES = """\
examples:
  cuttle rules                                  the rule sets and variants
  cuttle play                                   play standard Cuttle against a bot
  cuttle play --rules team                      two against two
  cuttle new --seed 2 > start.json              a position, as JSON
  cuttle moves start.json                       its legal moves
  cuttle apply start.json draw "points 7H"      play moves on it
  cuttle replay records/game.cuttle             watch a recorded game
  cuttle analyse records/game.cuttle            its mistakes and each player's accuracy
  cuttle simulate --rules cutthroat --games 500 random games and their statistics
  cuttle arena --bots random,greedy --games 100  bots against each other, with ratings
  cuttle hint start.json --time 1s              the best moves for the seat to act
  cuttle engine --bot greedy                    a bot on stdin/stdout (docs/protocol.md)
  cuttle puzzle                                 solve a puzzle from a real game, rated
  cuttle league standings results.csv --season-start 2026-01-05  a season's standings

'cuttle COMMAND --help' explains each command.
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command."""
    parser = argparse.ArgumentParser(
        prog="cuttle",
        description=_("Cuttle, the combat card game: play, replay, simulate and inspect games."),
        epilog=EXAMPLES,
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--version", action="version", version=f"cuttle {__version__}, {engine_path()}"
    )
    add_language_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    positions.register(sub)
    play.register(sub)
    replay.register(sub)
    simulate.register(sub)
    engine.register(sub)
    analyse.register(sub)
    puzzle.register(sub)
    for name, (_command, summary) in DELEGATED.items():
        sub.add_parser(name, help=_(summary), add_help=False)
    return parser


def _arena(argv: list[str]) -> int:
    from cuttle.arena.cli import arena_main

    return arena_main(argv)


def _hint(argv: list[str]) -> int:
    from cuttle.arena.cli import hint_main

    return hint_main(argv)


def _league(argv: list[str]) -> int:
    from cuttle.league.cli import league_main

    return league_main(argv)


def _serve(argv: list[str]) -> int:
    try:
        from cuttle.server.cli import serve_main
    except ImportError as exc:
        print(
            _(
                "cuttle serve: the web server is not installed ({module} is missing); "
                "run 'make setup' or pip install -e '.[server]'"
            ).format(module=exc.name),
            file=sys.stderr,
        )
        return 2
    return serve_main(argv)


def _bot_worker(argv: list[str]) -> int:
    try:
        from cuttle.server.botworker import bot_worker_main
    except ImportError as exc:
        print(
            _(
                "cuttle bot-worker: needs the 'scale' extra ({module} is missing); "
                "pip install -e '.[scale]'"
            ).format(module=exc.name),
            file=sys.stderr,
        )
        return 2
    return bot_worker_main(argv)


DELEGATED: dict[str, tuple[Callable[[list[str]], int], str]] = {
    "arena": (_arena, N_("play bots against each other: crosstable, intervals, ratings")),
    "league": (_league, N_("the league: weekly points, season standings, ratings, brackets")),
    "hint": (_hint, N_("the best moves for the seat to act, with win chances")),
    "serve": (_serve, N_("run the web site (lobby, tables, replays) on http://127.0.0.1:8000")),
    "bot-worker": (_bot_worker, N_("play the web site's bot turns from its Redis queue")),
}


def main(argv: Sequence[str] | None = None, streams: Streams | None = None) -> int:
    """Run ``cuttle`` with ``argv`` (default: the process's arguments); return the exit code.

    It speaks the language of ``--lang``, else ``CUTTLE_LANG``, else the terminal's
    locale (:mod:`cuttle.cli.lang`); a language we do not speak is refused (exit code 2).
    """
    io = streams or Streams()
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        lang, args_list = take_language(args_list)
    except CliError as exc:
        io.err(f"cuttle: {exc.message}")
        return exc.code
    with use(lang), argparse_words():
        return run_command(args_list, io)


def run_command(args_list: list[str], io: Streams) -> int:
    """Run the command ``args_list`` names (``--lang`` already read); return the exit code."""
    if args_list and args_list[0] in DELEGATED:
        return DELEGATED[args_list[0]][0](args_list[1:])
    parser = build_parser()
    old = sys.stdout, sys.stderr
    # argparse prints help and usage errors to sys.stdout / sys.stderr.
    sys.stdout, sys.stderr = io.stdout, io.stderr
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    finally:
        sys.stdout, sys.stderr = old
    if args.command is None:
        parser.print_help(io.stdout)
        return 0
    name = f"cuttle {args.command}"
    try:
        return int(args.func(args, io))
    except CliError as exc:
        io.err(f"{name}: {exc.message}")
        return exc.code
    except CuttleError as exc:
        io.err(f"{name}: {exc}")
        return 2
    except RecursionError:  # a house file or record nested past the parser's limit
        io.err(_("{command}: input nested too deeply to read").format(command=name))
        return 2
    except KeyboardInterrupt:
        io.err("\n" + _("{command}: interrupted").format(command=name))
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
