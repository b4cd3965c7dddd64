"""The tournament pages and JSON API (docs/tournaments.md).

Pages: ``GET /tournaments`` (the list and the form to organise one) and
``GET /tournaments/{id}`` (entrants, rounds, standings or bracket, live; ``?fragment=1``
gives the live part alone). JSON: ``GET /api/tournaments``, ``POST /api/tournaments``
(201), ``GET /api/tournaments/{id}`` and ``POST /api/tournaments/{id}/join``, ``leave``,
``start``, ``bots`` (``{"level"}``) and ``forfeit`` (``{"match", "winner"}``). Every
POST needs the session's CSRF token. Every read first starts the tournaments whose
start time has come.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from cuttle.i18n import N_

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..web.deps import RowId, body_of, check_csrf, current, ensure_async, offload_of, require
from ..web.league_pages import bracket_columns
from ..web.pages import render
from .play import ELIMINATION, SWISS
from .service import MAX_ROUNDS, Tournaments

router = APIRouter()

WORDS = (N_("open"),)
"""A tournament's status the lists show in words (``{{ t.status|word }}``; ``running``
and ``finished`` are the league's words)."""
ACTIONS = ("join", "leave", "start", "bots", "forfeit")
"""The actions ``POST /api/tournaments/{id}/{action}`` takes."""


def tournaments_of(request: Request) -> Tournaments:
    """The app's :class:`Tournaments`."""
    return request.app.state.tournaments  # type: ignore[no-any-return]


async def _load(request: Request, games: list[str]) -> None:
    """Read in new games with a bot, so that the bots start playing."""
    service = tournaments_of(request)
    for gid in games:
        await service.games.fetch(gid)


async def _start_due(request: Request) -> None:
    """Start the tournaments whose start time has come."""
    await _load(request, await offload_of(request)(tournaments_of(request).start_due))


@router.get("/api/tournaments")
async def listing(request: Request) -> list[dict[str, Any]]:
    """Tournaments open or running, then the last finished ones."""
    await _start_due(request)
    ctx = current(request)
    return await offload_of(request)(tournaments_of(request).listing, ctx.user if ctx else None)


@router.post("/api/tournaments")
async def create(request: Request) -> JSONResponse:
    """Organise a tournament (registered players): ``name``, ``format``, ``rules``,
    ``starts_at`` (ISO 8601) and ``rounds`` (Swiss)."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    out = await offload_of(request)(tournaments_of(request).create, ctx.user, body)
    return JSONResponse(out, status_code=201)


@router.get("/api/tournaments/{tid}")
async def tournament(request: Request, tid: RowId) -> dict[str, Any]:
    """A tournament whole: entrants, pairings, standings or bracket, ``version``."""
    await _start_due(request)
    ctx = current(request)
    return await offload_of(request)(
        tournaments_of(request).tournament, tid, ctx.user if ctx else None
    )


@router.post("/api/tournaments/{tid}/{action}")
async def act(request: Request, tid: RowId, action: str) -> dict[str, Any]:
    """``join``, ``leave``, ``start`` (the organiser), ``bots`` (the organiser enters a
    bot) or ``forfeit`` (the organiser decides a match)."""
    if action not in ACTIONS:
        raise ServiceError(N_("no such action"), 404)
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    service = tournaments_of(request)
    run = offload_of(request)
    if action == "join":
        return await run(service.join, ctx.user, tid)
    if action == "leave":
        return await run(service.leave, ctx.user, tid)
    if action == "bots":
        return await run(service.add_bot, ctx.user, tid, body)
    if action == "start":
        out, games = await run(service.start, ctx.user, tid)
        await _load(request, games)
        return out
    out, games, left = await run(service.forfeit, ctx.user, tid, body)
    await _load(request, games)
    for gid, loser in left:  # the forfeited match's game in play ends: its loser resigns
        live = await service.games.fetch(gid)
        seat = next((i for i, s in enumerate(live.seats) if s.name == loser), None)
        if live.status == "playing" and seat is not None:
            await service.games.resign(live, seat)
    return out


@router.get("/tournaments", response_class=HTMLResponse)
async def tournaments_page(request: Request) -> Response:
    """The tournaments, and the form to organise one (``?fragment=1``: the list alone)."""
    ctx = await ensure_async(request)
    await _start_due(request)
    found = await offload_of(request)(tournaments_of(request).listing, ctx.user)
    if request.query_params.get("fragment"):  # the list alone (the lobby polls it)
        return render(request, ctx, "tournament_list.html", tournaments=found)
    return render(
        request,
        ctx,
        "tournaments.html",
        tournaments=found,
        formats=(SWISS, ELIMINATION),
        max_rounds=MAX_ROUNDS,
    )


@router.get("/tournaments/{tid}", response_class=HTMLResponse)
async def tournament_page(request: Request, tid: RowId) -> Response:
    """A tournament, live (the page polls and redraws its body while matches are played)."""
    ctx = await ensure_async(request)
    await _start_due(request)
    t = await offload_of(request)(tournaments_of(request).tournament, tid, ctx.user)
    columns = bracket_columns(t["bracket"]) if t.get("bracket") else []
    name = "tournament_body.html" if request.query_params.get("fragment") else "tournament.html"
    return render(request, ctx, name, t=t, columns=columns, levels=BOT_LEVELS)
