"""The toy two-seat position of ``bitpos.py`` with hands and fields as lists of cards.

The engine's present layout (a list per hand and per field), for the layout study in
``bench/layout.py``.
"""

from __future__ import annotations

from typing import Final

POINT_VALUE: Final = tuple(min(r + 1, 10) if r < 10 else 0 for r in (c // 4 for c in range(54)))


class ListPos:
    """Hands, point cards and royals as lists of cards."""

    def __init__(
        self,
        n: int,
        hands: list[list[int]],
        points: list[list[int]],
        faces: list[list[int]],
        deck: list[int],
        history: list[tuple[int, int]],
    ) -> None:
        self.n = n
        self.hands = hands
        self.points = points
        self.faces = faces
        self.deck = deck
        self.history = history
        self.turn = 0

    def copy(self) -> ListPos:
        """An independent copy."""
        return ListPos(
            self.n,
            [h[:] for h in self.hands],
            [p[:] for p in self.points],
            [f[:] for f in self.faces],
            self.deck[:],
            self.history[:],
        )

    def legal(self) -> list[int]:
        """Point plays and scuttles of the seat to act, as move codes."""
        s = self.turn
        out: list[int] = [-1]
        for c in self.hands[s]:
            if c < 40:
                out.append(c)
                for v in range(self.n):
                    if v != s:
                        for d in self.points[v]:
                            if c > d:
                                out.append(1000 + c * 64 + d)
        return out

    def apply(self, mv: int) -> None:
        """Play move code ``mv`` for the seat to act (-1 draws)."""
        s = self.turn
        if mv == -1:
            if self.deck:
                self.hands[s].append(self.deck.pop())
        elif mv < 1000:
            self.hands[s].remove(mv)
            self.points[s].append(mv)
        else:
            c, d = divmod(mv - 1000, 64)
            self.hands[s].remove(c)
            for v in range(self.n):
                if d in self.points[v]:
                    self.points[v].remove(d)
        self.history.append((s, mv))
        self.turn = (s + 1) % self.n
