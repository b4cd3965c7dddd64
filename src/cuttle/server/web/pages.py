"""HTML pages: lobby, sign-in/up, table, replay viewer and profile.

The routes make their database calls (the league's and series' parts of the lobby,
profile and table pages too) through the app's :class:`~cuttle.server.offload.Offload`
before they render, one worker-thread call per page where they can: a template reads
nothing from the database.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from sqlalchemy import select

from cuttle.engine.rules import PRESETS
from cuttle.i18n import LANGUAGES, N_, Domain, current

from ..game.protocol import seat_names
from ..models import User
from . import language, pwa
from .api import games_of, open_games, user_json
from .auth import COOKIE, AuthError
from .deps import (
    Ctx,
    auth_allowed,
    auth_of,
    body_of,
    check_csrf,
    ensure_async,
    offload_of,
    service_of,
    set_cookie,
)

if TYPE_CHECKING:
    from ..league.service import LeagueService
    from ..series.service import SeriesService

WEB = Path(__file__).resolve().parents[2] / "web"
templates = Jinja2Templates(directory=str(WEB / "templates"))
language.install(templates.env)


def bot_name(level: str) -> str:
    """A bot's name as the table says it in the current language (``{{ bot_name(l) }}``:
    "Easy bot", "Leichter Bot")."""
    return seat_names([{"bot": level, "name": "", "empty": False}], current())[0]


templates.env.globals["bot_name"] = bot_name
router = APIRouter()
router.include_router(pwa.router)  # /sw.js and /manifest.webmanifest at the root
SITE = Domain("site")
TOO_MANY_ATTEMPTS = N_("too many attempts")
TOO_MANY_FOR_ACCOUNT = N_("too many attempts for this account; wait a few minutes")


def render(request: Request, ctx: Ctx, name: str, status: int = 200, **extra: Any) -> Response:
    """Render template ``name`` for the user of ``ctx`` (setting a new cookie if any), in
    the request's language (``lang``; the menu's ``languages``; the scripts' ``catalog``)."""
    lang = language.language_of(request)
    context = {
        "user": user_json(ctx.user),
        "csrf": ctx.session.csrf,
        "lang": lang,
        "languages": LANGUAGES,
        "catalog": language.catalog_script(lang),
        "here": request.url.path + (f"?{request.url.query}" if request.url.query else ""),
        **extra,
    }
    resp = templates.TemplateResponse(request, name, context, status_code=status)
    set_cookie(request, resp, ctx.new_token)
    return resp


def _league(request: Request) -> LeagueService | None:
    return getattr(request.app.state, "league", None)


def _series(request: Request) -> SeriesService | None:
    return getattr(request.app.state, "series", None)


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> Response:
    """The lobby: quick play, create a game, open games; your league matches and
    challenges."""
    ctx = await ensure_async(request)
    league = _league(request)

    def read() -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        return open_games(request), league.lobby(ctx.user) if league else None

    games, league_lobby = await offload_of(request)(read)
    return render(request, ctx, "lobby.html", games=games, league_lobby=league_lobby)


@router.get("/signin", response_class=HTMLResponse)
async def signin_page(request: Request) -> Response:
    """The sign-in form."""
    return render(request, await ensure_async(request), "auth.html", mode="signin", error=None)


@router.get("/signup", response_class=HTMLResponse)
async def signup_page(request: Request) -> Response:
    """The sign-up form."""
    return render(request, await ensure_async(request), "auth.html", mode="signup", error=None)


async def _auth_form(request: Request, mode: str) -> Response:
    ctx = await ensure_async(request)
    form = await body_of(request)
    check_csrf(request, ctx, form.get("csrf"))
    account = form.get("username") if mode == "signin" else None
    if not await auth_allowed(request, account):
        error = SITE.gettext(TOO_MANY_FOR_ACCOUNT if account else TOO_MANY_ATTEMPTS)
        return render(request, ctx, "auth.html", 429, mode=mode, error=error)
    auth = auth_of(request)
    try:
        if mode == "signup":
            user = await auth.signup(ctx.user, form.get("username"), form.get("password"))
        else:
            user = await auth.signin(form.get("username"), form.get("password"))
    except AuthError as e:
        return render(request, ctx, "auth.html", 400, mode=mode, error=SITE.gettext(str(e)))
    if mode == "signup":
        await language.keep_guest_choice(request, user)
    old = request.cookies.get(COOKIE)
    _sess, token = await auth.sign_in_session(old, user.id)
    resp = RedirectResponse("/", status_code=303)
    set_cookie(request, resp, token)
    return resp


@router.post("/signin")
async def signin_form(request: Request) -> Response:
    """Sign in from the form."""
    return await _auth_form(request, "signin")


@router.post("/signup")
async def signup_form(request: Request) -> Response:
    """Sign up from the form."""
    return await _auth_form(request, "signup")


@router.post("/signout")
async def signout_form(request: Request) -> Response:
    """Sign out from the form."""
    ctx = await ensure_async(request)
    check_csrf(request, ctx, (await body_of(request)).get("csrf"))
    await auth_of(request).sign_out(request.cookies.get(COOKIE))
    resp = RedirectResponse("/", status_code=303)
    resp.delete_cookie(COOKIE, path="/")
    return resp


@router.get("/g/{gid}", response_class=HTMLResponse)
async def table(request: Request, gid: str) -> Response:
    """The table of game ``gid`` (also its invite link)."""
    ctx = await ensure_async(request)
    live = await service_of(request).fetch(gid)
    series = _series(request)
    series_id = await offload_of(request)(series.series_of_game, gid) if series else None
    seat = live.seat_of(ctx.user.id)
    free = [i for i, s in enumerate(live.seats) if s.user_id is None and s.bot is None]
    return render(
        request,
        ctx,
        "table.html",
        game=live.meta(),
        gid=gid,
        seat=seat,
        free=free,
        rulesets=list(PRESETS),
        series_id=series_id,
    )


@router.get("/g/{gid}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, gid: str) -> Response:
    """The replay viewer of a finished game."""
    ctx = await ensure_async(request)
    live = await service_of(request).fetch(gid)
    seat = live.seat_of(ctx.user.id)  # the viewer's own seat is drawn at the bottom, "(you)"
    return render(request, ctx, "replay.html", gid=gid, game=live.meta(), seat=seat)


ProfileData = tuple[list[dict[str, Any]], dict[str, Any] | None]
"""A profile's games and its league part."""


def profile_data(request: Request, user: User, viewer: User | None) -> ProfileData:
    """``user``'s games as ``viewer`` may see them (no one else's invite-only games) and
    league part (ratings, record, matches), a blocking read."""
    league = _league(request)
    games = games_of(request, user.id, viewer.id if viewer else None)
    return games, league.profile(user) if league else None


OUTCOMES: dict[str, tuple[str, str, str, str]] = {
    "": (N_("Won"), N_("Lost"), N_("Draw"), N_("{names} won")),
    "points": (N_("Won on points"), N_("Lost on points"), N_("Draw on points"),
               N_("{names} won on points")),
    "kings": (N_("Won by kings"), N_("Lost by kings"), N_("Draw by kings"),
              N_("{names} won by kings")),
    "resign": (N_("Won by resignation"), N_("Lost by resignation"), N_("Draw by resignation"),
               N_("{names} won by resignation")),
    "agreed": (N_("Won by agreement"), N_("Lost by agreement"), N_("Draw by agreement"),
               N_("{names} won by agreement")),
    "passes": (N_("Won after too many passes"), N_("Lost after too many passes"),
               N_("Draw after too many passes"), N_("{names} won after too many passes")),
    "move-cap": (N_("Won at the move limit"), N_("Lost at the move limit"),
                 N_("Draw at the move limit"), N_("{names} won at the move limit")),
    "time": (N_("Won on time"), N_("Lost on time"), N_("Draw on time"),
             N_("{names} won on time")),
    "abandoned": (N_("Won as the other side left"), N_("Lost as the other side left"),
                  N_("Draw as the other side left"), N_("{names} won as the other side left")),
}  # fmt: skip
"""How a game ended, as a whole sentence for each termination code: ``(won, lost, draw,
someone else won)``; ``""``: a code with no words."""


def profile_row(game: dict[str, Any], name: str) -> dict[str, Any]:
    """A game of ``name``'s profile in words, in the current language: its date (UTC), the
    opponents' names, and the outcome as ``name`` lived it ("Won by resignation", "Lost on
    time", "In play")."""
    seats = game["seats"]
    mine = {s["seat"] for s in seats if s["name"] == name}
    lang = current()
    bots: dict[int, str] = dict(
        zip([s["seat"] for s in seats], seat_names(seats, lang), strict=True)
    )

    def seat_name(s: dict[str, Any]) -> str:
        if s.get("bot"):  # "Easy bot", as the table names it in this language
            return bots[s["seat"]]
        if s["name"]:
            return str(s["name"])
        if s["empty"]:
            return SITE.gettext("an open seat")
        return SITE.gettext("seat {number}").format(number=s["seat"] + 1)

    others = [seat_name(s) for s in seats if s["seat"] not in mine]
    won_, lost, draw, someone = OUTCOMES.get(game["termination"] or "", OUTCOMES[""])
    winners = {int(p[1:]) for p in str(game["result"] or "").split() if p[1:].isdigit()}
    versus: list[tuple[str, str]] = []  # (opponent, "won" | "lost" | "drawn"), for head-to-head
    if game["status"] == "over" and mine:
        for s in seats:
            if s["seat"] in mine:
                continue
            if game["result"] == "draw":
                versus.append((seat_name(s), "drawn"))
            elif mine & winners:
                versus.append((seat_name(s), "won"))
            elif s["seat"] in winners:
                versus.append((seat_name(s), "lost"))
    if game["status"] == "open":
        outcome = SITE.gettext("Waiting for players")
    elif game["status"] != "over":
        outcome = SITE.gettext("In play")
    elif game["result"] == "draw":
        outcome = SITE.gettext(draw)
    else:
        if mine:
            outcome = SITE.gettext(won_ if mine & winners else lost)
        else:
            names = [seat_name(s) for s in seats if s["seat"] in winners]
            joined = names[0] if names else ""
            for more in names[1:]:
                joined = SITE.gettext("{first} and {second}").format(first=joined, second=more)
            outcome = SITE.gettext(someone).format(names=joined)
    when = game["created_at"]
    return {
        **game,
        "date": time.strftime("%Y-%m-%d %H:%M", time.gmtime(when))
        if lang == "en"
        else language.format_when(when, "short", lang),
        "opponents": ", ".join(others) or "—",
        "outcome": outcome,
        "versus": versus,
    }


def head_to_head(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A profile's record against each opponent, from its :func:`profile_row` rows: the
    games won, lost and drawn against them, the most played first."""
    tally: dict[str, dict[str, Any]] = {}
    for row in rows:
        for name, how in row["versus"]:
            t = tally.setdefault(name, {"name": name, "won": 0, "lost": 0, "drawn": 0})
            t[how] += 1
    return sorted(tally.values(), key=lambda t: (-(t["won"] + t["lost"] + t["drawn"]), t["name"]))


def _profile(request: Request, ctx: Ctx, user: User, data: ProfileData) -> Response:
    games, league_profile = data
    rows = [profile_row(g, user.display) for g in games]
    return render(
        request,
        ctx,
        "profile.html",
        who=user_json(user),
        games=rows,
        versus=head_to_head(rows),
        league_profile=league_profile,
    )


@router.get("/me", response_class=HTMLResponse)
async def me(request: Request) -> Response:
    """Your profile."""
    ctx = await ensure_async(request)
    data = await offload_of(request)(profile_data, request, ctx.user, ctx.user)
    return _profile(request, ctx, ctx.user, data)


@router.get("/u/{name}", response_class=HTMLResponse)
async def profile(request: Request, name: str) -> Response:
    """A registered player's profile: their games."""
    ctx = await ensure_async(request)
    if "\x00" in name:  # no username holds NUL, and PostgreSQL refuses it in a query
        raise HTTPException(404, N_("no such player"))

    def read() -> tuple[User, ProfileData] | None:
        with service_of(request).sessions() as db:
            user = db.scalar(select(User).where(User.username == name[:32]))
        return None if user is None else (user, profile_data(request, user, ctx.user))

    found = await offload_of(request)(read)
    if found is None:
        raise HTTPException(404, N_("no such player"))
    return _profile(request, ctx, *found)
