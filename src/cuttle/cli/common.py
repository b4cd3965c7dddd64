"""What the ``cuttle`` commands share: errors, rule-set options, reading files and JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from cuttle.engine.errors import CuttleError
from cuttle.engine.game import Game
from cuttle.engine.rules import PRESETS, RuleSet, get_rules, load_house_rules
from cuttle.i18n import N_, Domain

_ = Domain("terminal").gettext

NESTED_TOO_DEEPLY = N_("not a position: JSON nested too deeply")
"""The message for input nested past Python's recursion limit (a position is 5 deep)."""


class CliError(Exception):
    """A problem to report on stderr (one clear message) before exiting with ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        """Keep the message and the exit code."""
        super().__init__(message)
        self.message = message
        self.code = code


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the hand-made layout of descriptions and examples, and shows defaults."""


def seat_ranges() -> str:
    """The rule sets whose seat count may be chosen, with their range: ``multiplayer: 2-8``."""
    return ", ".join(
        f"{name}: {r.min_players}-{r.max_players}"
        for name, r in PRESETS.items()
        if r.min_players != r.max_players
    )


def add_rules_options(parser: argparse.ArgumentParser, *, default: str | None = "standard") -> None:
    """Add ``--rules``, ``--variants``, ``--players`` and ``--house`` to ``parser``."""
    parser.add_argument(
        "--rules",
        default=default,
        metavar="NAME",
        help=_("rule set: {names} (default: {default})").format(
            names=", ".join(PRESETS), default=default
        ),
    )
    parser.add_argument(
        "--variants",
        default="",
        metavar="A,B",
        help=_("variant toggles, comma-separated (see 'cuttle rules')"),
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help=_("number of seats, where the rule set allows a choice ({ranges})").format(
            ranges=seat_ranges()
        ),
    )
    parser.add_argument(
        "--house",
        default=None,
        metavar="FILE",
        help=_("house rules from a .toml or .json file (replaces --rules)"),
    )


def split_variants(text: str) -> list[str]:
    """Read a comma- (or space-) separated list of variant names."""
    return [v for v in text.replace(",", " ").split() if v]


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    """Build the rule set the options name; raise :class:`CliError` if they are wrong."""
    variants = split_variants(args.variants or "")
    try:
        if args.house:
            base = load_house_rules(args.house)
            return get_rules(base, variants, args.players)
        return get_rules(args.rules or "standard", variants, args.players)
    except CuttleError as exc:
        raise CliError(str(exc)) from None


def house_from_args(args: argparse.Namespace) -> RuleSet | None:
    """The house rule set named by ``--house``, or ``None``."""
    if not getattr(args, "house", None):
        return None
    try:
        return load_house_rules(args.house)
    except CuttleError as exc:
        raise CliError(str(exc)) from None


def read_text(path: str, stdin: TextIO | None = None) -> str:
    """Read a file, or standard input when ``path`` is ``-``."""
    if path == "-":
        return (stdin or sys.stdin).read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(_("{path}: no such file").format(path=path)) from None
    except UnicodeDecodeError:
        raise CliError(_("{path}: not UTF-8 text").format(path=path)) from None
    except OSError as exc:
        raise CliError(f"{path}: {exc.strerror or exc}") from None


def load_position(path: str, rules: RuleSet | None = None, stdin: TextIO | None = None) -> Game:
    """Read a position file (JSON) and return its game; raise :class:`CliError` if bad."""
    text = read_text(path, stdin)
    where = _("standard input") if path == "-" else path
    try:
        obj: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            _("{path}: not valid JSON ({error})").format(path=where, error=exc)
        ) from None
    except RecursionError:
        raise CliError(f"{where}: {_(NESTED_TOO_DEEPLY)}") from None
    try:
        return Game.from_json(obj, rules)
    except CuttleError as exc:
        raise CliError(_("{path}: bad position: {error}").format(path=where, error=exc)) from None


def dump_json(obj: Any, pretty: bool = False) -> str:
    """JSON text of ``obj``: one line, or indented when ``pretty``."""
    return json.dumps(obj, indent=2 if pretty else None)


class Streams:
    """The standard streams a command uses (tests pass their own)."""

    def __init__(
        self,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> None:
        """Use the given streams, or the process's own."""
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.stderr = stderr if stderr is not None else sys.stderr

    def out(self, text: str = "") -> None:
        """Write a line to standard output."""
        print(text, file=self.stdout)

    def err(self, text: str = "") -> None:
        """Write a line to standard error."""
        print(text, file=self.stderr)
