"""The ISMCTS search itself: single-observer information-set Monte Carlo tree search.

One tree over the acting seat's information set (Cowling, Powley & Whitehouse 2012).
Worlds are dealt consistent with the seat's view (:class:`~cuttle.bots.world.WorldSampler`),
weighted by what the public history says about the other hands
(:mod:`cuttle.bots.belief`: a seat that let a harmful one-off resolve probably held no
two). Below the root, an iteration walks the tree choosing among the moves legal in
*that* world by UCB1 with availability counts, with progressive widening ordered by the
rollout heuristic; it adds one node, plays a short heuristic rollout
(:func:`~cuttle.bots.policy.rollout_move`), settles the turn, scores the leaf with
:func:`~cuttle.bots.evaluate.evaluate` and backs the result up. Each node keeps the
reward of the seat that moved into it, so opponents and partners are modelled from
their own side, and their decisions are shared by every world they cannot tell apart.

With two sides a node also keeps an *implicit minimax* value (Lanctot, Winands, Pepels
and Sturtevant 2014, "Monte Carlo Tree Search with Heuristic Evaluations using Implicit
Minimax Backups"), read for information sets: in each iteration that passes through a
node, the best value among its children available in that iteration's world, averaged
over those iterations (a new node starts from its first reward). Selection and the root
rank a move by ``(1 - minimax) * mean reward + minimax * minimax value``
(:attr:`SearchParams.minimax`): the mean of rewards learns slowly that the side to move
picks its best reply, and the minimax value says it sooner, the more so the more the
tree is visited.

The root splits the budget by *sequential halving over common worlds*: in each round
every surviving root move is searched once in each of the round's worlds, so the moves
are compared on the same deals (as PIMC compares them) while the tree below each one
looks further ahead than a rollout; the better half survives each round. ``root="ucb"``
keeps the classic UCB1 root. The search stops at an iteration count or a wall-clock
deadline. :mod:`cuttle.bots.parallel` runs several searches on separate cores and adds
their root statistics (root parallelization); :mod:`cuttle.bots.ismcts` is the bot.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ..engine.frozen import rebuilt_by_constructor
from ..engine.game import MAIN, Game
from ..engine.moves import Move, move_text
from .base import SeatView
from .belief import CounterBelief
from .evaluate import evaluate, passive_settle, sides
from .policy import move_score, randbelow, rollout_move
from .world import WorldSampler


@dataclass(frozen=True)
class SearchParams:
    """Knobs of one search: budget, exploration and rollout shape."""

    iterations: int | None = None
    """Stop after this many iterations (``None``: no limit)."""
    seconds: float | None = None
    """Stop at this wall-clock time budget (``None``: no limit)."""
    exploration: float = 0.25
    """UCB1 constant below the root (rewards are win chances in [0, 1]; differences
    between moves are a few hundredths, so a small constant)."""
    rollout_depth: int = 2
    """Plies of heuristic rollout before the evaluation cuts off (short: the tree
    looks ahead, and long noisy rollouts only blur the evaluation)."""
    rollout_eps: float = 0.2
    """Chance that a rollout move is random instead of the heuristic's best."""
    widen_base: float = 2.0
    """Progressive widening below the root: a node visited ``n`` times considers its
    ``widen_base + widen_rate * sqrt(n)`` best moves by the heuristic (0: no widening)."""
    widen_rate: float = 1.0
    inference: float = 1.0
    """Weight of the history's evidence on sampled worlds (:mod:`cuttle.bots.belief`;
    0 deals every world uniformly)."""
    root: str = "halving"
    """How the root splits the budget: ``"halving"`` (sequential halving over common
    worlds) or ``"ucb"`` (UCB1 with availability, like every other node)."""
    evaluator: str = "heuristic"
    """What scores a leaf: ``"heuristic"`` (:func:`~cuttle.bots.evaluate.evaluate`) or
    ``"neural"`` (the value head of :mod:`cuttle.bots.neural`, from each side's view of
    the sampled world; needs numpy) or ``"world"`` (the whole-world value net,
    :func:`cuttle.bots.neural.load_world`, reading the whole sampled world)."""

    minimax: float = 0.0
    """Weight of the implicit minimax value against the mean reward, in selection and at
    the root (module doc; 0: mean rewards only, as plain ISMCTS). Used with two sides
    only (two seats, or two teams); with more it is 0."""

    prior: str = "none"
    """What narrows the root before the search: ``"none"`` (every legal move is
    searched) or ``"neural"`` (only the :attr:`prior_keep` moves the network's policy
    head likes best, :func:`cuttle.bots.neural.move_priors`; needs numpy). Discards and
    positions with no more moves than that are searched whole."""
    prior_keep: int = 6
    """Root moves kept by the ``"neural"`` prior."""

    def __reduce__(self) -> tuple[type[Any], tuple[Any, ...]]:
        """Pickle through the constructor (see :func:`rebuilt_by_constructor`)."""
        return rebuilt_by_constructor(self)

    def leaf_evaluator(self) -> Callable[[Game], list[float]]:
        """The function that scores a leaf for every seat (see :attr:`evaluator`)."""
        if self.evaluator == "heuristic":
            return evaluate
        if self.evaluator in ("neural", "world"):
            from .neural import neural_evaluator

            return neural_evaluator(world=self.evaluator == "world")
        raise ValueError(f"unknown evaluator {self.evaluator!r}: 'heuristic', 'neural' or 'world'")

    def budget_text(self) -> str:
        """The budget as a spec suffix (``0.5s`` or ``2000it``)."""
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return f"{self.iterations}it"


class Node:
    """A tree node: the move that led here, who made it, and its statistics."""

    __slots__ = ("avail", "children", "minimax", "minimax_n", "mover", "visits", "wins")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.wins = 0.0
        self.avail = 1
        self.minimax = 0.0
        """The implicit minimax value for :attr:`mover` (a running mean)."""
        self.minimax_n = 0
        """The iterations :attr:`minimax` averages."""
        self.children: dict[Move, Node] = {}


RootStats = dict[Move, tuple[int, float]]
"""Root children: move -> (visits, summed reward of the seat to act)."""


def make_sampler(view: SeatView, rng: random.Random, inference: float) -> WorldSampler:
    """A world sampler for ``view``, weighting worlds by its history's evidence."""
    sampler = WorldSampler(view, rng)
    if inference > 0 and view.history and sampler.hidden:
        belief = CounterBelief(view, sampler.template, inference)
        if belief.active:
            sampler.weight = belief.weight
    return sampler


def search(
    view: SeatView,
    legal: list[Move],
    params: SearchParams,
    seed: int | None,
    *,
    started: float | None = None,
) -> tuple[RootStats, int]:
    """Run one ISMCTS search from ``view`` over root moves ``legal``.

    The view's public history weights the sampled worlds. Returns the root statistics
    and the number of iterations done. With no budget set it runs 1,000 iterations.
    A time budget (:attr:`SearchParams.seconds`) runs from ``started`` (a
    ``time.perf_counter()`` reading: when the move's clock started, so that work done
    before the search, such as a level's threat check, comes out of the same budget),
    or else from this call: the sampler's set-up counts too. However little time is
    left, the search makes one pass over the root moves (a halving root: one world a
    round).
    """
    t0 = time.perf_counter() if started is None else started
    rng = random.Random(seed)
    sampler = make_sampler(view, rng, params.inference)
    tree = _Tree(params, rng, sampler.template)
    if params.root == "halving" and len(legal) > 1:
        return _halving_search(sampler, tree, legal, params, t0)
    return _ucb_search(sampler, tree, legal, params, t0)


def fold_minimax(
    path: list[Node], best: list[float], chooser: list[int], reward: list[float], side: list[int]
) -> None:
    """Fold one iteration into the implicit minimax values of the nodes on ``path``
    (root side first; two sides). ``best[k]`` is the best minimax value among the
    children of ``path[k]`` available in the iteration's world (-1: none had one yet) and
    ``chooser[k]`` the seat that chose among them; ``reward`` the iteration's reward per
    seat, ``side`` each seat's side (0 or 1).

    A node whose children had values takes the best of them, seen from its own mover's
    side (one minus it where the other side chose); the last node, or one with no value
    yet, takes its mover's reward. Each node's value is the mean of what it took."""
    last = len(path) - 1
    for k in range(last + 1):
        nd = path[k]
        if nd.mover < 0:
            continue
        if k < len(best) and best[k] >= 0.0:
            x = best[k]
            if side[chooser[k]] != side[nd.mover]:
                x = 1.0 - x
        elif k == last or nd.minimax_n == 0:
            x = reward[nd.mover]
        else:
            continue
        nd.minimax_n += 1
        nd.minimax += (x - nd.minimax) / nd.minimax_n


def _widened(g: Game, acts: list[Move], k: int) -> list[Move]:
    """The ``k`` best of ``acts`` by the rollout heuristic, best first; ties keep the
    later move first. When ``k`` is not fewer than the moves, all of them, best first,
    ties in their listed order.

    A selection, not a sort: ``k`` is a handful of a few dozen moves, and comparing
    unboxed scores in a compiled loop costs less than a sort's key calls.
    """
    n = len(acts)
    scores = [move_score(g, a) for a in acts]
    later_first = k < n
    out: list[Move] = []
    for _ in range(min(k, n)):
        best = -1
        best_v = 0.0
        for j in range(n):
            i = n - 1 - j if later_first else j
            v = scores[i]
            if v > best_v or best < 0:
                best = i
                best_v = v
        scores[best] = _TAKEN
        out.append(acts[best])
    return out


_TAKEN: Final = -1e300
"""A score below any move's: marks a move :func:`_widened` has already chosen."""


class _Tree:
    """The shared tree below the root and one iteration's descent through it."""

    def __init__(self, params: SearchParams, rng: random.Random, template: Game) -> None:
        self.params = params
        self.rng = rng
        self.root = Node(-1)
        self.seats = template.n
        self.evaluate = params.leaf_evaluator()
        groups = sides(template)
        self.alpha = params.minimax if len(groups) == 2 else 0.0
        """The minimax weight in use (0 unless two sides)."""
        self.side = [0 if v in groups[0] else 1 for v in range(template.n)]
        """Each seat's side, 0 or 1 (read only where :attr:`alpha` is not 0)."""

    def iterate(self, g: Game, node: Node, path: list[Node]) -> list[float]:
        """One iteration from ``node`` (reached by ``path``) in world ``g``: select
        with UCB1 over the moves legal in ``g``, expand one node, roll out, evaluate
        and back the result up. Returns the rewards."""
        params = self.params
        rng = self.rng
        c = params.exploration
        widen = params.widen_base
        rate = params.widen_rate
        alpha = self.alpha
        # per node of the path that chose a child: the best minimax value among its
        # children available in this world (-1: none yet), and the seat that chose
        best_minimax: list[float] = []
        chooser: list[int] = []
        while g.winners is None:
            acts = g.legal_actions()
            if widen and len(acts) > 1:
                acts = _widened(g, acts, int(widen + rate * math.sqrt(float(node.visits))))
            children = node.children
            # One pass, one look-up a move (a move is a tuple: each look-up hashes it
            # anew): every child legal here gains an availability, whether a move is
            # expanded or one chosen by UCB1; the first untried move (in the widened,
            # heuristic order) is the one expanded, and UCB1 (first best on a tie) runs
            # only while there is none.
            first_untried = -1
            untried_count = 0
            best_i = 0
            best_v = -1e9
            chosen: Node | None = None
            best_mm = -1.0
            for i in range(len(acts)):
                ch = children.get(acts[i])
                if ch is None:
                    if first_untried < 0:
                        first_untried = i
                    untried_count += 1
                    continue
                ch.avail += 1
                if alpha > 0.0 and ch.minimax > best_mm:
                    best_mm = ch.minimax
                if first_untried < 0:
                    q = ch.wins / ch.visits
                    if alpha > 0.0:
                        q = (1.0 - alpha) * q + alpha * ch.minimax
                    v = q + c * math.sqrt(math.log(float(ch.avail)) / ch.visits)
                    if v > best_v:
                        best_v = v
                        best_i = i
                        chosen = ch
            if alpha > 0.0:
                best_minimax.append(best_mm)
                chooser.append(g.to_act)
            if first_untried >= 0:
                if widen:
                    m = acts[first_untried]
                else:
                    m = [a for a in acts if a not in children][randbelow(rng, untried_count)]
                child = Node(g.to_act)
                children[m] = child
                g.apply(m)
                path.append(child)
                break
            assert chosen is not None
            node = chosen
            g.apply(acts[best_i])
            path.append(node)
        # Rollout to the cutoff, then finish the turn and evaluate.
        depth = 0
        depth_cap = params.rollout_depth
        eps = params.rollout_eps
        while g.winners is None and depth < depth_cap:
            g.apply(rollout_move(g, g.legal_actions(), rng, eps))
            depth += 1
        if g.winners is None and g.phase != MAIN:
            passive_settle(g)
        reward = self.evaluate(g)
        for nd in path:
            nd.visits += 1
            if nd.mover >= 0:
                nd.wins += reward[nd.mover]
        if alpha > 0.0:
            fold_minimax(path, best_minimax, chooser, reward, self.side)
        return reward

    def value(self, node: Node) -> float:
        """The search's estimate for ``node``'s mover: the mean reward, blended with the
        minimax value where :attr:`alpha` is set (0 for a node never visited)."""
        if node.visits == 0:
            return 0.0
        q = node.wins / node.visits
        if self.alpha > 0.0:
            q = (1.0 - self.alpha) * q + self.alpha * node.minimax
        return q

    def stats(self) -> RootStats:
        """The root children's visits and summed rewards (with a minimax weight, the
        blended value of :meth:`value` times the visits, so that whoever ranks the moves
        by mean reward, :func:`ranked` or :mod:`~cuttle.bots.parallel`'s merge, ranks
        them as the search did)."""
        if self.alpha == 0.0:
            return {m: (ch.visits, ch.wins) for m, ch in self.root.children.items()}
        return {m: (ch.visits, ch.visits * self.value(ch)) for m, ch in self.root.children.items()}


def _ucb_search(
    sampler: WorldSampler, tree: _Tree, legal: list[Move], params: SearchParams, t0: float
) -> tuple[RootStats, int]:
    """Plain ISMCTS: UCB1 with availability at the root too, one world an iteration
    (a time budget runs from ``t0``; the first iteration is always made)."""
    root = tree.root
    seat = sampler.seat
    for m in legal:
        root.children[m] = Node(seat)
    c = params.exploration
    max_it = params.iterations
    if max_it is None and params.seconds is None:
        max_it = 1000
    deadline = t0 + params.seconds if params.seconds is not None else None
    it = 0
    children = root.children
    while True:
        if max_it is not None and it >= max_it:
            break
        if deadline is not None and it and (it & 15) == 0 and time.perf_counter() >= deadline:
            break
        it += 1
        g = sampler.sample()
        best = legal[0]
        best_v = -1e9
        for a in legal:
            ch = children[a]
            if ch.visits == 0:
                v = 1e9 + tree.rng.random()
            else:
                v = tree.value(ch) + c * math.sqrt(math.log(float(it)) / ch.visits)
            if v > best_v:
                best_v = v
                best = a
        node = children[best]
        g.apply(best)
        root.visits += 1
        tree.iterate(g, node, [node])
    return tree.stats(), it


def _halving_search(
    sampler: WorldSampler, tree: _Tree, legal: list[Move], params: SearchParams, t0: float
) -> tuple[RootStats, int]:
    """ISMCTS below a sequential-halving root with common worlds.

    The budget is split into ``ceil(log2(moves))`` equal rounds (a time budget runs from
    ``t0``: what is left of it when the search begins is split; each round samples at
    least one world). In each round every surviving root
    move is tried once in each sampled world (the same worlds for all of them, so their
    comparison is paired, as in PIMC) with an ISMCTS descent below it; after the round
    the better half by mean reward survives.
    """
    root = tree.root
    seat = sampler.seat
    for m in legal:
        root.children[m] = Node(seat)
    children = root.children
    alive = list(legal)
    rounds = max(1, math.ceil(math.log2(len(legal))))
    budget = params.iterations
    if budget is None and params.seconds is None:
        budget = 1000
    it = 0
    # a time budget: what is left of it now (the move's clock started at t0) is split
    # into equal rounds, so that time spent before the search (the set-up, a threat
    # check) shortens every round alike rather than starving the first ones
    begin = time.perf_counter()
    left = t0 + params.seconds - begin if params.seconds is not None else 0.0
    for r in range(rounds):
        if budget is not None:
            worlds = max(1, budget // (rounds * len(alive)))
            stop = None
        else:
            worlds = None
            stop = begin + left * (r + 1) / rounds
        done = 0
        while True:
            if worlds is not None and done >= worlds:
                break
            if stop is not None and done and time.perf_counter() >= stop:
                break
            done += 1
            w = sampler.sample()
            for m in alive:
                g = w.copy()
                g.apply(m)
                node = children[m]
                root.visits += 1
                tree.iterate(g, node, [node])
                it += 1
        if len(alive) > 2 or r == rounds - 1:
            alive.sort(key=lambda m: -tree.value(children[m]))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
    # the last two survivors have equal visits, more than any other move, and
    # :func:`ranked` breaks that tie by mean reward: it ranks the survivor first
    return tree.stats(), it


def ranked(stats: RootStats, legal: list[Move]) -> list[tuple[Move, int, float]]:
    """Root moves as ``(move, visits, mean reward)``, most visited first (ties, such
    as the last two moves of a halving root: best mean first)."""
    rows = []
    for m in legal:
        n, w = stats.get(m, (0, 0.0))
        rows.append((m, n, w / n if n else 0.0))
    rows.sort(key=lambda r: (-r[1], -r[2], move_text(r[0])))
    return rows
