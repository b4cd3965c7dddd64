"""Research-interface speed on one core: environment steps per second against the engine.

For each rule set it plays random games and reports decisions per second for:

* ``engine``: the engine's own rate, ``legal_actions()`` + ``apply()`` of a random move;
* ``engine+view``: the same plus ``game.view(seat)`` of the seat to act (the JSON view
  the reference encoder reads);
* ``engine+seat``: the same plus ``seat_position(game, seat)``
  (:mod:`cuttle.engine.seatview`, the structured view the fast encoder reads);
* ``core``: :class:`cuttle.envs.core.EnvGame` with the observation vector and the mask
  of the seat to act at every decision (what every interface below does);
* ``pettingzoo (plain)``, with ``--plain``: the AEC loop as PettingZoo's documentation
  writes it, public API only, the random agent drawing with
  ``env.action_space(agent).sample(obs["action_mask"])`` (bare, and inside PettingZoo's
  usual wrappers);
* ``pettingzoo``: the AEC loop ``last()`` + ``step()``; the random agent reads the
  ``int8`` mask through a ``bool`` view, ``mask.view(bool).nonzero()[0]`` (1.1 µs;
  ``np.flatnonzero`` of the view 2.4 µs, of the ``int8`` array itself 12 µs in numpy
  2.x: the agent's cost, not the wrapper's);
* ``gymnasium``: ``step()`` against the ``random`` bot, counting every move of the game
  (the agent's and the bot's), so that it compares with the engine's moves; the agent
  draws from ``info["legal_actions"]`` (until 2026-11-28 from
  ``env.action_masks().nonzero()``, 1–2 µs more a step); the env is
  seeded at its first ``reset`` only, as Gymnasium asks of the usual use (a seed at every
  reset rebuilds its generator: ~10 µs a game, ~0.3 µs a decision on a short game);
* ``vector`` (with ``--vector``, a table of its own): :class:`cuttle.envs.vector.
  CuttleVectorEnv`, ``--num-envs`` games stepped in one call against the ``random``
  bot, every move counted as for ``gymnasium``; streamed (its default) with
  ``copy=False`` and ``copy=True``, reseeded with ``copy=False``, beside the single
  environment reseeded (its default) and streamed and Gymnasium's ``SyncVectorEnv``;
  ``--vector-target`` measures the engine and the streamed vector environment
  (``copy=False``) alone, with nothing else alive in the process;
* ``openspiel``: ``legal_actions()`` + ``observation_tensor()`` + ``apply_action()``
  through pyspiel (its chance actions, the deal and the cards placed as play reaches
  them, are timed but not counted);
  ``observation_tensor()`` returns a Python list of 1,980 floats that pyspiel copies
  out of the observer at every call;
* ``openspiel-obs``: the same with OpenSpiel's fast Python path for observations, the
  game's observer (``game.make_py_observer()``), whose numpy ``tensor``
  ``set_from(state, player)`` fills in place.

A random move is drawn the same cheap way everywhere (from the legal list). Discard
steps count as decisions. The ratio columns divide each interface's rate by the
engine's (the target: 0.5 or more). ``--reference`` builds every observation the old
way, encoding ``game.view(seat)`` (:func:`cuttle.bots.encoding.encode_view`), to compare.
Prints a Markdown table and the machine.

Usage::

    python bench/envs.py                       # every rule set, 2 s per measurement
    python bench/envs.py --rules standard --seconds 5
    python bench/envs.py --reference           # the view-based encoder, for comparison
    python bench/envs.py --parts               # where the time of one decision goes
    python bench/envs.py --pure                # without the compiled accelerator
    python bench/envs.py --rounds 1            # each measurement in one piece (as before)
    python bench/envs.py --vector --num-envs 64   # the vector environment (CuttleVectorEnv)
    python bench/envs.py --vector-target          # the engine and the vector env alone
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cuttle import RuleSet, get_rules, new_game

try:
    from cuttle.bots.encoding import compiled_active, use_compiled
except ImportError:  # a tree from before the accelerator (to run this bench on it)

    def compiled_active() -> bool:
        return False

    def use_compiled(enabled: bool) -> bool:
        return False


from cuttle.engine.seatview import seat_position
from cuttle.envs.core import EnvGame

ALL = (
    "classic",
    "standard",
    "cuttlecards",
    "cutthroat",
    "team",
    "multiplayer-2",
    "multiplayer-3",
    "multiplayer-4",
    "multiplayer-5",
)
CAP = 400
"""Move cap of the benchmarked games (random games need one)."""


def rule_set(label: str) -> RuleSet:
    """The rule set for a label such as ``standard`` or ``multiplayer-4`` (capped)."""
    name, _, seats = label.partition("-")
    return dataclasses.replace(get_rules(name, (), int(seats) if seats else None), move_cap=CAP)


def _measure(game_fn: Callable[[int], int], seconds: float) -> float:
    """Decisions per CPU second of ``game_fn(seed) -> decisions`` run for ``seconds``."""
    return _measure_all([game_fn], seconds, 1)[0]


def _measure_all(fns: list[Callable[[int], int]], seconds: float, rounds: int) -> list[float]:
    """Decisions per CPU second of each ``fn(seed) -> decisions``, ``seconds`` each, in
    ``rounds`` interleaved slices (on a shared machine a busy spell then slows every
    column a little rather than one column a lot). Each keeps its own run of seeds."""
    steps = [0] * len(fns)
    spent = [0.0] * len(fns)
    seeds = [0] * len(fns)
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            t0 = time.process_time()
            while time.process_time() - t0 < seconds / rounds:
                steps[i] += fn(seeds[i])
                seeds[i] += 1
            spent[i] += time.process_time() - t0
    return [n / t for n, t in zip(steps, spent, strict=True)]


def engine(rules: RuleSet, view: str = "") -> Callable[[int], int]:
    """One random game on the engine's fast path (``view``: ``"json"`` adds the acting
    seat's ``game.view``, ``"seat"`` its ``seat_position``)."""

    def run(seed: int) -> int:
        rng = random.Random(seed)
        g = new_game(rules, seed=seed)
        n = 0
        while not g.is_over:
            if view == "json":
                g.view(g.to_act)
            elif view == "seat":
                seat_position(g, g.to_act)
            g.apply(rng.choice(g.legal_actions()))
            n += 1
        return n

    return run


def core(rules: RuleSet) -> Callable[[int], int]:
    """One random game through EnvGame: observation + mask + index step."""

    def run(seed: int) -> int:
        rng = random.Random(seed)
        e = EnvGame.new(rules, seed=seed)
        buf = np.zeros(1, dtype=np.float32)
        n = 0
        while not e.is_over:
            buf = e.observation(e.to_act)
            e.mask()
            e.step(rng.choice(e.legal_list()))
            n += 1
        del buf
        return n

    return run


def pettingzoo(rules: RuleSet) -> Callable[[int], int]:
    """One random game through the AEC loop."""
    from cuttle.envs.pettingzoo import env

    e = env(rules=rules)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        e.reset(seed=seed)
        n = 0
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _i = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(obs["action_mask"].view(np.bool_).nonzero()[0].tolist()))
            n += 1
        return n

    return run


def plain(rules: RuleSet, wrapped: bool = False) -> Callable[[int], int]:
    """One random game through the AEC loop as PettingZoo's documentation writes it,
    public API only: ``agent_iter()``, ``last()``, ``action_space(agent).sample(mask)``
    and ``step()``. With ``wrapped``, inside PettingZoo's usual wrappers (the classic
    games' ``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``)."""
    from cuttle.envs.pettingzoo import env as make

    e: Any = make(rules=rules)
    if wrapped:
        from pettingzoo.utils import wrappers

        e = wrappers.OrderEnforcingWrapper(
            wrappers.AssertOutOfBoundsWrapper(wrappers.TerminateIllegalWrapper(e, -1))
        )

    return aec_loop(e)


def aec_loop(e: Any) -> Callable[[int], int]:
    """One game of the AEC environment ``e`` through the loop PettingZoo's documentation
    writes, a random legal action at each decision; returns the decisions made."""

    def run(seed: int) -> int:
        e.reset(seed=seed)
        n = 0
        for agent in e.agent_iter():
            observation, _reward, termination, truncation, _info = e.last()
            if termination or truncation:
                action = None
            else:
                action = e.action_space(agent).sample(observation["action_mask"])
                n += 1
            e.step(action)
        return n

    return run


def plain_table(labels: list[str], seconds: float, rounds: int) -> None:
    """Print the engine and the plain PettingZoo loop (:func:`plain`), bare and inside
    the usual wrappers, with their ratios to the engine."""
    print(
        "| rule set | engine | pettingzoo (plain) | plain / engine | inside the usual "
        "wrappers | wrapped / engine |"
    )
    print("|---|" + "---:|" * 5)
    for label in labels:
        rules = rule_set(label)
        eng, bare, wrapped = _measure_all(
            [engine(rules), plain(rules), plain(rules, wrapped=True)], seconds, rounds
        )
        print(
            f"| {label} | {eng:,.0f} | {bare:,.0f} | {bare / eng:.2f} | {wrapped:,.0f} "
            f"| {wrapped / eng:.2f} |"
        )
    print()
    how = "compiled accelerator" if compiled_active() else "pure Python"
    print(
        f"Decisions per CPU second, one process; move cap {CAP}; {how}. "
        f"Python {sys.version.split()[0]} on {platform.machine()}, {os.cpu_count()} cores; "
        f"`python bench/envs.py --plain --seconds {seconds:g} --rounds {rounds}"
        f"{'' if compiled_active() else ' --pure'}`."
    )


def gymnasium(rules: RuleSet, seeding: str = "reseed") -> Callable[[int], int]:
    """One random game through the Gymnasium env against the random bot (``seeding``:
    the environment's, ``"reseed"`` by default)."""
    from cuttle.envs.gym import CuttleEnv

    env = CuttleEnv(rules=rules, opponent="random", seeding=seeding)
    seeded = [False]

    def run(seed: int) -> int:
        rng = random.Random(seed)
        # seeded at the first reset only, as Gymnasium's Env.reset asks of the usual use
        # (later resets draw from the generator that seed started)
        if seeded[0]:
            _o, info = env.reset()
        else:
            _o, info = env.reset(seed=seed)
            seeded[0] = True
        done = False
        while not done:
            # the agent draws from the legal indices the info hands it (as the engine's
            # loop draws from its legal list)
            _o, _r, term, trunc, info = env.step(rng.choice(info["legal_actions"]))
            done = term or trunc
        return len(env.game.log)

    return run


def gymnasium_vector(
    rules: RuleSet, num_envs: int, copy: bool, sync: bool = False, seeding: str = "stream"
) -> Callable[[int], int]:
    """Random games through the vector environment (``num_envs`` sub-environments
    against the ``random`` bot, ``copy`` and ``seeding`` as its arguments), or with
    ``sync`` through
    Gymnasium's ``SyncVectorEnv`` of single environments (``make_vec``'s
    ``vectorization_mode="sync"``): each call makes 20 steps of all of them and counts
    the moves of the games that ended in them (the agent's and the bots', as
    ``gymnasium`` counts), so a long run counts every move once. The agent draws each
    action from ``info["legal_actions"]``."""
    import gymnasium as gym

    from cuttle.envs.gym import CuttleEnv
    from cuttle.envs.vector import CuttleVectorEnv

    env: Any
    if sync:
        env = gym.vector.SyncVectorEnv(
            [lambda: CuttleEnv(rules=rules, opponent="random")] * num_envs, copy=copy
        )
    else:
        env = CuttleVectorEnv(num_envs, rules=rules, opponent="random", copy=copy, seeding=seeding)
    state: dict[str, Any] = {}

    def run(seed: int) -> int:
        if not state:
            state["info"] = env.reset(seed=seed)[1]
            state["rng"] = random.Random(seed)
        rng = state["rng"]
        info = state["info"]
        n = 0
        for _ in range(20):
            acts = [rng.choice(legal) if legal else 0 for legal in info["legal_actions"]]
            _o, _r, term, trunc, info = env.step(acts)
            ended = np.flatnonzero(term | trunc).tolist()
            if ended:
                # the games just ended (the vector env keeps them in ``games``)
                games = [e.game for e in env.envs] if sync else env.games
                for i in ended:
                    n += len(games[i].log)
        state["info"] = info
        return n

    return run


def vector_table(
    labels: list[str], seconds: float, rounds: int, num_envs: int, target: bool = False
) -> None:
    """Print the engine, the vector environment (streamed, with and without ``copy``;
    reseeded, without), the single Gymnasium environment (reseeded, its default, and
    streamed) and Gymnasium's ``SyncVectorEnv`` of single ones (without ``copy``),
    decisions per CPU second and their ratios to the engine. With ``target``, the engine
    and the streamed vector environment without ``copy`` alone (the issue's measure,
    with nothing else alive in the process)."""
    names = [
        f"vector ({num_envs}, copy=False)",
        f"vector ({num_envs}, copy=True)",
        f"vector reseed ({num_envs}, copy=False)",
        "gymnasium",
        "gymnasium stream",
        f"SyncVectorEnv ({num_envs}, copy=False)",
    ]
    if target:
        names = names[:1]
    print("| rule set | engine | " + " | ".join(names) + " | " + " | ".join(
        f"{name} / engine" for name in names) + " |")  # fmt: skip
    print("|---|" + "---:|" * (1 + 2 * len(names)))
    for label in labels:
        rules = rule_set(label)
        fns = [
            engine(rules),
            gymnasium_vector(rules, num_envs, False),
            gymnasium_vector(rules, num_envs, True),
            gymnasium_vector(rules, num_envs, False, seeding="reseed"),
            gymnasium(rules),
            gymnasium(rules, seeding="stream"),
            gymnasium_vector(rules, num_envs, False, sync=True),
        ]
        eng, *rates = _measure_all(fns[: 1 + len(names)], seconds, rounds)
        print(
            f"| {label} | {eng:,.0f} | "
            + " | ".join(f"{r:,.0f}" for r in rates)
            + " | "
            + " | ".join(f"{r / eng:.2f}" for r in rates)
            + " |"
        )
    print()
    how = "compiled accelerator" if compiled_active() else "pure Python"
    print(
        f"Decisions per CPU second, one process ({how}); move cap {CAP}; Python "
        f"{sys.version.split()[0]}, {os.cpu_count()} cores; `python bench/envs.py "
        f"{'--vector-target' if target else '--vector'} --num-envs {num_envs} "
        f"--seconds {seconds:g} --rounds {rounds}`."
    )


def openspiel(rules: RuleSet, observer: bool = False, direct: bool = False) -> Callable[[int], int]:
    """One random game through pyspiel, with an observation tensor per decision:
    ``state.observation_tensor()`` (a Python list of 1,980 floats, copied out by pyspiel),
    or with ``observer`` the Python game's observer (``game.make_py_observer()``) whose
    ``tensor``, a numpy array, ``set_from(state, player)`` fills in place. With ``direct``
    every action goes straight to the game's ``_apply_action`` instead of through
    pyspiel's ``apply_action`` (C++ ``State::ApplyAction``, which calls back into Python
    for ``current_player`` and ``_apply_action``): not a way to play (pyspiel's history is
    left behind), only to measure what that dispatch costs."""
    import pyspiel

    import cuttle.envs.openspiel  # noqa: F401 - registers python_cuttle

    params = {
        "rules": rules.name,
        "players": rules.players,
        "move_cap": rules.move_cap,
    }
    game = pyspiel.load_game("python_cuttle", params)
    obs = game.make_py_observer()

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        apply = state._apply_action if direct else state.apply_action
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                apply(rng.choice(state.chance_outcomes())[0])
                continue
            if observer:
                obs.set_from(state, state.current_player())
            else:
                state.observation_tensor(state.current_player())
            apply(rng.choice(state.legal_actions()))
            n += 1
        return n

    return run


def parts(rules: RuleSet, games: int = 200) -> dict[str, float]:
    """Microseconds per decision of each piece, over the positions of random games."""
    from cuttle.bots.encoding import SeatEncoder, encode_view, legal_indices

    positions = []
    for seed in range(games):
        rng = random.Random(seed)
        g = new_game(rules, seed=seed)
        while not g.is_over:
            positions.append(g.copy())
            g.apply(rng.choice(g.legal_actions()))
    encoder = SeatEncoder(rules)
    views = [g.view(g.to_act) for g in positions]
    seats = [seat_position(g, g.to_act) for g in positions]
    legal = [(g.legal_actions(), g.to_act, g.n) for g in positions]
    masks = []
    for moves, actor, n in legal:
        m = np.zeros(6278, dtype=np.int8)
        m.put(list(legal_indices(moves, actor, n)), 1)
        masks.append(m)
    rng = random.Random(0)

    def decide(g: object) -> None:
        copy = g.copy()  # type: ignore[attr-defined]
        copy.apply(rng.choice(copy.legal_actions()))

    def copy_only(g: object) -> None:
        g.copy()  # type: ignore[attr-defined]

    def mask(x: tuple[list[object], int, int]) -> None:
        m = np.zeros(6278, dtype=np.int8)
        m.put(list(legal_indices(*x)), 1)  # type: ignore[arg-type]

    compiled: list[tuple[str, Callable[[object], object], list[object]]] = []
    writer = encoder.writer
    if writer is not None:
        from cuttle.bots.encoding import compiled_action_keys

        keys = compiled_action_keys()
        vec = np.zeros(len(encoder.encode(seats[0])), dtype=np.float32)
        compiled = [
            ("compiled: observation from the game", lambda g: writer.encode_new(g, g.to_act, ()),
             positions),
            ("compiled: same, into one buffer", lambda g: writer.encode(g, g.to_act, (), vec),
             positions),
            ("compiled: legal map + int8 mask", lambda x: keys.legal_map_new(*x), legal),
        ]  # fmt: skip
    pieces: list[tuple[str, Callable[[object], object], list[object]]] = [
        ("engine decision (legal_actions + apply)", decide, positions),
        ("(copy, subtracted above)", copy_only, positions),
        ("game.view(seat)", lambda g: g.view(g.to_act), positions),
        ("encode_view(view)", lambda v: encode_view(v, rules), views),
        ("seat_position(game, seat)", lambda g: seat_position(g, g.to_act), positions),
        ("SeatEncoder.encode(position)", encoder.encode, seats),
        ("legal indices + int8 mask (pure Python)", mask, legal),
        *compiled,
        ("np.flatnonzero(int8 mask)", np.flatnonzero, masks),
        ("np.flatnonzero(mask.view(bool))", lambda m: np.flatnonzero(m.view(np.bool_)), masks),
        ("mask.view(bool).nonzero()[0]", lambda m: m.view(np.bool_).nonzero()[0], masks),
    ]
    out: dict[str, float] = {}
    for name, fn, items in pieces:
        before = use_compiled(False) if "pure" in name else None
        t0 = time.process_time()
        for x in items:
            fn(x)
        out[name] = (time.process_time() - t0) / len(items) * 1e6
        if before:
            use_compiled(before)
    out["engine decision (legal_actions + apply)"] -= out.pop("(copy, subtracted above)")
    return out


def dispatch_table(labels: list[str], seconds: float, rounds: int) -> None:
    """Print the engine, ``openspiel-obs``, and the same with every action applied
    straight by the game (``direct``): the difference is pyspiel's dispatch, the C++
    ``State::ApplyAction`` of a Python game calling back into Python twice per action,
    chance actions included."""
    print(
        "| rule set | engine | openspiel-obs | without pyspiel's dispatch | openspiel-obs "
        "/ engine | without dispatch / engine | dispatch µs per decision |"
    )
    print("|---|" + "---:|" * 6)
    for label in labels:
        rules = rule_set(label)
        eng, full, direct = _measure_all(
            [engine(rules), openspiel(rules, True), openspiel(rules, True, direct=True)],
            seconds,
            rounds,
        )
        cost = (1 / full - 1 / direct) * 1e6
        print(
            f"| {label} | {eng:,.0f} | {full:,.0f} | {direct:,.0f} | {full / eng:.2f} "
            f"| {direct / eng:.2f} | {cost:.1f} |"
        )
    print()
    print(
        f"Decisions per CPU second, one process; Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} cores; `python bench/envs.py --dispatch --seconds {seconds:g} "
        f"--rounds {rounds}`."
    )


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default=",".join(ALL), help="comma-separated rule-set labels")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument(
        "--reference", action="store_true", help="observations from game.view (the old encoder)"
    )
    ap.add_argument("--parts", action="store_true", help="time each piece of a decision")
    ap.add_argument("--rounds", type=int, default=4, help="interleaved slices of each measurement")
    ap.add_argument(
        "--pure", action="store_true", help="the pure-Python encoder (no compiled accelerator)"
    )
    ap.add_argument(
        "--plain",
        action="store_true",
        help="the plain PettingZoo loop (public API, action_space(agent).sample(mask)) "
        "against the engine",
    )
    ap.add_argument(
        "--dispatch",
        action="store_true",
        help="what pyspiel's own C++ dispatch of each action costs (openspiel-obs with and "
        "without it)",
    )
    ap.add_argument(
        "--vector",
        action="store_true",
        help="the Gymnasium vector environment against the single one and the engine",
    )
    ap.add_argument(
        "--vector-target",
        action="store_true",
        help="the engine and the streamed vector environment (copy=False) alone: the "
        "issue's measure, nothing else alive in the process",
    )
    ap.add_argument("--num-envs", type=int, default=64, help="sub-environments of --vector")
    args = ap.parse_args(argv)
    EnvGame.reference_observations = args.reference
    if args.pure:
        use_compiled(False)
    if args.parts:
        labels = [x.strip() for x in args.rules.split(",") if x.strip()]
        table = {label: parts(rule_set(label)) for label in labels}
        print("| µs per decision | " + " | ".join(labels) + " |")
        print("|---|" + "---:|" * len(labels))
        for name in table[labels[0]]:
            print(f"| {name} | " + " | ".join(f"{table[lb][name]:.1f}" for lb in labels) + " |")
        return
    labels = [x.strip() for x in args.rules.split(",") if x.strip()]
    if args.dispatch:
        dispatch_table(labels, args.seconds, args.rounds)
        return
    if args.vector or args.vector_target:
        vector_table(labels, args.seconds, args.rounds, args.num_envs, args.vector_target)
        return
    if args.plain:
        plain_table(labels, args.seconds, args.rounds)
        return
    print(
        "| rule set | engine | engine+view | engine+seat | core | pettingzoo | gymnasium "
        "| openspiel | core / engine | pettingzoo / engine | gymnasium / engine "
        "| openspiel / engine | pettingzoo / engine+view | openspiel-obs "
        "| openspiel-obs / engine |"
    )
    print("|---|" + "---:|" * 14)
    for label in labels:
        rules = rule_set(label)
        *rates, observer = _measure_all(
            [
                engine(rules),
                engine(rules, "json"),
                engine(rules, "seat"),
                core(rules),
                pettingzoo(rules),
                gymnasium(rules),
                openspiel(rules),
                openspiel(rules, observer=True),
            ],
            args.seconds,
            args.rounds,
        )
        cells = " | ".join(f"{r:,.0f}" for r in rates)
        ratios = " | ".join(f"{r / rates[0]:.2f}" for r in rates[3:])
        print(
            f"| {label} | {cells} | {ratios} | {rates[4] / rates[1]:.2f} "
            f"| {observer:,.0f} | {observer / rates[0]:.2f} |"
        )
    print()
    flag = (" --reference" if args.reference else "") + (" --pure" if args.pure else "")
    how = "compiled accelerator" if compiled_active() else "pure Python"
    print(
        f"Decisions per CPU second, one process; move cap {CAP}; observations "
        f"{'from game.view (reference)' if args.reference else 'from the game'} ({how}). "
        f"Python {sys.version.split()[0]} on {platform.machine()} "
        f"({platform.processor() or 'cpu'}), {os.cpu_count()} cores; "
        f"`python bench/envs.py --seconds {args.seconds:g} --rounds {args.rounds}{flag}`."
    )


if __name__ == "__main__":
    main()
