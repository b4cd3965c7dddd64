"""A game read with SQLAlchemy Core rows is the game read with ORM objects, on SQLite and
on PostgreSQL: seats, moves and their client ids, the clock, draw offers and the chat.

A real ``cuttle serve`` stores a timed game with moves, chat on both channels and a
pending draw offer; this process then reads it both ways through a service of its own.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from srvutil import Client, ServerProc
from test_postgres import Cluster, _play, postgres  # noqa: F401  (the session's cluster)

from cuttle.server.bots import BotRunner
from cuttle.server.db import make_engine, make_sessionmaker
from cuttle.server.errors import ServiceError
from cuttle.server.game.chat import read_logs_on
from cuttle.server.game.live import LiveGame
from cuttle.server.game.service import GameService
from cuttle.server.game.store import build
from cuttle.server.models import GameRow, MoveRow, SeatRow


def store_a_game(server: ServerProc) -> str:
    """A timed two-person game on ``server`` with six moves, chat from a player and a
    spectator, and a draw offer still pending; its id."""
    alice, bob, carol = Client(server.url), Client(server.url), Client(server.url)
    made = alice.post(
        "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "time_control": "5+3"}
    )
    assert made.status_code == 201, made.text
    gid: str = made.json()["id"]
    assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
    socks = {0: alice.ws(gid), 1: bob.ws(gid)}
    watcher = carol.ws(gid)
    first = socks[0].until(lambda m: m["t"] == "state")
    for s in (socks[1], watcher):
        s.until(lambda m: m["t"] == "state")
    _last, acked = _play(socks, [watcher], first, random.Random(3), 6, "c", unhurried=True)
    assert len(acked) == 6
    socks[0].send({"t": "chat", "text": "good luck"})
    watcher.send({"t": "chat", "text": "hello from the stands"})
    socks[1].send({"t": "draw", "action": "offer"})
    socks[0].until(lambda m: m["t"] == "offer")
    watcher.until(lambda m: m["t"] == "chat" and m["text"] == "hello from the stands")
    socks[1].until(lambda m: m["t"] == "chat" and m["text"] == "good luck")
    for s in (*socks.values(), watcher):
        s.close()
    return gid


def read_with_orm(service: GameService, gid: str) -> LiveGame:
    """``gid`` read as the service read games before: ORM objects from a session."""
    with service.sessions() as db:
        row = db.get(GameRow, gid)
        assert row is not None
        seats = db.scalars(
            select(SeatRow).where(SeatRow.game_id == gid).order_by(SeatRow.seat)
        ).all()
        moves = db.scalars(
            select(MoveRow).where(MoveRow.game_id == gid).order_by(MoveRow.ply)
        ).all()
        chat = read_logs_on(db, gid)
    return build(row, seats, moves, chat)


def facts(live: LiveGame) -> dict[str, Any]:
    """Everything a read game holds that the database gave it."""
    return {
        "id": live.id,
        "setup": live.setup,
        "status": live.status,
        "match": live.match,
        "seats": live.seats,
        "history": [e.line() for e in live.table.history],
        "client_ids": live.client_ids,
        "offers": live.offers,
        "time": live.clock,
        "away": sorted(live.presence.away),
        "chat": live.chat,
    }


def check_reads(url: str, gid: str) -> None:
    """Read ``gid`` from ``url`` with Core and with the ORM: the same game."""
    engine = make_engine(url)
    try:
        service = GameService(make_sessionmaker(engine), BotRunner(1, use_processes=False))
        core = service.store.read(gid)
        assert facts(core) == facts(read_with_orm(service, gid))
        assert len(core.table.history) == 6 and core.offers.draw == {1}
        assert core.clock is not None and core.status == "playing"
        assert [len(core.chat[c]) for c in ("players", "spectators")] == [1, 1]
        for bad in ("nosuchgame", "a\x00b", "x" * 17):
            with pytest.raises(ServiceError) as e:
                service.store.read(bad)
            assert e.value.status == 404
    finally:
        engine.dispose()


def test_core_read_matches_the_orm_on_sqlite(tmp_path: Path) -> None:
    server = ServerProc(tmp_path / "data").start()
    try:
        gid = store_a_game(server)
    finally:
        server.stop()
    check_reads(f"sqlite:///{tmp_path / 'data' / 'cuttle.db'}", gid)


def test_core_read_matches_the_orm_on_postgres(postgres: Cluster, tmp_path: Path) -> None:  # noqa: F811
    url = postgres.url(postgres.create_database())
    server = ServerProc(tmp_path / "data", database_url=url).start()
    try:
        gid = store_a_game(server)
    finally:
        server.stop()
    check_reads(url, gid)
