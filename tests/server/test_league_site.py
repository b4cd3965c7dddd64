"""The league on the site, end to end through the real HTTP and websocket API.

A whole 13-week season is played on a fake league clock by scripted accounts (games are
decided quickly: a player resigns, or both agree a draw), then its championship bracket
is played to the end (a grand-final reset and an organiser's forfeit included), then
three more seasons and the World Championship from the four seasons' championship
points. Standings, weekly points, ratings, places and qualifiers are checked against
values worked out in the test (``leagueutil``) from docs/league.md; ratings against
:class:`cuttle.league.RatingBook` replaying the matches the test played.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from leagueutil import (
    START,
    League,
    Played,
    at,
    expected_championship_points,
    expected_season,
    expected_week_points,
    league_server,
    register,
)
from openskill.models import PlackettLuce
from srvutil import Client, ServerProc

import cuttle.server
from cuttle.league import RatingBook

MIGRATIONS = Path(cuttle.server.__file__).parent / "migrations"
NAMES = ["ann", "bob", "cat", "dan", "eve", "fay"]
"""The players, strongest first (the schedule's favourites)."""
ROUNDS = [
    [("ann", "fay"), ("bob", "eve"), ("cat", "dan")],
    [("ann", "eve"), ("fay", "dan"), ("bob", "cat")],
    [("ann", "dan"), ("eve", "cat"), ("fay", "bob")],
    [("ann", "cat"), ("dan", "bob"), ("eve", "fay")],
    [("ann", "bob"), ("cat", "fay"), ("dan", "eve")],
]
"""A round robin of six in five rounds; week ``w`` plays round ``(w - 1) % 5``."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A league server on SQLite with a fake clock."""
    proc = league_server(tmp_path_factory.mktemp("league") / "data").start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def league(site: ServerProc) -> League:
    """The organiser and six registered players."""
    boss = register(site.url, "boss")
    return League(site, boss, {n: register(site.url, n) for n in NAMES})


def plan_for(winner: str, loser: str, kind: int) -> list[str]:
    """Games of a match won by ``winner``: 2-0, 2-1, or a draw then 2-0."""
    return [[winner, winner], [loser, winner, winner], ["draw", winner, winner]][kind % 3]


def test_ranked_needs_registered_people(site: ServerProc, league: League) -> None:
    guest = Client(site.url)
    r = guest.post("/api/games", {"seats": [{"kind": "human"}] * 2, "ranked": True})
    assert r.status_code == 400 and "registered" in r.json()["error"]
    ann = league.players["ann"]
    r = ann.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "bot"}], "ranked": True})
    assert r.status_code == 400
    r = ann.post("/api/games", {"seats": [{"kind": "human"}] * 2, "ranked": True})
    gid = r.json()["id"]
    assert guest.post(f"/api/games/{gid}/join").status_code == 403
    lobby = [g for g in site_games(site) if g["id"] == gid]
    assert lobby and lobby[0]["ranked"] is True
    assert "ranked" in guest.http.get("/").text
    r = guest.post("/api/league/queue", {"rules": "standard"})
    assert r.status_code == 403
    r = ann.post("/api/league/challenges", {"opponent": "nobody"})
    assert r.status_code == 404
    r = ann.post("/api/league/clock", {"now": "2026-02-01T00:00:00Z"})
    assert r.status_code == 403  # only organisers move the (fake) clock


def site_games(site: ServerProc) -> list[dict[str, object]]:
    """The lobby's open games."""
    games: list[dict[str, object]] = Client(site.url).http.get("/api/games").json()
    return games


def test_cutthroat_ranked_game_is_rated_with_openskill(site: ServerProc) -> None:
    people = [register(site.url, n) for n in ("trio1", "trio2", "trio3")]
    r = people[0].post(
        "/api/games", {"rules": "cutthroat", "seats": [{"kind": "human"}] * 3, "ranked": True}
    )
    gid = r.json()["id"]
    for p in people[1:]:
        assert p.post(f"/api/games/{gid}/join").status_code == 200
    sock = people[2].ws(gid)
    sock.until(lambda m: m["t"] == "state")
    sock.send({"t": "resign"})
    last = sock.until(lambda m: m["t"] == "event" and "meta" in m)
    assert last["meta"]["result"] == "p0 p1"
    model = PlackettLuce()
    fresh = model.rating()
    rated = model.rate(
        [[fresh], [model.rating()], [model.rating()]], ranks=[1.0, 1.0, 2.0]
    )  # worked out with openskill directly: seats 0 and 1 won, seat 2 resigned
    ladder = Client(site.url).http.get("/api/league/ratings?pool=multi&rules=cutthroat").json()
    got = {r["player"]: r for r in ladder["ratings"]}
    for name, team in zip(("trio1", "trio2", "trio3"), rated, strict=True):
        mu, sigma = team[0].mu, team[0].sigma
        assert got[name]["rating"] == pytest.approx(round(1500 + 20 * (mu - 3 * sigma), 1))
        assert got[name]["deviation"] == pytest.approx(round(sigma, 1))
    assert got["trio3"]["losses"] == 1 and got["trio1"]["wins"] == 1
    profile = Client(site.url).http.get("/u/trio3").text
    assert "cutthroat" in profile and "multi" in profile


def test_games_against_bots_make_the_bot_ladder(site: ServerProc) -> None:
    carl = register(site.url, "carl")
    r = carl.post("/api/quickplay", {"level": "random"})
    gid = r.json()["id"]
    sock = carl.ws(gid)
    sock.until(lambda m: m["t"] == "state")
    sock.send({"t": "resign"})
    sock.until(lambda m: m["t"] == "event" and "meta" in m)
    book = RatingBook()
    book.rate("bot:random", "carl")
    ladder = Client(site.url).http.get("/api/league/ratings?pool=bots").json()["ratings"]
    got = {r["player"]: r for r in ladder}
    assert got["bot:random"]["rating"] == pytest.approx(round(book.get("bot:random").rating, 1))
    assert got["carl"]["losses"] == 1 and got["bot:random"]["wins"] == 1
    page = Client(site.url).http.get("/league/bots").text
    assert "random" in page and "carl" in page
    # people's ladder untouched
    people = Client(site.url).http.get("/api/league/ratings").json()["ratings"]
    assert "carl" not in {r["player"] for r in people}


def test_a_season_its_championship_and_the_world_championship(
    site: ServerProc, league: League
) -> None:
    played: list[Played] = []
    book = RatingBook()

    def record(m: dict[str, Any], when: datetime) -> None:
        a, b = m["players"]
        winner = str(m["winner"])
        played.append(Played(when, a, b, winner))
        book.rate(winner, b if winner == a else a, "standard", when)

    # ----------------------------------------------------------- season 0: 13 weeks
    for week in range(1, 14):
        day = START + timedelta(days=7 * (week - 1) + 2)
        fixtures = list(ROUNDS[(week - 1) % 5])
        if week == 3:
            fixtures.append(fixtures[0])  # a repeat: only the first counts for the week
        for i, (a, b) in enumerate(fixtures):
            when = at(day, 10 * i)
            league.set_clock(when)
            strong, weak = sorted((a, b), key=NAMES.index)
            upset = (week + i) % 4 == 0 or (week == 3 and i == 3)
            winner, loser = (weak, strong) if upset else (strong, weak)
            plan = plan_for(winner, loser, week + i)
            if week == 1 and i == 0:  # made in the lobby as a ranked game
                r = league.players[a].post(
                    "/api/games", {"seats": [{"kind": "human"}] * 2, "ranked": True}
                )
                gid = r.json()["id"]
                assert league.players[b].post(f"/api/games/{gid}/join").status_code == 200
                meta = league.end_game(gid, plan[0])
                match_id = meta["match"]
                assert meta["league"]["score"] == ([1, 0] if plan[0] == a else [0, 1])
                m = league.play(match_id, plan[1:])
            elif week == 1 and i == 1:  # paired by the ranked queue
                r = league.players[a].post("/api/league/queue", {"rules": "standard"})
                assert r.json()["status"] == "waiting" and r.json()["band"] == 100
                r = league.players[b].post("/api/league/queue", {"rules": "standard"})
                assert r.json()["status"] == "matched"
                found = league.players[a].http.get("/api/league/queue").json()
                assert found["status"] == "matched" and found["opponent"] == b
                m = league.play(found["match"], plan)
            elif week == 4 and i == 1:  # the first game is abandoned by its loser
                match_id = league.challenge(a, b)
                gid = league.get(f"/api/league/matches/{match_id}")["game"]
                first_winner = plan[0] if plan[0] != "draw" else winner
                absent = b if first_winner == a else a
                claim = f"/api/league/games/{gid}/claim"
                r = league.players[first_winner].post(claim)
                assert r.status_code == 409  # too soon: the opponent may come back
                time.sleep(1.1)
                r = league.players[first_winner].post(claim)
                assert r.status_code == 200, r.text
                assert r.json()["abandoned_by"] == absent
                rest = plan[1:] if plan[0] != "draw" else plan[2:]
                m = league.play(match_id, rest)
                assert m["games"][0]["ending"] == "abandoned"
                assert m["games"][0]["player"] == absent
            else:
                m = league.play(league.challenge(a, b), plan)
            assert m["winner"] == winner
            wins = [g for g in m["games"] if g["ending"] != "draw"]
            assert len(wins) == len([p for p in plan if p != "draw"])
            assert sorted(m["score"]) == sorted([2, len(wins) - 2])
            record(m, when)

    points, wins, by_week = expected_season(played, START)
    table = league.get("/api/league/standings?season=0")["standings"]
    assert {s["player"]: s["points"] for s in table} == points
    assert {s["player"]: s["wins"] for s in table} == wins
    assert {s["player"]: {int(w): p for w, p in s["weeks"].items()} for s in table} == by_week
    order = sorted(points, key=lambda p: (-points[p], -wins[p], -book.get(p).rating, p))
    assert [s["player"] for s in table] == order
    for s in table:
        assert s["rating"] == pytest.approx(round(book.get(s["player"]).rating, 1))
    week3 = league.get("/api/league/week?season=0&week=3")["table"]
    day3 = START + timedelta(days=14)
    expected3 = expected_week_points(
        [m for m in played if day3 <= m.when.date() < day3 + timedelta(days=7)]
    )
    assert {r["player"]: r["points"] for r in week3} == expected3
    ratings = {r["player"]: r for r in league.get("/api/league/ratings")["ratings"]}
    for name in NAMES:
        assert ratings[name]["rating"] == pytest.approx(round(book.get(name).rating, 1))
        assert ratings[name]["deviation"] == pytest.approx(round(book.get(name).deviation, 1))
    page = league.admin.http.get("/league/seasons/0").text
    assert "W13" in page and order[0] in page

    # ----------------------------------------------------------- the season's championship
    league.set_clock(at(START + timedelta(days=90), 600))  # the season's last day
    r = league.admin.post("/api/league/brackets", {"kind": "season", "season": 0})
    assert r.status_code == 409
    league.set_clock(at(START + timedelta(days=91)))
    r = league.players["ann"].post("/api/league/brackets", {"kind": "season", "season": 0})
    assert r.status_code == 403
    r = league.admin.post("/api/league/brackets", {"kind": "season", "season": 0, "paused": True})
    assert r.status_code == 201, r.text
    bracket = r.json()
    bid = bracket["id"]
    assert bracket["state"]["players"] == order  # six of them: the top two get byes
    assert not any("league_match" in m for m in bracket["state"]["matches"])
    assert Client(site.url).http.get(f"/api/league/brackets/{bid}").status_code == 404
    bracket = league.admin.post(f"/api/league/brackets/{bid}/resume").json()
    ready = {m["id"] for m in bracket["state"]["matches"] if m.get("league_match")}
    assert ready == {"W1-2", "W1-4"}  # 4 v 5 and 3 v 6; 1 and 2 have byes
    bracket = league.admin.post(f"/api/league/brackets/{bid}/publish").json()
    assert bracket["published"] is True
    seed = {p: i + 1 for i, p in enumerate(order)}
    played_ids: list[str] = []
    while bracket["status"] != "finished":
        todo = [m for m in bracket["state"]["matches"] if m["status"] == "ready"]
        assert todo, bracket
        for bm in todo:
            a, b = bm["sides"]
            better, worse = sorted((a, b), key=seed.__getitem__)
            if bm["id"] == "L2-2":  # decided by the organiser: a forfeit
                r = league.admin.post(
                    f"/api/league/brackets/{bid}/forfeit", {"match": "L2-2", "winner": better}
                )
                assert r.status_code == 200, r.text
                continue
            winner = worse if bm["id"] == "GF" else better  # the losers' champion forces a reset
            plan = [worse, winner, winner] if bm["id"] == "W3-1" else [winner, winner]
            m = league.play(bm["league_match"], plan)
            assert m["bracket"] == bid and m["bracket_match"] == bm["id"]
            played_ids.append(bm["id"])
            record(m, at(START + timedelta(days=91)))
        bracket = league.get(f"/api/league/brackets/{bid}")
    # Better seeds win but the grand final goes to the losers' champion (seed 2), so the
    # bracket resets and seed 1 takes the reset. Worked out by hand: W1 4>5, 3>6; W2 1>4,
    # 2>3; W3 1>2; L1 passes byes; L2 3>5, 4>6 (forfeit); L3 3>4; L4 2>3; GF 2>1; GF2 1>2.
    expected_order = ["W1-2", "W1-4", "W2-1", "W2-2", "W3-1", "L2-1", "L3-1", "L4-1"]
    assert played_ids == [*expected_order, "GF", "GF2"]
    top = order
    places0 = {top[0]: 1, top[1]: 2, top[2]: 3, top[3]: 4, top[4]: 5, top[5]: 5}
    assert bracket["places"] == places0
    assert bracket["champion"] == top[0]
    # The finished bracket's page offers no re-seed or forfeit, and tells the forfeit
    # as one (not "0 – 0").
    page = league.admin.http.get(f"/league/brackets/{bid}").text
    assert "Re-seed" not in page and 'id="forfeit"' not in page
    forfeited = page[page.index('id="m-L2-2"') :]
    forfeited = forfeited[
        : forfeited.index('<div class="bmatch') if '<div class="bmatch' in forfeited else None
    ]
    assert "won by forfeit" in forfeited and '<span class="bscore">0</span>' not in forfeited
    ratings = {r["player"]: r for r in league.get("/api/league/ratings")["ratings"]}
    for name in NAMES:  # bracket matches are rated too (the forfeit is not)
        assert ratings[name]["rating"] == pytest.approx(round(book.get(name).rating, 1))
    # bracket matches stay out of the weekly points: season 0's table has not changed
    assert league.get("/api/league/standings?season=0")["standings"][0]["points"] == points[top[0]]

    # ----------------------------------------------------------- seasons 1-3, quickly
    season_orders = [["bob", "cat", "ann", "dan"], ["cat", "ann", "eve", "bob"]]
    season_orders.append(["ann", "dan", "bob", "fay"])
    all_places = [places0]
    for k, strength in enumerate(season_orders, start=1):
        first = START + timedelta(days=91 * k)
        for i, (x, y) in enumerate(
            [(x, y) for j, x in enumerate(strength) for y in strength[j + 1 :]]
        ):
            when = at(first + timedelta(days=1), i)
            league.set_clock(when)
            m = league.play(league.challenge(y, x), [x, x])
            record(m, when)
        standings = league.get(f"/api/league/standings?season={k}")["standings"]
        assert [r["player"] for r in standings] == strength
        assert [r["points"] for r in standings] == [5, 4, 3, 1]
        if k == 3:
            r = league.admin.post("/api/league/brackets", {"kind": "world", "year": 2026})
            assert r.status_code == 409  # Spades is not over, nor its championship played
        league.set_clock(at(first + timedelta(days=91)))
        r = league.admin.post(
            "/api/league/brackets", {"kind": "season", "season": k, "publish": True}
        )
        assert r.status_code == 201, r.text
        b = r.json()
        while b["status"] != "finished":
            for bm in [m for m in b["state"]["matches"] if m["status"] == "ready"]:
                better = min(bm["sides"], key=strength.index)
                r = league.admin.post(
                    f"/api/league/brackets/{b['id']}/forfeit", {"match": bm["id"], "winner": better}
                )
                assert r.status_code == 200, r.text
                b = r.json()
        places = {p: i + 1 for i, p in enumerate(strength)}  # 4 players, better seeds win
        assert b["places"] == places
        all_places.append(places)

    # ----------------------------------------------------------- the World Championship
    totals: dict[str, float] = {}
    best: dict[str, float] = {}
    for places in all_places:
        for p, pts in expected_championship_points(places).items():
            totals[p] = totals.get(p, 0.0) + pts
            best[p] = max(best.get(p, 0.0), pts)
    world_order = sorted(totals, key=lambda p: (-totals[p], -best[p], p))[:8]
    wp = league.get("/api/league/world/2026")["points"]
    assert [(r["player"], r["points"]) for r in wp] == [(p, totals[p]) for p in world_order]
    r = league.admin.post("/api/league/brackets", {"kind": "world", "year": 2026, "publish": True})
    assert r.status_code == 201, r.text
    world = r.json()
    assert world["state"]["players"] == world_order
    wseed = {p: i for i, p in enumerate(world_order)}
    while world["status"] != "finished":
        for bm in [m for m in world["state"]["matches"] if m["status"] == "ready"]:
            a, b = bm["sides"]
            if bm["id"] == "GF":  # the grand final is played, not forfeited
                m = league.play(bm["league_match"], [min((a, b), key=wseed.__getitem__)] * 2)
                record(m, at(START + timedelta(days=364)))
                world = league.get(f"/api/league/brackets/{world['id']}")
                continue
            r = league.admin.post(
                f"/api/league/brackets/{world['id']}/forfeit",
                {"match": bm["id"], "winner": min((a, b), key=wseed.__getitem__)},
            )
            world = r.json()
    assert world["champion"] == world_order[0]
    hof = Client(site.url).http.get("/league/hall-of-fame").text
    assert "World Championship 2026" in hof and "Clubs 2026 Championship" in hof
    assert hof.index("Diamonds 2024") < hof.index("World Championship 2026")  # seed 001 first
    seasons = league.get("/api/league/seasons")
    champs = {s["index"]: [b["champion"] for b in s["brackets"]] for s in seasons}
    assert champs[0] == [top[0]] and champs[1] == ["bob"] and champs[3] == ["ann"]
    chart = Client(site.url).http.get(f"/league/players/{top[0]}/rating.svg")
    assert chart.headers["content-type"].startswith("image/svg+xml")
    history_points = sum(1 for m in played if top[0] in (m.a, m.b))
    assert chart.text.count('class="rating-point"') == history_points


def test_migration_from_the_current_schema_keeps_data(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    url = f"sqlite:///{data / 'cuttle.db'}"
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0003")
    import sqlite3

    with sqlite3.connect(data / "cuttle.db") as db:
        db.execute(
            "insert into users (id, username, password_hash, guest, created_at) "
            "values (7, 'oldtimer', 'x', 0, 1.0)"
        )
        db.execute(
            "insert into games (id, rules, variants, players, deck, status, private, "
            "created_at, updated_at, practice) values ('old1', 'standard', '', 2, "
            "'AC 2C', 'over', 0, 1.0, 1.0, 0)"
        )
    server = league_server(data).start()
    try:
        rows = server.query("select username, is_admin from users where id = 7")
        assert rows == [("oldtimer", 0)]
        assert server.query("select id, ranked, match_id from games") == [("old1", 0, None)]
        assert server.query("select count(*) from league_matches") == [(0,)]
        assert server.query("select count(*) from series") == [(0,)]
        assert "oldtimer" in Client(server.url).http.get("/u/oldtimer").text
    finally:
        server.stop()
