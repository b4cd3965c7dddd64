"""The league's pages: leaderboards, seasons, brackets, the bot ladder, the hall of fame,
match pages, rating charts (SVG drawn here) and the league part of profiles and the lobby.

The routes make their database calls (a new guest's too) through the app's
:class:`~cuttle.server.offload.Offload`, one worker-thread call per page where they can.
The league parts of the lobby and of profiles (:meth:`LeagueService.lobby`,
:meth:`LeagueService.profile`) are read the same way by those pages' routes
(:mod:`cuttle.server.pages`) before they render.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from cuttle.i18n import N_, Domain
from cuttle.league import load_hall_of_fame
from cuttle.league.chart import ChartPoint, rating_chart
from cuttle.league.seasons import WEEKS_PER_SEASON

from ..errors import ServiceError
from ..league.keys import BOTS, MULTI, PEOPLE, check_key
from ..models import User
from .deps import RowId, ensure_async, offload_of
from .league_api import league_of
from .pages import render, templates

router = APIRouter(prefix="/league")

VIEWS = ("season", "week", "alltime")
"""The leaderboard's views."""
SITE = Domain("site")
WORDS = (
    N_("running"), N_("paused"), N_("finished"), N_("playing"), N_("over"),
    N_("cancelled"), N_("forfeit"), N_("ready"), N_("done"), N_("waiting"),
    N_("people"), N_("bots"), N_("multi"), N_("Grand final"), N_("Grand final reset"),
)  # fmt: skip
"""The league's codes (a bracket's or match's status, a rating pool) the pages show in
words: the templates say ``{{ _(b.status) }}``."""
SUITS = {"Clubs": N_("Clubs"), "Diamonds": N_("Diamonds"), "Hearts": N_("Hearts"),
         "Spades": N_("Spades")}  # fmt: skip
"""A season's suit in words (a season's name, ``Clubs 2026``, stays English in records)."""


def season_words(name: object) -> str:
    """A season's name (``Clubs 2026``) in the current language (``{{ name|season }}``)."""
    text = str(name)
    suit, _, year = text.partition(" ")
    if suit not in SUITS or not year.isdigit():
        return text
    return SITE.gettext("{suit} {year}").format(suit=SITE.gettext(SUITS[suit]), year=year)


templates.env.filters["season"] = season_words


def _key(request: Request, players: int | None = 2) -> str:
    return check_key(request.query_params.get("rules") or "standard", players)


@router.get("", response_class=HTMLResponse)
async def leaderboard(request: Request) -> Response:
    """The leaderboard: this season, this week or all-time ratings, per rule set."""
    ctx = await ensure_async(request)
    league = league_of(request)
    view = request.query_params.get("view") or "season"
    if view not in VIEWS:
        raise ServiceError(N_("view must be season, week or alltime"))
    key = _key(request, None)
    index, week = league.season_now()
    context: dict[str, Any] = {
        "view": view,
        "rules": key,
        "season": index,
        "season_name": league.season_name(index),
        "week": week,
        "now": league.clock.now(),
    }

    def read() -> None:
        context["keys"] = league.rating_keys(PEOPLE)
        if view == "season":
            context["rows"] = league.standings(index, key)
            context["weeks"] = list(range(1, WEEKS_PER_SEASON + 1))
        elif view == "week":
            context["rows"] = league.week_table(index, max(week, 1), key)
        else:
            pool = MULTI if key.split("+")[0] in ("cutthroat", "team") else PEOPLE
            context["rows"] = league.ratings(pool, key)

    await offload_of(request)(read)
    return render(request, ctx, "league_board.html", **context)


@router.get("/seasons", response_class=HTMLResponse)
async def seasons(request: Request) -> Response:
    """Every season so far with its champion."""
    ctx = await ensure_async(request)
    found = await offload_of(request)(league_of(request).seasons)
    return render(request, ctx, "league_seasons.html", seasons=found)


@router.get("/seasons/{index}", response_class=HTMLResponse)
async def season(request: Request, index: int) -> Response:
    """A season: standings with a column for each week, and its championship."""
    ctx = await ensure_async(request)
    league = league_of(request)
    if index < 0 or index > league.season_now()[0]:
        raise ServiceError(N_("no such season yet"), 404)
    key = _key(request)
    first, last = league.calendar.season_dates(index)

    def read() -> tuple[list[dict[str, Any]], list[Any]]:
        return league.seasons(), league.standings(index, key)

    seasons, rows = await offload_of(request)(read)
    brackets = [
        b
        for s in seasons
        if s["index"] == index
        for b in s["brackets"]
        if b["published"] or league.is_admin(ctx.user)
    ]
    return render(
        request,
        ctx,
        "league_season.html",
        index=index,
        season_name=league.season_name(index),
        first=first,
        last=last,
        over=league.season_over(index),
        rules=key,
        rows=rows,
        weeks=list(range(1, WEEKS_PER_SEASON + 1)),
        brackets=brackets,
        admin=league.is_admin(ctx.user),
    )


@router.get("/brackets", response_class=HTMLResponse)
async def brackets(request: Request) -> Response:
    """The championships (organisers: seed one)."""
    ctx = await ensure_async(request)
    league = league_of(request)

    def read() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        return league.brackets(ctx.user), league.seasons()

    found, seasons = await offload_of(request)(read)
    return render(
        request,
        ctx,
        "league_brackets.html",
        brackets=found,
        admin=league.is_admin(ctx.user),
        seasons=seasons,
        year=league.calendar.start.year + league.season_now()[0] // 4,
    )


def bracket_columns(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The bracket's matches in columns: winners' rounds, losers' rounds, the finals."""
    cols: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for m in state["matches"]:
        if m["status"] == "unneeded":
            continue
        cols.setdefault((m["part"], m["round"]), []).append(m)
    out = []
    titles = {"W": N_("Winners' round {round}"), "L": N_("Losers' round {round}")}
    for (part, rnd), ms in cols.items():
        if part == "GF":
            title = SITE.gettext("Grand final") if rnd == 1 else SITE.gettext("Grand final reset")
        else:
            title = SITE.gettext(titles[part]).format(round=rnd)
        out.append({"part": part, "title": title, "matches": ms})
    return out


@router.get("/brackets/{bid}", response_class=HTMLResponse)
async def bracket(request: Request, bid: RowId) -> Response:
    """A bracket, live: the page polls and redraws while matches are played
    (``?fragment=1`` gives the bracket alone)."""
    ctx = await ensure_async(request)
    league = league_of(request)
    data = await offload_of(request)(league.bracket, bid, ctx.user)
    name = (
        "league_bracket_body.html"
        if request.query_params.get("fragment")
        else "league_bracket.html"
    )
    return render(
        request,
        ctx,
        name,
        b=data,
        columns=bracket_columns(data["state"]),
        admin=league.is_admin(ctx.user),
    )


@router.get("/bots", response_class=HTMLResponse)
async def bots(request: Request) -> Response:
    """The bot ladder: bots and the people who played them, rated in their own pool."""
    ctx = await ensure_async(request)
    league = league_of(request)
    key = _key(request, None)

    def read() -> tuple[list[str], list[dict[str, Any]]]:
        return league.rating_keys(BOTS), league.ratings(BOTS, key)

    keys, rows = await offload_of(request)(read)
    return render(request, ctx, "league_bots.html", rules=key, keys=keys, rows=rows)


@router.get("/hall-of-fame", response_class=HTMLResponse)
async def hall_of_fame(request: Request) -> Response:
    """The record: seed 001's championships, then the site's."""
    ctx = await ensure_async(request)
    site = await offload_of(request)(league_of(request).finished_events)
    return render(request, ctx, "league_hof.html", seed=load_hall_of_fame(), site=site)


@router.get("/matches/{match_id}", response_class=HTMLResponse)
async def match(request: Request, match_id: RowId) -> Response:
    """A match: its players, score and every game."""
    ctx = await ensure_async(request)
    m = await offload_of(request)(league_of(request).match, match_id)
    changes = [signed(d) for d in m["rating_change"]] if m.get("rating_change") else None
    return render(request, ctx, "league_match.html", m=m, changes=changes)


def signed(change: int) -> str:
    """A rating change as players read it: ``+12``, ``−12`` (a minus sign), ``±0``."""
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


@router.get("/players/{name}/rating.svg")
async def rating_svg(request: Request, name: str) -> Response:
    """A player's rating history as an SVG picture (``rules``, ``pool``)."""
    league = league_of(request)
    pool = request.query_params.get("pool") or PEOPLE
    if pool not in (PEOPLE, BOTS, MULTI):
        raise ServiceError(N_("pool must be people, bots or multi"))
    key = _key(request, None)

    def read() -> tuple[User, list[ChartPoint]]:
        with league.sessions() as db:
            user = league.user_named(db, name)
        return user, league.history(user.id, key, pool)

    user, points = await offload_of(request)(read)
    title = SITE.gettext("{name}: {rules} rating").format(name=user.display, rules=key)
    svg = rating_chart(points, title=title, empty=SITE.gettext("No rated results yet"))
    return Response(svg, media_type="image/svg+xml", headers={"cache-control": "no-store"})
