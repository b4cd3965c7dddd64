"""What a puzzle is about: themes read from its solution and its position.

A puzzle's themes are the kinds of move its solution is (``points``, ``scuttle``,
``counter``, ``jack``, ``glasses``, ``royal``, ``king``, ``queen``, ``one-off`` and the
one-off's rank: ``ace``, ``two``, ..., ``nine``; ``resolve`` to let a one-off stand;
``discard`` and ``hand-limit`` for discards), the position's stage (``seven`` when a
seven's revealed card is to be played, ``endgame`` with five cards or fewer in the deck)
and what the move achieves in the true position: ``win-now`` when it wins at once.
"""

from __future__ import annotations

from ..engine.game import Game
from ..engine.moves import (
    COUNTER,
    DISCARD,
    GLASSES,
    JACK,
    ONEOFF,
    POINTS,
    RESOLVE,
    ROYAL,
    SCRAP,
    SCUTTLE,
    TAKE,
    Move,
)
from ..engine.table import HAND_LIMIT, SEVEN_PHASE

THEMES: tuple[str, ...] = (
    "win-now", "points", "scuttle", "one-off", "ace", "two", "three", "four", "five",
    "six", "seven", "nine", "counter", "resolve", "royal", "king", "queen", "jack",
    "glasses", "joker", "discard", "hand-limit", "take", "endgame",
)  # fmt: skip
"""Every theme, in the order menus list them."""

_RANK_THEMES = {0: "ace", 1: "two", 2: "three", 3: "four", 4: "five", 5: "six", 6: "seven"}
_RANK_THEMES[8] = "nine"


def themes_of(position: Game, move: str) -> tuple[str, ...]:
    """The themes of playing ``move`` (the solution) in ``position`` (the whole game).

    >>> from cuttle import new_game
    >>> themes_of(new_game("standard", seed=1), "draw")
    ()
    """
    m = Move.parse(move)
    tags: set[str] = set()
    rank = m.card // 4 if 0 <= m.card < 52 else -1
    if m.card >= 52:
        tags.add("joker")
    if m.verb == POINTS:
        tags.add("points")
    elif m.verb == SCUTTLE:
        tags.add("scuttle")
    elif m.verb == ONEOFF:
        tags.add("one-off")
        if rank in _RANK_THEMES:
            tags.add(_RANK_THEMES[rank])
    elif m.verb == COUNTER:
        tags.add("counter")
    elif m.verb == RESOLVE:
        tags.add("resolve")
    elif m.verb == ROYAL:
        tags.add({12: "king", 11: "queen"}.get(rank, "royal"))
    elif m.verb == JACK:
        tags.add("jack")
    elif m.verb == GLASSES:
        tags.add("glasses")
    elif m.verb == DISCARD:
        tags.add("hand-limit" if position.phase == HAND_LIMIT else "discard")
    elif m.verb == TAKE:
        tags.add("take")
    elif m.verb == SCRAP:
        tags.add("seven")
    if position.phase == SEVEN_PHASE:
        tags.add("seven")
    if len(position.deck) <= 5:
        tags.add("endgame")
    after = position.copy()
    after.apply(m)
    seat = position.to_act
    if after.winners and seat in after.winners and not position.is_over:
        tags.add("win-now")
    return tuple(t for t in THEMES if t in tags)
