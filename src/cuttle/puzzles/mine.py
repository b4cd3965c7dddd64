"""Finding puzzles in games, and verifying each from the solver's information only.

A position becomes a puzzle when, judged from the seat to move's view alone (its hand,
the table, the public history; never the hidden cards), one move keeps a clear win and
every other move loses much more. Two searches judge it:

1. **The screen**: every legal move is played out to the end of the game in the same
   sampled worlds (flat Monte Carlo with heuristic play-outs,
   :func:`cuttle.bots.pimc.pimc_scores` with ``depth`` to the end), ``quick_worlds``
   worlds. It must give the best move at least ``min_chance`` and every other move
   ``min_margin`` less.
2. **The verification**, only for positions that pass the screen, with other worlds and
   more of them (``deep_worlds``): the same best move, a chance of at least
   ``min_chance`` and a margin of at least ``deep_margin``; and an information-set tree
   search (ISMCTS, ``deep_iterations`` iterations, its own seed) must pick the same move.

Both work from :class:`~cuttle.engine.observer.SeatView` only: a puzzle never depends on
cards its solver could not see. Games come from bot self-play (:func:`mine`) or from
records (:func:`puzzles_in_record`, e.g. analysed games of the site).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..bots.pimc import pimc_scores
from ..bots.registry import analyse, make_bot
from ..engine.game import Game, new_game
from ..engine.moves import Move, move_text
from ..engine.observer import SeatView
from ..engine.records import read_record, write_record
from ..engine.table import MAIN
from .model import Puzzle
from .themes import themes_of


@dataclass(frozen=True)
class Soundness:
    """The margins and search sizes that make a puzzle sound (see the module)."""

    min_moves: int = 3
    """The solver must choose among at least this many legal moves."""
    quick_worlds: int = 24
    deep_worlds: int = 120
    depth: int = 200
    """Play-out length in plies: to the end of the game in practice."""
    min_chance: float = 0.65
    """The solution's win chance, two players (more seats: see :meth:`chance_needed`)."""
    min_margin: float = 0.25
    """How much worse every other move must be at the screen."""
    deep_margin: float = 0.2
    """How much worse every other move must be under the verification."""
    deep_iterations: int = 3000
    """The tree search's iterations at the verification."""

    def chance_needed(self, seats: int) -> float:
        """The solution's win chance needed with ``seats`` players (a clear win is less
        than 0.7 where three or more players share the chances)."""
        return self.min_chance if seats == 2 else max(0.5, self.min_chance - 0.1)


DEFAULT = Soundness()


def move_chances(
    view: SeatView, worlds: int, seed: int, depth: int = DEFAULT.depth
) -> list[tuple[str, float]]:
    """Each legal move of ``view`` with its win chance for the seat to move, best first,
    by playing every move out in the same ``worlds`` worlds dealt from the view."""
    legal = sorted(Move.parse(t) for t in view.legal)
    scores, _ = pimc_scores(view, legal, random.Random(seed), worlds=worlds, depth=depth)
    return [(move_text(m), v) for m, v in scores]


def _separation(chances: list[tuple[str, float]]) -> tuple[str, float, float]:
    best, top = chances[0]
    runner = chances[1][1] if len(chances) > 1 else 0.0
    return best, top, top - runner


def verify(
    view: SeatView, solution: str, seed: int, sound: Soundness = DEFAULT
) -> tuple[bool, float, float]:
    """Whether ``solution`` is the unique clear answer of ``view`` under the deeper
    searches (see the module); returns ``(sound, chance, margin)`` of the verification."""
    chances = move_chances(view, sound.deep_worlds, seed + 7919, sound.depth)
    best, top, margin = _separation(chances)
    need = sound.chance_needed(len(view.position["hands"]))
    if best != solution or top < need or margin < sound.deep_margin:
        return False, top, margin
    tree = analyse(view, iterations=sound.deep_iterations, seed=seed + 104729, workers=1)
    return tree[0][0] == solution, top, margin


def is_candidate(g: Game, view: SeatView, sound: Soundness = DEFAULT) -> bool:
    """Whether a position is worth the screen: enough choices, and a decision that
    matters soon (a seat near its goal, a one-off or a discard to answer, a short deck)."""
    if len(view.legal) < sound.min_moves:
        return False
    if g.phase != MAIN or len(g.deck) <= 8:
        return True
    return any(g.goal(v) - g.score(v) <= 9 for v in range(g.n))


def screen(g: Game, seed: int, sound: Soundness = DEFAULT) -> tuple[str, float, float] | None:
    """The screen (see the module) of the seat to move in ``g``: ``(move, chance,
    margin)`` if one move stands out clearly, else None."""
    view = SeatView.of(g, g.to_act)
    if not is_candidate(g, view, sound):
        return None
    chances = move_chances(view, sound.quick_worlds, seed, sound.depth)
    best, top, margin = _separation(chances)
    if top < sound.chance_needed(g.n) or margin < sound.min_margin:
        return None
    return best, top, margin


def starting_rating(view: SeatView, solution: str, seed: int) -> float:
    """A first guess at the puzzle's Glicko-2 rating: 1250 if the one-ply ``greedy`` bot
    finds the solution, 1500 if a quick search does, else 1750 (the site's ratings
    then move with every attempt)."""
    if make_bot("greedy", seed).choose(view) == solution:
        return 1250.0
    if make_bot("pimc:16it", seed).choose(view) == solution:
        return 1500.0
    return 1750.0


def make_puzzle(g: Game, seed: int, source: str, sound: Soundness = DEFAULT) -> Puzzle | None:
    """A verified puzzle for the seat to move in ``g``, or None."""
    found = screen(g, seed, sound)
    if found is None:
        return None
    solution = found[0]
    view = SeatView.of(g, g.to_act)
    ok, chance, margin = verify(view, solution, seed, sound)
    if not ok:
        return None
    record = write_record(g)
    return Puzzle(
        id=Puzzle.make_id(record, g.to_act),
        rules=g.rules.name,
        record=record,
        seat=g.to_act,
        solution=solution,
        themes=themes_of(g, solution),
        chance=round(chance, 3),
        margin=round(margin, 3),
        rating=starting_rating(view, solution, seed),
        source=source,
        moves=len(view.legal),
    )


def wins_now(g: Game) -> bool:
    """Whether some legal move of the seat to move wins the game at once."""
    seat = g.to_act
    for m in g.legal_actions():
        after = g.copy()
        after.apply(m)
        if after.winners and seat in after.winners:
            return True
    return False


def puzzles_in_game(
    rules: str,
    seed: int,
    bots: tuple[str, ...] = ("greedy", "pimc:16it"),
    sound: Soundness = DEFAULT,
    per_game: int = 2,
    skip_win_now: bool = False,
) -> list[Puzzle]:
    """Play one self-play game of ``rules`` (deal ``seed``; seats take ``bots`` in turn)
    and return up to ``per_game`` puzzles found along it, those that do not simply win at
    once first (``skip_win_now``: none of those)."""
    g = new_game(rules, seed=seed)
    players = [make_bot(bots[(i + seed) % len(bots)], seed * 31 + i) for i in range(g.n)]
    found: list[Puzzle] = []
    ply = 0
    while not g.is_over and ply < 400:
        source = f"self-play {rules} seed {seed} ply {ply}"
        if not (skip_win_now and wins_now(g)):
            puzzle = make_puzzle(g, seed * 1009 + ply, source, sound)
            if puzzle is not None:
                found.append(puzzle)
        g.play(players[g.to_act].choose(SeatView.of(g, g.to_act)))
        ply += 1
    found.sort(key=lambda p: ("win-now" in p.themes, -p.rating))
    return found[:per_game]


def puzzles_in_record(
    text: str, seed: int = 1, sound: Soundness = DEFAULT, source: str = "record"
) -> Iterator[Puzzle]:
    """The puzzles along a game record (each position of the game, the seat to move)."""
    whole = read_record(text)
    if whole.start_deck is None:
        return
    g = Game.deal(whole.rules, whole.start_deck)
    for ply, (_seat, move) in enumerate(whole.history):
        if g.is_over:
            break
        puzzle = make_puzzle(g, seed * 1009 + ply, f"{source} ply {ply}", sound)
        if puzzle is not None:
            yield puzzle
        g.apply(move)


def mine(
    rules: str,
    count: int,
    first_seed: int = 1,
    sound: Soundness = DEFAULT,
    progress: Callable[[int, int, int], None] | None = None,
    max_games: int = 100_000,
    win_now_share: float = 0.3,
) -> list[Puzzle]:
    """Self-play ``rules`` games from deal ``first_seed`` on until ``count`` puzzles are
    found (at most ``win_now_share`` of them simply winning at once); ``progress`` is
    told ``(games played, puzzles found, seed)`` after each game."""
    found: dict[str, Puzzle] = {}
    win_now = 0
    for i in range(max_games):
        if len(found) >= count:
            break
        seed = first_seed + i
        full = win_now >= win_now_share * count
        for p in puzzles_in_game(rules, seed, sound=sound, skip_win_now=full):
            if "win-now" in p.themes:
                if win_now >= win_now_share * count:
                    continue
                win_now += 1
            found.setdefault(p.id, p)
        if progress is not None:
            progress(i + 1, len(found), seed)
    return list(found.values())[:count]
