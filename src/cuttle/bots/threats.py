"""The threat check every level makes: take a win at once, never ignore the opponent's.

A person who sees the other side at 20 of 21 points expects even a beginner's bot to do
something about it: scuttle, scrap the points with an ace, make them discard with a four,
take a king back with a two. :func:`assess` measures, from what the seat can see, for
every legal move:

- whether it **wins** now (in every sampled world: a point card that reaches the goal, a
  king that lowers it, a one-off no one can counter);
- its **danger**: the share of sampled worlds in which, after the move and the rest of
  the turn (counters, discards, a seven's choice, each decided one ply ahead), the
  opponent to act next can win with one move — or has already won.

Worlds are dealt from the seat's view (:class:`~cuttle.bots.world.WorldSampler`), so
only cards the seat knows are fixed (its hand, the table, cards it has seen through
glasses or a reveal); the other hands are guessed. When no opponent is within one turn of
winning (:func:`in_reach`) the check costs one deal and nothing more.

:class:`GuardedBot` wraps a level's bot: it plays a winning move when there is one; when
some moves are clearly safer than others it lets the bot choose only among the safest
(within :data:`TOLERANCE`), so the level's own taste (random, greedy, a search) picks
the defence.
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass, field

from ..engine.cards import KING, POINT_VALUE, RANK_OF
from ..engine.game import MAIN, Game
from ..engine.moves import parse_move
from .base import Bot, SeatView, SeededBot, forced
from .evaluate import settle
from .world import WorldSampler

MAX_TURN_GAIN = 10
"""The most points one move adds to a field in the built-in rules (a ten, or a jack
stealing a ten); a seat further than that from its goal, with no king to lower it
enough, cannot win on its next turn."""
DANGER_WORLDS = 6
"""Worlds dealt per check (one when the seat sees every card)."""
TOLERANCE = 0.25
"""A move whose danger is within this of the safest move's still counts as safe."""


def in_reach(g: Game, seat: int) -> bool:
    """Whether ``seat`` could reach its goal with one move: within
    :data:`MAX_TURN_GAIN` points of it, or already past the goal one more king sets."""
    pts = 0
    for st in g.points[seat]:
        pts += POINT_VALUE[st.card]
    kings = 0
    for st in g.faces[seat]:
        if RANK_OF[st.card] == KING:
            kings += 1
    rules = g.rules
    return rules.goal(kings) - pts <= MAX_TURN_GAIN or rules.goal(kings + 1) <= pts


def opponent_wins_next(g: Game, side: tuple[int, ...]) -> bool:
    """Whether the seat to act in ``g`` (a main phase) is an opponent of ``side`` with a
    move that wins at once, the turn finished one ply ahead (``side`` may counter)."""
    if g.winners is not None:
        return not any(v in side for v in g.winners)
    if g.phase != MAIN or g.to_act in side:
        return False
    mover = g.to_act
    team = g.rules.team_of(mover)
    if not any(in_reach(g, v) for v in team):
        return False
    for a in g.legal_actions():
        c = g.copy()
        c.apply(a)
        settle(c)
        if c.winners and mover in c.winners:
            return True
    return False


@dataclass
class Assessment:
    """What :func:`assess` found for one decision."""

    wins: list[str] = field(default_factory=list)
    """Moves that win in every sampled world, in sorted order."""
    danger: dict[str, float] = field(default_factory=dict)
    """Each legal move's danger (0 to 1); empty when no opponent is within reach."""

    def safe_moves(self, tolerance: float = TOLERANCE) -> list[str] | None:
        """The moves within ``tolerance`` of the safest, sorted; ``None`` when every
        move is about as dangerous as every other (nothing to prefer)."""
        if not self.danger:
            return None
        best = min(self.danger.values())
        worst = max(self.danger.values())
        if worst - best <= tolerance:
            return None
        return sorted(m for m, d in self.danger.items() if d <= best + tolerance)


def assess(view: SeatView, rng: random.Random, worlds: int = DANGER_WORLDS) -> Assessment:
    """Check every legal move of ``view`` for a win now and for danger next turn."""
    out = Assessment()
    if not view.legal:
        return out
    sampler = WorldSampler(view, rng)
    seat = sampler.seat
    t = sampler.template
    side = t.rules.team_of(seat)
    mine_close = any(in_reach(t, v) for v in side)
    theirs_close = any(in_reach(t, v) for v in range(t.n) if v not in side)
    if not mine_close and not theirs_close:
        return out
    k = 1 if sampler.hidden == 0 else worlds
    dealt = [sampler.sample() for _ in range(k)]
    for text in sorted(view.legal):
        move = parse_move(text)
        won = 0
        danger = 0
        for w in dealt:
            g = w.copy()
            g.apply(move)
            settle(g)
            if g.winners is not None and any(v in side for v in g.winners):
                won += 1
            elif theirs_close and opponent_wins_next(g, side):
                danger += 1
        if won == k:
            out.wins.append(text)
        if theirs_close:
            out.danger[text] = danger / k
    return out


class GuardedBot(SeededBot):
    """A level's bot with the threat check in front of it (see the module doc)."""

    reads_position = True
    """The check deals worlds from the position, whatever the inner bot reads (the
    Gymnasium environment leaves the position out only for bots that say ``False``)."""
    reads_history = True

    def __init__(
        self,
        inner: Bot,
        seed: int | None = None,
        *,
        worlds: int = DANGER_WORLDS,
        tolerance: float = TOLERANCE,
    ) -> None:
        """``inner`` decides among the moves the check leaves; ``worlds`` and
        ``tolerance`` tune the check."""
        super().__init__(seed)
        self.inner = inner
        self.name = inner.name
        self.worlds = worlds
        self.tolerance = tolerance
        self.overrides = 0
        """Decisions where the check narrowed the moves the bot could pick."""

    def choose(self, view: SeatView) -> str:
        """A winning move if there is one; else the inner bot's choice among the moves
        that stop (or best limit) the opponent's win next turn.

        An inner bot with a time budget that offers ``choose_timed(view, started)`` (the
        search bots) is told when the move began, so the check's time comes out of its
        budget: ``expert:50ms`` takes about 50 ms a move, check and search together."""
        return self.choose_timed(view, time.perf_counter())

    def choose_timed(self, view: SeatView, started: float) -> str:
        """:meth:`choose` for a move whose clock started at ``started`` (a
        ``time.perf_counter()`` reading), the check included."""
        only = forced(view)
        if only is not None:
            return only
        found = assess(view, self.rng, self.worlds)
        if found.wins:
            return found.wins[0]
        safe = found.safe_moves(self.tolerance)
        if safe is None:
            return self._inner_choice(view, started)
        self.overrides += 1
        if len(safe) == 1:
            return safe[0]
        return self._inner_choice(dataclasses.replace(view, legal=tuple(safe)), started)

    def _inner_choice(self, view: SeatView, started: float) -> str:
        """The inner bot's move, its clock started at ``started`` where it keeps one."""
        timed = getattr(self.inner, "choose_timed", None)
        if callable(timed):
            move: str = timed(view, started)
            return move
        return self.inner.choose(view)

    def __getattr__(self, name: str) -> object:
        """Anything else (statistics such as ``total_iterations``) is the inner bot's."""
        if name == "inner":
            raise AttributeError(name)
        return getattr(self.inner, name)
