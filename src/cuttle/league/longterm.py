"""Long-term scoring over many rounds, "like Rummy 500" (seed 004, house rules).

The same players play round after round; after each round every player's points on the
table are added to their column. A house-rule permanent may make a player's points count
against them: name that player in the round's ``against`` and their points are taken
off. Once a round ends with somebody at or above the target (500 by default), the
highest total wins; if two or more share the highest total, play goes on until one is
alone at the top. The sheet shows every round.

>>> s = Series(["ann", "bob", "cat"], target=30)
>>> s = s.add_round({"ann": 21, "bob": 7, "cat": 3}).add_round({"ann": 4, "bob": 21, "cat": 9})
>>> s.totals(), s.winner
({'ann': 25, 'bob': 28, 'cat': 12}, None)
>>> s.add_round({"ann": 21, "bob": 2, "cat": 0}, against=["bob"]).winner
'ann'
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

DEFAULT_TARGET = 500
"""The total that ends a series unless another is chosen."""
MIN_PLAYERS, MAX_PLAYERS = 2, 5
"""The seats of the multiplayer rules (seed 004: 2-5 players)."""


@dataclass(frozen=True, slots=True)
class Round:
    """One round: each player's points on the table, and whose points count against them."""

    points: Mapping[str, int]
    against: frozenset[str] = frozenset()

    def score(self, player: str) -> int:
        """What the round adds to ``player``'s column (negative when it counts against)."""
        pts = self.points[player]
        return -pts if player in self.against else pts


@dataclass(frozen=True, slots=True)
class Series:
    """A series of rounds among the same players, up to ``target`` points."""

    players: tuple[str, ...]
    target: int = DEFAULT_TARGET
    rounds: tuple[Round, ...] = field(default=())

    def __init__(
        self, players: Sequence[str], target: int = DEFAULT_TARGET, rounds: Sequence[Round] = ()
    ) -> None:
        """Check the players (2-5, distinct) and the target (positive)."""
        names = tuple(players)
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"a series has {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}")
        if len(set(names)) != len(names) or not all(names):
            raise ValueError("the players need distinct names")
        if target <= 0:
            raise ValueError("the target must be positive")
        object.__setattr__(self, "players", names)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "rounds", tuple(rounds))

    def add_round(self, points: Mapping[str, int], against: Collection[str] = ()) -> Series:
        """The series with one more round; every player's points must be given (≥ 0)."""
        if self.winner is not None:
            raise ValueError(f"the series is over: {self.winner} won it")
        if set(points) != set(self.players):
            missing = sorted(set(self.players) - set(points))
            extra = sorted(set(points) - set(self.players))
            raise ValueError(
                f"give points for exactly the players (missing {missing}, extra {extra})"
            )
        if any(p < 0 for p in points.values()):
            raise ValueError("points on the table cannot be negative")
        bad = sorted(set(against) - set(self.players))
        if bad:
            raise ValueError(f"not in the series: {', '.join(bad)}")
        new = Round(dict(points), frozenset(against))
        return replace(self, rounds=(*self.rounds, new))

    def totals(self, upto: int | None = None) -> dict[str, int]:
        """Each player's total after ``upto`` rounds (default: all)."""
        rounds = self.rounds if upto is None else self.rounds[:upto]
        return {p: sum(r.score(p) for r in rounds) for p in self.players}

    @property
    def winner(self) -> str | None:
        """The winner, once a round ends with someone at the target and one total on top."""
        totals = self.totals()
        if not self.rounds or max(totals.values()) < self.target:
            return None
        top = max(totals.values())
        leaders = [p for p in self.players if totals[p] == top]
        return leaders[0] if len(leaders) == 1 else None

    def sheet(self) -> str:
        """The scoring sheet: a column a player, a line a round (points, then total)."""
        width = max(8, *(len(p) for p in self.players)) + 2
        head = "Round".ljust(7) + "".join(p.rjust(width * 2) for p in self.players)
        lines = [head, "-" * len(head)]
        for i, r in enumerate(self.rounds, 1):
            totals = self.totals(i)
            cells = "".join(
                f"{r.score(p):+d}{'*' if p in r.against else ''}".rjust(width)
                + str(totals[p]).rjust(width)
                for p in self.players
            )
            lines.append(str(i).ljust(7) + cells)
        lines.append(f"Target {self.target}" + (f"; winner: {self.winner}" if self.winner else ""))
        if any(r.against for r in self.rounds):
            lines.append("* points counted against the player (house-rule permanent)")
        return "\n".join(lines) + "\n"
