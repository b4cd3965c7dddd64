"""The ``neural`` bot: a small policy/value network run with a numpy forward pass.

The network reads the observation vector of :mod:`cuttle.bots.encoding` (1,980 floats
built from one seat's view only) and gives

* **policy** logits over the fixed action space (6,278 indices; illegal ones are masked
  out, so every rule set's moves, house rules included, can be chosen), and
* **value**: the expected result for the seat that observes, in [-1, 1] (+1 a win).

Its weights ship with the package (``bots/data/neural.npz``, float16, a few hundred KB);
they are plain numpy arrays, so playing needs numpy and nothing else. They were trained
by ``scripts/train.py`` (supervised from ISMCTS self-play: the searching bot's move is
the policy target, the game's result the value target); ``docs/research.md`` tells how.

:class:`NeuralBot` plays the policy's most likely legal move (or samples it with a
temperature). A discard of several cards is chosen one card at a time, as in the
environments. :func:`neural_evaluator` turns the value head into a leaf evaluation
for the ISMCTS search (``ismcts-neural`` in :func:`cuttle.bots.make_bot`).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - exercised without numpy only
    raise ImportError(
        "the neural bot needs numpy: pip install numpy (or the 'research' extra: "
        'pip install -e ".[research]")'
    ) from exc

from ..engine.game import Game
from ..engine.moves import DISCARD, parse_move
from ..engine.rules import RuleSet
from .base import SeatView, SeededBot, forced
from .encoding import (
    NUM_ACTIONS,
    OBS_SIZE,
    DiscardChooser,
    EncodingError,
    SeatEncoder,
    compiled_active,
    compiled_available,
    encode_move,
    encode_view,
)
from .evaluate import evaluate, sides

WEIGHTS_PATH = Path(__file__).with_name("data") / "neural.npz"
"""The shipped weights."""

Array = np.ndarray[Any, np.dtype[np.float32]]


class PolicyValueNet:
    """A multilayer perceptron with a policy head and a value head (numpy, float32).

    The arrays are ``w0, b0, w1, b1, ...`` for the hidden layers (ReLU), ``wp, bp`` for
    the policy head and ``wv, bv`` for the value head (tanh); ``meta`` is a JSON text
    describing how they were trained.
    """

    def __init__(self, arrays: Mapping[str, Any], meta: Mapping[str, Any] | None = None) -> None:
        """Build the net from its arrays (any float dtype; kept as float32)."""
        layers = []
        i = 0
        while f"w{i}" in arrays:
            w = np.asarray(arrays[f"w{i}"], dtype=np.float32)
            b = np.asarray(arrays[f"b{i}"], dtype=np.float32)
            layers.append((w, b))
            i += 1
        if not layers:
            raise ValueError("a policy/value net needs at least one hidden layer (w0, b0)")
        if layers[0][0].shape[0] != OBS_SIZE:
            raise ValueError(
                f"the net reads {layers[0][0].shape[0]} inputs; the encoding has {OBS_SIZE}"
            )
        self.layers: list[tuple[Array, Array]] = layers
        self.wp: Array = np.asarray(arrays["wp"], dtype=np.float32)
        self.bp: Array = np.asarray(arrays["bp"], dtype=np.float32)
        self.wv: Array = np.asarray(arrays["wv"], dtype=np.float32).reshape(-1)
        self.bv = float(np.asarray(arrays["bv"], dtype=np.float32).reshape(-1)[0])
        if self.wp.shape[1] != NUM_ACTIONS:
            raise ValueError(
                f"the policy head has {self.wp.shape[1]} actions; the encoding has {NUM_ACTIONS}"
            )
        self.meta: dict[str, Any] = dict(meta or {})

    @classmethod
    def load(cls, path: str | Path = WEIGHTS_PATH) -> PolicyValueNet:
        """Load a net saved by :meth:`save` (or by ``scripts/train.py``)."""
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files if k != "meta"}
            meta = json.loads(str(data["meta"])) if "meta" in data.files else {}
        return cls(arrays, meta)

    def arrays(self) -> dict[str, Array]:
        """The weights by name (float32)."""
        out: dict[str, Array] = {}
        for i, (w, b) in enumerate(self.layers):
            out[f"w{i}"] = w
            out[f"b{i}"] = b
        out.update(wp=self.wp, bp=self.bp, wv=self.wv, bv=np.array([self.bv], np.float32))
        return out

    def save(self, path: str | Path) -> None:
        """Write the weights as float16 into a compressed ``.npz`` with the meta text."""
        small: dict[str, Any] = {k: v.astype(np.float16) for k, v in self.arrays().items()}
        small["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        np.savez_compressed(path, **small)

    @property
    def hidden_sizes(self) -> tuple[int, ...]:
        """Widths of the hidden layers."""
        return tuple(int(w.shape[1]) for w, _b in self.layers)

    def trunk(self, obs: Array) -> Array:
        """The last hidden layer for one observation (the first layer reads only the
        non-zero inputs, which makes a single position cheap)."""
        nz = np.flatnonzero(obs)
        w0, b0 = self.layers[0]
        h = obs[nz] @ w0[nz] + b0
        np.maximum(h, 0.0, out=h)
        for w, b in self.layers[1:]:
            h = h @ w + b
            np.maximum(h, 0.0, out=h)
        return h

    def logits(self, h: Array, indices: Sequence[int]) -> Array:
        """Policy logits of the action ``indices`` from a trunk output ``h``."""
        idx = np.fromiter(indices, dtype=np.int64)
        out: Array = h @ self.wp[:, idx] + self.bp[idx]
        return out

    def value(self, h: Array) -> float:
        """The value head from a trunk output: the observer's expected result in [-1, 1]."""
        return math.tanh(float(h @ self.wv) + self.bv)

    def value_of(self, obs: Array) -> float:
        """``value(trunk(obs))``, in C when the compiled accelerator is built and active
        (:func:`cuttle.bots.encoding.compiled_active`): the search's leaf evaluation.
        The two agree to float32 rounding."""
        fast = self._fast
        if fast is None or not compiled_active() or obs.dtype != np.float32:
            return self.value(self.trunk(obs))
        return fast.value(obs)  # type: ignore[no-any-return]

    @property
    def _fast(self) -> Any:
        """The compiled value net (:class:`cuttle.bots._fastenc.ValueNet`), made once."""
        fast = self.__dict__.get("_fast_net")
        if fast is None and compiled_available():
            from . import _fastenc

            weights = [w for w, _b in self.layers]
            biases = [b for _w, b in self.layers]
            fast = self.__dict__["_fast_net"] = _fastenc.ValueNet(
                weights, biases, np.ascontiguousarray(self.wv), self.bv
            )
        return fast

    def predict(self, obs: Array, indices: Sequence[int]) -> tuple[Array, float]:
        """``(logits of indices, value)`` of one observation."""
        h = self.trunk(obs)
        return self.logits(h, indices), self.value(h)


WEIGHTS_ENV = "CUTTLE_NEURAL_WEIGHTS"
"""Environment variable naming another ``.npz`` for the ``neural`` bots to play (say, a
net just trained by ``scripts/train.py``, to measure it in the arena before installing it)."""


WORLD_WEIGHTS_PATH = Path(__file__).with_name("data") / "neural-world.npz"
"""The shipped whole-world value net (``ismcts-world``'s leaf evaluation)."""
WORLD_WEIGHTS_ENV = "CUTTLE_WORLD_WEIGHTS"
"""Environment variable naming another whole-world ``.npz`` for ``ismcts-world``."""


def reads_world(net: PolicyValueNet) -> bool:
    """Whether ``net`` was trained on whole worlds (``scripts/train.py --input world``):
    it may score a search's sampled world, never a seat's view at a real table."""
    return net.meta.get("input") == "world"


def _load(env: str, default: Path, world: bool, what: str) -> PolicyValueNet:
    """The net at ``$env`` (or ``default``), checked to read whole worlds or not."""
    path = Path(os.environ.get(env) or default)
    if not path.exists():
        raise FileNotFoundError(f"{what}'s weights are missing: {path}")
    net = PolicyValueNet.load(path)
    if reads_world(net) != world:
        if world:
            raise ValueError(f"{path} reads a seat's view: train one with --input world")
        raise ValueError(
            f"{path} reads whole worlds, not a seat's view: name it in {WORLD_WEIGHTS_ENV}"
        )
    return net


@cache
def load_default() -> PolicyValueNet:
    """The net the ``neural`` bots play, loaded once per process: the shipped weights, or
    the file named by ``CUTTLE_NEURAL_WEIGHTS``."""
    return _load(WEIGHTS_ENV, WEIGHTS_PATH, False, "the neural bot")


@cache
def load_world() -> PolicyValueNet:
    """The whole-world value net, loaded once per process: the shipped weights, or the
    file named by ``CUTTLE_WORLD_WEIGHTS``."""
    return _load(WORLD_WEIGHTS_ENV, WORLD_WEIGHTS_PATH, True, "the whole-world value net")


def _players(position: Mapping[str, Any]) -> int:
    return len(position["hands"])


def legal_options(
    view: SeatView, texts: Sequence[str]
) -> tuple[dict[int, str], dict[tuple[int, ...], str]]:
    """The moves ``texts`` of ``view`` in the action layout: action index -> move text
    (for a discard, its first card's step, labelled ``"discard-card <index>"``), and the
    discards by their sorted cards. Moves with no index in the layout are left out."""
    actor = view.acting
    players = _players(view.position)
    options: dict[int, str] = {}
    discards: dict[tuple[int, ...], str] = {}
    for t in texts:
        m = parse_move(t)
        if m.verb == DISCARD:
            discards[tuple(sorted(m.cards))] = t
            continue
        try:
            i = encode_move(m, actor, players)
        except EncodingError:
            continue
        options.setdefault(i, t)
    if discards:
        for i in DiscardChooser(list(discards)).allowed():
            options.setdefault(i, f"discard-card {i}")
    return options, discards


def move_priors(view: SeatView, net: PolicyValueNet | None = None) -> dict[str, float] | None:
    """The policy head's probability of each legal move of ``view`` (summing to 1), or
    ``None`` when they cannot all be told apart: a discard (chosen a card at a time, so
    a whole discard has no single probability) or a move outside the action layout."""
    texts = sorted(view.legal)
    options, discards = legal_options(view, texts)
    if discards or len(options) != len(texts):
        return None
    model = net if net is not None else load_default()
    keys = list(options)
    logits = model.logits(model.trunk(encode_view(view.position, view.rules)), keys)
    p = np.exp(logits - logits.max())
    p /= p.sum()
    return {options[k]: float(q) for k, q in zip(keys, p, strict=True)}


class NeuralBot(SeededBot):
    """Plays the network's policy over the legal moves of its seat's view.

    ``temperature`` 0 (the default) plays the most likely legal move (ties: the first
    in sorted move order); a positive temperature samples from the softmax of the
    logits divided by it, with the bot's seeded generator.
    """

    name = "neural"

    def __init__(
        self,
        seed: int | None = None,
        net: PolicyValueNet | None = None,
        temperature: float = 0.0,
    ) -> None:
        """``net``: the network (default: the shipped weights)."""
        super().__init__(seed)
        if temperature < 0:
            raise ValueError("temperature must be 0 or more")
        self.net = net if net is not None else load_default()
        self.temperature = temperature

    def _pick(self, logits: Array) -> int:
        if self.temperature == 0.0 or len(logits) == 1:
            return int(np.argmax(logits))
        z = logits / self.temperature
        z = np.exp(z - z.max())
        p = z / z.sum()
        at = int(np.searchsorted(np.cumsum(p), self.rng.random()))
        return min(at, len(p) - 1)

    def policy(self, view: SeatView) -> list[tuple[str, float]]:
        """Each legal non-discard move (and each first card of a discard, as
        ``"discard-card <card index>"``) with its probability, most likely first."""
        texts = sorted(view.legal)
        obs = encode_view(view.position, view.rules)
        options, _discards = legal_options(view, texts)
        if not options:
            return []
        keys = list(options)
        logits = self.net.logits(self.net.trunk(obs), keys)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        rows = [(options[k], float(q)) for k, q in zip(keys, p, strict=True)]
        rows.sort(key=lambda r: -r[1])
        return rows

    def choose(self, view: SeatView) -> str:
        """Return the policy's move among ``view.legal``."""
        only = forced(view)
        if only is not None:
            return only
        texts = sorted(view.legal)
        options, discards = legal_options(view, texts)
        if not options:  # no legal move has a place in the action layout
            return texts[self.rng.randrange(len(texts))]
        h = self.net.trunk(encode_view(view.position, view.rules))
        keys = list(options)
        i = keys[self._pick(self.net.logits(h, keys))]
        text = options[i]
        if not text.startswith("discard-card"):
            return text
        chooser = DiscardChooser(list(discards))
        done = chooser.choose(i)
        while done is None:
            allowed = chooser.allowed()
            obs = encode_view(view.position, view.rules, chooser.chosen)
            h = self.net.trunk(obs)
            done = chooser.choose(allowed[self._pick(self.net.logits(h, allowed))])
        return discards[tuple(sorted(done))]


def view_value(net: PolicyValueNet, position: Mapping[str, Any], rules: RuleSet) -> float:
    """The net's value of a seat's view: the seat's expected result in [-1, 1]."""
    return net.value_of(encode_view(position, rules))


def neural_evaluator(
    net: PolicyValueNet | None = None, world: bool = False
) -> Callable[[Game], list[float]]:
    """A leaf evaluation for the search: each seat's win chance from the value head.

    Finished games are scored exactly (:func:`cuttle.bots.evaluate.evaluate`). Otherwise
    the value of each side's first seat, seen from that seat's view of the (sampled)
    world, becomes a win chance ``(v + 1) / 2``; with more than two sides the chances
    are normalised to sum to one; every seat of a side shares its side's chance.
    With ``world`` the net (default :func:`load_world`) reads the whole sampled world
    from that seat (:meth:`~cuttle.bots.encoding.SeatEncoder.encode_world`) instead.
    """
    model = net if net is not None else (load_world() if world else load_default())
    if reads_world(model) != world:
        raise ValueError("the net's input (whole world or seat view) is not the one asked for")
    encoders: dict[int, tuple[RuleSet, SeatEncoder]] = {}

    def seat_value(g: Game, seat: int) -> float:
        # the fast form of view_value(model, g.view(seat), g.rules): the same vector
        hit = encoders.get(id(g.rules))
        if hit is None or hit[0] is not g.rules:
            hit = encoders[id(g.rules)] = (g.rules, SeatEncoder(g.rules))
        if world:
            return model.value_of(hit[1].encode_world(g, seat))
        return model.value_of(hit[1].encode_game(g, seat))

    def evaluate_leaf(g: Game) -> list[float]:
        if g.winners is not None:
            return evaluate(g)
        side_list = sides(g)
        if len(side_list) == 2:
            p0 = 0.5 * (seat_value(g, side_list[0][0]) + 1.0)
            probs = [p0, 1.0 - p0]
        else:
            raw = [0.5 * (seat_value(g, side[0]) + 1.0) + 1e-6 for side in side_list]
            tot = sum(raw)
            probs = [x / tot for x in raw]
        out = [0.0] * g.n
        for side, p in zip(side_list, probs, strict=True):
            for v in side:
                out[v] = p
        return out

    return evaluate_leaf


__all__ = [
    "WEIGHTS_ENV",
    "WEIGHTS_PATH",
    "WORLD_WEIGHTS_ENV",
    "WORLD_WEIGHTS_PATH",
    "NeuralBot",
    "PolicyValueNet",
    "legal_options",
    "load_default",
    "load_world",
    "move_priors",
    "neural_evaluator",
    "reads_world",
    "view_value",
]
