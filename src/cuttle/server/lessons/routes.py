"""The lessons: ``GET /learn`` (the index), ``GET /learn/{slug}`` (one lesson),
``GET /api/lessons/{slug}`` (its steps: p0's seat view, legal moves, instruction and the
cards to highlight) and ``GET /api/lessons/{slug}/{step}/check?move=`` (judges a move
against the engine: 400 unreadable or illegal, 404 unknown lesson or step). Stateless:
progress lives in the learner's browser (localStorage)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response

from ...engine.errors import InvalidMoveError
from ...engine.moves import Move
from ...engine.observer import SeatView
from ...i18n import N_, Domain
from ...lessons import Lesson, Step, lesson, lessons
from ..errors import ServiceError
from ..web.deps import ensure_async
from ..web.pages import render

router = APIRouter()
_ = Domain("site").gettext


def _lesson(slug: str) -> Lesson:
    found = lesson(slug[:20])
    if found is None:
        raise ServiceError(N_("unknown lesson {slug}"), 404, slug=slug[:20])
    return found


def _step_json(step: Step) -> dict[str, Any]:
    g = step.game()
    view = SeatView.of(g, 0)
    return {
        "view": view.position, "legal": list(view.legal), "instruction": _(step.instruction),
        "highlight": step.highlights(), "expected": list(step.expected),
        "scores": [g.score(v) for v in range(g.n)], "goals": [g.goal(v) for v in range(g.n)],
    }  # fmt: skip


def _index() -> list[dict[str, Any]]:
    return [{"slug": x.slug, "title": _(x.title), "summary": _(x.summary),
             "steps": len(x.steps)} for x in lessons()]  # fmt: skip


@router.get("/learn")
async def learn_index(request: Request) -> Response:
    """The lessons index (ticks for finished lessons come from localStorage)."""
    ctx = await ensure_async(request)
    return render(request, ctx, "learn.html", lessons=_index())


@router.get("/learn/{slug}")
async def learn_lesson(request: Request, slug: str) -> Response:
    """One lesson's page."""
    ctx = await ensure_async(request)
    found = _lesson(slug)
    shown = {"slug": found.slug, "title": _(found.title), "summary": _(found.summary)}
    return render(request, ctx, "learn_lesson.html", lesson=shown, lessons=_index())


@router.get("/api/lessons/{slug}")
async def lesson_steps(slug: str) -> JSONResponse:
    """A lesson's steps, each from the learner's seat (p0) only."""
    found = _lesson(slug)
    return JSONResponse({"slug": found.slug, "title": _(found.title),
                         "steps": [_step_json(s) for s in found.steps]})  # fmt: skip


@router.get("/api/lessons/{slug}/{step}/check")
async def lesson_check(slug: str, step: int, move: str = Query(..., max_length=60)) -> JSONResponse:
    """Judge ``move`` at ``step``: right (with what happened), or legal but not the
    lesson's (with why the other one), or 400 when unreadable or illegal."""
    found = _lesson(slug)
    if not 0 <= step < len(found.steps):
        raise ServiceError(N_("unknown lesson step {step}"), 404, step=step)
    st = found.steps[step]
    try:
        parsed = Move.parse(move)
    except InvalidMoveError as e:
        raise ServiceError(N_("unreadable move: {reason}"), 400, reason=str(e)) from e
    legal = {Move.parse(m) for m in SeatView.of(st.game(), 0).legal}
    if parsed not in legal:
        raise ServiceError(N_("that move is not legal here"), 400)
    if st.is_expected(move):
        g = st.game()
        g.play(move)
        after = {"view": g.view(0), "scores": [g.score(v) for v in range(g.n)],
                 "goals": [g.goal(v) for v in range(g.n)]}  # fmt: skip
        return JSONResponse({"right": True, "text": _(st.explanation), "after": after})
    return JSONResponse({"right": False, "text": _(st.why_not)})
