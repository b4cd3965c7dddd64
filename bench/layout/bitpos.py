"""A toy two-seat position with hands and fields as bit sets of the 54 cards.

Half of the layout study in ``bench/layout.py``: the same toy game as ``listpos.py``
(draw, play a point card, scuttle), with each hand and each field one integer, so that
a copy is a handful of integers and move generation walks bits. Not the engine: it
measures what a layout does to the compiled/pure ratio.
"""

from __future__ import annotations

from typing import Final

POINT_VALUE: Final = tuple(min(r + 1, 10) if r < 10 else 0 for r in (c // 4 for c in range(54)))


class BitPos:
    """Hands, point cards and royals as masks of cards (bit ``c`` set: card ``c`` there)."""

    def __init__(
        self,
        n: int,
        hands: list[int],
        points: list[int],
        faces: list[int],
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

    def copy(self) -> BitPos:
        """An independent copy."""
        return BitPos(
            self.n, self.hands[:], self.points[:], self.faces[:], self.deck[:], self.history[:]
        )

    def legal(self) -> list[int]:
        """Point plays and scuttles of the seat to act, as move codes."""
        s = self.turn
        out: list[int] = [-1]
        hand = self.hands[s]
        m = hand
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if c < 40:
                out.append(c)
                for v in range(self.n):
                    if v != s:
                        t = self.points[v]
                        while t:
                            lt = t & -t
                            d = lt.bit_length() - 1
                            t ^= lt
                            if c > d:
                                out.append(1000 + c * 64 + d)
        return out

    def apply(self, mv: int) -> None:
        """Play move code ``mv`` for the seat to act (-1 draws)."""
        s = self.turn
        if mv == -1:
            if self.deck:
                self.hands[s] |= 1 << self.deck.pop()
        elif mv < 1000:
            self.hands[s] &= ~(1 << mv)
            self.points[s] |= 1 << mv
        else:
            c, d = divmod(mv - 1000, 64)
            self.hands[s] &= ~(1 << c)
            for v in range(self.n):
                if self.points[v] >> d & 1:
                    self.points[v] &= ~(1 << d)
        self.history.append((s, mv))
        self.turn = (s + 1) % self.n

    def score(self, s: int) -> int:
        """Points on seat ``s``'s field."""
        total = 0
        m = self.points[s]
        while m:
            low = m & -m
            total += POINT_VALUE[low.bit_length() - 1]
            m ^= low
        return total
