"""Clock and chat scenarios over real websockets, run on SQLite and on PostgreSQL."""

from __future__ import annotations

import time
from typing import Any

from srvutil import Client, ServerProc, Socket


def timed_table(server: ServerProc, control: str) -> tuple[Client, Client, str]:
    """Alice (p0) and Bob (p1) at a new two-person game with the clock ``control``."""
    alice, bob = Client(server.url), Client(server.url)
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = alice.post("/api/games", {"seats": seats, "my_seat": 0, "time_control": control})
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
    return alice, bob, gid


def state_of(sock: Socket) -> dict[str, Any]:
    """The next ``state`` message."""
    return sock.until(lambda m: m["t"] == "state")


def stored_clocks(server: ServerProc, gid: str) -> list[tuple[int, str | None]]:
    """``(ply, clocks)`` of every stored move of ``gid``."""
    return [
        (ply, clocks)
        for ply, clocks in server.query(
            "select ply, clocks from moves where game_id=? order by ply", gid
        )
    ]


def calm_move(legal: list[str]) -> str:
    """A move that cannot end the game: a draw if possible, else a pass or a discard."""
    for m in legal:
        if m == "draw" or m == "pass":
            return m
    calm = [m for m in legal if m.split(" ", 1)[0] not in ("points", "royal")]
    return (calm or legal)[0]


def play_timed(
    socks: dict[int, Socket], last: dict[int, dict[str, Any]], n: int, pause: float
) -> tuple[int, dict[str, Any]]:
    """The seat to act waits ``pause`` seconds and plays a calm move; return the new
    event number and the event as seat 0 saw it (everyone sees it)."""
    seat = last[0]["view"]["to_act"]
    time.sleep(pause)
    move = calm_move(last[seat]["legal"])
    socks[seat].send({"t": "move", "move": move, "id": f"m{n}", "n": n})
    ack = socks[seat].until(lambda m: m["t"] in ("ack", "error"))
    assert ack["t"] == "ack", ack
    for s, sock in socks.items():
        last[s] = sock.until(lambda m, k=ack["n"]: m["t"] == "event" and m["n"] == k)
    return ack["n"], last[0]


def clock_survives_sigkill(server: ServerProc) -> ServerProc:
    """A "5+3" game: each move charges the mover its thinking time and adds 3 s, the
    numbers stored with the move; SIGKILL mid-game and restart: the stored clocks are
    unchanged and the state message carries them. Returns the restarted server."""
    alice, bob, gid = timed_table(server, "5+3")
    socks = {0: alice.ws(gid), 1: bob.ws(gid)}
    last = {s: state_of(sock) for s, sock in socks.items()}
    clock = last[0]["clock"]
    assert last[0]["time_control"] == "5+3"
    assert clock["control"] == "5+3" and clock["running"] == last[0]["view"]["to_act"]
    assert all(290_000 < ms <= 300_000 for ms in clock["left"])
    n = 0
    for _ in range(4):
        seat = last[0]["view"]["to_act"]
        before = last[0]["clock"]["left"][seat]
        n, ev = play_timed(socks, last, n, 0.3)
        left = ev["clock"]["left"]
        # charged about 0.3 s (plus the round trip), then given the 3 s increment
        assert before + 3000 - 3000 < left[seat] <= before + 3000 - 300, (before, left)
        assert ev["clock"]["running"] == ev["view"]["to_act"]
    rows = stored_clocks(server, gid)
    assert [p for p, _ in rows] == [1, 2, 3, 4]
    last_left = [int(w) for w in str(rows[-1][1]).split()]
    assert last_left[1 - ev["view"]["to_act"]] == ev["clock"]["left"][1 - ev["view"]["to_act"]]
    to_act = ev["view"]["to_act"]
    killed_at = time.time()
    server.kill()
    for sock in socks.values():
        sock.conn.close()
    time.sleep(0.5)
    server = ServerProc(server.data, database_url=server.database_url).start()
    assert stored_clocks(server, gid) == rows
    alice.base = bob.base = server.url
    sock = alice.ws(gid)
    st = state_of(sock)
    clock = st["clock"]
    assert st["n"] == 4 and clock["running"] == to_act
    # The seat not to act keeps exactly its stored time; the seat to act's clock kept
    # running from the stored move, through the restart.
    assert clock["left"][1 - to_act] == last_left[1 - to_act]
    gone_ms = (time.time() - killed_at) * 1000
    assert last_left[to_act] - gone_ms - 3000 < clock["left"][to_act] < last_left[to_act] - 400
    sock.close()
    return server


def flag_with_nobody_sending(server: ServerProc) -> tuple[str, dict[str, Any]]:
    """A "0.02+0" game (1.2 s each): nobody moves; the server flags p0 on its own and
    tells both players. Returns the game id and the final event."""
    alice, bob, gid = timed_table(server, "0.02+0")
    a, b = alice.ws(gid), bob.ws(gid)
    st = state_of(a)
    state_of(b)
    assert st["view"]["to_act"] == 0 and st["clock"]["left"][0] <= 1200
    t0 = time.monotonic()
    ends = [
        s.until(lambda m: m["t"] == "event" and m["view"]["winner"] is not None, 5) for s in (a, b)
    ]
    assert 0.6 < time.monotonic() - t0 < 3
    for ev in ends:
        assert ev["line"] == "p0: resign" and ev["termination"] == "time"
        assert ev["meta"]["termination"] == "time" and ev["meta"]["result"] == "p1"
        assert ev["clock"]["left"][0] == 0 and ev["clock"]["running"] is None
    rows = server.query("select status, result, termination from games where id=?", gid)
    assert rows == [("over", "p1", "time")]
    assert server.query("select seat, text, clocks from moves where game_id=?", gid) == [
        (0, "resign", f"0 {ends[0]['clock']['left'][1]}")
    ]
    # A move after the flag is refused.
    a.send({"t": "move", "move": "draw", "id": "late", "n": 1})
    err = a.until(lambda m: m["t"] == "error")
    assert err["error"] == "the game is over"
    a.close()
    b.close()
    return gid, ends[0]


def chat_channels(server: ServerProc) -> str:
    """Players chat with players, spectators with spectators; nothing crosses; the text
    comes back exactly as sent (escaping is the display's job); a reload gets each
    channel's log. Returns the game id."""
    alice, bob = Client(server.url), Client(server.url)
    carol, dave = Client(server.url), Client(server.url)
    r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    gid: str = r.json()["id"]
    bob.post(f"/api/games/{gid}/join")
    socks = {name: c.ws(gid) for name, c in (("a", alice), ("b", bob), ("c", carol), ("d", dave))}
    for s in socks.values():
        log = s.until(lambda m: m["t"] == "chat_log")
        assert log["messages"] == []
    evil = '<img src=x onerror="alert(1)"> & <b>bold</b>'
    socks["a"].send({"t": "chat", "text": f"  hello bob {evil}  "})
    got = [socks[k].until(lambda m: m["t"] == "chat") for k in "ab"]
    for m in got:
        assert m["channel"] == "players" and m["seat"] == 0
        assert m["text"] == f"hello bob {evil}" and m["name"] == alice.user["name"]
    socks["c"].send({"t": "chat", "text": "spectators only"})
    got = [socks[k].until(lambda m: m["t"] == "chat") for k in "cd"]
    for m in got:
        assert m["channel"] == "spectators" and m["seat"] is None
        assert m["text"] == "spectators only" and m["name"] == carol.user["name"]
    socks["b"].send({"t": "chat", "text": "hi alice"})
    assert socks["a"].until(lambda m: m["t"] == "chat")["text"] == "hi alice"
    # Spectators never got the players' messages, nor players the spectators'.
    socks["c"].send({"t": "ping"})
    socks["d"].send({"t": "ping"})
    socks["a"].send({"t": "ping"})
    for k in "cda":
        socks[k].until(lambda m: m["t"] == "pong")
    texts = {k: [m["text"] for m in s.seen if m["t"] == "chat"] for k, s in socks.items()}
    assert texts["a"] == [f"hello bob {evil}", "hi alice"]
    assert texts["c"] == texts["d"] == ["spectators only"]
    # Bad messages: an error about chat, nothing stored.
    for bad, why in (("x" * 301, "too long"), ("   ", "empty"), (7, "needs 'text'")):
        socks["a"].send({"t": "chat", "text": bad})
        err = socks["a"].until(lambda m: m["t"] == "error")
        assert why in err["error"], err
    socks["a"].send({"t": "chat", "text": "y" * 300})
    socks["b"].until(lambda m: m["t"] == "chat" and m["text"] == "y" * 300)
    rows = server.query("select channel, seat, text from chat where game_id=? order by id", gid)
    assert rows == [
        ("players", 0, f"hello bob {evil}"),
        ("spectators", None, "spectators only"),
        ("players", 1, "hi alice"),
        ("players", 0, "y" * 300),
    ]
    for s in socks.values():
        s.close()
    # A reload gets its own channel's messages again.
    again = carol.ws(gid)
    log = again.until(lambda m: m["t"] == "chat_log")
    assert [m["text"] for m in log["messages"]] == ["spectators only"]
    again.close()
    again = bob.ws(gid)
    log = again.until(lambda m: m["t"] == "chat_log")
    assert [m["text"] for m in log["messages"]] == [f"hello bob {evil}", "hi alice", "y" * 300]
    again.close()
    return gid


def flood_refused(server: ServerProc) -> None:
    """Five chat messages at once go out; the sixth gets an error and is not stored."""
    alice, bob = Client(server.url), Client(server.url)
    r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    gid: str = r.json()["id"]
    bob.post(f"/api/games/{gid}/join")
    a, b = alice.ws(gid), bob.ws(gid)
    for i in range(6):
        a.send({"t": "chat", "text": f"spam {i}"})
    err = a.until(lambda m: m["t"] == "error")
    assert err["about"] == "chat" and "too many chat messages" in err["error"]
    b.send({"t": "ping"})
    b.until(lambda m: m["t"] == "pong")
    assert [m["text"] for m in b.seen if m["t"] == "chat"] == [f"spam {i}" for i in range(5)]
    rows = server.query("select text from chat where game_id=? order by id", gid)
    assert [t for (t,) in rows] == [f"spam {i}" for i in range(5)]
    # The socket stays open: moves still work.
    a.send({"t": "ping"})
    a.until(lambda m: m["t"] == "pong")
    a.close()
    b.close()
