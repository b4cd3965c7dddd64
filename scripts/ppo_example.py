"""MaskablePPO (sb3-contrib) on the Gymnasium environment ``Cuttle-v0`` against ``random``.

The agent plays seat ``random`` (drawn at each reset) of the ``standard`` rules against
the ``random`` bot; the environment's :meth:`~cuttle.envs.gym.CuttleEnv.action_masks`
keeps it to legal actions. After ``--steps`` agent decisions it plays ``--eval-games``
fresh games (decks from ``--seed + 10**6`` on, seats alternating, the policy's most
likely legal action) and prints the score with its Wilson 95% interval. Needs the
``train`` extra (``torch``, ``sb3-contrib``) besides ``research``::

    python scripts/ppo_example.py --steps 20000 --eval-games 200 --out runs/ppo

The figures of a run are in ``docs/research.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import gymnasium
import numpy as np

import cuttle.envs  # noqa: F401  (registers Cuttle-v0)


def wilson(k: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return mid - half, mid + half


def evaluate(model, games: int, seed: int, rules: str, opponent: str) -> dict[str, float]:
    """Play ``games`` games with the model's greedy masked policy; score draws as half."""
    env = gymnasium.make("Cuttle-v0", rules=rules, opponent=opponent)
    wins = draws = 0
    for k in range(games):
        obs, info = env.reset(seed=seed + k, options={"seat": k % 2})
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        wins += reward > 0
        draws += reward == 0
    score = wins + 0.5 * draws
    lo, hi = wilson(score, games)
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "score": score / games,
        "wilson_low": lo,
        "wilson_high": hi,
    }


def main(argv: list[str] | None = None) -> int:
    """Train, save, evaluate, print (and write ``--out/ppo.json``)."""
    import torch
    from sb3_contrib import MaskablePPO

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--steps", type=int, default=20_000, help="agent decisions to train on")
    p.add_argument("--eval-games", type=int, default=200)
    p.add_argument("--rules", default="standard")
    p.add_argument("--opponent", default="random")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=Path("runs/ppo"))
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    args = p.parse_args(argv)
    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    env = gymnasium.make("Cuttle-v0", rules=args.rules, opponent=args.opponent, seat="random")
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=1024,
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
    )
    t0 = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    train_s = time.perf_counter() - t0
    model.save(args.out / "maskable_ppo")
    t1 = time.perf_counter()
    result = evaluate(model, args.eval_games, args.seed + 10**6, args.rules, args.opponent)
    result.update(
        steps=args.steps,
        train_seconds=round(train_s, 1),
        eval_seconds=round(time.perf_counter() - t1, 1),
    )
    (args.out / "ppo.json").write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result))
    return 0 if result["games"] else 1


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    raise SystemExit(main())
