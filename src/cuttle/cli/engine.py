"""``cuttle engine``: one of our bots speaking the engine protocol on stdin and stdout.

Other tools (a tournament manager, another arena, a test harness) start it as they
would any engine (``docs/protocol.md``); our own arena can too:
``cuttle arena --bots ext:"cuttle engine --bot greedy",random``.
"""

from __future__ import annotations

import argparse

from cuttle.bots import make_bot
from cuttle.i18n import N_

from .common import CliError, HelpFormatter, Streams
from .lang import _

EXAMPLES = N_("""\
examples:
  cuttle engine                              the greedy bot (medium level)
  cuttle engine --bot ismcts:0.5s            ISMCTS, half a second a move
  cuttle arena --bots ext:"cuttle engine --bot greedy",random --games 10

The engine waits for the host's 'cuttle 1' on standard input and answers on standard
output; messages it cannot read are reported on standard error and skipped.
""")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``engine`` command."""
    p = sub.add_parser(
        "engine",
        help=_("one of our bots speaking the engine protocol on stdin/stdout"),
        description=_(
            "Run one of our bots as an engine: it speaks the protocol of "
            "docs/protocol.md on standard input and output, so other programs can run it."
        ),
        epilog=_(EXAMPLES),
        formatter_class=HelpFormatter,
    )
    p.add_argument(
        "--bot",
        default="greedy",
        metavar="NAME",
        help=_("the bot spec, as cuttle arena takes it (default: greedy)"),
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help=_("processes a search bot may use (default 1)"),
    )
    p.set_defaults(func=cmd_engine)


def cmd_engine(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle engine``: check the bot spec, then serve until ``quit``."""
    from cuttle.bots.protocol_engine import run_engine

    spec = args.bot.strip()
    if args.workers < 1:
        raise CliError(_("--workers must be at least 1"))
    try:
        make_bot(spec, seed=0, workers=args.workers)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    return run_engine(
        lambda seed: make_bot(spec, seed=seed, workers=args.workers),
        f"cuttle {spec}",
        io.stdin,
        io.stdout,
        io.stderr,
    )
