"""Group commit: the writes of many games stored together, each acknowledged after its commit.

Every move must be in the database before the server acknowledges it. Committing each
move on its own costs a transaction per move; with many tables playing at once, moves
arrive in bursts. :class:`GroupWriter` collects the units of work submitted during one
turn of the event loop and commits them in one transaction, then wakes every waiter.
If that transaction fails, each unit is retried in a transaction of its own, so one bad
unit (say, a duplicate row) fails only its own game.

On SQLite all of it runs on the event loop's thread (a WAL commit without fsync takes a
fraction of a millisecond); the writer holds one connection and uses it in turn, which
also saves a pool checkout and reset per transaction. On a server database
(``threaded``, PostgreSQL) each commit waits for the server's WAL flush, milliseconds
during which the loop must go on serving: the transaction runs in a worker thread, one at
a time on the held connection, and the units that arrive meanwhile form the next batch.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, Executable
from sqlalchemy.exc import IntegrityError

log = logging.getLogger("cuttle.server")

Statement = tuple[Executable, dict[str, Any]]
"""One statement and its parameters."""


def runs(statements: Iterable[Statement]) -> list[tuple[Executable, list[dict[str, Any]]]]:
    """``statements`` with each run of the same statement object (the move insert of
    many tables) merged into one statement with a list of parameter sets, which the
    driver sends in one round trip (``executemany``); the order is kept."""
    out: list[tuple[Executable, list[dict[str, Any]]]] = []
    for stmt, params in statements:
        if out and out[-1][0] is stmt and params and out[-1][1][-1].keys() == params.keys():
            out[-1][1].append(params)
        else:
            out.append((stmt, [params]))
    return out


@dataclass(eq=False)
class _Unit:
    statements: Sequence[Statement]
    done: asyncio.Future[None]


class GroupWriter:
    """Writes units of statements, batching those submitted in the same loop turn."""

    def __init__(self, engine: Engine, max_batch: int = 256, threaded: bool | None = None) -> None:
        """Write through ``engine``; commit at most ``max_batch`` units per transaction, in a
        worker thread if ``threaded`` (default: for every database but SQLite)."""
        self.engine = engine
        self.max_batch = max_batch
        self.threaded = engine.dialect.name != "sqlite" if threaded is None else threaded
        self._busy = False
        self._conn: Connection | None = None
        self._queue: list[_Unit] = []
        self._scheduled = False
        self.transactions = 0
        """Transactions committed so far (for tests and benchmarks)."""
        self.units = 0
        """Units committed so far."""

    async def write(self, statements: Sequence[Statement]) -> None:
        """Store ``statements`` atomically; return once committed, raise if they were not."""
        loop = asyncio.get_running_loop()
        unit = _Unit(statements, loop.create_future())
        self._queue.append(unit)
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._flush)
        await unit.done

    def write_now(self, statements: Sequence[Statement]) -> None:
        """Store ``statements`` at once in a transaction of their own (no event loop needed)."""
        with self._connection().begin():
            for stmt, params in statements:
                self._connection().execute(stmt, params)

    def _connection(self) -> Connection:
        if self._conn is None or self._conn.invalidated or self._conn.closed:
            self._conn = self.engine.connect()
        return self._conn

    def _drop_connection(self) -> None:
        if self._conn is not None:
            try:
                self._conn.invalidate()
                self._conn.close()
            except Exception:  # already broken: nothing left to release
                pass
            self._conn = None

    def _flush(self) -> None:
        """Commit the queued units: all in one transaction, or one by one if that fails."""
        self._scheduled = False
        if self.threaded:
            if not self._busy:
                self._start_threaded()
            return
        batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
        if self._queue:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._flush)
        batch = [u for u in batch if not u.done.cancelled()]
        if not batch:
            return
        try:
            self._commit(batch)
        except Exception:
            log.warning("group commit of %d units failed; retrying one by one", len(batch))
            self._drop_connection()
            for unit in batch:
                try:
                    self._commit([unit])
                except IntegrityError as e:  # e.g. another worker stored that ply first
                    log.warning("write refused by the database: %s", str(e).splitlines()[0])
                    self._drop_connection()
                    if not unit.done.done():
                        unit.done.set_exception(e)
                except Exception as e:
                    log.exception("write failed")
                    self._drop_connection()
                    if not unit.done.done():
                        unit.done.set_exception(e)

    def _start_threaded(self) -> None:
        batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
        batch = [u for u in batch if not u.done.cancelled()]
        if not batch:
            return
        self._busy = True
        asyncio.get_running_loop().create_task(self._commit_threaded(batch))

    async def _commit_threaded(self, batch: list[_Unit]) -> None:
        """Commit ``batch`` in a worker thread (one unit at a time if together fails), then
        wake its waiters and start the next batch."""
        try:
            try:
                await asyncio.to_thread(self._execute, batch)
                self._done(batch)
            except Exception:
                log.warning("group commit of %d units failed; retrying one by one", len(batch))
                self._drop_connection()
                for unit in batch:
                    try:
                        await asyncio.to_thread(self._execute, [unit])
                        self._done([unit])
                    except Exception as e:
                        self._failed(unit, e)
        finally:
            self._busy = False
            if self._queue:
                self._start_threaded()

    def _execute(self, units: list[_Unit]) -> None:
        """Run ``units`` in one transaction (any thread; one at a time)."""
        conn = self._connection()
        with conn.begin():
            for stmt, rows in runs(s for unit in units for s in unit.statements):
                conn.execute(stmt, rows if len(rows) > 1 else rows[0])

    def _done(self, units: list[_Unit]) -> None:
        self.transactions += 1
        self.units += len(units)
        for unit in units:
            if not unit.done.done():
                unit.done.set_result(None)

    def _failed(self, unit: _Unit, e: Exception) -> None:
        if isinstance(e, IntegrityError):  # e.g. another worker stored that ply first
            log.warning("write refused by the database: %s", str(e).splitlines()[0])
        else:
            log.error("write failed: %s", e)
        self._drop_connection()
        if not unit.done.done():
            unit.done.set_exception(e)

    def _commit(self, units: list[_Unit]) -> None:
        self._execute(units)
        self._done(units)

    def close(self) -> None:
        """Release the connection; fail anything still queued."""
        for unit in self._queue:
            if not unit.done.done():
                unit.done.set_exception(RuntimeError("the server is shutting down"))
        self._queue = []
        if self._conn is not None:
            self._conn.close()
            self._conn = None
