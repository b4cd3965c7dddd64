"""The puzzle: a position, the seat to solve it, its solution and what it is about."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.moves import Move
from ..engine.observer import SeatView
from ..engine.records import read_record

DATA = Path(__file__).resolve().parent / "data"
"""Where the starter set lives: one ``<rules>.jsonl`` file per rule set."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``record`` (the game up to the position, our PGN) and ``seat`` to move.

    ``solution`` is the one move that keeps a clear win; ``chance`` its estimated win
    chance for the solver and ``margin`` how much better it is than the next best move
    (both from the verifying search, on a 0..1 scale). ``rating`` is the puzzle's
    starting Glicko-2 rating (the site keeps the live one); ``source`` says where the
    position came from.
    """

    id: str
    rules: str
    record: str
    seat: int
    solution: str
    themes: tuple[str, ...] = ()
    chance: float = 0.0
    margin: float = 0.0
    rating: float = 1500.0
    source: str = ""
    moves: int = 0
    """How many legal moves the solver had to choose from."""
    extra: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def make_id(record: str, seat: int) -> str:
        """A short stable id for the position (the same position gets the same id)."""
        return hashlib.sha1(f"{seat}\n{record}".encode()).hexdigest()[:10]

    def game(self) -> Game:
        """The position, with its history (hidden cards included: never show it whole)."""
        return read_record(self.record)

    def view(self) -> SeatView:
        """What the solver sees: the seat's view, legal moves and public history."""
        g = self.game()
        if g.to_act != self.seat:
            raise ValueError(f"puzzle {self.id}: p{self.seat} is not to move")
        return SeatView.of(g, self.seat)

    def is_solution(self, move: str) -> bool:
        """Whether ``move`` (any spelling :meth:`Move.parse` reads) is the solution.

        Raises :class:`~cuttle.engine.errors.InvalidMoveError` for unreadable text."""
        return Move.parse(move) == Move.parse(self.solution)

    def to_json(self) -> dict[str, Any]:
        """The puzzle as JSON (one line of a ``.jsonl`` set)."""
        out = asdict(self)
        out["themes"] = list(self.themes)
        if not self.extra:
            out.pop("extra")
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        """A puzzle from :meth:`to_json`'s form."""
        data = dict(data)
        data["themes"] = tuple(data.get("themes", ()))
        return cls(**data)


def load_puzzles(path: Path | str) -> list[Puzzle]:
    """Every puzzle in a ``.jsonl`` file (blank lines skipped)."""
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(Puzzle.from_json(json.loads(line)))
    return out


def save_puzzles(path: Path | str, puzzles: Iterable[Puzzle]) -> int:
    """Write ``puzzles`` to a ``.jsonl`` file (sorted by id); return how many."""
    rows = sorted(puzzles, key=lambda p: p.id)
    text = "".join(json.dumps(p.to_json(), ensure_ascii=False) + "\n" for p in rows)
    Path(path).write_text(text, encoding="utf-8")
    return len(rows)


@cache
def starter_set() -> tuple[Puzzle, ...]:
    """The puzzles shipped with the package, every rule set."""
    found: list[Puzzle] = []
    for path in sorted(DATA.glob("*.jsonl")):
        found.extend(load_puzzles(path))
    return tuple(found)


def by_id() -> dict[str, Puzzle]:
    """The starter set by id."""
    return {p.id: p for p in starter_set()}


def pick(puzzles: Iterable[Puzzle], theme: str | None = None) -> Iterator[Puzzle]:
    """The puzzles with ``theme`` (None: all)."""
    for p in puzzles:
        if theme is None or theme in p.themes:
            yield p
