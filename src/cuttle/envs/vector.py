"""Many games in one call: Cuttle as a Gymnasium vector environment.

>>> import gymnasium, cuttle.envs
>>> envs = gymnasium.make_vec("Cuttle-v0", num_envs=4, rules="standard")
>>> obs, info = envs.reset(seed=7)
>>> obs.shape, info["action_mask"].shape
((4, 1980), (4, 6278))
>>> actions = [legal[0] for legal in info["legal_actions"]]
>>> obs, rewards, terminated, truncated, info = envs.step(actions)

:class:`CuttleVectorEnv` runs ``num_envs`` copies of :class:`~cuttle.envs.gym.CuttleEnv`
(one learning seat against bots) and steps them all in one ``step`` call, writing every
observation and mask into one preallocated array each, as EnvPool does. Sub-environment
``i`` is the single environment (with the same ``seeding``) seeded ``seed + i``: for the
same actions it deals and plays the same games, move for move
(``tests/envs/test_envs_vector.py`` checks it).

``seeding="stream"``, the default here, draws each sub-environment's deals and its
``"random"`` opponents' moves from one generator (see :mod:`cuttle.envs.gym`): a new
game costs a shuffle rather than three new generators, and a bot's move one draw from
the engine's legal list rather than a sort of its move texts. ``seeding="reseed"`` gives
the single environment's default games.
Finished games start again on the next step (Gymnasium's ``next-step`` autoreset: that
step ignores the action given for the sub-environment and returns the new game's first
observation with a reward of 0).

Where the compiled accelerator is built (:func:`cuttle.bots.encoding.compiled_active`)
and every other seat is played by the ``random`` bot, a step of one game (the agent's
move or one card of a discard chosen card by card, the bots' replies, the next
observation and mask, and, streamed, the next game's deal) runs in compiled code with no
Python per move; any other step (another bot, an illegal action, a move outside the
action table) goes through the single environment's own ``step``, so both paths play by
one set of rules. A sub-environment's :class:`CuttleEnv` hears of a game the compiled
code dealt when its own ``step`` is next needed, or when :attr:`CuttleVectorEnv.envs`
is read; :attr:`CuttleVectorEnv.games` gives every game as it stands.

``info`` holds, per sub-environment, ``legal_actions`` (an object array of lists),
``action_mask`` (``bool``, ``num_envs x 6278``) and ``seat``; after a game's last move
``result`` and ``termination`` (and ``illegal_action`` after an illegal one), each with
Gymnasium's ``_key`` mask saying which sub-environments carry it. With ``copy=True``
(the default, as :class:`gymnasium.vector.SyncVectorEnv`) the observations and masks
returned are new arrays; ``copy=False`` returns the environment's own, which the next
step overwrites.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..bots import Bot
from ..bots import encoding as _encoding
from ..bots.random_bot import RandomBot
from ..engine.game import new_game
from ..engine.moves import move_text
from ..engine.rules import RuleSet
from . import gym as _gym
from .core import EnvGame, _encoder, returns_of
from .encoding import NUM_ACTIONS, OBS_SIZE, EncodingError, action_name
from .gym import CuttleEnv

FAST = 0
"""The compiled stepper's codes (``Stepper.advance_all``): the game goes on, its
observation and mask written."""
OVER = 1
"""The game ended in the step (the final observation is not written)."""
SLOW = -1
"""Nothing was done: the step needs the single environment's ``step``."""
WRITE = 2
"""The moves were made; the observation and mask need the Python path."""
SKIPPED = 3
"""Left alone: the game is over (the step deals a new one) or its bots are not all the
``random`` bot."""
DEALT = 8
"""Added to a code when the compiled stepper dealt the sub-environment a new game
(``seeding="stream"``, every opponent ``"random"``): the low bits say how it stands."""


class CuttleVectorEnv(VectorEnv):
    """``num_envs`` single-seat Cuttle games against bots, stepped together."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 8,
        rules: str | RuleSet = "standard",
        opponent: str | Bot | Sequence[str | Bot] = "random",
        seat: int | str = 0,
        players: int | None = None,
        variants: Sequence[str] = (),
        move_cap: int | None = None,
        illegal_action: str = "lose",
        copy: bool = True,
        seeding: str = "stream",
    ) -> None:
        """Build ``num_envs`` environments, each as :class:`CuttleEnv` with the same
        arguments (a bot given as an object is shared by all of them); ``copy`` and
        ``seeding`` as in the module's description."""
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self._envs = [
            CuttleEnv(
                rules, opponent, seat, players, variants, move_cap, illegal_action,
                seeding=seeding,
            )
            for _ in range(num_envs)
        ]  # fmt: skip
        self.seeding = seeding
        first = self._envs[0]
        # streamed with "random" opponents only: the compiled stepper deals new games too
        self._deal = _Dealer(first.rules) if first.streams_random_only() else None
        # the seat each new game gives the agent (-1: drawn), as CuttleEnv.reset() does
        self._seat_choice = [-1 if seat == "random" else int(seat)] * num_envs
        self.num_envs = num_envs
        self.copy = copy
        self.rules = first.rules
        self.illegal_action = illegal_action
        self.single_observation_space = first.observation_space
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, OBS_SIZE), dtype=np.float32)
        self._mask = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        # per sub-environment, as the compiled stepper reads them: its EnvGame, the
        # agent's seat, the random bots' generators by seat (streamed: the stream; None:
        # not all random), and whether its game is over (the next step deals a new one)
        self._games: list[Any] = [None] * num_envs
        self._seats = [0] * num_envs
        self._seats_seen: list[int] = []  # the seats _seats_array was made from
        self._seats_array = np.zeros(0, dtype=np.int64)
        self._rngs: list[Any] = [None] * num_envs
        self._done = [False] * num_envs
        # dealt by the compiled stepper since its CuttleEnv last heard (see _env)
        self._dealt = [False] * num_envs
        self._stepper: Any = None

    @property
    def envs(self) -> list[CuttleEnv]:
        """The sub-environments, each holding its game now."""
        return [self._env(i) for i in range(self.num_envs)]

    @property
    def games(self) -> list[EnvGame]:
        """Each sub-environment's game now (the one just ended, after a step that ends
        it): ``games[i].log`` holds its moves, ``games[i].game`` the engine's game."""
        return list(self._games)

    def _env(self, i: int) -> CuttleEnv:
        """Sub-environment ``i``, told first of a game the compiled stepper dealt it
        (the stepper deals without it; it hears only when its Python path is needed)."""
        env = self._envs[i]
        if self._dealt[i]:
            env.adopt(self._games[i], self._seats[i])
            self._dealt[i] = False
        return env

    # ------------------------------------------------------------------ reset

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game in every sub-environment: ``seed`` an int (sub-environment
        ``i`` gets ``seed + i``), one seed each, or None; ``options`` as
        :meth:`CuttleEnv.reset`'s, for all of them."""
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int | np.integer):
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"{n} sub-environments need {n} seeds, got {len(seeds)}")
        self._stepper = self._make_stepper()
        infos = _Infos(n)
        for i in range(n):
            self._reset_one(i, seeds[i], options, infos)
        return self._out_obs(), infos.done(self._out_mask(), self._seat_array())

    def _reset_one(
        self, i: int, seed: int | None, options: dict[str, Any] | None, infos: _Infos
    ) -> None:
        env = self._envs[i]
        self._dealt[i] = False
        obs, info = env.reset(seed=seed, options=options)
        g = self._games[i] = env.game
        self._done[i] = g.is_over
        self._seats[i] = env.seat
        self._rngs[i] = _random_rngs(env)
        self._write(i, obs, info, infos)

    def _write(self, i: int, obs: np.ndarray, info: dict[str, Any], infos: _Infos) -> None:
        """Copy one environment's ``step``/``reset`` answer into row ``i``."""
        if self._stepper is not None:
            self._stepper.forget_row(i)  # it no longer knows what the row holds
        self._obs[i] = obs
        self._mask[i] = info["action_mask"].view(np.int8)
        infos.legal[i] = info["legal_actions"]
        for key in ("result", "termination", "illegal_action"):
            if key in info:
                infos.put(key, i, info[key])

    def _make_stepper(self) -> Any:
        """The compiled stepper, or None (the accelerator is off or not built)."""
        if not _encoding.compiled_active():
            return None
        from ..bots import _fastenc

        writer = _encoder(self.rules).writer
        if writer is None:
            return None
        return _fastenc.Stepper(
            _encoding._KEYS, writer, self._obs, self._mask, _gym._TEXTS, move_text,
            _encoding.DISCARD_DONE_INDEX,
        )  # fmt: skip

    # ------------------------------------------------------------------- step

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play one action in each sub-environment (one per sub-environment, an index of
        the action table); a sub-environment whose game ended on the step before starts
        a new one instead."""
        n = self.num_envs
        if type(actions) is list and len(actions) == n and set(map(type, actions)) == {int}:
            act_list = actions  # plain ints already (numpy's conversion costs more)
        else:
            acts = np.asarray(actions)
            if acts.shape != (n,):
                raise ValueError(
                    f"step needs {n} actions, one per sub-environment, not {acts.shape}"
                )
            if not np.issubdtype(acts.dtype, np.integer):
                raise ValueError(f"actions must be integers, not {acts.dtype}")
            act_list = acts.tolist()
        done = self._done
        if self.illegal_action == "raise":
            self._check(act_list)
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=np.bool_)
        truncated = np.zeros(n, dtype=np.bool_)
        infos = _Infos(n)
        stepper = self._stepper
        if stepper is not None:
            # every row the compiled stepper can take in one call; the rest below
            if self.seeding == "stream":
                left = stepper.advance_stream_all(
                    self._games, act_list, self._seats, self._rngs, done, infos.legal,
                    self._deal, self._seat_choice, self._dealt,
                )  # fmt: skip
            else:
                left = stepper.advance_all(
                    self._games, act_list, self._seats, self._rngs, done, infos.legal
                )
        else:
            left = [(i, SLOW) for i in range(n)]
        for i, code in left:
            if code == OVER:
                # the moves are made and the last observation written (compiled)
                out = self._games[i].game.outcome
                reward = returns_of(out, self.rules.players)[self._seats[i]]
                trunc = out.termination == "move-cap"  # as EnvGame.truncated
                infos.put("result", i, out.result())
                infos.put("termination", i, out.termination)
                term = not trunc
            else:
                env = self._env(i)
                if code >= DEALT:
                    # dealt a new game (streamed) that is over at once or needs Python
                    obs, info = env.answer()
                    self._write(i, obs, info, infos)
                    continue
                if done[i]:
                    self._reset_one(i, None, None, infos)
                    continue
                if code == WRITE:
                    # the moves are made (compiled): the next observation and mask remain
                    obs, info = env.answer()
                    reward, term, trunc = 0.0, False, False
                else:
                    obs, reward, term, trunc, info = env.step(act_list[i])
                self._write(i, obs, info, infos)
            rewards[i] = reward
            terminated[i] = term
            truncated[i] = trunc
            done[i] = term or trunc
        return (
            self._out_obs(),
            rewards,
            terminated,
            truncated,
            infos.done(self._out_mask(), self._seat_array()),
        )

    def _check(self, actions: list[int]) -> None:
        """Raise :class:`EncodingError` for the first illegal action of a game that goes
        on, before any game moves (``illegal_action="raise"``: a refused step changes
        nothing)."""
        for i, action in enumerate(actions):
            if self._done[i]:
                continue
            legal = self._games[i].legal()
            if action not in legal:
                name = action_name(action) if 0 <= action < NUM_ACTIONS else "?"
                raise EncodingError(
                    f"sub-environment {i}: action {action} ({name}) is not legal now"
                )

    def __getstate__(self) -> dict[str, Any]:
        """Pickle without the compiled stepper (rebuilt on unpickling, on the new
        arrays)."""
        state = self.__dict__.copy()
        state["_stepper"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickle, with a stepper of its own where one ran before."""
        self.__dict__.update(state)
        if any(g is not None for g in self._games):
            self._stepper = self._make_stepper()

    def _seat_array(self) -> np.ndarray:
        """The agents' seats as ``info["seat"]`` (a new array; made again from the
        list only when a seat changed)."""
        if self._seats != self._seats_seen:
            self._seats_seen = list(self._seats)
            self._seats_array = np.array(self._seats, dtype=np.int64)
        return self._seats_array.copy()

    def _out_obs(self) -> np.ndarray:
        return self._obs.copy() if self.copy else _read_only(self._obs)

    def _out_mask(self) -> np.ndarray:
        mask = self._mask.view(np.bool_)
        return mask.copy() if self.copy else _read_only(mask)

    def action_masks(self) -> np.ndarray:
        """The legal actions of every sub-environment now (``bool``, ``num_envs x
        6278``), as MaskablePPO asks of a vector environment."""
        return self._out_mask()

    def close_extras(self, **kwargs: Any) -> None:
        """Close every sub-environment."""
        for env in self._envs:
            env.close()


def _random_rngs(env: CuttleEnv) -> Any:
    """The generators of ``env``'s bots by seat (None at the agent's) when every bot is
    the ``random`` bot asked with the legal move texts alone (as :meth:`CuttleEnv.step`
    asks it), so that the compiled stepper may draw their moves as that bot does;
    streamed, the stream when every other seat's moves are drawn from it; else None."""
    if env.seeding == "stream":
        return env.stream if env.streams_random_only() else None
    rngs: list[Any] = [None] * env.rules.players
    for s, bot in env.bots.items():
        chooser = env._choosers.get(s)
        if type(bot) is not RandomBot or chooser is None:
            return None
        rngs[s] = bot.rng
    return rngs


def _read_only(array: np.ndarray) -> np.ndarray:
    """A view of ``array`` that cannot be written through (``copy=False`` hands out the
    environment's own arrays: written over, the next step's rows would be wrong)."""
    view = array.view()
    view.flags.writeable = False
    return view


class _Dealer:
    """A new game of one rule set from a stream, as :meth:`CuttleEnv.reset` deals it
    when streamed (a class, not a closure, so the environment pickles)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def __call__(self, gen: random.Random) -> EnvGame:
        return EnvGame(new_game(self.rules, rng=gen))


class _Infos:
    """One step's ``info``: per sub-environment values and their ``_key`` masks."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.legal: list[list[int]] = [[]] * n  # every row's replaced in the step
        self.extra: dict[str, list[tuple[int, Any]]] = {}

    def put(self, key: str, i: int, value: Any) -> None:
        """Set ``key`` of sub-environment ``i``."""
        got = self.extra.get(key)
        if got is None:
            self.extra[key] = [(i, value)]
        else:
            got.append((i, value))

    def done(self, mask: np.ndarray, seat: np.ndarray) -> dict[str, Any]:
        """The ``info`` dict, with ``mask`` as ``action_mask`` and ``seat``."""
        n = self.n
        every = np.empty(n, dtype=np.bool_)
        every.fill(True)
        info: dict[str, Any] = {
            "action_mask": mask,
            "_action_mask": every,
            "legal_actions": np.fromiter(self.legal, dtype=object, count=n),
            "_legal_actions": every,
            "seat": seat,
            "_seat": every,
        }
        for key, items in self.extra.items():
            values = np.zeros(n, dtype=np.bool_ if isinstance(items[0][1], bool) else object)
            present = np.zeros(n, dtype=np.bool_)
            for i, value in items:
                values[i] = value
                present[i] = True
            info[key] = values
            info["_" + key] = present
        return info
