"""Moves: compact tuples inside the engine, one line of text outside.

A :data:`Move` is ``(verb, card, target, seat, cards)``: ``card`` the card played,
``target`` the card it aims at, ``seat`` a named seat (a four's victim, where a jack or
joker sends its card) and ``cards`` the cards of a ``discard``; unused parts are ``-1``
or ``()``. :func:`parse_move` and :func:`move_text` convert to and from notation.md's
move text.
"""

from __future__ import annotations

import re

from .cards import CARD_NAMES, card
from .errors import InvalidCardError, InvalidMoveError

Move = tuple[int, int, int, int, tuple[int, ...]]

DRAW, PASS, POINTS, SCUTTLE, ROYAL, GLASSES, JACK, ONEOFF = range(8)
COUNTER, RESOLVE, TAKE, DISCARD, SCRAP, RESIGN = range(8, 14)
AGREE_DRAW = 14
"""Pseudo-verb of a history entry for an agreed draw (written ``draw agreed``)."""

VERBS = (
    "draw", "pass", "points", "scuttle", "royal", "glasses", "jack", "oneoff",
    "counter", "resolve", "take", "discard", "scrap", "resign",
)  # fmt: skip
VERB_CODES = {name: i for i, name in enumerate(VERBS)}

_NO_CARDS: tuple[int, ...] = ()
_SEAT = re.compile(r"^p(\d)$")

# verb -> (cards required after the verb, cards allowed, seat allowed)
_SHAPES: dict[int, tuple[int, int, bool]] = {
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


def make(verb: int, c: int = -1, target: int = -1, seat: int = -1) -> Move:
    """Build a move tuple (without discard cards)."""
    return (verb, c, target, seat, _NO_CARDS)


def parse_move(text: str) -> Move:
    """Parse one move line (case-insensitive; ``10H`` accepted for ``TH``).

    Raises :class:`InvalidMoveError` saying what is wrong with the text. Whether
    the move is legal is not checked here.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move must be text, not {type(text).__name__}")
    words = text.strip().split()
    if not words:
        raise InvalidMoveError("empty move")
    verb_name = words[0].lower()
    verb = VERB_CODES.get(verb_name)
    if verb is None:
        raise InvalidMoveError(
            f"unknown move {words[0]!r}; moves start with one of: {', '.join(VERBS)}"
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
        want = str(need) if need == allow else f"{need} to {allow}"
        raise InvalidMoveError(
            f"{text.strip()!r}: '{verb_name}' takes {want} card(s), got {len(parsed)}"
        )
    if verb == DISCARD:
        if len(set(parsed)) != len(parsed):
            raise InvalidMoveError(f"{text.strip()!r}: a card is named twice")
        return (DISCARD, -1, -1, -1, tuple(sorted(parsed)))
    c = parsed[0] if parsed else -1
    target = parsed[1] if len(parsed) > 1 else -1
    return (verb, c, target, seat, _NO_CARDS)


def move_text(move: Move) -> str:
    """Return the canonical text of ``move``."""
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
