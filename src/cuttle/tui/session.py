"""One game at the table, without any drawing: the game, the human's seat and the bots.

A :class:`Session` is the only object that holds the full :class:`~cuttle.engine.game.Game`.
Everything the screen draws comes from :meth:`Session.view` (the human seat's view), and
every bot is asked through :meth:`Session.bot_request`, which hands it only its own seat's
view, its legal moves and the public history.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cuttle.cli.play import default_record_path
from cuttle.engine.game import Game, new_game
from cuttle.engine.moves import move_text
from cuttle.engine.rules import RuleSet

View = dict[str, Any]
"""A seat's view of the position (notation.md, hidden cards ``"??"``)."""


class BotLike(Protocol):
    """What the table needs of a bot: a name and a move choice from one seat's view."""

    name: str

    def choose(self, view: View, legal: list[str], history: list[str]) -> str:
        """Return one of ``legal``."""
        ...


class LocalRandomBot:
    """A seeded random player, used when :mod:`cuttle.bots` cannot be imported."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        """Create the bot; equal seeds give equal play."""
        self.rng = random.Random(seed)
        self.name = name

    def choose(self, view: View, legal: list[str], history: list[str]) -> str:
        """Return a legal move chosen at random."""
        return self.rng.choice(legal)


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


def numbered_path(path: Path, number: int) -> Path:
    """``path`` for game ``number`` of a sitting: ``game.cuttle``, ``game-2.cuttle``, ..."""
    if number <= 1:
        return path
    return path.with_name(f"{path.stem}-{number}{path.suffix}")


BotFactory = Callable[[str, int | None], BotLike]
"""Builds a bot from a spec and a seed (default: :func:`load_bot`)."""


@dataclass(frozen=True)
class BotRequest:
    """Everything one bot decision needs, copied out of the game for a worker thread."""

    seat: int
    moves_played: int
    view: View
    legal: list[str]
    history: list[str]


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
    ) -> None:
        """Deal the game (seeded by ``seed``) and build a bot for every other seat.

        ``number`` counts the games of this sitting (a rematch is game 2, ...);
        ``bot_factory`` builds the bots (default :func:`load_bot`); ``game`` continues a
        game already dealt (e.g. from a position) instead of dealing. Raises
        :class:`ValueError` for an unknown bot spec.
        """
        self.rules = rules
        self.seat = seat
        self.bot_specs = dict(bot_specs)
        self.seed = seed
        self.record = record
        self.records_dir = records_dir
        self.number = number
        self.bot_factory: BotFactory = bot_factory or load_bot
        self.game: Game = game if game is not None else new_game(rules, seed=seed)
        rng = random.Random(None if seed is None else f"{seed}/bots")
        self.bots: dict[int, BotLike] = {
            s: self.bot_factory(spec, rng.randrange(2**32))
            for s, spec in sorted(self.bot_specs.items())
        }
        self.saved_to: Path | None = None

    # ------------------------------------------------------------------ reading

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.game.n

    def view(self) -> View:
        """The position as the human's seat may see it: the only source for drawing."""
        return self.game.view(self.seat)

    def name(self, seat: int) -> str:
        """A short label of who sits at ``seat``: ``"you"`` or the bot's name."""
        if seat == self.seat:
            return "you"
        bot = self.bots.get(seat)
        return bot.name if bot is not None else self.bot_specs.get(seat, "bot")

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    @property
    def human_to_act(self) -> bool:
        """Whether the game waits for a decision of the human's seat."""
        return not self.game.is_over and self.game.to_act == self.seat

    def legal(self) -> list[str]:
        """The human's legal moves (empty unless the human is to act)."""
        return self.game.legal_moves() if self.human_to_act else []

    @property
    def moves_played(self) -> int:
        """Moves played so far (a decision of any seat counts as one)."""
        return self.game.moves_played

    def log_entries(self) -> list[tuple[int | None, str]]:
        """The public moves so far: ``(seat, move text)``, seat ``None`` for an agreed draw."""
        return [(None if seat < 0 else seat, move_text(m)) for seat, m in self.game.history]

    def history(self) -> list[str]:
        """The public move lines so far (``"p0: draw"``), as bots receive them."""
        return [text if seat is None else f"p{seat}: {text}" for seat, text in self.log_entries()]

    def teams_text(self) -> str:
        """``""`` or who plays with the human, e.g. ``"with p2"``."""
        partners = [f"p{s}" for s in self.rules.team_of(self.seat) if s != self.seat]
        return f"with {' '.join(partners)}" if partners else ""

    # ------------------------------------------------------------------ playing

    def play_human(self, text: str) -> str:
        """Play ``text`` for the human; return its canonical text.

        Raises :class:`~cuttle.engine.errors.CuttleError` (game unchanged) if the move is
        not legal, and :class:`RuntimeError` when it is not the human's decision.
        """
        if not self.human_to_act:
            raise RuntimeError("it is not your decision now")
        self.game.play(text)
        return move_text(self.game.history[-1][1])

    def bot_request(self) -> BotRequest | None:
        """The decision the bot to act must make, or ``None`` if no bot is to act."""
        g = self.game
        if g.is_over or g.to_act == self.seat or g.to_act not in self.bots:
            return None
        s = g.to_act
        return BotRequest(s, g.moves_played, g.view(s), g.legal_moves(), self.history())

    def ask_bot(self, request: BotRequest) -> str:
        """Let the bot of ``request.seat`` choose (safe to call from a worker thread)."""
        return self.bots[request.seat].choose(request.view, request.legal, request.history)

    def play_bot(self, request: BotRequest, choice: str) -> str | None:
        """Play a bot's ``choice``; return its text, or ``None`` if the request is stale.

        A choice that is not legal is replaced by a random legal move.
        """
        g = self.game
        if g.is_over or g.to_act != request.seat or g.moves_played != request.moves_played:
            return None
        legal = g.legal_moves()
        if choice not in legal:
            choice = random.Random(repr(request.history)).choice(legal)
        g.play(choice)
        return move_text(g.history[-1][1])

    def resign(self) -> None:
        """The human resigns; the game ends."""
        if not self.game.is_over:
            self.game.resign(self.seat)

    # ------------------------------------------------------------------ records

    def headers(self) -> dict[str, str]:
        """Record headers of this game besides the ones the engine writes."""
        names = ["human" if s == self.seat else self.name(s) for s in range(self.n)]
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
        """The game's record (``write_record`` is imported only now)."""
        from cuttle.engine.records import write_record

        return write_record(self.game, self.headers())

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
        )
