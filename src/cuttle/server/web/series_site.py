"""Long-term series on the site: ``POST /api/series``, ``GET /api/series/<id>``, the
form ``/series/new`` and the scoring sheet ``/series/<id>`` (docs/league.md).

The routes make their database calls through the app's
:class:`~cuttle.server.offload.Offload` (worker threads on a server database); the
table page's route (:mod:`cuttle.server.pages`) reads which series its game is a round
of the same way (:meth:`SeriesService.series_of_game`) before it renders.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from cuttle.engine.rules import PRESETS
from cuttle.league.longterm import DEFAULT_TARGET, MAX_PLAYERS

from ..bots import BOT_LEVELS
from ..series.service import SeriesService
from .deps import (
    RowId,
    body_of,
    check_csrf,
    ensure_async,
    limit_create_async,
    offload_of,
    require,
)
from .pages import render

router = APIRouter()


def series_of(request: Request) -> SeriesService:
    """The app's :class:`SeriesService`."""
    return request.app.state.series  # type: ignore[no-any-return]


@router.post("/api/series")
async def create_series(request: Request) -> Response:
    """Create a series (``rules``, ``variants``, ``seats``, ``target``); 201 with its sheet."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    await limit_create_async(request, ctx)
    service = series_of(request)
    sid = await service.create(ctx.user, body)
    return JSONResponse(await offload_of(request)(service.sheet, sid), status_code=201)


@router.get("/api/series/{sid}")
async def get_series(request: Request, sid: RowId) -> dict[str, Any]:
    """A series' scoring sheet as JSON."""
    return await offload_of(request)(series_of(request).sheet, sid)


def form_seats(form: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats of the ``/series/new`` form: ``seat1`` .. ``seat5`` each ``me``,
    ``bot:<level>``, ``player`` (with ``name<k>``) or empty (no seat)."""
    seats: list[dict[str, Any]] = []
    for k in range(1, MAX_PLAYERS + 1):
        choice = str(form.get(f"seat{k}") or "")
        if choice == "me":
            seats.append({"kind": "me"})
        elif choice.startswith("bot:"):
            seats.append({"kind": "bot", "level": choice[4:]})
        elif choice == "player":
            seats.append({"kind": "player", "name": str(form.get(f"name{k}") or "").strip()})
        elif choice:
            seats.append({"kind": choice})
    return seats


@router.get("/series/new", response_class=HTMLResponse)
async def new_series_page(request: Request) -> Response:
    """The form that starts a series."""
    ctx = await ensure_async(request)
    return render(
        request,
        ctx,
        "series_new.html",
        rulesets=list(PRESETS),
        levels=BOT_LEVELS,
        target=DEFAULT_TARGET,
        slots=MAX_PLAYERS,
    )


@router.post("/series/new")
async def new_series_form(request: Request) -> Response:
    """Start a series from the form; on to its sheet."""
    ctx = require(request)
    form = await body_of(request)
    check_csrf(request, ctx, form.get("csrf"))
    await limit_create_async(request, ctx)
    body = {
        "rules": form.get("rules"),
        "target": form.get("target") or DEFAULT_TARGET,
        "seats": form_seats(form),
    }
    sid = await series_of(request).create(ctx.user, body)
    return RedirectResponse(f"/series/{sid}", status_code=303)


@router.get("/series/{sid}", response_class=HTMLResponse)
async def sheet_page(request: Request, sid: RowId) -> Response:
    """The scoring sheet: a row a round, a column a player, running totals, the winner."""
    ctx = await ensure_async(request)
    sheet = await offload_of(request)(series_of(request).sheet, sid)
    return render(request, ctx, "series.html", s=sheet)
