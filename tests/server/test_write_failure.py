"""A move whose write fails changes nothing it should not, and the table follows the database."""

from __future__ import annotations

from pathlib import Path

from srvutil import Client, ServerProc, full_game, new_table


def test_a_failed_write_is_refused_and_the_table_takes_the_stored_truth(tmp_path: Path) -> None:
    """Another writer stores move 1 first; the server's own write of move 1 then fails.

    The mover gets an error (no ack), and every watcher gets a fresh state holding the
    move the database has, not the one that failed.
    """
    server = ServerProc(tmp_path / "data").start()
    try:
        alice, bob = Client(server.url), Client(server.url)
        gid = new_table(alice, bob)
        socks = {0: alice.ws(gid), 1: bob.ws(gid)}
        states = {s: sock.until(lambda m: m["t"] == "state") for s, sock in socks.items()}
        seat = states[0]["view"]["to_act"]
        legal = states[seat]["legal"]
        theirs, ours = "draw", next(m for m in legal if m != "draw")
        with server.db() as db:  # the row lands behind the server's back
            db.execute(
                "insert into moves (game_id, ply, seat, text, client_id, created_at) "
                "values (?, 1, ?, ?, NULL, 0)",
                (gid, seat, theirs),
            )
        socks[seat].send({"t": "move", "move": ours, "id": "m1", "n": 0})
        mover = socks[seat]
        before = len(mover.seen)
        mover.until(lambda m: m["t"] in ("ack", "error") and m.get("id") == "m1")
        if not any(m["t"] == "state" for m in mover.seen[before:]):
            mover.until(lambda m: m["t"] == "state")
        socks[1 - seat].until(lambda m: m["t"] == "state")
        for sock in socks.values():
            fresh = [m for m in sock.seen if m["t"] == "state"][-1]
            assert fresh["n"] == 1
            assert fresh["log"] == [f"p{seat}: {theirs}"]
        answers = [m for m in socks[seat].seen if m.get("id") == "m1"]
        assert [m["t"] for m in answers] == ["error"]
        _, stored = full_game(server, gid)
        assert stored == [(seat, theirs)]
        for sock in socks.values():
            sock.close()
    finally:
        server.stop()
