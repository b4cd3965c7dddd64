"""After the game (issue 26): a match's rating change (+N / −N) on its page and in its
JSON, the profile's head-to-head record, and a challenger's answered challenges (what
the lobby follows to take the challenger to the accepted match's game)."""

from __future__ import annotations

import re
import secrets
import time
from typing import Any

from leagueutil import League, register
from srvutil import Client, ServerProc

START_RATING = 1500
"""Every player's first rating (docs/league.md: Glicko-2 starts at 1500)."""


def _players(server: ServerProc, *prefixes: str) -> tuple[League, list[str]]:
    names = [f"{p}{secrets.token_hex(3)}" for p in prefixes]
    clients: dict[str, Client] = {n: register(server.url, n) for n in names}
    return League(server, clients[names[0]], clients), names


def _rated(league: League, match_id: int) -> dict[str, Any]:
    """The match's JSON once its rating is written (after the last game, off the loop)."""
    deadline = time.monotonic() + 10
    while True:
        m: dict[str, Any] = league.get(f"/api/league/matches/{match_id}")
        if m["rating_change"] is not None or time.monotonic() > deadline:
            return m
        time.sleep(0.1)


def _rating(league: League, name: str) -> float:
    """``name``'s people rating for standard, as the profile API gives it."""
    info = league.get(f"/api/league/players/{name}")
    found = [
        r["rating"] for r in info["ratings"] if r["rules"] == "standard" and r["pool"] == "people"
    ]
    assert len(found) == 1, info
    return float(found[0])


def test_a_match_says_how_it_moved_each_rating(server: ServerProc) -> None:
    league, (ann, bob) = _players(server, "ann", "bob")
    first = league.play(league.challenge(ann, bob), [ann, ann])
    m = _rated(league, first["id"])
    after_ann, after_bob = _rating(league, ann), _rating(league, bob)
    assert m["rating_change"] == [
        round(after_ann - START_RATING),
        round(after_bob - START_RATING),
    ]
    gain, loss = m["rating_change"]
    assert gain > 0 > loss
    page = league.players[ann].http.get(f"/league/matches/{first['id']}").text
    said = re.search(r'<p id="rating-change">([^<]*)</p>', page)
    assert said is not None
    assert said.group(1) == f"Rating change: {ann} +{gain}, {bob} −{-loss}"
    # A second match moves each rating from where the first left it.
    second = league.play(league.challenge(bob, ann), [bob, bob])
    m2 = _rated(league, second["id"])
    moved = [_rating(league, bob) - after_bob, _rating(league, ann) - after_ann]
    # The API's ratings are whole numbers: their differences may be off by one.
    assert all(abs(c - d) <= 1 for c, d in zip(m2["rating_change"], moved, strict=True)), (
        m2["rating_change"],
        moved,
    )
    assert m2["rating_change"][0] > 0 > m2["rating_change"][1]


def test_a_match_not_yet_played_has_no_rating_change(server: ServerProc) -> None:
    league, (cat, dan) = _players(server, "cat", "dan")
    match_id = league.challenge(cat, dan)
    assert league.get(f"/api/league/matches/{match_id}")["rating_change"] is None
    page = league.players[cat].http.get(f"/league/matches/{match_id}").text
    assert 'id="rating-change"' not in page


def _head_to_head(page: str) -> dict[str, tuple[int, int, int]]:
    table = re.search(r'<table class="league" id="head-to-head">(.*?)</table>', page, re.S)
    assert table is not None, "no head-to-head table"
    rows = re.findall(
        r'<tr><td>([^<]+)</td><td class="num">(\d+)</td><td class="num">(\d+)</td>'
        r'<td class="num">(\d+)</td></tr>',
        table.group(1),
    )
    return {name: (int(w), int(lost), int(d)) for name, w, lost, d in rows}


def test_the_profile_keeps_a_head_to_head_record(server: ServerProc) -> None:
    league, (eve, fay, gus) = _players(server, "eve", "fay", "gus")
    league.play(league.challenge(eve, fay), [eve, "draw", fay, eve])
    league.play(league.challenge(gus, eve), [gus, gus])
    page = league.players[fay].http.get(f"/u/{eve}").text
    assert _head_to_head(page) == {fay: (2, 1, 1), gus: (0, 2, 0)}
    assert page.index(f"<td>{fay}</td>") < page.index(f"<td>{gus}</td>")  # most played first
    assert _head_to_head(league.players[eve].http.get(f"/u/{fay}").text) == {eve: (1, 2, 1)}


def test_a_challenger_sees_the_answer_to_a_challenge(server: ServerProc) -> None:
    league, (hal, ida) = _players(server, "hal", "ida")
    hal_c, ida_c = league.players[hal], league.players[ida]
    declined = hal_c.post("/api/league/challenges", {"opponent": ida}).json()["id"]
    accepted = hal_c.post("/api/league/challenges", {"opponent": ida}).json()["id"]
    mine = hal_c.http.get("/api/league/challenges").json()
    assert [c["id"] for c in mine["outgoing"]] == [declined, accepted]
    assert mine["answered"] == []
    theirs = ida_c.http.get("/api/league/challenges").json()
    assert [c["id"] for c in theirs["incoming"]] == [declined, accepted]
    assert ida_c.post(f"/api/league/challenges/{declined}/decline").status_code == 200
    game = ida_c.post(f"/api/league/challenges/{accepted}/accept").json()["match"]["game"]
    mine = hal_c.http.get("/api/league/challenges").json()
    assert mine["outgoing"] == []
    assert [(c["id"], c["status"], c["url"]) for c in mine["answered"]] == [
        (accepted, "accepted", f"/g/{game}"),
        (declined, "declined", None),
    ]
    assert ida_c.http.get("/api/league/challenges").json()["answered"] == []
