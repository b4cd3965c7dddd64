"""The app factory: database, migrations, services, routes and error handlers."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from cuttle.i18n import N_, use

from .analysis import routes as analysis_routes
from .analysis.service import AnalysisService, analysis_queue
from .bots import BotRunner
from .cluster.bus import LocalBus
from .db import make_engine, make_sessionmaker, migrate
from .errors import ServiceError, translated
from .game.chat import CHAT_LIMIT, CHAT_LIMIT_NAME
from .game.service import GameService
from .league.service import LeagueService
from .league.settings import LeagueSettings
from .lessons import routes as lesson_routes
from .offload import Offload
from .puzzles import routes as puzzle_routes
from .ratelimit import RateLimits
from .series.service import SeriesService
from .settings import Settings
from .tournaments import routes as tournament_routes
from .tournaments.service import Tournaments
from .web import (
    api,
    bot_site,
    botapi,
    howto,
    language,
    league_api,
    league_pages,
    pages,
    series_site,
    watch,
    ws,
)
from .web.auth import Auth
from .web.bot_accounts import BotAccounts
from .web.language import LanguageMiddleware
from .web.session_lookup import SessionLookup

if TYPE_CHECKING:
    from .cluster.botqueue import BotQueue

log = logging.getLogger("cuttle.server")

GC_THRESHOLDS = (20_000, 20, 50)
"""The cyclic collector's thresholds while the site runs (Python's default: 700, 10, 10).

A move allocates thousands of short-lived objects, nearly all freed by reference counting;
with the defaults a worker on PostgreSQL spent ~15% of its CPU in collections (gen 2
alone ~80 ms each, every second or two at 700 moves/s: a stall for every table). Rarer
collections scan the same live tables less often; cyclic garbage waits longer."""

DEFERRED_WAIT = 20.0
"""Seconds a graceful stop waits for the game-over hooks' deferred work (a finished
game's rating, a series round's scoring; on a server database these are written in the
offload's threads after the game's end goes out) before it closes the database."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of every response: scripts only from the site's own files
(the templates hold no inline script; ``connect-src 'self'`` covers the site's own
websocket), styles from its own stylesheet (inline ``style`` attributes allowed), and no
framing by any other site."""

SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]
"""Headers added to every HTTP response."""


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` (and HSTS over HTTPS) to every
    HTTP response (plain ASGI: no per-request task, unlike ``BaseHTTPMiddleware``)."""

    def __init__(self, app: Any, hsts: bool = False) -> None:
        """Wrap ``app``; with ``hsts`` also send ``Strict-Transport-Security``."""
        self.app = app
        self.headers = list(SECURITY_HEADERS)
        if hsts:
            self.headers.append((b"strict-transport-security", b"max-age=31536000"))

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Pass the request on; add the headers to the response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.headers

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [
                    *message.get("headers", []),
                    *((k, v) for k, v in extra if k not in have),
                ]
            await send(message)

        await self.app(scope, receive, send_with_headers)


FRAMEWORK_WORDS = (N_("Not Found"), N_("Method Not Allowed"))
"""Starlette's own error details, for the site catalog (an unknown path, a wrong method)."""


def _error(request: Request, status: int, message: str, said: str | None = None) -> Response:
    """The error answer: a small page for a browser, else JSON ``{"error": ...}``.

    ``message`` is English; ``said`` the same in the request's language (default: the
    ``site`` catalog's). A page speaks the request's language; the JSON's ``error`` does
    only where the request asked for a language (account, ``lang`` cookie or
    ``Accept-Language``), and then ``error_en`` keeps the English (``docs/server.md``).
    """
    lang = language.language_of(request)
    with use(lang):  # a crash is answered outside the request's language middleware
        said = translated(message) if said is None else said
        back = translated(N_("Back to the lobby"))
    wants_html = "text/html" in request.headers.get("accept", "") and not (
        request.url.path.startswith("/api/")
    )
    if wants_html:
        from html import escape

        body = (
            f"<!doctype html><html lang={lang}><meta charset=utf-8>"
            f"<title>{status}</title><link rel=stylesheet href=/static/site.css>"
            f"<main class=page><h1>{status}</h1><p>{escape(said)}</p>"
            f"<p><a href=/>{escape(back)}</a></p></main>"
        )
        return HTMLResponse(body, status_code=status)
    if language.asked_language(request) in (None, "en") or said == message:
        return JSONResponse({"error": message}, status_code=status)
    return JSONResponse({"error": said, "error_en": message}, status_code=status)


def _what_is_wrong(exc: RequestValidationError) -> str:
    """The first problem of a refused request, as ``sid: Input should be ...``."""
    for err in exc.errors():
        where = err.get("loc") or ()
        name = str(where[-1]) if where else "request"
        return f"{name}: {err.get('msg', 'not valid')}"
    return "not valid"


async def finish_deferred(app: FastAPI, timeout: float = DEFERRED_WAIT) -> None:
    """Wait, up to ``timeout`` seconds, until the league's deferred ratings and the
    series' deferred round scorings are written (work they start meanwhile included);
    log what is still pending after that."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        pending = (
            app.state.league.pending()
            | app.state.series.pending()
            | app.state.tournaments.pending()
        )
        if not pending:
            return
        left = deadline - loop.time()
        if left <= 0:
            log.warning("stopping with %d rating or series scoring(s) unwritten", len(pending))
            return
        await asyncio.wait(pending, timeout=left)


def app_from_env() -> FastAPI:
    """The site as the environment configures it (``cuttle serve --workers N`` starts
    each worker with this factory); the worker ends when the ``cuttle serve`` process
    that started it does, even if that one is SIGKILLed."""
    import os

    from .bots import die_with_parent

    die_with_parent(os.getppid())
    return create_app()


def create_app(settings: Settings | None = None, bots: BotRunner | None = None) -> FastAPI:
    """Build the site for ``settings`` (default: from the environment); migrate the database."""
    settings = settings or Settings.from_env()
    engine = make_engine(settings.database_url)
    migrate(engine)
    sessions = make_sessionmaker(engine)
    runner = bots or BotRunner(settings.bot_workers)
    offload = Offload.for_engine(engine)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Everything loaded so far (modules, routes, compiled SQL) lives as long as the
        # process: take it out of the collector's view, so that a full collection scans
        # only the tables in play and does not stall the event loop for ~0.1 s.
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(*GC_THRESHOLDS)
        await app.state.service.start()
        app.state.service.start_clocks()  # timed games flag even if nobody connects
        await app.state.analyses.resume()
        yield
        await app.state.analyses.close()
        await finish_deferred(app)  # before the offload's threads and the database close
        await app.state.service.close()
        runner.close()
        engine.dispose()
        gc.set_threshold(*thresholds)

    app = FastAPI(
        title="Cuttle", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None
    )
    app.state.settings = settings
    app.state.offload = offload
    app.state.auth = Auth(sessions, offload)
    bus: LocalBus = LocalBus(settings.worker_id)
    queue: BotQueue | None = None
    if settings.redis_url:
        from .cluster.botqueue import BotQueue
        from .cluster.bus import RedisBus

        bus = RedisBus(settings.redis_url, settings.worker_id)
        queue = BotQueue(settings.redis_url, settings.bot_lease)
    app.state.service = GameService(
        sessions, runner, settings.bot_delay, bus, queue, settings.reconcile_interval, offload
    )
    app.state.limits = RateLimits(
        {
            "auth": settings.auth_limit,
            "account": settings.account_limit,
            "guest": settings.guest_limit,
            "create": settings.create_limit,
            "create_addr": settings.create_limit_addr,
            CHAT_LIMIT_NAME: CHAT_LIMIT,
            botapi.BOT_LIMIT_NAME: botapi.bot_limit(),
        },
        settings.redis_url,
    )
    if settings.redis_url:  # sign-outs reach every worker's session cache; chat counted
        app.state.auth.tell = bus.publish  # by every worker together
        app.state.service.news.on_other["forget"] = app.state.auth.hear
        app.state.service.chat.shared = app.state.limits
    app.state.sockets = ws.Sockets(settings.ws_anon_limit)
    app.state.auth.on_end.append(app.state.sockets.end_session)  # sign-out closes sockets
    app.state.service.claim_after = settings.claim_after
    app.state.service.forget_after = settings.forget_after
    app.state.league = LeagueService(
        sessions, app.state.service, LeagueSettings.from_env(settings.admins)
    )
    app.state.league.grant_admins()
    app.state.series = SeriesService(sessions, app.state.service)
    app.state.tournaments = Tournaments(  # its hook runs after the league's
        app.state.service, app.state.league.matches, app.state.league.is_admin, sessions
    )
    app.state.bot_hub = botapi.BotHub(BotAccounts(sessions))
    app.state.sessions = sessions  # the puzzles' rows (server/puzzles)
    app.state.analyses = AnalysisService(
        sessions,
        settings.database_url,
        offload,
        analysis_queue(settings.redis_url) if settings.redis_url else None,
    )
    app.state.service.on_game_over.append(app.state.analyses.game_over)

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError) -> Response:
        return _error(request, exc.status, str(exc), exc.text())

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        return _error(request, exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> Response:
        what = _what_is_wrong(exc)
        said = translated(N_("bad request parameters: {what}"), what=what)
        return _error(request, 400, f"bad request parameters: {what}", said)

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> Response:
        log.exception("unhandled error on %s", request.url.path)
        return _error(request, 500, N_("internal error; it has been logged"))

    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(howto.router)
    app.include_router(language.router)
    app.include_router(league_api.router)
    app.include_router(league_pages.router)
    app.include_router(series_site.router)
    app.include_router(botapi.router)
    app.include_router(bot_site.router)
    app.include_router(bot_site.page_router)
    app.include_router(analysis_routes.router)
    app.include_router(puzzle_routes.router)
    app.include_router(lesson_routes.router)
    app.include_router(watch.router)
    app.include_router(tournament_routes.router)
    web = pages.WEB
    app.mount("/static", StaticFiles(directory=str(web / "static")), name="static")
    app.add_middleware(LanguageMiddleware)  # inside SessionLookup: it reads the user
    app.add_middleware(SessionLookup, auth=app.state.auth, offload=offload)
    app.add_middleware(SecurityHeaders, hsts=settings.secure_cookies)
    return app
