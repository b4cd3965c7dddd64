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
    ws_anon_limit: int = 50
    """Websockets one client address may hold open without a session
    (``CUTTLE_WS_ANON_LIMIT``; the shipped nginx config allows 50 connections an
    address as well)."""
    allowed_origins: tuple[str, ...] = field(default_factory=tuple)
    """Extra websocket origins accepted besides the site's own."""
    bot_workers: int = 1
    """Processes that run bots (in this process's pool; unused when bots run on the queue)."""
    redis_url: str | None = None
    """Redis (``REDIS_URL``): with PostgreSQL, several web workers serve every game,
    watchers are told through Redis pub/sub, limits are shared and bots run on a queue."""
    auth_limit: str = "10/10 seconds"
    """Sign-in/sign-up attempts per client address (``CUTTLE_AUTH_LIMIT``)."""
    account_limit: str = "10/10 minutes"
    """Sign-in attempts per account, from every address together
    (``CUTTLE_ACCOUNT_LIMIT``): beyond it even the right password waits, so that many
    addresses cannot share out the guessing of one password."""
    guest_limit: str = "20/minute"
    """New guest users (and sessions) per client address (``CUTTLE_GUEST_LIMIT``)."""
    create_limit: str = "10/minute"
    """New games (created or quick play) per user (``CUTTLE_CREATE_LIMIT``)."""
    create_limit_addr: str = "30/minute"
    """New games per client address (``CUTTLE_CREATE_LIMIT_ADDR``)."""
    worker_id: str = ""
    """This process's name in Redis (leases, messages); made up at start when empty."""
    reconcile_interval: float = 1.0
    """Seconds between checks of watched games against the database (with Redis): what
    pub/sub lost (a Redis restart) reaches watchers within about this long."""
    bot_lease: float = 15.0
    """Seconds a bot worker holds a bot turn without renewing it before another takes it."""

    claim_after: float = 60.0
    """Seconds every opponent must be away before a player may claim the win
    (``CUTTLE_CLAIM_AFTER``)."""
    forget_after: float = 30.0
    """Seconds a game nobody watches stays in a worker's memory (``CUTTLE_FORGET_AFTER``;
    one process forgets only the created games nobody came to)."""
    admins: tuple[str, ...] = ()
    """Usernames that organise the league (``cuttle serve --admin NAME``)."""

    @property
    def clustered(self) -> bool:
        """Whether this worker shares its games with others (``REDIS_URL`` set)."""
        return bool(self.redis_url)

    @classmethod
    def from_env(cls, data_dir: str | Path | None = None, **overrides: object) -> Settings:
        """Read ``CUTTLE_DATA``, ``DATABASE_URL``, ``REDIS_URL`` and the ``CUTTLE_*`` limits
        from the environment, then apply overrides."""
        folder = Path(data_dir or os.environ.get("CUTTLE_DATA") or "data").resolve()
        url = os.environ.get("DATABASE_URL") or f"sqlite:///{folder / 'cuttle.db'}"
        env = os.environ
        settings = cls(
            data_dir=folder,
            database_url=url,
            redis_url=env.get("REDIS_URL") or None,
            bot_delay=float(env.get("CUTTLE_BOT_DELAY") or 0.5),
            secure_cookies=env.get("CUTTLE_SECURE_COOKIES", "") in ("1", "true", "yes"),
            allowed_origins=tuple(env.get("CUTTLE_ALLOWED_ORIGINS", "").split()),
            ws_anon_limit=int(env.get("CUTTLE_WS_ANON_LIMIT") or cls.ws_anon_limit),
            auth_limit=env.get("CUTTLE_AUTH_LIMIT") or cls.auth_limit,
            account_limit=env.get("CUTTLE_ACCOUNT_LIMIT") or cls.account_limit,
            guest_limit=env.get("CUTTLE_GUEST_LIMIT") or cls.guest_limit,
            create_limit=env.get("CUTTLE_CREATE_LIMIT") or cls.create_limit,
            create_limit_addr=env.get("CUTTLE_CREATE_LIMIT_ADDR") or cls.create_limit_addr,
            reconcile_interval=float(env.get("CUTTLE_RECONCILE_INTERVAL") or 1.0),
            bot_lease=float(env.get("CUTTLE_BOT_LEASE") or 15.0),
            forget_after=float(env.get("CUTTLE_FORGET_AFTER") or 30.0),
        )
        claim = env.get("CUTTLE_CLAIM_AFTER")
        if claim:
            settings = replace(settings, claim_after=float(claim))
        if overrides:
            settings = replace(settings, **overrides)  # type: ignore[arg-type]
        return settings
