"""Commands on rule sets and positions: ``rules``, ``new``, ``moves`` and ``apply``."""

from __future__ import annotations

import argparse

from cuttle.engine.errors import CuttleError, GameOverError, IllegalMoveError, InvalidMoveError
from cuttle.engine.game import Game, new_game
from cuttle.engine.history import AGREED_DRAW_LINE, apply_event, parse_event
from cuttle.engine.moves import VERB_CODES
from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.i18n import N_

from .common import (
    CliError,
    HelpFormatter,
    Streams,
    add_rules_options,
    dump_json,
    house_from_args,
    load_position,
    rules_from_args,
)
from .lang import _, engine_text

RULES_EXAMPLES = N_("""\
examples:
  cuttle rules           list the rule sets and the variant toggles
  cuttle rules --json    the same as JSON
""")

NEW_EXAMPLES = N_("""\
examples:
  cuttle new                                   a standard game, shuffled at random
  cuttle new --rules cutthroat --seed 7        three players, a repeatable deal
  cuttle new --rules multiplayer --players 4 --variants random-four
  cuttle new --seed 2 > start.json             save the position for 'moves' and 'apply'
""")

MOVES_EXAMPLES = N_("""\
examples:
  cuttle moves start.json                      legal moves of the seat to act
  cuttle new --seed 1 | cuttle moves -         read the position from standard input
""")

APPLY_EXAMPLES = N_("""\
examples:
  cuttle new --seed 2 > start.json             the position these examples start from
  cuttle apply start.json draw                 play one move, print the new position
  cuttle apply start.json draw "points 7H"     several moves, in order
  cuttle apply start.json draw points 7H       the same unquoted: each move starts at its verb
  cuttle apply start.json resign               the seat to act resigns
  cuttle new --seed 1 | cuttle apply - draw | cuttle moves -

A move that cannot be read or is not legal is reported on stderr (which move and why);
nothing is printed and the exit code is 2.
""")


def seed_value(text: str) -> int | str:
    """A seed from the command line: a whole number, or any other text as it is."""
    try:
        return int(text)
    except ValueError:
        return text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules``, ``new``, ``moves`` and ``apply`` commands."""
    p = sub.add_parser(
        "rules",
        help=_("list the rule sets and variants"),
        description=_("List the rule sets and the variant toggles, one line each."),
        epilog=_(RULES_EXAMPLES),
        formatter_class=HelpFormatter,
    )
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser(
        "new",
        help=_("deal a new game and print its position (JSON)"),
        description=_("Deal a new game and print its full position in canonical JSON."),
        epilog=_(NEW_EXAMPLES),
        formatter_class=HelpFormatter,
    )
    add_rules_options(p)
    p.add_argument("--seed", type=seed_value, default=None, help=_("shuffle seed (repeatable)"))
    p.add_argument("--pretty", action="store_true", help=_("indent the JSON"))
    p.set_defaults(func=cmd_new)

    p = sub.add_parser(
        "moves",
        help=_("list the legal moves of a position (JSON)"),
        description=_("Print the legal moves of the seat to act as a JSON list."),
        epilog=_(MOVES_EXAMPLES),
        formatter_class=HelpFormatter,
    )
    p.add_argument("position", metavar="POSITION", help=_("position file (JSON), or - for stdin"))
    p.add_argument("--house", metavar="FILE", help=_("house rules the position is played by"))
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser(
        "apply",
        help=_("apply moves to a position and print the result (JSON)"),
        description=_("Apply moves in order and print the resulting position in canonical JSON."),
        epilog=_(APPLY_EXAMPLES),
        formatter_class=HelpFormatter,
    )
    p.add_argument("position", metavar="POSITION", help=_("position file (JSON), or - for stdin"))
    p.add_argument(
        "moves",
        metavar="MOVE",
        nargs="+",
        help=_(
            "a move in notation ('points 7H'), or one word of one: each move starts at its verb"
        ),
    )
    p.add_argument("--house", metavar="FILE", help=_("house rules the position is played by"))
    p.add_argument("--pretty", action="store_true", help=_("indent the JSON"))
    p.set_defaults(func=cmd_apply)


def cmd_rules(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle rules``: one line per rule set, then one per variant."""
    if args.json:
        io.out(
            dump_json(
                {
                    "rules": {
                        name: {
                            "players": [r.min_players, r.max_players],
                            "description": r.description,
                        }
                        for name, r in PRESETS.items()
                    },
                    "variants": dict(VARIANTS),
                },
                pretty=True,
            )
        )
        return 0
    width = max(len(name) for name in (*PRESETS, *VARIANTS))
    io.out(_("Rule sets:"))
    for name, r in PRESETS.items():
        seats = (
            str(r.min_players)
            if r.min_players == r.max_players
            else f"{r.min_players}-{r.max_players}"
        )
        io.out(f"  {name:<{width}}  {seats:<3}  {engine_text(r.description)}")
    io.out(_("Variants (--variants a,b):"))
    for name, text in VARIANTS.items():
        io.out(f"  {name:<{width}}  {engine_text(text)}")
    return 0


def cmd_new(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle new``: print a freshly dealt position."""
    rules = rules_from_args(args)
    try:
        game = new_game(rules, seed=args.seed)
    except CuttleError as exc:
        raise CliError(str(exc)) from None
    io.out(dump_json(game.to_json(), args.pretty))
    return 0


def cmd_moves(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle moves``: print the legal moves of a position."""
    game = load_position(args.position, house_from_args(args), io.stdin)
    io.out(dump_json(game.legal_moves()))
    return 0


def apply_move(game: Game, text: str) -> None:
    """Play one command-line move: notation, ``resign`` (the seat to act) or ``draw agreed``."""
    line = text if text.strip().lower() == AGREED_DRAW_LINE else f"p{game.to_act}: {text}"
    apply_event(game, parse_event(line))


def group_moves(words: list[str]) -> list[str]:
    """The moves given on the command line, read the same whether they are quoted or not.

    Every argument is split into words and each move starts at its verb, so
    ``draw "points 7H"``, ``draw points 7H`` and ``"points 9S" points 3S`` all give the
    same moves (``draw agreed`` stays one: ``agreed`` is not a verb). An argument of
    several words starts a move even without a verb, so ``draw "jump KS"`` reports
    ``jump KS`` as move 2.
    """
    moves: list[str] = []
    for arg in words:
        parts = arg.split()
        for k, word in enumerate(parts):
            starts = word.lower() in VERB_CODES or (k == 0 and len(parts) > 1)
            if moves and not starts:
                moves[-1] += f" {word}"
            else:
                moves.append(word)
    return moves


def cmd_apply(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle apply``: play moves on a position and print the position reached."""
    game = load_position(args.position, house_from_args(args), io.stdin)
    moves = group_moves(args.moves)
    if not moves:
        raise CliError(_("no move given (the moves are empty)"))
    for i, text in enumerate(moves, start=1):
        where = _("move {number} ({text})").format(number=i, text=repr(text))
        try:
            apply_move(game, text)
        except InvalidMoveError as exc:
            raise CliError(
                _("{move} cannot be read: {error}").format(move=where, error=exc)
            ) from None
        except GameOverError:
            raise CliError(_("{move}: the game is already over").format(move=where)) from None
        except IllegalMoveError as exc:
            raise CliError(
                _("{move} is not legal: {error}").format(move=where, error=exc)
            ) from None
    io.out(dump_json(game.to_json(), args.pretty))
    return 0
