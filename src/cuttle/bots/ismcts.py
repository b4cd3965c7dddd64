"""``ismcts``: single-observer information-set Monte Carlo tree search.

One tree over the acting seat's information set. Every iteration deals a fresh world
consistent with the seat's view (:class:`~cuttle.bots.world.WorldSampler`), walks the
tree choosing among the moves legal in *that* world by UCB1 with availability counts
(Cowling, Powley & Whitehouse 2012), adds one node, plays a short heuristic rollout
(:func:`~cuttle.bots.policy.rollout_move`) to a depth cutoff, settles the turn, scores
the leaf with :func:`~cuttle.bots.evaluate.evaluate` and backs the result up; each node
keeps the reward of the seat that moved into it, so opponents and partners are modelled
from their own side. The search is anytime: it stops at an iteration count or a wall
clock deadline. :mod:`cuttle.bots.parallel` runs several searches on separate cores and
adds their root statistics (root parallelization).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.game import MAIN
from ..engine.moves import Move, move_text, parse_move
from .base import SeededBot, View
from .evaluate import evaluate, passive_settle
from .policy import move_score, rollout_move
from .world import WorldSampler


@dataclass(frozen=True)
class SearchParams:
    """Knobs of one search: budget, exploration and rollout shape."""

    iterations: int | None = None
    """Stop after this many iterations (``None``: no limit)."""
    seconds: float | None = None
    """Stop at this wall-clock time budget (``None``: no limit)."""
    exploration: float = 0.7
    """UCB1 constant (rewards are win chances in [0, 1])."""
    rollout_depth: int = 6
    """Plies of heuristic rollout before the evaluation cuts off."""
    rollout_eps: float = 0.2
    """Chance that a rollout move is random instead of the heuristic's best."""
    widen_base: float = 2.0
    """Progressive widening below the root: a node visited ``n`` times considers its
    ``widen_base + widen_rate * sqrt(n)`` best moves by the heuristic (0: no widening)."""
    widen_rate: float = 1.0

    def budget_text(self) -> str:
        """The budget as a spec suffix (``0.5s`` or ``2000it``)."""
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return f"{self.iterations}it"


class Node:
    """A tree node: the move that led here, who made it, and its statistics."""

    __slots__ = ("avail", "children", "mover", "visits", "wins")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.wins = 0.0
        self.avail = 1
        self.children: dict[Move, Node] = {}


RootStats = dict[Move, tuple[int, float]]
"""Root children: move -> (visits, summed reward of the seat to act)."""


def search(
    view: View, legal: list[Move], params: SearchParams, seed: int | None
) -> tuple[RootStats, int]:
    """Run one ISMCTS search from ``view`` over root moves ``legal``.

    Returns the root statistics and the number of iterations done. With no budget set
    it runs 1,000 iterations.
    """
    rng = random.Random(seed)
    sampler = WorldSampler(view, rng)
    root = Node(-1)
    root_moves = set(legal)
    c = params.exploration
    depth_cap = params.rollout_depth
    eps = params.rollout_eps
    widen = params.widen_base
    rate = params.widen_rate
    max_it = params.iterations
    if max_it is None and params.seconds is None:
        max_it = 1000
    deadline = time.perf_counter() + params.seconds if params.seconds is not None else None
    it = 0
    log = math.log
    sqrt = math.sqrt
    while True:
        if max_it is not None and it >= max_it:
            break
        if deadline is not None and (it & 15) == 0 and time.perf_counter() >= deadline:
            break
        it += 1
        g = sampler.sample()
        node = root
        path = [root]
        first = True
        # Selection and expansion.
        while g.winners is None:
            acts = g.legal_actions()
            if first:
                acts = [m for m in acts if m in root_moves] or acts
                first = False
            elif widen and len(acts) > 1:
                k = int(widen + rate * sqrt(node.visits))
                if k < len(acts):
                    sc = [(move_score(g, a), i) for i, a in enumerate(acts)]
                    sc.sort(reverse=True)
                    acts = [acts[i] for _, i in sc[:k]]
                else:
                    acts = sorted(acts, key=lambda a: -move_score(g, a))
            children = node.children
            untried = [m for m in acts if m not in children]
            mover = g.to_act
            if untried:
                if widen and node is not root:
                    m = untried[0]  # the heuristic's favourite first
                else:
                    m = untried[rng.randrange(len(untried))]
                child = Node(mover)
                children[m] = child
                for a in acts:
                    ch = children.get(a)
                    if ch is not None and ch is not child:
                        ch.avail += 1
                g.apply(m)
                path.append(child)
                break
            best = None
            best_v = -1.0
            for a in acts:
                ch = children[a]
                ch.avail += 1
                v = ch.wins / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best_v = v
                    best = a
            assert best is not None
            node = children[best]
            g.apply(best)
            path.append(node)
        # Rollout to the cutoff, then finish the turn and evaluate.
        depth = 0
        while g.winners is None and depth < depth_cap:
            acts = g.legal_actions()
            g.apply(rollout_move(g, acts, rng, eps))
            depth += 1
        if g.winners is None and g.phase != MAIN:
            passive_settle(g)
        reward = evaluate(g)
        for nd in path:
            nd.visits += 1
            if nd.mover >= 0:
                nd.wins += reward[nd.mover]
    stats: RootStats = {m: (ch.visits, ch.wins) for m, ch in root.children.items()}
    return stats, it


def ranked(stats: RootStats, legal: list[Move]) -> list[tuple[Move, int, float]]:
    """Root moves as ``(move, visits, mean reward)``, most visited first."""
    rows = []
    for m in legal:
        n, w = stats.get(m, (0, 0.0))
        rows.append((m, n, w / n if n else 0.0))
    rows.sort(key=lambda r: (-r[1], -r[2], move_text(r[0])))
    return rows


class ISMCTSBot(SeededBot):
    """Information-set MCTS with heuristic rollouts; anytime; optionally multi-core."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        params: SearchParams | None = None,
        workers: int = 1,
    ) -> None:
        """``params``: the search budget and knobs; ``workers``: processes to search with
        (root parallelization; 1 searches in this process)."""
        super().__init__(seed)
        self.params = params or SearchParams(iterations=1000)
        self.workers = workers
        self.last_iterations = 0
        """Iterations done by the last decision (all workers together)."""
        self.total_iterations = 0
        self.total_search_seconds = 0.0

    def analyse(self, view: View, legal: list[str]) -> list[tuple[str, float, int]]:
        """Search and return ``(move, estimated win chance, visits)``, best first."""
        moves = sorted(parse_move(t) for t in legal)
        seed = self.rng.getrandbits(63)
        t0 = time.perf_counter()
        if self.workers > 1:
            from .parallel import parallel_search

            stats, its = parallel_search(view, moves, self.params, seed, self.workers)
        else:
            stats, its = search(view, moves, self.params, seed)
        self.total_search_seconds += time.perf_counter() - t0
        self.last_iterations = its
        self.total_iterations += its
        return [(move_text(m), q, n) for m, n, q in ranked(stats, moves)]

    def choose(self, view: View, legal: list[str], history: list[str]) -> str:
        """Return the most visited root move (forced moves are returned at once)."""
        if not legal:
            raise ValueError("no legal moves to choose from")
        if len(legal) == 1:
            return legal[0]
        return self.analyse(view, legal)[0][0]
