"""The terminal table's move log: the words of each new move, against a replay of all.

After every move the Textual table adds the new move's line to its log. It used to ask
the session for the whole log (``Session.log_entries()``: the game replayed and every
event narrated again) and keep the new lines; it now asks for the new event alone
(``Session.log_entries(start)``), told from the positions the table keeps around it.
This plays one seeded game of random bots at a full table and times both after every
move, checking they say the same.

Usage::

    python bench/tui_log.py                  # multiplayer, 8 seats, seed 3
    python bench/tui_log.py --players 4 --seed 7
"""

from __future__ import annotations

import argparse
import time

from cuttle import get_rules
from cuttle.tui.session import Session


def main(argv: list[str] | None = None) -> None:
    """Play the game and print the two costs a move."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    rules = get_rules("multiplayer", players=args.players)
    session = Session(rules, 0, {s: "random" for s in range(1, args.players)}, seed=args.seed)
    game = session.game
    whole = newest = 0.0
    moves = 0
    while not game.is_over:
        if session.human_to_act:
            session.play_human(game.legal_moves()[0])
        else:
            request = session.bot_request()
            assert request is not None
            session.play_bot(request, session.ask_bot(request))
        k = len(game.history)
        t0 = time.perf_counter()
        replayed = session.log_entries()[k - 1 :]
        t1 = time.perf_counter()
        told = session.log_entries(k - 1)
        t2 = time.perf_counter()
        assert replayed == told, (replayed, told)
        whole += t1 - t0
        newest += t2 - t1
        moves += 1
    t0 = time.perf_counter()
    session.log_entries()
    last = time.perf_counter() - t0
    print(
        f"multiplayer, {args.players} seats, seed {args.seed}: {moves} moves; the log's new "
        f"line a move: whole replay {whole / moves * 1000:.1f} ms on average "
        f"({last * 1000:.1f} ms at the end), the new event alone {newest / moves * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
