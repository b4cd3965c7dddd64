"""SIGKILL the server mid-game: after a restart every acknowledged move is still there."""

from __future__ import annotations

import random
from pathlib import Path

from srvutil import Client, ServerProc, full_game, new_table, unhurried_move


def test_sigkill_mid_game_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServerProc(data).start()
    try:
        alice, bob = Client(server.url), Client(server.url)
        gid = new_table(alice, bob)
        socks = {0: alice.ws(gid), 1: bob.ws(gid)}
        last = {s: sock.until(lambda m: m["t"] == "state") for s, sock in socks.items()}
        rng = random.Random(11)
        acked: list[tuple[int, str]] = []
        view, n = last[0]["view"], 0
        while len(acked) < 12 and view["winner"] is None:
            seat = view["to_act"]
            legal = last[seat]["legal"]
            move = unhurried_move(legal, rng)
            socks[seat].send({"t": "move", "move": move, "id": f"k{n}", "n": n})
            ack = socks[seat].until(lambda m: m["t"] in ("ack", "error"))
            assert ack["t"] == "ack", ack
            n = ack["n"]
            for s, sock in socks.items():
                last[s] = sock.until(lambda m, n=n: m["t"] == "event" and m["n"] == n)
            acked.append((seat, last[0]["line"].split(": ", 1)[1]))
            view = last[0]["view"]
        assert view["winner"] is None
        # One more move goes out and the server dies before we read its answer.
        seat = view["to_act"]
        legal = last[seat]["legal"]
        pending_move = "draw" if "draw" in legal else rng.choice(legal)
        socks[seat].send({"t": "move", "move": pending_move, "id": "last", "n": n})
        server.kill()
        for sock in socks.values():
            sock.conn.close()

        server = ServerProc(data).start()
        _, stored = full_game(server, gid)
        assert stored[: len(acked)] == acked
        assert len(stored) in (len(acked), len(acked) + 1)
        # The same users (cookies) reconnect, resend the unacknowledged move, and go on.
        alice.base = bob.base = server.url
        sock = (alice if seat == 0 else bob).ws(gid)
        st = sock.until(lambda m: m["t"] == "state")
        assert st["n"] == len(stored) and st["seat"] == seat
        sock.send({"t": "move", "move": pending_move, "id": "last", "n": len(acked)})
        ack = sock.until(lambda m: m["t"] in ("ack", "error"))
        assert ack == {"t": "ack", "id": "last", "n": len(acked) + 1}
        _, stored = full_game(server, gid)
        assert len(stored) == len(acked) + 1 and stored[:-1] == acked
        sock.close()
    finally:
        server.stop()
