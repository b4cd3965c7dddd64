"""A cheap move-scoring heuristic for rollouts: no copies, no look-ahead.

:func:`move_score` rates a move for the seat to act from what the move does at a
glance (points gained, points taken away, royals removed, cards spent);
:func:`rollout_move` picks the best-scored move most of the time and a random one
otherwise. It is what the search bots use to play out the future quickly.
"""

from __future__ import annotations

import random
from typing import Final

from ..engine.cards import KING, POINT_VALUE, RANK_OF
from ..engine.effects.common import field_seat as _owner_of
from ..engine.game import COUNTER_PHASE, Game
from ..engine.moves import (
    AIMED_MOVES,
    CARD_MOVES,
    COUNTER,
    DISCARD,
    DRAW,
    GLASSES,
    JACK,
    ONEOFF,
    POINTS,
    ROYAL,
    SCUTTLE,
    TAKE,
    Move,
)
from .evaluate import CARD_WORTH

WIN: Final = 1000.0


def oneoff_score(g: Game, s: int, c: int, t: int) -> float:
    """Rough gain for seat ``s``'s side if its one-off ``c`` (on target ``t``) resolves:
    the score hook of the card's effect (:meth:`cuttle.engine.effect.Effect.score`)."""
    effect = g.rules.effect_of(c)
    if effect is None:
        return 0.0
    return effect.score(g, s, AIMED_MOVES[ONEOFF][c][t] if t >= 0 else CARD_MOVES[ONEOFF][c])


def move_score(g: Game, m: Move) -> float:
    """Rate move ``m`` for the seat to act of ``g`` (bigger is better)."""
    s = g.to_act
    verb, c, t, _seat, cs = m
    if verb == DRAW:
        return 3.0
    if verb == POINTS:
        v = POINT_VALUE[c]
        if g.score(s) + v >= g.goal(s):
            return WIN
        return 0.9 * v
    if verb == SCUTTLE:
        v = _owner_of(g, t)
        bonus = 3.0 if v >= 0 and g.goal(v) - g.score(v) <= 4 else 0.0
        return 1.1 * POINT_VALUE[t] - 0.3 * POINT_VALUE[c] + bonus
    if verb == ROYAL:
        house = g.rules.effect_of(c)
        if house is not None and house.kind != "oneoff":  # a house permanent or thief
            return house.score(g, s, m)
        if t >= 0:  # a joker stealing a royal
            return 7.0
        if RANK_OF[c] == KING:
            goal_now = g.goal(s)
            goal_then = g.rules.goal(g.kings(s) + 1)
            if g.score(s) >= goal_then:
                return WIN
            return 4.0 + 0.5 * (goal_now - goal_then)
        return 3.5
    if verb == JACK:
        gain = POINT_VALUE[t]
        team = g.rules.team_of(s)
        if (_seat >= 0 and _seat not in team) or _owner_of(g, t) in team:
            return -2.0
        if g.score(s) + gain >= g.goal(s):
            return WIN
        return 1.6 * gain
    if verb == GLASSES:
        return 2.5
    if verb == ONEOFF:
        return oneoff_score(g, s, c, t)
    if verb == COUNTER:
        p = g.pending
        if p is None:
            return 0.0
        if g.phase == COUNTER_PHASE and p.kind == "scuttle":
            return 1.1 * POINT_VALUE[p.target] - 1.5
        team = g.rules.team_of(s)
        resolves = len(p.counters) % 2 == 0
        effect_gain = oneoff_score(g, p.by, p.card, p.target)
        if (p.by in team) == resolves:
            return -1.0  # the chain already goes our way
        return effect_gain - 1.5
    if verb == TAKE:
        return CARD_WORTH[c]
    if verb == DISCARD:
        return -sum(CARD_WORTH[x] for x in cs)
    return 0.0  # pass, resolve, scrap


def best_move(g: Game, acts: list[Move]) -> Move:
    """The best-scored move of ``acts`` (first on ties)."""
    best = acts[0]
    best_v = -1e18
    for m in acts:
        v = move_score(g, m)
        if v > best_v:
            best_v = v
            best = m
    return best


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: the same number from the same stream (drawn as
    CPython's ``Random._randbelow_with_getrandbits`` draws it), without the three frames
    of ``random.py`` that cost the compiled search more than a move of the engine."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def rollout_move(g: Game, acts: list[Move], rng: random.Random, eps: float = 0.2) -> Move:
    """The best-scored move, or with chance ``eps`` a uniformly random one."""
    if len(acts) == 1:
        return acts[0]
    if rng.random() < eps:
        return acts[randbelow(rng, len(acts))]
    return best_move(g, acts)
