"""Tournaments on a real server (SQLite): a Swiss tournament of four people played through
the HTTP and websocket API (its matches are league matches: ranked games, first to two),
pairings and standings checked against values worked out here by hand; a forfeit; a
tournament that starts by itself at its start time; double elimination and Swiss
tournaments of bots that play themselves to the end; and every bad request refused with
a 4xx and a reason."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from leagueutil import League, register
from srvutil import Client, ServerProc
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server on SQLite with no bot delay."""
    proc = ServerProc(tmp_path_factory.mktemp("tournaments") / "data").start()
    yield proc
    proc.stop()


def later(seconds: float = 3600) -> str:
    """A start time ``seconds`` from now (ISO 8601, UTC)."""
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


def create(client: Client, **fields: Any) -> dict[str, Any]:
    """A new tournament (201) with ``fields`` over the defaults."""
    body = {"name": "Friday", "format": "swiss", "rules": "standard", "starts_at": later()}
    body.update(fields)
    r = client.post("/api/tournaments", body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def get(client: Client, tid: int) -> dict[str, Any]:
    """Tournament ``tid`` as JSON."""
    r = client.http.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def wait_finished(client: Client, tid: int, timeout: float = 90.0) -> dict[str, Any]:
    """Tournament ``tid`` once finished (bots play on their own)."""
    deadline = time.monotonic() + timeout
    while True:
        t = get(client, tid)
        if t["status"] == "finished":
            return t
        assert time.monotonic() < deadline, t
        time.sleep(0.3)


def pairs(t: dict[str, Any], rnd: int) -> set[frozenset[str | None]]:
    """Round ``rnd``'s pairings as sets of names."""
    found = [r for r in t["pairings"] if r["round"] == rnd]
    assert found, t["pairings"]
    return {frozenset((m["first"], m["second"])) for m in found[0]["matches"]}


def test_a_swiss_tournament_of_people_pairs_plays_and_ranks(site: ServerProc) -> None:
    org = register(site.url, "tara")
    names = ["ann", "bob", "cyd", "dot"]
    players = {n: register(site.url, n) for n in names}
    league = League(site, org, players)
    t = create(org, name="Club night", rounds=2)
    assert t["status"] == "open" and t["organiser"] == "tara" and t["entrants"] == []
    for n in names:  # joined in this order: unrated, they are seeded so
        r = players[n].post(f"/api/tournaments/{t['id']}/join")
        assert r.status_code == 200, r.text
    listed = players["ann"].http.get("/api/tournaments").json()
    mine = next(x for x in listed if x["id"] == t["id"])
    assert (mine["entrants"], mine["joined"], mine["can_join"]) == (4, True, False)
    r = org.post(f"/api/tournaments/{t['id']}/start")
    assert r.status_code == 200, r.text
    t = r.json()
    assert (t["status"], t["round"], t["rounds"]) == ("running", 1, 2)
    # Round 1, one score group of four in seed order: 1 v 3, 2 v 4 (top half v bottom).
    assert pairs(t, 1) == {frozenset(("ann", "cyd")), frozenset(("bob", "dot"))}
    matches = t["pairings"][0]["matches"]
    for m in matches:  # each a league match of first to two, its first game in play
        lm = league.get(f"/api/league/matches/{m['league_match']}")
        assert lm["players"] == [m["first"], m["second"]] and lm["status"] == "playing"
        assert m["game"] == lm["game"]
    # ann beats cyd 2-0; dot beats bob 2-1.
    by_pair = {frozenset((m["first"], m["second"])): m for m in matches}
    league.play(by_pair[frozenset(("ann", "cyd"))]["league_match"], ["ann", "ann"])
    mid = get(org, t["id"])
    assert mid["round"] == 1  # round 2 waits for the last match of round 1
    done = next(m for m in mid["pairings"][0]["matches"] if m["first"] == "ann")
    assert (done["status"], done["winner"], done["score"]) == ("over", "ann", [2, 0])
    league.play(by_pair[frozenset(("bob", "dot"))]["league_match"], ["dot", "bob", "dot"])
    t = get(org, t["id"])
    assert t["round"] == 2
    # Score groups: ann and dot on 1 point, bob and cyd on 0; nobody has met again.
    assert pairs(t, 2) == {frozenset(("ann", "dot")), frozenset(("bob", "cyd"))}
    round2 = {frozenset((m["first"], m["second"])): m for m in t["pairings"][1]["matches"]}
    league.play(round2[frozenset(("ann", "dot"))]["league_match"], ["dot", "dot"])
    # The organiser decides the other match: cyd did not come.
    other = round2[frozenset(("bob", "cyd"))]
    r = org.post(f"/api/tournaments/{t['id']}/forfeit", {"match": other["id"], "winner": "bob"})
    assert r.status_code == 200, r.text
    lm = league.get(f"/api/league/matches/{other['league_match']}")
    assert lm["status"] == "forfeit" and lm["winner"] == "bob"
    # The game the match was in is not left open: its loser resigned it.
    assert other["game"] and league.get(f"/api/games/{other['game']}")["status"] == "over"
    t = get(org, t["id"])
    assert t["status"] == "finished" and t["winner"] == "dot"
    # By hand: dot 2 points (beat bob, ann), ann 1, bob 1, cyd 0. Buchholz: dot = bob 1 +
    # ann 1 = 2; ann = cyd 0 + dot 2 = 2; bob = dot 2 + cyd 0 = 2; cyd = ann 1 + bob 1 = 2.
    # Ties on points and Buchholz go by seed (join order): ann before bob.
    table = [(s["place"], s["player"], s["points"], s["buchholz"]) for s in t["standings"]]
    assert table == [(1, "dot", 2, 2), (2, "ann", 1, 2), (3, "bob", 1, 2), (4, "cyd", 0, 2)]
    assert [(s["wins"], s["losses"]) for s in t["standings"]] == [(2, 0), (1, 1), (1, 1), (0, 2)]
    # The pages show it: standings and both rounds.
    page = org.http.get(f"/tournaments/{t['id']}")
    assert page.status_code == 200 and "Buchholz" in page.text and "Round 2" in page.text
    # The league rated the matches played (not the forfeit): ann's record is one match each.
    ann = league.get("/api/league/players/ann")
    assert ann["ratings"], ann
    # The next tournament seeds by league rating: dot (two rated wins) first, though
    # dot joins last; cyd (one rated loss, no win) below ann (a win and a loss).
    again = create(org, name="Rematch night", format="double-elimination")
    for n in names:
        assert players[n].post(f"/api/tournaments/{again['id']}/join").status_code == 200
    again = org.post(f"/api/tournaments/{again['id']}/start").json()
    seeds = [e["name"] for e in again["entrants"]]
    assert seeds[0] == "dot" and seeds.index("ann") < seeds.index("cyd"), seeds
    assert again["bracket"]["players"] == seeds


def test_bad_requests_are_refused_with_a_reason(site: ServerProc) -> None:
    org = register(site.url, "olga")
    pat = register(site.url, "pat")
    guest = Client(site.url)
    base = {"name": "x", "format": "swiss", "rules": "standard", "starts_at": later()}
    cases = [
        (guest, {**base}, 403, "sign up"),
        (org, {**base, "format": "knockout"}, 400, "format"),
        (org, {**base, "rules": "cutthroat"}, 400, "cutthroat"),
        (org, {**base, "rules": "nosuch"}, 400, "unknown rule set"),
        (org, {**base, "starts_at": "yesterday"}, 400, "starts_at"),
        (org, {**base, "starts_at": later(-3600)}, 400, "passed"),
        (org, {**base, "rounds": 0}, 400, "rounds"),
        (org, {**base, "name": ""}, 400, "name"),
    ]
    for who, body, status, words in cases:
        r = who.post("/api/tournaments", body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["error"], (body, r.text)
    t = create(org)
    tid = t["id"]

    def refused(who: Client, action: str, status: int, words: str, body: Any = None) -> None:
        r = who.post(f"/api/tournaments/{tid}/{action}", body or {})
        assert r.status_code == status, (action, r.text)
        assert words in r.json()["error"], (action, r.text)

    refused(guest, "join", 403, "sign up")
    refused(org, "start", 409, "at least two")
    refused(pat, "leave", 409, "not joined")
    assert pat.post(f"/api/tournaments/{tid}/join").status_code == 200
    refused(pat, "join", 409, "already")
    refused(pat, "start", 403, "organiser")
    refused(pat, "bots", 403, "organiser")
    refused(org, "bots", 400, "bot level", {"level": "godlike"})
    refused(org, "dance", 404, "no such action")
    assert org.post(f"/api/tournaments/{tid}/bots", {"level": "random"}).status_code == 200
    assert org.post(f"/api/tournaments/{tid}/start").status_code == 200
    refused(org, "start", 409, "started")
    late = register(site.url, "lateo")
    refused(late, "join", 409, "started")
    refused(pat, "leave", 409, "started")
    t = get(org, tid)
    m = t["pairings"][0]["matches"][0]
    refused(org, "forfeit", 409, "does not play", {"match": m["id"], "winner": "lateo"})
    refused(org, "forfeit", 400, "winner", {"match": "one"})
    refused(org, "forfeit", 404, "no such match", {"match": 10**6, "winner": "pat"})
    r = org.http.get("/api/tournaments/999999")
    assert r.status_code == 404 and "no such tournament" in r.json()["error"]
    assert org.http.get("/api/tournaments/-1").status_code == 400


def test_a_tournament_starts_by_itself_at_its_start_time(site: ServerProc) -> None:
    org = register(site.url, "sven")
    t = create(org, name="Soon", starts_at=later(1.5), rounds=1)
    assert org.post(f"/api/tournaments/{t['id']}/bots", {"level": "random"}).status_code == 200
    t = get(org, t["id"])
    assert (t["status"], t["due"]) == ("open", False)
    time.sleep(2.0)
    t = get(org, t["id"])  # the start time has passed, but one player cannot play
    assert (t["status"], t["due"]) == ("open", True)
    assert "it starts as soon as two players have joined" in org.http.get(t["url"]).text
    assert org.post(f"/api/tournaments/{t['id']}/bots", {"level": "random"}).status_code == 200
    t = get(org, t["id"])  # read with two players after the start time: it has started
    assert t["status"] in ("running", "finished")
    t = wait_finished(org, t["id"])
    (match,) = t["pairings"][0]["matches"]
    assert sorted(match["score"]) in ([0, 2], [1, 2]) and match["winner"] == t["winner"]


def test_a_double_elimination_of_bots_plays_itself_out(site: ServerProc) -> None:
    bot_bracket(site, "dora")


def bot_bracket(site: ServerProc, organiser: str) -> None:
    """Three random bots in a double elimination, played out and checked."""
    org = register(site.url, organiser)
    t = create(org, name="Bots cup", format="double-elimination")
    for _ in range(3):
        assert org.post(f"/api/tournaments/{t['id']}/bots", {"level": "random"}).status_code == 200
    assert org.post(f"/api/tournaments/{t['id']}/start").status_code == 200
    t = wait_finished(org, t["id"])
    names = {e["name"] for e in t["entrants"]}
    assert set(t["places"]) == names and sorted(t["places"].values()) == [1, 2, 3]
    champion = next(p for p, n in t["places"].items() if n == 1)
    assert t["winner"] == champion == t["bracket"]["champion"]
    played = [m for r in t["pairings"] for m in r["matches"]]
    for m in played:  # every match first to two: the winner has two games, the loser fewer
        won = m["score"][0] if m["winner"] == m["first"] else m["score"][1]
        lost = m["score"][1] if m["winner"] == m["first"] else m["score"][0]
        assert (won, m["status"]) == (2, "over") and lost < 2, m
    # Double elimination: everyone but the champion lost exactly two matches, or the
    # runner-up one (a champion from the winners' side never lost), the champion at most one.
    losses = {n: 0 for n in names}
    for m in played:
        losses[m["second"] if m["winner"] == m["first"] else m["first"]] += 1
    assert losses[champion] <= 1
    assert sorted(v for p, v in losses.items() if p != champion) in ([1, 2], [2, 2])
    page = org.http.get(f"/tournaments/{t['id']}")
    assert page.status_code == 200 and "Grand final" in page.text


def test_an_odd_swiss_of_bots_gives_each_one_bye_at_most(site: ServerProc) -> None:
    org = register(site.url, "bea")
    t = create(org, name="Odd", rounds=3)
    for _ in range(5):
        assert org.post(f"/api/tournaments/{t['id']}/bots", {"level": "random"}).status_code == 200
    assert org.post(f"/api/tournaments/{t['id']}/start").status_code == 200
    t = wait_finished(org, t["id"])
    assert len(t["pairings"]) == 3
    byes: list[str] = []
    met: set[frozenset[str]] = set()
    for r in t["pairings"]:
        seen = []
        for m in r["matches"]:
            seen += [m["first"], m["second"]] if m["second"] else [m["first"]]
            if m["second"] is None:
                byes.append(m["first"])
            else:
                pair = frozenset((m["first"], m["second"]))
                assert pair not in met  # five players, three rounds: no rematch needed
                met.add(pair)
        assert sorted(seen) == sorted(e["name"] for e in t["entrants"])
    assert len(byes) == 3 and len(set(byes)) == 3
    points = {s["player"]: s["points"] for s in t["standings"]}
    assert sum(points.values()) == 3 * 3  # two matches and a bye a round: 3 points


def test_tournaments_in_postgres(
    postgres: Cluster,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """On a server database the results come back in worker threads: a match of two
    people (a league match) decides a two-player Swiss, and a bracket of bots plays out."""
    url = postgres.url(postgres.create_database())
    proc = ServerProc(tmp_path_factory.mktemp("pgtournaments") / "data", database_url=url)
    proc.start()
    try:
        org = register(proc.url, "pgorg")
        players = {n: register(proc.url, n) for n in ("pia", "quin")}
        t = create(org, rounds=3)
        for n in players:
            assert players[n].post(f"/api/tournaments/{t['id']}/join").status_code == 200
        t = org.post(f"/api/tournaments/{t['id']}/start").json()
        assert t["rounds"] == 1  # two players: one round, no rematch forced
        (m,) = t["pairings"][0]["matches"]
        League(proc, org, players).play(m["league_match"], [m["second"], m["second"]])
        t = wait_finished(org, t["id"], timeout=30)
        assert t["winner"] == m["second"]
        assert [(s["player"], s["points"]) for s in t["standings"]] == [
            (m["second"], 1),
            (m["first"], 0),
        ]
        bot_bracket(proc, "pgdora")
    finally:
        proc.stop()
