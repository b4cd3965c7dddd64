"""Our bots on the other end of the engine protocol: what ``cuttle engine`` runs.

:func:`run_engine` reads the host's messages (``docs/protocol.md``) from a stream,
rebuilds the seat's :class:`~cuttle.bots.base.SeatView` from them alone (the rule set,
the seat, the public events, the view and the legal moves) and answers each ``go`` with
the bot's move, after an ``info`` line when the bot reports its search. A new bot is
made for each game, seeded by the host's ``seed`` when it sends one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from ..engine.errors import CuttleError
from ..engine.history import Event, parse_event
from ..engine.rules import RuleSet
from .base import Bot, SeatView
from .protocol import PROTOCOL_VERSION, format_info, rules_from_json, split_message

BotFactory = Callable[[int | None], Bot]
"""Makes the bot for one game from the host's seed (``None``: none sent)."""


class EngineState:
    """What the engine has heard of the current game."""

    def __init__(self) -> None:
        """Start with no game."""
        self.reset()

    def reset(self) -> None:
        """Forget the game (a ``newgame`` message)."""
        self.rules: RuleSet | None = None
        self.seat: int | None = None
        self.seed: int | None = None
        self.history: list[Event] = []
        self.view: dict[str, Any] | None = None
        self.legal: tuple[str, ...] = ()
        self.bot: Bot | None = None

    def seat_view(self) -> SeatView:
        """The seat's view as the messages gave it; ``ValueError`` if one is missing."""
        if self.rules is None or self.seat is None or self.view is None:
            raise ValueError("'go' before the rules, the seat and the view")
        return SeatView(self.seat, self.rules, self.view, self.legal, tuple(self.history))


def _info_of(bot: Bot) -> dict[str, Any]:
    """What a bot tells of its last search (ISMCTS: its iterations)."""
    its = getattr(bot, "last_iterations", None)
    return {"iterations": its} if isinstance(its, int) and its > 0 else {}


def _handle(
    state: EngineState, keyword: str, rest: str, make: BotFactory, out: Callable[[str], None]
) -> None:
    """Act on one message (anything but ``cuttle`` and ``quit``)."""
    if keyword == "newgame":
        state.reset()
    elif keyword == "rules":
        state.rules = rules_from_json(json.loads(rest))
    elif keyword == "seat":
        state.seat = int(rest)
    elif keyword == "seed":
        state.seed = int(rest)
    elif keyword == "event":
        state.history.append(parse_event(rest))
    elif keyword == "view":
        state.view = json.loads(rest)
    elif keyword == "legal":
        state.legal = tuple(json.loads(rest))
    elif keyword == "go":
        view = state.seat_view()
        if state.bot is None:
            state.bot = make(state.seed)
        move = state.bot.choose(view)
        info = _info_of(state.bot)
        if info:
            out(format_info({**info, "pv": move}))
        out(f"move {move}")


def run_engine(make: BotFactory, name: str, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Speak the protocol on ``stdin``/``stdout`` with bots from ``make`` until ``quit``
    or the end of input; return the exit code (0). A message that cannot be read is
    reported on ``stderr`` and skipped; unknown messages are ignored."""

    def out(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    state = EngineState()
    for raw in stdin:
        keyword, rest = split_message(raw)
        if keyword == "quit":
            break
        if keyword == "cuttle":
            if str(PROTOCOL_VERSION) not in rest.split():
                stderr.write(f"cuttle engine: the host offers version {rest}; this is 1\n")
            out(f"id name {name}")
            out("id author the Cuttle project")
            out("cuttleok")
            continue
        try:
            _handle(state, keyword, rest, make, out)
        except (ValueError, CuttleError) as exc:
            stderr.write(f"cuttle engine: cannot read {keyword!r}: {exc}\n")
            stderr.flush()
            if keyword == "go":  # no move can be chosen: say why, and give up the game
                out(format_info({"string": f"error: {exc}"}))
                out("move resign")
    return 0


__all__ = ["BotFactory", "EngineState", "run_engine"]
