"""Group commit: many games' writes in one transaction, a bad one failing alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from cuttle.server.db import make_engine, migrate
from cuttle.server.models import GameRow, MoveRow
from cuttle.server.writer import GroupWriter, Statement, runs


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    """A migrated SQLite file with three games and no moves."""
    eng = make_engine(f"sqlite:///{tmp_path / 'w.db'}")
    migrate(eng)
    with eng.begin() as db:
        for gid in ("g1", "g2", "g3"):
            db.execute(
                insert(GameRow.__table__).values(
                    id=gid,
                    rules="standard",
                    variants="",
                    players=2,
                    deck="",
                    status="playing",
                    private=False,
                    created_at=0.0,
                    updated_at=0.0,
                )
            )
    return eng


@pytest.fixture(params=[False, True], ids=["on-the-loop", "threaded"])
def threaded(request: pytest.FixtureRequest) -> bool:
    """Commit on the event loop (SQLite) or in a worker thread (server databases)."""
    return bool(request.param)


def move(gid: str, ply: int) -> list[Statement]:
    """One unit: the insert of move ``ply`` of game ``gid``."""
    row = {
        "game_id": gid,
        "ply": ply,
        "seat": ply % 2,
        "text": "draw",
        "client_id": None,
        "created_at": 0.0,
    }
    return [(insert(MoveRow.__table__), row)]


def stored(engine: Engine) -> list[tuple[str, int]]:
    """Every stored (game, ply), in order."""
    with engine.connect() as db:
        t = MoveRow.__table__
        return [
            tuple(r)
            for r in db.execute(select(t.c.game_id, t.c.ply).order_by(t.c.game_id, t.c.ply))
        ]  # type: ignore[misc]


def test_units_written_together_share_one_transaction(engine: Engine, threaded: bool) -> None:
    """Thirty units submitted at once are all durable, in far fewer transactions."""
    writer = GroupWriter(engine, threaded=threaded)

    async def go() -> None:
        await asyncio.gather(
            *(writer.write(move(g, p)) for g in ("g1", "g2", "g3") for p in range(1, 11))
        )

    asyncio.run(go())
    writer.close()
    assert len(stored(engine)) == 30
    assert writer.units == 30
    assert writer.transactions < 5


def test_a_bad_unit_fails_alone(engine: Engine, threaded: bool) -> None:
    """A duplicate move fails its own writer with the database's error; the rest commit."""
    writer = GroupWriter(engine, threaded=threaded)
    writer.write_now(move("g2", 1))

    async def go() -> list[BaseException | None]:
        return await asyncio.gather(
            writer.write(move("g1", 1)),
            writer.write(move("g2", 1)),  # already stored
            writer.write(move("g3", 1)),
            return_exceptions=True,
        )

    results = asyncio.run(go())
    writer.close()
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], IntegrityError)
    assert stored(engine) == [("g1", 1), ("g2", 1), ("g3", 1)]


def test_a_unit_is_atomic(engine: Engine, threaded: bool) -> None:
    """A unit whose second statement fails leaves nothing of its first behind."""
    writer = GroupWriter(engine, threaded=threaded)
    writer.write_now(move("g1", 2))
    unit = move("g1", 1) + move("g1", 2)

    async def go() -> None:
        await writer.write(unit)

    with pytest.raises(IntegrityError):
        asyncio.run(go())
    writer.close()
    assert stored(engine) == [("g1", 2)]


def test_runs_merge_adjacent_uses_of_one_statement_and_keep_the_order() -> None:
    ins, other = insert(MoveRow), select(GameRow)
    rows = [{"ply": i} for i in range(4)]
    merged = runs([(ins, rows[0]), (ins, rows[1]), (other, {}), (other, {}), (ins, rows[2])])
    assert merged == [(ins, rows[:2]), (other, [{}]), (other, [{}]), (ins, [rows[2]])]
    assert runs([(ins, rows[0]), (ins, {"ply": 1, "seat": 0})]) == [
        (ins, [rows[0]]),
        (ins, [{"ply": 1, "seat": 0}]),
    ]
