"""What one seat may know, in one place: the :class:`Observer` and the :class:`SeatView`.

An :class:`Observer` is made once per rule set and seat (``None``: a spectator), in the
manner of OpenSpiel's observers. It is the one place that says what that seat sees of a
game, and gives it in three forms:

* :meth:`Observer.json`: the seat's view as the JSON object of notation.md, hidden cards
  ``"??"`` (``game.view(seat)``; every hand face up at an open-handed, practice table).
  This is what a table hands a bot in a :class:`SeatView` and a server sends a socket;
* :meth:`Observer.string`: the same view for people, one line per seat, cards in short
  form (``"7♦"``) so that :func:`~cuttle.engine.narration.card_mentions` reads them back;
* :meth:`Observer.tensor`: the observation vector of the research interfaces, written by
  a :class:`TensorLayout` (the bots' :class:`~cuttle.bots.encoding.SeatEncoder`) from
  :meth:`Observer.position`, the seat's position in card indexes
  (:func:`~cuttle.engine.seatview.seat_position`).

The privacy rules are the engine's (:meth:`~cuttle.engine.core.Core.can_see_hand`,
cards others were shown, the known top of the deck); the forms never decide them again,
and ``tests/test_observer.py`` checks that the three agree on what is hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .cards import CARD_NAMES
from .core import Core
from .game import Game
from .history import Event, events_of
from .narration import short_name
from .rules import RuleSet
from .seatview import SeatPosition, seat_position

View = dict[str, Any]
"""A seat's view of a position: the JSON object of notation.md with ``"??"`` for hidden
cards and ``"seat"`` naming the viewer."""


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know when it decides.

    ``seat`` is the viewer (``None``: a spectator), ``rules`` the rule set object the
    game is played by, ``position`` the seat's view (``game.view(seat)``), ``legal`` the
    seat's legal move texts (empty when it has no decision) and ``history`` the public
    history.
    """

    seat: int | None
    rules: RuleSet
    position: View
    legal: tuple[str, ...] = ()
    history: tuple[Event, ...] = ()

    @classmethod
    def of(cls, game: Game, seat: int | None, history: tuple[Event, ...] | None = None) -> SeatView:
        """``seat``'s view of ``game`` (history: the game's own, without shown cards)."""
        legal = tuple(game.legal_moves()) if seat is not None and seat == game.to_act else ()
        return cls(
            seat,
            game.rules,
            game.view(seat),
            legal,
            events_of(game) if history is None else history,
        )

    @property
    def acting(self) -> int:
        """The seat this view decides for: the viewer, or the seat to act for a
        spectator's view."""
        return self.seat if self.seat is not None else int(self.position["to_act"])

    def history_lines(self) -> list[str]:
        """The public history as record move lines (``"p0: draw"``)."""
        return [e.line() for e in self.history]


class TensorLayout(Protocol):
    """How an observation vector is laid out: it writes one from a seat's position."""

    def encode(self, pos: SeatPosition, chosen: Sequence[int] = (), out: Any = None) -> Any:
        """The vector of ``pos`` (``chosen``: the cards of a discard picked so far),
        written into ``out`` when given."""
        ...


class Observer:
    """What ``seat`` (``None``: a spectator) sees of the games of ``rules``, in three
    forms (see the module's text).

    ``open_hands`` lays every hand face up for this seat (a practice table); ``layout``
    writes :meth:`tensor` (without one, an observer has no tensor form).
    """

    __slots__ = ("_layout", "_open", "_rules", "_seat")

    def __init__(
        self,
        rules: RuleSet,
        seat: int | None,
        *,
        open_hands: bool = False,
        layout: TensorLayout | None = None,
    ) -> None:
        """Observe games of ``rules`` from ``seat``; raise ``ValueError`` for a seat the
        rule set does not have."""
        if seat is not None and (isinstance(seat, bool) or not 0 <= seat < rules.players):
            raise ValueError(f"{rules.name} has seats 0 to {rules.players - 1}, not {seat!r}")
        self._rules = rules
        self._seat = seat
        self._open = open_hands
        self._layout = layout

    @property
    def rules(self) -> RuleSet:
        """The rule set whose games this observer reads."""
        return self._rules

    @property
    def seat(self) -> int | None:
        """The viewer (``None``: a spectator)."""
        return self._seat

    @property
    def open_hands(self) -> bool:
        """Whether every hand lies face up for this seat."""
        return self._open

    def _check(self, game: Core) -> None:
        if game.rules is not self._rules and game.rules != self._rules:
            raise ValueError(
                f"this observer reads games of {self._rules.name}, not of {game.rules.name}"
            )

    # ------------------------------------------------------------------ the forms

    def position(self, game: Core) -> SeatPosition:
        """The seat's position in card indexes (what :meth:`tensor` is written from).
        A spectator has none: raises ``ValueError``."""
        if self._seat is None:
            raise ValueError("a spectator's observer has no seat position")
        self._check(game)
        return seat_position(game, self._seat, self._open)

    def json(self, game: Game, seen: View | None = None) -> View:
        """The JSON form: ``game.view(seat)``, every hand face up when the hands are open.

        ``seen`` is that engine view computed already (a table shares one per position);
        it is never changed: with open hands a new dict is returned.
        """
        self._check(game)
        view = game.view(self._seat) if seen is None else seen
        if self._open:
            view = {**view, "hands": game.to_json()["hands"]}
        return view

    def string(self, game: Game) -> str:
        """The string form: :meth:`json` for people (see :func:`view_text`)."""
        return view_text(self.json(game), self._seat)

    def tensor(self, game: Core, chosen: Sequence[int] = (), out: Any = None) -> Any:
        """The tensor form: the layout's vector of :meth:`position` (``chosen``: the
        cards of a discard picked so far). Raises ``ValueError`` without a layout."""
        if self._layout is None:
            raise ValueError("this observer has no tensor layout")
        return self._layout.encode(self.position(game), chosen, out)

    def seat_view(
        self, game: Game, legal: Sequence[str] = (), history: tuple[Event, ...] = ()
    ) -> SeatView:
        """A bot's :class:`SeatView`: the JSON form with ``legal`` and ``history``."""
        return SeatView(self._seat, self._rules, self.json(game), tuple(legal), history)

    def __repr__(self) -> str:
        who = "spectator" if self._seat is None else f"p{self._seat}"
        return f"<Observer {self._rules.name} {who}{' open' if self._open else ''}>"


# ---------------------------------------------------------------------- the string form

_INDEX = {name: c for c, name in enumerate(CARD_NAMES)}


def _card(name: str) -> str:
    """``"7D"`` -> ``"7♦"``; ``"??"`` stays."""
    c = _INDEX.get(name)
    return name if c is None else short_name(c)


def _cards(names: Sequence[str]) -> str:
    return " ".join(_card(x) for x in names) if names else "-"


def _stack(entry: Any, v: int, cover_key: str) -> str:
    """``"7♦"``, or ``"7♦ of p1 under J♣ to p0"`` for a stack with covers or stolen."""
    if isinstance(entry, str):
        return _card(entry)
    text = _card(entry["card"])
    if entry["owner"] != v:
        text += f" of p{entry['owner']}"
    for cover in entry[cover_key]:
        by = f" by p{cover['by']}" if "by" in cover else ""
        text += f" under {_card(cover['card'])} to p{cover['to']}{by}"
    return text


def _pending_text(p: dict[str, Any]) -> str:
    text = f"pending {p.get('kind', 'oneoff')} {_card(p['card'])} by p{p['by']}"
    if p["target"] is not None:
        text += f" at {_card(p['target'])}"
    if "victim" in p:
        text += f" against p{p['victim']}"
    if p["counters"]:
        text += f", countered by {_cards(p['counters'])}"
    if "counter_seats" in p:
        text += f" (seats {' '.join(f'p{s}' for s in p['counter_seats'])})"
    if "seven" in p:
        text += f", revealed by {_card(p['seven'])}"
    return text


def view_text(view: View, seat: int | None) -> str:
    """A view (the JSON form) for people: a header, one line per seat, then the deck,
    the scrap and what is pending. Hidden cards are ``??``.

    >>> from cuttle.engine.game import new_game
    >>> print(view_text(new_game("classic", seed=1).view(1), 1).splitlines()[0])
    classic, seen by p1: turn p0, phase main, p0 to act
    """
    variants = "".join(f" +{v}" for v in view["variants"])
    who = "a spectator" if seat is None else f"p{seat}"
    lines = [
        f"{view['rules']}{variants}, seen by {who}: turn p{view['turn']}, "
        f"phase {view['phase']}, p{view['to_act']} to act"
    ]
    for v, (hand, fld) in enumerate(zip(view["hands"], view["fields"], strict=True)):
        you = " (you)" if v == seat else ""
        points = ", ".join(_stack(e, v, "jacks") for e in fld["points"]) or "-"
        faces = ", ".join(_stack(e, v, "jokers") for e in fld["faces"]) or "-"
        lines.append(
            f"p{v}{you}: hand {_cards(hand)}; points {points}; royals {faces}; "
            f"glasses {_cards(fld['glasses'])}"
        )
    deck = view["deck"]
    known = [x for x in deck if x != "??"]
    top = f", top first {_cards(known)}" if known else ""
    lines.append(f"deck {len(deck)} cards{top}; scrap {_cards(view['scrap'])}")
    extra: list[str] = []
    if view["pending"] is not None:
        extra.append(_pending_text(view["pending"]))
    if view["revealed"]:
        extra.append(f"revealed {_cards(view['revealed'])}")
    if view["frozen"]:
        extra.append(f"frozen {_cards(view['frozen'])}")
    if view.get("removed"):
        extra.append(f"removed {_cards(view['removed'])}")
    if view.get("skips"):
        extra.append("skips " + " ".join(f"p{s}:{k}" for s, k in enumerate(view["skips"]) if k))
    if view["passes"]:
        extra.append(f"passes {view['passes']}")
    extra.append(f"moves {view.get('moves', 0)}")
    winner = view["winner"]
    if winner is not None:
        ended = (
            "drawn"
            if winner == "draw"
            else "won by "
            + " ".join(f"p{w}" for w in (winner if isinstance(winner, list) else [winner]))
        )
        term = f" ({view['termination']})" if view.get("termination") else ""
        extra.append(f"over: {ended}{term}")
    lines.append("; ".join(extra))
    return "\n".join(lines)


__all__ = ["Observer", "SeatView", "TensorLayout", "View", "view_text"]
