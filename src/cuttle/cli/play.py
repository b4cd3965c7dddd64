"""``cuttle play``: a person plays a whole game in the terminal against bots.

The line-mode game is :func:`run_plain`; it reads and writes only through the
``input_fn`` and ``output_fn`` it is given, so tests (and other front ends) can drive it.
A full-screen table can plug in at :func:`load_app`.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import difflib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cuttle.bots import BOT_KINDS, LEVELS, Bot, analyse
from cuttle.bots.external import BotForfeit, end_game
from cuttle.bots.ladder import rated_spec, rating_of
from cuttle.bots.registry import LEVEL_NAMES
from cuttle.engine.errors import CuttleError
from cuttle.engine.history import Event
from cuttle.engine.rules import RuleSet
from cuttle.paths import default_record_path
from cuttle.table import Seat, Table, make_bots, run_bots

from .common import CliError, HelpFormatter, Streams, add_rules_options, rules_from_args
from .lang import _, add_language_option
from .play_options import bot_spec, default_player_name, pause_seconds, player_name, record_target
from .play_words import EXAMPLES, HELP_TEXT
from .positions import seed_value
from .render import describe_move, render

InputFn = Callable[[str], str]
"""Reads one line after showing a prompt (like :func:`input`); raises ``EOFError`` at
the end of input."""
OutputFn = Callable[[str], None]
"""Shows one line (or several, joined by newlines)."""


@dataclass
class PlayOptions:
    """Everything a game in the terminal needs to know before it starts."""

    rules: RuleSet
    seat: int = 0
    seed: int | str | None = None
    record: str | None = None
    """Where to save the record (default: a new file in :attr:`records_dir`)."""
    records_dir: str = "records"
    opponent: str = "random"
    """Bot spec or level for every other seat (see :func:`cuttle.bots.make_bot`)."""
    plain: bool = True
    practice: bool = False
    """A practice round (seed 004): every hand face up for everyone."""
    bot_pause: float = 0.6
    """Seconds each move stays on the Textual table before the next automatic one."""
    hint_seconds: float = 1.0
    """The search budget of the ``hint`` command at the prompt."""
    hint_top: int = 3
    """How many moves the ``hint`` command shows."""
    name: str = "human"
    """The human's name in the record (``--name``)."""


class _Leave(Exception):
    """The player asked to stop."""


def columns(entries: list[str], width: int = 78) -> list[str]:
    """Lay ``entries`` out in as many columns as fit in ``width`` characters."""
    if not entries:
        return []
    cell = max(len(e) for e in entries) + 2
    per_row = max(1, width // cell)
    rows = (len(entries) + per_row - 1) // per_row
    out = []
    for r in range(rows):
        row = [entries[c * rows + r] for c in range(per_row) if c * rows + r < len(entries)]
        out.append("".join(e.ljust(cell) for e in row).rstrip())
    return out


COMMANDS = ("help", "moves", "table", "hint", "resign", "quit")
"""The words the prompt takes besides moves."""


def did_you_mean(typed: str, legal: list[str]) -> list[str]:
    """The legal moves and commands closest to a line that was neither (at most three)."""
    options = {m.lower(): m for m in [*legal, *COMMANDS]}
    close = difflib.get_close_matches(" ".join(typed.lower().split()), options, n=3, cutoff=0.6)
    return [options[c] for c in close]


class PlainSession:
    """One game in line mode: the human's seat, the bots, and the input/output callables."""

    def __init__(self, options: PlayOptions, input_fn: InputFn, output_fn: OutputFn) -> None:
        """Deal the game and seat a bot at every other seat."""
        self.options = options
        self.ask = input_fn
        self.say = output_fn
        self.seat = options.seat
        bot_name = options.opponent.replace(" ", "-")
        seats = [
            Seat(options.name) if s == self.seat else Seat(bot_name, options.opponent)
            for s in range(options.rules.players)
        ]
        self.table = Table(options.rules, seats, seed=options.seed, practice=options.practice)
        self.bots: dict[int, Bot] = make_bots(self.table, options.seed)
        self.names = [s.name for s in seats]
        self._hand = self._my_hand()
        self.dirty = True
        self.saved: Path | None = None

    def _my_hand(self) -> list[str]:
        return list(self.table.position(self.seat)["hands"][self.seat])

    # ------------------------------------------------------------------ the game

    def run(self) -> int:
        """Play until the game ends (0) or the player leaves (1)."""
        t = self.table
        team = t.rules.team_of(self.seat)
        partner = [f"p{s}" for s in team if s != self.seat]
        variants = f" + {', '.join(t.rules.variants)}" if t.rules.variants else ""
        welcome = _("Cuttle: {rules}{variants}, {n} players. You are p{seat}").format(
            rules=t.rules.name, variants=variants, n=t.n, seat=self.seat
        )
        if partner:
            welcome += _(", playing with {partners}").format(partners=" ".join(partner))
        if t.practice:
            welcome += _(". A practice round: every hand is face up")
        self.say(welcome + _(". Type 'help' for help."))
        self.say(_("You play as {name}.").format(name=self.options.name))
        rated = rating_of(self.options.opponent)
        if rated is not None:  # a ladder level: its measured rating (docs/strength.md)
            self.say(
                _("{bot} is level {level} of {levels}, rated {rating}.").format(
                    bot=self.options.opponent,
                    level=rated.level,
                    levels=len(LEVEL_NAMES),
                    rating=rated.rating,
                )
            )
        try:
            while not t.is_over:
                if t.to_act == self.seat:
                    self.human_turn()
                else:
                    self._bots_play()
        except (EOFError, KeyboardInterrupt, _Leave) as exc:
            self.say("")
            self.say(_("You left the game.") if isinstance(exc, _Leave) else _("Game interrupted."))
            self.offer_save()
            return 1
        finally:
            for s, bot in self.bots.items():
                end_game(bot, t.view(s) if t.is_over else None)
        self.finish()
        return 0

    def _bots_play(self) -> None:
        """Let the bots move; a bot that fails (an external program that times out,
        answers an illegal move or exits) resigns its seat, and the reason is told."""
        try:
            run_bots(self.table, self.bots, self._announce)
        except BotForfeit as exc:
            forfeits = _("{name} (p{seat}) forfeits: {reason}")
            self.say(
                "  " + forfeits.format(name=self.names[exc.seat], seat=exc.seat, reason=exc.reason)
            )
            self._announce(self.table.resign(exc.seat))

    def _announce(self, event: Event, note: str = "") -> None:
        """Say what was played, in words as the human's seat may know it, and which
        cards it put into the human's hand."""
        told = self.table.sentence(len(self.table.history) - 1, self.seat)
        self.say(f"  {told}{note}  [{event.line()}]")
        hand = self._my_hand()
        gained = [c for c in hand if c not in self._hand]
        self._hand = hand
        if gained:
            self.say("  " + _("(into your hand: {cards})").format(cards=" ".join(gained)))
        self.dirty = True

    def show_table(self) -> None:
        """Draw the table as the human's seat sees it, with the numbered moves."""
        self.say("")
        t = self.table
        self.say(render(t.position(self.seat), rules=t.rules, you=self.seat))
        self.show_moves()
        self.dirty = False

    def show_moves(self) -> None:
        """List the human's legal moves with their numbers."""
        legal = self.table.legal(self.seat)
        rules = self.table.rules
        if len(legal) <= 12:
            for i, m in enumerate(legal, start=1):
                self.say(f"  {i:>2}. {describe_move(m, rules)}")
        else:
            for row in columns([f"{i:>2}. {m}" for i, m in enumerate(legal, start=1)]):
                self.say(f"  {row}")

    def human_turn(self) -> None:
        """Ask the human for one decision and play it (or handle a command)."""
        t = self.table
        legal = t.legal(self.seat)
        if t.phase in ("counter", "answer") and legal == ["resolve"]:
            self._announce(t.play(self.seat, "resolve"), " " + _("(nothing to counter with)"))
            return
        if self.dirty:
            self.show_table()
        while True:
            answer = self.ask(
                _("Your move [1-{last}, or help]:").format(last=len(legal)) + " "
            ).strip()
            if self.handle(answer, legal):
                return

    def handle(self, answer: str, legal: list[str]) -> bool:
        """Act on one line of input; return whether a move was played."""
        t = self.table
        word = answer.lower()
        if not word:
            return False
        if word in ("help", "h", "?"):
            self.say(_(HELP_TEXT))
            return False
        if word in ("moves", "m"):
            self.show_moves()
            return False
        if word in ("table", "t"):
            self.show_table()
            return False
        if word == "hint":
            self.show_hint(legal)
            return False
        if word in ("quit", "exit", "q"):
            raise _Leave
        if word == "resign":
            confirm = self.ask(_("Resign this game? [y/N]") + " ").strip().lower()
            if confirm in yes_words():
                self._announce(t.resign(self.seat))
                return True
            self.say(_("Not resigning."))
            return False
        if word.isdigit():
            k = int(word)
            if not 1 <= k <= len(legal):
                self.say(
                    _("There is no move {number}: choose 1 to {last}.").format(
                        number=k, last=len(legal)
                    )
                )
                return False
            text = legal[k - 1]
        else:
            text = answer
        try:
            event = t.play(self.seat, text)
        except CuttleError as exc:
            self.say(_("Not possible: {error}").format(error=exc))
            close = did_you_mean(answer, legal)
            if close:
                options = _(" or ").join(repr(c) for c in close)
                self.say(_("Did you mean: {options}?").format(options=options))
            return False
        self._announce(event)
        return True

    def show_hint(self, legal: list[str]) -> None:
        """Search the human's seat view for a moment and show the best moves (with their
        numbers) and estimated win chances, as ``cuttle hint`` does."""
        seconds = self.options.hint_seconds
        self.say(_("Thinking for {seconds} s ...").format(seconds=f"{seconds:g}"))
        rows = analyse(self.table.view(self.seat), seconds=seconds)
        for m, q in rows[: self.options.hint_top]:
            number = legal.index(m) + 1 if m in legal else "?"
            chance = _("{percent}% to win").format(percent=f"{100 * q:5.1f}")
            self.say(f"  {number:>2}. {m:<16} {chance}")

    # ------------------------------------------------------------------ the end

    def finish(self) -> None:
        """Show the final table and the result, and save the record."""
        t = self.table
        self.say("")
        self.say(render(t.position(self.seat), rules=t.rules, names=self.names, you=self.seat))
        self.save(self.options.record)

    def offer_save(self) -> None:
        """Ask whether to save an unfinished game (saved anyway if ``--record`` was given)."""
        if not self.table.history:
            self.say(_("No moves were played; nothing to save."))
            return
        where = self.options.record or f"{self.options.records_dir}/"
        try:
            question = _("Save the unfinished game to {path}? [y/N]").format(path=where)
            answer = self.ask(question + " ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "y" if self.options.record else "n"
            self.say("")
        if answer in yes_words():
            self.save(self.options.record)
        else:
            self.say(_("Not saved."))

    def save(self, path: str | None) -> None:
        """Write the record to ``path`` (or a new file in the records folder)."""
        target = Path(path) if path else default_record_path(self.options.records_dir)
        headers = {
            "Event": "cuttle play",
            "Date": dt.date.today().isoformat(),
            "Human": f"p{self.seat}",
        }
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(self.table.record(headers), encoding="utf-8")
        except OSError as exc:
            failed = _("Could not save the record to {path}: {error}")
            self.say(failed.format(path=target, error=exc.strerror or exc))
            return
        self.saved = target
        self.say(_("Record saved to {path}").format(path=target))


def yes_words() -> set[str]:
    """The answers that mean yes at a ``[y/N]`` question: ``y``, ``yes`` and the current
    language's own (``j``, ``ja`` in German)."""
    return {"y", "yes", _("y").lower(), _("yes").lower()}


def run_plain(options: PlayOptions, input_fn: InputFn, output_fn: OutputFn) -> int:
    """Play one game in line mode; return 0 when it ended, 1 when the player left."""
    return PlainSession(options, input_fn, output_fn).run()


def load_app() -> Callable[[PlayOptions, bool], int] | None:
    """The Textual table's entry point, or ``None`` where it cannot run (no terminal)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        from cuttle.tui.app import run_app
        from cuttle.tui.options import AppOptions
    except ImportError:
        return None

    def launch(options: PlayOptions, skip_setup: bool) -> int:
        rules = options.rules
        return run_app(
            AppOptions(
                rules=rules,
                players=rules.players,
                seat=options.seat,
                seed=options.seed,
                bots=[options.opponent],
                record=options.record,
                practice=options.practice,
                bot_delay=options.bot_pause,
                skip_setup=skip_setup,
                name=options.name,
            )
        )

    return launch


# ---------------------------------------------------------------------- the command


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` command."""
    p = sub.add_parser(
        "play",
        help=_("play a game in the terminal against bots"),
        description=_("Play a full game in the terminal; every other seat is a bot."),
        epilog=_(EXAMPLES),
        formatter_class=HelpFormatter,
    )
    add_rules_options(p)
    add_language_option(p)
    p.add_argument("--seat", type=int, default=0, metavar="N", help=_("your seat (default 0)"))
    p.add_argument(
        "--name",
        type=player_name,
        default=None,
        help=_("your name at the table and in the game's record (default: your login name)"),
    )
    p.add_argument("--seed", type=seed_value, default=None, help=_("shuffle seed (repeatable)"))
    p.add_argument(
        "--record",
        metavar="PATH",
        help=_(
            "where to save the game record: a file, or a folder (an existing one, or a name "
            "ending in /) to save a new <date-time>.cuttle in; checked before the game starts"
        ),
    )
    p.add_argument(
        "--force", action="store_true", help=_("let --record replace a file that exists")
    )
    p.add_argument(
        "--opponent",
        default="medium",
        type=bot_spec,
        metavar="BOT",
        help=_(
            "the bots' level or kind ({kinds}; a search bot may take a budget, e.g. "
            "ismcts:0.5s; ext:COMMAND for a program speaking docs/protocol.md, "
            "module.path:Class for a Python bot; default: medium)"
        ).format(kinds=", ".join([*map(rated_spec, LEVELS), *BOT_KINDS])),
    )
    p.add_argument("--plain", action="store_true", help=_("line mode (pipes, screen readers)"))
    p.add_argument(
        "--practice",
        action="store_true",
        help=_("a practice round: every hand face up for everyone (seed 004)"),
    )
    p.add_argument(
        "--bot-pause",
        type=pause_seconds,
        default=0.6,
        metavar="SECONDS",
        help=_(
            "how long each move stays on the Textual table before the next bot move "
            "(default 0.6; 0 for none)"
        ),
    )
    p.set_defaults(func=cmd_play)


def _input_from(io: Streams) -> InputFn:
    if io.stdin is sys.stdin and io.stdout is sys.stdout and sys.stdin.isatty():
        with contextlib.suppress(ImportError):  # line editing and ↑ history at the prompt
            import readline  # noqa: F401
        return input

    def read(prompt: str) -> str:
        io.stdout.write(prompt)
        io.stdout.flush()
        line = io.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    return read


def cmd_play(args: argparse.Namespace, io: Streams) -> int:
    """``cuttle play``: check the options, then play."""
    rules = rules_from_args(args)
    if not 0 <= args.seat < rules.players:
        raise CliError(
            _("--seat {seat}: {rules} here has seats 0 to {last}").format(
                seat=args.seat, rules=rules.name, last=rules.players - 1
            )
        )
    target = None if args.record is None else record_target(args.record)
    if target is not None and target.exists() and not args.force:
        raise CliError(
            _(
                "--record {record}: {path} exists; give another file, a folder, or"
                " --force to replace it"
            ).format(record=args.record, path=target)
        )
    record = None if target is None else str(target)
    options = PlayOptions(
        rules=rules,
        seat=args.seat,
        seed=args.seed,
        record=record,
        opponent=args.opponent,
        plain=args.plain,
        practice=args.practice,
        bot_pause=args.bot_pause,
        name=args.name or default_player_name(),
    )
    real_terminal = io.stdin is sys.stdin and io.stdout is sys.stdout
    app = None if options.plain or not real_terminal else load_app()
    if app is not None:
        given = ("rules", "variants", "players", "house", "seat", "seed", "opponent", "practice")
        skip_setup = any(getattr(args, k) != _PLAY_DEFAULTS.get(k) for k in given)
        return app(options, skip_setup)
    return run_plain(options, _input_from(io), io.out)


_PLAY_DEFAULTS: dict[str, object] = {
    "rules": "standard",
    "variants": "",
    "players": None,
    "house": None,
    "seat": 0,
    "seed": None,
    "opponent": "medium",
    "practice": False,
}
