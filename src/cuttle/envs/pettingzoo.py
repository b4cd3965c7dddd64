"""Cuttle as a PettingZoo AEC environment, following the classic-games conventions.

>>> from cuttle.envs.pettingzoo import env
>>> e = env(rules="cutthroat")
>>> e.reset(seed=1)
>>> e.agents
['player_0', 'player_1', 'player_2']
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

* Agents are ``player_0`` .. ``player_{n-1}`` (the engine's seats p0..).
  ``agent_selection`` is always the seat that must decide now, so counters, a four's
  victim and team's out-of-turn answers are simply that agent's turn.
* Observations are dicts: ``observation`` (the vector of
  :func:`cuttle.envs.encoding.encode_view`, built from the seat's view) and
  ``action_mask`` (``int8``; all zeros for agents not to act). Both are computed once
  per position and agent; read the mask's legal indices through a ``bool`` view
  (``np.flatnonzero(mask.view(bool))``): numpy's ``nonzero`` on ``int8`` is ten
  times slower.
* Rewards come at the end only: +1 to each winner (both partners in team), -1 to every
  other seat, 0 to all on a draw. A game stopped by the rule set's move cap is a
  *truncation* (reward 0); every other end is a termination.
* ``legal_actions(agent)`` lists the legal indices beside the mask;
  ``env.action_space(agent).sample(obs["action_mask"])`` draws from them cheaply
  (:mod:`cuttle.envs.spaces`). ``state()`` is the full state (every hand face up), for
  centralized critics; :func:`cuttle.envs.pettingzoo_parallel.parallel_env` is the
  parallel form of this environment.
* A discard is chosen one card at a time (see :mod:`cuttle.envs.encoding`): the same
  agent acts again until the discard is complete.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..bots import encoding as _encoding
from ..engine.rules import RuleSet
from .core import EnvGame, _encoder, make_rules, returns_of
from .encoding import NUM_ACTIONS, OBS_HIGH, OBS_SIZE
from .render import RENDER_MODES, check_mode, render_view
from .spaces import LegalActionSpace

if TYPE_CHECKING:
    from ..bots._fastenc import ActionKeys, ObsWriter


def env(**kwargs: Any) -> CuttleAECEnv:
    """Return a new Cuttle AEC environment (keyword arguments of :class:`CuttleAECEnv`)."""
    return CuttleAECEnv(**kwargs)


raw_env = env
"""Alias kept for the PettingZoo convention (this environment needs no wrappers)."""


class CuttleAECEnv(AECEnv):  # type: ignore[misc]
    """Cuttle for 2 to 5 agents under any rule set, variant or house rules."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads a plain class dict
        "render_modes": RENDER_MODES,
        "name": "cuttle_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | RuleSet = "standard",
        players: int | None = None,
        variants: Sequence[str] = (),
        move_cap: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        """Build the environment for ``rules`` (a preset name or a :class:`RuleSet`).

        ``players`` picks the seat count where the rule set allows one (multiplayer:
        2 to 5); ``move_cap`` overrides the rule set's cap (a truncation when hit).
        """
        super().__init__()
        check_mode(render_mode)
        self.rules = make_rules(rules, players, variants, move_cap)
        self.render_mode = render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBS_HIGH, (OBS_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces: dict[str, LegalActionSpace] = {
            a: LegalActionSpace(NUM_ACTIONS, self._legal_of) for a in self.possible_agents
        }
        self.state_space = spaces.Box(0.0, OBS_HIGH, (OBS_SIZE,), np.float32)
        """The space of :meth:`state`."""
        self.state_: EnvGame | None = None
        self._keys: ActionKeys | None = None
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)
        self._falses = dict.fromkeys(self.possible_agents, False)
        self._writer: ObsWriter | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object on every call)."""
        return self.action_spaces[agent]

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickle, binding the action spaces to this environment again (a space
        leaves its environment out when pickled)."""
        self.__dict__.update(state)
        for space in self.action_spaces.values():
            space.bind(self._legal_of)

    def _legal_of(self, mask: np.ndarray) -> tuple[int, ...] | None:
        """The legal indices of ``mask`` when it is this position's mask as handed out
        (what :class:`LegalActionSpace` samples from), else ``None``."""
        g = self.state_
        if g is not None and mask is g._mask and (legal := g._legal) is not None:
            return tuple(legal)
        return None

    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The legal action indices of ``agent`` (default: the agent to act), ascending:
        the ones of its ``action_mask``, empty for an agent not to act."""
        g = self.game
        seat = g.game.to_act if agent is None else self._seat[agent]
        if g.game.winners is not None or seat != g.game.to_act:
            return []
        return g.legal_list()

    def state(self) -> np.ndarray:
        """The full state as one vector, for centralized critics: the observation layout
        from the chair of the seat to act, with every hand face up and the discard being
        chosen; only the order of the deck's unseen cards is left out (no seat knows it).
        Never hand it to a seat's policy: it shows the others' hands."""
        g = self.game
        game = g.game
        return _encoder(self.rules).encode_world(game, game.to_act, g.chosen)

    @property
    def game(self) -> EnvGame:
        """The driven game (after :meth:`reset`)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (``seed`` makes the deal and everything after it repeatable)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.state_ = EnvGame.new(self.rules, seed=seed)
        self.agents = self.possible_agents[:]
        zeros, falses = self._zeros, self._falses
        self.rewards = zeros.copy()
        self._cumulative_rewards = zeros.copy()
        self.terminations = falses.copy()
        self.truncations = falses.copy()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_act]
        # the compiled writers, looked up once a game (last() checks they are still on)
        keys = _encoding._action_keys() if _encoding._COMPILED else None
        self._keys = keys
        self._writer = _encoder(self.rules).writer if keys is not None else None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The observation dict of ``agent``: its view's vector and its action mask.

        Both arrays are computed once per position: asking again before the next step
        returns the same arrays (copy them to keep them past a write).
        """
        g = self.state_
        if g is None:
            raise RuntimeError("call reset() first")
        seat = self._seat[agent]
        game = g.game
        if seat == game.to_act and game.winners is None:
            vec = g.observation(seat)  # first: it may take the mask in the same call
            mask = g._mask
            if mask is None:
                mask = g.mask()
            return {"observation": vec, "action_mask": mask}
        else:
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
            writer = self._writer
            if (
                game.winners is not None
                and writer is not None
                and _encoding._COMPILED
                and not g.reference_observations
            ):
                # g.observation(seat) of a finished game (no discard under way), its
                # compiled path inline: every agent observes once at the end
                kept = g._obs.get(seat)
                if kept is None:
                    kept = g._obs[seat] = writer.encode_new(game, seat, ())
                return {"observation": kept, "action_mask": mask}
        return {"observation": g.observation(seat), "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """Observation, cumulative reward, terminated, truncated and info of
        ``agent_selection`` (``AECEnv.last``, in one call: it runs at every decision)."""
        agent = self.agent_selection
        g = self.state_
        obs: dict[str, np.ndarray] | None
        if observe and g is not None:
            game = g.game
            if (
                g._mask is None
                and not g._obs
                and not g.chosen
                and g._legal is None
                and game.winners is None
                and (writer := self._writer) is not None
                and (keys := self._keys) is not None
                and _encoding._COMPILED
                and not g.reference_observations
                and self.possible_agents[game.to_act] is agent
            ):
                # observe(agent) at the first look at the position, as EnvGame.observation
                # takes it (duplicated here on purpose: this runs at every decision): the
                # legal map, the mask and the vector in one compiled call
                seat = game.to_act
                got = keys.legal_map_obs_new(game.legal_actions(), writer, game, seat)
                if got is not None:
                    g._legal, mask, vec = got
                    g._mask = mask
                    g._obs[seat] = vec
                    obs = {"observation": vec, "action_mask": mask}
                else:  # a discard under way or an odd move: the Python path
                    obs = self.observe(agent)
            else:  # asked again, another agent, a finished game: observe() sorts it out
                obs = self.observe(agent)
        else:
            obs = self.observe(agent) if observe else None
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yield ``agent_selection`` until every agent is done (or ``max_iter`` times),
        as ``AECEnv.agent_iter`` does, as a generator (cheaper at every decision)."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def step(self, action: int | None) -> None:
        """Play ``action`` for ``agent_selection`` (``None`` for an agent already done).

        Rewards are all zero until the game ends, so the dicts are only rewritten then.
        """
        g = self.state_
        if g is None:
            raise RuntimeError("call reset() first")
        game = g.game
        if game.winners is not None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
        if action is None:
            raise ValueError(
                f"{self.agent_selection} must act: None is only for agents that are done"
            )
        # (the acting agent's cumulative reward is 0 already: rewards come at the end)
        legal = g._legal
        if type(action) is int and legal is not None and not g.chosen:
            move = legal.get(action)  # g.known_move(action), its plain-int case inline
        else:
            move = g.known_move(action)
        if move is not None:  # a legal move (not a discard step)
            # g.apply(move), inline (this runs at every decision): play it, log it and
            # forget what was computed for the position before
            seat = game.to_act
            game.apply(move)
            g.log.append((seat, move))
            g._legal = g._mask = g._texts = None
            if g._obs:
                g._obs = {}
        else:  # a discard step or an illegal action: g.step explains an illegal one
            g.step(action)
        if game.winners is not None:
            self._finish(g)
        else:
            self.agent_selection = self.possible_agents[game.to_act]
        if self.render_mode == "human":
            self.render()

    def _finish(self, g: EnvGame) -> None:
        """Hand out the final rewards and end every agent (truncated by the move cap).

        The game's outcome is read once (each read builds a new one)."""
        outcome = g.game.outcome
        if outcome is None:
            return
        returns = returns_of(outcome, g.game.n)
        done = self.truncations if outcome.termination == "move-cap" else self.terminations
        info = {"result": outcome.result()}
        for a in self.agents:
            self.rewards[a] = returns[self._seat[a]]
            done[a] = True
            self.infos[a] = dict(info)
        self._accumulate_rewards()

    def render(self) -> Any:
        """Draw the spectator's view (:mod:`cuttle.envs.render`): ``ansi`` returns the
        table as text, ``human`` prints it, ``rgb_array`` returns a small ``uint8``
        picture of it."""
        if self.state_ is None:
            return None
        return render_view(self.render_mode, self.state_.game, None)

    def close(self) -> None:
        """Nothing to release."""
