"""Watching games: the live games list (``/watch``), the "TV" (``/tv``) showing the
strongest game in progress, and exhibition games played by bots alone.

- ``GET /api/watch/games``: the public games in progress (no invite-only or practice
  game, none idle for :data:`IDLE_AFTER`), strongest first: their seats, rule set, move
  count and strength (the mean rating of their seats: a person's best rating in the
  league's people pool, else :data:`UNRATED`; a bot's level on the bot ladder). No card
  of any game is in it.
- ``/tv`` watches the first of them as a spectator and, when it ends, the next.
- ``POST /api/watch/exhibitions`` ``{"levels": ["easy", "hard"], "rules": "standard"}``:
  a game of bots only, playing at once (201 ``{"id", "url"}``); at most
  :data:`EXHIBITION_LIMIT` are in play on the site at a time (409 beyond).

A spectator sees a game in progress as its public view (hidden cards ``"??"``), over
the game's websocket like anyone watching a table; the replay opens when it is over.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy import desc, func, select
from sqlalchemy.orm import Session

from cuttle.bots.ladder import ladder_ratings
from cuttle.engine.errors import CuttleError
from cuttle.engine.rules import PRESETS
from cuttle.i18n import N_

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..game.spec import GameSpec, SeatSpec, preset_name
from ..league.keys import PEOPLE
from ..league.models import LeagueRating
from ..models import GameRow, MoveRow, SeatRow
from .api import game_summary
from .deps import (
    body_of,
    check_csrf,
    ensure_async,
    limit_create_async,
    offload_of,
    require,
    service_of,
    set_cookie,
)
from .pages import bot_name, render

router = APIRouter()

UNRATED = 1500.0
"""The strength of a person without a league rating (a new Glicko-2 rating)."""
RANDOM_BOT = 1000.0
"""The strength of the random bot (below the ladder's weakest level)."""
IDLE_AFTER = 60 * 60
"""Seconds without a move after which a game in progress is no longer listed (a table
its people left without ending it)."""
LISTED = 50
"""The most games the list shows."""
EXHIBITION_LIMIT = 8
"""The most games of bots only in play on the site at once."""
MAX_EXHIBITION_SEATS = 4
"""The most bots an exhibition seats."""


def bot_strength(level: str) -> float:
    """A bot level's rating on the bot ladder (:data:`RANDOM_BOT` for ``random``)."""
    found = ladder_ratings().get(level)
    return float(found.rating) if found else RANDOM_BOT


def activity(db: Session, ids: list[str]) -> dict[str, tuple[int, float]]:
    """Each of the games ``ids`` that has moves: how many, and when the last was played."""
    if not ids:
        return {}
    rows = db.execute(
        select(MoveRow.game_id, func.count(), func.max(MoveRow.created_at))
        .where(MoveRow.game_id.in_(ids))
        .group_by(MoveRow.game_id)
    ).all()
    return {str(gid): (int(n), float(last)) for gid, n, last in rows}


def idle(row: GameRow, moves: dict[str, tuple[int, float]], now: float) -> bool:
    """Whether the game of ``row`` has had no move for :data:`IDLE_AFTER` seconds."""
    _, last = moves.get(row.id, (0, row.clock_start or row.created_at))
    return now - last > IDLE_AFTER


def live_games(request: Request, now: float | None = None) -> list[dict[str, Any]]:
    """The public games in progress, strongest first (then the most moves), each a
    :func:`~.api.game_summary` with ``moves``, ``strength``, ``bots_only`` and ``url``;
    a blocking read."""
    now = time.time() if now is None else now
    with service_of(request).sessions() as db:
        rows = db.scalars(
            select(GameRow)
            .where(GameRow.status == "playing", GameRow.private.is_(False))
            .where(GameRow.practice.is_(False))
            .order_by(desc(GameRow.created_at))
            .limit(4 * LISTED)
        ).all()
        ids = [r.id for r in rows]
        seats: list[SeatRow] = (
            list(db.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)))
            if ids
            else []
        )
        by_game: dict[str, list[SeatRow]] = {}
        for s in seats:
            by_game.setdefault(s.game_id, []).append(s)
        moves = activity(db, ids)
        people = sorted(
            {f"u:{s.user_id}" for ss in by_game.values() for s in ss if s.user_id is not None}
        )
        rated: dict[str, float] = {}
        if people:
            for subject, best in db.execute(
                select(LeagueRating.subject, func.max(LeagueRating.rating))
                .where(LeagueRating.pool == PEOPLE, LeagueRating.subject.in_(people))
                .group_by(LeagueRating.subject)
            ).all():
                rated[str(subject)] = float(best)
    out = []
    for row in rows:
        seated = by_game.get(row.id, [])
        if idle(row, moves, now):
            continue
        count = moves.get(row.id, (0, 0.0))[0]
        strengths = [
            bot_strength(s.bot) if s.bot else rated.get(f"u:{s.user_id}", UNRATED) for s in seated
        ]
        game = game_summary(row, seated)
        game["moves"] = count
        game["strength"] = round(sum(strengths) / len(strengths)) if strengths else 0
        game["bots_only"] = bool(seated) and all(s.bot for s in seated)
        game["url"] = f"/g/{row.id}"
        out.append(game)
    out.sort(key=lambda g: (-g["strength"], -g["moves"], g["id"]))
    return out[:LISTED]


def exhibitions_in_play(request: Request, now: float | None = None) -> int:
    """How many games of bots only are in play on the site (not counting one idle for
    :data:`IDLE_AFTER`: its bots stopped with a server and nobody opened it since); a
    blocking read."""
    now = time.time() if now is None else now
    with service_of(request).sessions() as db:
        people = select(SeatRow.game_id).where(SeatRow.bot.is_(None))
        rows = db.scalars(
            select(GameRow).where(GameRow.status == "playing", GameRow.id.not_in(people))
        ).all()
        moves = activity(db, [r.id for r in rows])
    return sum(1 for r in rows if not idle(r, moves, now))


def exhibition_spec(body: dict[str, Any], user_id: int) -> GameSpec:
    """The exhibition a request asks for (untrusted JSON); a :class:`ServiceError` says
    what is wrong."""
    levels = body.get("levels")
    if (
        not isinstance(levels, list)
        or not 2 <= len(levels) <= MAX_EXHIBITION_SEATS
        or not all(isinstance(v, str) and v in BOT_LEVELS for v in levels)
    ):
        raise ServiceError(
            N_("levels must be a list of {least} to {most} bot levels from: {levels}"),
            least=2,
            most=MAX_EXHIBITION_SEATS,
            levels=", ".join(BOT_LEVELS),
        )
    rules = preset_name(body.get("rules", "standard"))
    try:
        return GameSpec(
            rules=rules,
            players=len(levels),
            seats=tuple(SeatSpec(None, level, f"bot ({level})") for level in levels),
            created_by=user_id,
        )
    except (ValueError, CuttleError):
        raise ServiceError(
            N_("{name} is not a game for {players}"), name=rules, players=len(levels)
        ) from None


@router.get("/api/watch/games")
async def watch_games(request: Request) -> dict[str, Any]:
    """The public games in progress, strongest first; each seat with ``shown``, its name
    as the table says it in the reader's language ("Easy bot")."""
    games = await offload_of(request)(live_games, request)
    for game in games:
        for seat in game["seats"]:
            seat["shown"] = bot_name(seat["bot"]) if seat["bot"] else seat["name"]
    return {"games": games}


@router.post("/api/watch/exhibitions")
async def create_exhibition(request: Request) -> JSONResponse:
    """Start a game of bots only (see the module's text)."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    spec = exhibition_spec(body, ctx.user.id)
    if await offload_of(request)(exhibitions_in_play, request) >= EXHIBITION_LIMIT:
        raise ServiceError(
            N_("{most} games of bots are in play already: watch one of them"),
            409,
            most=EXHIBITION_LIMIT,
        )
    await limit_create_async(request, ctx)
    service = service_of(request)
    gid, _ = await service.offload(service.lobby.create, spec)
    await service.fetch(gid)  # held here: the first bot's turn starts
    resp = JSONResponse({"id": gid, "url": f"/g/{gid}"}, status_code=201)
    set_cookie(request, resp, ctx.new_token)
    return resp


@router.get("/watch", response_class=HTMLResponse)
async def watch_page(request: Request) -> Response:
    """The live games list and the exhibition form."""
    ctx = await ensure_async(request)
    games = await offload_of(request)(live_games, request)
    levels = [level for level in BOT_LEVELS if level != "random"]
    two = [name for name, rs in PRESETS.items() if rs.min_players <= 2 <= rs.max_players]
    return render(request, ctx, "watch.html", games=games, levels=levels, rulesets=two)


@router.get("/tv", response_class=HTMLResponse)
async def tv_page(request: Request) -> Response:
    """The TV: the strongest game in progress, then the next."""
    ctx = await ensure_async(request)
    return render(request, ctx, "tv.html")
