"""A whole game over real websockets, every message checked for hidden cards."""

from __future__ import annotations

import random
from typing import Any

from srvutil import Client, ServerProc, Socket, check_no_hidden, full_game, play_against_bot


def _play_out(
    players: dict[int, Socket],
    watchers: list[Socket],
    first: dict[str, Any],
    rng: random.Random,
    cap: int = 300,
) -> dict[str, Any]:
    """Play random legal moves until the game ends or ``cap`` moves; return the last event."""
    last = first
    acked: list[int] = []
    for i in range(cap):
        view = last["view"]
        if view["winner"] is not None:
            break
        seat = view["to_act"]
        sock = players[seat]
        legal = sock.seen[-1]["legal"]
        assert legal, f"seat {seat} to act but got no legal moves"
        cid = f"m{i}"
        sock.send({"t": "move", "move": rng.choice(legal), "id": cid, "n": last["n"]})
        ack = sock.until(lambda m: m["t"] in ("ack", "error"))
        assert ack["t"] == "ack", ack
        assert ack["id"] == cid and ack["n"] == last["n"] + 1
        acked.append(ack["n"])
        for s in [*players.values(), *watchers]:
            last = s.until(lambda m, n=ack["n"]: m["t"] == "event" and m["n"] == n)
    return last


def test_whole_game_two_people_and_a_spectator(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    r = alice.post(
        "/api/games", {"rules": "standard", "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
    carol = Client(server.url)
    a, b, c = alice.ws(gid), bob.ws(gid), carol.ws(gid)
    states = [s.until(lambda m: m["t"] == "state") for s in (a, b, c)]
    assert [s["seat"] for s in states] == [0, 1, None]
    assert states[2]["legal"] == []
    last = _play_out({0: a, 1: b}, [c], states[0], random.Random(7))
    if last["view"]["winner"] is None:
        a.send({"t": "resign", "id": "r"})
        last = c.until(lambda m: m["t"] == "event" and m["line"] == "p0: resign")
    assert last["view"]["winner"] is not None
    # The database holds every move; the final view shows all cards to everyone.
    _, moves = full_game(server, gid)
    assert len(moves) == last["n"]
    assert "??" not in str(last["view"]["hands"])
    for sock, seat in ((a, 0), (b, 1), (c, None)):
        assert check_no_hidden(server, gid, sock.seen, seat) >= len(moves)
    # Replay and record open once the game is over.
    rp = carol.http.get(f"/api/games/{gid}/replay").json()
    assert len(rp["positions"]) == len(moves) + 1 and len(rp["lines"]) == len(moves)
    rec = carol.http.get(f"/api/games/{gid}/record")
    assert rec.status_code == 200 and '[Deck "' in rec.text
    for s in (a, b, c):
        s.close()


def test_spectator_mid_game_sees_no_hand_and_cannot_move(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]}).json()["id"]
    bob.post(f"/api/games/{gid}/join")
    a = alice.ws(gid)
    first = a.until(lambda m: m["t"] == "state")
    spec = Client(server.url).ws(gid)
    st = spec.until(lambda m: m["t"] == "state")
    assert all(c == "??" for hand in st["view"]["hands"] for c in hand)
    assert all(c == "??" for c in st["view"]["deck"])
    spec.send({"t": "move", "move": "draw", "id": "x"})
    err = spec.until(lambda m: m["t"] == "error")
    assert "spectators" in err["error"]
    # Record and replay stay closed while the game is on: the record shows the deck.
    assert alice.http.get(f"/api/games/{gid}/record").status_code == 409
    assert alice.http.get(f"/api/games/{gid}/replay").status_code == 409
    a.send({"t": "move", "move": first["legal"][0], "id": "1"})
    ev = spec.until(lambda m: m["t"] == "event")
    assert ev["n"] == 1 and ev["legal"] == []
    check_no_hidden(server, gid, spec.seen, None)
    a.close()
    spec.close()


def test_game_against_a_bot_to_the_end(server: ServerProc, alice: Client) -> None:
    gid, a = play_against_bot(alice)
    assert any(m["t"] == "event" and m["line"].startswith("p1: ") for m in a.seen)
    check_no_hidden(server, gid, a.seen, 0)
    me = alice.http.get("/api/me/games").json()
    assert gid in [g["id"] for g in me["games"]]
    a.close()


def test_reconnect_catches_up_by_event_number(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]}).json()["id"]
    bob.post(f"/api/games/{gid}/join")
    a, b = alice.ws(gid), bob.ws(gid)
    sa = a.until(lambda m: m["t"] == "state")
    b.until(lambda m: m["t"] == "state")
    b.close()
    a.send({"t": "move", "move": "draw", "id": "d1", "n": sa["n"]})
    assert a.until(lambda m: m["t"] == "ack")["n"] == 1
    b2 = bob.ws(gid)
    b2.until(lambda m: m["t"] == "state")
    b2.send({"t": "sync", "n": 0})
    ev = b2.until(lambda m: m["t"] == "event")
    assert ev["n"] == 1 and ev["line"] == "p0: draw" and ev["view"]["to_act"] == 1
    # A resent move (same id) is acknowledged again, not played twice.
    a.send({"t": "move", "move": "draw", "id": "d1"})
    ack = a.until(lambda m: m["t"] in ("ack", "error"))
    assert ack == {"t": "ack", "id": "d1", "n": 1}
    _, moves = full_game(server, gid)
    assert moves == [(0, "draw")]
    a.close()
    b2.close()


def test_draw_offer_and_rematch_swaps_seats(server: ServerProc, alice: Client, bob: Client) -> None:
    gid = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]}).json()["id"]
    bob.post(f"/api/games/{gid}/join")
    a, b = alice.ws(gid), bob.ws(gid)
    a.until(lambda m: m["t"] == "state")
    b.until(lambda m: m["t"] == "state")
    b.send({"t": "draw", "action": "accept"})
    assert "no draw offer" in b.until(lambda m: m["t"] == "error")["error"]
    a.send({"t": "draw", "action": "offer"})
    assert b.until(lambda m: m["t"] == "offer")["draw"] == [0]
    b.send({"t": "draw", "action": "accept"})
    ev = a.until(lambda m: m["t"] == "event")
    assert ev["line"] == "draw agreed" and ev["result"] == "draw"
    a.send({"t": "rematch"})
    assert a.until(lambda m: m["t"] == "rematch")["asked"] == [0]
    b.send({"t": "rematch"})
    new = a.until(lambda m: m["t"] == "rematch" and "game" in m)["game"]
    info = alice.http.get(f"/api/games/{new}").json()
    assert info["you"] == 1 and info["status"] == "playing"
    assert bob.http.get(f"/api/games/{new}").json()["you"] == 0
    a.close()
    b.close()


def test_multi_seat_tables_with_bots_hide_every_other_hand(
    server: ServerProc, alice: Client
) -> None:
    for rules, players in (("cutthroat", 3), ("team", 4), ("multiplayer", 5)):
        seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
        r = alice.post("/api/games", {"rules": rules, "players": players, "seats": seats})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        a = alice.ws(gid)
        last = a.until(lambda m: m["t"] == "state")
        assert len(last["view"]["hands"]) == players
        rng = random.Random(players)
        for i in range(120):
            if last["view"]["winner"] is not None:
                break
            if last["view"]["to_act"] == 0 and last["legal"]:
                a.send(
                    {"t": "move", "move": rng.choice(last["legal"]), "id": f"{i}", "n": last["n"]}
                )
            last = a.until(lambda m: m["t"] == "event", timeout=20)
        if last["view"]["winner"] is None:
            a.send({"t": "resign"})
            last = a.until(lambda m: m["t"] == "event" and "resign" in m["line"])
        assert last["view"]["winner"] is not None
        assert check_no_hidden(server, gid, a.seen, 0) > 1
        a.close()
