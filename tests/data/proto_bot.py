"""A tiny engine-protocol program for the tests: ``python proto_bot.py MODE [LOG]``.

MODE ``random`` plays a random legal move (seeded by the host's ``seed``); ``illegal``
answers a move that is never legal; ``slow`` never answers in time; ``crash`` plays
three moves, then exits with code 3 and a line on stderr; ``mute`` never finishes the
handshake; ``double`` answers each ``go`` with a legal move and, in the same write, an
illegal one. With LOG, every line received is appended to that file first (what the
program was sent, for the hidden-card test).
"""

from __future__ import annotations

import json
import random
import sys
import time


def main(mode: str, log_path: str | None) -> int:
    """Speak the protocol on stdin/stdout in ``mode``; return the exit code."""
    log = open(log_path, "a", encoding="utf-8") if log_path else None  # noqa: SIM115
    rng = random.Random(0)
    legal: list[str] = []
    moves = 0
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        if log is not None:
            log.write(line + "\n")
            log.flush()
        keyword, _, rest = line.partition(" ")
        if keyword == "cuttle":
            if mode == "mute":
                continue
            print("id name proto-" + mode, flush=True)
            print("cuttleok", flush=True)
        elif keyword == "seed":
            rng = random.Random(int(rest))
        elif keyword == "legal":
            legal = json.loads(rest)
        elif keyword == "go":
            moves += 1
            if mode == "illegal":
                print("move fly away", flush=True)
            elif mode == "slow":
                time.sleep(30)
            elif mode == "double":  # two answers at once: only the first counts
                move = rng.choice(legal)
                sys.stdout.write(f"move {move}\nmove fly away\ninfo string late\n")
                sys.stdout.flush()
            elif mode == "crash" and moves > 3:
                print("boom: out of ideas", file=sys.stderr, flush=True)
                return 3
            else:
                print(f"info win 0.5 iterations 7 pv {legal[0]}", flush=True)
                print("move " + rng.choice(legal), flush=True)
        elif keyword == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None))
