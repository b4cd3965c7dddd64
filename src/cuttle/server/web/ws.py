"""The websocket endpoint: Origin check, per-socket rate limit, protocol dispatch; the
app's open sockets (:class:`Sockets`): a cap per address on those without a session,
and the sockets of a session closed when it ends."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cuttle.i18n import N_

from ..errors import ServiceError
from ..fastjson import dumps
from ..game import protocol as P
from ..game.fanout import Conn
from ..game.live import LiveGame
from ..game.service import GameService
from ..ratelimit import TokenBucket
from .auth import COOKIE, token_digest
from .deps import Ctx, current
from .language import language_of

router = APIRouter()

SIGNED_OUT = "signed out"
"""The close reason of a socket whose session ended."""


class Sockets:
    """The app's open game sockets: those opened without a session counted per client
    address (at most ``anon_limit`` each), the others kept by the session they were
    opened with, so that when it ends (:meth:`end_session`) they are closed."""

    def __init__(self, anon_limit: int) -> None:
        """No socket yet; ``anon_limit`` sockets without a session per address."""
        self.anon_limit = anon_limit
        self.anonymous: dict[str, int] = {}
        """Client address → its open sockets without a session."""
        self.by_session: dict[str, set[Conn]] = {}
        """Session digest → the open sockets it opened."""

    def admit(self, addr: str) -> bool:
        """Count one more socket without a session from ``addr``, if it has room."""
        n = self.anonymous.get(addr, 0)
        if n >= self.anon_limit:
            return False
        self.anonymous[addr] = n + 1
        return True

    def release(self, addr: str) -> None:
        """A socket :meth:`admit` counted for ``addr`` closed."""
        n = self.anonymous.get(addr, 0) - 1
        if n > 0:
            self.anonymous[addr] = n
        else:
            self.anonymous.pop(addr, None)

    def add(self, conn: Conn) -> None:
        """Keep ``conn`` under its session (if it has one)."""
        if conn.session is not None:
            self.by_session.setdefault(conn.session, set()).add(conn)

    def discard(self, conn: Conn) -> None:
        """Forget ``conn`` (its socket closed)."""
        if conn.session is None:
            return
        conns = self.by_session.get(conn.session)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_session[conn.session]

    def end_session(self, digest: str) -> None:
        """Session ``digest`` ended (:attr:`Auth.on_end <cuttle.server.auth.Auth.on_end>`):
        drop every socket it opened: nothing more is sent to it or read from it, and it is
        closed (its page reconnects with whatever session its cookie holds now)."""
        for conn in self.by_session.pop(digest, set()):
            conn.drop(SIGNED_OUT)


def origin_ok(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Accept no Origin (not a browser), an allowed origin, or one naming this site: its
    host and its scheme (an https page for a wss socket, http for ws; behind a proxy, as
    its ``X-Forwarded-Proto`` says)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    parts = urlsplit(origin)
    scheme = "https" if websocket.url.scheme == "wss" else "http"
    return parts.scheme == scheme and parts.netloc == host and bool(host)


async def _refuse(websocket: WebSocket, reason: str) -> None:
    """Accept and close at once with 1008, so that the client gets the reason (not an
    HTTP 403)."""
    await websocket.accept()
    await websocket.close(code=1008, reason=reason)


@router.websocket("/ws/games/{gid}")
async def game_socket(websocket: WebSocket, gid: str) -> None:
    """Watch or play game ``gid``; see :mod:`cuttle.server.game.protocol` for the messages."""
    app = websocket.app
    settings = app.state.settings
    if not origin_ok(websocket, settings.allowed_origins):
        await websocket.close(code=1008, reason="origin not allowed")
        return
    sockets: Sockets = app.state.sockets
    ctx = current(websocket)
    addr = websocket.client.host if websocket.client else "?"
    if ctx is None and not sockets.admit(addr):
        await _refuse(websocket, "too many connections from your address")
        return
    try:
        await _play(websocket, gid, ctx)
    finally:
        if ctx is None:
            sockets.release(addr)


async def _play(websocket: WebSocket, gid: str, ctx: Ctx | None) -> None:
    """Serve the socket of game ``gid`` for the user of ``ctx`` (``None``: no session)."""
    app = websocket.app
    settings = app.state.settings
    service = app.state.service
    try:
        live = await service.fetch(gid, fresh=True)
    except ServiceError:
        await _refuse(websocket, "no such game")
        return
    user_id = ctx.user.id if ctx else None
    await websocket.accept()

    async def send(msg: dict[str, Any]) -> None:
        await websocket.send_text(dumps(msg))

    async def close(code: int, reason: str) -> None:
        await websocket.close(code=code, reason=reason)

    token = websocket.cookies.get(COOKIE)
    session = token_digest(token) if ctx is not None and token else None
    seat = live.seat_of(user_id)
    lang = language_of(websocket)  # the account's, the lang cookie's or the handshake's
    conn = Conn(user_id=user_id, seat=seat, send=send, close=close, session=session, lang=lang)
    sockets: Sockets = app.state.sockets
    sockets.add(conn)
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    await service.attach(live, conn)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect" or conn.dropped:
                break  # closed, or dropped (too slow to read, or its session ended)
            if not bucket.take():
                conn.deliver(P.refusal(N_("too many messages: slow down")))
                await conn.flushed()
                await websocket.close(code=1008, reason="rate limit")
                break
            raw = frame.get("text")
            if raw is None:
                raw = frame.get("bytes") or b""
            try:
                msg = P.parse_client(raw)
            except P.ProtocolError as e:
                conn.deliver(P.error_message(str(e)))
                continue
            await dispatch(service, live, conn, msg)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sockets.discard(conn)
        service.detach(live, conn)
        await conn.stop()


async def dispatch(service: GameService, live: LiveGame, conn: Conn, msg: P.ClientMessage) -> None:
    """Hand one checked message to the game service."""
    if msg.t == "move":
        await service.submit(live, conn.seat, msg.move, msg.id, msg.n, conn)
    elif msg.t == "sync":
        await service.sync(live, conn, msg.n or 0)
    elif msg.t == "resign":
        await service.resign(live, conn.seat, conn, msg.id)
    elif msg.t == "draw":
        await service.draw(live, conn.seat, msg.action, conn)
    elif msg.t == "rematch":
        await service.rematch(live, conn.seat, conn)
    elif msg.t == "chat":
        await service.chat.post(live, conn, msg.text)
    elif msg.t == "claim":
        await service.claim(live, conn.seat, conn)
    elif msg.t == "ping":
        conn.deliver({"t": "pong", "n": live.n})
