"""The league's JSON API under ``/api/league`` (docs/league.md, "The league on the site").

Every database call runs through the app's :class:`~cuttle.server.offload.Offload`
(worker threads on a server database, at once on SQLite), as the game routes' do.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from cuttle.i18n import N_

from ..errors import ServiceError
from ..league.keys import BOTS, MULTI, PEOPLE, check_key
from ..league.service import LeagueService
from ..league.settings import parse_moment
from .deps import RowId, Year, body_of, check_csrf, current, offload_of, require

router = APIRouter(prefix="/api/league")


def league_of(request: Request) -> LeagueService:
    """The app's :class:`LeagueService`."""
    return request.app.state.league  # type: ignore[no-any-return]


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ServiceError(N_("{what} must be a whole number"), what=what)
    return value


def _season(request: Request, league: LeagueService) -> int:
    """The ``season`` asked for: the current one by default; one still to come is a 404
    (its dates may lie past the calendar's end)."""
    raw = request.query_params.get("season")
    now = league.season_now()[0]
    if raw is None:
        return now
    if not (raw.isascii() and raw.isdigit()):  # "²" is a digit to isdigit, not to int
        raise ServiceError(N_("season must be a season's number (0 is the first)"))
    if len(raw) > 9 or int(raw) > now:
        raise ServiceError(N_("no such season yet"), 404)
    return int(raw)


def _not_to_come(league: LeagueService, season: object, year: object) -> None:
    """Refuse (409) a championship of a season or league year still to come, or a season
    before the first, before its dates are worked out (far enough away, they lie past the
    calendar's first or last year)."""
    now = league.season_now()[0]
    if isinstance(season, int) and not isinstance(season, bool):
        if season < 0:
            raise ServiceError(N_("season must be a season's number (0 is the first)"))
        if season > now:
            raise ServiceError(N_("that season is not over yet"), 409)
    this_year = league.calendar.start.year + now // 4
    if isinstance(year, int) and not isinstance(year, bool) and year > this_year:
        raise ServiceError(N_("that year's seasons are not over yet"), 409)


@router.get("/clock")
async def clock(request: Request) -> dict[str, Any]:
    """The league's time, season and week, and whether the clock is fake."""
    league = league_of(request)
    index, week = league.season_now()
    return {
        "now": league.clock.now().isoformat(),
        "fake": league.clock.fake,
        "season": index,
        "season_name": league.season_name(index),
        "week": week,
    }


@router.post("/clock")
async def set_clock(request: Request) -> dict[str, Any]:
    """Organisers, with a fake clock only (``CUTTLE_FAKE_NOW``, tests): set ``now``."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    league = league_of(request)
    if not league.clock.fake:
        raise ServiceError(N_("the league clock is real: it cannot be set"), 404)
    if not league.is_admin(ctx.user):
        raise ServiceError(N_("only the league's organisers can set the clock"), 403)
    try:
        league.clock.set(parse_moment(str(body.get("now", ""))))
    except ValueError:
        raise ServiceError(N_("now must be an ISO date-time")) from None
    return await clock(request)


@router.get("/standings")
async def season_standings(request: Request) -> dict[str, Any]:
    """A season's standings (``season``: index, default the current one; ``rules``)."""
    league = league_of(request)
    key = check_key(request.query_params.get("rules") or "standard")
    index = _season(request, league)
    return {
        "season": index,
        "name": league.season_name(index),
        "rules": key,
        "standings": [
            {
                "place": s.place,
                "player": s.player,
                "points": s.points,
                "wins": s.wins,
                "rating": round(s.rating.rating, 1),
                "provisional": s.rating.provisional(),
                "weeks": {str(w): p for w, p in sorted(s.weeks.items())},
            }
            for s in await offload_of(request)(league.standings, index, key)
        ],
    }


@router.get("/week")
async def week(request: Request) -> dict[str, Any]:
    """A week's points (``season``, ``week``: default the current ones; ``rules``)."""
    league = league_of(request)
    key = check_key(request.query_params.get("rules") or "standard")
    index = _season(request, league)
    raw = request.query_params.get("week")
    if not raw:
        number = max(league.season_now()[1], 1)
    elif raw.isascii() and raw.isdigit() and len(raw) <= 2:
        number = int(raw)
    else:
        number = 0
    if not 1 <= number <= 13:
        raise ServiceError(N_("week must be 1 to 13"))
    return {
        "season": index,
        "week": number,
        "rules": key,
        "table": [
            {
                "player": s.player,
                "matches": s.matches,
                "wins": s.wins,
                "place": s.place,
                "points": s.points,
            }
            for s in await offload_of(request)(league.week_table, index, number, key)
        ],
    }


@router.get("/ratings")
async def ratings(request: Request) -> dict[str, Any]:
    """A rating ladder: ``pool`` (people, bots or multi) and ``rules``."""
    pool = request.query_params.get("pool") or PEOPLE
    if pool not in (PEOPLE, BOTS, MULTI):
        raise ServiceError(N_("pool must be people, bots or multi"))
    key = check_key(request.query_params.get("rules") or "standard", None)
    found = await offload_of(request)(league_of(request).ratings, pool, key)
    return {"pool": pool, "rules": key, "ratings": found}


@router.get("/seasons")
async def seasons(request: Request) -> list[dict[str, Any]]:
    """Every season so far, newest first, with its championships."""
    return await offload_of(request)(league_of(request).seasons)


@router.get("/players/{name}")
async def player(request: Request, name: str) -> dict[str, Any]:
    """A player's league profile."""
    league = league_of(request)

    def read() -> dict[str, Any]:
        with league.sessions() as db:
            user = league.user_named(db, name)
        return league.profile(user)

    return await offload_of(request)(read)


@router.get("/matches/{match_id}")
async def match(request: Request, match_id: RowId) -> dict[str, Any]:
    """A match: players, score, games, the game in play."""
    return await offload_of(request)(league_of(request).match, match_id)


@router.get("/me/matches")
async def my_matches(request: Request) -> list[dict[str, Any]]:
    """Your matches in play."""
    ctx = require(request)
    return await offload_of(request)(league_of(request).matches_of, ctx.user.id, open_only=True)


@router.post("/queue")
async def queue_join(request: Request) -> dict[str, Any]:
    """Join the ranked queue (``rules``, default standard)."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    return await league_of(request).queue_join(ctx.user, body.get("rules"))


@router.get("/queue")
async def queue_status(request: Request) -> dict[str, Any]:
    """Where you stand in the queue: idle, waiting (with the band) or matched (the game)."""
    ctx = require(request)
    return await league_of(request).queue_status(ctx.user)


@router.post("/queue/leave")
async def queue_leave(request: Request) -> dict[str, Any]:
    """Leave the queue."""
    ctx = require(request)
    check_csrf(request, ctx, (await body_of(request)).get("csrf"))
    return league_of(request).queue_leave(ctx.user)


@router.post("/challenges")
async def challenge(request: Request) -> JSONResponse:
    """Challenge ``opponent`` (a username) to a ranked match under ``rules``."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    league = league_of(request)
    out = await offload_of(request)(
        league.challenge, ctx.user, body.get("opponent"), body.get("rules")
    )
    return JSONResponse(out, status_code=201)


@router.get("/challenges")
async def challenges(request: Request) -> dict[str, Any]:
    """Your open challenges, incoming and outgoing."""
    ctx = require(request)
    return await offload_of(request)(league_of(request).challenges, ctx.user)


@router.post("/challenges/{cid}/{action}")
async def answer(request: Request, cid: RowId, action: str) -> dict[str, Any]:
    """``accept`` or ``decline`` (or, for its sender, cancel) a challenge."""
    ctx = require(request)
    check_csrf(request, ctx, (await body_of(request)).get("csrf"))
    if action not in ("accept", "decline"):
        raise ServiceError(N_("no such action"), 404)
    return await offload_of(request)(league_of(request).answer, ctx.user, cid, action == "accept")


@router.post("/games/{gid}/claim")
async def claim(request: Request, gid: str) -> dict[str, Any]:
    """Claim a ranked game your opponent abandoned (a loss for them)."""
    ctx = require(request)
    check_csrf(request, ctx, (await body_of(request)).get("csrf"))
    return await league_of(request).claim(ctx.user, gid)


@router.get("/brackets")
async def brackets(request: Request) -> list[dict[str, Any]]:
    """The brackets you may see (published ones; organisers see all)."""
    ctx = current(request)
    return await offload_of(request)(league_of(request).brackets, ctx.user if ctx else None)


@router.post("/brackets")
async def create_bracket(request: Request) -> JSONResponse:
    """Organisers: seed a championship (``kind``, ``season`` or ``year``, ``rules``,
    ``publish``, ``paused``)."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    league = league_of(request)
    _not_to_come(league, body.get("season"), body.get("year"))
    out = await offload_of(request)(league.create_bracket, ctx.user, body)
    return JSONResponse(out, status_code=201)


@router.get("/brackets/{bid}")
async def bracket(request: Request, bid: RowId) -> dict[str, Any]:
    """A bracket with its matches and games in play."""
    ctx = current(request)
    return await offload_of(request)(league_of(request).bracket, bid, ctx.user if ctx else None)


@router.post("/brackets/{bid}/{action}")
async def bracket_action(request: Request, bid: RowId, action: str) -> dict[str, Any]:
    """Organisers: ``pause``, ``resume``, ``reseed``, ``forfeit`` or ``publish``."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    league = league_of(request)
    return await offload_of(request)(league.bracket_action, ctx.user, bid, action, body)


@router.get("/world/{year}")
async def world(request: Request, year: Year) -> dict[str, Any]:
    """The league year's championship points so far (who qualifies for the World
    Championship: the top 8)."""
    league = league_of(request)
    key = check_key(request.query_params.get("rules") or "standard")
    table = await offload_of(request)(league.world_points, _int(year, "year"), key)
    return {
        "year": year,
        "rules": key,
        "points": [{"player": p, "points": pts} for p, pts in table],
    }
