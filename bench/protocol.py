"""The engine protocol's overhead: a trivial external bot through the arena, and one move.

Three measures, all on standard rules:

- **arena**: ``--games`` games of a trivial external program (Python, answers the first
  legal move at once, one process per game as the arena starts it) against ``random``,
  played by the arena's own game loop (:func:`cuttle.arena.match.play_game`); reported as
  the external seat's decisions per second and all moves per second, beside the same
  games with the in-process ``random`` bot in the external seat;
- **round trip**: one decision asked of the already started program ``--moves`` times
  (the messages written, the answer read and checked), in microseconds per move;
- **encoding**: of that, the host's part: the ``view`` and ``legal`` messages written as
  JSON, per move;
- **start**: starting the program, its handshake and its ``quit``, per process (the
  arena pays it once a game).

The program's start is counted in the arena figure (a process per game), not in the
round trip. Run: ``.venv/bin/python bench/protocol.py --games 40 --moves 2000``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cuttle.arena.match import play_game
from cuttle.bots import make_bot
from cuttle.bots.external import ExternalBot
from cuttle.bots.protocol import dumps
from cuttle.engine.rules import get_rules
from cuttle.table import Seat, Table

TRIVIAL = """\
import sys
legal = "[]"
for line in sys.stdin:
    keyword, _, rest = line.rstrip().partition(" ")
    if keyword == "cuttle":
        sys.stdout.write("cuttleok\\n"); sys.stdout.flush()
    elif keyword == "legal":
        legal = rest
    elif keyword == "go":
        first = legal.split('"')[1]  # the first legal move, without parsing the JSON
        sys.stdout.write("move " + first + "\\n"); sys.stdout.flush()
    elif keyword == "quit":
        break
"""


def arena_rate(games: int, external: list[str] | None) -> tuple[float, float, float]:
    """Play ``games`` games, seat 0 the program ``external`` (``None``: our ``random``)
    and seat 1 ``random``; return (seat-0 decisions/s, moves/s, seconds)."""
    rules = get_rules("standard")
    decisions = moves = 0
    t0 = time.perf_counter()
    for g in range(games):
        first = ExternalBot(external, seed=g) if external else make_bot("random", seed=g)
        table = Table(rules, [Seat("a"), Seat("b")], seed=g)
        played = play_game(table, [first, make_bot("random", seed=1000 + g)])
        assert not played.forfeits, played.forfeits
        decisions += played.seats[0].decisions
        moves += table.moves_played
    spent = time.perf_counter() - t0
    return decisions / spent, moves / spent, spent


def round_trip(command: list[str], moves: int) -> tuple[float, float, float]:
    """Microseconds per decision asked of a started program (median of 5 batches, the
    best batch), and the host's JSON encoding of the messages per decision."""
    table = Table(get_rules("standard"), [Seat("a"), Seat("b")], seed=3)
    view = table.view(table.to_act)
    bot = ExternalBot(command, seed=1)
    bot.choose(view)  # started, the game opened
    batches = []
    per = max(1, moves // 5)
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(per):
            bot.choose(view)
        batches.append((time.perf_counter() - t0) / per * 1e6)
    bot.close()
    t0 = time.perf_counter()
    for _ in range(per):
        dumps(view.position)
        dumps(list(view.legal))
    encode = (time.perf_counter() - t0) / per * 1e6
    return statistics.median(batches), min(batches), encode


def start_cost(command: list[str], times: int = 10) -> float:
    """Milliseconds to start the program, shake hands, ask one move and quit it."""
    table = Table(get_rules("standard"), [Seat("a"), Seat("b")], seed=3)
    view = table.view(table.to_act)
    t0 = time.perf_counter()
    for _ in range(times):
        bot = ExternalBot(command)
        bot.choose(view)
        bot.close()
    return (time.perf_counter() - t0) / times * 1000


def main() -> int:
    """Run the three measures and print them as a Markdown table."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=40, help="arena games each way (40)")
    p.add_argument("--moves", type=int, default=2000, help="round trips timed (2000)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "trivial_bot.py"
        script.write_text(TRIVIAL, encoding="utf-8")
        command = [sys.executable, str(script)]
        ext_dec, ext_moves, ext_s = arena_rate(args.games, command)
        own_dec, own_moves, own_s = arena_rate(args.games, None)
        median, best, encode = round_trip(command, args.moves)
        start = start_cost(command)
    print(f"standard rules, {args.games} games each, {args.moves} round trips")
    print()
    print("| measure | external program | in-process random |")
    print("|---|---:|---:|")
    print(f"| seat-0 decisions/s through the arena | {ext_dec:,.0f} | {own_dec:,.0f} |")
    print(f"| all moves/s (both seats) | {ext_moves:,.0f} | {own_moves:,.0f} |")
    print(f"| wall seconds | {ext_s:.2f} | {own_s:.2f} |")
    print(f"| one move's round trip (median of 5 batches) | {median:,.0f} µs | – |")
    print(f"| best batch | {best:,.0f} µs | – |")
    print(f"| of which the host's JSON (view + legal) | {encode:,.1f} µs | – |")
    print(f"| start, handshake, one move, quit (per process) | {start:,.1f} ms | – |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
