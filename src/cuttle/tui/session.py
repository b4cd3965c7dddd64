"""One game at the table, without any drawing: the table, the human's seat and the bots.

A :class:`Session` holds a :class:`~cuttle.table.Table` (the rule set object, the seats,
the public history and every seat's view). Everything the screen draws comes from
:meth:`Session.view` (the human seat's view). A bot decision is prepared on the UI
thread by :meth:`Session.bot_request` (a private copy of the table) and answered in a
worker thread by :meth:`Session.ask_bot` through the table's one-step
:func:`~cuttle.table.bot_move`, which hands the bot only its own
:class:`~cuttle.bots.base.SeatView`.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import sys
from collections.abc import Callable
from contextlib import redirect_stderr
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cuttle.bots.base import SeatView
from cuttle.engine.game import Game
from cuttle.engine.history import events_of
from cuttle.engine.rules import RuleSet
from cuttle.paths import default_record_path, numbered_path
from cuttle.table import Seat, Table, bot_move, next_bot_seat

from .lang import _

__all__ = [
    "BotFactory",
    "BotLike",
    "BotRequest",
    "LocalRandomBot",
    "Session",
    "View",
    "load_bot",
    "numbered_path",
    "start_process_helpers",
]

View = dict[str, Any]
"""A seat's view of the position (notation.md, hidden cards ``"??"``)."""


class BotLike(Protocol):
    """What the table needs of a bot: a name and a move choice from one seat's view."""

    name: str

    def choose(self, view: SeatView) -> str:
        """Return one of ``view.legal``."""
        ...


class LocalRandomBot:
    """A seeded random player, used when :mod:`cuttle.bots` cannot be imported."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        """Create the bot; equal seeds give equal play."""
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, view: SeatView) -> str:
        """Return a legal move chosen at random."""
        return self.rng.choice(view.legal)


def load_bot(spec: str, seed: int | None) -> BotLike:
    """Build the bot ``spec`` with :func:`cuttle.bots.make_bot`, imported only now.

    Falls back to :class:`LocalRandomBot` when :mod:`cuttle.bots` is missing. An unknown
    spec raises :class:`ValueError` (from ``make_bot``).
    """
    try:
        from cuttle.bots import make_bot
    except ImportError:
        return LocalRandomBot(seed, name=f"{spec} (random)")
    return make_bot(spec, seed)


def start_process_helpers() -> None:
    """Start multiprocessing's resource tracker now, with a real standard error.

    A search on several cores starts worker processes, and the first start launches the
    resource tracker, handing it ``sys.stderr.fileno()``. Inside the Textual app
    ``sys.stderr`` is the app's print capture, whose ``fileno()`` is ``-1``, and the
    start fails with "bad value(s) in fds_to_keep". Called on the UI thread before a bot
    or a hint searches, this starts the tracker once with its errors sent to the null
    device (text on the terminal would break the drawing). Safe to call again.
    """
    from multiprocessing import resource_tracker

    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (OSError, ValueError, AttributeError):
        usable = False
    if usable:
        resource_tracker.ensure_running()
        return
    with open(os.devnull, "w") as null, redirect_stderr(null):
        resource_tracker.ensure_running()


def uses_processes(bot: object) -> bool:
    """Whether ``bot`` may start worker processes (a search on several cores)."""
    workers = getattr(bot, "workers", 1)
    return isinstance(workers, int) and workers > 1


BotFactory = Callable[[str, int | None], BotLike]
"""Builds a bot from a spec and a seed (default: :func:`load_bot`)."""


@dataclass(frozen=True)
class BotRequest:
    """One bot decision: the seat, the event count it was asked at and a private copy of
    the table for the worker thread (the live table may change meanwhile)."""

    seat: int
    moves_played: int
    table: Table

    @property
    def view(self) -> SeatView:
        """What the bot sees: its own seat's view."""
        return self.table.view(self.seat)

    @property
    def legal(self) -> list[str]:
        """The bot's legal moves."""
        return self.table.legal(self.seat)


def table_of(game: Game, seats: list[Seat], practice: bool = False) -> Table:
    """A table continuing ``game`` (rebuilt from its start and its history)."""
    start: Any = game.start_deck if game.start_deck is not None else game.start_position
    if start is None:  # pragma: no cover - every game has a deck or a starting position
        raise ValueError(_("the game has no recorded start"))
    return Table.from_events(game.rules, start, events_of(game), seats, practice)


class Session:
    """A game in progress between one human seat and bots at every other seat."""

    def __init__(
        self,
        rules: RuleSet,
        seat: int,
        bot_specs: dict[int, str],
        *,
        seed: int | str | None = None,
        record: str | None = None,
        records_dir: str = "records",
        number: int = 1,
        bot_factory: BotFactory | None = None,
        game: Game | None = None,
        practice: bool = False,
        human: str = "human",
    ) -> None:
        """Deal the game (seeded by ``seed``) and build a bot for every other seat.

        ``number`` counts the games of this sitting (a rematch is game 2, ...);
        ``bot_factory`` builds the bots (default :func:`load_bot`); ``game`` continues a
        game already dealt (e.g. from a position) instead of dealing; ``practice`` lays
        every hand face up; ``human`` is the human's name in the records. Raises
        :class:`ValueError` for an unknown bot spec.
        """
        self.seat = seat
        self.human = human
        self.bot_specs = dict(bot_specs)
        self.seed = seed
        self.record = record
        self.records_dir = records_dir
        self.number = number
        self.practice = practice
        self.bot_factory: BotFactory = bot_factory or load_bot
        rng = random.Random(None if seed is None else f"{seed}/bots")
        self.bots: dict[int, BotLike] = {
            s: self.bot_factory(spec, rng.randrange(2**32))
            for s, spec in sorted(self.bot_specs.items())
        }
        n = game.n if game is not None else rules.players
        seats = [
            Seat(human) if s == seat else Seat(f"{self.name(s)} (p{s})", self.bot_specs.get(s))
            for s in range(n)
        ]
        if game is not None:
            self.table = table_of(game, seats, practice)
        else:
            self.table = Table(rules, seats, seed=seed, practice=practice)
        self.saved_to: Path | None = None

    # ------------------------------------------------------------------ reading

    @property
    def rules(self) -> RuleSet:
        """The rule set object the game is played by (house rules included)."""
        return self.table.rules

    @property
    def game(self) -> Game:
        """The engine game (read it, never change it: moves go through the table)."""
        return self.table.game

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.table.n

    def view(self) -> View:
        """The position as the human's seat may see it: the only source for drawing
        (every hand face up in a practice game)."""
        return self.table.position(self.seat)

    def seat_view(self) -> SeatView:
        """The human seat's :class:`~cuttle.bots.base.SeatView` (for hints)."""
        return self.table.view(self.seat)

    def name(self, seat: int) -> str:
        """A short label of who sits at ``seat``: ``"you"`` or the bot's name."""
        if seat == self.seat:
            return _("you")
        bot = self.bots.get(seat)
        return bot.name if bot is not None else self.bot_specs.get(seat, "bot")

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.table.is_over

    @property
    def human_to_act(self) -> bool:
        """Whether the game waits for a decision of the human's seat."""
        return not self.table.is_over and self.table.to_act == self.seat

    def legal(self) -> list[str]:
        """The human's legal moves (empty unless the human is to act)."""
        return self.table.legal(self.seat)

    @property
    def moves_played(self) -> int:
        """Moves played so far (a decision of any seat counts as one)."""
        return self.table.moves_played

    def log_entries(self, start: int = 0) -> list[tuple[int | None, str]]:
        """The log from event ``start`` on as the human reads it, in words: ``(seat,
        sentence)`` with the table's sentences for the human's seat, seat ``None`` for
        an agreed draw.

        The newest event alone (the table's log after each move) is told from the
        positions the table keeps around it; more than one is told by replaying the game
        once, which costs the whole game (every event narrated again)."""
        table = self.table
        history = table.history
        if start == len(history) - 1:
            return [(getattr(history[start], "seat", None), table.sentence(start, self.seat))]
        told = table.sentences(self.seat)
        return [
            (getattr(event, "seat", None), text)
            for event, text in zip(history[start:], told[start:], strict=True)
        ]

    def history(self) -> list[str]:
        """The public move lines so far (``"p0: draw"``)."""
        return [event.line() for event in self.table.history]

    def teams_text(self) -> str:
        """``""`` or who plays with the human, e.g. ``"with p2"``."""
        partners = [f"p{s}" for s in self.rules.team_of(self.seat) if s != self.seat]
        return _("with {partners}").format(partners=" ".join(partners)) if partners else ""

    # ------------------------------------------------------------------ playing

    def play_human(self, text: str) -> str:
        """Play ``text`` for the human; return its canonical text.

        Raises :class:`~cuttle.engine.errors.CuttleError` (game unchanged) if the move is
        not legal, and :class:`RuntimeError` when it is not the human's decision.
        """
        if not self.human_to_act:
            raise RuntimeError(_("it is not your decision now"))
        return self.table.play(self.seat, text).move

    def bot_request(self) -> BotRequest | None:
        """The decision the bot to act must make, or ``None`` if no bot is to act."""
        seat = next_bot_seat(self.table, self.bots)
        if seat is None or seat == self.seat:
            return None
        if uses_processes(self.bots[seat]):
            start_process_helpers()
        return BotRequest(seat, self.table.moves_played, self.table.copy())

    def ask_bot(self, request: BotRequest) -> str:
        """Let the bot of ``request.seat`` choose from its seat's view (safe to call from
        a worker thread). Raises :class:`~cuttle.table.BotError` for an illegal answer."""
        return bot_move(request.table, self.bots[request.seat])

    def play_bot(self, request: BotRequest, choice: str) -> str | None:
        """Play a bot's ``choice``; return its text, or ``None`` if the request is stale.

        A choice that is not legal (a failed bot) is replaced by a random legal move.
        """
        t = self.table
        if t.is_over or t.to_act != request.seat or t.moves_played != request.moves_played:
            return None
        legal = t.legal(request.seat)
        if choice not in legal:
            choice = random.Random(repr(self.history())).choice(legal)
        return t.play(request.seat, choice).move

    def forfeit(self, request: BotRequest) -> bool:
        """The bot of ``request.seat`` failed in a way that loses (an outside program that
        timed out, answered illegally or exited): resign its seat. ``False`` if the
        request is stale or the game over."""
        t = self.table
        if t.is_over or t.to_act != request.seat or t.moves_played != request.moves_played:
            return False
        t.resign(request.seat)
        return True

    def resign(self) -> None:
        """The human resigns; the game ends."""
        if not self.table.is_over:
            self.table.resign(self.seat)

    # ------------------------------------------------------------------ records

    def headers(self) -> dict[str, str]:
        """Record headers of this game besides the ones the engine writes."""
        names = [self.human if s == self.seat else self.name(s) for s in range(self.n)]
        headers = {
            "Event": "cuttle play",
            "Date": dt.date.today().isoformat(),
            "Players": " ".join(n.replace(" ", "-") for n in names),
            "Human": f"p{self.seat}",
            "Round": str(self.number),
        }
        if self.seed is not None:
            headers["Seed"] = str(self.seed)
        return headers

    def record_text(self) -> str:
        """The game's record, written by the table."""
        return self.table.record(self.headers())

    def record_path(self) -> Path:
        """Where :meth:`save` writes: the same file every time for this game."""
        if self.saved_to is not None:
            return self.saved_to
        if self.record:
            return numbered_path(Path(self.record), self.number)
        return default_record_path(self.records_dir)

    def save(self) -> Path:
        """Write the record; return the path. Raises :class:`OSError` on failure."""
        target = self.record_path()
        text = self.record_text()
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        self.saved_to = target
        return target

    # ------------------------------------------------------------------ rematch

    def rematch(self) -> Session:
        """A new game with every player moved one seat on (two players swap seats)."""
        n = self.n
        seed = None if self.seed is None else f"{self.seed}/rematch{self.number}"
        return Session(
            self.rules,
            (self.seat + 1) % n,
            {(s + 1) % n: spec for s, spec in self.bot_specs.items()},
            seed=seed,
            record=self.record,
            records_dir=self.records_dir,
            number=self.number + 1,
            bot_factory=self.bot_factory,
            practice=self.practice,
            human=self.human,
        )
