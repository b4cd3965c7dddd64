"""Server settings: where the data lives and how strict the limits are."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    """Everything the app factory needs; build one with :meth:`from_env`."""

    data_dir: Path
    """Folder holding the SQLite database (created if missing)."""
    database_url: str
    """SQLAlchemy URL; SQLite in ``data_dir`` unless ``DATABASE_URL`` says otherwise."""
    bot_delay: float = 0.5
    """Seconds a bot waits before it moves, so people can follow the table."""
    secure_cookies: bool = False
    """Mark the session cookie ``Secure`` (set when serving over HTTPS)."""
    ws_rate: float = 50.0
    """Websocket messages a socket may send per second on average."""
    ws_burst: float = 100.0
    """Websocket messages a socket may send at once before the rate applies."""
    http_auth_rate: float = 1.0
    """Sign-in/sign-up attempts per second and client address (burst of 10)."""
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)
    """Extra websocket origins accepted besides the site's own."""
    bot_workers: int = 1
    """Processes that run bots."""
    claim_after: float = 60.0
    """Seconds every opponent must be away before a player may claim the win
    (``CUTTLE_CLAIM_AFTER``)."""
    admins: tuple[str, ...] = ()
    """Usernames that organise the league (``cuttle serve --admin NAME``)."""

    @classmethod
    def from_env(cls, data_dir: str | Path | None = None, **overrides: object) -> Settings:
        """Read ``CUTTLE_DATA`` and ``DATABASE_URL`` from the environment, then apply overrides."""
        folder = Path(data_dir or os.environ.get("CUTTLE_DATA") or "data").resolve()
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{folder / 'cuttle.db'}"
        settings = cls(data_dir=folder, database_url=url)
        claim = os.environ.get("CUTTLE_CLAIM_AFTER")
        if claim:
            settings = replace(settings, claim_after=float(claim))
        if overrides:
            settings = replace(settings, **overrides)  # type: ignore[arg-type]
        return settings
