"""Clocks for games between people: time controls, the clock arithmetic, and the flag.

A time control is chosen when a game is created and stored with it
(``games.time_control``): ``"5+3"`` is five minutes each plus a Fischer increment of three
seconds for every action a seat takes, ``"30s"`` a limit of thirty seconds for each
action (unused time is not kept). Minutes and seconds may be fractions (``"0.05+0"``:
three seconds for the whole game), which keeps tests fast.

The server is authoritative. The clock of the seat to act (``Table.to_act``: in Cuttle
that is also the seat deciding whether to counter, discarding, and so on) runs from the
moment it became that seat's turn, in wall-clock time (``time.time()``), so the numbers
survive a restart: after every stored event the remaining time of every seat is stored
with it (``moves.clocks``, milliseconds, space-separated) and the event row's
``created_at`` is when the next seat's clock started; before the first event it is
``games.clock_start``, when the game filled up. A server that is down does not stop the
clock of the seat to act.

A per-game timer (an ``asyncio`` timer handle on the live game) flags the seat to act
when its time is up, even if nobody sends anything; a move that arrives after the time
is up is refused and the seat is flagged instead. The flag is stored as that seat's
resignation (a ``resign`` move row), or as an agreed draw when no opponent could still
win (:func:`cannot_win`), and the game's termination is ``time``.

:class:`TimeControl` and :class:`Clock` are pure and tested on their own;
:mod:`cuttle.server.game.clocks` arms each live game's timer and stores the flag.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass
from typing import Any

from cuttle.engine.game import Game
from cuttle.engine.history import Event, MovePlayed
from cuttle.engine.table import Termination
from cuttle.table import Table

log = logging.getLogger("cuttle.server")

TIME_TERMINATION = Termination.TIME
"""The termination of a game ended by a flag."""

ABANDON_TERMINATION = Termination.ABANDONED
"""The termination of a game won by claiming it from absent opponents."""

PRESET_CONTROLS = ("1+0", "3+2", "5+3", "10+5", "15+10", "30s", "60s")
"""The time controls offered in the create form (any valid one is accepted)."""

MAX_BASE_MS = 3 * 60 * 60 * 1000
MAX_INCREMENT_MS = 5 * 60 * 1000

_FISCHER = re.compile(r"^(\d{1,4}(?:\.\d{1,3})?)\+(\d{1,4}(?:\.\d{1,3})?)$")
_PER_MOVE = re.compile(r"^(\d{1,5}(?:\.\d{1,3})?)s$")


@dataclass(frozen=True)
class TimeControl:
    """A time control: ``base_ms`` each and ``increment_ms`` added after each action
    (Fischer), or, with ``per_move``, ``base_ms`` for each action."""

    base_ms: int
    increment_ms: int = 0
    per_move: bool = False

    @property
    def text(self) -> str:
        """The canonical text: ``"5+3"`` or ``"30s"``."""

        def num(ms: int, unit: int) -> str:
            value = ms / unit
            return f"{value:g}" if value != int(value) else str(int(value))

        if self.per_move:
            return f"{num(self.base_ms, 1000)}s"
        return f"{num(self.base_ms, 60_000)}+{num(self.increment_ms, 1000)}"


def parse_time_control(text: Any) -> TimeControl:
    """Read a time control: ``"M+S"`` (minutes each, seconds added per action) or
    ``"Ns"`` (seconds per action). Raises :class:`ValueError` saying what is wrong."""
    if not isinstance(text, str):
        raise ValueError('time_control must be text such as "5+3" or "30s"')
    t = text.strip().lower()
    m = _FISCHER.match(t)
    if m:
        base = round(float(m.group(1)) * 60_000)
        inc = round(float(m.group(2)) * 1000)
        if not 0 < base <= MAX_BASE_MS:
            raise ValueError("the base time must be more than 0 and at most 180 minutes")
        if inc > MAX_INCREMENT_MS:
            raise ValueError("the increment must be at most 300 seconds")
        return TimeControl(base, inc)
    m = _PER_MOVE.match(t)
    if m:
        base = round(float(m.group(1)) * 1000)
        if not 0 < base <= MAX_INCREMENT_MS:
            raise ValueError("the time per action must be more than 0 and at most 300 seconds")
        return TimeControl(base, 0, per_move=True)
    raise ValueError(
        f'unknown time control {text[:20]!r}: write "5+3" (minutes + seconds per action) '
        'or "30s" (seconds per action)'
    )


@dataclass(frozen=True)
class Clock:
    """Every seat's remaining time after the last event (milliseconds), the seat whose
    clock runs (``None``: none, the game is over or not started) and since when
    (``time.time()`` seconds)."""

    control: TimeControl
    remaining: tuple[int, ...]
    running: int | None
    since: float

    @classmethod
    def start(cls, control: TimeControl, seats: int, to_act: int, now: float) -> Clock:
        """The clock of a game that starts at ``now`` with ``to_act`` to act."""
        return cls(control, (control.base_ms,) * seats, to_act, now)

    def left(self, seat: int, now: float) -> int:
        """``seat``'s remaining milliseconds at ``now`` (never below 0)."""
        ms = self.remaining[seat]
        if seat == self.running:
            ms -= int((now - self.since) * 1000)
        return max(0, ms)

    def deadline(self) -> float | None:
        """When the running seat's time is up (``time.time()`` seconds), or ``None``."""
        if self.running is None:
            return None
        return self.since + self.remaining[self.running] / 1000

    def expired(self, now: float) -> bool:
        """Whether the running seat's time is up at ``now``."""
        end = self.deadline()
        return end is not None and now >= end

    def after(self, now: float, mover: int | None, moved: bool, to_act: int | None) -> Clock:
        """The clock after an event at ``now``: the running seat is charged the time it
        used; if it ``moved`` (a move, not a resignation or draw) as ``mover`` it earns the
        increment; ``to_act`` (``None``: the game is over) starts its clock. With a
        per-action limit every seat has the whole limit again."""
        c = self.control
        if c.per_move:
            rem = [c.base_ms] * len(self.remaining)
            if to_act is None and self.running is not None:
                rem[self.running] = self.left(self.running, now)
            return Clock(c, tuple(rem), to_act, now)
        rem = list(self.remaining)
        if self.running is not None:
            rem[self.running] = self.left(self.running, now)
            if moved and mover == self.running and to_act is not None:
                rem[self.running] += c.increment_ms
        return Clock(c, tuple(rem), to_act, now)

    def text(self) -> str:
        """The stored form of the remaining times: ``"298512 300000"``."""
        return " ".join(str(ms) for ms in self.remaining)

    def message(self, now: float) -> dict[str, Any]:
        """What clients are told: the control, each seat's remaining milliseconds at
        ``now`` and the running seat (clients count it down from these numbers)."""
        return {
            "control": self.control.text,
            "per_move": self.control.per_move,
            "left": [self.left(s, now) for s in range(len(self.remaining))],
            "running": self.running,
        }


def remaining_from_text(text: str | None, seats: int, control: TimeControl) -> tuple[int, ...]:
    """The remaining times stored as ``text`` by :meth:`Clock.text` (the base time for
    each seat when there is none)."""
    words = (text or "").split()
    if len(words) != seats or not all(w.isdigit() for w in words):
        return (control.base_ms,) * seats
    return tuple(int(w) for w in words)


def cannot_win(game: Game, flagged: int) -> bool:
    """Whether no opponent of ``flagged`` could still win (the ruling in docs/rules.md,
    "Clocks"): every opponent's hand is empty and nobody can draw (the deck is empty and
    the scrap is not reshuffled into it). Such a seat can never play a card again, and
    its points cannot grow without playing one, so a flag then draws the game."""
    if game.deck_ok():
        return False
    return all(not game.hands[o] for o in game.opponents(flagged))


def flag_event(table: Table, seat: int) -> Event:
    """End ``table`` (a copy of the live table) by ``seat``'s flag: its resignation, or
    an agreed draw if no opponent could still win; the termination becomes ``time``."""
    if cannot_win(table.game, seat):
        event: Event | None = None
        for s in range(table.n):
            event = table.offer_draw(s)
        assert event is not None
    else:
        event = table.resign(seat)
    # The engine knows resignations and agreed draws; a flag is stored as one of them,
    # and the game row's termination (read back by ``restore_termination``) says why.
    table.game.termination = TIME_TERMINATION
    return event


def restore_termination(table: Table, stored: str | None) -> None:
    """Give a table rebuilt from its events the stored termination of a server-level
    ending (``time``, ``abandoned``), which its events alone record as a resignation or
    an agreed draw."""
    if table.is_over and stored in (TIME_TERMINATION, ABANDON_TERMINATION):
        table.game.termination = Termination(stored)


def clock_after(old: Clock | None, table: Table, event: Event, now: float) -> Clock | None:
    """The clock after ``event`` (the newest event of ``table``) is stored at ``now``,
    from the clock ``old`` before it; ``None`` for an untimed game."""
    if old is None:
        return None
    mover = getattr(event, "seat", None)
    to_act = None if table.is_over else table.to_act
    return old.after(now, mover, isinstance(event, MovePlayed), to_act)


def clock_from_news(old: Clock, table: Table, event: Event, news: object) -> Clock:
    """The clock after ``event`` (the newest of ``table``) that another worker stored:
    its ``[remaining text, since]`` when the news carries it, else worked out here."""
    to_act = None if table.is_over else table.to_act
    if isinstance(news, list) and len(news) == 2 and isinstance(news[1], (int, float)):
        remaining = remaining_from_text(str(news[0]), len(old.remaining), old.control)
        return Clock(old.control, remaining, to_act, float(news[1]))
    mover = getattr(event, "seat", None)
    return old.after(time.time(), mover, isinstance(event, MovePlayed), to_act)


def clock_from_start(time_control: str, players: int, table: Table, news: object) -> Clock | None:
    """The clock of a timed game (``time_control``, ``players`` seats, at ``table``)
    that another worker started when a join filled it: its ``[remaining text, since]``
    as the join's news carries it (``None``: the news carries none)."""
    if not isinstance(news, list) or len(news) != 2:
        return None
    text, since = news
    if not isinstance(text, str) or not isinstance(since, (int, float)):
        return None
    control = parse_time_control(time_control)
    remaining = remaining_from_text(text, players, control)
    return Clock(control, remaining, None if table.is_over else table.to_act, float(since))
