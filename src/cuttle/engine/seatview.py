"""One seat's view of a position as card indexes: the fast form of :meth:`Game.view`.

:func:`seat_position` gives the same information as ``game.view(seat)`` (the same
privacy rules: :meth:`~cuttle.engine.core.Core.can_see_hand` decides which hands are
open, cards others were shown stay known, only the top ``deck_known`` cards of the deck
are named) as a :class:`SeatPosition` of card indexes and small ints, without card
names or dicts. It is what observation encoders read at every decision, as a seat's
:class:`~cuttle.engine.observer.Observer` gives it (``Observer.position``).

Public parts (fields, scrap, frozen and revealed cards, skips) are the game's own lists,
shared rather than copied: read a :class:`SeatPosition` before the game moves on. The
hands and the deck, where privacy applies, are always fresh tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .core import Core
from .table import Stack


class SeenPending(NamedTuple):
    """The card waiting on the table (every seat sees all of it)."""

    card: int
    by: int
    target: int
    """The one-off's target card, -1 for none."""
    kind: str
    """``oneoff``, ``scuttle``, ``royal`` or ``answer`` (:mod:`cuttle.engine.table`)."""
    victim: int
    """The seat the one-off hits, -1 for none."""
    counters: tuple[int, ...]


class SeatPosition(NamedTuple):
    """A position as one seat may see it, in card indexes (see :func:`seat_position`)."""

    seat: int
    """The viewer."""
    players: int
    hands: tuple[tuple[int, ...], ...]
    """Per seat, the cards of its hand the viewer sees (all of an open hand)."""
    hand_sizes: tuple[int, ...]
    points: Sequence[Sequence[Stack]]
    """Per seat, its point cards as ``(card, owner, ((jack, to), ...))``."""
    faces: Sequence[Sequence[Stack]]
    """Per seat, its royals as ``(card, owner, ((joker, to), ...))``."""
    glasses: Sequence[Sequence[int]]
    """Per seat, its glasses eights."""
    scrap: Sequence[int]
    deck_size: int
    deck_top: tuple[int, ...]
    """The cards on top of the deck that every seat knows, top first."""
    revealed: Sequence[int]
    frozen: Sequence[int]
    pending: SeenPending | None
    passes: int
    moves: int
    """Moves played so far (the rule set's move cap ends the game)."""
    skips: Sequence[int]
    phase: str
    turn: int
    to_act: int
    winners: tuple[int, ...] | None
    """``None`` while the game is on; else the winners (empty for a draw)."""


def seat_position(game: Core, seat: int, open_hands: bool = False) -> SeatPosition:
    """Return what ``seat`` may see of ``game``, as ``game.view(seat)`` decides.

    ``open_hands`` shows every hand in full (a practice table, where every hand lies
    face up for every seat).
    """
    g = game
    n = g.n
    hands: list[tuple[int, ...]] = []
    bit = 1 << seat
    known = g.known
    for h, hand in enumerate(g.hands):
        if open_hands or h == seat or g.can_see_hand(seat, h):
            hands.append(tuple(hand))
        else:
            hands.append(tuple([c for c in hand if known.get(c, 0) & bit]))
    deck = g.deck
    k = min(g.deck_known, len(deck))
    p = g.pending
    pending = (
        None
        if p is None
        else SeenPending(p.card, p.by, p.target, p.kind, p.victim, tuple(p.counters))
    )
    return SeatPosition(
        seat,
        n,
        tuple(hands),
        tuple(map(len, g.hands)),
        g.points,
        g.faces,
        g.glasses,
        g.scrap,
        len(deck),
        tuple(deck[: -k - 1 : -1]) if k else (),
        g.revealed,
        g.frozen,
        pending,
        g.passes,
        g.moves_played,
        g.skips,
        g.phase,
        g.turn,
        g.to_act,
        g.winners,
    )


__all__ = ["SeatPosition", "SeenPending", "seat_position"]
