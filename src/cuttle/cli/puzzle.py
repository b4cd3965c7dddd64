"""``cuttle puzzle`` (solve puzzles in the terminal) and ``cuttle puzzles`` (list, make
and verify puzzle sets).

``cuttle puzzle`` shows a puzzle from the starter set as its solver sees it (the seat's
view, the last moves in words, the legal moves numbered), reads a move (its number or
its text), says whether it was the solution and keeps a Glicko-2 rating and a streak in
a small file (``$XDG_DATA_HOME/cuttle/puzzles.json``, or ``--state FILE``).
``cuttle puzzles generate`` mines new puzzles from self-play (:mod:`cuttle.puzzles.mine`),
``cuttle puzzles verify FILE`` checks each puzzle of a set again with the deeper search,
``cuttle puzzles list`` counts a set by rule set and theme.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

from cuttle.engine.errors import InvalidMoveError
from cuttle.engine.observer import view_text
from cuttle.engine.words import describe_history
from cuttle.i18n import N_, Domain
from cuttle.league.glicko2 import Rating
from cuttle.puzzles.mine import DEFAULT, mine, verify
from cuttle.puzzles.model import Puzzle, load_puzzles, save_puzzles, starter_set
from cuttle.puzzles.rating import new_puzzle, new_solver, next_streak, rate_attempt
from cuttle.puzzles.themes import THEMES

from .common import CliError, HelpFormatter, Streams

T = Domain("analysis")
_ = T.gettext


PUZZLE_EXAMPLES = N_("""\
examples:
  cuttle puzzle                          a puzzle near your rating, answered at the prompt
  cuttle puzzle --theme jack             only puzzles where a jack matters
  cuttle puzzle --rules cutthroat        only three-player puzzles
  cuttle puzzle --id 009796f9ba --move 1 answer one puzzle at once (scripts)
""")

PUZZLES_EXAMPLES = N_("""\
examples:
  cuttle puzzles list                                  the starter set by rule set and theme
  cuttle puzzles generate --count 20 --out mine.jsonl  mine 20 new puzzles from self-play
  cuttle puzzles verify mine.jsonl                     check each again with a deeper search
""")


THEME_WORDS = {
    "win-now": N_("Win now"), "points": N_("Points"), "scuttle": N_("Scuttle"),
    "one-off": N_("One-off"), "ace": N_("Ace"), "two": N_("Two"), "three": N_("Three"),
    "four": N_("Four"), "five": N_("Five"), "six": N_("Six"), "seven": N_("Seven"),
    "nine": N_("Nine"), "counter": N_("Counter"), "resolve": N_("Resolve"),
    "royal": N_("Royal"), "king": N_("King"), "queen": N_("Queen"), "jack": N_("Jack"),
    "glasses": N_("Glasses"), "joker": N_("Joker"), "discard": N_("Discard"),
    "hand-limit": N_("Hand limit"), "take": N_("Take"), "endgame": N_("Endgame"),
}  # fmt: skip
"""Each theme's name as a solver reads it (the site's puzzle page names them alike)."""


def theme_words(themes: tuple[str, ...] | list[str]) -> str:
    """The themes in the current language, comma separated (``-`` when none)."""
    return ", ".join(_(THEME_WORDS[t]) if t in THEME_WORDS else t for t in themes) or "-"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``puzzle`` and ``puzzles`` commands."""
    p = sub.add_parser(
        "puzzle",
        help=_("solve puzzles from real games, rated"),
        description=_("Solve a puzzle: find the one move that keeps a clear win."),
        epilog=_(PUZZLE_EXAMPLES),
        formatter_class=HelpFormatter,
    )
    p.add_argument(
        "--theme",
        choices=THEMES,
        metavar="THEME",
        help=_("only puzzles of this theme (cuttle puzzles list names them)"),
    )
    p.add_argument("--rules", help=_("only puzzles of this rule set"))
    p.add_argument("--id", help=_("this puzzle (its id)"))
    p.add_argument("--move", help=_("answer at once with this move (no prompt)"))
    p.add_argument("--state", metavar="FILE", help=_("where your rating is kept"))
    p.set_defaults(func=cmd_puzzle)
    q = sub.add_parser(
        "puzzles",
        help=_("list, generate and verify puzzle sets"),
        description=_("Puzzle sets: list one, mine new puzzles from self-play, verify a set."),
        epilog=_(PUZZLES_EXAMPLES),
        formatter_class=HelpFormatter,
    )
    qs = q.add_subparsers(dest="action", metavar="ACTION", required=True)
    g = qs.add_parser("generate", help=_("mine puzzles from self-play games"))
    g.add_argument("--rules", default="standard")
    g.add_argument("--count", type=int, default=20)
    g.add_argument("--seed", type=int, default=1, help=_("the first deal"))
    g.add_argument("--out", required=True, metavar="FILE", help=_("a .jsonl file to write"))
    v = qs.add_parser("verify", help=_("check every puzzle of a set with the deeper search"))
    v.add_argument("file", metavar="FILE")
    ls = qs.add_parser("list", help=_("count a set's puzzles by rule set and theme"))
    ls.add_argument("file", nargs="?", metavar="FILE", help=_("default: the starter set"))
    q.set_defaults(func=cmd_puzzles)


def _state_path(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cuttle" / "puzzles.json"


def _load_state(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    r = new_solver()
    data.setdefault("rating", [r.rating, r.deviation, r.volatility])
    data.setdefault("streak", 0)
    data.setdefault("best_streak", 0)
    data.setdefault("tried", [])
    return data


def _choose(args: argparse.Namespace, tried: set[str], rating: float) -> Puzzle:
    pool = list(starter_set())
    if args.id:
        found = [p for p in pool if p.id == args.id]
        if not found:
            raise CliError(_("no puzzle with the id {id}").format(id=args.id))
        return found[0]
    pool = [
        p for p in pool
        if (args.theme is None or args.theme in p.themes)
        and (args.rules is None or p.rules == args.rules) and p.id not in tried
    ]  # fmt: skip
    if not pool:
        raise CliError(_("no puzzle left to try with these choices"))
    pool.sort(key=lambda p: (abs(p.rating - rating), p.id))
    return random.Random(len(tried)).choice(pool[:8])


def _read_move(p: Puzzle, legal: tuple[str, ...], args: argparse.Namespace, io: Streams) -> str:
    answer: str | None = args.move
    while answer is None:
        io.stdout.write(_("Your move (number or text): "))
        io.stdout.flush()
        line = io.stdin.readline()
        if not line:
            raise CliError(_("no move given"))
        answer = line.strip() or None
    if answer.isdigit() and 1 <= int(answer) <= len(legal):
        return legal[int(answer) - 1]
    try:
        if p.is_solution(answer) or answer in legal:
            return answer
    except InvalidMoveError as exc:
        raise CliError(_("unreadable move: {why}").format(why=exc)) from None
    from cuttle.engine.moves import Move

    if Move.parse(answer) not in {Move.parse(t) for t in legal}:
        raise CliError(_("{move} is not a legal move in this puzzle").format(move=answer))
    return answer


def cmd_puzzle(args: argparse.Namespace, io: Streams) -> int:
    """Show a puzzle, read a move, judge it and rate it."""
    path = _state_path(args.state)
    state = _load_state(path)
    solver = Rating(*state["rating"])
    tried = set(state["tried"])
    p = _choose(args, tried, solver.rating)
    g = p.game()
    view = p.view()
    names = [f"p{i}" for i in range(g.n)]
    io.out(_("Puzzle {id} ({rules}), you are p{seat}.").format(id=p.id, rules=p.rules, seat=p.seat))
    io.out(view_text(view.position, p.seat))
    io.out(_("The last moves:"))
    for line in describe_history(g, p.seat, names)[-6:]:
        io.out(f"  {line}")
    io.out(_("Find the best move: only one keeps a clear win."))
    for i, move in enumerate(view.legal, 1):
        io.out(f"  {i:2}. {move}")
    move = _read_move(p, view.legal, args, io)
    solved = p.is_solution(move)
    if solved:
        io.out(_("Solved!"))
    else:
        io.out(_("Not the best move: the solution was {move}.").format(move=p.solution))
    io.out(
        _("The solution keeps about {chance}% to win; no other move keeps more than {other}%.")
        .format(chance=round(p.chance * 100), other=round(max(0.0, p.chance - p.margin) * 100))
    )  # fmt: skip
    if p.id not in tried:
        new, _puzzle = rate_attempt(solver, new_puzzle(p.rating), solved)
        state["rating"] = [new.rating, new.deviation, new.volatility]
        state["streak"] = next_streak(int(state["streak"]), solved)
        state["best_streak"] = max(int(state["best_streak"]), int(state["streak"]))
        state["tried"].append(p.id)
        change = round(new.rating - solver.rating)
        io.out(
            _("Your puzzle rating: {rating} ({change:+d}); streak {streak}.").format(
                rating=round(new.rating), change=change, streak=state["streak"]
            )
        )
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(state), encoding="utf-8")
    else:
        io.out(_("Already tried: not rated."))
    io.out(_("Themes: {themes}").format(themes=theme_words(p.themes)))
    return 0


def cmd_puzzles(args: argparse.Namespace, io: Streams) -> int:
    """List, generate or verify a puzzle set."""
    if args.action == "list":
        puzzles = load_puzzles(args.file) if args.file else list(starter_set())
        by_rules = Counter(p.rules for p in puzzles)
        io.out(_("{n} puzzles").format(n=len(puzzles)))
        for rules, n in sorted(by_rules.items()):
            io.out(f"  {rules}: {n}")
        themes = Counter(t for p in puzzles for t in p.themes)
        for theme in THEMES:
            if themes[theme]:
                io.out(f"  {theme}: {themes[theme]}")
        return 0
    if args.action == "generate":
        if args.count < 1:
            raise CliError(_("--count must be at least 1"))

        def progress(games: int, found: int, seed: int) -> None:
            io.err(_("{games} games, {found} puzzles").format(games=games, found=found))

        found = mine(args.rules, args.count, args.seed, progress=progress)
        save_puzzles(args.out, found)
        io.out(_("{n} puzzles written to {file}").format(n=len(found), file=args.out))
        return 0
    puzzles = load_puzzles(args.file)
    bad = 0
    for p in puzzles:
        ok, chance, margin = verify(p.view(), p.solution, _seed_of(p), DEFAULT)
        if not ok:
            bad += 1
            io.out(_("{id}: not sound (chance {chance:.2f}, margin {margin:.2f})").format(
                id=p.id, chance=chance, margin=margin))  # fmt: skip
    io.out(_("{good} of {n} puzzles sound").format(good=len(puzzles) - bad, n=len(puzzles)))
    return 1 if bad else 0


def _seed_of(p: Puzzle) -> int:
    """The seed a puzzle was verified with when it was mined (from its source)."""
    words = p.source.split()
    try:
        seed, ply = int(words[words.index("seed") + 1]), int(words[words.index("ply") + 1])
    except (ValueError, IndexError):
        return 1
    return seed * 1009 + ply
