"""The reader's language on the site: who asked for which, the language menu, dates and numbers.

A request's language is, first to answer (:func:`language_of`):

1. the signed-in account's choice (``users.language``, saved by the menu);
2. the ``lang`` cookie (a guest's choice from the menu; also set for accounts);
3. the browser's ``Accept-Language`` header (:func:`cuttle.i18n.negotiate`);
4. English.

:class:`LanguageMiddleware` works it out once for every request and websocket (after
:class:`~cuttle.server.web.session_lookup.SessionLookup` found the user), keeps it in the
scope (:data:`SCOPE_KEY`) and runs the route inside :func:`cuttle.i18n.use`, so that
``Domain("site").gettext`` and the templates' ``_()`` speak it. :func:`asked_language`
tells whether the request asked for a language at all (the JSON API translates a human
``detail`` only then: see ``docs/server.md``).

``POST /language`` (a form from the menu on every page, or JSON) saves the choice.
"""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any
from urllib.parse import urlsplit

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal, format_percent
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from jinja2 import Environment
from jinja2.nodes import EvalContext
from jinja2.utils import htmlsafe_json_dumps, pass_eval_context
from markupsafe import Markup
from sqlalchemy import update
from starlette.requests import HTTPConnection

from cuttle.i18n import (
    DEFAULT,
    LANGUAGES,
    N_,
    Domain,
    catalog_json,
    current,
    negotiate,
    normalize,
    use,
)

from ..errors import ServiceError
from ..models import User
from .session_lookup import looked_up

LANG_COOKIE = "lang"
"""The cookie holding a reader's chosen language (guests; accounts keep it too)."""
LANG_COOKIE_SECONDS = 365 * 24 * 3600
SCOPE_KEY = "cuttle.language"
"""The scope entry holding ``(language, asked)``: the request's language and whether the
request asked for one (an account's choice, the cookie or ``Accept-Language``)."""
SITE = Domain("site")
router = APIRouter()


def _user_of(conn: HTTPConnection) -> User | None:
    done, found = looked_up(conn)
    return found[0] if done and found else None


def resolve(conn: HTTPConnection, user: User | None = None) -> tuple[str, bool]:
    """``(language, asked)`` of a request or websocket: the account's choice (``user``,
    default: the session's user), else the ``lang`` cookie, else ``Accept-Language``,
    else English (``asked`` is False only in this last case)."""
    user = user if user is not None else _user_of(conn)
    for choice in (
        user.language if user is not None else None,
        conn.cookies.get(LANG_COOKIE),
    ):
        lang = normalize(choice)
        if lang is not None:
            return lang, True
    header = negotiate(conn.headers.get("accept-language"), default="")
    return (header, True) if header else (DEFAULT, False)


def language_of(conn: HTTPConnection) -> str:
    """The language of a request or websocket (as :class:`LanguageMiddleware` found it)."""
    found = conn.scope.get(SCOPE_KEY)
    return found[0] if found else resolve(conn)[0]


def asked_language(conn: HTTPConnection) -> str | None:
    """The language the request asked for (account, cookie or ``Accept-Language``), or
    ``None`` when it asked for none (then the JSON API answers in English)."""
    found = conn.scope.get(SCOPE_KEY) or resolve(conn)
    return found[0] if found[1] else None


class LanguageMiddleware:
    """ASGI middleware: every request and websocket (not static files) runs in its
    language (:func:`resolve`), kept in the scope under :data:`SCOPE_KEY`."""

    def __init__(self, app: Any) -> None:
        """Wrap ``app``."""
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Work out the language, then pass the request on speaking it."""
        if scope["type"] not in ("http", "websocket") or scope["path"].startswith("/static/"):
            await self.app(scope, receive, send)
            return
        scope[SCOPE_KEY] = found = resolve(HTTPConnection(scope))
        if scope["type"] == "http":
            send = _varying(send)
        with use(found[0]):
            await self.app(scope, receive, send)


def _varying(send: Any) -> Any:
    """``send`` adding ``Vary: Accept-Language, Cookie`` to the response's start (its words
    depend on them; a ``Vary`` already there is kept and extended)."""

    async def send_varying(message: Any) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            for i, (key, value) in enumerate(headers):
                if key.lower() == b"vary":
                    if b"accept-language" not in value.lower():
                        headers[i] = (key, value + b", Accept-Language, Cookie")
                    break
            else:
                headers.append((b"vary", b"Accept-Language, Cookie"))
            message["headers"] = headers
        await send(message)

    return send_varying


# ---------------------------------------------------------------------- templates


@functools.cache
def catalog_script(lang: str) -> Markup:
    """:func:`browser_catalog` as JSON safe inside ``<script type="application/json">``
    (made once per language: the catalogs do not change while the site runs)."""
    return htmlsafe_json_dumps(browser_catalog(lang))


def browser_catalog(lang: str) -> dict[str, object]:
    """The catalog the page's scripts read (``static/i18n.js``): the ``table`` domain's
    messages with the ``review`` domain's merged in."""
    table = catalog_json(lang, "table")
    review = catalog_json(lang, "review")
    messages: dict[str, object] = {}
    for part in (review, table):
        found = part.get("messages")
        if isinstance(found, dict):
            messages.update(found)
    return {**table, "messages": messages}


@pass_eval_context
def _gettext(ctx: EvalContext, message: str, **params: object) -> str:
    """The template's ``_("{n} players", n=3)``: the message in the request's language
    with its ``str.format`` fields filled (escaped, where the template escapes)."""
    text = SITE.gettext(message)
    if ctx.autoescape:
        return Markup(text).format(**params)
    return text.format(**params) if params else text


@pass_eval_context
def _ngettext(ctx: EvalContext, singular: str, plural: str, n: int, **params: object) -> str:
    """The template's ``ngettext("{n} game", "{n} games", n)`` (``n`` is a field too)."""
    text = SITE.ngettext(singular, plural, n)
    if ctx.autoescape:
        return Markup(text).format(n=n, **params)
    return text.format(n=n, **params)


@pass_eval_context
def _pgettext(ctx: EvalContext, context: str, message: str, **params: object) -> str:
    """The template's ``pgettext("a tab", "Week")``."""
    text = SITE.pgettext(context, message)
    if ctx.autoescape:
        return Markup(text).format(**params)
    return text.format(**params) if params else text


def word(value: object) -> str:
    """A code's word (a status, a pool: marked with ``N_`` where it is made) in the current
    language, as plain text the template escapes (``{{ b.status|word }}``): unlike
    ``_()``, whose messages are trusted markup, it is safe for any value."""
    return SITE.gettext(str(value))


def install(env: Environment) -> None:
    """Give a template environment the request's language: Jinja2's i18n extension
    (newstyle, with ``str.format`` fields: ``{{ _("{n} players", n=3) }}``), and Babel's
    filters ``datetime``, ``date``, ``number`` and ``percent``, and ``word`` for codes."""
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(  # type: ignore[attr-defined]
        SITE.gettext, SITE.ngettext, newstyle=True, pgettext=SITE.pgettext
    )
    env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext, pgettext=_pgettext)
    env.filters.update(
        datetime=format_when,
        date=format_day,
        number=format_number,
        percent=format_share,
        word=word,
    )


def _when(value: object) -> dt.datetime | None:
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.UTC)
    if isinstance(value, int | float):
        return dt.datetime.fromtimestamp(value, dt.UTC)
    return None


def format_when(value: object, fmt: str = "medium", lang: str | None = None) -> str:
    """A moment (a Unix time or a datetime; naive: UTC) as the language writes it, in UTC
    (``{{ when|datetime }}``; ``fmt``: ``short``, ``medium``, ``long`` or a pattern)."""
    when = _when(value)
    if when is None:
        return "" if value is None else str(value)
    return format_datetime(when, fmt, tzinfo=dt.UTC, locale=lang or current())


def format_day(value: object, fmt: str = "medium", lang: str | None = None) -> str:
    """A day (a date, a datetime, a Unix time or an ISO date) as the language writes it
    (``{{ day|date }}``)."""
    day = value if isinstance(value, dt.date) else _when(value)
    if isinstance(value, str):
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            return value
    if day is None:
        return "" if value is None else str(value)
    return format_date(day, fmt, locale=lang or current())


def format_number(value: object, lang: str | None = None) -> str:
    """A number with the language's separators (``{{ n|number }}``: 1,234.5 / 1.234,5)."""
    if not isinstance(value, int | float):
        return "" if value is None else str(value)
    return format_decimal(value, locale=lang or current())


def format_share(value: object, lang: str | None = None) -> str:
    """A share (0.25) as the language writes a percentage (``{{ x|percent }}``: 25 %)."""
    if not isinstance(value, int | float):
        return "" if value is None else str(value)
    return format_percent(value, locale=lang or current())


# ---------------------------------------------------------------------- the menu


def _back_to(request: Request, asked: object) -> str:
    """Where the menu returns: the form's ``next`` (a path on this site), else the page
    it was sent from (same site), else the lobby."""
    for target in (asked, request.headers.get("referer")):
        if not isinstance(target, str) or not target:
            continue
        parts = urlsplit(target)
        if parts.netloc and parts.netloc != request.url.netloc:
            continue
        path = parts.path or "/"
        if not path.startswith("/") or path.startswith("//") or "\\" in path:
            continue
        return path + (f"?{parts.query}" if parts.query else "")
    return "/"


UNKNOWN_LANGUAGE = N_("Unknown language {lang}: choose one of {languages}.")


def chosen_language(value: object) -> str:
    """The language code of a menu choice; a :class:`ServiceError` (400) for others."""
    lang = value if isinstance(value, str) and value in LANGUAGES else None
    if lang is None:
        shown = repr(value[:20]) if isinstance(value, str) else "(none)"
        raise ServiceError(UNKNOWN_LANGUAGE, lang=shown, languages=", ".join(LANGUAGES))
    return lang


def _save(request: Request, user_id: int, lang: str) -> None:
    from .deps import service_of

    with service_of(request).sessions.begin() as db:
        db.execute(update(User).where(User.id == user_id).values(language=lang))


async def store_choice(request: Request, user_id: int, lang: str) -> None:
    """Store ``lang`` on account ``user_id``; every worker forgets its cached rows of it."""
    from .deps import auth_of, offload_of

    await offload_of(request)(_save, request, user_id, lang)
    auth = auth_of(request)
    auth.hear({"u": user_id})  # this worker's cached rows of the user are stale
    if auth.tell is not None:
        await auth.tell({"k": "forget", "u": user_id})


async def keep_guest_choice(request: Request, user: User) -> None:
    """A new account keeps the language its guest chose from the menu (the ``lang``
    cookie), so that it follows the player to other browsers."""
    lang = normalize(request.cookies.get(LANG_COOKIE))
    if lang is not None and user.language is None:
        await store_choice(request, user.id, lang)


@router.post("/language")
async def choose_language(request: Request) -> Response:
    """Save the reader's language: on the account (registered) and in the ``lang``
    cookie; a form returns to the page (303), JSON answers ``{"lang": ...}``."""
    from .deps import body_of, check_csrf, ensure_async, set_cookie

    ctx = await ensure_async(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    lang = chosen_language(body.get("lang"))
    if not ctx.user.guest:
        await store_choice(request, ctx.user.id, lang)
    is_form = not request.headers.get("content-type", "").startswith("application/json")
    resp: Response
    if is_form:
        resp = RedirectResponse(_back_to(request, body.get("next")), status_code=303)
    else:
        resp = JSONResponse({"lang": lang, "saved": "account" if not ctx.user.guest else "cookie"})
    resp.set_cookie(LANG_COOKIE, lang, max_age=LANG_COOKIE_SECONDS, samesite="lax", path="/")
    set_cookie(request, resp, ctx.new_token)
    return resp
