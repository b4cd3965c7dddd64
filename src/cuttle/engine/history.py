"""The public history of a game as typed events, and the one place that replays them.

A game's public history is a sequence of :data:`Event` values: :class:`MovePlayed` (a
seat's move, with the cards it made public), :class:`Resigned` and :class:`DrawAgreed`.
Each has a text form, the move line of a record (notation.md "Game record"):
``p0: points 7H``, ``p1: resign`` and ``draw agreed``; :func:`parse_event` reads one
back. :func:`apply_event` is the only code that turns an event into a change of a
:class:`~cuttle.engine.game.Game`: records, tables, servers and bots all replay through
it.

>>> from cuttle import new_game
>>> game = new_game("classic", seed=4)
>>> apply_event(game, parse_event("p0: draw"))
>>> [e.line() for e in events_of(game)]
['p0: draw']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import N_
from .cards import CARD_NAMES
from .errors import GameOverError, IllegalMoveError, InvalidMoveError
from .game import Game
from .moves import AGREE_DRAW, RESIGN, Move, move_text, parse_move
from .reasons import say

AGREED_DRAW_LINE = "draw agreed"
"""The move line of a draw agreed by the players."""

_LINE = re.compile(r"^p(\d+)\s*:\s*(.*)$", re.IGNORECASE)
_CARD_NAMES = frozenset(CARD_NAMES)


@dataclass(frozen=True)
class MovePlayed:
    """``seat`` played ``move`` (canonical move text); ``shown`` lists the cards the
    move made public that its text does not name (a seven's revealed cards, a random
    four's discards, a hand laid open by glasses), in card order."""

    seat: int
    move: str
    shown: tuple[str, ...] = ()

    def line(self) -> str:
        """The record's move line, e.g. ``"p0: points 7H"``."""
        return f"p{self.seat}: {self.move}"


@dataclass(frozen=True)
class Resigned:
    """``seat`` resigned; its opponents win."""

    seat: int

    def line(self) -> str:
        """The record's move line, e.g. ``"p1: resign"``."""
        return f"p{self.seat}: resign"


@dataclass(frozen=True)
class DrawAgreed:
    """The players agreed a draw."""

    def line(self) -> str:
        """The record's move line, ``"draw agreed"``."""
        return AGREED_DRAW_LINE


Event = MovePlayed | Resigned | DrawAgreed
"""One entry of a game's public history."""


def parse_event(line: str) -> Event:
    """Read one move line (``p0: points 7H``, ``p1: resign`` or ``draw agreed``).

    The move text is checked for form (not for legality) and kept as written, stripped.
    Raises :class:`~cuttle.engine.errors.InvalidMoveError` saying what is wrong.
    """
    text = line.strip()
    if text.lower() == AGREED_DRAW_LINE:
        return DrawAgreed()
    m = _LINE.match(text)
    if m is None:
        raise InvalidMoveError(
            f"expected a move line like 'p0: draw' or 'draw agreed', not {line!r}"
        )
    seat, body = int(m.group(1)), m.group(2).strip()
    if parse_move(body).verb == RESIGN:
        return Resigned(seat)
    return MovePlayed(seat, body)


def _check_seat(game: Game, seat: int) -> None:
    if not 0 <= seat < game.n:
        raise IllegalMoveError(
            say(N_("there is no seat {seat} in a {n}-seat game"), seat=f"p{seat}", n=game.n)
        )


def apply_event(game: Game, event: Event) -> None:
    """Apply ``event`` to ``game``: play the move, resign the seat or agree the draw.

    A move must come from the seat to act (a resignation may come from any seat).
    Raises :class:`~cuttle.engine.errors.GameOverError` when the game is over,
    :class:`~cuttle.engine.errors.IllegalMoveError` with the reason for a seat that does
    not exist or is not to act, or an illegal move, and
    :class:`~cuttle.engine.errors.InvalidMoveError` for unreadable move text; in every
    case ``game`` is left as it was.
    """
    if game.is_over:
        raise GameOverError(
            say(N_("the game is already over; {line} cannot follow"), line=repr(event.line()))
        )
    if isinstance(event, DrawAgreed):
        game.agree_draw()
    elif isinstance(event, Resigned):
        _check_seat(game, event.seat)
        game.resign(event.seat)
    else:
        _check_seat(game, event.seat)
        if event.seat != game.to_act:
            raise IllegalMoveError(
                say(
                    N_("{seat} is to act here, but the move is for {mover}"),
                    seat=f"p{game.to_act}",
                    mover=f"p{event.seat}",
                )
            )
        game.play(event.move)


def event_of(seat: int, move: Move) -> Event:
    """The event of one entry of :attr:`Game.history <cuttle.engine.game.Game.history>`
    (without ``shown``)."""
    if move.verb == AGREE_DRAW:
        return DrawAgreed()
    if move.verb == RESIGN:
        return Resigned(seat)
    return MovePlayed(seat, move_text(move))


def events_of(game: Game) -> tuple[Event, ...]:
    """The public history of ``game`` as events (``shown`` left empty: computing it needs
    a replay, see :func:`replay_events`)."""
    return tuple(event_of(seat, move) for seat, move in game.history)


def public_cards(game: Game) -> frozenset[str]:
    """Every card a spectator can see in ``game`` right now."""
    return cards_in(game.view(None))


def cards_in(position: dict[str, Any]) -> frozenset[str]:
    """The card names written in a position's hands, fields, scrap, deck, pending card and
    revealed cards (``"??"`` and other words left out)."""
    found: set[str] = set()

    def collect(x: Any) -> None:
        if isinstance(x, str):
            if x in _CARD_NAMES:
                found.add(x)
        elif isinstance(x, dict):
            for key, value in x.items():
                if key not in ("owner", "to", "by", "kind", "victim"):
                    collect(value)
        elif isinstance(x, list):
            for value in x:
                collect(value)

    for key in ("hands", "fields", "scrap", "deck", "pending", "revealed"):
        collect(position.get(key))
    return frozenset(found)


def move_cards(move: str) -> frozenset[str]:
    """The card names a move's text names."""
    _verb, c, target, _seat, cs = parse_move(move)
    return frozenset(CARD_NAMES[x] for x in (c, target, *cs) if x >= 0)


def shown_by(before: frozenset[str], after: frozenset[str], event: Event) -> tuple[str, ...]:
    """The cards public in ``after`` but not in ``before`` that ``event``'s text does not
    name, in card order."""
    named = move_cards(event.move) if isinstance(event, MovePlayed) else frozenset()
    new = after - before - named
    return tuple(name for name in CARD_NAMES if name in new)


def replay_events(start: Game, events: Iterable[Event]) -> tuple[Event, ...]:
    """Replay ``events`` on a copy of ``start`` and return them with ``shown`` filled in
    (moves in their canonical text). Raises as :func:`apply_event` does."""
    g = start.copy()
    seen = public_cards(g)
    out: list[Event] = []
    for event in events:
        apply_event(g, event)
        after = public_cards(g)
        done = event_of(*g.history[-1])
        if isinstance(done, MovePlayed):
            done = MovePlayed(done.seat, done.move, shown_by(seen, after, done))
        out.append(done)
        seen = after
    return tuple(out)


def history_lines(events: Sequence[Event]) -> list[str]:
    """The move lines of ``events``."""
    return [e.line() for e in events]
