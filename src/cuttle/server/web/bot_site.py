"""Bot accounts for their owners, and challenges to bots (the Bot API's other half).

A registered person makes and manages bot accounts and their tokens (session cookie and
CSRF header, as the rest of the JSON API); anyone with a session, or a bot with a token
holding ``challenge:write``, challenges a bot account; the bot accepts or declines with
its token. An accepted challenge makes the game the ordinary way
(:meth:`~cuttle.server.game.service.GameService.create_held`, then
:meth:`~cuttle.server.game.service.GameService.join` for the bot), never ranked.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.i18n import N_

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..game.spec import rules_of
from ..models import User
from .bot_accounts import bot_json
from .bot_ladder import ladder
from .botapi import ONLINE_WITHIN, bot_of, hub_of
from .deps import (
    RowId,
    body_of,
    check_csrf,
    current,
    ensure_async,
    limit_create_async,
    offload_of,
    require,
    service_of,
)
from .pages import render

router = APIRouter(prefix="/api")
page_router = APIRouter()

ACTIONS = ("accept", "decline")


def _registered(request: Request) -> User:
    ctx = require(request)
    if ctx.user.guest:
        raise HTTPException(403, N_("sign up first: bots belong to registered people"))
    return ctx.user


@router.post("/bots")
async def create_bot(request: Request) -> JSONResponse:
    """Make a bot account (``name``, ``about`` or ``description``); its first token is in
    the answer, once."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    accounts = hub_of(request).accounts
    bot, token = await offload_of(request)(
        accounts.create, ctx.user, body.get("name"), body.get("about", body.get("description"))
    )
    return JSONResponse({"bot": bot_json(bot), "token": token}, status_code=201)


@router.get("/bots")
async def my_bots(request: Request) -> JSONResponse:
    """Your bot accounts."""
    user = _registered(request)
    return JSONResponse({"bots": await offload_of(request)(hub_of(request).accounts.mine, user)})


@router.get("/bots/online")
async def online_bots(request: Request) -> JSONResponse:
    """The bot accounts whose program listens now: an event stream open on any worker,
    heard within :data:`~.botapi.ONLINE_WITHIN` seconds."""
    since = time.time() - ONLINE_WITHIN
    accounts = hub_of(request).accounts
    return JSONResponse({"bots": await offload_of(request)(accounts.online, since)})


def _ladder_rules(request: Request) -> str:
    rules = request.query_params.get("rules") or "standard"
    if rules not in PRESETS or PRESETS[rules].players != 2:
        two = [k for k, r in PRESETS.items() if r.players == 2]
        raise ServiceError(N_("rules must be a two-seat rule set: {known}"), known=", ".join(two))
    return rules


@router.get("/bots/ladder")
async def ladder_json(request: Request) -> JSONResponse:
    """The bot accounts' ladder under ``rules`` (default ``standard``; see
    :mod:`.bot_ladder`)."""
    rules = _ladder_rules(request)
    rows = await offload_of(request)(ladder, service_of(request).sessions, rules)
    return JSONResponse({"rules": rules, "bots": rows})


@page_router.get("/bots/ladder", response_class=HTMLResponse)
async def ladder_page(request: Request) -> Response:
    """The bot accounts' ladder as a page."""
    ctx = await ensure_async(request)
    rules = _ladder_rules(request)
    rows = await offload_of(request)(ladder, service_of(request).sessions, rules)
    keys = [k for k, r in PRESETS.items() if r.players == 2]
    return render(request, ctx, "bot_ladder.html", rules=rules, keys=keys, rows=rows)


@router.get("/bots/{name}/tokens")
async def tokens(request: Request, name: str) -> JSONResponse:
    """The tokens of your bot ``name`` (their ids, labels and scopes; never the tokens)."""
    user = _registered(request)
    rows = await offload_of(request)(hub_of(request).accounts.tokens, user, name)
    return JSONResponse({"tokens": rows})


@router.post("/bots/{name}/tokens")
async def new_token(request: Request, name: str) -> JSONResponse:
    """A new token for your bot ``name`` (``scopes``: a list, default all; ``label``)."""
    user = _registered(request)
    body = await body_of(request)
    check_csrf(request, require(request), body.get("csrf"))
    token = await offload_of(request)(
        hub_of(request).accounts.add_token, user, name, body.get("scopes"), body.get("label")
    )
    return JSONResponse({"token": token}, status_code=201)


@router.post("/bots/{name}/tokens/{token_id}/revoke")
async def revoke(request: Request, name: str, token_id: RowId) -> JSONResponse:
    """Revoke a token of your bot ``name``: refused from now on."""
    user = _registered(request)
    body = await body_of(request)
    check_csrf(request, require(request), body.get("csrf"))
    await offload_of(request)(hub_of(request).accounts.revoke, user, name, token_id)
    return JSONResponse({"ok": True})


def _options(body: dict[str, Any]) -> dict[str, Any]:
    """The game a challenge asks for: ``rules``, ``variants``, ``players``, the
    challenger's seat ``my_seat`` (default 0), the bot's ``bot_seat`` (default the next),
    any other seat a built-in bot of ``level`` (default ``easy``)."""
    if body.get("ranked", False) is not False:
        raise ServiceError(N_("games with bot accounts are never ranked among people"))
    level = body.get("level", "easy")
    if not isinstance(level, str) or level not in BOT_LEVELS:
        raise ServiceError(N_("level must be one of {levels}"), levels=", ".join(BOT_LEVELS))
    out = {
        "rules": body.get("rules", "standard"),
        "variants": body.get("variants") or [],
        "players": body.get("players"),
        "my_seat": body.get("my_seat", 0),
        "bot_seat": body.get("bot_seat"),
        "level": level,
    }
    return out


def _create_args(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The arguments of :meth:`GameService.create` for ``options`` with ``players`` seats."""
    mine, theirs = options["my_seat"], options["bot_seat"]
    seats: list[dict[str, Any]] = [
        {"kind": "human"} if i in (mine, theirs) else {"kind": "bot", "level": options["level"]}
        for i in range(players)
    ]
    return {
        "rules": options["rules"],
        "variants": options["variants"],
        "players": options["players"],
        "seats": seats,
        "my_seat": mine,
    }


def _seat_number(value: object, name: str, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ServiceError(
            N_("{name} must be a seat number from 0 to {last}"), name=name, last=players - 1
        )
    return value


@router.post("/challenge/{name}")
async def challenge(request: Request, name: str) -> JSONResponse:
    """Challenge bot account ``name`` to a game (see :func:`_options`); the bot sees it
    on its event stream and accepts or declines. A bot challenges with its token."""
    body = await body_of(request)
    if request.headers.get("authorization"):
        by = (await bot_of(request, "challenge:write")).user
    else:
        ctx = await ensure_async(request)
        check_csrf(request, ctx, body.get("csrf"))
        await limit_create_async(request, ctx)
        by = ctx.user
    hub = hub_of(request)
    offload = offload_of(request)
    bot = await offload(hub.accounts.bot_named, name)
    if bot is None:
        raise HTTPException(404, N_("no bot account of that name"))
    if bot.id == by.id:
        raise HTTPException(400, N_("a bot cannot challenge itself"))
    options = _options(body)
    players = _players(options)
    mine = _seat_number(options["my_seat"], "my_seat", players)
    theirs = options["bot_seat"]
    if theirs is None:
        theirs = (mine + 1) % players
    theirs = _seat_number(theirs, "bot_seat", players)
    if theirs == mine:
        raise ServiceError(N_("bot_seat and my_seat must differ"))
    options.update(my_seat=mine, bot_seat=theirs)
    service_of(request).create(by, dry_run=True, **_create_args(options, players))
    made = await offload(hub.accounts.challenge, by, bot, options)
    hub.poke(bot.id)
    return JSONResponse(made, status_code=201)


def _players(options: dict[str, Any]) -> int:
    """How many seats the challenge's game has (a 400 naming what is wrong)."""
    names = options["variants"]
    if not isinstance(names, list) or not all(isinstance(v, str) for v in names):
        raise ServiceError(N_("variants must be a list of variant names"))
    count = options["players"]
    if count is not None and (isinstance(count, bool) or not isinstance(count, int)):
        raise ServiceError(N_("players must be a number"))
    if not isinstance(options["rules"], str) or options["rules"] not in PRESETS:
        raise ServiceError(N_("rules must be one of {known}"), known=", ".join(PRESETS))
    if not all(v in VARIANTS for v in names):
        raise ServiceError(N_("unknown variant; known: {known}"), known=", ".join(VARIANTS))
    try:
        return rules_of(options["rules"], names, count, None).players
    except ValueError as e:
        raise ServiceError(str(e)) from None


@router.get("/challenge/{cid}")
async def challenge_status(request: Request, cid: RowId) -> JSONResponse:
    """Challenge ``cid`` as its challenger or its bot sees it (``status``, ``game``): a
    person with the session cookie, a bot with its token."""
    if request.headers.get("authorization"):
        who = (await bot_of(request, "bot:play")).user
    else:
        ctx = current(request)
        if ctx is None:
            raise HTTPException(401, N_("no session: GET /api/session first"))
        who = ctx.user
    row = await offload_of(request)(hub_of(request).accounts.challenge_of, cid, who.id)
    if row is None:
        raise HTTPException(404, N_("no such challenge of yours"))
    return JSONResponse(row)


@router.post("/challenge/{cid}/{action}")
async def decide(request: Request, cid: RowId, action: str) -> JSONResponse:
    """The bot accepts (the game is made, both seats filled) or declines challenge ``cid``."""
    holder = await bot_of(request, "challenge:write")
    if action not in ACTIONS:
        raise HTTPException(404, N_("accept or decline"))
    hub = hub_of(request)
    offload = offload_of(request)
    status = "accepted" if action == "accept" else "declined"
    options, challenger_id = await offload(hub.accounts.take, holder.user.id, cid, status)
    if status == "declined":
        return JSONResponse({"ok": True})
    challenger = await offload(hub.accounts.user, challenger_id)
    service = service_of(request)
    try:
        if challenger is None:
            raise ServiceError(N_("the challenger is gone"), 410)
        gid = await service.create_held(challenger, **_create_args(options, _players(options)))
        await service.join(gid, holder.user, options["bot_seat"])
    except ServiceError:
        await offload(hub.accounts.set_game, cid, None, "failed")
        raise
    await offload(hub.accounts.set_game, cid, gid)
    hub.poke(holder.user.id)
    return JSONResponse({"ok": True, "game": gid})
