"""Challenges: a registered player asks another by name for a ranked match; the one
challenged accepts (the match starts, the challenger in seat 0) or declines."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_

from ..errors import ServiceError
from ..models import User
from .keys import check_key
from .matches import Matches
from .models import LeagueChallenge, LeagueMatch
from .people import names_of, user_named

ANSWERED_LISTED = 5
"""How many of a player's own answered challenges :meth:`Challenges.challenges` lists."""


class Challenges:
    """Open, list and answer challenges."""

    def __init__(self, sessions: sessionmaker[Session], matches: Matches) -> None:
        """Start accepted challenges' matches with ``matches``."""
        self.sessions = sessions
        self.matches = matches

    def challenge(self, user: User, opponent: object, key: object) -> dict[str, Any]:
        """Challenge a named player to a ranked match."""
        if user.guest:
            raise ServiceError(N_("challenges are for registered players: sign up first"), 403)
        rules = check_key(key or "standard")
        with self.sessions.begin() as db:
            other = user_named(db, str(opponent or ""))
            if other.id == user.id:
                raise ServiceError(N_("you cannot challenge yourself"))
            c = LeagueChallenge(
                from_id=user.id, to_id=other.id, rules=rules, status="open", created_at=time.time()
            )
            db.add(c)
            db.flush()
            return {"id": c.id, "to": other.display, "rules": rules, "status": "open"}

    def challenges(self, user: User) -> dict[str, list[dict[str, Any]]]:
        """Open challenges to and from ``user``, and ``answered``: the newest
        :data:`ANSWERED_LISTED` of ``user``'s own that were accepted (with the ``url`` of
        the match's game) or declined, so that a waiting challenger's page can follow."""
        with self.sessions() as db:
            rows = db.scalars(
                select(LeagueChallenge)
                .where(
                    LeagueChallenge.status == "open",
                    or_(LeagueChallenge.from_id == user.id, LeagueChallenge.to_id == user.id),
                )
                .order_by(LeagueChallenge.id)
            ).all()
            answered = db.scalars(
                select(LeagueChallenge)
                .where(
                    LeagueChallenge.from_id == user.id,
                    LeagueChallenge.status.in_(("accepted", "declined")),
                )
                .order_by(LeagueChallenge.id.desc())
                .limit(ANSWERED_LISTED)
            ).all()
            everyone = [*rows, *answered]
            names = names_of(db, [i for c in everyone for i in (c.from_id, c.to_id)])
            urls = {
                c.id: self.matches.to_json(db, m)["url"]
                for c in answered
                if c.match_id is not None and (m := db.get(LeagueMatch, c.match_id)) is not None
            }

        def js(c: LeagueChallenge) -> dict[str, Any]:
            return {"id": c.id, "from": names[c.from_id], "to": names[c.to_id], "rules": c.rules}

        return {
            "incoming": [js(c) for c in rows if c.to_id == user.id],
            "outgoing": [js(c) for c in rows if c.from_id == user.id],
            "answered": [{**js(c), "status": c.status, "url": urls.get(c.id)} for c in answered],
        }

    def answer(self, user: User, challenge_id: int, accept: bool) -> dict[str, Any]:
        """Accept (starting the match, the challenger in seat 0) or decline a challenge."""
        with self.sessions.begin() as db:
            c = db.get(LeagueChallenge, challenge_id, with_for_update=True)
            if c is None or user.id not in (c.from_id, c.to_id):
                raise ServiceError(N_("no such challenge"), 404)
            if c.status != "open":
                raise ServiceError(N_("the challenge is {state}"), 409, state=c.status)
            if not accept:
                c.status = "declined" if user.id == c.to_id else "cancelled"
                return {"id": c.id, "status": c.status}
            if user.id != c.to_id:
                raise ServiceError(N_("only the challenged player can accept"), 403)
            first = db.get(User, c.from_id)
            assert first is not None
            m = self.matches.start(db, first, user, c.rules)
            c.status, c.match_id = "accepted", m.id
            return {"id": c.id, "status": "accepted", "match": self.matches.to_json(db, m)}
