"""The league's game-over hook on a real (migrated) SQLite database: it only reads the
finished live game and returns what the league adds to it (:class:`GameOverNews`); the
match's games are made through ``insert_game`` with the rows a league game always had."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import Engine, insert, select
from sqlalchemy.orm import Session, sessionmaker

from cuttle.engine.rules import get_rules
from cuttle.league import Calendar
from cuttle.server.db import make_engine, make_sessionmaker, migrate
from cuttle.server.game.live import GameSetup, LiveGame, MatchInfo, SeatInfo
from cuttle.server.game.spec import GameOverNews, GameSpec, SeatSpec, insert_game
from cuttle.server.league.brackets import Championships
from cuttle.server.league.matches import Matches
from cuttle.server.league.models import LeagueMatch, LeagueRating
from cuttle.server.league.ratings import Ratings
from cuttle.server.league.results import Results
from cuttle.server.league.seasons import Seasons
from cuttle.server.league.settings import Clock
from cuttle.server.models import GameRow, SeatRow, User
from cuttle.server.offload import Offload
from cuttle.table import Table

ALICE, BOB = 1, 2
NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[sessionmaker[Session]]:
    """A migrated SQLite database with two registered players."""
    engine: Engine = make_engine(f"sqlite:///{tmp_path / 'league.db'}")
    migrate(engine)
    with engine.begin() as db:
        db.execute(
            insert(User),
            [
                {"id": ALICE, "username": "alice", "guest": False, "created_at": 0.0},
                {"id": BOB, "username": "bob", "guest": False, "created_at": 0.0},
            ],
        )
    yield make_sessionmaker(engine)
    engine.dispose()


@pytest.fixture
def league(sessions: sessionmaker[Session]) -> tuple[Matches, Results]:
    """The league's match and result parts, writing at once (as on SQLite)."""
    clock = Clock(NOW)
    ratings = Ratings(sessions)
    matches = Matches(sessions, clock)
    seasons = Seasons(sessions, Calendar(date(2026, 1, 5), ZoneInfo("UTC")), clock)
    championships = Championships(sessions, seasons, matches, lambda _user: False)
    offload = Offload(threaded=False)
    return matches, Results(sessions, offload, clock, ratings, matches, championships)


def users(sessions: sessionmaker[Session]) -> tuple[User, User]:
    with sessions() as db:
        a, b = db.get(User, ALICE), db.get(User, BOB)
    assert a is not None and b is not None
    return a, b


def game_columns(sessions: sessionmaker[Session], gid: str) -> dict[str, Any]:
    with sessions() as db:
        row = db.execute(select(GameRow.__table__).where(GameRow.id == gid)).one()
        seats = db.execute(
            select(SeatRow.seat, SeatRow.user_id, SeatRow.bot, SeatRow.name)
            .where(SeatRow.game_id == gid)
            .order_by(SeatRow.seat)
        ).all()
    return {**dict(row._mapping), "seats": [tuple(s) for s in seats]}


def finished(gid: str, seats: list[SeatInfo], resigner: int, match_id: int | None) -> LiveGame:
    """A live ranked standard game ``gid`` that seat ``resigner`` resigned."""
    table = Table(get_rules("standard"), seed=3)
    table.resign(resigner)
    return LiveGame(
        id=gid,
        setup=GameSetup("standard", (), 2, (), ranked=True),
        status="over",
        seats=seats,
        table=table,
        match=MatchInfo(match_id=match_id),
    )


def test_a_match_game_is_stored_as_a_league_game(
    sessions: sessionmaker[Session], league: tuple[Matches, Results]
) -> None:
    matches, _ = league
    alice, bob = users(sessions)
    with sessions.begin() as db:
        m = matches.start(db, alice, bob, "standard+nine-freeze")
        mid, gid = m.id, m.current_game
    assert gid is not None
    row = game_columns(sessions, gid)
    assert (row["rules"], row["variants"], row["players"], row["status"]) == (
        "standard",
        "nine-freeze",
        2,
        "playing",
    )
    assert (row["ranked"], row["match_id"], row["created_by"], row["private"]) == (
        True,
        mid,
        ALICE,
        False,
    )
    assert (row["practice"], row["house_rules"], row["time_control"], row["clock_start"]) == (
        False,
        None,
        None,
        None,
    )
    assert row["seats"] == [(0, ALICE, None, "alice"), (1, BOB, None, "bob")]


def test_the_hook_returns_the_match_step_and_leaves_the_live_game_alone(
    sessions: sessionmaker[Session], league: tuple[Matches, Results]
) -> None:
    matches, results = league
    alice, bob = users(sessions)
    with sessions.begin() as db:
        m = matches.start(db, alice, bob, "standard")
        mid, first = m.id, m.current_game
    assert first is not None
    live = finished(first, [SeatInfo(ALICE, None, "alice"), SeatInfo(BOB, None, "bob")], 1, mid)

    news = results.game_over(live)

    assert isinstance(news, GameOverNews)
    assert live.match == MatchInfo(match_id=mid, league=None)  # read, never written
    assert news.match_id == mid and news.league is not None
    assert (news.league["score"], news.league["status"]) == ([1, 0], "playing")
    assert news.league["games"] == [{"game": first, "ending": "resign", "player": "bob"}]
    second = news.league["game"]
    assert second not in (None, first)
    row = game_columns(sessions, second)
    assert row["seats"] == [(0, BOB, None, "bob"), (1, ALICE, None, "alice")]  # swapped
    assert (row["ranked"], row["match_id"], row["created_by"]) == (True, mid, BOB)

    live2 = finished(second, [SeatInfo(BOB, None, "bob"), SeatInfo(ALICE, None, "alice")], 0, mid)
    news2 = results.game_over(live2)

    assert isinstance(news2, GameOverNews) and news2.league is not None
    assert (news2.league["score"], news2.league["status"]) == ([2, 0], "over")
    assert (news2.league["winner"], news2.league["game"]) == ("alice", None)
    with sessions() as db:
        rated = {
            r.subject: (r.wins, r.losses)
            for r in db.scalars(select(LeagueRating).where(LeagueRating.pool == "people"))
        }
    assert rated == {f"u:{ALICE}": (1, 0), f"u:{BOB}": (0, 1)}  # one result a match


def test_a_ranked_lobby_game_starts_its_match_in_the_news(
    sessions: sessionmaker[Session], league: tuple[Matches, Results]
) -> None:
    _, results = league
    spec = GameSpec(
        "standard",
        2,
        (SeatSpec(ALICE, None, "alice"), SeatSpec(BOB, None, "bob")),
        ranked=True,
        created_by=ALICE,
    )
    with sessions.begin() as db:
        gid = insert_game(db.connection(), spec, 0.0).id
    live = finished(gid, [SeatInfo(ALICE, None, "alice"), SeatInfo(BOB, None, "bob")], 0, None)

    news = results.game_over(live)

    assert isinstance(news, GameOverNews) and news.match_id is not None
    assert live.match.match_id is None and live.match.league is None
    assert game_columns(sessions, gid)["match_id"] == news.match_id
    with sessions() as db:
        m = db.get(LeagueMatch, news.match_id)
        assert m is not None
        assert (m.player1_id, m.player2_id, m.score1, m.score2) == (ALICE, BOB, 0, 1)
        assert json.loads(m.games) == [{"game": gid, "ending": "resign", "player": "alice"}]


def test_a_casual_game_adds_nothing(
    sessions: sessionmaker[Session], league: tuple[Matches, Results]
) -> None:
    _, results = league
    live = finished(
        "casual01", [SeatInfo(ALICE, None, "alice"), SeatInfo(BOB, None, "bob")], 0, None
    )
    live.setup = GameSetup("standard", (), 2, (), ranked=False)
    assert results.game_over(live) is None
    assert live.match == MatchInfo()
