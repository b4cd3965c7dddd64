"""What the site's pages and JSON tell players, checked on a real server: a replay's
goals and scores as they stood at each position, the viewer's own seat in a replay, an
open game's clock in the lobby's list, and a profile's games and record in words."""

from __future__ import annotations

import random
import re
import time
from datetime import UTC, datetime
from typing import Any

from leagueutil import register
from srvutil import Client, ServerProc, Socket, new_table

from cuttle.engine.records import read_record

STANDARD_GOALS = {0: 21, 1: 14, 2: 10, 3: 5, 4: 0}
"""rules.md: a standard seat's goal by the number of its kings."""


def _kings_first(legal: list[str], rng: random.Random) -> str:
    """A king played as a royal when legal, else a random move that scores nothing."""
    kings = [m for m in legal if m.startswith("royal K")]
    calm = [m for m in legal if m.split(" ", 1)[0] not in ("points", "royal")]
    return kings[0] if kings else rng.choice(calm or legal)


def _play_to_the_end(socks: dict[int, Socket], rng: random.Random) -> list[dict[str, Any]]:
    """Play both seats (kings first) until the game ends, then resign for the seat to
    act if it has not; return seat 0's events."""
    last = {s: sock.until(lambda m: m["t"] == "state") for s, sock in socks.items()}
    events: list[dict[str, Any]] = []
    for i in range(120):
        view = last[0]["view"]
        if view["winner"] is not None:
            return events
        seat = view["to_act"]
        move = _kings_first(last[seat]["legal"], rng)
        socks[seat].send({"t": "move", "move": move, "id": f"m{i}", "n": last[seat]["n"]})
        for s, sock in socks.items():
            last[s] = sock.until(lambda m, n=last[s]["n"] + 1: m["t"] == "event" and m["n"] == n)
        events.append(last[0])
    socks[0].send({"t": "resign", "id": "r"})
    events.append(socks[0].until(lambda m: m["t"] == "event" and m["line"] == "p0: resign"))
    return events


def test_a_replay_tells_the_goals_and_scores_of_each_position(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = new_table(alice, bob)
    socks = {0: alice.ws(gid), 1: bob.ws(gid)}
    events = _play_to_the_end(socks, random.Random(5))
    rp = alice.http.get(f"/api/games/{gid}/replay").json()
    assert len(rp["goals_at"]) == len(rp["scores_at"]) == len(rp["positions"])
    assert rp["goals_at"][0] == [21, 21] and rp["scores_at"][0] == [0, 0]
    # Each position's goals follow the kings on the table then, as the live table sent them.
    for k, ev in enumerate(events, start=1):
        assert rp["goals_at"][k] == ev["goals"], k
        assert rp["scores_at"][k] == ev["scores"], k
        kings = [
            sum(1 for st in rp["positions"][k]["fields"][s]["faces"] if _card(st)[0] == "K")
            for s in (0, 1)
        ]
        assert rp["goals_at"][k] == [STANDARD_GOALS[min(n, 4)] for n in kings], k
    assert any(g != [21, 21] for g in rp["goals_at"]), "no king was played: pick another seed"
    for s in socks.values():
        s.close()


def _card(stack: Any) -> str:
    """The card of a field stack (a card, or a card with jacks on it)."""
    return stack if isinstance(stack, str) else str(stack["card"])


def test_a_replay_draws_the_viewers_own_seat_as_theirs(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = new_table(alice, bob)
    sock = bob.ws(gid)
    sock.until(lambda m: m["t"] == "state")
    sock.send({"t": "resign", "id": "r"})
    sock.until(lambda m: m["t"] == "event" and m["line"] == "p1: resign")
    sock.close()
    assert 'data-seat="1"' in bob.http.get(f"/g/{gid}/replay").text
    assert 'data-seat="0"' in alice.http.get(f"/g/{gid}/replay").text
    assert 'data-seat=""' in Client(server.url).http.get(f"/g/{gid}/replay").text


def test_the_lobby_lists_an_open_games_clock(server: ServerProc, alice: Client) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = alice.post("/api/games", {"seats": seats, "time_control": "5+3"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    listed = {g["id"]: g for g in Client(server.url).http.get("/api/games").json()}
    assert listed[gid]["time_control"] == "5+3"
    page = Client(server.url).http.get("/").text
    row = page[page.index(f'data-game="{gid}"') :]
    assert "clock 5+3" in row[: row.index("</tr>")]


def _resigned_game(winner: Client, loser: Client, ranked: bool = False) -> str:
    """A two-person game ``loser`` made and resigned after ``winner`` joined; its id."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = loser.post("/api/games", {"seats": seats, "ranked": ranked})
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    assert winner.post(f"/api/games/{gid}/join").json()["seat"] == 1
    sock = loser.ws(gid)
    sock.until(lambda m: m["t"] == "state")
    sock.send({"t": "resign", "id": "r"})
    sock.until(lambda m: m["t"] == "event" and m["line"] == "p0: resign")
    sock.close()
    return gid


def _row(page: str, gid: str) -> str:
    """The profile's games-table row of game ``gid``."""
    row = page[page.index(f'<tr data-game="{gid}">') :]
    return row[: row.index("</tr>")]


def test_the_profile_lists_games_in_words_with_dates(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    names = {
        who: c.http.get("/api/session").json()["user"]["name"]
        for who, c in (("alice", alice), ("bob", bob))
    }
    gid = _resigned_game(bob, alice)
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    won = _row(bob.http.get("/me").text, gid)
    lost = _row(alice.http.get("/me").text, gid)
    assert "Won by resignation" in won and names["alice"] in won and today in won
    assert "Lost by resignation" in lost and names["bob"] in lost and today in lost
    for row in (won, lost):
        assert "(resign)" not in row and not re.search(r"\bp[01]\b", row)
        assert f">{gid}<" not in row  # the id is no link text
        assert f'href="/g/{gid}/replay"' in row


def test_the_league_record_columns_line_up(server: ServerProc) -> None:
    ann, ben = register(server.url, "lineann"), register(server.url, "lineben")
    _resigned_game(ben, ann, ranked=True)
    page = Client(server.url).http.get("/u/lineben").text
    record = page[page.index('id="record"') :]
    record = record[: record.index("</table>")]
    heads = re.findall(r"<th([^>]*)>([^<]*)</th>", record)
    cells = re.findall(r"<td([^>]*)>([^<]*)</td>", record)
    assert [h for _, h in heads] == ["Rule set", "Wins", "Losses", "Draws"]
    assert [c for _, c in cells] == ["standard", "1", "0", "0"]
    # Each header is aligned as its column's cells (numbers: both to the right).
    for (head, _), (cell, _) in zip(heads, cells, strict=True):
        assert ('class="num"' in head) == ('class="num"' in cell)


def test_the_downloaded_record_has_a_date_and_the_tables_names(
    server: ServerProc, alice: Client
) -> None:
    r = alice.post("/api/quickplay", {"level": "easy"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    sock = alice.ws(gid)
    sock.until(lambda m: m["t"] == "state")
    sock.send({"t": "resign", "id": "r"})
    sock.until(lambda m: m["t"] == "event" and m["line"] == "p0: resign")
    sock.close()
    me = alice.http.get("/api/session").json()["user"]["name"]
    got = alice.http.get(f"/api/games/{gid}/record")
    assert got.status_code == 200
    assert f'filename="cuttle-{gid}.cuttle"' in got.headers["content-disposition"]
    today = datetime.now(UTC).strftime("%Y.%m.%d")
    assert f'[Date "{today}"]' in got.text
    assert f'[Players "{me} Easy_bot"]' in got.text
    assert read_record(got.text).is_over  # still a record any reader replays


def test_quick_play_takes_a_seat_count(server: ServerProc, alice: Client) -> None:
    r = alice.post("/api/quickplay", {"level": "random", "rules": "multiplayer", "players": 4})
    assert r.status_code == 201, r.text
    game = alice.http.get(f"/api/games/{r.json()['id']}").json()
    assert len(game["players"]) == 4
    assert [bool(p["bot"]) for p in game["players"]] == [False, True, True, True]
    for bad in (9, 1, "4", True):
        r = alice.post("/api/quickplay", {"rules": "multiplayer", "players": bad})
        assert r.status_code == 400, (bad, r.text)
    r = alice.post("/api/quickplay", {"rules": "standard"})  # the usual count by default
    assert len(alice.http.get(f"/api/games/{r.json()['id']}").json()["players"]) == 2


def test_a_guests_forgotten_open_game_leaves_the_lobby(server: ServerProc, alice: Client) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    old, new = (alice.post("/api/games", {"seats": seats}).json()["id"] for _ in range(2))
    member = register(server.url, "stayer")
    kept = member.post("/api/games", {"seats": seats}).json()["id"]
    an_hour_ago = time.time() - 3600
    with server.db() as db:  # made an hour ago, and never joined
        db.execute("update games set created_at = ? where id in (?, ?)", (an_hour_ago, old, kept))
    listed = {g["id"] for g in Client(server.url).http.get("/api/games").json()}
    assert new in listed and kept in listed
    assert old not in listed
    assert old not in Client(server.url).http.get("/").text
    assert alice.http.get(f"/g/{old}").status_code == 200  # its link still opens the table
