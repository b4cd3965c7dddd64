"""A game's chat read in one query (every channel at once) is what reading each channel
alone gives: its last messages, oldest first, and the channels never mixed."""

from __future__ import annotations

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from cuttle.server.game.chat import CHANNELS, read_log_on, read_logs_on
from cuttle.server.models import Base, ChatRow, GameRow


def test_one_query_reads_each_channel_as_reading_it_alone() -> None:
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as db:
        for gid in ("a", "b", "quiet"):
            db.add(
                GameRow(
                    id=gid,
                    rules="standard",
                    variants="",
                    players=2,
                    deck="",
                    status="open",
                    private=False,
                    created_at=0.0,
                    updated_at=0.0,
                )
            )
        db.flush()
        for i in range(250):  # "a": 100+ in players (only the last 100 kept), fewer in the other
            db.add(
                ChatRow(
                    game_id="a" if i % 5 else "b",
                    channel="players" if i % 3 else "spectators",
                    name=f"n{i}",
                    seat=i % 2 if i % 3 else None,
                    text=f"t{i}",
                    created_at=float(i),
                )
            )
        db.commit()
        for gid in ("a", "b", "quiet", "missing"):
            assert read_logs_on(db, gid) == {c: read_log_on(db, gid, c) for c in CHANNELS}
        logs = read_logs_on(db, "a")
        assert len(logs["players"]) == 100 and logs["players"][-1]["text"] == "t248"
        assert all(m["channel"] == "spectators" for m in logs["spectators"])
        assert read_logs_on(db, "a", limit=2)["spectators"] == read_log_on(db, "a", "spectators", 2)
