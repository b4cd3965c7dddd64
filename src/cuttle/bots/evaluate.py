"""A hand-tuned evaluation of a full position, and settling of half-finished turns.

:func:`evaluate` turns a position into each seat's estimated chance that its side
(its team, or itself) wins. It rates every seat's *strength* in points-equivalents:
distance to its goal (points and kings), a bonus for being close, the cards in hand
(weighted by what they can do), queens and glasses; then compares the sides with a
logistic (two sides) or softmax (more sides).

The bots call it on determinized worlds, so it may read every card of the world it is
given: those worlds are samples of what the seat cannot see, never the real game.
"""

from __future__ import annotations

import math
from typing import Final

from ..engine.cards import KING, POINT_VALUE, QUEEN, RANK_OF
from ..engine.game import ANSWER, COUNTER_PHASE, MAIN, Game
from ..engine.moves import RESOLVE, Move, make

W_REMAINING: Final = 0.6
"""Strength lost per point still needed to reach the goal."""
W_CLOSE: Final = 6.0
"""Bonus ``W_CLOSE / (1 + remaining)``: a seat one card from winning is a threat."""
W_QUEEN: Final = 2.0
W_GLASSES: Final = 1.0
TEMPERATURE: Final = 5.0
"""Strength difference that turns into odds of e:1 (the logistic's scale)."""

# What a card in hand is worth, by rank: A 2 3 4 5 6 7 8 9 T J Q K joker.
_RANK_WORTH: Final = (1.3, 1.9, 1.2, 1.3, 1.4, 1.3, 1.2, 1.3, 1.6, 1.5, 1.7, 1.7, 2.2, 2.0)
CARD_WORTH: Final = tuple(
    _RANK_WORTH[RANK_OF[c]] + 0.2 * POINT_VALUE[c] for c in range(len(POINT_VALUE))
)
"""Strength of holding each card (index: card number)."""

_RESOLVE: Final = make(RESOLVE)


def seat_parts(g: Game, v: int) -> tuple[float, float]:
    """Return ``(race, material)`` of seat ``v``: the race term (distance to goal,
    closeness bonus) and the material term (hand, queens, glasses)."""
    pts = 0
    for st in g.points[v]:
        pts += POINT_VALUE[st.card]
    kings = queens = 0
    for st in g.faces[v]:
        r = RANK_OF[st.card]
        if r == KING:
            kings += 1
        elif r == QUEEN:
            queens += 1
    goal = g.rules.goal(kings)
    rem = goal - pts if goal > pts else 0
    race = -W_REMAINING * rem + W_CLOSE / (1 + rem)
    hand = g.hands[v]
    mat = 0.0
    for c in hand:
        mat += CARD_WORTH[c]
    limit = g.rules.hand_limit
    if limit and len(hand) > limit:
        mat -= (len(hand) - limit) * 1.5
    mat += W_QUEEN * queens + W_GLASSES * len(g.glasses[v])
    return race, mat


def sides(g: Game) -> list[tuple[int, ...]]:
    """The sides of the game: teams, or one seat each."""
    if g.rules.teams:
        return [tuple(t) for t in g.rules.teams]
    return [(v,) for v in range(g.n)]


def side_strengths(g: Game) -> list[float]:
    """Strength of each side of :func:`sides`: its best race plus its material."""
    out = []
    for side in sides(g):
        best = -1e9
        mat = 0.0
        for v in side:
            race, m = seat_parts(g, v)
            best = race if race > best else best
            mat += m
        out.append(best + mat)
    return out


def evaluate(g: Game) -> list[float]:
    """Return, for every seat, the estimated chance its side wins (terminal: exact)."""
    n = g.n
    if g.winners is not None:
        if not g.winners:
            share = 1.0 / len(sides(g))
            return [share] * n
        out = [0.0] * n
        for v in g.winners:
            out[v] = 1.0
        return out
    ss = side_strengths(g)
    side_list = sides(g)
    if len(ss) == 2:
        d = (ss[0] - ss[1]) / TEMPERATURE
        d = max(-30.0, min(30.0, d))
        p0 = 1.0 / (1.0 + math.exp(-d))
        probs = [p0, 1.0 - p0]
    else:
        # plain loops rather than max(), sum() and zip(): compiled, those builtins on a
        # list are generic Python calls, at every leaf of the search
        top = ss[0]
        for x in ss:
            if x > top:
                top = x
        ex = [math.exp((x - top) / TEMPERATURE) for x in ss]
        tot = 0.0
        for x in ex:
            tot += x
        probs = [x / tot for x in ex]
    out = [0.0] * n
    for i, side in enumerate(side_list):
        p = probs[i]
        for v in side:
            out[v] = p
    return out


def passive_settle(g: Game, limit: int = 12) -> None:
    """Finish open answer windows in place: every asked seat resolves; any other
    pending decision takes its first legal move. Stops at a main phase or the end."""
    while g.winners is None and g.phase != MAIN and limit > 0:
        limit -= 1
        if g.phase == COUNTER_PHASE or g.phase == ANSWER:
            g.apply(_RESOLVE)
        else:
            acts = g.legal_actions()
            g.apply(acts[0])


def quick_choice(g: Game) -> Move:
    """The seat to act's best move by one ply of :func:`evaluate` (after passively
    settling each candidate)."""
    acts = g.legal_actions()
    if len(acts) == 1:
        return acts[0]
    s = g.to_act
    best = acts[0]
    best_v = -1.0
    for m in acts:
        c = g.copy()
        c.apply(m)
        passive_settle(c)
        val = evaluate(c)[s]
        if val > best_v:
            best_v = val
            best = m
    return best


def settle(g: Game, limit: int = 12) -> None:
    """Play out the rest of the current turn in place (counter windows, discards, a
    seven's choice, the hand limit) with :func:`quick_choice` for every seat."""
    while g.winners is None and g.phase != MAIN and limit > 0:
        limit -= 1
        g.apply(quick_choice(g))
