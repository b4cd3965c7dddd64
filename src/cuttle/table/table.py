"""The live table: one game, its seats, its public history, views, draw offers, record.

A :class:`Table` holds the :class:`~cuttle.engine.rules.RuleSet` object itself (never
only its name), the :class:`Seat` list, the engine game and the public history as typed
events (:mod:`cuttle.engine.history`). Every change goes through :meth:`Table.play`,
:meth:`Table.resign` or the draw offers, which refuse a bad request with a precise
error and leave the table as it was. Each seat gets its own :meth:`Table.view`; a
*practice* table (seed 004's practice round) shows every hand to everyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import CARD_NAMES
from ..engine.errors import GameOverError, IllegalMoveError
from ..engine.game import Game, Outcome, new_game
from ..engine.history import (
    DrawAgreed,
    Event,
    MovePlayed,
    Resigned,
    apply_event,
    event_of,
    events_of,
    parse_event,
    replay_events,
    shown_by,
)
from ..engine.moves import Move
from ..engine.observer import Observer, SeatView, View
from ..engine.position import from_json
from ..engine.records import parse_record, read_record, write_record
from ..engine.rules import RuleSet
from ..engine.words import describe

PRACTICE_HEADER = "Practice"
"""The record header that marks a practice game (every hand face up)."""

_NAMES = frozenset(CARD_NAMES)
_INDEX = {name: c for c, name in enumerate(CARD_NAMES)}
_SEEN_SKIP = frozenset(("rules", "variants", "phase", "termination"))
_PUBLIC_KEYS = ("hands", "fields", "scrap", "deck", "pending", "revealed")
_PUBLIC_SKIP = frozenset(("owner", "to", "by", "kind", "victim"))
_LEAVES = frozenset((int, float, bool, type(None)))


def _names_in_list(items: list[Any], skip: frozenset[str], out: set[str]) -> None:
    """Add to ``out`` the card names among the strings of the JSON list ``items`` and,
    recursively, of the lists and objects in it (never under an object key in ``skip``).
    A list of strings (a hand, the deck, the scrap) is matched in one set operation."""
    if not items:
        return
    if type(items[0]) is str:
        try:
            out |= _NAMES.intersection(items)
            return
        except TypeError:  # a list or object among the strings: walk it
            pass
    for x in items:
        kind = type(x)
        if kind is str:
            if x in _NAMES:
                out.add(x)
        elif kind is list:
            _names_in_list(x, skip, out)
        elif kind is dict:
            _names_in_dict(x, skip, out)
        elif kind not in _LEAVES:
            _names_in_other(x, skip, out)


def _names_in_dict(obj: Mapping[str, Any], skip: frozenset[str], out: set[str]) -> None:
    """:func:`_names_in_list` for a JSON object's values (keys in ``skip`` left out)."""
    for key, x in obj.items():
        kind = type(x)
        if kind is str:
            if x in _NAMES and key not in skip:
                out.add(x)
        elif kind is list:
            if x and key not in skip:
                _names_in_list(x, skip, out)
        elif kind is dict:
            if key not in skip:
                _names_in_dict(x, skip, out)
        elif kind not in _LEAVES and key not in skip:
            _names_in_other(x, skip, out)


def _names_in_other(x: Any, skip: frozenset[str], out: set[str]) -> None:
    """The walk of a value of any other type (a ``str``, ``list`` or ``dict`` subclass)."""
    if isinstance(x, str):
        if x in _NAMES:
            out.add(x)
    elif isinstance(x, list):
        _names_in_list(x, skip, out)
    elif isinstance(x, dict):
        _names_in_dict(x, skip, out)


def _seen_in(view: View) -> frozenset[int]:
    """The cards named in ``view``: :func:`cuttle.engine.words.seen_cards`, found with
    set operations (a table finds them for every seat after every event)."""
    out: set[str] = set()
    _names_in_dict(view, _SEEN_SKIP, out)
    return frozenset(map(_INDEX.__getitem__, out))


def _public_in(position: View) -> frozenset[str]:
    """The card names in a position's hands, fields, scrap, deck, pending card and
    revealed cards: :func:`cuttle.engine.history.cards_in`, found with set operations."""
    out: set[str] = set()
    for key in _PUBLIC_KEYS:
        _names_in_other(position.get(key), _PUBLIC_SKIP, out)
    return frozenset(out)


@dataclass(frozen=True)
class Seat:
    """One place at the table: the player's ``name`` and, for a bot, its spec (``bot``,
    e.g. ``"medium"`` or ``"ismcts:0.5s"``; ``None`` for a person)."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.bot is not None


def default_seats(n: int) -> tuple[Seat, ...]:
    """``n`` seats named ``p0``, ``p1``, … with people at every one."""
    return tuple(Seat(f"p{s}") for s in range(n))


class Table:
    """A game at a table: rules, seats, the public history and every seat's view."""

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[Seat] | None = None,
        *,
        seed: int | str | None = None,
        deck: Sequence[str] | Sequence[int] | None = None,
        practice: bool = False,
    ) -> None:
        """Deal a new game by ``rules`` (shuffled with ``seed``, or ``deck`` top first).

        ``seats`` has one :class:`Seat` per player (default: people named ``p0``, …);
        ``practice`` lays every hand face up for every seat.
        """
        self._setup(new_game(rules, seed=seed, deck=deck), seats, practice)

    def _setup(self, game: Game, seats: Sequence[Seat] | None, practice: bool) -> None:
        chosen = tuple(seats) if seats is not None else default_seats(game.n)
        if len(chosen) != game.n:
            raise ValueError(f"{game.rules.name} here has {game.n} seats; {len(chosen)} given")
        for s in chosen:
            if not isinstance(s, Seat):
                raise TypeError(f"a seat must be a Seat, not {type(s).__name__}")
        self._game = game
        self._seats = chosen
        self._practice = practice
        self._history: tuple[Event, ...] = ()
        self._offers: frozenset[int] = frozenset()
        self._last_before: Game | None = None
        self._views: dict[int | None, View] = {}
        self._before_views: dict[int | None, View] = {}
        self._seen: dict[int | None, frozenset[int]] = {}
        self._before_seen: dict[int | None, frozenset[int]] = {}
        self._observers: dict[int | None, Observer] = {}
        self._public = _public_in(self._shared_view(None))

    # ------------------------------------------------------------------ building

    @classmethod
    def from_events(
        cls,
        rules: RuleSet,
        deck_or_start: Sequence[str] | Sequence[int] | Mapping[str, Any] | Game,
        events: Iterable[Event | str],
        seats: Sequence[Seat] | None = None,
        practice: bool = False,
    ) -> Table:
        """Rebuild a table from its start and its history (how a server reloads a game).

        ``deck_or_start`` is the dealt deck (top first), a starting position's JSON or a
        starting :class:`Game`; ``events`` are events or record move lines. Raises as
        :func:`~cuttle.engine.history.apply_event` does at the first bad event.
        """
        if isinstance(deck_or_start, Game):
            start = deck_or_start.copy()
        elif isinstance(deck_or_start, Mapping):
            start = from_json(deck_or_start, rules)
        else:
            start = new_game(rules, deck=deck_or_start)
        table = cls.__new__(cls)
        table._setup(start, seats, practice)
        for event in events:
            table.apply(event)
        return table

    @classmethod
    def from_record(
        cls, text: str, rules: RuleSet | None = None, seats: Sequence[Seat] | None = None
    ) -> Table:
        """Rebuild the table of a record (checked line by line, see
        :func:`~cuttle.engine.records.read_record`; ``rules`` for a house-rules record).

        The seats are named from the ``Players`` header unless ``seats`` is given; a
        ``Practice`` header restores a practice table.
        """
        game = read_record(text, rules)
        headers, _ = parse_record(text)
        if seats is None:
            names = headers.get("Players", "").split()
            seats = [Seat(name) for name in names] if len(names) == game.n else None
        start: Mapping[str, Any] | Sequence[int]
        if game.start_deck is not None:
            start = game.start_deck
        else:
            assert game.start_position is not None
            start = game.start_position
        practice = headers.get(PRACTICE_HEADER, "").lower() in ("yes", "true", "1")
        return cls.from_events(game.rules, start, events_of(game), seats, practice)

    def copy(self) -> Table:
        """An independent copy (the game copied, the rest immutable)."""
        other = Table.__new__(Table)
        other._game = self._game.copy()
        other._seats = self._seats
        other._practice = self._practice
        other._history = self._history
        other._offers = self._offers
        other._public = self._public
        other._last_before = self._last_before
        other._views = dict(self._views)
        other._before_views = dict(self._before_views)
        other._seen = dict(self._seen)
        other._before_seen = dict(self._before_seen)
        other._observers = self._observers
        return other

    # ------------------------------------------------------------------ reading

    @property
    def rules(self) -> RuleSet:
        """The rule set object the game is played by."""
        return self._game.rules

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats, in seat order."""
        return self._seats

    @property
    def n(self) -> int:
        """The number of seats."""
        return self._game.n

    @property
    def practice(self) -> bool:
        """Whether every hand is face up for every seat."""
        return self._practice

    @property
    def history(self) -> tuple[Event, ...]:
        """The public history, one event a move, resignation or agreed draw."""
        return self._history

    @property
    def to_act(self) -> int:
        """The seat whose decision it is."""
        return self._game.to_act

    @property
    def turn(self) -> int:
        """The seat whose turn it is (``to_act`` differs while others answer)."""
        return self._game.turn

    @property
    def phase(self) -> str:
        """The phase of the turn (notation.md), ``over`` when the game has ended."""
        return self._game.phase

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._game.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it is on."""
        return self._game.outcome

    @property
    def moves_played(self) -> int:
        """Events so far (moves, a resignation, an agreed draw)."""
        return self._game.moves_played

    @property
    def game(self) -> Game:
        """The engine game, for front ends that draw it (read it, never change it)."""
        return self._game

    @property
    def draw_offers(self) -> frozenset[int]:
        """The seats offering a draw right now."""
        return self._offers

    def legal(self, seat: int) -> list[str]:
        """``seat``'s legal moves (empty when the decision is not that seat's)."""
        if self._game.is_over or seat != self._game.to_act:
            return []
        return self._game.legal_moves()

    def observer(self, seat: int | None) -> Observer:
        """The engine's observer of this table for ``seat`` (``None``: a spectator): what
        that seat may see, as JSON, text or a tensor; every hand face up on a practice
        table. Made once per seat."""
        found = self._observers.get(seat)
        if found is None:
            found = self._observers[seat] = Observer(
                self._game.rules, seat, open_hands=self._practice
            )
        return found

    def position(self, seat: int | None) -> View:
        """The position as ``seat`` sees it (``None``: a spectator): its observer's JSON
        form; on a practice table every hand is face up."""
        return self.observer(seat).json(self._game)

    def shared_position(self, seat: int | None) -> View:
        """:meth:`position`, computed once per seat and position and shared by every
        caller: read it, never change it (a server sends it to many sockets)."""
        if self._game.is_over:  # a server may still mark how it ended (the termination)
            return self.position(seat)
        return self.observer(seat).json(self._game, self._shared_view(seat))

    def _shared_view(self, seat: int | None, before: bool = False) -> View:
        """The engine's view for ``seat`` of the game now (or, with ``before``, just before
        the newest event), kept until the next event."""
        memo = self._before_views if before else self._views
        if seat in memo:
            return memo[seat]
        game = self._last_before if before else self._game
        assert game is not None
        seen = memo[seat] = game.view(seat)
        return seen

    def _seen_cards(self, seat: int | None, before: bool = False) -> frozenset[int]:
        """The cards named in :meth:`_shared_view` ``(seat, before)``, kept alike."""
        memo = self._before_seen if before else self._seen
        if seat in memo:
            return memo[seat]
        found = memo[seat] = _seen_in(self._shared_view(seat, before))
        return found

    def view(self, seat: int | None) -> SeatView:
        """Everything ``seat`` may know (``None``: a spectator), as a bot receives it."""
        if seat is not None:
            self._check_seat(seat)
        legal = self.legal(seat) if seat is not None else ()
        return self.observer(seat).seat_view(self._game, legal, self._history)

    def sentence(
        self,
        index: int,
        viewer: int | None = None,
        names: Sequence[str] | None = None,
        lang: str | None = None,
    ) -> str:
        """Event ``index`` told in words as ``viewer`` (``None``: a spectator) may read it,
        with the seats' names (:func:`cuttle.engine.words.describe`): "Alice plays the
        Eight of Hearts for points". It never names a card the viewer may not see.

        The newest event is told from the positions kept around it; an older one is
        found by replaying the game from its start (use :meth:`sentences` for a whole
        log). ``names`` overrides the seats' names (a server whose seats fill up after
        the table was built). ``lang`` is the reader's language (``None``: the current
        one). Raises ``IndexError`` for an index outside the history.
        """
        count = len(self._history)
        if not -count <= index < count:
            raise IndexError(f"there is no event {index} in a history of {count}")
        index %= count
        if viewer is not None:
            self._check_seat(viewer)
        if index == count - 1 and self._last_before is not None:
            seen = (self._seen_cards(viewer, before=True), self._seen_cards(viewer))
            return self._tell(self._last_before, self._game, index, viewer, names, seen, lang)
        return self.sentences(viewer, names, lang)[index]

    def sentences(
        self,
        viewer: int | None = None,
        names: Sequence[str] | None = None,
        lang: str | None = None,
    ) -> list[str]:
        """Every event of the history in words as ``viewer`` may read it (one replay);
        ``names`` and ``lang`` as for :meth:`sentence`."""
        if viewer is not None:
            self._check_seat(viewer)
        if not self._history:  # a new table's first states: nothing to replay
            return []
        current = self._start()
        told: list[str] = []
        for index, event in enumerate(self._history):
            before = current.copy()
            apply_event(current, event)
            told.append(self._tell(before, current, index, viewer, names, lang=lang))
        return told

    def _tell(
        self,
        before: Game,
        after: Game,
        index: int,
        viewer: int | None,
        given: Sequence[str] | None = None,
        seen: tuple[frozenset[int], frozenset[int]] | None = None,
        lang: str | None = None,
    ) -> str:
        event = self._history[index]
        names = list(given) if given is not None else [seat.name for seat in self._seats]
        if isinstance(event, DrawAgreed):
            return describe(before, after, 0, event.line(), viewer, names, seen, lang)
        if isinstance(event, Resigned):
            return describe(before, after, event.seat, "resign", viewer, names, seen, lang)
        # The move as the engine played it (its text parsed once, not again per reader).
        played: Move | str = after.history[-1][1] if after.history else event.move
        return describe(before, after, event.seat, played, viewer, names, seen, lang)

    def _start(self) -> Game:
        """A fresh copy of the game as it was dealt (or as its starting position)."""
        g = self._game
        if g.start_deck is not None:
            return new_game(g.rules, deck=g.start_deck)
        assert g.start_position is not None
        return from_json(g.start_position, g.rules)

    def record(self, headers: Mapping[str, str] | None = None) -> str:
        """The game's record (:func:`~cuttle.engine.records.write_record`), the seat
        names in ``Players`` (spaces become ``_``) unless ``headers`` sets it."""
        extra: dict[str, str] = {
            "Players": " ".join(
                s.name.replace(" ", "_") or f"p{i}" for i, s in enumerate(self._seats)
            )
        }
        if self._practice:
            extra[PRACTICE_HEADER] = "yes"
        extra.update(headers or {})
        return write_record(self._game, extra)

    # ------------------------------------------------------------------ acting

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalMoveError(f"there is no seat {seat!r} at this {self.n}-seat table")

    def _check_on(self) -> None:
        if self._game.is_over:
            raise GameOverError("the game is over")

    def _apply(self, event: Event) -> Event:
        """Apply ``event`` to the game and the history; return it as recorded."""
        before = self._game.copy()
        apply_event(self._game, event)
        self._last_before = before
        self._before_views, self._views = self._views, {}
        self._before_seen, self._seen = self._seen, {}
        after = _public_in(self._shared_view(None))
        done = event_of(*self._game.history[-1])
        if isinstance(done, MovePlayed):
            done = MovePlayed(done.seat, done.move, shown_by(self._public, after, done))
        self._public = after
        self._history = (*self._history, done)
        self._offers = frozenset()
        return done

    def apply(self, event: Event | str) -> Event:
        """Replay one event of a recorded history (an event or its move line) and
        return it as recorded (canonical move text, ``shown`` filled in). Refuses as
        :func:`~cuttle.engine.history.apply_event` does, leaving the table unchanged."""
        return self._apply(parse_event(event) if isinstance(event, str) else event)

    def play(self, seat: int, move: str) -> MovePlayed:
        """Play ``move`` (notation text) for ``seat`` and return its event.

        Refuses with :class:`~cuttle.engine.errors.IllegalMoveError` (the reason
        included; :class:`~cuttle.engine.errors.GameOverError` after the end) a seat
        that is not to act, an illegal move or a finished game, and with
        :class:`~cuttle.engine.errors.InvalidMoveError` unreadable text; the table is
        then unchanged. Pending draw offers lapse.
        """
        self._check_on()
        self._check_seat(seat)
        if seat != self.to_act:
            raise IllegalMoveError(f"p{seat} cannot move now: p{self.to_act} is to act")
        event = self._apply(MovePlayed(seat, move))
        assert isinstance(event, MovePlayed)
        return event

    def resign(self, seat: int) -> Resigned:
        """Let ``seat`` resign (at any moment); its opponents win."""
        self._check_on()
        self._check_seat(seat)
        event = self._apply(Resigned(seat))
        assert isinstance(event, Resigned)
        return event

    def offer_draw(self, seat: int) -> DrawAgreed | None:
        """Record ``seat``'s draw offer; once every seat has offered, the draw is agreed
        and its event returned (else ``None``)."""
        self._check_on()
        self._check_seat(seat)
        offers = self._offers | {seat}
        if len(offers) < self.n:
            self._offers = offers
            return None
        event = self._apply(DrawAgreed())
        assert isinstance(event, DrawAgreed)
        return event

    def decline_draw(self, seat: int) -> None:
        """``seat`` declines the draw offered (or withdraws its own): every offer lapses.

        Raises :class:`~cuttle.engine.errors.IllegalMoveError` when no draw is offered.
        """
        self._check_on()
        self._check_seat(seat)
        if not self._offers:
            raise IllegalMoveError("no draw is offered")
        self._offers = frozenset()

    def __repr__(self) -> str:
        names = " ".join(s.name for s in self._seats)
        return f"<Table {self.rules.name} [{names}] moves={self.moves_played} phase={self.phase}>"


def replay_table(table: Table) -> tuple[Event, ...]:
    """The table's history recomputed from its start (a consistency check: equal to
    ``table.history``)."""
    return replay_events(table._start(), table.history)
