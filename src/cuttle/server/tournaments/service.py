"""Tournaments on the site: creating, joining, starting and showing them, and the game
service's game-over hook that brings their matches' results back (:mod:`.play`).

Any registered player may organise a tournament: a name, a format (``swiss`` or
``double-elimination``), a rule set for two (a rating key: a preset with variants), a
start time, and for Swiss the number of rounds. Registered players join and leave until
it starts; the organiser may add the site's bots as entrants (a tournament of bots
plays itself: handy to try a format, and for tests). It starts by itself once its start
time has passed and two players or more have joined (checked whenever the tournaments
are read: the lobby and the tournament pages poll them), or earlier when the organiser
starts it. Bad requests get a 4xx with a reason: joining a started tournament, a
non-organiser starting it, an unknown format or rule set, a start time gone by, ...

The methods are blocking, like the league's: the routes call them through the game
service's offload. On SQLite the hook works at once on the loop; on a server database
in a worker thread once the game's end is announced (the league's hook has then written
the match's step).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_
from cuttle.league.bracket import BracketError
from cuttle.league.match import Ending

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..game.live import LiveGame
from ..game.service import GameService
from ..league.keys import check_key
from ..league.matches import Matches
from ..league.models import LeagueMatch
from ..league.settings import stamp
from ..models import User
from .models import EntrantRow, PairingRow, TournamentRow
from .play import DECIDED, ELIMINATION, SWISS, GameEnd, Runner, entrants_of
from .view import listing_json, tournament_json

log = logging.getLogger("cuttle.server")

FORMATS = (SWISS, ELIMINATION)
"""The formats a tournament may have."""
MAX_ENTRANTS = 64
"""The most entrants a tournament takes."""
MAX_ROUNDS = 12
"""The most Swiss rounds."""
MAX_NAME = 80
"""The longest tournament name."""
MAX_OPEN = 5
"""Tournaments one organiser may have open (not started) at once."""
MAX_AHEAD = 366 * 24 * 3600.0
"""How far ahead a start time may lie (seconds)."""
MAX_ROW_ID = 2**31 - 1
"""The largest row id a table holds (PostgreSQL's ``integer``)."""
GRACE = 60.0
"""A start time this many seconds in the past is still taken (clocks differ a little)."""


def parse_start(value: object, now: float) -> float:
    """A start time from a request (ISO 8601; without an offset it is UTC) as seconds."""
    if not isinstance(value, str) or len(value) > 40:
        raise ServiceError(N_("starts_at must be a date and time such as 2026-12-01T19:30Z"))
    try:
        when = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        at = when.timestamp()
    except (ValueError, OverflowError):  # not a date, or one out of range (year 1, -23:59)
        raise ServiceError(
            N_("starts_at must be a date and time such as 2026-12-01T19:30Z")
        ) from None
    if at < now - GRACE:
        raise ServiceError(N_("the start time has passed"))
    if at > now + MAX_AHEAD:
        raise ServiceError(N_("the start time is more than a year away"))
    return at


class Tournaments:
    """Every tournament request and the results hook; see the module's text."""

    def __init__(
        self,
        games: GameService,
        matches: Matches,
        is_admin: Callable[[User], bool],
        sessions: sessionmaker[Session],
    ) -> None:
        """Start people's matches with ``matches``; ``is_admin`` says who organises the
        whole site (they may act on any tournament); hook into ``games``."""
        self.sessions = sessions
        self.games = games
        self.offload = games.offload
        self.is_admin = is_admin
        self.runner = Runner(matches)
        self._tasks: set[asyncio.Task[None]] = set()
        games.on_game_over.append(self.game_over)

    # ------------------------------------------------------------------ requests

    def create(self, user: User, body: dict[str, Any]) -> dict[str, Any]:
        """A new tournament organised by ``user`` (registered): ``name``, ``format``,
        ``rules``, ``starts_at`` and, for Swiss, ``rounds`` (1-12; absent: enough for
        one winner, fixed at the start)."""
        if user.guest:
            raise ServiceError(N_("sign up to organise a tournament"), 403)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise ServiceError(
                N_("a tournament needs a name of 1 to {most} characters"), most=MAX_NAME
            )
        if "\x00" in name:
            raise ServiceError(
                N_("a tournament needs a name of 1 to {most} characters"), most=MAX_NAME
            )
        fmt = body.get("format")
        if fmt not in FORMATS:
            raise ServiceError(N_("format must be swiss or double-elimination"))
        key = check_key(body.get("rules") or "standard", 2)
        rounds = body.get("rounds")
        if isinstance(rounds, str) and rounds.strip().isascii() and rounds.strip().isdigit():
            rounds = int(rounds.strip())
        if rounds in (None, "") or fmt == ELIMINATION:
            rounds = None
        elif (
            isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS
        ):
            raise ServiceError(
                N_("rounds must be a whole number from 1 to {most}"), most=MAX_ROUNDS
            )
        now = time.time()
        starts = parse_start(body.get("starts_at"), now)
        with self.sessions.begin() as db:
            mine = db.scalar(
                select(func.count())
                .select_from(TournamentRow)
                .where(TournamentRow.organiser_id == user.id, TournamentRow.status == "open")
            )
            if (mine or 0) >= MAX_OPEN:
                raise ServiceError(
                    N_("you have {count} tournaments waiting to start already"), 409, count=MAX_OPEN
                )
            t = TournamentRow(
                name=name.strip(),
                format=fmt,
                rules=key,
                rounds=rounds,
                round=0,
                starts_at=starts,
                status="open",
                organiser_id=user.id,
                created_at=now,
                updated_at=now,
            )
            db.add(t)
            db.flush()
            return tournament_json(db, t, user, self.is_admin(user))

    def _open(self, db: Session, tid: int) -> TournamentRow:
        """Tournament ``tid`` locked for update and still taking entrants; 404 or 409."""
        t = db.get(TournamentRow, tid, with_for_update=True)
        if t is None:
            raise ServiceError(N_("no such tournament"), 404)
        if t.status != "open":
            raise ServiceError(N_("the tournament has started: entries are closed"), 409)
        return t

    def _organises(self, user: User, t: TournamentRow) -> None:
        if t.organiser_id != user.id and not self.is_admin(user):
            raise ServiceError(N_("only the tournament's organiser can do that"), 403)

    def _enter(
        self, db: Session, t: TournamentRow, user_id: int | None, bot: str | None, name: str
    ) -> None:
        count = db.scalar(
            select(func.count()).select_from(EntrantRow).where(EntrantRow.tournament_id == t.id)
        )
        if (count or 0) >= MAX_ENTRANTS:
            raise ServiceError(
                N_("the tournament is full ({most} players)"), 409, most=MAX_ENTRANTS
            )
        last = db.scalar(select(func.max(EntrantRow.seed)).where(EntrantRow.tournament_id == t.id))
        db.add(
            EntrantRow(
                tournament_id=t.id,
                user_id=user_id,
                bot=bot,
                name=name,
                seed=(last or 0) + 1,
                joined_at=time.time(),
            )
        )
        t.updated_at = time.time()

    def join(self, user: User, tid: int) -> dict[str, Any]:
        """Enter ``user`` (registered) in open tournament ``tid``."""
        if user.guest:
            raise ServiceError(N_("sign up to join a tournament: its matches are ranked"), 403)
        with self.sessions.begin() as db:
            t = self._open(db, tid)
            taken = db.scalar(
                select(EntrantRow).where(
                    EntrantRow.tournament_id == tid, EntrantRow.user_id == user.id
                )
            )
            if taken is not None:
                raise ServiceError(N_("you have joined this tournament already"), 409)
            self._enter(db, t, user.id, None, user.display)
            db.flush()
            return tournament_json(db, t, user, self.is_admin(user))

    def leave(self, user: User, tid: int) -> dict[str, Any]:
        """Take ``user`` out of open tournament ``tid``."""
        with self.sessions.begin() as db:
            t = self._open(db, tid)
            mine = db.scalar(
                select(EntrantRow).where(
                    EntrantRow.tournament_id == tid, EntrantRow.user_id == user.id
                )
            )
            if mine is None:
                raise ServiceError(N_("you have not joined this tournament"), 409)
            db.delete(mine)
            t.updated_at = time.time()
            db.flush()
            return tournament_json(db, t, user, self.is_admin(user))

    def add_bot(self, user: User, tid: int, body: dict[str, Any]) -> dict[str, Any]:
        """The organiser enters one of the site's bots (``level``, default easy)."""
        level = body.get("level") or "easy"
        if level not in BOT_LEVELS:
            raise ServiceError(
                N_("bot level must be one of {levels}"), levels=", ".join(BOT_LEVELS)
            )
        with self.sessions.begin() as db:
            t = self._open(db, tid)
            self._organises(user, t)
            bots = db.scalar(
                select(func.count())
                .select_from(EntrantRow)
                .where(EntrantRow.tournament_id == tid, EntrantRow.bot.is_not(None))
            )
            self._enter(db, t, None, level, f"bot {(bots or 0) + 1} ({level})")
            db.flush()
            return tournament_json(db, t, user, self.is_admin(user))

    def start(self, user: User, tid: int) -> tuple[dict[str, Any], list[str]]:
        """The organiser starts open tournament ``tid`` now (two players or more); the
        tournament and the new games with a bot in them."""
        with self.sessions.begin() as db:
            t = db.get(TournamentRow, tid, with_for_update=True)
            if t is None:
                raise ServiceError(N_("no such tournament"), 404)
            self._organises(user, t)
            if t.status != "open":
                raise ServiceError(N_("the tournament has started already"), 409)
            if len(entrants_of(db, tid)) < 2:
                raise ServiceError(N_("a tournament needs at least two players to start"), 409)
            started = self.runner.begin(db, t, time.time())
            db.flush()
            return tournament_json(db, t, user, self.is_admin(user)), started

    def forfeit(
        self, user: User, tid: int, body: dict[str, Any]
    ) -> tuple[dict[str, Any], list[str], list[tuple[str, str]]]:
        """The organiser decides a match in play without its games (``match``: the
        pairing's id, ``winner``: one of its players): a player who does not come. Returns
        the tournament, the new games with a bot, and the game left in play by the match
        with its loser's name (the caller resigns it for them, so it is not left open)."""
        mid, winner = body.get("match"), body.get("winner")
        if isinstance(mid, bool) or not isinstance(mid, int) or not isinstance(winner, str):
            raise ServiceError(N_("give the match (its number) and its winner"))
        if not 0 <= mid <= MAX_ROW_ID:  # a row id the database can hold (PostgreSQL's integer)
            raise ServiceError(N_("no such match in this tournament"), 404)
        now = time.time()
        with self.sessions.begin() as db:
            t = db.get(TournamentRow, tid, with_for_update=True)
            if t is None:
                raise ServiceError(N_("no such tournament"), 404)
            self._organises(user, t)
            row = db.get(PairingRow, mid)
            if row is None or row.tournament_id != tid:
                raise ServiceError(N_("no such match in this tournament"), 404)
            if row.status in DECIDED:
                raise ServiceError(N_("that match is decided already"), 409)
            if winner not in (row.first, row.second):
                raise ServiceError(N_("{winner} does not play in that match"), 409, winner=winner)
            loser = row.second if winner == row.first else row.first
            left: list[tuple[str, str]] = []
            if row.current_game is not None and loser is not None:
                left.append((row.current_game, loser))
            if row.league_match_id is not None:
                lm = db.get(LeagueMatch, row.league_match_id)
                if lm is not None and lm.current_game and loser is not None:
                    left.append((lm.current_game, loser))
                winner_id = next(
                    (e.user_id for e in entrants_of(db, tid) if e.name == winner), None
                )
                if lm is not None and lm.status == "playing":
                    db.execute(
                        update(LeagueMatch)
                        .where(LeagueMatch.id == lm.id, LeagueMatch.status == "playing")
                        .values(
                            status="forfeit",
                            winner_id=winner_id,
                            current_game=None,
                            finished_at=stamp(self.runner.matches.clock.now()),
                        )
                    )
            try:
                started = self.runner.decide(db, t, row, winner, "forfeit", now)
            except BracketError as e:
                raise ServiceError(e.message, 409, **e.params) from None
            db.flush()
            return tournament_json(db, t, user, self.is_admin(user)), started, left

    def start_due(self) -> list[str]:
        """Start every open tournament whose start time has come and that has two
        players or more; the new games with a bot in them."""
        now = time.time()
        with self.sessions() as db:
            due = list(
                db.scalars(
                    select(TournamentRow.id).where(
                        TournamentRow.status == "open", TournamentRow.starts_at <= now
                    )
                )
            )
        started: list[str] = []
        for tid in due:
            with self.sessions.begin() as db:
                t = db.get(TournamentRow, tid, with_for_update=True)
                if t is None or t.status != "open" or len(entrants_of(db, tid)) < 2:
                    continue
                started += self.runner.begin(db, t, now)
        return started

    # ------------------------------------------------------------------ reading

    def tournament(self, tid: int, viewer: User | None) -> dict[str, Any]:
        """Tournament ``tid`` as JSON (see :func:`.view.tournament_json`); 404 if none."""
        with self.sessions() as db:
            t = db.get(TournamentRow, tid)
            if t is None:
                raise ServiceError(N_("no such tournament"), 404)
            return tournament_json(db, t, viewer, bool(viewer and self.is_admin(viewer)))

    def listing(self, viewer: User | None) -> list[dict[str, Any]]:
        """Tournaments open or running, then the last finished ones (see
        :func:`.view.listing_json`)."""
        with self.sessions() as db:
            return listing_json(db, viewer)

    # ------------------------------------------------------------------ the hook

    def pending(self) -> set[asyncio.Task[None]]:
        """The results not yet taken in (a server database's)."""
        return set(self._tasks)

    def game_over(self, live: LiveGame) -> None:
        """The game-over hook (after the league's): take the game into its tournament
        match, if it is one; read in the next games so that their bots start."""
        end = self._end_of(live)
        if end is None:
            return
        if not self.offload.threaded:
            for gid in self._take(end):
                self.games.load(gid)
            return
        task = asyncio.get_running_loop().create_task(self._take_off_loop(end))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _end_of(self, live: LiveGame) -> GameEnd | None:
        """What the hook needs of ``live``: two seats only."""
        if live.players != 2:
            return None
        outcome = live.table.outcome
        winners = tuple(outcome.winners) if outcome else ()
        if not winners:
            return GameEnd(live.id, live.match.match_id, Ending.DRAW, None)
        if live.table.game.termination == "resign":
            return GameEnd(live.id, live.match.match_id, Ending.RESIGN, 1 - winners[0])
        return GameEnd(live.id, live.match.match_id, Ending.WIN, winners[0])

    def _take(self, end: GameEnd) -> list[str]:
        with self.sessions.begin() as db:
            return self.runner.game_ended(db, end, time.time())

    async def _take_off_loop(self, end: GameEnd) -> None:
        try:
            for gid in await self.offload(self._take, end):
                await self.games.fetch(gid)
        except Exception:
            log.exception("a tournament could not take the end of game %s", end.game)
