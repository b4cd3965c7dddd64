"""Chat at a game's table: a players' channel and a spectators' channel, kept with the game.

A seated player's messages go to the ``players`` channel, everyone else's (signed-in or
guest sessions; a socket without a session cannot chat) to ``spectators``; neither
channel ever reaches the other's sockets. A message is at most :data:`MAX_CHAT_CHARS`
characters (control characters become spaces; blank messages are refused), and a user
may send :data:`CHAT_BURST` messages at once and one every ``1 / CHAT_RATE`` seconds after
that (5 in any 10 seconds); beyond that the sender gets an ``error`` with ``"about":
"chat"`` and nothing is stored or sent. A message is stored (table ``chat``, through the
group writer) before it goes out, so whatever was shown survives a restart: a socket gets
its channel's last :data:`KEEP` messages (``chat_log``) when it opens, and a finished
game's replay carries the players' chat. The server never interprets the text; clients
must show it as text (the web table uses ``textContent``).
"""

from __future__ import annotations

import logging
import time
from typing import Any, cast

from sqlalchemy import Connection, Engine, bindparam, func, insert, select
from sqlalchemy import Table as SqlTable
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_

from ..cluster.bus import LocalBus
from ..errors import translated
from ..models import ChatRow, User
from ..offload import Offload
from ..ratelimit import KeyedLimiter, RateLimits
from ..writer import GroupWriter
from . import protocol as P
from .fanout import Conn
from .live import LiveGame

log = logging.getLogger("cuttle.server")

MAX_CHAT_CHARS = 300
"""The longest chat message, in characters."""
CHAT_BURST = 5
"""Chat messages a user may send at once."""
CHAT_RATE = 0.5
"""Chat messages a user may send per second after the burst (5 in 10 s)."""
CHAT_LIMIT_NAME = "chat"
"""The name of the same limit among the app's shared limits (counted in Redis)."""
CHAT_LIMIT = f"{CHAT_BURST}/{round(CHAT_BURST / CHAT_RATE)} seconds"
"""That limit as the shared limits write it: :data:`CHAT_BURST` messages in a moving
window of ``CHAT_BURST / CHAT_RATE`` seconds."""
KEEP = 100
"""Messages of each channel kept in memory and sent to a socket when it opens."""
CHANNELS = ("players", "spectators")


def channel_of(seat: int | None) -> str:
    """The channel of a socket: ``players`` for a seat, else ``spectators``."""
    return "spectators" if seat is None else "players"


def clean_text(text: Any) -> str:
    """The message to store for ``text``; raises :class:`ValueError` saying what is wrong."""
    if not isinstance(text, str):
        raise ValueError(N_("a chat message needs 'text'"))
    if "\x00" in text:
        raise ValueError(N_("a chat message cannot hold a NUL character"))
    cleaned = "".join(" " if ch < " " or "\x7f" <= ch < "\xa0" else ch for ch in text).strip()
    if not cleaned:
        raise ValueError(N_("the chat message is empty"))
    if len(cleaned) > MAX_CHAT_CHARS:
        raise ValueError(f"chat message too long: at most {MAX_CHAT_CHARS} characters")
    return cleaned


def chat_error(text: str) -> dict[str, Any]:
    """An error about chat (nothing stored or sent)."""
    msg = P.error_message(text)
    msg["about"] = "chat"
    return msg


def message_of(channel: str, name: str, seat: int | None, text: str, at: float) -> dict[str, Any]:
    """A ``chat`` message as sent to the channel's sockets."""
    return {"t": "chat", "channel": channel, "name": name, "seat": seat, "text": text, "at": at}


def read_log(
    sessions: sessionmaker[Session], gid: str, channel: str, limit: int | None = KEEP
) -> list[dict[str, Any]]:
    """The last ``limit`` (``None``: all) messages of ``gid``'s ``channel``, oldest first."""
    with sessions() as db:
        return read_log_on(db, gid, channel, limit)


def read_log_on(
    db: Session, gid: str, channel: str, limit: int | None = KEEP
) -> list[dict[str, Any]]:
    """:func:`read_log` on the open session ``db`` (one connection for a whole game read)."""
    query = (
        select(ChatRow)
        .where(ChatRow.game_id == gid, ChatRow.channel == channel)
        .order_by(ChatRow.id.desc())
    )
    if limit is not None:
        query = query.limit(limit)
    rows = list(db.scalars(query).all())
    rows.reverse()
    return [message_of(r.channel, r.name, r.seat, r.text, r.created_at) for r in rows]


def _newest_logs() -> Any:
    """The query of :func:`read_logs_on`, built once (building and keying a statement with a
    window function and a subquery cost more CPU than running it): the game and the limit
    are its parameters ``gid`` and ``limit``."""
    chat = cast(SqlTable, ChatRow.__table__)
    newest = (
        func.row_number()
        .over(partition_by=chat.c.channel, order_by=chat.c.id.desc())
        .label("newest")
    )
    ranked = (
        select(
            chat.c.id,
            chat.c.channel,
            chat.c.name,
            chat.c.seat,
            chat.c.text,
            chat.c.created_at,
            newest,
        )
        .where(chat.c.game_id == bindparam("gid"))
        .subquery()
    )
    return (
        select(ranked.c.channel, ranked.c.name, ranked.c.seat, ranked.c.text, ranked.c.created_at)
        .where(ranked.c.newest <= bindparam("limit"))
        .order_by(ranked.c.id)
    )


_NEWEST_LOGS = _newest_logs()


def read_logs_on(
    db: Session | Connection, gid: str, limit: int = KEEP
) -> dict[str, list[dict[str, Any]]]:
    """The last ``limit`` messages of each of ``gid``'s :data:`CHANNELS`, oldest first, as
    :func:`read_log_on` reads them one channel at a time, but in one query (read with
    every game a worker loads) on an ORM session or a Core connection."""
    rows = db.execute(_NEWEST_LOGS, {"gid": gid, "limit": limit}).all()
    logs: dict[str, list[dict[str, Any]]] = {c: [] for c in CHANNELS}
    for channel, name, seat, text, at in rows:
        if channel in logs:
            logs[channel].append(message_of(channel, name, seat, text, at))
    return logs


def log_message(live: LiveGame, channel: str) -> dict[str, Any]:
    """The ``chat_log`` message: ``channel``'s last messages at ``live``'s table."""
    return {"t": "chat_log", "channel": channel, "messages": list(live.chat.get(channel, []))}


class Chat:
    """The chat of the games held here: the rate limit, names, storing and fan-out."""

    def __init__(
        self, engine: Engine, writer: GroupWriter, offload: Offload, bus: LocalBus
    ) -> None:
        """Store messages through ``writer``, read names on ``engine`` (off the event loop
        through ``offload``) and tell other workers over ``bus``."""
        self.engine = engine
        self.writer = writer
        self.offload = offload
        self.bus = bus
        self.limiter = KeyedLimiter(CHAT_RATE, CHAT_BURST)
        self.shared: RateLimits | None = None
        """Limits counted in Redis (the app's, with its ``chat`` limit), so that every web
        worker counts a user's messages together; ``None``: this worker's own buckets."""
        self._names: dict[int, str] = {}
        self._insert = insert(cast(SqlTable, ChatRow.__table__))

    async def name_of(self, live: LiveGame, conn: Conn) -> str:
        """The name shown with ``conn``'s messages: its seat's name, else the user's (read
        once per user, off the event loop on a server database, then kept)."""
        if conn.seat is not None:
            return live.seats[conn.seat].name or f"p{conn.seat}"
        user_id = conn.user_id
        assert user_id is not None
        name = self._names.get(user_id)
        if name is None:
            name = await self.offload(self._user_name, user_id)
            if len(self._names) > 10_000:
                self._names.clear()
            self._names[user_id] = name
        return name

    def _user_name(self, user_id: int) -> str:
        """The name of user ``user_id`` (any thread)."""
        users = cast(SqlTable, User.__table__)
        with self.engine.connect() as db:
            row = db.execute(select(users).where(users.c.id == user_id)).first()
        if row is None:
            return f"guest{user_id}"
        return str(row.username or f"guest{user_id}")

    async def _take(self, user_id: int) -> bool:
        """Whether ``user_id`` may send a message now (counted across workers with Redis,
        off the event loop: each count is a round trip)."""
        shared = self.shared
        if shared is None or not shared.remote:
            return self.limiter.take(str(user_id))
        return bool(await self.offload(shared.hit, CHAT_LIMIT_NAME, str(user_id)))

    async def post(self, live: LiveGame, conn: Conn, text: Any) -> bool:
        """Check, rate-limit, store and send ``conn``'s message to its channel."""
        if conn.user_id is None:
            conn.deliver(chat_error(translated(N_("open the site (a session) to chat"))))
            return False
        try:
            cleaned = clean_text(text)
        except ValueError as e:
            conn.deliver(chat_error(translated(str(e))))  # the catalog's, where it has it
            return False
        if not await self._take(conn.user_id):
            conn.deliver(
                chat_error(
                    translated(
                        N_(
                            "too many chat messages: at most {burst} every {seconds} seconds;"
                            " this one was not sent"
                        ),
                        burst=CHAT_BURST,
                        seconds=f"{CHAT_BURST / CHAT_RATE:g}",
                    )
                )
            )
            return False
        channel = channel_of(conn.seat)
        seat = conn.seat
        name = await self.name_of(live, conn)
        now = time.time()
        row = {
            "game_id": live.id,
            "channel": channel,
            "user_id": conn.user_id,
            "name": name,
            "seat": seat,
            "text": cleaned,
            "created_at": now,
        }
        try:
            await self.writer.write([(self._insert, row)])
        except Exception:
            log.exception("storing a chat message of game %s failed", live.id)
            conn.deliver(chat_error(translated(N_("could not store the message; try again"))))
            return False
        msg = message_of(channel, name, seat, cleaned, now)
        await self.bus.publish({"k": "chat", "g": live.id, "msg": msg})
        self.deliver(live, msg)
        return True

    def deliver(self, live: LiveGame, msg: dict[str, Any]) -> None:
        """Keep the stored message ``msg`` in ``live``'s log and send it to the watchers
        here of its channel (players' messages to players, spectators' to spectators)."""
        channel = str(msg.get("channel"))
        if channel not in CHANNELS:
            return
        kept = live.chat.setdefault(channel, [])
        kept.append(msg)
        del kept[:-KEEP]
        for c in list(live.conns):
            if channel_of(c.seat) == channel:
                c.deliver(msg)

    def send_log(self, live: LiveGame, conn: Conn) -> None:
        """Send ``conn`` its channel's recent messages."""
        conn.deliver(log_message(live, channel_of(conn.seat)))
