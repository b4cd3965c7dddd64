"""A trained Stable-Baselines3 policy (sb3-contrib's MaskablePPO) as a Cuttle bot.

Train on the Gymnasium environment (``Cuttle-v0``), save the model, then let it play
anywhere a bot plays, as a plug-in (the current folder is searched)::

    CUTTLE_SB3_MODEL=cuttle_ppo.zip cuttle arena --bots sb3_policy_bot:MaskablePPOBot,greedy
    CUTTLE_SB3_MODEL=cuttle_ppo.zip cuttle play --opponent sb3_policy_bot:MaskablePPOBot

or in code, with a model in hand: ``MaskablePPOBot(seed=1, model=model)``.

The bot sees what its seat sees and nothing else: it encodes its
:class:`~cuttle.bots.base.SeatView` with the research encoder
(:func:`cuttle.bots.encoding.encode_view`, the same vector ``Cuttle-v0`` hands the
agent), asks ``model.predict(obs, action_masks=mask)`` with the mask of its legal
moves, and answers the move of the chosen action. A discard is chosen a card at a time,
as in the environment: one ``predict`` per card.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from cuttle.bots import SeatView, SeededBot
from cuttle.bots.base import forced
from cuttle.bots.encoding import NUM_ACTIONS, DiscardChooser, encode_view
from cuttle.bots.neural import legal_options

MODEL_ENV = "CUTTLE_SB3_MODEL"
"""The environment variable naming the saved model when none is given."""


class MaskablePPOBot(SeededBot):
    """Plays a MaskablePPO model's choice among its seat's legal moves."""

    name = "sb3-maskable-ppo"

    def __init__(self, seed: int | None = None, model: Any = None, deterministic: bool = True):
        """``model``: a MaskablePPO model, or the path of a saved one (default: the
        path in ``$CUTTLE_SB3_MODEL``). ``deterministic``: the policy's most likely
        action (else a sample from it, drawn by torch's generator)."""
        super().__init__(seed)
        if model is None or isinstance(model, str | os.PathLike):
            from sb3_contrib import MaskablePPO

            path = model if model is not None else os.environ.get(MODEL_ENV)
            if not path:
                raise ValueError(f"no model: pass one or set ${MODEL_ENV} to a saved model")
            model = MaskablePPO.load(path, device="cpu")
        self.model = model
        self.deterministic = deterministic

    def _act(self, obs: np.ndarray, allowed: list[int]) -> int:
        """The model's action for ``obs`` among the indices ``allowed``."""
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[allowed] = True
        action, _state = self.model.predict(
            obs, action_masks=mask, deterministic=self.deterministic
        )
        return int(action)

    def choose(self, view: SeatView) -> str:
        """The model's move among ``view.legal``, from ``view`` alone."""
        only = forced(view)
        if only is not None:
            return only
        texts = sorted(view.legal)
        options, discards = legal_options(view, texts)
        if not options:  # no legal move has a place in the action layout
            return texts[self.rng.randrange(len(texts))]
        i = self._act(encode_view(view.position, view.rules), list(options))
        text = options[i]
        if not text.startswith("discard-card"):
            return text
        chooser = DiscardChooser(list(discards))
        done = chooser.choose(i)
        while done is None:  # the discard's next card (or its end), one action each
            obs = encode_view(view.position, view.rules, chooser.chosen)
            done = chooser.choose(self._act(obs, chooser.allowed()))
        return discards[tuple(sorted(done))]
