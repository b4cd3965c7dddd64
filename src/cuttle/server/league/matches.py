"""League matches: first to two games between two people, and the ranked games they are
played in (created through :func:`~cuttle.server.game.spec.insert_game`)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import desc, or_, select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_

from ..errors import ServiceError
from ..game.spec import GameSpec, SeatSpec, insert_game
from ..models import User
from .keys import split_key
from .models import LeagueMatch
from .people import names_of
from .ratings import match_rating_changes
from .settings import Clock, moment_of, stamp


class Matches:
    """Starts matches and their games, and shows them."""

    def __init__(self, sessions: sessionmaker[Session], clock: Clock) -> None:
        """Read and write through ``sessions``; date new matches by ``clock``."""
        self.sessions = sessions
        self.clock = clock

    def create_game(self, db: Session, key: str, seats: Sequence[User], match_id: int) -> str:
        """A ranked game of ``match_id`` with ``seats`` seated (playing at once); its id."""
        name, variants = split_key(key)
        spec = GameSpec(
            rules=name,
            players=len(seats),
            seats=tuple(SeatSpec(u.id, None, u.display) for u in seats),
            variants=tuple(sorted(variants)),
            ranked=True,
            match_id=match_id,
            created_by=seats[0].id,
        )
        return insert_game(db.connection(), spec, time.time()).id

    def start(
        self,
        db: Session,
        first: User,
        second: User,
        key: str,
        bracket_id: int | None = None,
        bracket_match: str | None = None,
    ) -> LeagueMatch:
        """A new match and its first game (``first`` in seat 0)."""
        if first.id == second.id:
            raise ServiceError(N_("a match needs two different players"))
        m = LeagueMatch(
            rules=key,
            player1_id=first.id,
            player2_id=second.id,
            status="playing",
            score1=0,
            score2=0,
            games="[]",
            bracket_id=bracket_id,
            bracket_match=bracket_match,
            created_at=stamp(self.clock.now()),
        )
        db.add(m)
        db.flush()
        m.current_game = self.create_game(db, key, [first, second], m.id)
        return m

    def to_json(self, db: Session, m: LeagueMatch) -> dict[str, Any]:
        """A match's summary: players, score, games, the game in play, its bracket."""
        names = names_of(db, [m.player1_id, m.player2_id])
        return {
            "id": m.id,
            "rules": m.rules,
            "players": [names[m.player1_id], names[m.player2_id]],
            "score": [m.score1, m.score2],
            "status": m.status,
            "winner": names.get(m.winner_id) if m.winner_id else None,
            "games": json.loads(m.games),
            "game": m.current_game,
            "url": f"/g/{m.current_game}" if m.current_game else f"/league/matches/{m.id}",
            "bracket": m.bracket_id,
            "bracket_match": m.bracket_match,
            "created_at": moment_of(m.created_at).isoformat(),
            "finished_at": moment_of(m.finished_at).isoformat() if m.finished_at else None,
        }

    def match(self, match_id: int) -> dict[str, Any]:
        """A match's summary, with ``rating_change``: how it moved each player's rating
        (``[12, -12]``, in the players' order; ``None`` until it is rated); 404 if none."""
        with self.sessions() as db:
            m = db.get(LeagueMatch, match_id)
            if m is None:
                raise ServiceError(N_("no such match"), 404)
            changes = match_rating_changes(db, m.id)
            subjects = (f"u:{m.player1_id}", f"u:{m.player2_id}")
            return {
                **self.to_json(db, m),
                "rating_change": [changes[s] for s in subjects]
                if all(s in changes for s in subjects)
                else None,
            }

    def matches_of(
        self, user_id: int, limit: int = 20, open_only: bool = False
    ) -> list[dict[str, Any]]:
        """A player's matches, newest first."""
        with self.sessions() as db:
            q = select(LeagueMatch).where(
                or_(LeagueMatch.player1_id == user_id, LeagueMatch.player2_id == user_id)
            )
            if open_only:
                q = q.where(LeagueMatch.status == "playing")
            rows = db.scalars(q.order_by(desc(LeagueMatch.id)).limit(limit)).all()
            return [self.to_json(db, m) for m in rows]
