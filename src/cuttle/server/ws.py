"""The websocket endpoint: Origin check, per-socket rate limit, protocol dispatch."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from .game import protocol as P
from .deps import current
from .fastjson import dumps
from .ratelimit import TokenBucket
from .errors import ServiceError
from .game.fanout import Conn

router = APIRouter()


def origin_ok(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Accept no Origin (not a browser) or one naming this site or an allowed origin."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc == host and bool(host)


@router.websocket("/ws/games/{gid}")
async def game_socket(websocket: WebSocket, gid: str) -> None:
    """Watch or play game ``gid``; see :mod:`cuttle.server.game.protocol` for the messages."""
    app = websocket.app
    settings = app.state.settings
    if not origin_ok(websocket, settings.allowed_origins):
        await websocket.close(code=1008, reason="origin not allowed")
        return
    service = app.state.service
    try:
        live = await service.fetch(gid, fresh=True)
    except ServiceError:
        # Accepted first, so the client gets a close code and reason, not an HTTP 403.
        await websocket.accept()
        await websocket.close(code=1008, reason="no such game")
        return
    ctx = current(websocket)
    user_id = ctx.user.id if ctx else None
    await websocket.accept()

    async def send(msg: dict[str, Any]) -> None:
        await websocket.send_text(dumps(msg))

    conn = Conn(user_id=user_id, seat=live.seat_of(user_id), send=send)
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    await service.attach(live, conn)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if not bucket.take():
                await send(P.error_message("too many messages: slow down"))
                await websocket.close(code=1008, reason="rate limit")
                break
            raw = frame.get("text")
            if raw is None:
                raw = frame.get("bytes") or b""
            try:
                msg = P.parse_client(raw)
            except P.ProtocolError as e:
                await send(P.error_message(str(e)))
                continue
            await dispatch(service, live, conn, msg)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        service.detach(live, conn)


async def dispatch(service: Any, live: Any, conn: Conn, msg: P.ClientMessage) -> None:
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
        await conn.send({"t": "pong", "n": live.n})
