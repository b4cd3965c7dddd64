"""The Bot API on a real server: bot accounts and tokens, the NDJSON streams, moves by
POST, challenges, and the Python example (``examples/bot_api_bot.py``) playing a person."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from leagueutil import register
from srvutil import Client, ServerProc, check_no_hidden, full_game

from cuttle.engine.cards import CARD_NAMES

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_api_bot.py"


def make_bot(owner: Client, name: str) -> str:
    """Bot account ``name`` of ``owner``; its first token."""
    r = owner.post("/api/bots", {"name": name, "about": "a test bot"})
    assert r.status_code == 201, r.text
    assert r.json()["bot"]["name"] == name
    token: str = r.json()["token"]
    return token


def bearer(base: str, token: str) -> httpx.Client:
    """An HTTP client that sends ``token``."""
    return httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=10)


def over(msg: dict[str, Any]) -> bool:
    """Whether a game message tells the game's end."""
    if msg.get("t") == "state":
        return bool(msg.get("status") == "over")
    return msg.get("t") == "event" and "result" in msg


def person_plays(person: Client, gid: str, seed: int) -> list[dict[str, Any]]:
    """``person`` plays random legal moves on the websocket to the game's end; every
    message it got."""
    rng = random.Random(seed)
    sock = person.ws(gid)
    msg = sock.until(lambda m: m["t"] == "state", timeout=20)
    k = 0
    try:
        while not over(msg):
            if msg["t"] in ("state", "event") and msg["legal"]:
                k += 1
                move = rng.choice(msg["legal"])
                sock.send({"t": "move", "move": move, "id": f"m{k}", "n": msg["n"]})
            msg = sock.recv(timeout=30)
    finally:
        sock.close()
    return sock.seen


class StreamBot(threading.Thread):
    """A bot written in the test: reads game ``gid``'s stream, records every object
    on it, and plays a random legal move whenever one is listed."""

    def __init__(self, base: str, token: str, gid: str, seed: int) -> None:
        """Play ``gid`` with ``token``."""
        super().__init__(daemon=True)
        self.http = bearer(base, token)
        self.gid = gid
        self.rng = random.Random(seed)
        self.seen: list[dict[str, Any]] = []
        self.refusals: list[int] = []
        self.raw: list[str] = []

    def run(self) -> None:
        """Read and play to the end of the stream."""
        path = f"/api/bot/game/stream/{self.gid}"
        with self.http.stream("GET", path, timeout=httpx.Timeout(10, read=60)) as r:
            assert r.status_code == 200
            assert r.headers["content-type"].startswith("application/x-ndjson")
            for line in r.iter_lines():
                self.raw.append(line)
                if not line.strip():
                    continue
                msg = json.loads(line)
                self.seen.append(msg)
                if msg.get("t") in ("state", "event") and msg["legal"]:
                    move = self.rng.choice(msg["legal"])
                    if len(self.seen) % 2:  # the move in the body, or in the path
                        body = {"move": move, "n": msg["n"]}
                        a = self.http.post(f"/api/bot/game/{self.gid}/move", json=body)
                    else:
                        path = f"/api/bot/game/{self.gid}/move/{quote(move)}?n={msg['n']}"
                        a = self.http.post(path)
                    if a.status_code != 200:
                        self.refusals.append(a.status_code)


def challenge_and_accept(person: Client, base: str, token: str, name: str, **game: Any) -> str:
    """``person`` challenges bot ``name``; the bot accepts; the game's id."""
    r = person.post(f"/api/challenge/{name}", game)
    assert r.status_code == 201, r.text
    cid = r.json()["id"]
    a = bearer(base, token).post(f"/api/challenge/{cid}/accept")
    assert a.status_code == 200, a.text
    gid: str = a.json()["game"]
    seen = person.http.get(f"/api/challenge/{cid}").json()
    assert (seen["status"], seen["game"]) == ("accepted", gid)
    return gid


def test_the_example_plays_a_whole_game_against_a_person(server: ServerProc) -> None:
    """The example accepts a person's challenge from its event stream and plays the game
    to its end; it stops on the game's ``gameFinish``."""
    owner = register(server.url, "exowner")
    token = make_bot(owner, "exbot")
    proc = subprocess.Popen(
        [sys.executable, str(EXAMPLE), "--url", server.url, "--token", token, "--games", "1"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        person = Client(server.url)
        deadline = time.monotonic() + 20
        while not bearer(server.url, token).get("/api/bots/online").json()["bots"]:
            assert time.monotonic() < deadline, "the example never opened its event stream"
            time.sleep(0.1)
        online = person.http.get("/api/bots/online").json()["bots"]
        assert [b["name"] for b in online] == ["exbot"]
        r = person.post("/api/challenge/exbot", {"rules": "standard"})
        assert r.status_code == 201, r.text
        cid = r.json()["id"]
        deadline = time.monotonic() + 20
        while (c := person.http.get(f"/api/challenge/{cid}").json())["game"] is None:
            assert time.monotonic() < deadline, "the example never accepted"
            time.sleep(0.1)
        gid = c["game"]
        seen = person_plays(person, gid, seed=5)
        assert proc.wait(30) == 0
        deadline = time.monotonic() + 20  # its stream closed: no longer online
        while person.http.get("/api/bots/online").json()["bots"]:
            assert time.monotonic() < deadline, "the closed event stream stayed online"
            time.sleep(0.1)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    assert any(over(m) for m in seen)
    seats = server.query("select seat, name, user_id from seats where game_id=? order by seat", gid)
    assert seats[1][1] == "BOT exbot"
    assert seats[0][2] == person.user["id"]
    ((status, ranked),) = server.query("select status, ranked from games where id=?", gid)
    assert status == "over" and not ranked
    _, moves = full_game(server, gid)
    assert any(s == 1 for s, _ in moves), "the bot never moved"
    assert any(s == 0 for s, _ in moves), "the person never moved"


@pytest.mark.parametrize(("rules", "players", "seed"), [("standard", 2, 11), ("cutthroat", 3, 12)])
def test_a_bots_stream_never_carries_another_seats_hidden_card(
    server: ServerProc, rules: str, players: int, seed: int
) -> None:
    """Whole games of two and three seats: every object on the bot's game stream shows
    only what its seat may see; the stream starts with the seat's ``state`` and ends
    with the game."""
    owner = register(server.url, f"hider{players}")
    token = make_bot(owner, f"hidebot{players}")
    person = Client(server.url)
    gid = challenge_and_accept(
        person, server.url, token, f"hidebot{players}", rules=rules, level="random"
    )
    bot = StreamBot(server.url, token, gid, seed)
    bot.start()
    person_plays(person, gid, seed)
    bot.join(60)
    assert not bot.is_alive(), "the game stream did not end with the game"
    assert bot.seen[0]["t"] == "state" and bot.seen[0]["seat"] == 1
    assert over(bot.seen[-1])
    assert check_no_hidden(server, gid, bot.seen, 1) >= 2
    assert all(code == 409 for code in bot.refusals)  # only stale moves, never a 500
    _, moves = full_game(server, gid)
    assert {s for s, _ in moves if s >= 0} >= {0, 1}
    if players == 3:
        assert any(s == 2 for s, _ in moves)


def test_a_revoked_token_is_refused(server: ServerProc) -> None:
    """Tokens: listed without their secret, scoped, and refused (401) once revoked."""
    owner = register(server.url, "revoker")
    first = make_bot(owner, "revbot")
    r = owner.post("/api/bots/revbot/tokens", {"scopes": ["challenge:write"], "label": "ci"})
    assert r.status_code == 201, r.text
    second = r.json()["token"]
    assert bearer(server.url, second).get("/api/bot/account").status_code == 403
    assert bearer(server.url, second).get("/api/bot/stream/event").status_code == 403
    listed = owner.http.get("/api/bots/revbot/tokens").json()["tokens"]
    assert [(t["label"], t["scopes"], t["revoked"]) for t in listed] == [
        ("first", ["bot:play", "challenge:write"], False),
        ("ci", ["challenge:write"], False),
    ]
    assert first not in json.dumps(listed) and second not in json.dumps(listed)
    me = bearer(server.url, first).get("/api/bot/account")
    assert me.status_code == 200 and me.json()["name"] == "revbot"
    r = owner.post(f"/api/bots/revbot/tokens/{listed[0]['id']}/revoke")
    assert r.status_code == 200, r.text
    for path in ("/api/bot/account", "/api/bot/stream/event", "/api/bot/game/stream/abc"):
        assert bearer(server.url, first).get(path).status_code == 401
    assert bearer(server.url, "cbt_nonsense").get("/api/bot/account").status_code == 401
    assert httpx.get(server.url + "/api/bot/account").status_code == 401
    listed = owner.http.get("/api/bots/revbot/tokens").json()["tokens"]
    assert [t["revoked"] for t in listed] == [True, False]
    hashes = [h for (h,) in server.query("select token_hash from bot_tokens")]
    assert first not in hashes and second not in hashes


def test_bot_accounts_are_marked_and_cannot_sign_in(server: ServerProc) -> None:
    """A bot account's name says BOT, it has no password, and guests cannot make one."""
    owner = register(server.url, "marker")
    make_bot(owner, "markbot")
    guest = Client(server.url)
    assert guest.post("/api/bots", {"name": "guestbot"}).status_code == 403
    assert owner.post("/api/bots", {"name": "markbot"}).status_code == 409
    assert owner.post("/api/bots", {"name": "marker"}).status_code == 409  # a person's name
    r = guest.post("/api/signin", {"username": "markbot", "password": ""})
    assert r.status_code == 401
    mine = owner.http.get("/api/bots").json()["bots"]
    assert [(b["name"], b["display"], b["bot"]) for b in mine] == [("markbot", "BOT markbot", True)]
    assert "<h1>BOT markbot" in guest.http.get("/u/markbot").text
    lobby = guest.http.get("/").text
    assert 'id="bots-online"' in lobby and "/static/botlobby.js" in lobby
    assert guest.http.get("/static/botlobby.js").status_code == 200
    ((is_bot, owner_id),) = server.query(
        "select is_bot, bot_owner from users where username='markbot'"
    )
    assert is_bot == 1 and owner_id == owner.user["id"]


def test_bad_input_gets_a_4xx_with_the_reason(server: ServerProc) -> None:
    """Bad moves, games, actions and challenges: 4xx with a clear reason, nothing
    changed."""
    owner = register(server.url, "badowner")
    token = make_bot(owner, "badbot")
    other = make_bot(owner, "otherbot")
    person = Client(server.url)
    gid = challenge_and_accept(person, server.url, token, "badbot")
    bot = bearer(server.url, token)
    start, _ = full_game(server, gid)
    if start.to_act == 1:  # the bot's turn: the engine refuses a card it does not hold
        hand = set(start.hands[1])
        card = next(c for c in start.start_deck or () if c not in hand)
        first = (f"points {CARD_NAMES[card]}", 400, "")
    else:
        first = ("points 7H", 409, "not your turn: p0 is to act")
    cases: list[tuple[str, str, Any, int, str]] = [
        ("POST", f"/api/bot/game/{gid}/move", {"move": first[0], "n": 0}, first[1], first[2]),
        ("POST", f"/api/bot/game/{gid}/move", {"move": "draw", "n": 7}, 409, "stale move"),
        ("POST", f"/api/bot/game/{gid}/move", {"move": ""}, 400, "move must be"),
        ("POST", f"/api/bot/game/{gid}/move", {"move": "x" * 200}, 400, "at most"),
        ("POST", f"/api/bot/game/{gid}/move", {"move": "draw", "n": "x"}, 400, "n must"),
        ("POST", f"/api/bot/game/{gid}/move", [1, 2], 400, "JSON object"),
        ("POST", f"/api/bot/game/{gid}/move/draw?n=-1", None, 400, "n must"),
        ("POST", f"/api/bot/game/{gid}/draw/maybe", None, 400, "action must"),
        ("POST", "/api/bot/game/nosuchgame/move", {"move": "draw"}, 404, "no such game"),
        ("POST", "/api/bot/game/..%2F/resign", None, 404, ""),
        ("POST", f"/api/bot/game/{gid}/chat", {"text": ""}, 400, "empty"),
        ("POST", "/api/challenge/999999/accept", None, 404, "no such pending challenge"),
        ("POST", "/api/challenge/1/shout", None, 404, ""),
        ("POST", "/api/challenge/99999999999/accept", None, 400, ""),
        ("POST", "/api/challenge/badbot", {}, 400, "cannot challenge itself"),
        ("POST", "/api/challenge/nobody", {}, 404, "no bot account"),
    ]
    for method, path, body, status, reason in cases:
        r = bot.request(method, path, json=body)
        assert r.status_code == status, (path, body, r.text)
        assert reason in r.text, (path, r.text)
    outsider = bearer(server.url, other)
    assert outsider.post(f"/api/bot/game/{gid}/resign").status_code == 403
    assert outsider.get(f"/api/bot/game/stream/{gid}").status_code == 403
    for body, reason in (
        ({"rules": "chess"}, "rules must be"),
        ({"players": "two"}, "players must"),
        ({"my_seat": 5}, "my_seat must"),
        ({"bot_seat": 0}, "must differ"),
        ({"level": "grandmaster"}, "level must"),
        ({"variants": ["nope"]}, "unknown variant"),
        ({"ranked": True}, "never ranked"),
    ):
        r = person.post("/api/challenge/badbot", body)
        assert r.status_code == 400 and reason in r.text, (body, r.text)
    assert owner.http.get("/api/bots/otherbot/tokens").status_code == 200
    assert person.http.get("/api/bots/otherbot/tokens").status_code == 403
    assert owner.post("/api/bots/nobot/tokens", {}).status_code == 404
    assert owner.post("/api/bots/otherbot/tokens", {"scopes": ["root"]}).status_code == 400
    assert owner.post("/api/bots/otherbot/tokens/abc/revoke").status_code == 400
    assert owner.post("/api/bots/otherbot/tokens/999999/revoke").status_code == 404
    assert server.query("select count(*) from moves where game_id=?", gid) == [(0,)]
    # nothing above changed the game; a resignation ends it, and a second is refused
    r = bot.post(f"/api/bot/game/{gid}/resign")
    assert r.status_code == 200 and r.json()["ok"] is True, r.text
    r = bot.post(f"/api/bot/game/{gid}/resign")
    assert r.status_code == 400 and "cannot resign" in r.text
    ((status, result),) = server.query("select status, result from games where id=?", gid)
    assert status == "over" and result is not None


def test_chat_and_an_agreed_draw_through_the_api(server: ServerProc) -> None:
    """The bot's chat reaches the person's players' channel; the person's draw offer
    reaches the bot's stream, the bot accepts it by POST, and the game is drawn."""
    owner = register(server.url, "drawowner")
    token = make_bot(owner, "drawbot")
    person = Client(server.url)
    gid = challenge_and_accept(person, server.url, token, "drawbot")
    http = bearer(server.url, token)
    sock = person.ws(gid)
    sock.until(lambda m: m["t"] == "state")
    lines: list[dict[str, Any]] = []
    with http.stream("GET", f"/api/bot/game/stream/{gid}") as stream:
        it = (json.loads(x) for x in stream.iter_lines() if x.strip())
        assert next(it)["t"] == "state"
        r = http.post(f"/api/bot/game/{gid}/chat", json={"text": "good luck"})
        assert r.status_code == 200, r.text
        said = sock.until(lambda m: m["t"] == "chat")
        assert (said["name"], said["text"], said["channel"]) == (
            "BOT drawbot",
            "good luck",
            "players",
        )
        r = http.post(f"/api/bot/game/{gid}/draw/accept")
        assert r.status_code == 400 and "no draw offer" in r.text
        sock.send({"t": "draw", "action": "offer"})
        for msg in it:
            lines.append(msg)
            if msg["t"] == "offer":
                break
        assert lines[-1]["draw"] == [0]
        r = http.post(f"/api/bot/game/{gid}/draw/accept")
        assert r.status_code == 200, r.text
        for msg in it:
            lines.append(msg)
            if over(msg):
                break
    assert over(lines[-1]) and lines[-1]["line"] == "draw agreed"
    sock.close()
    ((status, termination),) = server.query("select status, termination from games where id=?", gid)
    assert status == "over" and termination is not None


def test_two_bot_accounts_play_and_go_on_their_own_ladder(server: ServerProc) -> None:
    """A bot challenges a bot with its token; both play through the Bot API; the game
    is one result on the bot accounts' ladder: the winner above 1500, the loser below."""
    owner = register(server.url, "ladderowner")
    first, second = make_bot(owner, "ladder-a"), make_bot(owner, "ladder-b")
    r = bearer(server.url, first).post("/api/challenge/ladder-b", json={"rules": "classic"})
    assert r.status_code == 201, r.text
    assert r.json()["challenger"] == "BOT ladder-a"
    a = bearer(server.url, second).post(f"/api/challenge/{r.json()['id']}/accept")
    assert a.status_code == 200, a.text
    gid = a.json()["game"]
    for token in (first, second):
        seen = bearer(server.url, token).get(f"/api/challenge/{r.json()['id']}").json()
        assert (seen["status"], seen["game"]) == ("accepted", gid)
    bots = [StreamBot(server.url, t, gid, seed) for t, seed in ((first, 1), (second, 2))]
    for b in bots:
        b.start()
    for b in bots:
        b.join(120)
        assert not b.is_alive() and over(b.seen[-1])
    for seat, b in enumerate(bots):
        assert b.seen[0]["seat"] == seat
        assert check_no_hidden(server, gid, b.seen, seat) >= 2
    ((result,),) = server.query("select result from games where id=?", gid)
    rows = {
        row["name"]: row
        for row in httpx.get(server.url + "/api/bots/ladder?rules=classic").json()["bots"]
    }
    assert set(rows) == {"ladder-a", "ladder-b"}
    ra, rb = rows["ladder-a"], rows["ladder-b"]
    assert ra["games"] == rb["games"] == 1 and ra["provisional"]
    if result == "draw":
        assert ra["rating"] == rb["rating"] == 1500 and ra["draws"] == 1
    else:
        won, lost = (ra, rb) if result == "p0" else (rb, ra)
        assert won["rating"] > 1500 > lost["rating"]
        assert (won["wins"], won["losses"], lost["wins"], lost["losses"]) == (1, 0, 0, 1)
    page = httpx.get(server.url + "/bots/ladder?rules=classic").text
    assert 'data-bot="ladder-a"' in page and "BOT ladder-b" in page
    assert httpx.get(server.url + "/api/bots/ladder?rules=cutthroat").status_code == 400
