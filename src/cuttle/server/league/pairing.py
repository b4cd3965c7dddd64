"""The ranked queue: registered players wait under a rule set and are paired by rating
within a band that widens as they wait (:func:`cuttle.league.queue.pairs`); each pair
starts a league match. The queue lives in memory and changes on the event loop only."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from cuttle.i18n import N_
from cuttle.league.queue import Band, Waiting, pairs

from ..errors import ServiceError
from ..models import User
from ..offload import Offload
from .keys import check_key
from .matches import Matches
from .ratings import Ratings


@dataclass
class QueueEntry:
    """A player waiting in the ranked queue."""

    user_id: int
    name: str
    rules: str
    rating: float
    since: float


class RankedQueue:
    """The players waiting for a ranked opponent, and the pairs found for them."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        offload: Offload,
        ratings: Ratings,
        matches: Matches,
        band: Band,
    ) -> None:
        """Pair by ``ratings`` within ``band``; start matches with ``matches`` through
        ``offload``."""
        self.sessions = sessions
        self.offload = offload
        self.ratings = ratings
        self.matches = matches
        self.band = band
        self.waiting: dict[int, QueueEntry] = {}
        """Who waits, by user id."""
        self.found: dict[int, dict[str, Any]] = {}
        """The match found for a player, told on their next look."""
        self._pairing: set[int] = set()
        """Players whose match the queue is starting (they still show as waiting)."""

    async def join(self, user: User, key: object) -> dict[str, Any]:
        """Wait for a ranked opponent under ``key``; pairs at once when one fits."""
        if user.guest:
            raise ServiceError(N_("the ranked queue is for registered players: sign up first"), 403)
        rules = check_key(key or "standard")
        rating = await self.offload(self.ratings.queue_rating, user.id, rules)
        self.found.pop(user.id, None)
        self.waiting[user.id] = QueueEntry(user.id, user.display, rules, rating, time.monotonic())
        return await self.status(user)

    def leave(self, user: User) -> dict[str, Any]:
        """Leave the queue."""
        self.waiting.pop(user.id, None)
        return {"status": "idle"}

    async def status(self, user: User) -> dict[str, Any]:
        """Pair whoever fits, then say where ``user`` stands: idle, waiting or matched."""
        await self._pair()
        if user.id in self.found:  # said once: the next look finds the player idle
            return {"status": "matched", **self.found.pop(user.id)}
        entry = self.waiting.get(user.id)
        if entry is None:
            return {"status": "idle"}
        waited = time.monotonic() - entry.since
        return {
            "status": "waiting",
            "rules": entry.rules,
            "rating": round(entry.rating),
            "waited": round(waited, 1),
            "band": round(self.band.width(waited)),
            "waiting": sum(1 for e in self.waiting.values() if e.rules == entry.rules),
        }

    async def _pair(self) -> None:
        """Start a match for every pair that fits. The pairs are chosen on the loop and
        marked as being paired before their match is written (off the loop), so that a
        request meanwhile neither pairs them again nor finds them idle."""
        now = time.monotonic()
        chosen: list[tuple[str, QueueEntry, QueueEntry]] = []
        for rules in sorted({e.rules for e in self.waiting.values()}):
            entries = {
                e.name: e
                for e in self.waiting.values()
                if e.rules == rules and e.user_id not in self._pairing
            }
            waiting = [Waiting(e.name, e.rating, e.since) for e in entries.values()]
            for a, b in pairs(waiting, now, self.band):
                ea, eb = entries[a], entries[b]
                self._pairing.update((ea.user_id, eb.user_id))
                chosen.append((rules, ea, eb))
        try:
            for rules, ea, eb in chosen:
                info = await self.offload(self._start, ea.user_id, eb.user_id, rules)
                for e in (ea, eb):
                    if self.waiting.get(e.user_id) is e:
                        del self.waiting[e.user_id]
                    self.found[e.user_id] = {**info, "opponent": (eb if e is ea else ea).name}
        finally:  # paired or not (the write failed): no longer being paired
            for _, ea, eb in chosen:
                self._pairing.difference_update((ea.user_id, eb.user_id))

    def _start(self, first: int, second: int, rules: str) -> dict[str, Any]:
        """Start the match of a pair from the queue; where its first game is."""
        with self.sessions.begin() as db:
            ua, ub = db.get(User, first), db.get(User, second)
            assert ua is not None and ub is not None
            m = self.matches.start(db, ua, ub, rules)
            return {"match": m.id, "game": m.current_game, "url": f"/g/{m.current_game}"}
