"""Websockets and the sessions and addresses behind them: a sign-out closes the sockets
its session opened (on every worker, through Redis), the Origin check compares the
scheme too, and the app caps the sockets one address opens without a session."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from clusterutil import RedisProc
from srvutil import Client, ServerProc, Socket, new_table, unhurried_move
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect


def _registered(base: str, name: str) -> Client:
    c = Client(base)
    r = c.post("/api/signup", {"username": name, "password": "correct horse"})
    assert r.status_code == 200, r.text
    c.csrf = r.json()["csrf"]
    return c


def _name(prefix: str) -> str:
    return f"{prefix}{random.randrange(10**6)}"


def _closed(sock: Socket, timeout: float = 10) -> int | None:
    """Read ``sock`` until the server closes it; its close code (``None``: still open)."""
    try:
        while True:
            sock.recv(timeout)
    except ConnectionClosed as e:
        return e.rcvd.code if e.rcvd else -1
    except TimeoutError:
        return None


def _stored_moves(server: ServerProc, gid: str) -> int:
    return int(server.query("select count(*) from moves where game_id=?", gid)[0][0])


def _table_to_move(a: Client, b: Client) -> tuple[str, Socket, dict[str, object]]:
    """A new table of ``a`` (seat 0, to move) and ``b``; ``a``'s socket and first state."""
    gid = new_table(a, b)
    sock = a.ws(gid)
    state = sock.until(lambda m: m["t"] == "state")
    return gid, sock, state


def check_sign_out_closes(
    server: ServerProc, signed_out: Client, elsewhere: Client, same_worker: bool = True
) -> None:
    """``signed_out`` signs out (on its own base URL); its socket (opened on
    ``server``) is closed and a move sent on it afterwards is never stored.

    On the same worker the sockets are closed before the sign-out's answer, so a move
    sent right after it is refused; on another worker they close when the sign-out's
    news arrives over Redis (milliseconds later), so the move is sent once it has."""
    gid, sock, state = _table_to_move(signed_out, Client(server.url))
    legal = state["legal"]
    assert isinstance(legal, list) and legal
    before = _stored_moves(server, gid)
    r = elsewhere.post("/api/signout")
    assert r.status_code == 200, r.text
    if not same_worker:
        assert _closed(sock) is not None, "the socket stayed open after its session signed out"
    try:
        move = unhurried_move(legal, random.Random(1))
        sock.send({"t": "move", "move": move, "id": "after-signout", "n": state["n"]})
    except ConnectionClosed:
        pass
    if same_worker:
        assert _closed(sock) is not None, "the socket stayed open after its session signed out"
    assert _stored_moves(server, gid) == before


def test_sign_out_closes_the_sessions_sockets(server: ServerProc) -> None:
    """Hana signs out: the socket she opened signed in is closed, and a move sent on it
    is not played; her other session's socket (another browser) plays on."""
    name = _name("hana")
    hana = _registered(server.url, name)
    other_browser = Client(server.url)
    r = other_browser.post("/api/signin", {"username": name, "password": "correct horse"})
    assert r.status_code == 200, r.text
    other_browser.csrf = r.json()["csrf"]
    gid2, kept, state2 = _table_to_move(other_browser, Client(server.url))

    check_sign_out_closes(server, hana, hana)

    kept.send({"t": "move", "move": state2["legal"][0], "id": "kept", "n": state2["n"]})
    kept.until(lambda m: m["t"] == "event")
    assert _stored_moves(server, gid2) == 1


def test_a_sign_out_handled_by_the_form_closes_them_too(server: ServerProc) -> None:
    """The sign-out form (``POST /signout``) does the same."""
    ivy = _registered(server.url, _name("ivy"))
    _gid, sock, _state = _table_to_move(ivy, Client(server.url))
    r = ivy.http.post("/signout", data={"csrf": ivy.csrf})
    assert r.status_code == 303
    assert _closed(sock) is not None


@pytest.mark.slow
def test_sign_out_on_one_worker_closes_the_socket_on_another(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Two workers on PostgreSQL and Redis: the socket lives on one, the sign-out is
    handled by the other; the news reaches the first and it closes the socket."""
    redis = RedisProc(tmp_path).start()
    url = postgres.url(postgres.create_database())
    workers = [
        ServerProc(tmp_path / f"data{i}", database_url=url, redis_url=redis.url) for i in range(2)
    ]
    try:
        for w in workers:
            w.start()
        jade = _registered(workers[0].url, _name("jade"))
        there = Client(workers[1].url)
        there.http.cookies.update(jade.http.cookies)
        there.csrf = jade.csrf
        check_sign_out_closes(workers[0], jade, there, same_worker=False)
    finally:
        for w in workers:
            w.stop()
        redis.stop()


# ---------------------------------------------------------------------- Origin check


def _ws_url(server: ServerProc, gid: str) -> str:
    return server.url.replace("http", "ws", 1) + f"/ws/games/{gid}"


def _accepted(server: ServerProc, gid: str, headers: dict[str, str]) -> bool:
    """Whether a socket with ``headers`` is accepted and sent the game's state."""
    try:
        with connect(_ws_url(server, gid), additional_headers=headers, open_timeout=10) as ws:
            return '"state"' in str(ws.recv(timeout=10))
    except (InvalidStatus, ConnectionClosed):
        return False


def test_the_origin_check_compares_the_scheme(server: ServerProc) -> None:
    """On a plain (ws) socket an https page of the same host is refused; behind a proxy
    that says the request came over https, the https page is accepted and the http
    one refused."""
    alice, bob = Client(server.url), Client(server.url)
    gid = new_table(alice, bob)
    host = server.url.split("://", 1)[1]
    assert _accepted(server, gid, {"Origin": f"http://{host}"})
    assert not _accepted(server, gid, {"Origin": f"https://{host}"})
    tls = {"X-Forwarded-Proto": "https"}
    assert _accepted(server, gid, {**tls, "Origin": f"https://{host}"})
    assert not _accepted(server, gid, {**tls, "Origin": f"http://{host}"})


# ---------------------------------------------------------------------- anonymous cap


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A server that takes 5 sockets without a session from one address."""
    data = tmp_path_factory.mktemp("cap") / "data"
    proc = ServerProc(data, env={"CUTTLE_WS_ANON_LIMIT": "5"}).start()
    yield proc
    proc.stop()


def test_anonymous_sockets_are_capped_per_address(capped: ServerProc) -> None:
    """Five cookieless sockets from one address are watched; the sixth is closed with
    1008; another address and a signed-in (or guest) visitor are not counted; closing
    one makes room for another."""
    alice, bob = Client(capped.url), Client(capped.url)
    gid = new_table(alice, bob)
    url = _ws_url(capped, gid)
    here = {"X-Forwarded-For": "10.9.0.1"}
    opened = []
    for _ in range(5):
        ws = connect(url, additional_headers=here, open_timeout=10).__enter__()
        assert '"state"' in str(ws.recv(timeout=10))
        opened.append(ws)
    try:
        assert not _accepted(capped, gid, here)
        assert _accepted(capped, gid, {"X-Forwarded-For": "10.9.0.2"})
        with_cookie = {**here, "Cookie": alice.cookie()}
        assert _accepted(capped, gid, with_cookie)
        opened.pop().close()
        assert _wait_accepted(capped, gid, here)
    finally:
        for ws in opened:
            ws.close()


def _wait_accepted(server: ServerProc, gid: str, headers: dict[str, str]) -> bool:
    """Whether a socket is accepted within a few tries (a close takes a moment to be
    counted by the server)."""
    for _ in range(50):
        if _accepted(server, gid, headers):
            return True
        time.sleep(0.1)
    return False


def test_the_default_cap_matches_the_shipped_nginx() -> None:
    """50 sockets without a session per address, as deploy/nginx.conf's limit_conn."""
    from cuttle.server.settings import Settings

    nginx = (Path(__file__).parents[2] / "deploy" / "nginx.conf").read_text()
    assert "limit_conn cuttle_conn 50;" in nginx
    assert Settings.ws_anon_limit == 50
