"""The typed results of a game review: :class:`PlyReview`, :class:`GameReview`.

Chances are fractions in ``[0, 1]`` (the mover's estimated chance that its side wins);
losses are in points of win chance (``0`` to ``100``), as the marks' thresholds are.
The JSON form (:meth:`GameReview.to_json`) keeps English codes (``"blunder"``) and
numbers only; :meth:`GameReview.from_json` reads it back. Words for people come from
:func:`mark_label` in the reader's language.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal

from cuttle.i18n import N_, Domain, current

A = Domain("analysis")

JSON_VERSION = 1
"""The version of :meth:`GameReview.to_json`'s shape (raised on any change a reader sees)."""

MARKS: tuple[tuple[str, float], ...] = (
    ("blunder", 15.0),
    ("mistake", 10.0),
    ("inaccuracy", 5.0),
)
"""The marks, worst first, with the least loss (points of win chance) that earns each."""

_LABELS = {
    "blunder": N_("blunder"),
    "mistake": N_("mistake"),
    "inaccuracy": N_("inaccuracy"),
}

_SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}

SPARKS = "▁▂▃▄▅▆▇█"
"""The eight bars of a sparkline, lowest first."""

SPARK_WIDTH = 60
"""The most bars a sparkline line shows (it fits an 80-column terminal with its label)."""


def mark_for(loss: float) -> str | None:
    """The mark a loss of ``loss`` points of win chance earns (``None``: no mark).

    >>> mark_for(4.9), mark_for(5.0), mark_for(12.0), mark_for(30.0)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    for name, least in MARKS:
        if loss >= least:
            return name
    return None


def mark_label(mark: str) -> str:
    """The mark's name in the current language (``"blunder"`` -> ``"Patzer"`` in German)."""
    return A.gettext(_LABELS[mark])


def mark_symbol(mark: str | None) -> str:
    """The chess annotation of a mark: ``??`` blunder, ``?`` mistake, ``?!`` inaccuracy."""
    return _SYMBOLS.get(mark or "", "")


def move_accuracy(loss: float) -> float:
    """The accuracy of one move that lost ``loss`` points of win chance (lichess's
    curve on win chances, clipped to ``0..100``; docs/analysis.md explains it).

    >>> round(move_accuracy(0.0), 2), round(move_accuracy(10.0), 1), move_accuracy(100.0)
    (100.0, 63.6, 0.0)
    """
    raw = 103.1668 * math.exp(-0.04354 * max(0.0, loss)) - 3.1669
    return max(0.0, min(100.0, raw))


def sparkline(values: Sequence[float], width: int | None = None) -> str:
    """A Unicode sparkline of chances in ``[0, 1]`` (``▁`` is 0, ``█`` is 1); with
    ``width``, a longer series is sampled at evenly spaced points (first and last kept).

    >>> sparkline([0.0, 0.5, 1.0])
    '▁▅█'
    >>> sparkline([i / 9 for i in range(10)], width=4)
    '▁▃▆█'
    """
    if width is not None and len(values) > width > 1:
        last = len(values) - 1
        values = [values[round(i * last / (width - 1))] for i in range(width)]
    top = len(SPARKS) - 1
    return "".join(SPARKS[min(top, max(0, round(v * top)))] for v in values)


def decimal(value: float) -> str:
    """``value`` with one decimal in the current language (``98.7``, German ``98,7``)."""
    return str(format_decimal(value, format="0.0", locale=current()))


def summary_lines(
    accuracy: Sequence[float | None], marks: Sequence[dict[str, int]], players: Sequence[str]
) -> list[str]:
    """One line a player in the current language: its accuracy (``–`` when it had no
    move to judge) and how many plies earned each mark."""
    lines = []
    for seat, name in enumerate(players):
        counts = marks[seat]
        acc = accuracy[seat]
        lines.append(
            A.gettext(
                "{name}: accuracy {accuracy}, blunders {blunders}, mistakes {mistakes}, "
                "inaccuracies {inaccuracies}"
            ).format(
                name=name,
                accuracy="–" if acc is None else decimal(acc),
                blunders=counts["blunder"],
                mistakes=counts["mistake"],
                inaccuracies=counts["inaccuracy"],
            )
        )
    return lines


@dataclass(frozen=True)
class PlyReview:
    """The verdict on one ply (a move, counter, resolve, choice or resignation)."""

    ply: int
    """1-based index in the game's history."""
    seat: int
    """The seat that moved."""
    move: str
    """The move as the record writes it (``"points 7H"``, ``"resign"``, ``"draw agreed"``)."""
    before: float
    """The mover's chance before the move: the value of the best move it had."""
    after: float
    """The mover's chance after the move it played."""
    best: str | None
    """The best move by the estimate (``None`` where nothing was searched)."""
    best_chance: float
    """The estimated chance after :attr:`best`."""
    loss: float
    """Points of win chance lost against the best move (``0`` to ``100``)."""
    mark: str | None
    """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``None``."""
    forced: bool
    """The mover had one legal move: never marked, never counted in an accuracy."""
    judged: bool = True
    """Whether the ply counts in its seat's accuracy (not forced, not a resignation
    or agreed draw)."""

    def to_json(self) -> dict[str, Any]:
        """The ply as a JSON object (chances and the loss rounded to 4 and 2 places)."""
        return {
            "ply": self.ply,
            "seat": self.seat,
            "move": self.move,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "best": self.best,
            "best_chance": round(self.best_chance, 4),
            "loss": round(self.loss, 2),
            "mark": self.mark,
            "forced": self.forced,
            "judged": self.judged,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> PlyReview:
        """Read :meth:`to_json`'s object back; raise ``ValueError`` for a bad one."""
        try:
            mark = obj["mark"]
            if mark is not None and mark not in _LABELS:
                raise ValueError(f"unknown mark {mark!r}")
            return cls(
                ply=int(obj["ply"]),
                seat=int(obj["seat"]),
                move=str(obj["move"]),
                before=float(obj["before"]),
                after=float(obj["after"]),
                best=None if obj["best"] is None else str(obj["best"]),
                best_chance=float(obj["best_chance"]),
                loss=float(obj["loss"]),
                mark=mark,
                forced=bool(obj["forced"]),
                judged=bool(obj.get("judged", True)),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a ply review: {exc}") from exc


@dataclass(frozen=True)
class GameReview:
    """The review of a whole game: every ply, each seat's accuracy, the chance series."""

    plies: tuple[PlyReview, ...]
    accuracy: tuple[float | None, ...]
    """Per seat, the mean :func:`move_accuracy` of its judged plies (``None``: none)."""
    series: tuple[float, ...]
    """Seat 0's estimated chance at the start and after every ply (``len(plies) + 1``
    values; see :func:`cuttle.analysis.judge.seat0_series`)."""
    players: tuple[str, ...]
    """The seats' names (the record's ``Players``)."""
    seed: int
    budget: str
    """The search budget per ply (``"4000it"`` or ``"1s"``)."""

    def marks(self, seat: int | None = None) -> dict[str, int]:
        """How many plies earned each mark (of ``seat``, or of every seat)."""
        counts = {name: 0 for name, _ in MARKS}
        for p in self.plies:
            if p.mark is not None and (seat is None or p.seat == seat):
                counts[p.mark] += 1
        return counts

    def summary(self) -> list[str]:
        """Each player's accuracy and marks, one line a player (:func:`summary_lines`)."""
        seats = range(len(self.players))
        return summary_lines(self.accuracy, [self.marks(s) for s in seats], self.players)

    def to_json(self) -> dict[str, Any]:
        """The review as one JSON object (what the site stores and draws)."""
        return {
            "version": JSON_VERSION,
            "players": list(self.players),
            "seed": self.seed,
            "budget": self.budget,
            "accuracy": [None if a is None else round(a, 1) for a in self.accuracy],
            "marks": [self.marks(s) for s in range(len(self.players))],
            "series": [round(v, 4) for v in self.series],
            "plies": [p.to_json() for p in self.plies],
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> GameReview:
        """Read :meth:`to_json`'s object back; raise ``ValueError`` for a bad one."""
        try:
            if obj.get("version") != JSON_VERSION:
                raise ValueError(f"unknown review version {obj.get('version')!r}")
            return cls(
                plies=tuple(PlyReview.from_json(p) for p in obj["plies"]),
                accuracy=tuple(None if a is None else float(a) for a in obj["accuracy"]),
                series=tuple(float(v) for v in obj["series"]),
                players=tuple(str(p) for p in obj["players"]),
                seed=int(obj["seed"]),
                budget=str(obj["budget"]),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a game review: {exc}") from exc


__all__ = [
    "JSON_VERSION",
    "MARKS",
    "SPARKS",
    "SPARK_WIDTH",
    "GameReview",
    "PlyReview",
    "decimal",
    "mark_for",
    "mark_label",
    "mark_symbol",
    "move_accuracy",
    "sparkline",
    "summary_lines",
]  # fmt: skip
