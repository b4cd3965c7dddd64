"""The PostgreSQL connection pool keeps a connection for every thread that holds one."""

from __future__ import annotations

import threading

from sqlalchemy import event, text
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster)

from cuttle.server.db import POOL_SIZE, make_engine
from cuttle.server.offload import DB_THREADS


def test_every_offload_thread_and_the_writer_hold_connections_without_reconnecting(
    postgres: Cluster,  # noqa: F811
) -> None:
    """With the offload's threads and the group writer all inside a transaction at once,
    and then all again, no connection is closed and none is opened the second time (with
    SQLAlchemy's default pool of five, those past the fifth were closed on return and
    opened anew on the next call)."""
    engine = make_engine(postgres.url(postgres.create_database()))
    opened: list[object] = []
    closed: list[object] = []
    event.listen(engine.pool, "connect", lambda *_: opened.append(1))
    event.listen(engine.pool, "close", lambda *_: closed.append(1))
    holders = DB_THREADS + 1
    assert holders <= POOL_SIZE

    def burst() -> None:
        inside = threading.Barrier(holders)

        def hold() -> None:
            with engine.connect() as conn:
                conn.execute(text("select 1"))
                inside.wait(10)  # every thread holds its connection at the same moment

        threads = [threading.Thread(target=hold) for _ in range(holders)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(20)

    try:
        burst()
        assert len(opened) == holders
        burst()
        assert len(opened) == holders, "a connection was opened again"
        assert closed == []
    finally:
        engine.dispose()
