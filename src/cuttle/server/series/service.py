"""Long-term series on the site ("like Rummy 500", seed 004; docs/league.md).

A series is a run of ordinary games (rounds) among the same 2-5 players, people and/or
bots, under one preset rule set. Creating it creates the first round's game; the game
service's game-over hook (:meth:`SeriesService.game_over`) adds every player's points
on the table at the end of a round to the sheet (:class:`cuttle.league.longterm.Series`:
the sum of the point values on their field, taken off when a house permanent makes
them count against the player, :meth:`~cuttle.engine.core.Core.counts_against`), then
either ends the series (someone reached the target and leads alone) or creates the next
round with the seats rotated by one, so that a different player starts each round.

Rounds of one series never race: the next round is created only once the round before
is scored. On SQLite the hook scores the round at once, on the loop; on a server database
it scores it in a worker thread of the game service's
:class:`~cuttle.server.offload.Offload` once the loop is free (just after the game's end
is announced), and the requests read and create series through the same offload.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.engine.errors import CuttleError
from cuttle.engine.rules import VARIANTS
from cuttle.i18n import N_
from cuttle.league.longterm import DEFAULT_TARGET, MAX_PLAYERS, MIN_PLAYERS, Round, Series

from ..bots import BOT_LEVELS
from ..errors import ServiceError
from ..game.live import LiveGame
from ..game.service import GameService
from ..game.spec import GameSpec, SeatSpec, insert_game, preset_name, rules_of
from ..models import User
from .models import SeriesRoundRow, SeriesRow

log = logging.getLogger("cuttle.server")

MAX_TARGET = 100_000
"""The highest target a series may be created with."""


def seating(players: int, number: int) -> list[int]:
    """The players (indices in the sheet's order) in seats 0, 1, ... of round ``number``
    (from 1): round 1 seats them in order, each later round moves everyone one seat on,
    so seat 0 (who starts) goes round the table.

    >>> seating(3, 1), seating(3, 2), seating(3, 4)
    ([0, 1, 2], [1, 2, 0], [0, 1, 2])
    """
    return [(i + number - 1) % players for i in range(players)]


def round_points(live: LiveGame) -> tuple[list[int], list[bool]]:
    """Each seat's points on the table at the end of ``live`` and whether they count
    against it (a house permanent on its field)."""
    game = live.game
    return (
        [game.score(s) for s in range(live.players)],
        [game.counts_against(s) for s in range(live.players)],
    )


class SeriesService:
    """Creates series, scores their rounds and shows their sheets; see the module's text."""

    def __init__(self, sessions: sessionmaker[Session], games: GameService) -> None:
        """Hook into ``games``' game-over callbacks."""
        self.sessions = sessions
        self.games = games
        self.offload = games.offload
        """Blocking database calls go through the game service's offload."""
        self._tasks: set[asyncio.Task[None]] = set()
        games.on_game_over.append(self.game_over)

    # ------------------------------------------------------------------ creating

    async def create(self, user: User, body: dict[str, Any]) -> int:
        """A new series from a request body; its id. Raises :class:`ServiceError` (400).

        ``rules``: a preset name; ``variants``: a list; ``target``: a positive whole
        number (default 500); ``seats``: 2-5 of ``{"kind": "me"}`` (the creator),
        ``{"kind": "bot", "level": "easy"}`` or ``{"kind": "player", "name": "bob"}``
        (a registered player). The rows are written off the loop (on a server database),
        then the first round's game is read in, so that a bot in seat 0 starts at once.
        """
        sid, gid = await self.offload(self._create, user, body)
        await self.games.fetch(gid)  # bots in seat 0 start at once
        return sid

    def _create(self, user: User, body: dict[str, Any]) -> tuple[int, str]:
        """Check the request and store the series and its first round; their ids."""
        rules = preset_name(body.get("rules", "standard"))
        variants = body.get("variants") or []
        if not isinstance(variants, list) or not all(
            isinstance(v, str) and v in VARIANTS for v in variants
        ):
            raise ServiceError(N_("unknown variant; known: {known}"), known=", ".join(VARIANTS))
        target = body.get("target", DEFAULT_TARGET)
        if isinstance(target, str) and target.strip().isdigit():
            target = int(target)
        if isinstance(target, bool) or not isinstance(target, int):
            raise ServiceError(N_("target must be a whole number of points"))
        if not 1 <= target <= MAX_TARGET:
            raise ServiceError(N_("target must be between 1 and {most}"), most=MAX_TARGET)
        seats = body.get("seats")
        if not isinstance(seats, list) or not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise ServiceError(
                N_("a series has {least}-{most} seats"), least=MIN_PLAYERS, most=MAX_PLAYERS
            )
        try:
            rules_of(rules, variants, len(seats), None)
        except CuttleError as e:
            raise ServiceError(str(e)) from None
        with self.sessions.begin() as db:
            infos = self._seats(db, user, seats)
            names = [s["name"] for s in infos]
            if len(set(names)) != len(names):
                raise ServiceError(N_("each player sits in one seat only"))
            now = time.time()
            row = SeriesRow(
                rules=rules,
                variants=" ".join(sorted(variants)),
                players=len(infos),
                target=target,
                seats=json.dumps(infos),
                status="playing",
                created_by=user.id,
                created_at=now,
            )
            db.add(row)
            db.flush()
            gid = self._new_round(db, row, 1)
            sid = row.id
        return sid, gid

    def _seats(self, db: Session, user: User, seats: Sequence[object]) -> list[dict[str, Any]]:
        infos: list[dict[str, Any]] = []
        for i, s in enumerate(seats):
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind == "me":
                infos.append({"name": user.display, "user_id": user.id, "bot": None})
            elif kind == "bot":
                assert isinstance(s, dict)
                level = s.get("level", "easy")
                if level not in BOT_LEVELS:
                    raise ServiceError(
                        N_("seat {seat}: bot level must be one of {levels}"),
                        seat=i,
                        levels=", ".join(BOT_LEVELS),
                    )
                infos.append({"name": f"bot {i + 1} ({level})", "user_id": None, "bot": level})
            elif kind == "player":
                assert isinstance(s, dict)
                name = s.get("name")
                if not isinstance(name, str) or "\x00" in name or not 0 < len(name) <= 32:
                    raise ServiceError(N_("seat {seat}: a player's name is needed"), seat=i)
                found = db.scalar(select(User).where(User.username == name))
                if found is None:
                    raise ServiceError(
                        N_("seat {seat}: no registered player {name}"), seat=i, name=repr(name)
                    )
                infos.append({"name": found.display, "user_id": found.id, "bot": None})
            else:
                raise ServiceError(N_("seat {seat}: kind must be 'me', 'bot' or 'player'"), seat=i)
        return infos

    def _new_round(self, db: Session, row: SeriesRow, number: int) -> str:
        """Create round ``number``'s game (playing at once) and its row; the game's id."""
        infos = json.loads(row.seats)
        seats = []
        for p in seating(row.players, number):
            info = infos[p]
            name = info["name"] if info["bot"] is None else f"bot ({info['bot']})"
            seats.append(SeatSpec(info["user_id"], info["bot"], name))
        spec = GameSpec(
            rules=row.rules,
            players=row.players,
            seats=tuple(seats),
            variants=tuple(row.variants.split()),
            created_by=row.created_by,
        )
        gid = insert_game(db.connection(), spec, time.time()).id
        db.add(SeriesRoundRow(series_id=row.id, number=number, game_id=gid))
        row.current_game = gid
        return gid

    # ------------------------------------------------------------------ scoring

    def _series(self, row: SeriesRow, rounds: Sequence[SeriesRoundRow]) -> Series:
        names = [s["name"] for s in json.loads(row.seats)]
        done = [
            Round(json.loads(r.points), frozenset(json.loads(r.against or "[]")))
            for r in rounds
            if r.points is not None
        ]
        return Series(names, row.target, done)

    def pending(self) -> set[asyncio.Task[None]]:
        """The deferred round scorings not yet done (a server database's; the app's
        shutdown waits for them)."""
        return set(self._tasks)

    def game_over(self, live: LiveGame) -> None:
        """The game-over hook: score the round ``live`` was and start the next (if any);
        at once on SQLite, else in a worker thread once the loop is free. It only reads
        ``live`` and adds nothing to it (no :class:`~cuttle.server.game.spec.GameOverNews`)."""
        points, against = round_points(live)
        if not self.offload.threaded:
            gid = self._score_round(live.id, points, against)
            if gid is not None:
                self.games.load(gid)  # bots start the next round at once
            return
        task = asyncio.get_running_loop().create_task(
            self._score_off_loop(live.id, points, against)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _score_off_loop(self, gid: str, points: list[int], against: list[bool]) -> None:
        try:
            following = await self.offload(self._score_round, gid, points, against)
            if following is not None:
                await self.games.fetch(following)  # bots start the next round at once
        except Exception:
            log.exception("scoring series round %s failed", gid)

    def _score_round(self, gid: str, points: list[int], against: list[bool]) -> str | None:
        """Add game ``gid``'s ``points`` (by seat; ``against``: counted against the seat) to
        its series, if it is an unscored round of one; the next round's game, if any."""
        with self.sessions.begin() as db:
            rnd = db.scalar(
                select(SeriesRoundRow).where(
                    SeriesRoundRow.game_id == gid, SeriesRoundRow.points.is_(None)
                )
            )
            if rnd is None:
                return None
            row = db.get(SeriesRow, rnd.series_id)
            if row is None or row.status != "playing":
                return None
            rounds = self._rounds(db, row.id)
            series = self._series(row, rounds)
            order = seating(row.players, rnd.number)
            by_name = {series.players[order[s]]: points[s] for s in range(row.players)}
            flagged = sorted(series.players[order[s]] for s in range(row.players) if against[s])
            series = series.add_round(by_name, flagged)
            now = time.time()
            rnd.points = json.dumps(by_name)
            rnd.against = json.dumps(flagged)
            rnd.finished_at = now
            if series.winner is not None:
                row.status = "over"
                row.winner = series.winner
                row.finished_at = now
                row.current_game = None
                return None
            return self._new_round(db, row, rnd.number + 1)

    # ------------------------------------------------------------------ reading

    def _rounds(self, db: Session, sid: int) -> list[SeriesRoundRow]:
        return list(
            db.scalars(
                select(SeriesRoundRow)
                .where(SeriesRoundRow.series_id == sid)
                .order_by(SeriesRoundRow.number)
            )
        )

    def sheet(self, sid: int) -> dict[str, Any]:
        """The scoring sheet of series ``sid`` as JSON; 404 if there is none.

        ``rounds`` lists, for every round, its game, who sat in seat 0, and (once over)
        each player's ``points`` on the table, the round's ``score`` (negative where it
        counts ``against`` the player) and the running ``totals``.
        """
        with self.sessions() as db:
            row = db.get(SeriesRow, sid)
            if row is None:
                raise ServiceError(N_("no such series"), 404)
            rounds = self._rounds(db, sid)
        infos = json.loads(row.seats)
        series = self._series(row, rounds)
        names = list(series.players)
        out_rounds = []
        for i, r in enumerate(rounds):
            entry: dict[str, Any] = {
                "number": r.number,
                "game": r.game_id,
                "starts": names[seating(row.players, r.number)[0]],
                "done": r.points is not None,
            }
            if r.points is not None and i < len(series.rounds):
                sr = series.rounds[i]
                entry["points"] = dict(sr.points)
                entry["against"] = sorted(sr.against)
                entry["score"] = {p: sr.score(p) for p in names}
                entry["totals"] = series.totals(i + 1)
            out_rounds.append(entry)
        return {
            "id": row.id,
            "rules": row.rules,
            "variants": row.variants.split(),
            "target": row.target,
            "players": [
                {"name": s["name"], "bot": s["bot"], "person": s["user_id"] is not None}
                for s in infos
            ],
            "status": row.status,
            "winner": row.winner,
            "game": row.current_game,
            "rounds": out_rounds,
            "totals": series.totals(),
        }

    def series_of_game(self, gid: str) -> int | None:
        """The series game ``gid`` is a round of, or ``None``."""
        if not isinstance(gid, str) or len(gid) > 16 or "\x00" in gid:
            return None
        with self.sessions() as db:
            return db.scalar(select(SeriesRoundRow.series_id).where(SeriesRoundRow.game_id == gid))
