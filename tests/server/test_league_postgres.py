"""The league on PostgreSQL: the migration from the current schema keeps the data, and
matches, ratings, standings and a bracket work as on SQLite (test_league_site.py).

The cluster is test_postgres.py's throwaway cluster (never skipped).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from leagueutil import START, League, Played, at, expected_season, league_server, register
from srvutil import Client, ServerProc
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)
from test_series_site import test_bot_series_sheet_matches_the_stored_games as bot_series

import cuttle.server
from cuttle.league import RatingBook

MIGRATIONS = Path(cuttle.server.__file__).parent / "migrations"


@pytest.fixture(scope="module")
def pg_league(
    postgres: Cluster,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[ServerProc]:
    """A league server on a fresh PostgreSQL database."""
    url = postgres.url(postgres.create_database())
    proc = league_server(tmp_path_factory.mktemp("pgleague") / "data", database_url=url)
    yield proc.start()
    proc.stop()


def test_migration_from_0003_keeps_data_in_postgres(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    dbname = postgres.create_database()
    url = postgres.url(dbname)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0003")
    with postgres.connect(dbname) as pg:
        pg.execute(
            "insert into users (id, username, password_hash, guest, created_at) "
            "values (7, 'oldtimer', 'x', false, 1.0)"
        )
        pg.execute(
            "insert into games (id, rules, variants, players, deck, status, private, "
            "created_at, updated_at, practice) values ('old1', 'standard', '', 2, "
            "'AC 2C', 'over', false, 1.0, 1.0, false)"
        )
    server = league_server(tmp_path / "data", database_url=url).start()
    try:
        assert server.query("select username, is_admin from users where id = 7") == [
            ("oldtimer", False)
        ]
        assert server.query("select id, ranked, match_id from games") == [("old1", False, None)]
        assert server.query("select count(*) from league_ratings") == [(0,)]
        assert server.query("select count(*) from series") == [(0,)]
    finally:
        server.stop()


def test_matches_standings_and_a_bracket_in_postgres(pg_league: ServerProc) -> None:
    boss = register(pg_league.url, "boss")
    names = ["ann", "bob", "cat"]
    league = League(pg_league, boss, {n: register(pg_league.url, n) for n in names})
    played: list[Played] = []
    book = RatingBook()
    schedule = [
        (1, "ann", "bob", ["draw", "ann", "bob", "ann"]),
        (1, "cat", "bob", ["cat", "cat"]),
        (2, "bob", "cat", ["bob", "bob"]),
        (2, "ann", "cat", ["cat", "ann", "ann"]),
        (2, "ann", "cat", ["cat", "cat"]),  # a repeat that week: wins, but no points
    ]
    for i, (week, a, b, plan) in enumerate(schedule):
        when = at(START + timedelta(days=7 * (week - 1) + 1), i)
        league.set_clock(when)
        m = league.play(league.challenge(a, b), plan)
        played.append(Played(when, a, b, m["winner"]))
        loser = b if m["winner"] == a else a
        book.rate(m["winner"], loser, "standard", when)
    assert league.get("/api/league/matches/1")["score"] == [2, 1]  # the draw counts for nobody
    points, wins, by_week = expected_season(played, START)
    table = league.get("/api/league/standings?season=0")["standings"]
    assert {s["player"]: (s["points"], s["wins"]) for s in table} == {
        p: (points[p], wins[p]) for p in points
    }
    assert {s["player"]: {int(w): v for w, v in s["weeks"].items()} for s in table} == by_week
    order = sorted(points, key=lambda p: (-points[p], -wins[p], -book.get(p).rating))
    assert [s["player"] for s in table] == order
    for r in league.get("/api/league/ratings")["ratings"]:
        assert r["rating"] == pytest.approx(round(book.get(r["player"]).rating, 1))
    rows = pg_league.query("select count(*) from league_rating_history where pool = ?", "people")
    assert rows == [(2 * len(schedule),)]

    league.set_clock(at(START + timedelta(days=91)))
    r = boss.post("/api/league/brackets", {"kind": "season", "season": 0, "publish": True})
    assert r.status_code == 201, r.text
    bracket = r.json()
    assert bracket["state"]["players"] == order
    while bracket["status"] != "finished":
        for bm in [m for m in bracket["state"]["matches"] if m["status"] == "ready"]:
            better = min(bm["sides"], key=order.index)
            league.play(bm["league_match"], [better, better])
        bracket = league.get(f"/api/league/brackets/{bracket['id']}")
    assert bracket["places"] == {order[0]: 1, order[1]: 2, order[2]: 3}
    assert order[0] in Client(pg_league.url).http.get("/league/hall-of-fame").text


def test_a_long_term_series_in_postgres(pg_league: ServerProc) -> None:
    """The Rummy-500 series of test_series_site.py, played to its end on PostgreSQL and
    checked against the games stored there."""
    bot_series(pg_league)
