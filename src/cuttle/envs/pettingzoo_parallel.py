"""Cuttle as a PettingZoo *parallel* environment, for tools built on the parallel API
(SuperSuit's vector wrappers, MARL trainers that step every agent at once).

>>> from cuttle.envs.pettingzoo_parallel import parallel_env
>>> e = parallel_env(rules="cutthroat")
>>> obs, infos = e.reset(seed=1)
>>> sorted(obs) == e.agents == ["player_0", "player_1", "player_2"]
True
>>> infos["player_1"]["active_agent"]
'player_0'

Cuttle is turn based, so this is the usual turn-based form (PettingZoo's
``turn_based_aec_to_parallel``, built in): every live agent observes at every step,
but only the agent to act (``infos[agent]["active_agent"]``, the agent whose
``action_mask`` is not all zeros; its ``infos[agent]["legal_actions"]`` lists the legal
indices) has a real decision; ``step`` plays that agent's
action and ignores the others' (they may send anything, or nothing). Observations,
spaces, rewards (+1/-1/0 at the end only), terminations and truncations are those of
the AEC environment (:mod:`cuttle.envs.pettingzoo`), which it drives; ``state()`` is
its full state.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from .pettingzoo import CuttleAECEnv


def parallel_env(**kwargs: Any) -> CuttleParallelEnv:
    """Return a new Cuttle parallel environment (keyword arguments of
    :class:`~cuttle.envs.pettingzoo.CuttleAECEnv`)."""
    return CuttleParallelEnv(**kwargs)


class CuttleParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel form of :class:`~cuttle.envs.pettingzoo.CuttleAECEnv`."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads a plain class dict
        **CuttleAECEnv.metadata,
        "name": "cuttle_parallel_v0",
    }

    def __init__(self, **kwargs: Any) -> None:
        """Build the AEC environment it drives (the same keyword arguments)."""
        self.aec_env = CuttleAECEnv(**kwargs)
        self.possible_agents = self.aec_env.possible_agents
        self.agents: list[str] = []
        self.render_mode = self.aec_env.render_mode
        self.state_space = self.aec_env.state_space

    @property
    def unwrapped(self) -> CuttleParallelEnv:
        """This environment (it wraps nothing)."""
        return self

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the AEC environment's)."""
        return self.aec_env.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the AEC environment's)."""
        return self.aec_env.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Deal a new game; every agent's observation and info."""
        aec = self.aec_env
        aec.reset(seed=seed, options=options)
        self.agents = aec.agents[:]
        obs = {a: aec.observe(a) for a in self.agents}
        return obs, self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action of the agent to act (the others' are ignored); every live
        agent's observation, reward, termination, truncation and info after it."""
        aec = self.aec_env
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        actor = aec.agent_selection
        if actions.get(actor) is None:
            raise ValueError(f"{actor} is to act: actions must hold its action")
        aec.step(actions[actor])
        agents = self.agents
        obs = {a: aec.observe(a) for a in agents}
        rewards = {a: aec.rewards[a] for a in agents}
        terminations = {a: aec.terminations[a] for a in agents}
        truncations = {a: aec.truncations[a] for a in agents}
        infos = self._infos()
        self.agents = [a for a in agents if not (terminations[a] or truncations[a])]
        return obs, rewards, terminations, truncations, infos

    def _infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info, with the agent to act as ``active_agent`` and its legal
        action indices as ``legal_actions`` (empty for the others)."""
        aec = self.aec_env
        active = aec.agent_selection
        legal = aec.legal_actions()
        return {
            a: {
                **aec.infos[a],
                "active_agent": active,
                "legal_actions": legal if a == active else [],
            }
            for a in self.agents
        }

    def state(self) -> np.ndarray:
        """The full state (:meth:`CuttleAECEnv.state`)."""
        return self.aec_env.state()

    def legal_actions(self, agent: str | None = None) -> list[int]:
        """The legal action indices of ``agent`` (default: the agent to act)."""
        return self.aec_env.legal_actions(agent)

    def render(self) -> Any:
        """Draw the table (:meth:`CuttleAECEnv.render`)."""
        return self.aec_env.render()

    def close(self) -> None:
        """Nothing to release."""
