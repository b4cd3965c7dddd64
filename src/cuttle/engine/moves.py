"""Moves: small named tuples inside the engine, one line of text outside.

A :class:`Move` is ``Move(verb, card, target, seat, cards)``: ``card`` the card played,
``target`` the card it aims at, ``seat`` a named seat (a four's victim, where a jack or
joker sends its card) and ``cards`` the cards of a ``discard``; unused parts are ``-1``
or ``()``. A move is a tuple, so it equals (and hashes as) the plain 5-tuple of its
fields. :meth:`Move.parse` (:func:`parse_move`) and :meth:`Move.text` (:func:`move_text`)
convert to and from notation.md's move text.

Move generation builds many moves a second, and a named tuple is slower to build than a
plain one, so the moves of a card alone and of a card aimed at another card are made
once here (:data:`CARD_MOVES`, :data:`AIMED_MOVES`) and shared.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Final, NamedTuple

from ..i18n import N_
from .cards import CARD_NAMES, card
from .errors import InvalidCardError, InvalidMoveError
from .reasons import say

# The verbs' codes, each Final (a compiled constant, not a look-up in the module's globals).
DRAW: Final = 0
PASS: Final = 1
POINTS: Final = 2
SCUTTLE: Final = 3
ROYAL: Final = 4
GLASSES: Final = 5
JACK: Final = 6
ONEOFF: Final = 7
COUNTER: Final = 8
RESOLVE: Final = 9
TAKE: Final = 10
DISCARD: Final = 11
SCRAP: Final = 12
RESIGN: Final = 13
AGREE_DRAW: Final = 14
"""Pseudo-verb of a history entry for an agreed draw (written ``draw agreed``)."""

VERBS: Final = (
    "draw", "pass", "points", "scuttle", "royal", "glasses", "jack", "oneoff",
    "counter", "resolve", "take", "discard", "scrap", "resign",
)  # fmt: skip
VERB_CODES: Final = {name: i for i, name in enumerate(VERBS)}

_NO_CARDS: Final[tuple[int, ...]] = ()
_SEAT: Final = re.compile(r"^p(\d)$")

# verb -> (cards required after the verb, cards allowed, seat allowed)
_SHAPES: Final[dict[int, tuple[int, int, bool]]] = {
    DRAW: (0, 0, False),
    PASS: (0, 0, False),
    RESOLVE: (0, 0, False),
    RESIGN: (0, 0, False),
    POINTS: (1, 1, False),
    GLASSES: (1, 1, False),
    COUNTER: (1, 1, False),
    TAKE: (1, 1, False),
    SCRAP: (1, 1, False),
    SCUTTLE: (2, 2, False),
    JACK: (2, 2, True),
    ROYAL: (1, 2, True),
    ONEOFF: (1, 2, True),
    DISCARD: (1, 54, False),
}


class Move(NamedTuple):
    """One move: its ``verb`` (``POINTS``, ``SCUTTLE``, ...) and the parts it names.

    ``Move.parse("scuttle TH 9C")`` reads a move's text and ``move.text()`` writes it;
    ``repr()`` gives that call, which can be pasted back into Python.
    """

    verb: int
    card: int = -1
    target: int = -1
    seat: int = -1
    cards: tuple[int, ...] = _NO_CARDS

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read one move's text (see :func:`parse_move`; legality is not checked)."""
        return parse_move(text)

    def text(self) -> str:
        """Return the move's canonical text, as records and ``legal_moves()`` write it."""
        return move_text(self)

    def __str__(self) -> str:
        return move_text(self)

    def __repr__(self) -> str:
        try:
            text = move_text(self)
            if parse_move(text) == self:
                return f"Move.parse({text!r})"
        except (IndexError, TypeError, InvalidMoveError):
            pass  # not a well-formed move (a pseudo-move, a test's odd tuple): its fields
        return (
            f"Move(verb={self.verb}, card={self.card}, target={self.target}, "
            f"seat={self.seat}, cards={self.cards})"
        )


def make(verb: int, c: int = -1, target: int = -1, seat: int = -1) -> Move:
    """The move ``Move(verb, c, target, seat)`` (without discard cards): the shared one
    (:func:`seated`) where the parts are in range, so making a move allocates nothing."""
    if (
        0 <= verb <= AGREE_DRAW
        and -1 <= c < _LAST
        and -1 <= target < _LAST
        and -1 <= seat < MAX_SEATS
    ):
        return seated(verb, c, target)[seat]
    return Move(verb, c, target, seat, _NO_CARDS)


def discard_move(cards: tuple[int, ...], verb: int = DISCARD) -> Move:
    """``Move(verb, cards=cards)``: a discard (or a pick) of ``cards``, built without the
    named tuple's Python-level constructor (the compiled core calls it per listed move)."""
    return tuple.__new__(Move, (verb, -1, -1, -1, cards))


_CARDS: Final = range(len(CARD_NAMES))
CARD_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(Move(verb, c) for c in _CARDS) for verb in range(len(VERBS))
)
"""``CARD_MOVES[verb][c]`` is ``Move(verb, c)``: a move that names one card only."""

AIMED_MOVES: Final[dict[int, tuple[tuple[Move, ...], ...]]] = {
    verb: tuple(tuple(Move(verb, c, t) for t in _CARDS) for c in _CARDS)
    for verb in (SCUTTLE, ROYAL, JACK, ONEOFF)
}
"""``AIMED_MOVES[verb][c][t]`` is ``Move(verb, c, t)``: a card aimed at card ``t`` with
no seat named, for the verbs that aim (scuttle, royal, jack, oneoff)."""

DRAW_MOVE: Final = Move(DRAW)
PASS_MOVE: Final = Move(PASS)
RESOLVE_MOVE: Final = Move(RESOLVE)

MAX_SEATS: Final = 10
"""Seats a move may name: its text names a seat with one digit (``p0`` to ``p9``)."""
_LAST: Final = len(CARD_NAMES)

_SPAN: Final = len(CARD_NAMES) + 1  # a card field's values: -1 and every card
_SEATED: Final[list[tuple[Move, ...] | None]] = [None] * ((AGREE_DRAW + 1) * _SPAN * _SPAN)


def seated(verb: int, c: int = -1, target: int = -1) -> tuple[Move, ...]:
    """The moves ``Move(verb, c, target, seat)`` by seat: ``seated(verb, c, target)[seat]``
    for ``seat`` 0 to 9, and ``[-1]`` (the last) for the move that names no seat.

    Each row is made once and shared, so listing a move per seat costs an index per seat
    rather than a new tuple.
    """
    i = (verb * _SPAN + c + 1) * _SPAN + target + 1
    row = _SEATED[i]
    if row is None:
        if target >= 0 and c >= 0 and verb in AIMED_MOVES:
            none = AIMED_MOVES[verb][c][target]
        elif target < 0 and c >= 0 and verb < len(VERBS):
            none = CARD_MOVES[verb][c]
        else:
            none = _CONSTANT.get((verb, c, target)) or Move(verb, c, target)
        row = _SEATED[i] = (*(Move(verb, c, target, s) for s in range(MAX_SEATS)), none)
    return row


CHOICE_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(discard_move((c,), verb) for c in _CARDS) for verb in range(len(VERBS))
)
"""``CHOICE_MOVES[verb][c]`` is ``Move(verb, cards=(c,))``: a discard (or a pick) of one
card, shared."""

_PAIRS: Final[list[Move | None]] = [None] * (_LAST * _LAST)


def discards(hand: list[int], k: int) -> list[Move]:
    """Every ``discard`` of ``k`` cards of the sorted ``hand``, in the order
    ``itertools.combinations(hand, k)`` gives them. A discard of one card or of two is
    a shared move (made once), so listing them allocates only the list."""
    out: list[Move] = []
    if k == 1:
        row = CHOICE_MOVES[DISCARD]
        for c in hand:
            out.append(row[c])
        return out
    if k == 2:
        pairs = _PAIRS
        n = len(hand)
        for i in range(n):
            a = hand[i]
            base = a * _LAST
            for j in range(i + 1, n):
                b = hand[j]
                m = pairs[base + b]
                if m is None:
                    m = pairs[base + b] = discard_move((a, b))
                out.append(m)
        return out
    return [discard_move(cs) for cs in combinations(hand, k)]


_CONSTANT: Final = {(m.verb, m.card, m.target): m for m in (DRAW_MOVE, PASS_MOVE, RESOLVE_MOVE)}
_CACHED: Final = 1 << 16
"""At most this many texts are kept by :func:`parse_move` and by :func:`move_text` each."""
_PARSED: Final[dict[str, Move]] = {}
_TEXTS: Final[dict[Move, str]] = {}


def parse_move(text: str) -> Move:
    """Parse one move line (case-insensitive; ``10H`` accepted for ``TH``).

    Raises :class:`InvalidMoveError` saying what is wrong with the text. Whether
    the move is legal is not checked here.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move must be text, not {type(text).__name__}")
    move = _PARSED.get(text)
    if move is None:
        move = _parse(text)
        if len(_PARSED) < _CACHED:
            _PARSED[text] = move
    return move


def _parse(text: str) -> Move:
    words = text.strip().split()
    if not words:
        raise InvalidMoveError(say(N_("empty move")))
    verb_name = words[0].lower()
    verb = VERB_CODES.get(verb_name)
    if verb is None:
        raise InvalidMoveError(
            say(
                N_("unknown move {word}; moves start with one of: {verbs}"),
                word=repr(words[0]),
                verbs=", ".join(VERBS),
            )
        )
    seat = -1
    rest = words[1:]
    need, allow, seat_ok = _SHAPES[verb]
    if rest and seat_ok:
        m = _SEAT.match(rest[-1].lower())
        if m:
            seat = int(m.group(1))
            rest = rest[:-1]
    try:
        parsed = [card(w) for w in rest]
    except InvalidCardError as exc:
        raise InvalidMoveError(f"{text.strip()!r}: {exc}") from None
    if not need <= len(parsed) <= allow:
        if need == allow:
            message = say(
                N_("{move}: '{verb}' takes {want} card(s), got {got}"),
                move=repr(text.strip()),
                verb=verb_name,
                want=need,
                got=len(parsed),
            )
        else:
            message = say(
                N_("{move}: '{verb}' takes {low} to {high} card(s), got {got}"),
                move=repr(text.strip()),
                verb=verb_name,
                low=need,
                high=allow,
                got=len(parsed),
            )
        raise InvalidMoveError(message)
    if verb == DISCARD:
        if len(set(parsed)) != len(parsed):
            raise InvalidMoveError(
                say(N_("{move}: a card is named twice"), move=repr(text.strip()))
            )
        return Move(DISCARD, cards=tuple(sorted(parsed)))
    c = parsed[0] if parsed else -1
    target = parsed[1] if len(parsed) > 1 else -1
    return seated(verb, c, target)[seat]


def move_text(move: Move) -> str:
    """Return the canonical text of ``move``."""
    try:
        text = _TEXTS.get(move)
    except TypeError:  # not hashable: a list of the five parts
        return _text(move)
    if text is None:
        text = _text(move)
        if len(_TEXTS) < _CACHED:
            _TEXTS[move] = text
    return text


def _text(move: Move) -> str:
    verb, c, target, seat, cs = move
    if verb == AGREE_DRAW:
        return "draw agreed"
    parts = [VERBS[verb]]
    if verb == DISCARD:
        parts.extend(CARD_NAMES[x] for x in cs)
    else:
        if c >= 0:
            parts.append(CARD_NAMES[c])
        if target >= 0:
            parts.append(CARD_NAMES[target])
        if seat >= 0:
            parts.append(f"p{seat}")
    return " ".join(parts)
