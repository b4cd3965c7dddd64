"""Championships: a season's championship (its top eight) and the year's World
Championship, as double-elimination brackets (:class:`cuttle.league.Bracket`) whose
ready matches are started as league matches and whose results come back from them.

A bracket row is locked for update in every transaction that changes it (an organiser's
action, a match's result), so that neither loses the other's change.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import desc, select, update
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_
from cuttle.league import Bracket, BracketError
from cuttle.league.bracket import championship_points
from cuttle.league.championships import season_championship, world_qualifiers

from ..errors import ServiceError
from ..models import User
from .keys import check_key
from .matches import Matches
from .models import LeagueBracket, LeagueMatch
from .people import names_of, user_named
from .seasons import Seasons
from .settings import stamp


class Championships:
    """The brackets: creating, running and showing them."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        seasons: Seasons,
        matches: Matches,
        is_admin: Callable[[User], bool],
    ) -> None:
        """Seed from ``seasons``' standings, start matches with ``matches``; ``is_admin``
        says who organises."""
        self.sessions = sessions
        self.seasons = seasons
        self.matches = matches
        self.is_admin = is_admin

    def state(self, b: LeagueBracket) -> Bracket:
        """The bracket a row holds."""
        return Bracket.from_json(json.loads(b.state))

    def brief(self, b: LeagueBracket) -> dict[str, Any]:
        """A bracket's summary: what it is, its status, champion and places."""
        state = json.loads(b.state)
        return {
            "id": b.id,
            "kind": b.kind,
            "season": b.season,
            "name": b.name,
            "rules": b.rules,
            "status": b.status,
            "published": b.published,
            "champion": state.get("champion"),
            "places": state.get("places", {}),
            "url": f"/league/brackets/{b.id}",
        }

    def _get(
        self, db: Session, bracket_id: int, viewer: User | None, lock: bool = False
    ) -> LeagueBracket:
        """Bracket ``bracket_id`` (locked for update with ``lock``); 404 unless published
        or ``viewer`` organises."""
        b = db.get(LeagueBracket, bracket_id, with_for_update=lock)
        if b is None or (not b.published and not (viewer and self.is_admin(viewer))):
            raise ServiceError(N_("no such bracket"), 404)
        return b

    def _require_admin(self, user: User) -> None:
        """Refuse (403) anyone who does not organise the league."""
        if not self.is_admin(user):
            raise ServiceError(N_("only the league's organisers can do that"), 403)

    def create(self, user: User, body: dict[str, Any]) -> dict[str, Any]:
        """Organisers: seed a season's championship (``kind`` season, ``season`` index) from
        its top 8, or the World Championship (``kind`` world, ``year``) from the four
        seasons' championship points; start it (``running``) unless ``paused``."""
        self._require_admin(user)
        key = check_key(body.get("rules") or "standard")
        kind = body.get("kind", "season")
        # Read first: on SQLite a read inside the write transaction would wait for it.
        index = body.get("season")
        table = (
            self.seasons.standings(index, key)
            if kind == "season" and isinstance(index, int) and not isinstance(index, bool)
            else []
        )
        with self.sessions.begin() as db:
            existing = db.scalars(select(LeagueBracket).where(LeagueBracket.rules == key)).all()
            if kind == "season":
                if isinstance(index, bool) or not isinstance(index, int) or index < 0:
                    raise ServiceError(N_("season must be a season's number (0 is the first)"))
                if not self.seasons.over(index):
                    raise ServiceError(
                        N_("{season} is not over yet"), 409, season=self.seasons.name(index)
                    )
                if any(b.kind == "season" and b.season == index for b in existing):
                    raise ServiceError(N_("that season's championship exists already"), 409)
                if len(table) < 2:
                    raise ServiceError(N_("a championship needs at least two players"), 409)
                bracket = season_championship(table)
                name = f"{self.seasons.name(index)} Championship"
                number = index
            elif kind == "world":
                year = body.get("year")
                if isinstance(year, bool) or not isinstance(year, int):
                    raise ServiceError(N_("year must be a league year"))
                y = year - self.seasons.calendar.start.year
                if y < 0:
                    raise ServiceError(N_("the league had not started that year"))
                if any(b.kind == "world" and b.season == year for b in existing):
                    raise ServiceError(N_("that World Championship exists already"), 409)
                places = []
                for i in range(4 * y, 4 * y + 4):
                    done = [
                        b
                        for b in existing
                        if b.kind == "season" and b.season == i and b.status == "finished"
                    ]
                    if not done:
                        raise ServiceError(
                            N_("the championship of {season} is not finished"),
                            409,
                            season=self.seasons.name(i),
                        )
                    places.append(self.state(done[0]).places())
                qualified = world_qualifiers(places)
                bracket = Bracket([p for p, _ in qualified])
                name = f"World Championship {year}"
                number = year
            else:
                raise ServiceError(N_("kind must be season or world"))
            now = time.time()
            b = LeagueBracket(
                kind=kind,
                season=number,
                name=name,
                rules=key,
                state=json.dumps(bracket.to_json()),
                status="paused" if body.get("paused") else "running",
                published=bool(body.get("publish", False)),
                created_at=now,
                updated_at=now,
            )
            db.add(b)
            db.flush()
            self._advance(db, b, bracket)
            return self.to_json(db, b)

    def _advance(self, db: Session, b: LeagueBracket, bracket: Bracket) -> None:
        """Start a match for every ready bracket match without one (when running)."""
        if bracket.finished:
            b.status = "finished"
        if b.status != "running":
            return
        playing = set(
            db.scalars(
                select(LeagueMatch.bracket_match).where(
                    LeagueMatch.bracket_id == b.id, LeagueMatch.status == "playing"
                )
            )
        )
        for st in bracket.ready():
            if st.spec.id in playing:
                continue
            a, c = (user_named(db, str(s)) for s in st.sides)
            self.matches.start(db, a, c, b.rules, b.id, st.spec.id)

    def report(
        self, db: Session, m: LeagueMatch, winner: str, score: tuple[int, int] | None
    ) -> None:
        """Report bracket match ``m``'s ``winner`` (and ``score``) to its bracket, and start
        the matches that became ready."""
        b = db.get(LeagueBracket, m.bracket_id)
        if b is None or m.bracket_match is None:
            return
        ordered = None if score is None else (max(score), min(score))
        bracket = self.state(b).report_match(m.bracket_match, winner, ordered)
        b.state = json.dumps(bracket.to_json())
        b.updated_at = time.time()
        self._advance(db, b, bracket)

    def action(
        self, user: User, bracket_id: int, action: str, body: dict[str, Any]
    ) -> dict[str, Any]:
        """Organisers: ``pause``, ``resume``, ``reseed`` (``players``, or the standings
        again; only before any result), ``forfeit`` (``match``, ``winner``) or
        ``publish``."""
        self._require_admin(user)
        with self.sessions() as db:
            found = self._get(db, bracket_id, user)
            kind, season, rules = found.kind, found.season, found.rules
        seeded = (
            [s.player for s in self.seasons.standings(season, rules)[:8]]
            if action == "reseed" and kind == "season"
            else []
        )
        with self.sessions.begin() as db:
            b = self._get(db, bracket_id, user, lock=True)
            bracket = self.state(b)
            if action == "publish":
                b.published = True
            elif action == "pause":
                if b.status == "finished":
                    raise ServiceError(N_("the bracket is finished"), 409)
                b.status = "paused"
            elif action == "resume":
                if b.status == "finished":
                    raise ServiceError(N_("the bracket is finished"), 409)
                b.status = "running"
                self._advance(db, b, bracket)
            elif action == "reseed":
                if bracket.results and any(st.status == "done" for st in bracket.matches()):
                    raise ServiceError(N_("a bracket with results cannot be re-seeded"), 409)
                players = body.get("players")
                if players is None:
                    if b.kind != "season":
                        raise ServiceError(N_("give the players to seed"))
                    players = seeded
                if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                    raise ServiceError(N_("players must be a list of names"))
                for p in players:
                    user_named(db, p)
                try:
                    bracket = Bracket(players)
                except BracketError as e:
                    raise ServiceError(e.message, 400, **e.params) from None
                db.execute(
                    update(LeagueMatch)
                    .where(LeagueMatch.bracket_id == b.id, LeagueMatch.status == "playing")
                    .values(status="cancelled", current_game=None)
                )
                b.state = json.dumps(bracket.to_json())
                self._advance(db, b, bracket)
            elif action == "forfeit":
                mid, winner = body.get("match"), body.get("winner")
                if not isinstance(mid, str) or not isinstance(winner, str):
                    raise ServiceError(N_("give the bracket match (such as W1-1) and its winner"))
                try:
                    state = bracket.match(mid)
                    bracket = bracket.report_match(mid, winner)
                except BracketError as e:
                    raise ServiceError(e.message, 409, **e.params) from None
                winner_user = user_named(db, winner)
                db.execute(
                    update(LeagueMatch)
                    .where(
                        LeagueMatch.bracket_id == b.id,
                        LeagueMatch.bracket_match == state.spec.id,
                        LeagueMatch.status == "playing",
                    )
                    .values(
                        status="forfeit",
                        winner_id=winner_user.id,
                        current_game=None,
                        finished_at=stamp(self.seasons.clock.now()),
                    )
                )
                b.state = json.dumps(bracket.to_json())
                self._advance(db, b, bracket)
            else:
                raise ServiceError(N_("no such action"), 404)
            b.updated_at = time.time()
            db.flush()
            return self.to_json(db, b)

    def to_json(self, db: Session, b: LeagueBracket) -> dict[str, Any]:
        """A bracket with its state and its matches' league matches, games and scores."""
        state = json.loads(b.state)
        rows = db.scalars(
            select(LeagueMatch).where(LeagueMatch.bracket_id == b.id).order_by(LeagueMatch.id)
        ).all()
        by_match: dict[str, LeagueMatch] = {}
        for m in rows:
            if m.status != "cancelled" and m.bracket_match:
                by_match[m.bracket_match] = m
        for entry in state["matches"]:
            lm = by_match.get(entry["id"])
            if lm is not None and entry["status"] in ("ready", "done"):
                entry["league_match"] = lm.id
                entry["game"] = lm.current_game
                names = names_of(db, [lm.player1_id, lm.player2_id])
                entry["score"] = {names[lm.player1_id]: lm.score1, names[lm.player2_id]: lm.score2}
        return {
            **self.brief(b),
            "state": state,
            "version": f"{b.updated_at:.6f}",
        }

    def bracket(self, bracket_id: int, viewer: User | None) -> dict[str, Any]:
        """A bracket with its matches (the games in play included); 404 unless published
        or the viewer organises."""
        with self.sessions() as db:
            b = self._get(db, bracket_id, viewer)
            return self.to_json(db, b)

    def brackets(self, viewer: User | None) -> list[dict[str, Any]]:
        """Every bracket the viewer may see, newest first."""
        admin = viewer is not None and self.is_admin(viewer)
        with self.sessions() as db:
            rows = db.scalars(select(LeagueBracket).order_by(desc(LeagueBracket.id))).all()
            return [self.brief(b) for b in rows if b.published or admin]

    def world_points(self, year: int, key: str = "standard") -> list[tuple[str, float]]:
        """The year's championship points so far, best first (every player with points)."""
        y = year - self.seasons.calendar.start.year
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueBracket).where(
                    LeagueBracket.kind == "season",
                    LeagueBracket.rules == key,
                    LeagueBracket.status == "finished",
                )
            ).all()
        places = [self.state(b).places() for b in rows if 4 * y <= b.season < 4 * y + 4]
        return world_qualifiers(places, size=10**6)

    def finished_events(self) -> list[dict[str, Any]]:
        """The site's finished championships, newest first, with places and points."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueBracket)
                .where(LeagueBracket.status == "finished", LeagueBracket.published.is_(True))
                .order_by(desc(LeagueBracket.id))
            ).all()
        out = []
        for b in rows:
            places = self.state(b).places()
            points = championship_points(places)
            out.append(
                {
                    **self.brief(b),
                    "table": sorted(
                        ({"player": p, "place": n, "points": points[p]} for p, n in places.items()),
                        key=lambda x: (x["place"], x["player"]),
                    ),
                }
            )
        return out

    def every_season(self) -> list[dict[str, Any]]:
        """Every season so far, newest first, with dates and its championship."""
        current, _ = self.seasons.now()
        with self.sessions() as db:
            brackets = db.scalars(select(LeagueBracket).where(LeagueBracket.kind == "season")).all()
        out = []
        for i in range(current, -1, -1):
            first, last = self.seasons.calendar.season_dates(i)
            mine = [b for b in brackets if b.season == i]
            out.append(
                {
                    "index": i,
                    "name": self.seasons.name(i),
                    "start": first.isoformat(),
                    "end": last.isoformat(),
                    "over": self.seasons.over(i),
                    "brackets": [self.brief(b) for b in mine],
                }
            )
        return out
