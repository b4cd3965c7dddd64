"""Helpers for the league's site tests: registered players, the fake clock, matches played
over the real HTTP and websocket API, and the expected values worked out independently."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from srvutil import Client, ServerProc

PASSWORD = "a good password"
START = date(2026, 1, 5)
"""The league's first Clubs season starts on this Monday (``CUTTLE_LEAGUE_START``)."""


def league_server(data: Path, database_url: str | None = None) -> ServerProc:
    """A server with a fake league clock, 1-second abandonment and the organiser ``boss``."""
    return ServerProc(
        data,
        database_url=database_url,
        env={
            "CUTTLE_FAKE_NOW": "2026-01-05T09:00:00Z",
            "CUTTLE_LEAGUE_START": START.isoformat(),
            "CUTTLE_LEAGUE_TZ": "UTC",
            "CUTTLE_ABANDON_SECONDS": "1",
        },
        args=["--admin", "boss"],
    )


def register(base: str, name: str) -> Client:
    """A new registered player ``name``, signed in."""
    c = Client(base)
    r = c.post("/api/signup", {"username": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    c.csrf = r.json()["csrf"]
    c.user = r.json()["user"]
    return c


def at(day: date, minutes: int = 0) -> datetime:
    """Noon UTC of ``day`` plus ``minutes``."""
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC) + timedelta(minutes=minutes)


class League:
    """Drives the league through the site as its players would."""

    def __init__(self, server: ServerProc, admin: Client, players: dict[str, Client]) -> None:
        """``players`` by name; ``admin`` organises."""
        self.server = server
        self.admin = admin
        self.players = players

    def set_clock(self, when: datetime) -> None:
        """Move the fake clock."""
        r = self.admin.post("/api/league/clock", {"now": when.isoformat()})
        assert r.status_code == 200, r.text

    def get(self, path: str) -> Any:
        """GET JSON (as the admin)."""
        r = self.admin.http.get(path)
        assert r.status_code == 200, r.text
        return r.json()

    def challenge(self, a: str, b: str, rules: str = "standard") -> int:
        """``a`` challenges ``b``, who accepts; the match id (``a`` in seat 0 first)."""
        r = self.players[a].post("/api/league/challenges", {"opponent": b, "rules": rules})
        assert r.status_code == 201, r.text
        r = self.players[b].post(f"/api/league/challenges/{r.json()['id']}/accept")
        assert r.status_code == 200, r.text
        match_id: int = r.json()["match"]["id"]
        return match_id

    def seats(self, gid: str) -> list[str]:
        """The names in a game's seats."""
        return [p["name"] for p in self.get(f"/api/games/{gid}")["players"]]

    def end_game(self, gid: str, outcome: str) -> dict[str, Any]:
        """End game ``gid``: ``outcome`` names the winner (the other player resigns) or is
        ``draw`` (both offer). Returns the last event's ``meta``."""
        names = self.seats(gid)
        if outcome == "draw":
            s0, s1 = (self.players[n].ws(gid) for n in names)
            for s in (s0, s1):
                s.until(lambda m: m["t"] == "state")
            s0.send({"t": "draw", "action": "offer"})
            s1.until(lambda m: m["t"] == "offer")
            s1.send({"t": "draw", "action": "accept"})
            last = s1.until(lambda m: m["t"] == "event" and "meta" in m)
            s0.close()
            s1.close()
        else:
            assert outcome in names, (outcome, names)
            loser = names[1 - names.index(outcome)]
            sock = self.players[loser].ws(gid)
            sock.until(lambda m: m["t"] == "state")
            sock.send({"t": "resign"})
            last = sock.until(lambda m: m["t"] == "event" and "meta" in m)
            sock.close()
        meta: dict[str, Any] = last["meta"]
        assert meta["status"] == "over"
        return meta

    def play(self, match_id: int, plan: list[str]) -> dict[str, Any]:
        """Play match ``match_id`` game by game as ``plan`` says; the finished match."""
        for outcome in plan:
            m = self.get(f"/api/league/matches/{match_id}")
            assert m["status"] == "playing", m
            self.end_game(m["game"], outcome)
        m = self.get(f"/api/league/matches/{match_id}")
        assert m["status"] == "over", m
        return m


# ---------------------------------------------------------------------------------------
# Expected values, worked out here from the rules in docs/league.md (not with cuttle.league)


@dataclass(frozen=True)
class Played:
    """A finished match as the test scheduled it."""

    when: datetime
    a: str
    b: str
    winner: str


def expected_week_points(week: list[Played]) -> dict[str, int]:
    """Seed 001's weekly points for one week."""
    seen: set[frozenset[str]] = set()
    wins: dict[str, int] = {}
    for m in sorted(week, key=lambda m: m.when):
        pair = frozenset((m.a, m.b))
        if pair in seen:
            continue
        seen.add(pair)
        wins.setdefault(m.a, 0)
        wins.setdefault(m.b, 0)
        wins[m.winner] += 1
    points = {}
    for p, w in wins.items():
        if w == 0:
            points[p] = 1
            continue
        place = 1 + sum(1 for x in wins.values() if x > w)
        points[p] = {1: 5, 2: 4, 3: 3}.get(place, 2)
    return points


def expected_season(
    matches: list[Played], first_day: date
) -> tuple[dict[str, int], dict[str, int], dict[str, dict[int, int]]]:
    """Total points, total match wins and points by week for a 13-week season."""
    weeks: dict[int, list[Played]] = defaultdict(list)
    for m in matches:
        days = (m.when.date() - first_day).days
        if 0 <= days < 91:
            weeks[days // 7 + 1].append(m)
    by_week: dict[str, dict[int, int]] = defaultdict(dict)
    for w, ms in weeks.items():
        for p, pts in expected_week_points(ms).items():
            by_week[p][w] = pts
    points = {p: sum(ws.values()) for p, ws in by_week.items()}
    wins = {p: 0 for p in by_week}
    for ms in weeks.values():
        for m in ms:
            wins[m.winner] += 1
    return points, wins, dict(by_week)


POINTS = [21, 14, 10, 7, 5, 3, 2, 1]


def expected_championship_points(places: dict[str, int]) -> dict[str, float]:
    """Places to championship points, ties sharing the points of the places they span."""
    out = {}
    for p, place in places.items():
        tied = sum(1 for q in places.values() if q == place)
        span = [POINTS[i] if i < 8 else 0 for i in range(place - 1, place - 1 + tied)]
        out[p] = sum(span) / tied
    return out
