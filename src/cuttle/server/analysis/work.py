"""The blocking part of an analysis: rows read and written, and the review itself.

:func:`analyse_game` runs in a child process (this process's analysis pool, or a bot
worker's): it opens its own engine on the site's database, reads the finished game's
record, runs :func:`cuttle.analysis.analyse_record` on it with a progress callback that
stores the plies done as it goes, and stores the review. The other functions are the
short reads and writes the web worker makes (through the offload's threads).
"""

from __future__ import annotations

import json
import logging
import os
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ...i18n import N_
from ..errors import ServiceError
from ..models import GameRow
from .models import GameAnalysis

if TYPE_CHECKING:
    from cuttle.analysis import Progress
    from cuttle.table import Table

log = logging.getLogger("cuttle.server")

BUDGET_ENV = "CUTTLE_ANALYSIS_BUDGET"
"""The environment variable holding the search budget of one ply's estimate, in
iterations (small in tests, so that a game takes a second; default: the analysis's own)."""

PROGRESS_EVERY = 0.25
"""Seconds between two stores of the progress (the last ply is always stored)."""

SEED = 1
"""The search's seed: the same game gives the same review."""

STALE = 300.0
"""Seconds after which a queued or running analysis that stored nothing is presumed lost
(its job dropped with a Redis that restarted empty, its process killed): asking again
starts it again."""


def budget_from_env() -> int | None:
    """The budget :data:`BUDGET_ENV` sets (a positive whole number), else ``None`` (the
    analysis's default)."""
    raw = os.environ.get(BUDGET_ENV, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        log.warning("%s=%r is not a whole number; using the default", BUDGET_ENV, raw)
        return None
    return value if value > 0 else None


def state_json(row: GameAnalysis | None) -> dict[str, Any]:
    """What ``GET /api/games/{id}/analysis`` says of ``row`` (``none`` when there is none)."""
    if row is None:
        return {"status": "none", "progress": {"done": 0, "total": 0}, "review": None}
    out: dict[str, Any] = {
        "status": row.status,
        "progress": {"done": row.plies_done, "total": row.plies_total},
        "review": json.loads(row.review) if row.status == "done" and row.review else None,
    }
    if row.status == "failed":
        out["error"] = row.error or "the analysis failed"
    return out


def _finished_game(db: Session, gid: str) -> GameRow:
    """Game ``gid``; 404 if there is none, 409 while it is not over."""
    if not isinstance(gid, str) or len(gid) > 16 or "\x00" in gid:
        raise ServiceError(N_("no such game"), 404)
    game = db.get(GameRow, gid)
    if game is None:
        raise ServiceError(N_("no such game"), 404)
    if game.status != "over":
        raise ServiceError(N_("a game is analysed once it is over"), 409)
    return game


def ask(
    sessions: sessionmaker[Session], gid: str, user_id: int | None
) -> tuple[dict[str, Any], bool]:
    """Ask for the analysis of game ``gid`` (404 unknown, 409 not over): a new or failed
    one is (re)queued. Returns its state and whether it must be started now (``False``
    when it was queued, running or done already: asking twice changes nothing; ``True``
    again for one that stored nothing for :data:`STALE` seconds)."""
    try:
        return _ask_once(sessions, gid, user_id)
    except IntegrityError:  # another request made the row first (PostgreSQL): it is there now
        return _ask_once(sessions, gid, user_id)


def _ask_once(
    sessions: sessionmaker[Session], gid: str, user_id: int | None
) -> tuple[dict[str, Any], bool]:
    now = time.time()
    with sessions() as db, db.begin():
        _finished_game(db, gid)
        row = db.get(GameAnalysis, gid, with_for_update=True)
        if row is not None and row.status != "failed":
            lost = row.status != "done" and now - row.updated_at > STALE
            if lost:
                row.updated_at = now
            return state_json(row), lost
        if row is None:
            row = GameAnalysis(game_id=gid, created_at=now)
            db.add(row)
        row.status, row.plies_done, row.plies_total = "queued", 0, 0
        row.requested_by, row.review, row.error = user_id, None, None
        row.started_at = row.finished_at = None
        row.updated_at = now
        return state_json(row), True


def read_state(sessions: sessionmaker[Session], gid: str) -> dict[str, Any]:
    """The analysis of game ``gid`` as :func:`state_json` says it (404 unknown game, 409
    while it is in play)."""
    with sessions() as db:
        _finished_game(db, gid)
        return state_json(db.get(GameAnalysis, gid))


def unfinished(sessions: sessionmaker[Session]) -> list[str]:
    """The games whose analysis is queued or running (to start again after a restart)."""
    with sessions() as db:
        rows = db.scalars(
            select(GameAnalysis.game_id).where(GameAnalysis.status.in_(("queued", "running")))
        )
        return list(rows)


def _update(engine: Engine, gid: str, **values: Any) -> None:
    with Session(engine) as db, db.begin():
        row = db.get(GameAnalysis, gid)
        if row is not None:
            for name, value in values.items():
                setattr(row, name, value)
            row.updated_at = time.time()


def fail(engine: Engine, gid: str, why: str) -> None:
    """Mark the analysis of ``gid`` failed, saying ``why``."""
    _update(engine, gid, status="failed", error=why[:200], finished_at=time.time())


def table_of(engine: Engine, gid: str) -> Table:
    """The table of finished game ``gid``, every move on it (as its record has them)."""
    from ..game.store import GameStore

    live = GameStore(engine).read(gid)
    if live.status != "over":
        raise ServiceError(N_("a game is analysed once it is over"), 409)
    return live.table


def analyse_game(database_url: str, gid: str, budget: int | None = None) -> str:
    """Analyse finished game ``gid`` of the database at ``database_url`` and store the
    review, storing the progress as it goes; return the final status. Blocking (a child
    process runs it). A game already analysed is left as it is."""
    from ..db import make_engine

    engine = make_engine(database_url)
    try:
        return _analyse(engine, gid, budget)
    finally:
        engine.dispose()


def _analyse(engine: Engine, gid: str, budget: int | None) -> str:
    with Session(engine) as db:
        row = db.get(GameAnalysis, gid)
        if row is None or row.status == "done":
            return "done" if row is not None else "none"
    try:
        table = table_of(engine, gid)
        _update(engine, gid, status="running", started_at=time.time(), error=None)
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if done >= total or now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                _update(engine, gid, plies_done=done, plies_total=total)

        review = review_table(table, budget, progress)
    except Exception as e:  # a failure is stored (and may be asked again), never raised
        log.exception("analysing game %s failed", gid)
        fail(engine, gid, f"{type(e).__name__}: {e}")
        return "failed"
    plies = review.get("plies") or []
    _update(
        engine,
        gid,
        status="done",
        review=json.dumps(review, separators=(",", ":")),
        plies_done=len(plies),
        plies_total=len(plies),
        finished_at=time.time(),
    )
    return "done"


def review_table(table: Table, budget: int | None, progress: Progress) -> dict[str, Any]:
    """The review JSON of the game at ``table`` (:func:`cuttle.analysis.analyse_table`:
    each ply judged from its mover's own view), seeded, ``budget`` iterations a ply."""
    from cuttle.analysis import Budget, analyse_table

    chosen = Budget(iterations=budget) if budget is not None else None
    review = analyse_table(table, seed=SEED, budget=chosen, progress=progress)
    return review.to_json()
