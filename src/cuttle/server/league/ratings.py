"""Ratings: people's matches (Glicko-2), games against bots (Glicko-2) and games of 3-5
seats or teams (openskill), each in its own pool and by rule set, with their history.

A rating row is locked for update while it changes, so that two workers rating the
same players wait for each other instead of losing a result.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.league.chart import ChartPoint
from cuttle.league.glicko2 import LICHESS, Rating
from cuttle.league.glicko2 import update as glicko_update
from cuttle.league.multi import MultiRating, rate_game

from .keys import BOTS, MULTI, PEOPLE
from .models import LeagueRating, LeagueRatingPoint
from .people import names_of
from .settings import moment_of, stamp


class Ratings:
    """Every rating pool of the league: rating a result, ladders, histories."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        """Read and write through ``sessions``."""
        self.sessions = sessions

    def row(self, db: Session, pool: str, key: str, subject: str) -> LeagueRating:
        """``subject``'s rating row in ``pool`` for ``key``, locked until ``db`` commits
        (a new row, unsaved, if it has none). Take several in :func:`sorted` order of
        subject, so that two workers rating the same players wait, never deadlock."""
        row = db.get(LeagueRating, (pool, key, subject), with_for_update=True)
        if row is None:
            if pool == MULTI:
                new = MultiRating()
                row = LeagueRating(
                    pool=pool,
                    rules=key,
                    subject=subject,
                    rating=new.mu,
                    deviation=new.sigma,
                    volatility=0.0,
                    wins=0,
                    losses=0,
                    draws=0,
                )
            else:
                r = LICHESS.new_rating()
                row = LeagueRating(
                    pool=pool,
                    rules=key,
                    subject=subject,
                    rating=r.rating,
                    deviation=r.deviation,
                    volatility=r.volatility,
                    wins=0,
                    losses=0,
                    draws=0,
                )
            db.add(row)
        return row

    def periods(self, row: LeagueRating, now: datetime) -> float:
        """The rating periods since ``row`` was last rated (one for a new row)."""
        if row.last_at is None:
            return 1.0
        days = max(stamp(now) - row.last_at, 0.0) / 86400.0
        return days * LICHESS.periods_per_day

    def rate_pair(
        self,
        db: Session,
        pool: str,
        key: str,
        winner: str,
        loser: str,
        now: datetime,
        match_id: int | None,
        game_id: str | None,
        draw: bool = False,
    ) -> None:
        """One Glicko-2 result, as :meth:`cuttle.league.RatingBook.rate` rates it."""
        rows = {s: self.row(db, pool, key, s) for s in sorted((winner, loser))}
        a, b = rows[winner], rows[loser]
        ra = Rating(a.rating, a.deviation, a.volatility)
        rb = Rating(b.rating, b.deviation, b.volatility)
        sa = 0.5 if draw else 1.0
        na = glicko_update(ra, [(rb, sa)], LICHESS, self.periods(a, now))
        nb = glicko_update(rb, [(ra, 1.0 - sa)], LICHESS, self.periods(b, now))
        for row, new, won in ((a, na, True), (b, nb, False)):
            row.rating, row.deviation, row.volatility = new.rating, new.deviation, new.volatility
            row.last_at = stamp(now)
            if draw:
                row.draws += 1
            elif won:
                row.wins += 1
            else:
                row.losses += 1
            db.add(
                LeagueRatingPoint(
                    pool=pool,
                    rules=key,
                    subject=row.subject,
                    at=stamp(now),
                    rating=new.rating,
                    deviation=new.deviation,
                    match_id=match_id,
                    game_id=game_id,
                )
            )

    def rate_bot_game(
        self,
        subjects: list[str],
        key: str,
        winners: tuple[int, ...],
        now: datetime,
        game_id: str,
    ) -> None:
        """Rate a person's game against a bot (seat ``i`` is ``subjects[i]``) in the bot pool."""
        with self.sessions.begin() as db:
            if winners:
                w = winners[0]
                self.rate_pair(db, BOTS, key, subjects[w], subjects[1 - w], now, None, game_id)
            else:
                self.rate_pair(db, BOTS, key, subjects[0], subjects[1], now, None, game_id, True)

    def rate_multi(
        self,
        subjects: list[str],
        teams: list[list[int]],
        key: str,
        winners: tuple[int, ...],
        now: datetime,
        game_id: str,
    ) -> None:
        """Rate a ranked game of 3-5 seats or teams with openskill (pool ``multi``)."""
        with self.sessions.begin() as db:
            locked = {s: self.row(db, MULTI, key, s) for s in sorted(set(subjects))}
            rows = [locked[s] for s in subjects]
            before = [MultiRating(r.rating, r.deviation) for r in rows]
            after = rate_game(before, winners, teams)
            won = set(winners)
            for seat, (row, new) in enumerate(zip(rows, after, strict=True)):
                row.rating, row.deviation, row.last_at = new.mu, new.sigma, stamp(now)
                if not won:
                    row.draws += 1
                elif seat in won:
                    row.wins += 1
                else:
                    row.losses += 1
                db.add(
                    LeagueRatingPoint(
                        pool=MULTI,
                        rules=key,
                        subject=row.subject,
                        at=stamp(now),
                        rating=new.shown,
                        deviation=new.sigma * 20.0,
                        match_id=None,
                        game_id=game_id,
                    )
                )

    def ladder(self, pool: str = PEOPLE, key: str = "standard") -> list[dict[str, Any]]:
        """A rating ladder, best first: name, rating (shown), deviation, provisional, record."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueRating).where(LeagueRating.pool == pool, LeagueRating.rules == key)
            ).all()
            names = names_of(db, [int(r.subject[2:]) for r in rows if r.subject.startswith("u:")])
        out: list[dict[str, Any]] = []
        for r in rows:
            if pool == MULTI:
                mr = MultiRating(r.rating, r.deviation)
                shown, prov, display = mr.shown, mr.provisional(), mr.display()
            else:
                g = Rating(r.rating, r.deviation, r.volatility)
                shown, prov, display = g.rating, g.provisional(), g.display()
            bot = r.subject.startswith("bot:")
            name = r.subject if bot else names.get(int(r.subject[2:]), r.subject)
            out.append(
                {
                    "player": name,
                    "bot": bot,
                    "rating": round(shown, 1),
                    "deviation": round(r.deviation, 1),
                    "provisional": prov,
                    "display": display,
                    "wins": r.wins,
                    "losses": r.losses,
                    "draws": r.draws,
                }
            )
        out.sort(key=lambda x: (-float(x["rating"]), str(x["player"])))
        return out

    def keys(self, pool: str = PEOPLE) -> list[str]:
        """The rule sets rated in ``pool`` (``standard`` always first)."""
        with self.sessions() as db:
            keys = set(
                db.scalars(select(LeagueRating.rules).where(LeagueRating.pool == pool).distinct())
            )
        return ["standard", *sorted(keys - {"standard"})]

    def history(self, user_id: int, key: str = "standard", pool: str = PEOPLE) -> list[ChartPoint]:
        """A player's rating history under ``key``, oldest first."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueRatingPoint)
                .where(
                    LeagueRatingPoint.subject == f"u:{user_id}",
                    LeagueRatingPoint.pool == pool,
                    LeagueRatingPoint.rules == key,
                )
                .order_by(LeagueRatingPoint.id)
            ).all()
        return [ChartPoint(moment_of(r.at), r.rating, r.deviation) for r in rows]

    def queue_rating(self, user_id: int, rules: str) -> float:
        """The rating the queue pairs ``user_id`` by under ``rules`` (a new player's
        default when there is none)."""
        with self.sessions() as db:
            row = db.get(LeagueRating, (PEOPLE, rules, f"u:{user_id}"))
        return row.rating if row else LICHESS.default_rating

    def of_player(self, user_id: int) -> list[dict[str, Any]]:
        """Every rating of ``user_id``, by pool and rule set."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueRating).where(LeagueRating.subject == f"u:{user_id}")
            ).all()
        ratings = []
        for r in sorted(rows, key=lambda r: (r.pool, r.rules)):
            if r.pool == MULTI:
                mr = MultiRating(r.rating, r.deviation)
                shown, display, prov = mr.shown, mr.display(), mr.provisional()
            else:
                g = Rating(r.rating, r.deviation, r.volatility)
                shown, display, prov = g.rating, g.display(), g.provisional()
            ratings.append(
                {
                    "pool": r.pool,
                    "rules": r.rules,
                    "rating": round(shown, 1),
                    "deviation": round(r.deviation, 1),
                    "display": display,
                    "provisional": prov,
                    "wins": r.wins,
                    "losses": r.losses,
                    "draws": r.draws,
                }
            )
        return ratings


def match_rating_changes(db: Session, match_id: int) -> dict[str, int]:
    """How a rated match moved each player's rating, by subject (``u:<id>``): the rating
    after it minus the one before (the previous point of that rating's history, or a new
    player's rating), rounded; empty while the match is not rated."""
    points = db.scalars(
        select(LeagueRatingPoint).where(
            LeagueRatingPoint.match_id == match_id, LeagueRatingPoint.pool == PEOPLE
        )
    ).all()
    changes: dict[str, int] = {}
    for p in points:
        before = db.scalar(
            select(LeagueRatingPoint.rating)
            .where(
                LeagueRatingPoint.pool == p.pool,
                LeagueRatingPoint.rules == p.rules,
                LeagueRatingPoint.subject == p.subject,
                LeagueRatingPoint.id < p.id,
            )
            .order_by(LeagueRatingPoint.id.desc())
            .limit(1)
        )
        start = LICHESS.new_rating().rating if before is None else before
        changes[p.subject] = round(p.rating - start)
    return changes
