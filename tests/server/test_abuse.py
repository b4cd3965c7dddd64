"""Abuse: guest floods, game floods, framing and sniffing, huge frames, loose types and
sockets to games that do not exist are refused with a 4xx or a close code, and nothing
is created."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from srvutil import Client, ServerProc, new_table
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server with the shipped limits, except that guests are plentiful (so the tests
    below can make users) and one address may make 15 games a minute."""
    proc = ServerProc(
        tmp_path_factory.mktemp("abuse") / "data",
        real_limits=True,
        env={"CUTTLE_GUEST_LIMIT": "1000/minute", "CUTTLE_CREATE_LIMIT_ADDR": "15/minute"},
    ).start()
    yield proc
    proc.stop()


def _count(server: ServerProc, table: str) -> int:
    ((n,),) = server.query(f"select count(*) from {table}")
    return int(n)


def test_a_flood_of_cookieless_visits_makes_at_most_the_limit_of_guests(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data", real_limits=True).start()  # 20 guests a minute
    try:
        statuses = []
        with httpx.Client(base_url=server.url, timeout=10) as http:
            for i in range(300):
                path = "/" if i % 2 else "/api/session"
                http.cookies.clear()
                r = http.get(path, headers={"accept": "text/html"})
                statuses.append(r.status_code)
                if r.status_code == 429:
                    assert "set-cookie" not in r.headers and "Traceback" not in r.text
        assert statuses[:20] == [200] * 20
        assert set(statuses[20:]) == {429}
        assert _count(server, "users") == 20 and _count(server, "sessions") == 20
        # Someone who already has a session is not affected by the flood.
        with httpx.Client(base_url=server.url, timeout=10) as http:
            http.cookies.clear()
        assert _count(server, "users") == 20
    finally:
        server.stop()


def test_game_creation_is_limited_per_user_and_per_address(strict: ServerProc) -> None:
    before = _count(strict, "games")
    alice = Client(strict.url)
    codes = [alice.post("/api/quickplay", {"level": "random"}).status_code for _ in range(40)]
    assert codes[:10] == [201] * 10 and set(codes[10:]) == {429}  # 10 a minute per user
    r = alice.post("/api/games", {})
    assert r.status_code == 429 and r.json() == {"error": "too many new games; wait a minute"}
    assert _count(strict, "games") == before + 10
    # Another user at the same address gets the address's remaining 5.
    bob = Client(strict.url)
    codes = [bob.post("/api/games", {}).status_code for _ in range(10)]
    assert codes == [201] * 5 + [429] * 5
    assert _count(strict, "games") == before + 15
    # A wrong request is refused for what it is and not counted.
    carol = Client(strict.url)
    assert carol.post("/api/games", {"rules": "poker"}).status_code == 400


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"private": "yes"}, "private must be true or false"),
        ({"private": 1}, "private must be true or false"),
        ({"private": None}, "private must be true or false"),
        ({"practice": "true"}, "practice must be true or false"),
        ({"variants": "jokers"}, "variants must be a list"),
        ({"rules": ["standard"]}, "unknown rule set"),
        ({"players": "2"}, "players must be a number"),
        ({"my_seat": "0"}, "my_seat must be"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "level": ["easy"]}]}, "seat 1"),
    ],
)
def test_loose_types_are_refused(
    strict: ServerProc, body: dict[str, object], expected: str
) -> None:
    alice = Client(strict.url)
    before = _count(strict, "games")
    r = alice.post("/api/games", body)
    assert r.status_code == 400 and expected in r.json()["error"], r.text
    assert _count(strict, "games") == before


def test_quickplay_types_are_strict(strict: ServerProc) -> None:
    alice = Client(strict.url)
    before = _count(strict, "games")
    for body in ({"level": 3}, {"level": "godlike"}, {"rules": {"a": 1}}, {"rules": 7}):
        r = alice.post("/api/quickplay", body)
        assert r.status_code == 400 and "error" in r.json(), (body, r.text)
    assert _count(strict, "games") == before


def test_security_headers_on_every_response(strict: ServerProc) -> None:
    alice = Client(strict.url)
    for path in ("/", "/api/options", "/static/site.css", "/api/games/nope", "/g/nope"):
        r = alice.http.get(path)
        h = r.headers
        csp = h["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
        assert h["x-frame-options"] == "DENY", path
        assert h["x-content-type-options"] == "nosniff", path
        assert h["referrer-policy"] == "same-origin", path
    # The pages hold no inline script for the policy to block.
    html = alice.http.get("/").text
    assert "<script>" not in html and "onclick=" not in html


def test_a_huge_frame_is_closed_at_the_protocol_level(server: ServerProc) -> None:
    alice, bob = Client(server.url), Client(server.url)
    gid = new_table(alice, bob)
    a = alice.ws(gid)
    a.until(lambda m: m["t"] == "state")
    with pytest.raises(ConnectionClosed) as info:
        a.conn.send("x" * 1_000_000)
        while True:
            a.recv(timeout=5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1009
    # The server is fine, and a message between 2 KB and the cap gets the usual error.
    b = bob.ws(gid)
    b.until(lambda m: m["t"] == "state")
    b.send('{"t": "ping", "pad": "' + "y" * 5000 + '"}')
    assert "too long" in b.until(lambda m: m["t"] == "error")["error"]
    b.close()


def test_a_socket_to_an_unknown_game_is_closed_with_1008(server: ServerProc) -> None:
    alice = Client(server.url)
    url = server.url.replace("http", "ws", 1)
    for gid in ("doesnotexist", "x" * 40):
        with (
            connect(f"{url}/ws/games/{gid}", additional_headers={"Cookie": alice.cookie()}) as conn,
            pytest.raises(ConnectionClosed) as info,
        ):
            conn.recv(timeout=5)
        assert info.value.rcvd is not None
        assert (info.value.rcvd.code, info.value.rcvd.reason) == (1008, "no such game")


def test_series_creation_counts_against_the_game_limit(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data", real_limits=True).start()  # 10 new a minute a user
    try:
        alice = Client(server.url)
        seats = [
            {"kind": "me"},
            {"kind": "bot", "level": "random"},
            {"kind": "bot", "level": "random"},
        ]
        body = {"rules": "cutthroat", "seats": seats}
        codes = [alice.post("/api/series", body).status_code for _ in range(12)]
        assert codes == [201] * 10 + [429] * 2
        assert _count(server, "series") == 10
    finally:
        server.stop()
