"""Auth, CSRF, Origin, rate limits and malformed input: refused with clear errors."""

from __future__ import annotations

import json

import httpx
import pytest
from srvutil import Client, ServerProc, full_game, new_table
from websockets.exceptions import ConnectionClosed, InvalidStatus


def test_signup_signin_and_wrong_password(server: ServerProc, alice: Client) -> None:
    gid = alice.post("/api/quickplay", {"level": "random"}).json()["id"]
    r = alice.post("/api/signup", {"username": "alice_1", "password": "correct horse"})
    assert r.status_code == 200, r.text
    assert r.json()["user"]["name"] == "alice_1" and not r.json()["user"]["guest"]
    set_cookie = r.headers["set-cookie"].lower()
    assert "httponly" in set_cookie and "samesite=lax" in set_cookie
    alice.csrf = r.json()["csrf"]
    # The guest's game now belongs to the account.
    assert gid in [g["id"] for g in alice.http.get("/api/me/games").json()["games"]]
    other = Client(server.url)
    assert (
        other.post("/api/signup", {"username": "alice_1", "password": "x" * 9}).status_code == 400
    )
    bad = other.post("/api/signin", {"username": "alice_1", "password": "wrong password"})
    assert bad.status_code == 401 and bad.json() == {"error": "wrong username or password"}
    ok = other.post("/api/signin", {"username": "alice_1", "password": "correct horse"})
    assert ok.status_code == 200 and ok.json()["user"]["name"] == "alice_1"
    assert other.post("/api/games", {}).status_code == 403  # a new session, a new CSRF token
    other.csrf = ok.json()["csrf"]
    assert other.post("/api/signup", {"username": "a", "password": "short"}).status_code == 400
    lookalike = Client(server.url)
    r = lookalike.post("/api/signup", {"username": "alice_1\n", "password": "correct horse"})
    assert r.status_code == 400 and "username" in r.json()["error"]


def test_csrf_is_required_on_posts(server: ServerProc, alice: Client) -> None:
    r = alice.http.post("/api/games", json={})
    assert r.status_code == 403 and "CSRF" in r.json()["error"]
    r = alice.http.post("/api/games", json={}, headers={"X-CSRF-Token": "forged"})
    assert r.status_code == 403
    r = alice.http.post("/signin", data={"username": "x", "password": "y"})
    assert r.status_code == 403
    r = httpx.post(server.url + "/api/games", json={})
    assert r.status_code == 401 and "error" in r.json()


def test_websocket_from_a_foreign_origin_is_refused(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = new_table(alice, bob)
    with pytest.raises(InvalidStatus) as info:
        alice.ws(gid, origin="https://evil.example")
    assert info.value.response.status_code == 403
    ok = alice.ws(gid, origin=server.url)
    assert ok.until(lambda m: m["t"] == "state")["seat"] == 0
    ok.close()


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"t": "explode"}', "unknown message type"),
        ('{"t": "move"}', "needs 'move'"),
        ('{"t": "move", "move": 7}', "needs 'move'"),
        ('{"t": "move", "move": "' + "x" * 100 + '"}', "too long"),
        ('{"t": "move", "move": "draw", "id": 5}', "'id' must be"),
        ('{"t": "move", "move": "draw", "n": -1}', "whole number"),
        ('{"t": "move", "move": "resign"}', "to resign"),
        ('{"t": "draw", "action": "maybe"}', "'action' must be"),
        ('{"t": "move", "move": "fly KH"}', "unknown move"),
        ('{"t": "move", "move": "points ZZ"}', "is not a card"),
        ('{"t": "move", "move": "points 2C"}', None),
        ("[" * 5000 + "]" * 5000, "too long"),
    ],
)
def test_malformed_and_illegal_messages_change_nothing(
    server: ServerProc, alice: Client, bob: Client, raw: str, expected: str | None
) -> None:
    gid = new_table(alice, bob)
    a = alice.ws(gid)
    st = a.until(lambda m: m["t"] == "state")
    if expected is None:  # a card alice does not hold
        held = set(st["view"]["hands"][0])
        card = next(c for c in ("2C", "2D", "2H", "2S") if c not in held)
        raw = json.dumps({"t": "move", "move": f"points {card}"})
        expected = "do not hold"
    a.send(raw)
    err = a.until(lambda m: m["t"] == "error")
    assert expected in err["error"]
    a.send({"t": "ping"})
    assert a.until(lambda m: m["t"] == "pong")["n"] == 0
    assert full_game(server, gid)[1] == []
    a.close()


def test_binary_frames_and_moves_out_of_turn_are_refused(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = new_table(alice, bob)
    b = bob.ws(gid)
    b.until(lambda m: m["t"] == "state")
    b.conn.send(b"\x00\x01")
    assert "binary" in b.until(lambda m: m["t"] == "error")["error"]
    b.send({"t": "move", "move": "draw"})
    assert "not your turn" in b.until(lambda m: m["t"] == "error")["error"]
    b.send({"t": "move", "move": "draw", "n": 5})
    err = b.until(lambda m: m["t"] == "error")
    assert "stale" in err["error"] or "not your turn" in err["error"]
    assert full_game(server, gid)[1] == []
    b.close()


def test_a_flooding_socket_is_closed_with_1008(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = new_table(alice, bob)
    a = alice.ws(gid)
    a.until(lambda m: m["t"] == "state")
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(2000):
            a.send({"t": "ping"})
        while True:
            a.recv(timeout=5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1008
    assert info.value.rcvd.reason == "rate limit"


def test_http_errors_are_json_without_tracebacks(server: ServerProc, alice: Client) -> None:
    r = alice.http.get("/api/games/nonexistent")
    assert r.status_code == 404 and r.json() == {"error": "no such game"}
    r = alice.post("/api/games", {"rules": "poker"})
    assert r.status_code == 400 and "unknown rule set" in r.json()["error"]
    r = alice.post("/api/games", {"rules": "multiplayer", "players": 9})
    assert r.status_code == 400 and "players" in r.json()["error"]
    r = alice.post("/api/games", {"seats": [{"kind": "bot", "level": "godlike"}, {}]})
    assert r.status_code == 400 and "seat 0" in r.json()["error"]
    r = alice.http.post(
        "/api/games",
        content=b"{broken",
        headers={"X-CSRF-Token": alice.csrf, "content-type": "application/json"},
    )
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = alice.http.post("/api/games", content=b"x" * 20000, headers={"X-CSRF-Token": alice.csrf})
    assert r.status_code == 413
    for resp in (r,):
        assert "Traceback" not in resp.text
    gid = alice.post("/api/quickplay", {"level": "random"}).json()["id"]
    r = alice.post(f"/api/games/{gid}/join", {"seat": "one"})
    assert r.status_code == 400
    r = alice.http.get("/g/doesnotexist", headers={"accept": "text/html"})
    assert r.status_code == 404 and "Traceback" not in r.text and "<h1>404" in r.text
