"""The action space of the environments: ``Discrete(NUM_ACTIONS)`` whose masked
``sample`` is cheap.

Gymnasium's ``Discrete.sample(mask)`` checks the 6,278-entry mask and scans it
(``np.where``) at every call: 14 to 23 µs, more than an engine move, so the usual random
loop (``env.action_space(agent).sample(obs["action_mask"])``) spent most of its time
there. :class:`LegalActionSpace` is that space with a shortcut: when the mask is the one
the environment handed out for the position now (the same array object), the legal
indices are already known and one is drawn from them straight, uniformly, from a Python
generator seeded from the space's ``np_random`` (so ``space.seed(s)`` makes the draws
repeatable). Any other mask, and ``probability``, take ``Discrete.sample`` unchanged.
A pickled or copied space leaves the environment behind (see
:meth:`LegalActionSpace.__getstate__`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

LegalSource = Callable[[np.ndarray], Sequence[int] | None]
"""The legal indices of a mask the environment handed out for the position now (``None``
for any other array)."""


class LegalActionSpace(spaces.Discrete):
    """``Discrete(n)`` whose ``sample(mask)`` draws from the known legal indices when
    ``mask`` is the environment's own mask of the position now (see the module doc).

    ``sample`` returns a Python ``int`` on that path (``Discrete`` gives a numpy
    integer; both are in the space and both are accepted by ``step``).
    """

    def __init__(self, n: int, source: LegalSource | None = None, seed: int | None = None) -> None:
        """``n`` actions; ``source(mask)`` gives the legal indices of a mask the
        environment handed out (``None`` for any other)."""
        super().__init__(n, seed=seed)
        self._source = source
        self._py: random.Random | None = None

    def bind(self, source: LegalSource | None) -> None:
        """Set where the legal indices of the environment's masks come from (an
        environment rebinds its spaces after unpickling)."""
        self._source = source

    def __getstate__(self) -> dict[str, Any]:
        """The space without its source: a pickled or copied space is a plain
        ``Discrete`` that draws the usual way (it never carries the environment along,
        as in a saved Stable-Baselines3 model); an environment pickled whole binds its
        spaces again (:meth:`bind`)."""
        state = self.__dict__.copy()
        state["_source"] = None
        return state

    def seed(self, seed: int | None = None) -> int:
        """Seed the space (``Discrete.seed``); the fast draws follow the new seed."""
        got: int = super().seed(seed)
        self._py = None
        return got

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        """A uniform action allowed by ``mask`` (``Discrete.sample`` for every case
        but the environment's own mask)."""
        source = self._source
        if mask is not None and probability is None and source is not None:
            legal = source(mask)
            if legal is not None:
                if not legal:
                    return int(self.start)
                rng = self._py
                if rng is None:
                    rng = self._py = random.Random(int(self.np_random.integers(2**63)))
                return legal[int(rng.random() * len(legal))]
        return super().sample(mask, probability)
