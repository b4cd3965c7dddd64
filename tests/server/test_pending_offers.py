"""Draw offers and rematch asks are stored before they are announced: SIGKILL keeps them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text
from srvutil import Client, ServerProc, Socket, full_game

import cuttle.server.db
from cuttle.server.db import make_engine, migrate

MIGRATIONS = Path(cuttle.server.db.__file__).parent / "migrations"


def two_person_game(server: ServerProc) -> tuple[Client, Client, str]:
    """Alice (seat 0) and Bob (seat 1) at a new two-person game; returns them and its id."""
    alice, bob = Client(server.url), Client(server.url)
    seats = [{"kind": "human"}, {"kind": "human"}]
    gid = alice.post("/api/games", {"seats": seats, "my_seat": 0}).json()["id"]
    assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
    return alice, bob, gid


def connect(client: Client, gid: str) -> tuple[Socket, dict[str, Any]]:
    """Open ``client``'s socket to ``gid``; return it and the first state message."""
    sock = client.ws(gid)
    return sock, sock.until(lambda m: m["t"] == "state")


def restart(server: ServerProc, socks: list[Socket], *clients: Client) -> ServerProc:
    """SIGKILL ``server``, drop the sockets, start a new server on the same data folder."""
    server.kill()
    for sock in socks:
        sock.conn.close()
    fresh = ServerProc(server.data).start()
    for c in clients:
        c.base = fresh.url
    return fresh


def stored(server: ServerProc, gid: str, column: str) -> Any:
    """One column of the game's row, read from the database file."""
    with server.db() as db:
        return db.execute(f"select {column} from games where id=?", (gid,)).fetchone()[0]


def test_draw_offer_survives_sigkill_and_can_be_accepted(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        alice, bob, gid = two_person_game(server)
        a, _ = connect(alice, gid)
        b, _ = connect(bob, gid)
        a.send({"t": "draw", "action": "offer"})
        assert b.until(lambda m: m["t"] == "offer")["draw"] == [0]
        assert stored(server, gid, "draw_offers") == "0"

        server = restart(server, [a, b], alice, bob)
        spectator = Client(server.url)
        s, st_s = connect(spectator, gid)
        b, st_b = connect(bob, gid)
        a, st_a = connect(alice, gid)
        for st in (st_a, st_b, st_s):
            assert st["status"] == "playing" and st["draw_offers"] == [0] and st["n"] == 0
        b.send({"t": "draw", "action": "accept"})
        for sock in (a, b, s):
            ev = sock.until(lambda m: m["t"] == "event")
            assert (ev["n"], ev["line"], ev["result"]) == (1, "draw agreed", "draw")
        _, moves = full_game(server, gid)
        assert moves == [(-1, "draw agreed")]
        assert stored(server, gid, "status") == "over"
        assert stored(server, gid, "result") == "draw"
        assert stored(server, gid, "draw_offers") is None
    finally:
        server.stop()


def test_rematch_ask_survives_sigkill_and_the_rematch_starts(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        alice, bob, gid = two_person_game(server)
        a, _ = connect(alice, gid)
        b, _ = connect(bob, gid)
        a.send({"t": "resign", "id": "r"})
        assert b.until(lambda m: m["t"] == "event")["line"] == "p0: resign"
        a.send({"t": "rematch"})
        assert b.until(lambda m: m["t"] == "rematch") == {"t": "rematch", "asked": [0]}
        assert stored(server, gid, "rematch_asks") == "0"

        server = restart(server, [a, b], alice, bob)
        b, st_b = connect(bob, gid)
        assert st_b["status"] == "over"
        assert st_b["rematch_asked"] == [0] and st_b["rematch"] is None
        b.send({"t": "rematch"})
        new = b.until(lambda m: m["t"] == "rematch")
        assert set(new) == {"t", "game"}, new  # Bob's ask completed Alice's: no second wait
        a, st_a = connect(alice, gid)
        assert st_a["rematch"] == new["game"]
        assert stored(server, new["game"], "rematch_of") == gid
        with server.db() as db:
            seats = db.execute(
                "select seat, user_id from seats where game_id=? order by seat", (new["game"],)
            ).fetchall()
        assert seats == [(0, bob.user["id"]), (1, alice.user["id"])]  # seats rotated
    finally:
        server.stop()


def test_a_move_clears_the_draw_offer_and_that_survives_sigkill(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        alice, bob, gid = two_person_game(server)
        socks = {0: connect(alice, gid), 1: connect(bob, gid)}
        mover = socks[0][1]["view"]["to_act"]
        other = 1 - mover
        sock, st = socks[mover]
        sock.send({"t": "draw", "action": "offer"})
        assert socks[other][0].until(lambda m: m["t"] == "offer")["draw"] == [mover]
        assert stored(server, gid, "draw_offers") == str(mover)
        move = "draw" if "draw" in st["legal"] else st["legal"][0]
        sock.send({"t": "move", "move": move, "id": "m1", "n": 0})
        assert sock.until(lambda m: m["t"] in ("ack", "error")) == {"t": "ack", "id": "m1", "n": 1}
        socks[other][0].until(lambda m: m["t"] == "event" and m["n"] == 1)
        assert stored(server, gid, "draw_offers") is None

        server = restart(server, [s for s, _ in socks.values()], alice, bob)
        people = {0: alice, 1: bob}
        o, st_o = connect(people[other], gid)
        assert st_o["n"] == 1 and st_o["draw_offers"] == []
        o.send({"t": "draw", "action": "accept"})
        assert "no draw offer" in o.until(lambda m: m["t"] == "error")["error"]
        _, moves = full_game(server, gid)
        assert moves == [(mover, move)]
        assert stored(server, gid, "status") == "playing"
        # A decline is stored too: offer, decline, restart, nothing pending.
        o.send({"t": "draw", "action": "offer"})
        assert o.until(lambda m: m["t"] == "offer")["draw"] == [other]
        o.send({"t": "draw", "action": "decline"})
        assert o.until(lambda m: m["t"] == "offer")["draw"] == []
        server = restart(server, [o], alice, bob)
        _, st_m = connect(people[mover], gid)
        assert st_m["draw_offers"] == [] and st_m["status"] == "playing"
        assert stored(server, gid, "draw_offers") is None
    finally:
        server.stop()


def test_migration_0002_keeps_existing_games_and_downgrades(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    with engine.begin() as conn:
        conn.execute(
            text(
                "insert into games (id, rules, variants, players, deck, status, private,"
                " created_at, updated_at) values ('old', 'standard', '', 2, 'AC', 'playing',"
                " 0, 1, 1)"
            )
        )
    migrate(engine)
    columns = {c["name"] for c in inspect(engine).get_columns("games")}
    assert {"draw_offers", "rematch_asks"} <= columns
    with engine.begin() as conn:
        row = conn.execute(text("select status, draw_offers, rematch_asks from games")).one()
        assert tuple(row) == ("playing", None, None)
        conn.execute(text("update games set draw_offers = '1'"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0001")
    assert not {"draw_offers", "rematch_asks"} & {
        c["name"] for c in inspect(engine).get_columns("games")
    }
    engine.dispose()
