"""The action and observation encoding of the research interfaces.

The encoding lives in :mod:`cuttle.bots.encoding`, because the learned ``neural`` bot
(:mod:`cuttle.bots.neural`) reads the same observation vector and action indices and
the bots layer may not import this package. This module re-exports it unchanged, so
``cuttle.envs.encoding`` keeps working for environments, tests and notebooks.
"""

from __future__ import annotations

from ..bots.encoding import (
    _DECODE,
    _DISCARD_BASE,
    BLOCKS,
    DISCARD_CARD,
    DISCARD_DONE,
    DISCARD_DONE_INDEX,
    KNOWN_PHASES,
    MAX_SEATS,
    N_CARDS,
    NUM_ACTIONS,
    OBS_HIGH,
    OBS_LAYOUT,
    OBS_SIZE,
    PENDING_KINDS,
    RULE_NAMES,
    Block,
    DiscardChooser,
    EncodingError,
    SeatEncoder,
    action_name,
    card_planes,
    compiled_action_keys,
    decode_action,
    encode_discard,
    encode_move,
    encode_view,
    legal_indices,
    observation_string,
    visible_cards,
)

__all__ = [
    "BLOCKS",
    "DISCARD_CARD",
    "DISCARD_DONE",
    "DISCARD_DONE_INDEX",
    "KNOWN_PHASES",
    "MAX_SEATS",
    "NUM_ACTIONS",
    "N_CARDS",
    "OBS_HIGH",
    "OBS_LAYOUT",
    "OBS_SIZE",
    "PENDING_KINDS",
    "RULE_NAMES",
    "_DECODE",
    "_DISCARD_BASE",
    "Block",
    "DiscardChooser",
    "EncodingError",
    "SeatEncoder",
    "action_name",
    "card_planes",
    "compiled_action_keys",
    "decode_action",
    "encode_discard",
    "encode_move",
    "encode_view",
    "legal_indices",
    "observation_string",
    "visible_cards",
]
