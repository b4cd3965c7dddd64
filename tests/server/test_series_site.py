"""Long-term series ("like Rummy 500") on the site, through a real server process.

A 3-player series of bot-only multiplayer games is played to a low target; the scoring
sheet is checked against totals worked out here from the stored games: every round's
moves are replayed from the database with the engine, each player's points on the table
summed from the cards on their field, and the players found in their seats by the
rotation docs/league.md describes (seat ``i`` of round ``k`` holds player ``(i + k - 1)
mod n``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from srvutil import Client, ServerProc, apply_line, full_game

from cuttle.engine.cards import CARD_NAMES

TARGET = 45
SEATS = [
    {"kind": "bot", "level": "random"},
    {"kind": "bot", "level": "easy"},
    {"kind": "bot", "level": "random"},
]
FACE = {"A": 1, "T": 10, **{str(d): d for d in range(2, 10)}}
"""Point values by rank letter (docs/rules.md): ace 1, two to ten their number."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server on SQLite with no bot delay."""
    proc = ServerProc(tmp_path_factory.mktemp("series") / "data").start()
    yield proc
    proc.stop()


def wait_over(client: Client, sid: int, timeout: float = 240.0) -> dict[str, Any]:
    """The sheet of series ``sid`` once it is over."""
    deadline = time.monotonic() + timeout
    while True:
        r = client.http.get(f"/api/series/{sid}")
        assert r.status_code == 200, r.text
        sheet: dict[str, Any] = r.json()
        if sheet["status"] == "over":
            return sheet
        assert time.monotonic() < deadline, sheet
        time.sleep(0.3)


def field_points(site: ServerProc, gid: str) -> list[int]:
    """Each seat's points on the table at the end of stored game ``gid``, replayed here."""
    g, moves = full_game(site, gid)
    for seat, text in moves:
        apply_line(g, seat, text)
    assert g.winners is not None, f"game {gid} is not over"
    return [sum(FACE.get(CARD_NAMES[stack[0]][0], 0) for stack in g.points[s]) for s in range(g.n)]


def test_bot_series_sheet_matches_the_stored_games(site: ServerProc) -> None:
    """A bot-only series runs to its target; sheet, totals and winner match the games."""
    c = Client(site.url)
    r = c.post("/api/series", {"rules": "multiplayer", "seats": SEATS, "target": TARGET})
    assert r.status_code == 201, r.text
    sid = r.json()["id"]
    sheet = wait_over(c, sid)
    names = [p["name"] for p in sheet["players"]]
    assert len(names) == 3 and len(set(names)) == 3
    rows = site.query(
        "select number, game_id from series_rounds where series_id=? order by number", sid
    )
    assert [n for n, _ in rows] == list(range(1, len(rows) + 1))
    assert len(rows) >= 2  # no field holds 45 points at a game's end: the seats rotate
    assert [r_["game"] for r_ in sheet["rounds"]] == [g for _, g in rows]
    totals = dict.fromkeys(names, 0)
    winner = None
    for k, gid in rows:
        assert winner is None, "a round was played after the series was won"
        (status,) = site.query("select status from games where id=?", gid)[0]
        assert status == "over"
        seated = [
            s for (s,) in site.query("select bot from seats where game_id=? order by seat", gid)
        ]
        players = [(i + k - 1) % 3 for i in range(3)]
        assert seated == [SEATS[p]["level"] for p in players], (k, seated)
        pts = field_points(site, gid)
        got = sheet["rounds"][k - 1]
        for seat, p in enumerate(players):
            assert got["points"][names[p]] == pts[seat]
            totals[names[p]] += pts[seat]
        assert got["totals"] == totals
        assert got["starts"] == names[players[0]]
        top = max(totals.values())
        if top >= TARGET and sum(1 for v in totals.values() if v == top) == 1:
            winner = max(totals, key=lambda p: totals[p])
    assert winner is not None
    assert sheet["winner"] == winner
    assert sheet["totals"] == totals
    assert sheet["game"] is None
    page = c.http.get(f"/series/{sid}", headers={"accept": "text/html"})
    assert page.status_code == 200
    assert f"Won by <b>{winner}</b>" in page.text
    assert page.text.count("<tr data-round=") == len(rows)
    table = c.http.get(f"/g/{rows[0][1]}", headers={"accept": "text/html"})
    assert f'href="/series/{sid}"' in table.text


def test_series_with_a_person_seats_them_and_waits(site: ServerProc) -> None:
    """The creator sits in seat 0 of round 1; a named registered player's seat is theirs."""
    bob = Client(site.url)
    r = bob.post("/api/signup", {"username": "bob", "password": "a good password"})
    assert r.status_code == 200, r.text
    c = Client(site.url)
    seats = [{"kind": "me"}, {"kind": "player", "name": "bob"}, {"kind": "bot"}]
    r = c.post("/api/series", {"rules": "cutthroat", "seats": seats})
    assert r.status_code == 201, r.text
    sheet = r.json()
    assert sheet["target"] == 500
    assert [p["name"] for p in sheet["players"]] == [c.user["name"], "bob", "bot 3 (easy)"]
    gid = sheet["game"]
    assert site.query("select name, bot from seats where game_id=? order by seat", gid) == [
        (c.user["name"], None),
        ("bob", None),
        ("bot (easy)", "easy"),
    ]
    assert sheet["rounds"] == [{"number": 1, "game": gid, "starts": c.user["name"], "done": False}]


@pytest.mark.parametrize(
    "body",
    [
        {"rules": "multiplayer", "seats": SEATS, "target": 0},
        {"rules": "multiplayer", "seats": SEATS, "target": -5},
        {"rules": "multiplayer", "seats": SEATS, "target": "lots"},
        {"rules": "multiplayer", "seats": SEATS[:1], "target": 30},
        {"rules": "multiplayer", "seats": SEATS * 2, "target": 30},
        {"rules": "no-such-rules", "seats": SEATS, "target": 30},
        {"rules": "standard", "seats": SEATS, "target": 30},
        {"rules": "multiplayer", "seats": [{"kind": "bot", "level": "godlike"}] * 3},
        {"rules": "multiplayer", "seats": [{"kind": "me"}, {"kind": "me"}, SEATS[0]]},
        {"rules": "multiplayer", "seats": [{"kind": "player", "name": "nobody"}, *SEATS[:2]]},
        {"rules": "multiplayer", "seats": "three bots"},
    ],
)
def test_bad_series_requests_get_400(site: ServerProc, body: dict[str, Any]) -> None:
    """Bad targets, seat counts, rule sets, levels and players are refused with a 400."""
    c = Client(site.url)
    before = site.query("select count(*) from series")[0][0]
    r = c.post("/api/series", body)
    assert r.status_code == 400, r.text
    assert "error" in r.json()
    assert site.query("select count(*) from series")[0][0] == before


def test_unknown_series_is_404(site: ServerProc) -> None:
    """No such series: 404 for the API and the page; a non-number id is a 400."""
    c = Client(site.url)
    assert c.http.get("/api/series/999999").status_code == 404
    assert c.http.get("/series/999999").status_code == 404
    assert c.http.get("/api/series/abc").status_code == 400


def test_series_needs_csrf(site: ServerProc) -> None:
    """Creating a series without the CSRF token is forbidden."""
    c = Client(site.url)
    r = c.http.post("/api/series", json={"rules": "multiplayer", "seats": SEATS})
    assert r.status_code == 403
