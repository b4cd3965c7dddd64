"""Numbers typed digit by digit: ``1`` then ``1`` picks choice 11 of a long list.

A :class:`TypeAhead` joins digits typed within ``timeout`` seconds of each other into
one number. A number is *final* when no longer number among the choices starts with
it (``2`` of 11 choices, ``11`` of 11); otherwise the caller waits for the next digit,
Enter, or the timeout before acting on it.

>>> t = TypeAhead(timeout=60)
>>> t.push("1", 11), t.push("1", 11)
((1, False), (11, True))
>>> t.push("3", 11), t.push("0", 11)
((3, True), (None, True))
"""

from __future__ import annotations

import time
from collections.abc import Callable

TYPE_AHEAD_SECONDS = 0.8
"""How long a dialog waits for the next digit of a number before acting on it."""


class TypeAhead:
    """Digits typed one after another, read as one number of a numbered list."""

    def __init__(
        self, timeout: float = TYPE_AHEAD_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        """A buffer whose digits run together when typed within ``timeout`` seconds."""
        self.timeout = timeout
        self.clock = clock
        self.text = ""
        self.at = 0.0

    @property
    def pending(self) -> int | None:
        """The number typed so far that still waits for more digits, if any."""
        if self.text and self.clock() - self.at <= self.timeout:
            return int(self.text)
        return None

    def push(self, digit: str, count: int) -> tuple[int | None, bool]:
        """Add ``digit``; return ``(number, final)`` for a list of ``count`` choices.

        ``number`` is ``None`` when no choice has that number (the buffer is then
        empty); ``final`` tells that no more digits can follow.
        """
        now = self.clock()
        joined = self.text + digit if self.pending is not None else digit
        for text in (joined, digit):
            if text.isdigit() and 1 <= int(text) <= count:
                final = int(text) * 10 > count
                self.text, self.at = ("", 0.0) if final else (text, now)
                return int(text), final
        self.clear()
        return None, True

    def take(self) -> int | None:
        """The number still waiting for more digits (however long ago it was typed), or
        ``None``; the buffer is emptied."""
        number = int(self.text) if self.text else None
        self.clear()
        return number

    def clear(self) -> None:
        """Forget the digits typed so far."""
        self.text, self.at = "", 0.0
