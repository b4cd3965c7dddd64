"""Research interfaces: action/observation encoding, PettingZoo, Gymnasium and OpenSpiel.

Needs the ``research`` extra (``pip install -e ".[research]"``). Importing this package
registers the Gymnasium environment ``Cuttle-v0``::

    import gymnasium, cuttle.envs
    env = gymnasium.make("Cuttle-v0", rules="standard", opponent="greedy")
    envs = gymnasium.make_vec("Cuttle-v0", num_envs=16)   # many games a step call

The PettingZoo environment is :func:`cuttle.envs.pettingzoo.env` (its parallel form
:func:`cuttle.envs.pettingzoo_parallel.parallel_env`); importing
:mod:`cuttle.envs.openspiel` registers the OpenSpiel game ``python_cuttle``, and
:mod:`cuttle.envs.openspiel_bots` offers our bots to OpenSpiel's tools.
The core package never imports this one.
"""

from __future__ import annotations

from gymnasium.envs.registration import register, registry

from .core import EnvGame, make_rules
from .encoding import (
    NUM_ACTIONS,
    OBS_LAYOUT,
    OBS_SIZE,
    DiscardChooser,
    EncodingError,
    action_name,
    decode_action,
    encode_discard,
    encode_move,
    encode_view,
    legal_indices,
)

GYM_ID = "Cuttle-v0"
"""The Gymnasium id registered by importing this package."""

if GYM_ID not in registry:
    register(
        id=GYM_ID,
        entry_point="cuttle.envs.gym:CuttleEnv",
        vector_entry_point="cuttle.envs.vector:CuttleVectorEnv",
    )

__all__ = [
    "GYM_ID",
    "NUM_ACTIONS",
    "OBS_LAYOUT",
    "OBS_SIZE",
    "DiscardChooser",
    "EncodingError",
    "EnvGame",
    "action_name",
    "decode_action",
    "encode_discard",
    "encode_move",
    "encode_view",
    "legal_indices",
    "make_rules",
]
