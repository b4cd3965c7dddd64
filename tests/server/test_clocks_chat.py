"""Clocks, claiming a win from absent opponents, and table chat, over real websockets."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from ccutil import (
    chat_channels,
    clock_survives_sigkill,
    flag_with_nobody_sending,
    flood_refused,
    state_of,
    timed_table,
)
from srvutil import Client, ServerProc

from cuttle.engine.records import read_record


def test_bad_time_controls_get_a_400(alice: Client) -> None:
    two = [{"kind": "human"}, {"kind": "human"}]
    for control, why in (
        ("5", "unknown time control"),
        ("0+3", "more than 0"),
        ("999+0", "at most 180"),
        ("0s", "more than 0"),
        (5, "must be text"),
    ):
        r = alice.post("/api/games", {"seats": two, "time_control": control})
        assert r.status_code == 400 and why in r.json()["error"], (control, r.text)
    r = alice.post(
        "/api/games", {"seats": [{"kind": "human"}, {"kind": "bot"}], "time_control": "5+3"}
    )
    assert r.status_code == 400 and "between people" in r.json()["error"]
    r = alice.post("/api/games", {"seats": two, "time_control": " 5+3 "})
    assert r.status_code == 201
    info = alice.http.get(f"/api/games/{r.json()['id']}").json()
    assert info["time_control"] == "5+3" and info["clock"] is None  # starts when full


def test_clock_charges_time_adds_increment_and_survives_sigkill(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        server = clock_survives_sigkill(server)
    finally:
        server.stop()


def test_flag_ends_the_game_when_nobody_sends_anything(server: ServerProc) -> None:
    gid, _ = flag_with_nobody_sending(server)
    alice = Client(server.url)
    record = alice.http.get(f"/api/games/{gid}/record").text
    assert '[Termination "time"]' in record and '[Result "p1"]' in record
    game = read_record(record)  # the record reads back: a resignation ended on time
    assert game.outcome is not None and game.outcome.winners == (1,)
    replay = alice.http.get(f"/api/games/{gid}/replay").json()
    assert replay["termination"] == "time" and replay["positions"][-1]["termination"] == "time"


def test_a_timed_game_flags_after_a_restart_with_nobody_connected(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        _, _, gid = timed_table(server, "0.03+0")  # 1.8 s each
        server.kill()
        server = ServerProc(server.data).start()  # loads the timed game at start
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            rows = server.query("select status, termination from games where id=?", gid)
            if rows[0][0] == "over":
                break
            time.sleep(0.1)
        assert rows == [("over", "time")]
    finally:
        server.stop()


def test_per_move_limit_resets_each_action_and_flags(server: ServerProc) -> None:
    alice, bob, gid = timed_table(server, "1.5s")
    socks = {0: alice.ws(gid), 1: bob.ws(gid)}
    last = {s: state_of(sock) for s, sock in socks.items()}
    assert last[0]["clock"]["per_move"] is True
    for n in range(3):
        seat = last[0]["view"]["to_act"]
        move = "draw" if "draw" in last[seat]["legal"] else last[seat]["legal"][0]
        time.sleep(0.5)  # a third of the limit, each time: never flagged
        socks[seat].send({"t": "move", "move": move, "id": f"p{n}", "n": n})
        for s, sock in socks.items():
            last[s] = sock.until(lambda m, k=n + 1: m["t"] == "event" and m["n"] == k)
        left = last[0]["clock"]["left"]
        assert left[last[0]["view"]["to_act"]] > 1400 and max(left) <= 1500
    flagged = last[0]["view"]["to_act"]
    end = socks[0].until(lambda m: m["t"] == "event" and m["view"]["winner"] is not None, 5)
    assert end["termination"] == "time" and end["line"] == f"p{flagged}: resign"
    assert end["meta"]["result"] == f"p{1 - flagged}"


@pytest.fixture
def claim_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ServerProc:
    """A server where a player may claim the win after 1 s of absence."""
    monkeypatch.setenv("CUTTLE_CLAIM_AFTER", "1")
    return ServerProc(tmp_path / "data").start()


def test_claim_victory_after_the_opponent_left(claim_server: ServerProc) -> None:
    server = claim_server
    try:
        alice, bob, gid = timed_table(server, "10+0")
        carol = Client(server.url)
        a, b, c = alice.ws(gid), bob.ws(gid), carol.ws(gid)
        pres = a.until(lambda m: m["t"] == "presence" and m["away"] == [None, None])
        assert pres["claim_after"] == 1
        a.send({"t": "claim"})
        assert "p1 is at the table" in a.until(lambda m: m["t"] == "error")["error"]
        b.close()
        pres = a.until(lambda m: m["t"] == "presence" and m["away"][1] is not None)
        assert pres["away"][0] is None
        a.send({"t": "claim"})
        assert "wait" in a.until(lambda m: m["t"] == "error")["error"]
        c.send({"t": "claim"})  # a spectator cannot claim
        assert "cannot claim" in c.until(lambda m: m["t"] == "error")["error"]
        time.sleep(1.1)
        a.send({"t": "claim"})
        end = a.until(lambda m: m["t"] == "event")
        assert end["line"] == "p1: resign" and end["termination"] == "abandoned"
        assert end["meta"]["result"] == "p0"
        assert c.until(lambda m: m["t"] == "event")["termination"] == "abandoned"
        rows = server.query("select status, result, termination from games where id=?", gid)
        assert rows == [("over", "p0", "abandoned")]
        # Bob comes back to the finished game: it says abandoned, also after a restart.
        server.kill()
        server = claim_server.__class__(server.data).start()
        bob.base = server.url
        st = state_of(bob.ws(gid))
        assert st["termination"] == "abandoned" and st["view"]["termination"] == "abandoned"
    finally:
        server.stop()


def test_chat_channels_escaping_and_log(server: ServerProc) -> None:
    gid = chat_channels(server)
    assert server.query("select count(*) from chat where game_id=?", gid) == [(4,)]


def test_chat_flood_is_refused_and_not_stored(server: ServerProc) -> None:
    flood_refused(server)


def test_replay_carries_the_players_chat_only(alice: Client, bob: Client) -> None:
    r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    gid = r.json()["id"]
    bob.post(f"/api/games/{gid}/join")
    carol = Client(alice.base)
    a, c = alice.ws(gid), carol.ws(gid)
    a.send({"t": "chat", "text": "good luck"})
    a.until(lambda m: m["t"] == "chat")
    c.send({"t": "chat", "text": "secret spectator talk"})
    c.until(lambda m: m["t"] == "chat")
    assert alice.http.get(f"/api/games/{gid}/replay").status_code == 409
    a.send({"t": "resign"})
    a.until(lambda m: m["t"] == "event")
    replay = alice.http.get(f"/api/games/{gid}/replay").json()
    assert [(m["name"], m["text"]) for m in replay["chat"]] == [(alice.user["name"], "good luck")]
    assert "secret" not in str(replay)


def test_a_socket_without_a_session_cannot_chat(server: ServerProc, alice: Client) -> None:
    from websockets.sync.client import connect

    r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    gid = r.json()["id"]
    with connect(server.url.replace("http", "ws", 1) + f"/ws/games/{gid}") as ws:
        import json

        ws.send(json.dumps({"t": "chat", "text": "anonymous"}))
        while True:
            m = json.loads(ws.recv(timeout=5))
            if m["t"] == "error":
                break
        assert m["about"] == "chat" and "session" in m["error"]
    assert server.query("select count(*) from chat where game_id=?", gid) == [(0,)]
