"""What web workers tell each other: game news over Redis pub/sub, and per-game locks.

One process alone (no ``REDIS_URL``) has nobody to tell: :class:`LocalBus` does nothing.
With Redis, :class:`RedisBus` publishes every committed event, draw offer, rematch ask
and seat change of a game on one channel, and every web worker applies what it hears to
the games it holds, then tells its own watchers (each their own seat's view, built
there). The messages hold only public facts (the move line, the seats that offered a
draw), never a card a seat may not see. News queued together leaves as one Redis message
(a ``batch``), so that a burst of moves costs each listener one message to read.

A worker that hears no other web worker (one process on Redis, with bot workers beside
it: they read each game afresh and listen to nothing) keeps its move news to itself:
every listening worker says it is alive every :data:`PEER_EVERY` seconds, and a worker
publishes a move's news only while it has heard another within :data:`PEER_TTL`
seconds, or has been listening for less than that, or is not listening at all. When it
hears a worker it had not heard (one starting, or back from silence), it answers at once
that it is alive, and tells the newest event of every game it holds (the newcomer may
have read a game just before a move here that went untold); a worker applies only the
next event it lacks, so a repeated one changes nothing.

Pub/sub is fire-and-forget, so it is never the truth: the database is. A message that a
worker missed (Redis restarting, a dropped connection) shows up as a gap in the event
numbers, or in the periodic check against the database, and the worker then reloads the
game from the database (:meth:`GameService.reconcile
<cuttle.server.game.service.GameService.reconcile>`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from ..fastjson import dumps_bytes, loads

log = logging.getLogger("cuttle.server")

CHANNEL = "cuttle:games"
"""The pub/sub channel every web worker listens to."""

Handler = Callable[[dict[str, Any]], Awaitable[None]]

BATCH = 50
"""The most messages :meth:`RedisBus.publish` sends as one Redis message."""
PEER_EVERY = 1.0
"""Seconds between a listening worker's word that it is alive (``{"k": "alive"}``)."""
PEER_TTL = 3.5
"""Seconds a worker counts as listening after its last word."""


def new_worker_id() -> str:
    """A name for this process, unique across hosts: ``host-pid-random``."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def own_prefix(worker_id: str) -> bytes:
    """How every message :meth:`RedisBus.publish` sends for ``worker_id`` begins (the
    worker's tag comes first, its closing quote included), so that a worker skips its own
    news without decoding it."""
    return dumps_bytes({"w": worker_id})[:-1]


class LocalBus:
    """One process alone: nothing to publish, nobody to lock out."""

    clustered = False

    def __init__(self, worker_id: str = "") -> None:
        """Name this worker (for logs)."""
        self.worker_id = worker_id or new_worker_id()

    async def start(
        self,
        on_message: Handler,
        on_reconnect: Callable[[], Awaitable[None]],
        on_peer: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """Nothing to listen to."""

    async def publish(self, msg: dict[str, Any]) -> bool:
        """Nobody to tell; returns ``True``."""
        return True

    def alone(self) -> bool:
        """Whether no other worker listens (then move news need not be published)."""
        return True

    @contextlib.asynccontextmanager
    async def lock(self, gid: str) -> AsyncIterator[None]:
        """No other worker: the game's own asyncio lock is enough."""
        yield

    async def close(self) -> None:
        """Nothing to release."""


class RedisBus(LocalBus):
    """Game news through Redis pub/sub, and per-game locks that expire (a dead worker's
    lock frees itself)."""

    clustered = True

    def __init__(
        self,
        url: str,
        worker_id: str = "",
        lock_seconds: float = 10.0,
        peer_every: float = PEER_EVERY,
        peer_ttl: float = PEER_TTL,
    ) -> None:
        """Connect lazily to Redis at ``url``; say this worker is alive every
        ``peer_every`` seconds once listening, and count another as listening for
        ``peer_ttl`` seconds after its last word."""
        super().__init__(worker_id)
        import redis.asyncio as aioredis

        self.url = url
        self.redis: Any = aioredis.Redis.from_url(
            url, socket_timeout=5, socket_connect_timeout=2, health_check_interval=10
        )
        self.lock_seconds = lock_seconds
        self.connected = False
        """Whether the listener is subscribed now (for tests and logs)."""
        self.drops = 0
        """How many times the listener lost Redis and came back (for tests and logs)."""
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._outbox: list[bytes] = []
        self._wake: asyncio.Event | None = None
        self._sender: asyncio.Task[None] | None = None
        self._own = own_prefix(self.worker_id)
        self.peer_every = peer_every
        self.peer_ttl = peer_ttl
        self.peers: dict[str, float] = {}
        """When (monotonic) each other listening worker last said it is alive."""
        self._since: float | None = None
        """When (monotonic) the listener last subscribed; ``None`` while not listening."""
        self._alive: asyncio.Task[None] | None = None

    def alone(self) -> bool:
        """Whether this worker has been listening for :attr:`peer_ttl` seconds or more
        and heard no other worker within that time: then nobody needs its move news.
        While not listening (or just subscribed) it cannot tell: ``False``."""
        now = time.monotonic()
        if self._since is None or now - self._since < self.peer_ttl:
            return False
        for worker, heard in list(self.peers.items()):
            if now - heard < self.peer_ttl:
                return False
            del self.peers[worker]
        return True

    async def start(
        self,
        on_message: Handler,
        on_reconnect: Callable[[], Awaitable[None]],
        on_peer: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """Listen on :data:`CHANNEL` in a task, resubscribing after Redis drops; call
        ``on_reconnect`` each time the listener is back (news may have been lost), and
        ``on_peer`` each time a worker not heard within :attr:`peer_ttl` says it is alive (after
        this worker told it that it is alive); say every :attr:`peer_every` seconds
        that this worker is alive."""
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(
            self._listen(on_message, on_reconnect, on_peer), name="cuttle-bus"
        )
        self._alive = loop.create_task(self._alive_loop(), name="cuttle-bus-alive")

    async def _alive_loop(self) -> None:
        while not self._closing:
            if self._since is not None:
                await self.publish({"k": "alive"})
            await asyncio.sleep(self.peer_every)

    async def _heard(self, worker: Any, on_peer: Callable[[], Awaitable[None]] | None) -> None:
        """Another listening worker said it is alive: note it; a new one (or one back from
        silence) is told at once that this worker is alive, and ``on_peer`` runs."""
        if not isinstance(worker, str) or worker == self.worker_id:
            return
        now = time.monotonic()
        last = self.peers.get(worker)
        self.peers[worker] = now
        if last is None or now - last >= self.peer_ttl:
            await self.publish({"k": "alive"})
            if on_peer is not None:
                try:
                    await on_peer()
                except Exception:
                    log.exception("telling worker %s the news failed", worker)

    async def _listen(
        self,
        on_message: Handler,
        on_reconnect: Callable[[], Awaitable[None]],
        on_peer: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        delay = 0.1
        first = True
        while not self._closing:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self.connected = True
                self._since = time.monotonic()
                self.peers.clear()  # heard afresh from now on
                await self.publish({"k": "alive"})
                delay = 0.1
                if not first:
                    log.warning("worker %s: back on Redis; catching up", self.worker_id)
                    await on_reconnect()
                first = False
                while not self._closing:
                    raw = await pubsub.get_message(timeout=1.0)
                    if raw is None:
                        continue
                    data = raw["data"]
                    if isinstance(data, bytes) and data.startswith(self._own):
                        continue  # this worker's own news, not decoded
                    try:
                        msg = loads(data)
                    except (ValueError, TypeError):
                        continue
                    if not isinstance(msg, dict) or msg.get("w") == self.worker_id:
                        continue
                    if msg.get("k") == "batch":  # several messages sent as one
                        inner = msg.get("m")
                        for one in inner if isinstance(inner, list) else ():
                            if isinstance(one, dict) and one.get("w") == msg["w"]:
                                await self._dispatch(one, on_message, on_peer)
                        continue
                    await self._dispatch(msg, on_message, on_peer)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if self._closing:
                    break
                if self.connected:
                    self.drops += 1
                    log.warning("worker %s lost Redis pub/sub: %s", self.worker_id, e)
                self.connected = False
                self._since = None
                first = False
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def _dispatch(
        self,
        msg: dict[str, Any],
        on_message: Handler,
        on_peer: Callable[[], Awaitable[None]] | None,
    ) -> None:
        """Act on one message of another worker: note a worker alive, or hand the news to
        ``on_message`` (whose failure is logged, not raised)."""
        if msg.get("k") == "alive":  # a listening worker (not a bot worker)
            await self._heard(msg.get("w"), on_peer)
            return
        try:
            await on_message(msg)
        except Exception:
            log.exception("handling a bus message failed: %.200s", msg)

    async def publish(self, msg: dict[str, Any]) -> bool:
        """Queue ``msg`` (tagged with this worker) for Redis and return at once.

        One sender task publishes the queue in order, many messages per round trip (a
        pipeline) on one connection, so that news of one game leaves in the order it was
        committed, and a burst of moves costs one Redis round trip, not one a move. If Redis
        cannot take them, they are dropped with a warning: the other workers catch up from
        the database. Returns ``True`` (queued)."""
        tagged: dict[str, Any] = {"w": self.worker_id}  # first, as own_prefix expects
        tagged.update(msg)
        tagged["w"] = self.worker_id
        self._outbox.append(dumps_bytes(tagged))
        if len(self._outbox) > 100_000:  # Redis gone for long: keep memory bounded
            del self._outbox[:50_000]
        if self._sender is None or self._sender.done():
            self._wake = asyncio.Event()
            self._sender = asyncio.get_running_loop().create_task(self._send_loop())
        assert self._wake is not None
        self._wake.set()
        return True

    async def _send_loop(self) -> None:
        assert self._wake is not None
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                batch, self._outbox = self._outbox[:500], self._outbox[500:]
                try:
                    pipe = self.redis.pipeline(transaction=False)
                    for i in range(0, len(batch), BATCH):
                        pipe.publish(CHANNEL, self._pack(batch[i : i + BATCH]))
                    await pipe.execute()
                except asyncio.CancelledError:
                    raise
                except Exception as e:
                    log.warning(
                        "publishing %d messages to Redis failed (%s); others catch up from "
                        "the database",
                        len(batch),
                        e,
                    )

    def _pack(self, messages: list[bytes]) -> bytes:
        """One message as published: itself, or several queued together as one ``batch``
        (``{"w": ..., "k": "batch", "m": [...]}``, each inner message as queued), so that
        a burst of news costs each listening worker one message to read, not one each."""
        if len(messages) == 1:
            return messages[0]
        return b"".join((self._own, b',"k":"batch","m":[', b",".join(messages), b"]}"))

    @contextlib.asynccontextmanager
    async def lock(self, gid: str) -> AsyncIterator[None]:
        """Hold game ``gid``'s lock across workers (for seat changes, draw offers and
        rematch asks; moves need none: the database takes one ply once). It expires after
        ``lock_seconds`` if its holder dies."""
        lock = self.redis.lock(
            f"cuttle:lock:{gid}", timeout=self.lock_seconds, blocking_timeout=self.lock_seconds
        )
        if not await lock.acquire():
            raise TimeoutError(f"game {gid} is busy")
        try:
            yield
        finally:
            with contextlib.suppress(Exception):
                await lock.release()

    async def close(self) -> None:
        """Stop listening and disconnect."""
        self._closing = True
        for task in (self._task, self._alive, self._sender):
            if task is not None:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()
