"""Per-request helpers: who is asking, cookies, CSRF and JSON bodies."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import HTTPException, Path, Request, Response
from starlette.requests import HTTPConnection

from cuttle.i18n import N_

from ..errors import ServiceError
from ..game.service import GameService
from ..models import AuthSession, User
from ..offload import Offload
from ..ratelimit import RateLimits
from ..settings import Settings
from .auth import COOKIE, SESSION_SECONDS, USERNAME, Auth
from .session_lookup import looked_up

MAX_BODY = 16 * 1024
MAX_ID = 2**31 - 1
"""The largest row id a table holds (PostgreSQL's ``integer``; SQLite's stops at 2^63 - 1)."""
RowId = Annotated[int, Path(ge=0, le=MAX_ID)]
"""A row id in a path (a series, match, bracket or challenge): one out of range is a 400
before any query (the database would refuse it with an error, a 500)."""
Year = Annotated[int, Path(ge=1, le=9999)]
"""A calendar year in a path (the league year of a World Championship)."""
TOO_MANY_GUESTS = N_("too many new visitors from your address; wait a minute")
"""The 429's text beyond the new-guest limit."""
TOO_MANY_GAMES = N_("too many new games; wait a minute")
"""The 429's text beyond the game-creation limits."""


@dataclass
class Ctx:
    """The user behind a request, their session, and a new cookie token to set (if any)."""

    user: User
    session: AuthSession
    new_token: str | None = None


def auth_of(request: HTTPConnection) -> Auth:
    """The app's :class:`Auth`."""
    return request.app.state.auth  # type: ignore[no-any-return]


def service_of(request: Request) -> GameService:
    """The app's :class:`GameService`."""
    return request.app.state.service  # type: ignore[no-any-return]


def settings_of(request: Request) -> Settings:
    """The app's settings."""
    return request.app.state.settings  # type: ignore[no-any-return]


def current(request: HTTPConnection) -> Ctx | None:
    """The signed-in (or guest) user of ``request`` (or a websocket), or ``None``: as
    :class:`~cuttle.server.session_lookup.SessionLookup` found it, else looked up now."""
    done, found = looked_up(request)
    if not done:
        found = auth_of(request).lookup(request.cookies.get(COOKIE))
    return Ctx(*found) if found else None


def client_addr(request: Request) -> str:
    """The client's address (behind a proxy: as the proxy reports it, see ``docs/deploy.md``)."""
    return request.client.host if request.client else "?"


def offload_of(request: HTTPConnection) -> Offload:
    """The app's :class:`~cuttle.server.offload.Offload` for blocking database calls."""
    return request.app.state.offload  # type: ignore[no-any-return]


def limits_of(request: Request) -> RateLimits:
    """The app's named rate limits."""
    return request.app.state.limits  # type: ignore[no-any-return]


async def ensure_async(request: Request) -> Ctx:
    """The user of ``request``, creating a guest (and its cookie) if there is none.

    New guests are limited per client address (``guest_limit``): beyond it the request
    is refused with a 429 and no user or session is created. The new guest is stored off
    the event loop (on a server database), and counted off it (in Redis, with several
    workers).
    """
    ctx = current(request)
    if ctx is not None:
        return ctx
    if not await _count(request, [("guest", client_addr(request))]):
        raise HTTPException(429, TOO_MANY_GUESTS)
    return Ctx(*await offload_of(request)(auth_of(request).new_guest))


async def limit_create_async(request: Request, ctx: Ctx) -> None:
    """Refuse (429, nothing created) a new game or series beyond the per-user or
    per-address limit, counted off the event loop (in Redis, with several workers)."""
    if not await _count(request, _create_pairs(request, ctx)):
        raise HTTPException(429, TOO_MANY_GAMES)


async def auth_allowed(request: Request, account: object = None) -> bool:
    """Count one sign-in or sign-up attempt from the client's address (``auth_limit``)
    and, for a sign-in, one against the ``account`` named (``account_limit``, from every
    address together); whether it may go ahead (neither is counted if one is spent).
    Counted off the event loop (in Redis, with several workers)."""
    pairs = [("auth", client_addr(request))]
    if isinstance(account, str) and USERNAME.fullmatch(account):  # others name no account
        pairs.append(("account", account))
    return await _count(request, pairs)


async def _count(request: Request, pairs: list[tuple[str, str]]) -> bool:
    """``hit_all(pairs)`` of the app's limits; off the loop when they are counted in Redis."""
    limits = limits_of(request)
    if limits.remote:
        return await offload_of(request)(limits.hit_all, pairs)
    return limits.hit_all(pairs)


def _create_pairs(request: Request, ctx: Ctx) -> list[tuple[str, str]]:
    return [("create", str(ctx.user.id)), ("create_addr", client_addr(request))]


def require(request: Request) -> Ctx:
    """The user of ``request``; 401 if the request carries no valid session."""
    ctx = current(request)
    if ctx is None:
        raise HTTPException(401, N_("no session: GET /api/session first"))
    return ctx


def check_csrf(request: Request, ctx: Ctx, form_token: object = None) -> None:
    """Refuse (403) a state-changing request without the session's CSRF token."""
    sent = request.headers.get("x-csrf-token") or form_token
    if not isinstance(sent, str) or not sent.isascii():  # the tokens are ASCII
        raise HTTPException(403, N_("missing or wrong CSRF token"))
    if not secrets.compare_digest(sent, ctx.session.csrf):
        raise HTTPException(403, N_("missing or wrong CSRF token"))


def set_cookie(request: Request, response: Response, token: str | None) -> None:
    """Set the HttpOnly session cookie to ``token`` (if there is a new one)."""
    if token:
        response.set_cookie(
            COOKIE,
            token,
            max_age=SESSION_SECONDS,
            httponly=True,
            samesite="lax",
            secure=settings_of(request).secure_cookies,
            path="/",
        )


async def body_of(request: Request) -> dict[str, Any]:
    """The request's JSON object or form fields; 400 or 413 with a clear message otherwise."""
    size = request.headers.get("content-length")
    digits = size is not None and size.isascii() and size.isdigit()  # not "²", a digit
    if size is not None and (not digits or len(size) > 9 or int(size) > MAX_BODY):
        raise ServiceError(N_("request body too large: at most {most} bytes"), 413, most=MAX_BODY)
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ServiceError(N_("request body too large: at most {most} bytes"), 413, most=MAX_BODY)
    kind = request.headers.get("content-type", "")
    if kind.startswith("application/x-www-form-urlencoded") or kind.startswith("multipart/"):
        form = await request.form()
        return {k: v for k, v in form.items() if isinstance(v, str)}
    if not raw.strip():
        return {}
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):  # nested past the recursion limit: not for us
        raise HTTPException(400, N_("request body is not valid JSON")) from None
    if not isinstance(obj, dict):
        raise HTTPException(400, N_("request body must be a JSON object"))
    return obj


def flag(body: dict[str, Any], key: str, default: bool = False) -> bool:
    """The boolean field ``key`` of a request body: JSON ``true`` or ``false`` only
    (``"yes"``, ``1`` or ``null`` are a 400)."""
    value = body.get(key, default)
    if isinstance(value, bool):
        return value
    raise ServiceError(N_("{key} must be true or false"), key=key)


def text_field(body: dict[str, Any], key: str, default: str) -> str:
    """The string field ``key`` of a request body (``default`` when absent); else a 400."""
    value = body.get(key, default)
    if not isinstance(value, str):
        raise ServiceError(N_("{key} must be a string"), key=key)
    return value
