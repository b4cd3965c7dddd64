"""Database engine and sessions: SQLite in WAL mode by default, any SQLAlchemy URL otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from .offload import DB_THREADS

POOL_SIZE = DB_THREADS + 4
"""Connections a server process keeps open (PostgreSQL): the offload's threads, the group
writer and a few to spare, so that a busy worker does not connect anew for each call."""
POOL_OVERFLOW = 8
"""Extra connections a burst may open beyond :data:`POOL_SIZE` (closed when returned)."""


def make_engine(url: str) -> Engine:
    """Create the engine for ``url``; SQLite gets WAL, ``synchronous=NORMAL`` and a busy timeout.

    SQLite transactions start with ``BEGIN IMMEDIATE`` so that two writers never deadlock
    on a lock upgrade.
    """
    if url.startswith("sqlite"):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    # Enough kept connections for every thread that holds one at once (the offload's
    # threads and the group writer's, with room to spare): with SQLAlchemy's default of
    # five, a busy worker opened and closed a connection about six times a second.
    return create_engine(url, pool_pre_ping=True, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW)


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    """Return a session factory whose objects stay usable after commit."""
    return sessionmaker(engine, expire_on_commit=False)


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision (no ``alembic.ini`` needed)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            # Workers starting together migrate one at a time; the later ones find it done.
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7351210)")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
