"""Train the ``neural`` bot's policy/value network from search self-play.

Two stages, both resumable, both writing under ``--out``:

1. **Data** (``--games``): games of a teacher bot against itself (default
   ``ismcts:200it``), on every core (``--workers``; ``--ray`` runs them as Ray tasks
   instead, on the cluster ``ray.init()`` finds). At each decision with a choice, the
   acting seat's observation (:func:`cuttle.bots.encoding.encode_view`, its own view
   only), its legal action indices and the teacher's move (policy target) are kept; a
   discard of several cards gives one sample per card. With chance ``--explore`` the
   game then goes on with a random legal move instead, for variety. When the game ends
   every sample gets its seat's result (+1 win, -1 loss, 0 draw) and, from a searching
   teacher, the search's own estimate for its move (its mean reward, a win chance ``q``,
   kept as ``2q - 1``; the result where the teacher does not search).
   Games are written in shards of ``--shard`` games (``data/shard-NNNNN.npz``); a shard
   already on disk is not played again. With ``--input world`` each observation is the
   whole world seen from the acting seat (every other hand face up,
   :meth:`cuttle.bots.encoding.SeatEncoder.encode_world`): a value net for the
   search's sampled worlds (``ismcts-world``), never for a seat at a real table; the
   net's ``meta`` says which it reads, and the bots refuse the wrong kind.
2. **Training** (``--epochs``): a multilayer perceptron ``1980 -> hidden -> hidden`` with
   a policy head over the 6,278 actions (masked cross-entropy: illegal actions get no
   probability) and a tanh value head (squared error) towards ``--value-target``: the
   game's result, the search's estimate, or a mix; Adam, 10% of the games held out; the
   epoch with the lowest held-out loss is the one kept.
   ``--backend torch`` (PyTorch on CPU, the default when it is importable) or ``numpy``
   (the same model and optimiser by hand). The net is written to ``--out/neural.npz``
   (float16) with its training record in ``meta``; ``--install`` copies it to the
   package (``src/cuttle/bots/data/neural.npz``).

The shipped weights were made by the command in ``docs/research.md``. A tiny run::

    python scripts/train.py --games 2 --epochs 1 --teacher greedy --out /tmp/tiny
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import platform
import random
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from cuttle.bots import SeatView, make_bot
from cuttle.bots.encoding import (
    NUM_ACTIONS,
    OBS_SIZE,
    DiscardChooser,
    SeatEncoder,
    encode_discard,
    encode_move,
    encode_view,
    legal_indices,
)
from cuttle.bots.neural import WEIGHTS_PATH, PolicyValueNet
from cuttle.engine.game import new_game
from cuttle.engine.moves import DISCARD, parse_move

# ------------------------------------------------------------------------ self-play data


@dataclass
class GameSamples:
    """The samples of one game: observations, legal indices, targets, values."""

    obs: list[np.ndarray]
    legal: list[list[int]]
    target: list[int]
    value: list[float]
    moves: int
    search_value: list[float] | None = None
    """The teacher's estimate for each sample (``2q - 1``; the result where it has none)."""


def play_game(task: tuple[int, str, str, float] | tuple[int, str, str, float, bool]) -> GameSamples:
    """Play one teacher self-play game ``(seed, teacher spec, rules, explore[, world])``;
    with ``world`` each sample's observation is the whole world seen from the acting
    seat (:meth:`~cuttle.bots.encoding.SeatEncoder.encode_world`), for a value net
    that scores the search's sampled worlds, instead of the seat's own view."""
    seed, teacher, rules, explore = task[:4]
    world = bool(task[4]) if len(task) > 4 else False
    game = new_game(rules, seed=seed)
    n = game.n
    encoder = SeatEncoder(game.rules) if world else None
    bots = [make_bot(teacher, seed=seed * 31 + s, workers=1) for s in range(n)]
    rng = random.Random(seed ^ 0x5EED)
    obs: list[np.ndarray] = []
    legal: list[list[int]] = []
    target: list[int] = []
    seats: list[int] = []
    estimates: list[float | None] = []
    moves = 0
    while game.winners is None:
        seat = game.to_act
        view = SeatView.of(game, seat)
        if len(view.legal) == 1:
            move = view.legal[0]
        else:
            move, estimate = _teach(bots[seat], view)
            sees = None if encoder is None else partial(encoder.encode_world, game, seat)
            _record(view, move, obs, legal, target, sees)
            estimates.extend([estimate] * (len(target) - len(seats)))
            seats.extend([seat] * (len(target) - len(seats)))
            if explore and rng.random() < explore:
                move = rng.choice(sorted(view.legal))
        game.play(move)
        moves += 1
    winners = set(game.winners)
    value = [0.0 if not winners else (1.0 if s in winners else -1.0) for s in seats]
    searched = [v if e is None else e for v, e in zip(value, estimates, strict=True)]
    return GameSamples(obs, legal, target, value, moves, searched)


def _teach(bot: Any, view: SeatView) -> tuple[str, float | None]:
    """The teacher's move, and its estimate of it as ``2q - 1`` where it searches (the
    mean reward of its best root move: a win chance ``q``)."""
    analyse = getattr(bot, "analyse", None)
    if analyse is None:
        return bot.choose(view), None
    move, q, _visits = analyse(view)[0]
    return move, 2.0 * q - 1.0


def _record(
    view: SeatView,
    move: str,
    obs: list[np.ndarray],
    legal: list[list[int]],
    target: list[int],
    sees: Callable[[Sequence[int]], np.ndarray] | None = None,
) -> None:
    """Add the samples of one decision (several for a multi-card discard); ``sees``
    (the cards of a discard chosen so far -> observation) replaces the seat's view."""

    def observe(chosen: Sequence[int] = ()) -> np.ndarray:
        if sees is not None:
            return sees(chosen).astype(np.float16)
        return encode_view(view.position, view.rules, chosen).astype(np.float16)

    actor = view.acting
    players = len(view.position["hands"])
    tuples = [parse_move(t) for t in view.legal]
    m = parse_move(move)
    if m[0] != DISCARD:
        idx = legal_indices(tuples, actor, players)
        obs.append(observe())
        legal.append(sorted(idx))
        target.append(encode_move(m, actor, players))
        return
    chooser = DiscardChooser([t[4] for t in tuples if t[0] == DISCARD])
    first = legal_indices(tuples, actor, players)
    for k, c in enumerate(sorted(m[4])):
        allowed = sorted(first) if k == 0 else chooser.allowed()
        i = encode_discard((c,))[0]  # the index "discard-card c"
        obs.append(observe(chooser.chosen))
        legal.append(allowed)
        target.append(i)
        if chooser.choose(i) is not None:
            break


def _pack(games: Sequence[GameSamples]) -> dict[str, np.ndarray]:
    obs = [o for g in games for o in g.obs]
    legal = [lg for g in games for lg in g.legal]
    lengths = np.array([len(lg) for lg in legal], dtype=np.int32)
    return {
        "obs": np.stack(obs) if obs else np.zeros((0, OBS_SIZE), np.float16),
        "legal": np.array([i for lg in legal for i in lg], dtype=np.int16),
        "legal_len": lengths,
        "target": np.array([t for g in games for t in g.target], dtype=np.int16),
        "value": np.array([v for g in games for v in g.value], dtype=np.float32),
        "search_value": np.array(
            [v for g in games for v in (g.search_value or g.value)], dtype=np.float32
        ),
        "game": np.array([k for k, g in enumerate(games) for _ in g.target], dtype=np.int32),
        "moves": np.array([g.moves for g in games], dtype=np.int32),
    }


Task = tuple[int, str, str, float, bool]
"""One game to play: seed, teacher spec, rule set, exploration, whole-world input."""


def _run_tasks(tasks: list[Task], workers: int, use_ray: bool) -> Iterator:
    if use_ray:
        try:
            import ray
        except ImportError:
            sys.exit("--ray needs Ray: pip install -e '.[cluster]' (or pip install ray)")
        if not ray.is_initialized():
            ray.init()
        remote = ray.remote(play_game)
        yield from ray.get([remote.remote(t) for t in tasks])
    elif workers <= 1:
        yield from map(play_game, tasks)
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with ctx.Pool(workers) as pool:
            yield from pool.imap(play_game, tasks)


def generate(args: argparse.Namespace, data: Path) -> dict[str, Any]:
    """Play ``args.games`` games in shards under ``data`` (skipping shards done)."""
    data.mkdir(parents=True, exist_ok=True)
    rules = args.rules.split(",")
    t0 = time.perf_counter()
    played = 0
    for start in range(0, args.games, args.shard):
        path = data / f"shard-{start // args.shard:05d}.npz"
        if path.exists():
            continue
        count = min(args.shard, args.games - start)
        tasks = [
            (
                args.seed + start + k,
                args.teacher,
                rules[(start + k) % len(rules)],
                args.explore,
                args.input == "world",
            )
            for k in range(count)
        ]
        games = list(_run_tasks(tasks, args.workers, args.ray))
        tmp = path.with_suffix(".tmp.npz")
        np.savez_compressed(tmp, **_pack(games))
        tmp.replace(path)
        played += count
        if not args.quiet:
            done = min(start + count, args.games)
            print(f"data: {done}/{args.games} games ({time.perf_counter() - t0:.0f} s)")
    return {"games_played_now": played, "seconds": round(time.perf_counter() - t0, 1)}


def load_data(data: Path, games: int, shard: int) -> dict[str, np.ndarray]:
    """Concatenate the shards of the first ``games`` games (game ids made global)."""
    parts = []
    for k in range(math.ceil(games / shard)):
        with np.load(data / f"shard-{k:05d}.npz") as z:
            part = {name: z[name] for name in z.files}
        part["game"] = part["game"] + k * shard
        parts.append(part)
    out = {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}
    return out


# ------------------------------------------------------------------------------ training


def _masks(legal: np.ndarray, starts: np.ndarray, lengths: np.ndarray, rows: np.ndarray):
    """Dense boolean masks of the legal actions of ``rows``."""
    mask = np.zeros((len(rows), NUM_ACTIONS), dtype=bool)
    for r, i in enumerate(rows):
        mask[r, legal[starts[i] : starts[i] + lengths[i]]] = True
    return mask


def _init(hidden: Sequence[int], rng: np.random.Generator) -> dict[str, np.ndarray]:
    """He-initialised hidden layers; zero policy head (untrained actions stay at 0)."""
    arrays: dict[str, np.ndarray] = {}
    fan_in = OBS_SIZE
    for i, width in enumerate(hidden):
        w = rng.standard_normal((fan_in, width)) * math.sqrt(2.0 / fan_in)
        arrays[f"w{i}"] = w.astype(np.float32)
        arrays[f"b{i}"] = np.zeros(width, np.float32)
        fan_in = width
    arrays["wp"] = np.zeros((fan_in, NUM_ACTIONS), np.float32)
    arrays["bp"] = np.zeros(NUM_ACTIONS, np.float32)
    arrays["wv"] = (rng.standard_normal(fan_in) * math.sqrt(1.0 / fan_in)).astype(np.float32)
    arrays["bv"] = np.zeros(1, np.float32)
    return arrays


class NumpyModel:
    """The model and Adam by hand (the ``numpy`` backend)."""

    def __init__(self, arrays: dict[str, np.ndarray], lr: float, value_weight: float) -> None:
        """Wrap ``arrays`` (trained in place)."""
        self.p = arrays
        self.n_hidden = sum(1 for k in arrays if k.startswith("w") and k[1:].isdigit())
        self.lr = lr
        self.vw = value_weight
        self.m = {k: np.zeros_like(v) for k, v in arrays.items()}
        self.v = {k: np.zeros_like(v) for k, v in arrays.items()}
        self.t = 0

    def forward(self, x: np.ndarray) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
        """Hidden activations, policy logits and value (tanh) of a batch."""
        hs = [x]
        for i in range(self.n_hidden):
            hs.append(np.maximum(hs[-1] @ self.p[f"w{i}"] + self.p[f"b{i}"], 0.0))
        logits = hs[-1] @ self.p["wp"] + self.p["bp"]
        value = np.tanh(hs[-1] @ self.p["wv"] + self.p["bv"][0])
        return hs, logits, value

    def losses(self, x, mask, target, value):
        """``(policy loss, value loss, top-1 agreement)`` without a step."""
        _hs, logits, v = self.forward(x)
        logp = _log_softmax(np.where(mask, logits, -1e9))
        rows = np.arange(len(target))
        acc = float(np.mean(np.argmax(np.where(mask, logits, -1e9), 1) == target))
        return float(-logp[rows, target].mean()), float(np.mean((v - value) ** 2)), acc

    def step(self, x, mask, target, value) -> tuple[float, float]:
        """One Adam step on a batch; returns the two losses."""
        hs, logits, v = self.forward(x)
        b = len(target)
        rows = np.arange(b)
        logp = _log_softmax(np.where(mask, logits, -1e9))
        g_logits = np.exp(logp)
        g_logits[rows, target] -= 1.0
        g_logits /= b
        g_v = self.vw * 2.0 * (v - value) * (1.0 - v * v) / b
        h = hs[-1]
        grads = {
            "wp": h.T @ g_logits,
            "bp": g_logits.sum(0),
            "wv": h.T @ g_v,
            "bv": np.array([g_v.sum()], np.float32),
        }
        g_h = g_logits @ self.p["wp"].T + np.outer(g_v, self.p["wv"])
        for i in reversed(range(self.n_hidden)):
            g_h = g_h * (hs[i + 1] > 0)
            grads[f"w{i}"] = hs[i].T @ g_h
            grads[f"b{i}"] = g_h.sum(0)
            if i:
                g_h = g_h @ self.p[f"w{i}"].T
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            mh = self.m[k] / (1 - b1**self.t)
            vh = self.v[k] / (1 - b2**self.t)
            self.p[k] -= (self.lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
        return float(-logp[rows, target].mean()), float(np.mean((v - value) ** 2))

    def arrays(self) -> dict[str, np.ndarray]:
        """The trained weights."""
        return self.p


def _log_softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


class TorchModel:
    """The same model in PyTorch (the ``torch`` backend)."""

    def __init__(self, arrays: dict[str, np.ndarray], lr: float, value_weight: float) -> None:
        """Copy ``arrays`` into torch parameters."""
        import torch

        self.torch = torch
        self.p = {k: torch.nn.Parameter(torch.from_numpy(v.copy())) for k, v in arrays.items()}
        self.n_hidden = sum(1 for k in arrays if k.startswith("w") and k[1:].isdigit())
        self.opt = torch.optim.Adam(list(self.p.values()), lr=lr)
        self.vw = value_weight

    def _forward(self, x, mask):
        torch = self.torch
        h = torch.from_numpy(x)
        for i in range(self.n_hidden):
            h = torch.relu(h @ self.p[f"w{i}"] + self.p[f"b{i}"])
        logits = h @ self.p["wp"] + self.p["bp"]
        logits = logits.masked_fill(~torch.from_numpy(mask), -1e9)
        value = torch.tanh(h @ self.p["wv"] + self.p["bv"][0])
        return logits, value

    def _loss(self, x, mask, target, value):
        torch = self.torch
        logits, v = self._forward(x, mask)
        t = torch.from_numpy(target.astype(np.int64))
        lp = torch.nn.functional.cross_entropy(logits, t)
        lv = torch.mean((v - torch.from_numpy(value)) ** 2)
        return lp, lv, logits, t

    def losses(self, x, mask, target, value):
        """``(policy loss, value loss, top-1 agreement)`` without a step."""
        with self.torch.no_grad():
            lp, lv, logits, t = self._loss(x, mask, target, value)
            acc = (logits.argmax(1) == t).float().mean()
        return float(lp), float(lv), float(acc)

    def step(self, x, mask, target, value) -> tuple[float, float]:
        """One Adam step on a batch; returns the two losses."""
        lp, lv, _l, _t = self._loss(x, mask, target, value)
        self.opt.zero_grad()
        (lp + self.vw * lv).backward()
        self.opt.step()
        return float(lp.detach()), float(lv.detach())

    def arrays(self) -> dict[str, np.ndarray]:
        """The trained weights."""
        return {k: v.detach().numpy().copy() for k, v in self.p.items()}


def value_targets(data: dict[str, np.ndarray], kind: str, mix: float) -> np.ndarray:
    """The value head's targets: the results (``result``), the teacher's estimates
    (``search``), or ``mix`` times the estimates plus ``1 - mix`` times the results."""
    if kind == "result":
        return data["value"]
    if "search_value" not in data:
        raise SystemExit(
            "this data has no search estimates (made before they were kept): "
            "use --value-target result, or a new --out"
        )
    if kind == "search":
        return data["search_value"]
    out: np.ndarray = mix * data["search_value"] + (1.0 - mix) * data["value"]
    return out.astype(np.float32)


def train(args: argparse.Namespace, data: dict[str, np.ndarray]) -> tuple[PolicyValueNet, dict]:
    """Train a net on ``data``; return it with its training record."""
    rng = np.random.default_rng(args.seed)
    n = len(data["target"])
    games = int(data["game"].max()) + 1 if n else 0
    held = (
        set(rng.choice(games, size=max(1, games // 10), replace=False).tolist())
        if games > 1
        else set()
    )
    is_val = np.array([g in held for g in data["game"]], dtype=bool)
    tr, va = np.flatnonzero(~is_val), np.flatnonzero(is_val)
    starts = np.concatenate([[0], np.cumsum(data["legal_len"])[:-1]]).astype(np.int64)
    legal = data["legal"].astype(np.int64)
    backend = args.backend
    if backend == "auto":
        try:
            import torch

            torch.set_num_threads(max(1, args.workers))
            backend = "torch"
        except ImportError:
            backend = "numpy"
    arrays = _init(args.hidden, rng)
    cls = TorchModel if backend == "torch" else NumpyModel
    model = cls(arrays, args.lr, args.value_weight)
    values = value_targets(data, args.value_target, args.value_mix)

    def batch(rows):
        x = data["obs"][rows].astype(np.float32)
        return (
            x,
            _masks(legal, starts, data["legal_len"], rows),
            data["target"][rows],
            values[rows],
        )

    history = []
    best: tuple[float, int, dict[str, np.ndarray]] | None = None
    t0 = time.perf_counter()
    for epoch in range(args.epochs):
        order = rng.permutation(tr)
        lp_sum = lv_sum = 0.0
        steps = 0
        for k in range(0, len(order), args.batch):
            lp, lv = model.step(*batch(order[k : k + args.batch]))
            lp_sum += lp
            lv_sum += lv
            steps += 1
        row = {
            "epoch": epoch + 1,
            "train_policy_loss": round(lp_sum / max(1, steps), 4),
            "train_value_mse": round(lv_sum / max(1, steps), 4),
        }
        if len(va):
            vp, vv, acc = model.losses(*batch(va))
            row.update(
                val_policy_loss=round(vp, 4), val_value_mse=round(vv, 4), val_top1=round(acc, 4)
            )
            loss = vp + args.value_weight * vv
            if best is None or loss < best[0]:
                best = (loss, epoch + 1, {k: v.copy() for k, v in model.arrays().items()})
        row["seconds"] = round(time.perf_counter() - t0, 1)
        history.append(row)
        if not args.quiet:
            print("train:", json.dumps(row))
    # the epoch with the lowest held-out loss (policy + weighted value), else the last
    trained = best[2] if best is not None else model.arrays()
    # Inputs that never fired in training carry only their random start: zero them, so
    # that positions unlike the training data (other seat counts) are not pushed around
    # by noise, and the file compresses.
    active = np.flatnonzero(data["obs"].any(axis=0)) if n else np.arange(0)
    dead = np.setdiff1d(np.arange(OBS_SIZE), active)
    trained["w0"][dead] = 0.0
    record = {
        "backend": backend,
        "hidden": list(args.hidden),
        "samples": int(n),
        "train_samples": len(tr),
        "val_samples": len(va),
        "games": games,
        "epochs": history,
        "kept_epoch": best[1] if best is not None else len(history),
        "value_target": args.value_target
        + (f" {args.value_mix:g}" if args.value_target == "mix" else ""),
        "train_seconds": round(time.perf_counter() - t0, 1),
        "inputs_zeroed": len(dead),
    }
    return PolicyValueNet(trained, record), record


# ----------------------------------------------------------------------------------- cli


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module doc)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("runs/neural"), help="work directory")
    p.add_argument("--games", type=int, default=2000, help="self-play games to train on")
    p.add_argument("--teacher", default="ismcts:200it", help="bot spec that labels moves")
    p.add_argument("--rules", default="standard", help="rule sets, comma-separated (cycled)")
    p.add_argument("--explore", type=float, default=0.1, help="chance of a random move")
    p.add_argument(
        "--input",
        choices=["seat", "world"],
        default="seat",
        help="what the net reads: the acting seat's view (the neural bot and its search), "
        "or the whole world from that seat (a value net for the search's leaves only)",
    )
    p.add_argument("--shard", type=int, default=50, help="games a data shard")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    p.add_argument("--ray", action="store_true", help="play the games as Ray tasks")
    p.add_argument("--epochs", type=int, default=8)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--value-weight", type=float, default=1.0)
    p.add_argument(
        "--value-target",
        choices=["result", "search", "mix"],
        default="search",
        help="what the value head learns: the game's result, the teacher's search estimate, "
        "or --value-mix of the estimate plus the rest of the result",
    )
    p.add_argument("--value-mix", type=float, default=0.5, help="the estimate's share (mix)")
    p.add_argument("--hidden", type=lambda s: [int(x) for x in s.split(",")], default=[128, 128])
    p.add_argument("--backend", choices=["auto", "torch", "numpy"], default="auto")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--install", action="store_true", help=f"copy the net to {WEIGHTS_PATH}")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if args.games < 1 or args.epochs < 0 or args.shard < 1:
        p.error("--games and --shard must be positive, --epochs 0 or more")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Generate (or resume) the data, train, save; print the record."""
    args = parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    gen = generate(args, args.out / "data")
    data = load_data(args.out / "data", args.games, args.shard)
    net, record = train(args, data)
    record.update(
        command="python scripts/train.py " + " ".join(sys.argv[1:] if argv is None else argv),
        teacher=args.teacher,
        rules=args.rules,
        input=args.input,
        explore=args.explore,
        data=gen,
        total_seconds=round(time.perf_counter() - t0, 1),
        machine=f"{platform.machine()}, {os.cpu_count()} logical cores, "
        f"Python {platform.python_version()}",
    )
    net.meta = record
    net.save(args.out / "neural.npz")
    (args.out / "train.json").write_text(json.dumps(record, indent=2) + "\n")
    if args.install:
        shutil.copyfile(args.out / "neural.npz", WEIGHTS_PATH)
    if not args.quiet:
        size = (args.out / "neural.npz").stat().st_size
        print(f"saved {args.out / 'neural.npz'} ({size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
