"""The engine's exceptions; all of them are ``ValueError`` subclasses."""

from __future__ import annotations


class CuttleError(ValueError):
    """Base class of every error the engine raises for bad input."""


class InvalidCardError(CuttleError):
    """A string that is not a card name."""


class InvalidMoveError(CuttleError):
    """A move string that cannot be parsed."""


class IllegalMoveError(CuttleError):
    """A well-formed move that is not legal in the current position."""


class InvalidPositionError(CuttleError):
    """A position (JSON) that is malformed or breaks the rules."""


class InvalidRulesError(CuttleError):
    """An unknown rule set or variant, or a bad house-rules file."""


class GameOverError(IllegalMoveError):
    """A move was attempted after the game ended."""


class RecordError(CuttleError):
    """A game record that cannot be read or replayed; lists every problem with its line."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems = problems
        text = "; ".join(f"line {line}: {msg}" for line, msg in problems)
        super().__init__(text or "bad record")
