"""The JSON API: session, sign-up/in, lobby, games, replays and records."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from sqlalchemy import desc, or_, select

from cuttle.bots.ladder import ladder_ratings
from cuttle.engine.rules import PRESETS, VARIANTS
from cuttle.i18n import N_
from cuttle.i18n import current as current_language

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..game import protocol as P
from ..game.chat import read_log
from ..game.live import start_table
from ..models import GameRow, SeatRow, User
from .auth import AuthError
from .deps import (
    Ctx,
    auth_allowed,
    auth_of,
    body_of,
    check_csrf,
    current,
    ensure_async,
    flag,
    limit_create_async,
    offload_of,
    require,
    service_of,
    set_cookie,
    text_field,
)
from .language import keep_guest_choice
from .rule_words import rule_set_description, variant_description

router = APIRouter(prefix="/api")


def user_json(user: User) -> dict[str, Any]:
    """The public facts about ``user``."""
    return {"id": user.id, "name": user.display, "guest": user.guest}


def _json(request: Request, ctx: Ctx, data: Any, status: int = 200) -> JSONResponse:
    resp = JSONResponse(data, status_code=status)
    set_cookie(request, resp, ctx.new_token)
    return resp


TOO_MANY_FOR_ACCOUNT = "too many sign-in attempts for this account; wait a few minutes"
"""The 429's text when an address or an account has spent its sign-in attempts."""


async def _limit_auth(request: Request, account: object = None) -> None:
    if not await auth_allowed(request, account):
        raise HTTPException(
            429, TOO_MANY_FOR_ACCOUNT if account else "too many attempts; wait a moment"
        )


@router.get("/session")
async def session(request: Request) -> JSONResponse:
    """Return who you are and your CSRF token, starting a guest session if needed."""
    ctx = await ensure_async(request)
    return _json(request, ctx, {"user": user_json(ctx.user), "csrf": ctx.session.csrf})


async def _signed_in(request: Request, user: User) -> JSONResponse:
    auth = auth_of(request)
    from .auth import COOKIE

    old = request.cookies.get(COOKIE)
    sess, token = await auth.sign_in_session(old, user.id)
    resp = JSONResponse({"user": user_json(user), "csrf": sess.csrf})
    set_cookie(request, resp, token)
    return resp


@router.post("/signup")
async def signup(request: Request) -> JSONResponse:
    """Register a username and password (a guest keeps their games)."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    await _limit_auth(request)
    try:
        user = await auth_of(request).signup(ctx.user, body.get("username"), body.get("password"))
    except AuthError as e:
        raise HTTPException(400, str(e)) from None
    await keep_guest_choice(request, user)
    return await _signed_in(request, user)


@router.post("/signin")
async def signin(request: Request) -> JSONResponse:
    """Sign in with username and password."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    await _limit_auth(request, body.get("username"))
    try:
        user = await auth_of(request).signin(body.get("username"), body.get("password"))
    except AuthError as e:
        raise HTTPException(401, str(e)) from None
    return await _signed_in(request, user)


@router.post("/signout")
async def signout(request: Request) -> JSONResponse:
    """End the session."""
    ctx = require(request)
    check_csrf(request, ctx, (await body_of(request)).get("csrf"))
    from .auth import COOKIE

    await auth_of(request).sign_out(request.cookies.get(COOKIE))
    resp = JSONResponse({"ok": True})
    resp.delete_cookie(COOKIE, path="/")
    return resp


@router.get("/options")
async def options() -> dict[str, Any]:
    """Rule sets (with seat counts and teams), variants and bot levels; the descriptions
    in the request's language (English where it asked for none)."""
    return {
        "rules": {
            name: {
                "description": rule_set_description(name),
                "min_players": r.min_players,
                "max_players": r.max_players,
                "players": r.players,
                "teams": [list(t) for t in r.teams],
            }
            for name, r in PRESETS.items()
        },
        "variants": {name: variant_description(name) for name in VARIANTS},
        "levels": list(BOT_LEVELS),
        "ratings": {
            name: {"level": r.level, "rating": r.rating, "low": r.low, "high": r.high}
            for name, r in ladder_ratings().items()
        },
    }


def game_summary(row: GameRow, seats: list[SeatRow]) -> dict[str, Any]:
    """A game as the lobby and profile list it."""
    return {
        "id": row.id,
        "rules": row.rules,
        "variants": row.variants.split(),
        "players": row.players,
        "status": row.status,
        "result": row.result,
        "termination": row.termination,
        "ranked": bool(row.ranked),
        "time_control": row.time_control or None,
        "created_at": row.created_at,
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.bot,
                "empty": s.user_id is None and s.bot is None,
            }
            for s in seats
        ],
    }


def _summaries(request: Request, rows: list[GameRow]) -> list[dict[str, Any]]:
    ids = [r.id for r in rows]
    with service_of(request).sessions() as db:
        seats = (
            db.scalars(select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)).all()
            if ids
            else []
        )
    by: dict[str, list[SeatRow]] = {}
    for s in seats:
        by.setdefault(s.game_id, []).append(s)
    return [game_summary(r, by.get(r.id, [])) for r in rows]


GUEST_OPEN_LISTED = 30 * 60
"""Seconds a guest's open game stays in the lobby's list: a guest who left has no way
back to it, so it is not offered for ever (its link still works)."""


def open_games(request: Request) -> list[dict[str, Any]]:
    """Public games waiting for players, newest first (a guest's for
    :data:`GUEST_OPEN_LISTED` seconds)."""
    fresh = time.time() - GUEST_OPEN_LISTED
    with service_of(request).sessions() as db:
        rows = db.scalars(
            select(GameRow)
            .outerjoin(User, User.id == GameRow.created_by)
            .where(GameRow.status == "open", GameRow.private.is_(False))
            .where(or_(User.id.is_(None), User.guest.is_(False), GameRow.created_at > fresh))
            .order_by(desc(GameRow.created_at))
            .limit(50)
        ).all()
    return _summaries(request, list(rows))


def games_of(request: Request, user_id: int, viewer_id: int | None) -> list[dict[str, Any]]:
    """The games ``user_id`` sat in, newest first, as ``viewer_id`` may see them: an
    invite-only game only if the viewer sits in it too (its id lets anyone take a free
    seat or watch)."""
    seated = select(SeatRow.game_id).where(SeatRow.user_id == viewer_id)
    visible = (
        GameRow.private.is_(False)
        if viewer_id is None
        else or_(GameRow.private.is_(False), GameRow.id.in_(seated))
    )
    with service_of(request).sessions() as db:
        rows = db.scalars(
            select(GameRow)
            .join(SeatRow, SeatRow.game_id == GameRow.id)
            .where(SeatRow.user_id == user_id, visible)
            .order_by(desc(GameRow.created_at))
            .limit(200)
        ).all()
    return _summaries(request, list(rows))


@router.get("/games")
async def list_games(request: Request) -> list[dict[str, Any]]:
    """Open public games."""
    return await offload_of(request)(open_games, request)


@router.post("/games")
async def create_game(request: Request) -> JSONResponse:
    """Create a game: ``rules``, ``variants``, ``players``, ``seats``, ``my_seat``,
    ``private``; ``house`` (a house rule set as a JSON object, instead of ``rules``) and
    ``practice`` (every hand face up); ``time_control`` (``"5+3"``, ``"30s"``: a clock for
    a game between people); ``ranked`` (rated; two people play a first-to-two match, see
    docs/league.md). A bad request gets a 400 saying what is wrong."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    variants = body.get("variants") or []
    if not isinstance(variants, list):
        raise ServiceError(N_("variants must be a list of variant names"))
    private, practice = flag(body, "private"), flag(body, "practice")
    ranked = flag(body, "ranked")
    service = service_of(request)
    options: dict[str, Any] = {
        "rules": body.get("rules", "standard"),
        "variants": variants,
        "players": body.get("players"),
        "seats": body.get("seats"),
        "my_seat": body.get("my_seat"),
        "private": private,
        "house": body.get("house"),
        "practice": practice,
        "time_control": body.get("time_control"),
        "ranked": ranked,
    }
    service.create(ctx.user, **options, dry_run=True)
    await limit_create_async(request, ctx)  # a request that is wrong anyway is not counted
    gid = await service.create_held(ctx.user, **options)
    return _json(request, ctx, {"id": gid, "url": f"/g/{gid}"}, 201)


@router.post("/quickplay")
async def quickplay(request: Request) -> JSONResponse:
    """Start a game against bots at once: ``level`` (easy), ``rules`` (standard) and
    ``players`` (the rule set's usual count; any count it allows, all but you bots)."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    level = text_field(body, "level", "easy")
    rules = text_field(body, "rules", "standard")
    if rules not in PRESETS:
        raise ServiceError(N_("unknown rule set; known: {known}"), known=", ".join(PRESETS))
    if level not in BOT_LEVELS:
        raise ServiceError(N_("level must be one of {levels}"), levels=", ".join(BOT_LEVELS))
    preset = PRESETS[rules]
    n = body.get("players", preset.players)
    if isinstance(n, bool) or not isinstance(n, int):
        raise ServiceError(N_("players must be a number"))
    if not preset.min_players <= n <= preset.max_players:
        raise ServiceError(
            N_("{rules} is for {least} to {most} players, not {n}"),
            rules=rules,
            least=preset.min_players,
            most=preset.max_players,
            n=n,
        )
    await limit_create_async(request, ctx)
    service = service_of(request)
    gid = await service.offload(
        service.create,
        ctx.user,
        rules=rules,
        players=n,
        seats=[{"kind": "human"}] + [{"kind": "bot", "level": level}] * (n - 1),
        my_seat=0,
    )
    return _json(request, ctx, {"id": gid, "url": f"/g/{gid}"}, 201)


@router.get("/games/{gid}")
async def game_info(request: Request, gid: str) -> dict[str, Any]:
    """A game's seats, status and result (no cards)."""
    live = await service_of(request).fetch(gid)
    ctx = current(request)
    meta = live.meta()
    meta["you"] = live.seat_of(ctx.user.id) if ctx else None
    meta["n"] = live.n
    return meta


@router.post("/games/{gid}/join")
async def join(request: Request, gid: str) -> JSONResponse:
    """Take a free seat (``seat`` optional)."""
    ctx = require(request)
    body = await body_of(request)
    check_csrf(request, ctx, body.get("csrf"))
    seat = body.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
        raise ServiceError(N_("seat must be a number"))
    got = await service_of(request).join(gid, ctx.user, seat)
    return _json(request, ctx, {"seat": got, "url": f"/g/{gid}"})


async def replay_data(request: Request, gid: str) -> dict[str, Any]:
    """Every position of a finished game, all cards shown, with the move lines (the game
    and its chat read off the event loop, on a server database)."""
    service = service_of(request)
    live = await service.fetch(gid)
    if live.status != "over":
        raise ServiceError(N_("the replay opens when the game is over"), 409)
    events = live.table.history
    table = start_table(live)
    positions = [table.game.to_json()]
    n = table.n
    goals_at = [[table.game.goal(i) for i in range(n)]]  # a king changes them: per position
    scores_at = [[table.game.score(i) for i in range(n)]]
    for event in events:
        table.apply(event)
        positions.append(table.game.to_json())
        goals_at.append([table.game.goal(i) for i in range(n)])
        scores_at.append([table.game.score(i) for i in range(n)])
    meta = live.meta()
    positions[-1]["termination"] = live.game.termination  # a flag or claim: see game/clockwork.py
    names = P.seat_names(meta.get("players") or [], current_language())  # the sentences' language
    if len(names) != table.n:
        names = [s.name for s in table.seats]
    chat = await offload_of(request)(read_log, service.sessions, gid, "players", None)
    return {
        **meta,
        "said": table.sentences(None, names),  # every move in words, as a spectator reads it
        "names": names,
        "chat": chat,
        "deck": list(live.setup.deck),
        "lines": [event.line() for event in events],
        "positions": positions,
        "goals_at": goals_at,
        "scores_at": scores_at,
    }


@router.get("/games/{gid}/replay")
async def replay_json(request: Request, gid: str) -> dict[str, Any]:
    """The replay of a finished game."""
    return await replay_data(request, gid)


@router.get("/games/{gid}/record", response_class=PlainTextResponse)
async def record(request: Request, gid: str) -> PlainTextResponse:
    """The game record (notation.md) of a finished game, as a download."""
    service = service_of(request)
    live = await service.fetch(gid)
    if live.status != "over":
        raise ServiceError(
            N_("the record is available when the game is over (it shows the deck)"), 409
        )
    # The names the table shows ("Easy bot", not "bot (easy)"), spaces as "_".
    shown = P.seat_names(live.players_meta())
    names = " ".join(n.replace(" ", "_").replace('"', "") or f"p{i}" for i, n in enumerate(shown))

    def created() -> float:
        with service.sessions() as db:
            return float(db.scalar(select(GameRow.created_at).where(GameRow.id == gid)) or 0)

    date = time.strftime("%Y.%m.%d", time.gmtime(await offload_of(request)(created)))
    headers = {"Event": "cuttle server", "Site": f"/g/{gid}", "Date": date, "Players": names}
    return PlainTextResponse(
        live.table.record(headers),
        headers={"content-disposition": f'attachment; filename="cuttle-{gid}.cuttle"'},
    )


@router.get("/me/games")
async def my_games(request: Request) -> dict[str, Any]:
    """Your games."""
    ctx = require(request)
    games = await offload_of(request)(games_of, request, ctx.user.id, ctx.user.id)
    return {"user": user_json(ctx.user), "games": games}
