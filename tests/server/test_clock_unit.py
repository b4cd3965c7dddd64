"""The clock's arithmetic, the flag's ruling and migration 0004, without a server."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text

import cuttle.server.db
from cuttle import new_game
from cuttle.engine.history import DrawAgreed, Resigned
from cuttle.server.db import make_engine, migrate
from cuttle.server.game.chat import clean_text
from cuttle.server.game.clockwork import (
    Clock,
    TimeControl,
    cannot_win,
    flag_event,
    parse_time_control,
    remaining_from_text,
)
from cuttle.table import Table

MIGRATIONS = Path(cuttle.server.db.__file__).parent / "migrations"


def test_time_controls_parse_to_canonical_text() -> None:
    assert parse_time_control("5+3") == TimeControl(300_000, 3000)
    assert parse_time_control(" 0.05+0 ") == TimeControl(3000, 0)
    assert parse_time_control("30s") == TimeControl(30_000, 0, per_move=True)
    assert parse_time_control("2.5+0.5").text == "2.5+0.5"
    assert parse_time_control("05+03").text == "5+3"
    assert parse_time_control("1.5s").text == "1.5s"
    for bad in ("", "5", "5+", "+3", "-1+0", "0+0", "181+0", "5+301", "301s", "1e3+0", "5 + 3"):
        with pytest.raises(ValueError):
            parse_time_control(bad)


def test_fischer_clock_charges_the_running_seat_and_adds_the_increment() -> None:
    c = Clock.start(TimeControl(60_000, 2000), 2, 0, now=100.0)
    assert c.left(0, 100.0) == 60_000 and c.left(0, 110.5) == 49_500 and c.left(1, 110.5) == 60_000
    assert c.deadline() == 160.0 and not c.expired(159.99) and c.expired(160.0)
    c = c.after(110.5, mover=0, moved=True, to_act=1)
    assert c.remaining == (51_500, 60_000) and c.running == 1 and c.since == 110.5
    # A counter chain: p1 answers, p0 decides again; each action earns the increment.
    c = c.after(111.0, mover=1, moved=True, to_act=0)
    assert c.remaining == (51_500, 61_500)
    # A resignation earns nothing; the game over, no clock runs.
    c = c.after(121.5, mover=1, moved=False, to_act=None)
    assert c.remaining == (41_000, 61_500) and c.running is None and c.deadline() is None
    assert c.message(200.0) == {
        "control": "1+2",
        "per_move": False,
        "left": [41_000, 61_500],
        "running": None,
    }


def test_time_never_goes_below_zero_and_a_late_move_earns_nothing() -> None:
    c = Clock.start(TimeControl(1000, 5000), 2, 0, now=0.0)
    assert c.left(0, 5.0) == 0
    c = c.after(5.0, mover=0, moved=True, to_act=1)
    assert c.remaining[0] == 5000  # the flag check refuses such a move before this


def test_per_move_limit_gives_every_action_the_whole_limit() -> None:
    c = Clock.start(TimeControl(30_000, 0, per_move=True), 3, 1, now=0.0)
    c = c.after(25.0, mover=1, moved=True, to_act=2)
    assert c.remaining == (30_000,) * 3 and c.running == 2
    c = c.after(26.0, mover=2, moved=True, to_act=2)  # the same seat again: a fresh limit
    assert c.deadline() == 56.0
    c = c.after(40.0, mover=2, moved=False, to_act=None)
    assert c.remaining == (30_000, 30_000, 16_000)


def test_stored_clocks_read_back() -> None:
    c = Clock((TimeControl(9000)), (1234, 0), 0, 1.0)
    assert remaining_from_text(c.text(), 2, c.control) == (1234, 0)
    assert remaining_from_text(None, 2, c.control) == (9000, 9000)
    assert remaining_from_text("1 2 3", 2, c.control) == (9000, 9000)


def test_flag_loses_unless_no_opponent_could_still_win() -> None:
    table = Table(new_game("standard", seed=3).rules, seed=3)
    assert not cannot_win(table.game, 0)
    t = table.copy()
    event = flag_event(t, 0)
    assert event == Resigned(0) and t.game.termination == "time"
    assert t.outcome is not None and t.outcome.winners == (1,)
    # p1 holds no card and nobody can draw: p1 could never play again, so a draw.
    t = table.copy()
    t.game.deck.clear()
    t.game.hands[1].clear()
    assert cannot_win(t.game, 0) and not cannot_win(t.game, 1)
    event = flag_event(t, 0)
    assert event == DrawAgreed() and t.outcome is not None and t.outcome.winners == ()
    assert t.game.termination == "time"


def test_chat_text_is_cleaned_and_checked() -> None:
    assert clean_text("  hi\tthere\n ") == "hi there"
    assert clean_text("<b>x</b> & é") == "<b>x</b> & é"
    assert clean_text("é" * 300) == "é" * 300
    for bad in ("", "   ", "\n", "x" * 301, "a\x00b", None, 5):
        with pytest.raises(ValueError):
            clean_text(bad)


def test_migration_0004_keeps_existing_games_and_downgrades(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0003")
    with engine.begin() as conn:
        conn.execute(
            text(
                "insert into games (id, rules, variants, players, deck, status, private,"
                " created_at, updated_at) values ('old', 'standard', '', 2, 'AC', 'playing',"
                " 0, 1, 1)"
            )
        )
        conn.execute(
            text(
                "insert into moves (game_id, ply, seat, text, created_at)"
                " values ('old', 1, 0, 'draw', 2)"
            )
        )
    migrate(engine)
    assert {"time_control", "clock_start"} <= {
        c["name"] for c in inspect(engine).get_columns("games")
    }
    assert "chat" in inspect(engine).get_table_names()
    with engine.begin() as conn:
        assert conn.execute(text("select status, time_control from games")).one() == (
            "playing",
            None,
        )
        assert conn.execute(text("select text, clocks from moves")).one() == ("draw", None)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0003")
    assert "chat" not in inspect(engine).get_table_names()
    assert "clocks" not in {c["name"] for c in inspect(engine).get_columns("moves")}
    with engine.begin() as conn:
        assert conn.execute(text("select id, status from games")).one() == ("old", "playing")
        assert conn.execute(text("select text from moves")).one() == ("draw",)
    engine.dispose()


def test_records_name_server_endings_only_over_matching_lines() -> None:
    from cuttle.engine.errors import RecordError
    from cuttle.engine.records import read_record

    table = Table(new_game("standard", seed=5).rules, seed=5)
    t = table.copy()
    flag_event(t, 0)
    game = read_record(t.record())  # Termination "time" over a resign line
    assert game.outcome is not None and game.outcome.winners == (1,)
    t = table.copy()
    t.offer_draw(0)
    t.offer_draw(1)
    t.game.termination = "abandoned"  # an agreed draw cannot be an abandonment
    with pytest.raises(RecordError, match="Termination says 'abandoned'"):
        read_record(t.record())
