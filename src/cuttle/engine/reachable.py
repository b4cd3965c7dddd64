"""Whether a position read from JSON could arise in play (beyond its cards being right).

:func:`cuttle.engine.codec.from_json` already refuses a card twice, a card missing, a jack
on nothing or a phase that disagrees with the table. These checks refuse what a careful
player would call impossible on counting the cards (docs/rules.md, ruling 33):

- **An ending without its cause.** A game won on ``points`` (or ``kings``) names a
  winner that reached its goal (with its team); a draw never ends by points, and a win
  never by ``passes``, ``agreed`` or ``move-cap``.
- **Hands no play could have filled.** Before any card is played (fields, scrap,
  pending and revealed all empty), every move was a draw, taken in turn from ``p0``: the
  hands are the deal plus those draws. With a hand limit, a hand over it in the main
  phase was filled by nines, each of which lies in the scrap afterwards.
"""

from __future__ import annotations

from .core import Core
from .errors import InvalidPositionError
from .table import MAIN, Termination

WINS = (Termination.POINTS, Termination.KINGS)
"""Terminations that name a seat that reached its goal."""
DRAWS = (Termination.PASSES, Termination.AGREED, Termination.MOVE_CAP, Termination.DRAW)
"""Terminations that only a drawn game has (``time`` may be either)."""


def check_ending(g: Core) -> None:
    """Refuse a finished position whose ``winner`` and ``termination`` disagree with the
    table (a win on points with no winner at its goal, a draw by points, ...)."""
    if g.winners is None:
        return
    term = g.termination
    if not g.winners:
        if term in WINS:
            raise InvalidPositionError(f"a drawn game cannot end by {term}")
        return
    if term in DRAWS:
        raise InvalidPositionError(f"termination {term!r} is a draw: 'winner' must be 'draw'")
    if term not in WINS:
        return  # a resignation, a flag or an abandonment can end a game at any moment
    reached = [w for w in g.winners if g.score(w) >= g.goal(w)]
    if term == Termination.KINGS:
        reached = [w for w in reached if g.goal(w) == 0]
    if not reached:
        w = g.winners[0]
        raise InvalidPositionError(
            f"p{w} is named the winner by {term} with {g.score(w)} points against a goal "
            f"of {g.goal(w)}: no winner has reached its goal (a game won by resignation, "
            "on time or by abandonment names that termination)"
        )
    team = tuple(sorted(g.rules.team_of(reached[0])))
    if tuple(sorted(g.winners)) != team:
        names = " ".join(f"p{s}" for s in team)
        raise InvalidPositionError(f"a win by {term} goes to p{reached[0]}'s side: {names}")


def check_hands(g: Core, hidden_hands: list[int]) -> None:
    """Refuse hands of the main phase that no sequence of moves could have filled:
    ``hidden_hands`` counts each hand's ``"??"`` cards (they are in no list)."""
    if g.phase != MAIN or g.rules.reshuffle_scrap:  # a reshuffle empties the scrap
        return
    sizes = [len(g.hands[s]) + hidden_hands[s] for s in range(g.n)]
    _check_limit(g, sizes)
    if not any(g.points) and not any(g.faces) and not any(g.glasses) and not g.scrap:
        _check_draws_only(g, sizes)


def _check_limit(g: Core, sizes: list[int]) -> None:
    """Over the hand limit only by what nines returned (each now in the scrap)."""
    rules = g.rules
    limit = rules.hand_limit
    if limit <= 0 or not (rules.limit_blocks_draw or rules.limit_discard):
        return
    over = [max(0, size - limit) for size in sizes]
    if sum(over) > len(g.scrap):
        s = max(range(g.n), key=lambda v: over[v])
        raise InvalidPositionError(
            f"p{s} holds {sizes[s]} cards, over the hand limit of {limit}: only a nine can "
            f"fill a full hand, and the scrap, where every nine played lies, holds "
            f"{len(g.scrap)} card(s)"
        )


def _check_draws_only(g: Core, sizes: list[int]) -> None:
    """Nothing played yet: the hands are the deal plus draws in turn from p0."""
    dealt = [g.rules.hand_size(s) for s in range(g.n)]
    extra = [size - deal for size, deal in zip(sizes, dealt, strict=True)]
    if min(extra) < 0:
        return  # cards gone from a hand with nothing played: a puzzle, not a game
    draws = sum(extra)
    n = g.n
    expected = [draws // n + (1 if s < draws % n else 0) for s in range(n)]
    if extra != expected:
        want = " and ".join(str(d + e) for d, e in zip(dealt, expected, strict=True))
        have = " and ".join(str(size) for size in sizes)
        raise InvalidPositionError(
            f"no card has been played (the fields and the scrap are empty), so every move "
            f"so far drew a card, in turn from p0: after {draws} draws the hands hold "
            f"{want} cards, not {have}"
        )
    turn = (draws + g.passes) % n
    if g.turn != turn:
        raise InvalidPositionError(
            f"after {draws} draws and {g.passes} passes with nothing played, it is "
            f"p{turn}'s turn, not p{g.turn}'s"
        )
