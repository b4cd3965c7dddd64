"""``cuttle replay``: show a recorded game move by move."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from typing import Any

from cuttle.engine.errors import CuttleError, RecordError
from cuttle.engine.game import Game, new_game
from cuttle.engine.history import events_of
from cuttle.engine.position import from_json
from cuttle.engine.records import parse_record, read_records
from cuttle.i18n import N_
from cuttle.table import Table

from .common import CliError, HelpFormatter, Streams, house_from_args, read_text
from .lang import _
from .render import render, winner_text

EXAMPLES = N_("""\
examples:
  cuttle replay records/game.cuttle             what a spectator saw, move by move
  cuttle replay game.cuttle --seat 1            what p1 saw (its hand, hidden cards hidden)
  cuttle replay game.cuttle --all --step        every card shown; Enter for the next move

The record is checked first: a bad record is reported line by line and nothing is shown.
""")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` command."""
    p = sub.add_parser(
        "replay",
        help=_("show a recorded game move by move"),
        description=_("Replay a game record, drawing the table after every move."),
        epilog=_(EXAMPLES),
        formatter_class=HelpFormatter,
    )
    p.add_argument("record", metavar="RECORD", help=_("record file, or - for stdin"))
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, metavar="N", help=_("show the table as seat N saw it"))
    who.add_argument("--all", action="store_true", help=_("show every card"))
    p.add_argument("--step", action="store_true", help=_("wait for Enter between moves (TTY)"))
    p.add_argument(
        "--tui", action="store_true", help=_("step through it in the terminal (←/→, Home/End)")
    )
    p.add_argument("--house", metavar="FILE", help=_("house rules the record is played by"))
    p.set_defaults(func=cmd_replay)


def start_of(game: Game) -> Game:
    """A new game at the start of ``game``'s record (its deal, or its first position)."""
    if game.start_deck is not None:
        return new_game(game.rules, deck=game.start_deck)
    if game.start_position is not None:
        return from_json(game.start_position, game.rules)
    raise CliError(_("the game has no starting deck or position"))


def frames(game: Game, viewer: int | str | None) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield ``(move line, position seen)`` from the start of ``game`` to its end.

    ``viewer`` is a seat, ``None`` for a spectator or ``"all"`` for the full position.
    The first frame's move line is empty.
    """
    table = Table.from_events(game.rules, start_of(game), ())

    def seen() -> dict[str, Any]:
        if viewer == "all":
            return table.game.to_json()
        return table.position(viewer if isinstance(viewer, int) else None)

    yield "", seen()
    for event in events_of(game):
        yield table.apply(event).line(), seen()


def replay(
    game: Game,
    viewer: int | str | None,
    output_fn: Callable[[str], None],
    wait_fn: Callable[[], bool] | None = None,
    names: list[str] | None = None,
) -> None:
    """Draw ``game`` move by move with ``output_fn``; ``wait_fn`` (if given) runs between
    moves and returns ``False`` to stop early."""
    for i, (line, view) in enumerate(frames(game, viewer)):
        if i and wait_fn is not None and not wait_fn():
            return
        output_fn(f"-- {i}. {line}" if line else "-- " + _("start"))
        output_fn(render(view, rules=game.rules, names=names))
        output_fn("")
    if game.is_over:
        output_fn(_("Result: {result}").format(result=winner_text(game.to_json())))
    else:
        output_fn(_("The record ends before the game does."))


def cmd_replay(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle replay``: check the record, then show it."""
    text = read_text(args.record, io.stdin)
    rules = house_from_args(args)
    try:
        games = list(read_records(text, rules))
    except RecordError as exc:
        lines = "\n".join(
            "  " + _("line {number}: {problem}").format(number=n, problem=msg)
            for n, msg in exc.problems
        )
        raise CliError(_("{path}: bad record").format(path=args.record) + "\n" + lines) from None
    if not games:
        raise CliError(_("{path}: no record found").format(path=args.record))
    viewer: int | str | None = "all" if args.all else args.seat
    wait_fn = None
    if args.step and io.stdin.isatty():

        def wait_fn() -> bool:
            try:
                return input(_("(Enter: next move, q: quit)") + " ").strip().lower() != "q"
            except EOFError:
                return False

    for k, game in enumerate(games, start=1):
        if isinstance(viewer, int) and not 0 <= viewer < game.n:
            raise CliError(
                _("--seat {seat}: the game has seats 0 to {last}").format(
                    seat=viewer, last=game.n - 1
                )
            )
        if len(games) > 1:
            io.out("==== " + _("game {number} of {count}").format(number=k, count=len(games)))
        try:
            names = parse_record(text)[0].get("Players", "").split() if len(games) == 1 else None
        except CuttleError:
            names = None
        if args.tui:  # the Textual review: ←/→ step, Home/End, q closes
            from cuttle.tui.screens.replay import run_game_replay

            run_game_replay(game, viewer, names)
            continue
        replay(game, viewer, io.out, wait_fn, names)
    return 0
