"""How often the ``neural`` policy's best root moves hold the move a search picks.

Plays greedy games; at a share of the positions with more than ``--min-legal`` legal
moves (no discards), asks the search bot for its move and counts how often that move is
among the policy head's best k (:func:`cuttle.bots.neural.move_priors`), for each k.
This is the recall that ``ismcts-policy`` (which keeps the best ``prior_keep`` root
moves) depends on; ``docs/strength.md``, run 10. Usage::

    python scripts/policy_recall.py --games 40 --search ismcts:0.2s
"""

from __future__ import annotations

import argparse
import random

from cuttle import new_game
from cuttle.bots import SeatView, make_bot
from cuttle.bots.neural import move_priors


def main(argv: list[str] | None = None) -> None:
    """Measure and print the recall of the policy's top k for each k."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--search", default="ismcts:0.2s", help="the bot whose move is the target")
    ap.add_argument("--share", type=float, default=0.35, help="share of positions asked")
    ap.add_argument("--min-legal", type=int, default=6)
    ap.add_argument("--ks", default="3,6,10")
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    ks = [int(k) for k in args.ks.split(",")]
    hits = dict.fromkeys(ks, 0)
    asked = decisions = legal_total = 0
    for i in range(args.games):
        game = new_game(args.rules, seed=args.seed + i)
        players = [make_bot("greedy", seed=s) for s in range(game.n)]
        search = make_bot(args.search, seed=i, workers=1)
        rng = random.Random(i)
        while game.winners is None:
            view = SeatView.of(game, game.to_act)
            decisions += 1
            priors = move_priors(view)
            if (
                priors is not None
                and len(view.legal) > args.min_legal
                and rng.random() < args.share
            ):
                asked += 1
                legal_total += len(view.legal)
                best = search.choose(view)
                order = sorted(priors, key=lambda t: (-priors[t], t))
                for k in ks:
                    hits[k] += best in order[:k]
            game.play(players[game.to_act].choose(view))
    if not asked:
        print("no position qualified")
        return
    print(
        f"{decisions} decisions in {args.games} games of {args.rules}; {asked} asked "
        f"(more than {args.min_legal} legal moves, mean {legal_total / asked:.1f})"
    )
    for k in ks:
        print(
            f"{args.search}'s move in the policy's top {k}: "
            f"{hits[k]}/{asked} = {100 * hits[k] / asked:.1f}%"
        )


if __name__ == "__main__":
    main()
