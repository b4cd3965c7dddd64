"""The analysis API: ``POST`` and ``GET /api/games/{id}/analysis``.

``POST`` (a session and its CSRF token) asks for the analysis of a finished game: 202 with
its state while it is queued or running, 200 once it is done; asking again changes
nothing. 404 for an unknown game, 409 for a game in play. ``GET`` (anyone: the replay of a
finished game is public) returns ``{"status": "none" | "queued" | "running" | "done" |
"failed", "progress": {"done", "total"}, "review": ... | null}``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ..web.deps import body_of, check_csrf, require, set_cookie
from .service import AnalysisService

router = APIRouter(prefix="/api")


def analyses_of(request: Request) -> AnalysisService:
    """The app's :class:`AnalysisService`."""
    return request.app.state.analyses  # type: ignore[no-any-return]


@router.post("/games/{gid}/analysis")
async def ask_analysis(request: Request, gid: str) -> JSONResponse:
    """Ask for the analysis of finished game ``gid``."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    state = await analyses_of(request).request(gid, ctx.user.id)
    resp = JSONResponse(state, status_code=200 if state["status"] == "done" else 202)
    set_cookie(request, resp, ctx.new_token)
    return resp


@router.get("/games/{gid}/analysis")
async def get_analysis(request: Request, gid: str) -> dict[str, Any]:
    """The state of finished game ``gid``'s analysis, with the review once done."""
    return await analyses_of(request).state(gid)
