"""Sockets behind per-connection queues, so that no viewer can hold a game up.

Every websocket watching a game is a :class:`Conn`. The game tier never awaits a socket:
it puts each message in the connection's own bounded outbox (:meth:`Conn.deliver`,
which returns at once) and the connection's writer task sends them in order. A viewer
that stops reading fills its outbox; at :data:`MAX_BEHIND` messages it is dropped (its
outbox emptied, its writer stopped, its socket closed with :data:`DROPPED_CODE`), and
its client reconnects and asks for the events after the last number it saw, as
lila-ws drops a slow consumer. So a move reaches everyone else at once however many
watchers never read, and no send ever runs under a game's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("cuttle.server")

Message = dict[str, Any]
"""One server message (a JSON object: see :mod:`cuttle.server.game.protocol`)."""

Sender = Callable[[Message], Awaitable[None]]
"""Sends one message on a socket (may wait for as long as the socket is full)."""

Closer = Callable[[int, str], Awaitable[None]]
"""Closes a socket with a close code and reason."""

MAX_BEHIND = 256
"""Messages a connection may have waiting before it is dropped as too slow."""

DROPPED_CODE = 4008
"""The close code of a connection dropped for not reading (its client resyncs)."""

CLOSE_WAIT = 2.0
"""Seconds a close frame may take on a socket that does not read."""

SYNC_GAP = 0.25
"""Seconds between two answered ``sync`` requests of one socket. Answering one replays
the game's events in the reader's words, milliseconds of the event loop: a socket that
asks forty times a second (and never reads) would otherwise starve the games' moves. A
sync that comes sooner waits, and so does that socket's next message (its own receive
loop pauses; no other socket does)."""


async def _no_close(code: int, reason: str) -> None:
    """The closer of a connection that has no socket to close."""


@dataclass(eq=False)
class Conn:
    """One websocket watching a game: its user, its seat (``None``: spectator), its
    sender, and its own queue of messages waiting to be sent."""

    user_id: int | None
    seat: int | None
    send: Sender
    close: Closer = _no_close
    session: str | None = None
    """The sign-in session the socket was opened with (``None``: a guest's or none)."""
    lang: str = "en"
    """The reader's language (:data:`cuttle.i18n.LANGUAGES`): moves told in words and
    error messages reach this socket in it; views, notation and codes stay the same."""
    outbox: deque[Message] = field(default_factory=deque)
    dropped: bool = False
    """Whether it fell too far behind (or was closed) and takes no more messages."""
    on_drop: Callable[[Conn], None] | None = None
    """Called once when it is dropped (the game tier forgets it then)."""
    next_sync: float = 0.0
    """The event-loop time before which a ``sync`` of this socket waits (see
    :data:`SYNC_GAP`)."""
    _ready: asyncio.Event | None = None
    _writer: asyncio.Task[None] | None = None

    def deliver(self, msg: Message) -> None:
        """Queue ``msg`` for this socket and return at once; drop the connection if it
        has :data:`MAX_BEHIND` messages waiting already."""
        if self.dropped:
            return
        if len(self.outbox) >= MAX_BEHIND:
            self.drop("too slow: reconnect and sync")
            return
        self.outbox.append(msg)
        if self._writer is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop (a thread): the next delivery starts the writer
                return
            self._ready = asyncio.Event()
            self._writer = loop.create_task(self._write())
        assert self._ready is not None
        self._ready.set()

    async def flushed(self, timeout: float = CLOSE_WAIT) -> bool:
        """Wait until every message queued so far has been sent, at most ``timeout``
        seconds; return whether it was."""
        end = asyncio.get_running_loop().time() + timeout
        while self.outbox and not self.dropped:
            if asyncio.get_running_loop().time() > end:
                return False
            await asyncio.sleep(0.005)
        return not self.outbox

    async def _write(self) -> None:
        """The writer task: send the outbox in order, waiting when it is empty."""
        assert self._ready is not None
        try:
            while not self.dropped:
                while self.outbox:
                    msg = self.outbox.popleft()
                    await self.send(msg)
                self._ready.clear()
                if not self.outbox:
                    await self._ready.wait()
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket is gone: nothing more can be sent on it
            self.dropped = True
            self.outbox.clear()
            if self.on_drop is not None:
                self.on_drop(self)

    def drop(self, reason: str) -> None:
        """Stop sending to this socket: empty its outbox, stop its writer, tell the game
        tier (:attr:`on_drop`) and close the socket in the background."""
        if self.dropped:
            return
        self.dropped = True
        self.outbox.clear()
        if self._writer is not None:
            self._writer.cancel()
        if self.on_drop is not None:
            self.on_drop(self)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        _closing.add(task := loop.create_task(self._close(reason)))
        task.add_done_callback(_closing.discard)

    async def _close(self, reason: str) -> None:
        """Close the socket, giving up after :data:`CLOSE_WAIT` seconds."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.close(DROPPED_CODE, reason), CLOSE_WAIT)

    async def stop(self) -> None:
        """Stop the writer for good (the socket closed)."""
        self.dropped = True
        self.outbox.clear()
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._writer


_closing: set[asyncio.Task[None]] = set()
"""Close tasks under way (kept until done)."""


def deliver_all(conns: set[Conn], msg: Message) -> None:
    """Queue the same ``msg`` for every connection in ``conns``."""
    for c in list(conns):
        c.deliver(msg)
