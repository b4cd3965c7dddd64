"""Watching (issue 26): the list of games in progress, exhibitions of bots only, and what
a spectator of a game in progress may see (no hidden card, no replay until the end).

Real ``cuttle serve`` processes (SQLite): the session's server (bots answer at once) for
an exhibition played to its end, and one of this module whose bots wait a minute before
each move, so that its games stay in progress while the test looks at them.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import closing

import pytest
from srvutil import Client, ServerProc, cards_in, check_no_hidden

from cuttle.bots.ladder import ladder_ratings

EXHIBITION_LIMIT = 8
"""The most games of bots only the site lets play at once (docs: /watch)."""


@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server whose bots take a minute over each move."""
    proc = ServerProc(tmp_path_factory.mktemp("watch") / "data", bot_delay=60).start()
    yield proc
    proc.stop()


def listed(client: Client) -> list[dict[str, object]]:
    """The games in progress as ``/api/watch/games`` lists them."""
    r = client.http.get("/api/watch/games")
    assert r.status_code == 200, r.text
    games: list[dict[str, object]] = r.json()["games"]
    return games


def quickplay(client: Client, level: str) -> str:
    """A game of ``client`` against a bot of ``level``; its id."""
    r = client.post("/api/quickplay", {"level": level})
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    return gid


def test_games_in_progress_are_listed_strongest_first_with_no_card(slow: ServerProc) -> None:
    alice, bob, carol = Client(slow.url), Client(slow.url), Client(slow.url)
    strong = quickplay(alice, "expert")
    weak = quickplay(bob, "level1")
    hidden = carol.post(
        "/api/games",
        {"seats": [{"kind": "human"}, {"kind": "bot", "level": "hard"}], "private": True},
    ).json()["id"]
    practice = carol.post(
        "/api/games",
        {"seats": [{"kind": "human"}, {"kind": "bot", "level": "hard"}], "practice": True},
    ).json()["id"]
    waiting = carol.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]}).json()[
        "id"
    ]
    # Alice draws: one move played (the bot's answer waits a minute).
    sock = alice.ws(strong)
    state = sock.until(lambda m: m["t"] == "state")
    sock.send({"t": "move", "move": "draw", "id": "d1", "n": state["n"]})
    sock.until(lambda m: m["t"] == "event")
    sock.close()

    games = listed(carol)
    ids = [g["id"] for g in games]
    assert strong in ids and weak in ids
    assert ids.index(strong) < ids.index(weak)  # the expert bot's game is the stronger
    for gone in (hidden, practice, waiting):  # invite-only, practice, not started
        assert gone not in ids
    by_id = {g["id"]: g for g in games}
    ratings = ladder_ratings()
    assert by_id[strong]["strength"] == round((1500 + ratings["expert"].rating) / 2)
    assert by_id[weak]["strength"] == round((1500 + ratings["level1"].rating) / 2)
    assert by_id[strong]["moves"] == 1 and by_id[weak]["moves"] == 0
    assert by_id[strong]["url"] == f"/g/{strong}"
    assert by_id[strong]["rules"] == "standard" and by_id[strong]["bots_only"] is False
    assert [s["bot"] for s in by_id[strong]["seats"]] == [None, "expert"]  # type: ignore[attr-defined]
    assert cards_in(games) == set(), "the list of games names a card"
    # The page lists them too, each with its link.
    page = carol.http.get("/watch")
    assert page.status_code == 200
    assert f'href="/g/{strong}"' in page.text and f'href="/g/{hidden}"' not in page.text


def test_a_spectator_of_a_game_in_progress_sees_no_hidden_card(slow: ServerProc) -> None:
    alice, watcher = Client(slow.url), Client(slow.url)
    gid = quickplay(alice, "hard")
    player = alice.ws(gid)
    state = player.until(lambda m: m["t"] == "state")
    spectator = watcher.ws(gid)
    seen = spectator.until(lambda m: m["t"] == "state")
    assert seen["seat"] is None and seen["legal"] == []
    assert all(card == "??" for hand in seen["view"]["hands"] for card in hand)
    player.send({"t": "move", "move": "draw", "id": "d1", "n": state["n"]})
    event = spectator.until(lambda m: m["t"] == "event")
    assert all(card == "??" for hand in event["view"]["hands"] for card in hand)
    assert check_no_hidden(slow, gid, spectator.seen, None) == 2
    # No replay, no record while it is played: they show every card.
    replay = watcher.http.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 409 and cards_in(replay.json()) == set()
    assert watcher.http.get(f"/api/games/{gid}/record").status_code == 409
    player.close()
    spectator.close()


def test_an_exhibition_of_bots_plays_to_its_end(server: ServerProc, alice: Client) -> None:
    r = alice.post("/api/watch/exhibitions", {"levels": ["random", "level1"], "rules": "classic"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert r.json()["url"] == f"/g/{gid}"
    seats = server.query("select seat, user_id, bot from seats where game_id=? order by seat", gid)
    assert seats == [(0, None, "random"), (1, None, "level1")]
    deadline = time.monotonic() + 30
    while server.query("select status from games where id=?", gid)[0][0] != "over":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)
    ((rules, result),) = server.query("select rules, result from games where id=?", gid)
    assert rules == "classic" and result
    info = alice.http.get(f"/api/games/{gid}").json()
    assert info["you"] is None  # the one who asked for it watches; nobody sits for them
    replay = alice.http.get(f"/api/games/{gid}/replay")
    assert replay.status_code == 200
    moves = server.query("select count(*) from moves where game_id=?", gid)[0][0]
    assert len(replay.json()["lines"]) == moves > 0


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "levels must be a list of 2 to 4 bot levels"),
        ({"levels": "easy"}, "levels must be a list"),
        ({"levels": ["easy"]}, "levels must be a list"),
        ({"levels": ["easy", "godlike"]}, "levels must be a list"),
        ({"levels": ["easy"] * 5}, "levels must be a list"),
        ({"levels": ["easy", 3]}, "levels must be a list"),
        ({"levels": ["easy", "hard"], "rules": "poker"}, "unknown rule set 'poker'"),
        ({"levels": ["easy", "hard"], "rules": ["standard"]}, "unknown rule set"),
        ({"levels": ["easy", "hard"], "rules": "team"}, "team is not a game for 2"),
    ],
)
def test_a_wrong_exhibition_is_refused_with_a_reason(
    alice: Client, body: dict[str, object], words: str
) -> None:
    r = alice.post("/api/watch/exhibitions", body)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]


def test_an_exhibition_needs_a_session_and_its_token(server: ServerProc, alice: Client) -> None:
    body = {"levels": ["easy", "hard"]}
    no_token = alice.http.post("/api/watch/exhibitions", json=body)
    assert no_token.status_code == 403
    stranger = Client(server.url).http
    stranger.cookies.clear()
    assert stranger.post("/api/watch/exhibitions", json=body).status_code == 401


def test_at_most_eight_games_of_bots_play_at_once(slow: ServerProc) -> None:
    organiser = Client(slow.url)
    made = []
    for _ in range(EXHIBITION_LIMIT + 1):
        r = organiser.post("/api/watch/exhibitions", {"levels": ["easy", "hard"]})
        if r.status_code != 201:
            break
        made.append(r.json()["id"])
    assert r.status_code == 409, r.text
    assert "8 games of bots are in play already" in r.json()["error"]
    playing = slow.query(
        "select count(*) from games where status='playing' and id not in "
        "(select game_id from seats where bot is null)"
    )[0][0]
    assert playing == EXHIBITION_LIMIT and made
    # Each is listed as a game of bots, with the bots' strength.
    games = {g["id"]: g for g in listed(organiser)}
    ratings = ladder_ratings()
    expected = round((ratings["easy"].rating + ratings["hard"].rating) / 2)
    for gid in made:
        assert games[gid]["bots_only"] is True and games[gid]["strength"] == expected
    # One idle for two hours (its bots stopped with a server, say): no longer listed,
    # no longer counted, so another game of bots may start.
    with closing(slow.db()) as db, db:
        db.execute("update games set created_at = created_at - 7200 where id=?", (made[0],))
    assert made[0] not in {g["id"] for g in listed(organiser)}
    again = organiser.post("/api/watch/exhibitions", {"levels": ["easy", "hard"]})
    assert again.status_code == 201, again.text


def test_a_malformed_exhibition_request_is_a_400(alice: Client) -> None:
    headers = {"X-CSRF-Token": alice.csrf, "content-type": "application/json"}
    for raw in (b"{", b"[1, 2]", b'"easy"'):
        r = alice.http.post("/api/watch/exhibitions", content=raw, headers=headers)
        assert r.status_code == 400, (raw, r.text)
