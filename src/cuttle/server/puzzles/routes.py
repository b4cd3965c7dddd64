"""The puzzle page and API.

``GET /puzzles`` is the page. ``GET /api/puzzles`` the solver's standing with the themes
and rule sets on offer; ``GET /api/puzzles/next?theme=&rules=`` the next puzzle (the
solver's seat view, legal moves and the last moves in words; 404 when none is left, 400
for an unknown theme or rule set); ``POST /api/puzzles/{id}/attempt`` with ``{"move",
"csrf"}`` judges a move (400 unreadable or illegal, 404 unknown puzzle): the first
attempt at a puzzle is rated. Anyone may solve: a visitor gets a guest account.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response

from ...i18n import current
from ..web.deps import body_of, check_csrf, ensure_async, offload_of, set_cookie, text_field
from ..web.pages import render
from . import work

router = APIRouter()


def _sessions(request: Request) -> Any:
    return request.app.state.sessions


@router.get("/puzzles")
async def puzzle_page(request: Request) -> Response:
    """The puzzle page."""
    ctx = await ensure_async(request)
    return render(request, ctx, "puzzle.html")


@router.get("/api/puzzles")
async def puzzle_standing(request: Request) -> JSONResponse:
    """The solver's rating, streaks and counts; the themes and rule sets offered."""
    ctx = await ensure_async(request)
    out = await offload_of(request)(work.standing, _sessions(request), ctx.user.id)
    resp = JSONResponse(out)
    set_cookie(request, resp, ctx.new_token)
    return resp


@router.get("/api/puzzles/next")
async def puzzle_next(
    request: Request,
    theme: str | None = Query(None, max_length=20),
    rules: str | None = Query(None, max_length=20),
) -> JSONResponse:
    """The next puzzle for the solver."""
    ctx = await ensure_async(request)
    out = await offload_of(request)(
        work.next_puzzle, _sessions(request), ctx.user.id, theme or None, rules or None, current()
    )
    resp = JSONResponse(out)
    set_cookie(request, resp, ctx.new_token)
    return resp


@router.post("/api/puzzles/{pid}/attempt")
async def puzzle_attempt(request: Request, pid: str) -> JSONResponse:
    """Judge a move for puzzle ``pid`` (the first attempt is rated)."""
    ctx = await ensure_async(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    move = text_field(body, "move", "")
    out = await offload_of(request)(work.attempt, _sessions(request), ctx.user.id, pid[:16], move)
    resp = JSONResponse(out)
    set_cookie(request, resp, ctx.new_token)
    return resp
