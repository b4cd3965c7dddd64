"""The one error type of the site's request handling."""

from __future__ import annotations


class ServiceError(ValueError):
    """A request the site refuses; ``status`` is the HTTP status to answer with (4xx)."""

    def __init__(self, message: str, status: int = 400) -> None:
        """Keep the message and status."""
        super().__init__(message)
        self.status = status
