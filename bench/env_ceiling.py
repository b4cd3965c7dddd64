"""How close can a research environment come to the compiled engine? Ceilings, measured.

The environments' target (issue 25) is 0.5 of the engine's decisions per second. This
script measures what bounds that ratio, on one core, each rate beside the engine's in
the same run (``bench/envs.py``'s interleaved slices):

* ``engine``: the engine's own loop, ``legal_actions()`` + ``apply()`` of a random move;
* ``+ first look``: the same plus the one compiled call every interface makes at each
  decision, the legal map, the ``int8`` mask and the observation vector of the seat to
  act (``ActionKeys.legal_map_obs_new``), with no agent and no interface at all;
* ``+ cheapest agent``: the same, the move drawn from the legal map (a random index, the
  way ``LegalActionSpace.sample`` draws), still with no interface;
* ``lean loop xN``: ``N`` games stepped in one Python loop against the ``random`` bot
  (asked as the Gymnasium environment asks it), the masks and vectors written into one
  preallocated batch: what a vector environment could reach before any of its
  bookkeeping (no info dicts, no rewards, no discard chosen card by card);
* ``pettingzoo (plain)`` and ``gymnasium``: the interfaces, as ``bench/envs.py``
  measures them;
* ``null AEC env``: the documented PettingZoo loop over :class:`NullEnv`, an
  environment with no game in it (the contract's own cost, written as cheaply as
  ``CuttleAECEnv`` writes it);
* ``bound``: a decision of ``+ first look`` followed by one of the null environment,
  the most an AEC environment that looks at every position could reach even if
  everything of its own cost nothing.

With ``--calls`` it prints where the documented PettingZoo loop's time goes instead,
call by call (``reset``, ``last``, ``action_space(agent).sample``, ``step``, the dead
steps at the end), in microseconds per decision, the timer's own cost subtracted, with
the engine's part of ``last`` and ``step`` timed apart.

Usage::

    python bench/env_ceiling.py                          # standard, 4 s a measurement
    python bench/env_ceiling.py --rules standard,multiplayer-4 --seconds 2
    python bench/env_ceiling.py --calls --games 3000
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from pettingzoo import AECEnv

sys.path.insert(0, str(Path(__file__).resolve().parent))
from cuttle import RuleSet, new_game
from cuttle.bots import encoding as _encoding
from cuttle.bots.random_bot import RandomBot
from cuttle.envs.core import _encoder
from cuttle.envs.encoding import NUM_ACTIONS, OBS_SIZE
from cuttle.envs.gym import _legal_texts
from envs import _measure_all, aec_loop, engine, gymnasium, plain, rule_set


def _compiled(rules: RuleSet) -> tuple[Any, Any]:
    """The compiled action keys and observation writer of ``rules`` (exits without)."""
    keys = _encoding._action_keys() if _encoding._COMPILED else None
    writer = _encoder(rules).writer
    if keys is None or writer is None:
        raise SystemExit("the compiled accelerator is not built: `make setup` first")
    return keys, writer


def first_look(rules: RuleSet, agent: bool = False) -> Callable[[int], int]:
    """One random game: the engine's loop plus the compiled first look at each decision
    (with ``agent``, the move drawn from the legal map as ``LegalActionSpace`` draws)."""
    keys, writer = _compiled(rules)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        r = rng.random
        g = new_game(rules, seed=seed)
        n = 0
        while g.winners is None:
            moves = g.legal_actions()
            legal, _mask, _vec = keys.legal_map_obs_new(moves, writer, g, g.to_act)
            if agent:
                indices = tuple(legal)
                move = legal[indices[int(r() * len(indices))]]
                # a discard's first card (None): any whole legal move, for the timing
                g.apply(move if move is not None else rng.choice(moves))
            else:
                g.apply(rng.choice(moves))
            n += 1
        return n

    return run


def lean_loop(rules: RuleSet, width: int) -> Callable[[int], int]:
    """``width`` games stepped together against the ``random`` bot, seat 0 the agent:
    each call is one step of all of them (a game that ends is dealt again at once);
    returns the decisions made, the bots' included."""
    keys, writer = _compiled(rules)
    masks = np.zeros((width, NUM_ACTIONS), dtype=np.int8)
    vectors = np.zeros((width, OBS_SIZE), dtype=np.float32)
    mask_rows = list(masks)  # one view a row, made once
    vector_rows = list(vectors)
    rng = random.Random(5)
    r = rng.random
    choose = RandomBot(7).choose_legal
    games: list[Any] = []
    legals: list[Any] = []
    dealt = [0]

    def bots(g: Any) -> int:
        n = 0
        while g.winners is None and g.to_act != 0:
            texts = _legal_texts(g.legal_actions())
            g.apply(texts[choose(texts)])
            n += 1
        return n

    def run(seed: int) -> int:
        if not games:
            games.extend(new_game(rules, seed=seed * 1000 + i) for i in range(width))
            legals.extend([None] * width)
            dealt[0] = seed * 1000 + width
        n = 0
        masks[:] = 0
        for i in range(width):
            g = games[i]
            legal = legals[i]
            if legal is not None:
                indices = tuple(legal)
                move = legal[indices[int(r() * len(indices))]]
                g.apply(move if move is not None else rng.choice(g.legal_actions()))
                n += 1
            n += bots(g)
            if g.winners is not None:
                dealt[0] += 1
                g = games[i] = new_game(rules, seed=dealt[0])
                n += bots(g)
            legals[i] = keys.legal_map(g.legal_actions(), 0, g.n, mask_rows[i])
            writer.encode(g, 0, (), vector_rows[i])
        return n

    return run


class NullEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment with no game in it: the floor of the AEC contract.

    Two agents take turns for ``length`` decisions; every observation is the same two
    preallocated arrays, every action space the same object whose ``sample`` returns 0,
    ``last`` and ``agent_iter`` are written as cheaply as ``CuttleAECEnv``'s, and the
    rewards and done flags are set at the end as the contract asks. What it costs a
    decision is what the documented loop costs with nothing to compute: any AEC
    environment pays at least this on top of its game's moves and observations."""

    metadata: dict[str, Any] = {"name": "null_v0", "is_parallelizable": False}  # noqa: RUF012

    class _Space:
        """An action space whose draw costs nothing."""

        def sample(self, mask: Any = None) -> int:
            """Action 0, whatever the mask."""
            return 0

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length
        self.possible_agents = ["player_0", "player_1"]
        self._space = self._Space()
        self._obs = {
            "observation": np.zeros(OBS_SIZE, dtype=np.float32),
            "action_mask": np.ones(NUM_ACTIONS, dtype=np.int8),
        }
        self.played = 0

    def action_space(self, agent: str) -> Any:
        """The one action space, for every agent."""
        return self._space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The one observation, for every agent."""
        return self._obs

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start again: both agents in, nothing played, the contract's dicts fresh."""
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self.played = 0

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``AECEnv.last`` in one call, as ``CuttleAECEnv`` writes it."""
        agent = self.agent_selection
        return (
            self._obs if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """``agent_selection`` until every agent is done, as a generator."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def step(self, action: int | None) -> None:
        """Count a decision; at ``length``, end the game with +1 and -1."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.played += 1
        if self.played >= self.length:
            for i, a in enumerate(self.agents):
                self.rewards[a] = 1.0 if i == 0 else -1.0
                self.terminations[a] = True
            self._accumulate_rewards()
        self.agent_selection = self.possible_agents[self.played & 1]


def null_env(length: int = 60) -> Callable[[int], int]:
    """One "game" of :class:`NullEnv` (``length`` decisions) through the documented
    PettingZoo loop, as :func:`envs.plain` runs the real environment."""
    return aec_loop(NullEnv(length))


def ceiling_table(labels: list[str], seconds: float, rounds: int, width: int) -> None:
    """Print each rule set's rates and their ratios to the engine."""
    names = [
        "engine",
        "+ first look",
        "+ cheapest agent",
        f"lean loop x{width}",
        "pettingzoo (plain)",
        "gymnasium",
        "null AEC env",
        "bound",
    ]
    print("| rule set | " + " | ".join(names) + " | " + " | ".join(names[1:]) + " |")
    print("|---|" + "---:|" * (2 * len(names) - 1))
    for label in labels:
        rules = rule_set(label)
        rates = _measure_all(
            [
                engine(rules),
                first_look(rules),
                first_look(rules, agent=True),
                lean_loop(rules, width),
                plain(rules),
                gymnasium(rules),
                null_env(),
            ],
            seconds,
            rounds,
        )
        # the best an AEC environment could do: the engine and the first look, then
        # the contract's own floor, and nothing else of its own
        rates.append(1.0 / (1.0 / rates[1] + 1.0 / rates[6]))
        cells = " | ".join(f"{x:,.0f}" for x in rates)
        ratios = " | ".join(f"{x / rates[0]:.2f}" for x in rates[1:])
        print(f"| {label} | {cells} | {ratios} |")
    print()
    print(
        "`null AEC env`: the documented PettingZoo loop over an environment with no game "
        "(`NullEnv`); `bound`: one decision of `+ first look` plus one of the null "
        "environment, the most any AEC environment that looks at each position could reach."
    )
    print(
        f"Decisions per CPU second (the last {len(names) - 1} columns: the ratio to the "
        f"engine), one process; Python {sys.version.split()[0]} on {platform.machine()}, "
        f"{os.cpu_count()} cores; `python bench/env_ceiling.py --seconds {seconds:g} "
        f"--rounds {rounds} --width {width}`."
    )


def calls_table(label: str, games: int) -> None:
    """Print the documented PettingZoo loop's time call by call (µs per decision)."""
    from cuttle.envs.pettingzoo import env

    rules = rule_set(label)
    keys, writer = _compiled(rules)
    clock = time.perf_counter_ns
    e: Any = env(rules=rules)
    spent = dict.fromkeys(("reset", "last", "sample", "step", "dead steps"), 0)
    pairs = dict.fromkeys(spent, 0)  # timer readings of each, for its cost
    decisions = 0
    for i in range(games):
        t0 = clock()
        e.reset(seed=i)
        spent["reset"] += clock() - t0
        pairs["reset"] += 1
        for agent in e.agent_iter():
            t0 = clock()
            obs, _reward, term, trunc, _info = e.last()
            spent["last"] += clock() - t0
            pairs["last"] += 1
            if term or trunc:
                t0 = clock()
                e.step(None)
                spent["dead steps"] += clock() - t0
                pairs["dead steps"] += 1
                continue
            t0 = clock()
            action = e.action_space(agent).sample(obs["action_mask"])
            t1 = clock()
            e.step(action)
            t2 = clock()
            spent["sample"] += t1 - t0
            spent["step"] += t2 - t1
            pairs["sample"] += 1
            pairs["step"] += 1
            decisions += 1
    # the engine's and the first look's part, timed on the same games apart
    engine_part = dict.fromkeys(("legal_actions", "first look", "apply"), 0)
    steps = 0
    for i in range(games):
        rng = random.Random(i)
        g = new_game(rules, seed=i)
        while g.winners is None:
            t0 = clock()
            moves = g.legal_actions()
            t1 = clock()
            keys.legal_map_obs_new(moves, writer, g, g.to_act)
            t2 = clock()
            move = rng.choice(moves)
            t3 = clock()
            g.apply(move)
            t4 = clock()
            engine_part["legal_actions"] += t1 - t0
            engine_part["first look"] += t2 - t1
            engine_part["apply"] += t4 - t3
            steps += 1
    empty = min(_timer_cost(clock) for _ in range(5))
    print(f"| µs per decision ({label}, {decisions:,} decisions) | |")
    print("|---|---:|")
    for name, ns in spent.items():
        print(f"| {name} | {(ns - empty * pairs[name]) / decisions / 1000:.2f} |")
    for name, ns in engine_part.items():
        print(f"| of which, timed apart: {name} | {ns / steps / 1000 - empty / 1000:.2f} |")
    print()
    print(
        f"The timer's own cost ({empty:.0f} ns a reading pair) is subtracted; "
        f"`python bench/env_ceiling.py --calls --rules {label} --games {games}`."
    )


def _timer_cost(clock: Callable[[], int], n: int = 100_000) -> float:
    """Nanoseconds of one empty ``clock(); clock()`` pair."""
    t0 = clock()
    for _ in range(n):
        a = clock()
        b = clock()
    del a, b
    return (clock() - t0) / n


def main(argv: list[str] | None = None) -> None:
    """Measure and print."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="standard", help="comma-separated rule-set labels")
    ap.add_argument("--seconds", type=float, default=4.0, help="CPU seconds a measurement")
    ap.add_argument("--rounds", type=int, default=4, help="interleaved slices a measurement")
    ap.add_argument("--width", type=int, default=64, help="games of the lean loop")
    ap.add_argument("--calls", action="store_true", help="the PettingZoo loop call by call")
    ap.add_argument("--games", type=int, default=2000, help="games of --calls")
    args = ap.parse_args(argv)
    labels = [x.strip() for x in args.rules.split(",") if x.strip()]
    if args.calls:
        for label in labels:
            calls_table(label, args.games)
        return
    ceiling_table(labels, args.seconds, args.rounds, args.width)


if __name__ == "__main__":
    main()
