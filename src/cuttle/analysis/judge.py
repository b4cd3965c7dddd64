"""Judging every ply of a finished game from what its mover knew.

For each ply the table rebuilds the mover's :class:`~cuttle.engine.observer.SeatView`
exactly as a bot at that seat received it (its own hand, the cards it was shown, the
public history; hidden cards are ``"??"``), and the ISMCTS search
(:func:`cuttle.bots.search.search`) estimates every legal move's win chance from that view
alone. The real game's hidden cards never reach the search: two games that differ only in
cards the mover never saw get the same verdicts (same seed).

The search is seeded per ply (``seed`` and the ply's number) and by default stops after a
fixed number of iterations (:data:`DEFAULT_ITERATIONS`), so a review is reproducible;
a :class:`Budget` in seconds trades that for depth.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cuttle.bots.search import SearchParams, ranked, search
from cuttle.engine.game import Game
from cuttle.engine.history import DrawAgreed, Event, MovePlayed, Resigned, events_of
from cuttle.engine.moves import move_text, parse_move
from cuttle.engine.observer import SeatView
from cuttle.engine.position import from_json
from cuttle.engine.records import parse_record, read_record
from cuttle.engine.rules import RuleSet
from cuttle.table import Table
from cuttle.table.table import PRACTICE_HEADER, Seat

from .review import GameReview, PlyReview, mark_for, move_accuracy

DEFAULT_ITERATIONS = 3000
"""Search iterations per judged ply by default (docs/analysis.md: about 0.2 s a ply)."""

FORCED_SHARE = 4
"""A ply with one legal move is only measured (for the chance series), with this
fraction of the budget."""

Progress = Callable[[int, int], None]
"""Called as ``progress(plies done, plies in all)`` after every ply."""

Estimate = list[tuple[str, float, int]]
"""``(move, estimated win chance, visits)`` for every legal move, best first."""


@dataclass(frozen=True)
class Budget:
    """How long the search thinks about each ply: ``iterations`` (reproducible) or
    ``seconds`` of wall clock (deeper on a fast machine, not reproducible)."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None:
            if not self.seconds > 0:
                raise ValueError(f"the time per ply must be positive, not {self.seconds!r}")
        elif self.iterations is None or self.iterations < 1:
            raise ValueError(f"the iterations per ply must be 1 or more, not {self.iterations!r}")

    def params(self, share: int = 1) -> SearchParams:
        """The search parameters for one ply (``share``: a fraction of the budget)."""
        if self.seconds is not None:
            return SearchParams(seconds=self.seconds / share)
        assert self.iterations is not None
        return SearchParams(iterations=max(1, self.iterations // share))

    def text(self) -> str:
        """The budget as text: ``"3000it"`` or ``"1s"``."""
        return self.params().budget_text()


def ply_seed(seed: int, ply: int) -> int:
    """The search seed of ply ``ply`` (1-based) of a review seeded ``seed``: a function
    of the two alone, never of the cards."""
    return random.Random(f"cuttle-analysis/{seed}/{ply}").getrandbits(63)


def estimate(view: SeatView, budget: Budget, seed: int, share: int = 1) -> Estimate:
    """Every legal move of ``view`` with its estimated win chance for the seat to act
    and the visits the search gave it, best (most searched) first."""
    moves = sorted(parse_move(t) for t in view.legal)
    stats, _ = search(view, moves, budget.params(share), seed)
    return [(move_text(m), q, n) for m, n, q in ranked(stats, moves)]


def _sides(rules: RuleSet, n: int) -> list[tuple[int, ...]]:
    """The sides of a game: its teams, or one seat each."""
    return [tuple(t) for t in rules.teams] if rules.teams else [(s,) for s in range(n)]


class _Chances:
    """Each seat's latest estimated chance, and seat 0's series through the game."""

    def __init__(self, rules: RuleSet, n: int) -> None:
        self.sides = _sides(rules, n)
        self.side_of = {s: i for i, side in enumerate(self.sides) for s in side}
        self.last = [1.0 / len(self.sides)] * n
        self.series: list[float] = []

    def start(self, seat: int, chance: float) -> None:
        """Set the first point of the series from the first mover's chance."""
        if not self.series:
            self.set(seat, chance)
            self.series.append(self.last[0])

    def set(self, seat: int, chance: float) -> None:
        """``seat`` (and its side) now has ``chance``; with two sides, the other side
        has the rest."""
        mine = self.side_of[seat]
        for i, side in enumerate(self.sides):
            for s in side:
                if i == mine:
                    self.last[s] = chance
                elif len(self.sides) == 2:
                    self.last[s] = 1.0 - chance

    def step(self) -> None:
        """Close a ply: append seat 0's chance to the series."""
        self.series.append(self.last[0])


def judge_ply(ply: int, view: SeatView, played: str, budget: Budget, seed: int) -> PlyReview:
    """The verdict on ``played`` (a move of ``view.legal``) at ply ``ply``, from ``view``
    alone (the mover's view: see the module's text).

    The search over every legal move names the best one. When the mover played another,
    a second search compares just the two on common worlds with equal visits (the first
    search may have dropped the played move early, after few samples), and the loss is
    the difference of their chances there.
    """
    seat = view.acting
    forced = len(view.legal) == 1
    rows = estimate(view, budget, ply_seed(seed, ply), FORCED_SHARE if forced else 1)
    best, best_q, _ = rows[0]
    after = best_q
    if played != best:
        pair = SeatView(view.seat, view.rules, view.position, (best, played), view.history)
        values = {move: q for move, q, _ in estimate(pair, budget, ply_seed(seed, -ply), 2)}
        best_q, after = values[best], values[played]
        if after >= best_q:  # on a closer look the played move is as good
            best, best_q = played, after
    loss = max(0.0, (best_q - after) * 100.0)
    return PlyReview(
        ply=ply,
        seat=seat,
        move=played,
        before=best_q,
        after=after,
        best=best,
        best_chance=best_q,
        loss=loss,
        mark=mark_for(loss),
        forced=forced,
        judged=not forced,
    )


def _unjudged(ply: int, seat: int, move: str, before: float, after: float) -> PlyReview:
    """A resignation or agreed draw: told, never searched or marked."""
    return PlyReview(ply, seat, move, before, after, None, before, 0.0, None, False, False)


def analyse_events(
    start: Table,
    events: Sequence[Event],
    *,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review ``events`` played from ``start`` (a table at the game's start; it is
    played forward). See :func:`analyse_record`."""
    budget = budget or Budget()
    table = start
    n = table.n
    chances = _Chances(table.rules, n)
    plies: list[PlyReview] = []
    total = len(events)
    for ply, event in enumerate(events, start=1):
        if isinstance(event, MovePlayed):
            view = table.view(event.seat)
            played = table.apply(event)
            assert isinstance(played, MovePlayed)
            review = judge_ply(ply, view, played.move, budget, seed)
            chances.start(review.seat, review.before)
            chances.set(review.seat, review.after)
        else:
            seat = event.seat if isinstance(event, Resigned) else table.to_act
            chances.start(seat, chances.last[seat])
            before = chances.last[seat]
            table.apply(event)
            if isinstance(event, DrawAgreed):
                review = _unjudged(ply, seat, event.line(), before, before)
            else:
                review = _unjudged(ply, seat, "resign", before, 0.0)
                chances.set(seat, 0.0)
        plies.append(review)
        chances.step()
        if progress is not None:
            progress(ply, total)
    if not chances.series:
        chances.series.append(chances.last[0])
    accuracy: list[float | None] = []
    for s in range(n):
        mine = [move_accuracy(p.loss) for p in plies if p.seat == s and p.judged]
        accuracy.append(sum(mine) / len(mine) if mine else None)
    return GameReview(
        plies=tuple(plies),
        accuracy=tuple(accuracy),
        series=tuple(chances.series),
        players=tuple(seat.name for seat in table.seats),
        seed=seed,
        budget=budget.text(),
    )


def start_table(text: str, rules: RuleSet | None = None) -> tuple[Table, tuple[Event, ...]]:
    """A record's table at its start (seats named, practice kept) and its events.
    Raises :class:`~cuttle.engine.errors.RecordError` for a bad record."""
    game = read_record(text, rules)
    headers, _ = parse_record(text)
    names = headers.get("Players", "").split()
    seats = [Seat(name) for name in names] if len(names) == game.n else None
    practice = headers.get(PRACTICE_HEADER, "").lower() in ("yes", "true", "1")
    start: Game
    if game.start_deck is not None:
        start = Game.deal(game.rules, game.start_deck)
    else:
        assert game.start_position is not None
        start = from_json(game.start_position, game.rules)
    return Table.from_events(game.rules, start, (), seats, practice), events_of(game)


def analyse_record(
    text: str,
    *,
    seed: int = 0,
    budget: Budget | None = None,
    rules: RuleSet | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review the game of a record (:func:`~cuttle.engine.records.read_record`'s text;
    ``rules`` for a house-rules record): every ply judged from its mover's view.

    ``seed`` makes the review reproducible (with an iteration budget, the default);
    ``progress(done, total)`` is called after every ply (an exception it raises stops the
    review and reaches the caller: how a caller cancels a review). Raises
    :class:`~cuttle.engine.errors.RecordError` for a bad record and ``ValueError`` for a
    record without moves.
    """
    table, events = start_table(text, rules)
    if not events:
        raise ValueError("the record has no moves to review")
    return analyse_events(table, events, seed=seed, budget=budget, progress=progress)


def analyse_table(
    table: Table,
    *,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Progress | None = None,
) -> GameReview:
    """Review the game played at ``table`` so far (its record, see
    :func:`analyse_record`)."""
    return analyse_record(
        table.record(), seed=seed, budget=budget, rules=table.rules, progress=progress
    )


__all__ = [
    "DEFAULT_ITERATIONS", "Budget", "Estimate", "Progress", "analyse_events",
    "analyse_record", "analyse_table", "estimate", "judge_ply", "ply_seed", "start_table",
]  # fmt: skip
