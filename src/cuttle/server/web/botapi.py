"""The Bot API, in lichess's shape: programs play on the site as bot accounts.

A bot's program sends ``Authorization: Bearer TOKEN`` (see :mod:`.bot_accounts`) and
reads two kinds of NDJSON stream (one JSON object a line; an empty line every
:data:`KEEPALIVE` seconds when there is nothing to say): its events (challenges to it,
its games starting and finishing) and, per game, exactly the websocket messages a person
in its seat gets (the same ``Conn`` attached to the game tier: never another seat's
hidden card). It moves, resigns, offers draws and chats with plain POSTs that go through
:class:`~cuttle.server.game.service.GameService` as a person's websocket messages do, and
are answered 200, or a 4xx with the reason the game gave. Each token is rate limited.

Routes for people (session cookie and CSRF header): ``POST /api/bots`` (make a bot),
``GET /api/bots`` (yours), ``GET|POST /api/bots/{name}/tokens``,
``POST /api/bots/{name}/tokens/{id}/revoke``, ``GET /api/bots/online`` and
``POST /api/challenge/{name}`` (a bot may challenge with its token too).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, StreamingResponse

from ..errors import ServiceError
from ..fastjson import dumps
from ..game.fanout import Conn, Message
from ..game.live import LiveGame
from ..game.service import GameService
from ..models import User
from .bot_accounts import BotAccounts, TokenHolder
from .deps import (
    body_of,
    limits_of,
    offload_of,
    service_of,
)

router = APIRouter(prefix="/api")

KEEPALIVE = 5.0
"""Seconds of silence after which a stream sends an empty line (``CUTTLE_BOT_KEEPALIVE``
changes it)."""
POLL = 1.0
"""Seconds between the event stream's looks at the database (sooner when woken here)."""
SEEN_EVERY = 5.0
"""Seconds between an open event stream's word (in ``users.bot_seen_at``) that its
program listens, so that every worker's lobby lists it."""
ONLINE_WITHIN = 3 * SEEN_EVERY
"""A bot heard within this many seconds counts as online (a worker that died stops
saying so; its bots drop off the list after this long)."""
STREAM_QUEUE = 64
"""Lines a game stream holds for a slow reader (then its ``Conn`` outbox fills)."""
BOT_LIMIT_NAME = "bot"
"""The name of the per-token request limit among the app's limits."""
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
DRAW_ACTIONS = ("offer", "accept", "decline")
MAX_MOVE = 80


def keepalive() -> float:
    """Seconds of silence before a keep-alive line (``CUTTLE_BOT_KEEPALIVE``, at least
    0.05; default :data:`KEEPALIVE`)."""
    try:
        return max(0.05, float(os.environ.get("CUTTLE_BOT_KEEPALIVE", KEEPALIVE)))
    except ValueError:
        return KEEPALIVE


def bot_limit() -> str:
    """The per-token request limit (``CUTTLE_BOT_LIMIT``, default 300 a minute)."""
    return os.environ.get("CUTTLE_BOT_LIMIT", "300/minute")


@dataclass
class BotHub:
    """The Bot API's state in this worker: the accounts' storage, the bots whose event
    stream is open here (for the lobby) and a wake-up per bot for its event stream."""

    accounts: BotAccounts
    online: dict[int, int] = field(default_factory=dict)
    wake: dict[int, asyncio.Event] = field(default_factory=dict)

    def poke(self, bot_id: int) -> None:
        """Wake ``bot_id``'s event stream (something new is stored for it)."""
        event = self.wake.get(bot_id)
        if event is not None:
            event.set()


def hub_of(request: Request) -> BotHub:
    """The app's :class:`BotHub`."""
    return request.app.state.bot_hub  # type: ignore[no-any-return]


async def bot_of(request: Request, scope: str) -> TokenHolder:
    """The bot account of the request's bearer token, which must hold ``scope``: 401
    without a valid token, 403 without the scope, 429 beyond the token's limit."""
    header = request.headers.get("authorization", "")
    kind, _, token = header.partition(" ")
    if kind.lower() != "bearer" or not token.strip():
        raise HTTPException(401, "send Authorization: Bearer TOKEN (a bot account's token)")
    found = await offload_of(request)(hub_of(request).accounts.holder, token.strip())
    if found is None:
        raise HTTPException(401, "unknown or revoked token")
    if scope not in found.scopes:
        raise HTTPException(403, f"this token lacks the {scope} scope")
    limits = limits_of(request)
    key = str(found.token_id)
    allowed = (
        await offload_of(request)(limits.hit, BOT_LIMIT_NAME, key)
        if limits.remote
        else limits.hit(BOT_LIMIT_NAME, key)
    )
    if not allowed:
        raise HTTPException(429, f"too many requests for this token: at most {bot_limit()}")
    return found


def _gid(gid: str) -> str:
    if not GAME_ID.fullmatch(gid):
        raise HTTPException(404, "no such game")
    return gid


async def _seated(request: Request, gid: str, bot: User) -> tuple[GameService, LiveGame, int]:
    """The game ``gid`` and the bot's seat in it; 404 if there is no such game, 403 if
    the bot does not play in it."""
    service = service_of(request)
    try:
        live = await service.fetch(_gid(gid))
    except ServiceError:
        raise HTTPException(404, "no such game") from None
    seat = live.seat_of(bot.id)
    if seat is None:
        raise HTTPException(403, "your bot does not play in this game")
    return service, live, seat


async def _no_send(msg: Message) -> None:
    """The sender of a :class:`Reply`: it has no socket."""


@dataclass(eq=False)
class Reply(Conn):
    """A one-request connection: it keeps what the game tier answers one POST (an
    acknowledgement or an error) instead of sending it."""

    got: list[Message] = field(default_factory=list)

    def deliver(self, msg: Message) -> None:
        """Keep ``msg``."""
        self.got.append(msg)

    def error(self) -> str | None:
        """The first error the game gave, if any."""
        return next((str(m["error"]) for m in self.got if m.get("t") == "error"), None)


def _answer(reply: Reply, done: bool) -> JSONResponse:
    """200 with the acknowledgement, or a 4xx with the game's reason."""
    error = reply.error()
    if error is not None:
        status = 503 if error.startswith("could not store") else 400
        if error.startswith(("stale move", "not your turn")):
            status = 409
        return JSONResponse({"ok": False, "error": error}, status_code=status)
    ack = next((m for m in reply.got if m.get("t") == "ack"), None)
    if not done and ack is None:
        return JSONResponse({"ok": False, "error": "nothing was done"}, status_code=400)
    out: dict[str, Any] = {"ok": True}
    if ack is not None:
        out["n"] = ack["n"]
    return JSONResponse(out)


def _ndjson(lines: AsyncIterator[str]) -> StreamingResponse:
    return StreamingResponse(lines, media_type="application/x-ndjson")


# ----------------------------------------------------------------- the bot's account


@router.get("/bot/account")
async def account(request: Request) -> JSONResponse:
    """The bot account the token speaks for, and the token's scopes."""
    holder = await bot_of(request, "bot:play")
    user = holder.user
    return JSONResponse(
        {"id": user.id, "name": user.username, "bot": True, "scopes": sorted(holder.scopes)}
    )


# ----------------------------------------------------------------- streams


@router.get("/bot/stream/event")
async def event_stream(request: Request) -> StreamingResponse:
    """The bot's events as NDJSON: ``challenge`` (a pending challenge to it),
    ``gameStart`` and ``gameFinish`` (``game``: the id); first every pending challenge
    and every game it is playing."""
    holder = await bot_of(request, "bot:play")
    hub = hub_of(request)
    offload = offload_of(request)
    bot_id = holder.user.id

    async def lines() -> AsyncIterator[str]:
        hub.online[bot_id] = hub.online.get(bot_id, 0) + 1
        wake = hub.wake.setdefault(bot_id, asyncio.Event())
        last_challenge = 0
        playing: set[str] = set()
        loop = asyncio.get_running_loop()
        said, every = loop.time(), keepalive()
        seen = loop.time() - SEEN_EVERY
        try:
            while True:
                wake.clear()
                if loop.time() - seen >= SEEN_EVERY:
                    seen = loop.time()
                    await offload(hub.accounts.seen, bot_id, time.time())
                out: list[dict[str, Any]] = []
                for ch in await offload(hub.accounts.pending, bot_id, last_challenge):
                    last_challenge = max(last_challenge, int(ch["id"]))
                    out.append({"type": "challenge", "challenge": ch})
                games = await offload(hub.accounts.games, bot_id)
                for gid, status in sorted(games.items()):
                    if status == "playing" and gid not in playing:
                        playing.add(gid)
                        out.append({"type": "gameStart", "game": {"id": gid}})
                for gid in sorted(playing):
                    if games.get(gid, "over") != "playing":
                        playing.discard(gid)
                        out.append({"type": "gameFinish", "game": {"id": gid}})
                for event in out:
                    yield dumps(event) + "\n"
                now = loop.time()
                if out:
                    said = now
                elif now - said >= every:
                    said = now
                    yield "\n"
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), min(POLL, every))
        finally:
            left = hub.online.get(bot_id, 1) - 1
            if left > 0:
                hub.online[bot_id] = left
            else:
                hub.online.pop(bot_id, None)
                hub.wake.pop(bot_id, None)
                with contextlib.suppress(Exception):  # its last stream here closed
                    hub.accounts.seen(bot_id, None)

    return _ndjson(lines())


def _is_over(msg: Message) -> bool:
    """Whether ``msg`` tells that the game ended."""
    if msg.get("t") == "state":
        return msg.get("status") == "over"
    return msg.get("t") == "event" and "result" in msg


@router.get("/bot/game/stream/{gid}")
async def game_stream(request: Request, gid: str) -> StreamingResponse:
    """Game ``gid`` as NDJSON, as the bot's seat sees it: the ``state`` message first,
    then every message its websocket would get, until the game ends."""
    holder = await bot_of(request, "bot:play")
    service, live, seat = await _seated(request, gid, holder.user)
    queue: asyncio.Queue[Message | None] = asyncio.Queue(STREAM_QUEUE)

    async def send(msg: Message) -> None:
        await queue.put(msg)

    async def close(code: int, reason: str) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            queue.put_nowait(None)

    conn = Conn(user_id=holder.user.id, seat=seat, send=send, close=close)

    async def lines() -> AsyncIterator[str]:
        await service.attach(live, conn)
        every = keepalive()
        try:
            while not conn.dropped:
                try:
                    msg = await asyncio.wait_for(queue.get(), every)
                except TimeoutError:
                    yield "\n"
                    continue
                if msg is None:
                    break
                yield dumps(msg) + "\n"
                if _is_over(msg):
                    break
        finally:
            service.detach(live, conn)
            await conn.stop()

    return _ndjson(lines())


# ----------------------------------------------------------------- playing


def _move_text(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise HTTPException(400, "move must be a move in the notation, such as 'points 7H'")
    if len(value) > MAX_MOVE or "\x00" in value:
        raise HTTPException(400, f"move must be at most {MAX_MOVE} characters")
    return value.strip()


def _event_number(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise HTTPException(400, "n must be the event number you have seen")
    return value


def _client_id(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= 64 or "\x00" in value:
        raise HTTPException(400, "id must be text of 1 to 64 characters")
    return value


async def _play(request: Request, gid: str, text: object, n: object, cid: object) -> JSONResponse:
    holder = await bot_of(request, "bot:play")
    move, expected, client = _move_text(text), _event_number(n), _client_id(cid)
    service, live, seat = await _seated(request, gid, holder.user)
    reply = Reply(user_id=holder.user.id, seat=seat, send=_no_send)
    done = await service.submit(live, seat, move, client, expected, reply)
    return _answer(reply, done)


@router.post("/bot/game/{gid}/move")
async def move_body(request: Request, gid: str) -> JSONResponse:
    """Play ``move`` (JSON body; ``n``: the event number seen, ``id``: de-duplicates)."""
    body = await body_of(request)
    return await _play(request, gid, body.get("move"), body.get("n"), body.get("id"))


@router.post("/bot/game/{gid}/move/{move}")
async def move_path(request: Request, gid: str, move: str) -> JSONResponse:
    """Play ``move`` (``points%207H``; ``?n=`` the event number seen)."""
    raw = request.query_params.get("n")
    n: object = None
    if raw is not None:
        n = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else "bad"
    return await _play(request, gid, move, n, None)


@router.post("/bot/game/{gid}/resign")
async def resign(request: Request, gid: str) -> JSONResponse:
    """Resign game ``gid``."""
    holder = await bot_of(request, "bot:play")
    service, live, seat = await _seated(request, gid, holder.user)
    reply = Reply(user_id=holder.user.id, seat=seat, send=_no_send)
    return _answer(reply, await service.resign(live, seat, reply))


@router.post("/bot/game/{gid}/draw/{action}")
async def draw(request: Request, gid: str, action: str) -> JSONResponse:
    """Offer, accept or decline a draw in game ``gid``."""
    holder = await bot_of(request, "bot:play")
    if action not in DRAW_ACTIONS:
        raise HTTPException(400, f"action must be one of {', '.join(DRAW_ACTIONS)}")
    service, live, seat = await _seated(request, gid, holder.user)
    reply = Reply(user_id=holder.user.id, seat=seat, send=_no_send)
    await service.draw(live, seat, action, reply)
    return _answer(reply, True)


@router.post("/bot/game/{gid}/chat")
async def chat(request: Request, gid: str) -> JSONResponse:
    """Say ``text`` (JSON body) in the players' chat of game ``gid``."""
    holder = await bot_of(request, "bot:play")
    body = await body_of(request)
    service, live, seat = await _seated(request, gid, holder.user)
    reply = Reply(user_id=holder.user.id, seat=seat, send=_no_send)
    return _answer(reply, await service.chat.post(live, reply, body.get("text")))
