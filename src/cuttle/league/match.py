"""A ranked match: first to two game wins, draws ignored, seats swapped every game.

A match between two players goes on until one of them has won two games. A drawn game
(a stalemate or an agreed draw) counts for nobody and play goes on; a resignation and an
abandoned game are losses for the player who resigned or abandoned. The players swap
seats after every game, draws included, so the first seat alternates.

>>> m = Match("ann", "bob")
>>> m = m.win("ann").draw().resign("ann").abandon("bob")
>>> m.winner, m.score("ann"), m.score("bob")
('ann', 2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

WINS_NEEDED = 2
"""Game wins that take a ranked match (first to two)."""


class Ending(StrEnum):
    """How one game of a match ended, for the match's purposes."""

    WIN = "win"
    """Played out; ``GameResult.player`` won it."""
    DRAW = "draw"
    """A stalemate or agreed draw: nobody scores, play goes on."""
    RESIGN = "resign"
    """``GameResult.player`` resigned: a loss for them."""
    ABANDONED = "abandoned"
    """``GameResult.player`` left the game: a loss for them."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a match: how it ended and the player it names (none for a draw).

    For ``WIN`` the named player is the winner; for ``RESIGN`` and ``ABANDONED`` it is
    the loser.
    """

    ending: Ending
    player: str | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """The state of a first-to-two match between ``first`` and ``second``.

    ``first`` sits in seat 0 for the first game. Every method that records a game returns
    a new ``Match``; recording a game after the match is decided raises ``ValueError``.
    """

    first: str
    second: str
    games: tuple[GameResult, ...] = field(default=())
    wins_needed: int = WINS_NEEDED

    def __post_init__(self) -> None:
        """Refuse a match of a player against themself or an empty name."""
        if not self.first or not self.second:
            raise ValueError("a match needs two named players")
        if self.first == self.second:
            raise ValueError(f"{self.first!r} cannot play a match against themself")
        if self.wins_needed < 1:
            raise ValueError("a match needs at least one game win")

    @property
    def players(self) -> tuple[str, str]:
        """The two players, ``first`` then ``second``."""
        return self.first, self.second

    def opponent(self, player: str) -> str:
        """The other player of the match."""
        self._check_player(player)
        return self.second if player == self.first else self.first

    def game_winner(self, game: GameResult) -> str | None:
        """Who won ``game``: the named player of a win, the other one of a loss, or None."""
        if game.ending is Ending.DRAW or game.player is None:
            return None
        if game.ending is Ending.WIN:
            return game.player
        return self.opponent(game.player)

    def score(self, player: str) -> int:
        """The games ``player`` has won so far."""
        self._check_player(player)
        return sum(1 for g in self.games if self.game_winner(g) == player)

    @property
    def winner(self) -> str | None:
        """The player who reached the needed wins, or None while the match is on."""
        for player in self.players:
            if self.score(player) >= self.wins_needed:
                return player
        return None

    @property
    def loser(self) -> str | None:
        """The other player once the match is decided, else None."""
        w = self.winner
        return None if w is None else self.opponent(w)

    @property
    def finished(self) -> bool:
        """Whether one player has the needed wins."""
        return self.winner is not None

    def seats(self, game_number: int | None = None) -> tuple[str, str]:
        """``(seat 0, seat 1)`` for game ``game_number`` (1-based; default: the next game).

        Seats swap every game, draws included: ``first`` has seat 0 in the odd games.
        """
        n = len(self.games) + 1 if game_number is None else game_number
        if n < 1:
            raise ValueError("games are numbered from 1")
        return (self.first, self.second) if n % 2 == 1 else (self.second, self.first)

    def record(self, game: GameResult) -> Match:
        """The match with ``game`` added."""
        if self.finished:
            raise ValueError(f"the match is over: {self.winner} has won it")
        if game.ending is Ending.DRAW:
            if game.player is not None:
                raise ValueError("a drawn game names no player")
        elif game.player is None:
            raise ValueError(f"a {game.ending.value} names the player it is about")
        else:
            self._check_player(game.player)
        return replace(self, games=(*self.games, game))

    def win(self, player: str) -> Match:
        """The match after a game won by ``player``."""
        return self.record(GameResult(Ending.WIN, player))

    def draw(self) -> Match:
        """The match after a drawn game (it counts for nobody)."""
        return self.record(GameResult(Ending.DRAW))

    def resign(self, player: str) -> Match:
        """The match after ``player`` resigned a game (a loss for them)."""
        return self.record(GameResult(Ending.RESIGN, player))

    def abandon(self, player: str) -> Match:
        """The match after ``player`` abandoned a game (a loss for them)."""
        return self.record(GameResult(Ending.ABANDONED, player))

    def _check_player(self, player: str) -> None:
        if player not in (self.first, self.second):
            raise ValueError(f"{player!r} is not in the match {self.first} v {self.second}")
