"""The app factory: database, migrations, services, routes and error handlers."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import api, league_api, league_pages, pages, series_site, ws
from .auth import Auth
from .bots import BotRunner
from .clock import start_clocks
from .db import make_engine, make_sessionmaker, migrate
from .league_service import LeagueService, LeagueSettings
from .ratelimit import KeyedLimiter
from .series_service import SeriesService
from .service import GameService, ServiceError
from .settings import Settings

log = logging.getLogger("cuttle.server")


def _error(request: Request, status: int, message: str) -> Response:
    wants_html = "text/html" in request.headers.get("accept", "") and not (
        request.url.path.startswith("/api/")
    )
    if wants_html:
        from html import escape

        body = (
            f"<!doctype html><meta charset=utf-8><title>{status}</title>"
            f"<link rel=stylesheet href=/static/site.css><main class=page>"
            f"<h1>{status}</h1><p>{escape(message)}</p><p><a href=/>Back to the lobby</a>"
            f"</p></main>"
        )
        return HTMLResponse(body, status_code=status)
    return JSONResponse({"error": message}, status_code=status)


def create_app(settings: Settings | None = None, bots: BotRunner | None = None) -> FastAPI:
    """Build the site for ``settings`` (default: from the environment); migrate the database."""
    settings = settings or Settings.from_env()
    engine = make_engine(settings.database_url)
    migrate(engine)
    sessions = make_sessionmaker(engine)
    runner = bots or BotRunner(settings.bot_workers)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Everything loaded so far (modules, routes, compiled SQL) lives as long as the
        # process: take it out of the collector's view, so that a full collection scans
        # only the tables in play and does not stall the event loop for ~0.1 s.
        gc.collect()
        gc.freeze()
        start_clocks(app.state.service)  # timed games flag even if nobody connects
        yield
        await app.state.service.close()
        runner.close()
        engine.dispose()

    app = FastAPI(
        title="Cuttle", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None
    )
    app.state.settings = settings
    app.state.auth = Auth(sessions)
    app.state.service = GameService(sessions, runner, settings.bot_delay)
    app.state.service.claim_after = settings.claim_after
    app.state.auth_limiter = KeyedLimiter(settings.http_auth_rate, 10)
    app.state.league = LeagueService(
        sessions, app.state.service, LeagueSettings.from_env(settings.admins)
    )
    app.state.league.grant_admins()
    app.state.series = SeriesService(sessions, app.state.service)

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError) -> Response:
        return _error(request, exc.status, str(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return _error(request, exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> Response:
        return _error(request, 400, "bad request parameters")

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> Response:
        log.exception("unhandled error on %s", request.url.path)
        return _error(request, 500, "internal error; it has been logged")

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(league_api.router)
    app.include_router(league_pages.router)
    app.include_router(series_site.router)
    web = pages.WEB
    app.mount("/static", StaticFiles(directory=str(web / "static")), name="static")
    return app
