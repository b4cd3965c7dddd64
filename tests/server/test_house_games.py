"""House rule sets and practice games on the server: created over HTTP, played over real
websockets against real bots, stored, reloaded, replayed and recorded."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text
from srvutil import Client, ServerProc, Socket, check_no_hidden, full_game

import cuttle.server.db
from cuttle import house_rules
from cuttle.engine.history import apply_event, parse_event
from cuttle.server.bots import choose_move
from cuttle.server.db import make_engine, migrate
from cuttle.table import Table

DATA = Path(__file__).parent.parent / "data"
MIGRATIONS = Path(cuttle.server.db.__file__).parent / "migrations"
HOUSE: dict[str, Any] = tomllib.loads((DATA / "myhouse.toml").read_text(encoding="utf-8"))
"""cuttlecards with fives that draw two and nines that scrap a royal, named "myhouse"."""


def create(client: Client, body: dict[str, Any]) -> str:
    """Create a game; its id."""
    r = client.post("/api/games", body)
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    return gid


def play_to_the_end(sock: Socket, seat: int, rng: random.Random, timeout: float) -> dict[str, Any]:
    """Play random legal moves for ``seat`` until the game ends; the last message."""
    last = sock.until(lambda m: m["t"] == "state")
    for i in range(400):
        if last["view"]["winner"] is not None:
            return last
        if last["legal"]:
            move = rng.choice(last["legal"])
            sock.send({"t": "move", "move": move, "id": f"h{i}", "n": last["n"]})
        last = sock.until(lambda m: m["t"] == "event", timeout=timeout)
    raise AssertionError("the game did not end in 400 events")


def log_text(server: ServerProc) -> str:
    """What the server process has written to its log so far."""
    path = server.data.parent / f"server-{server.port}.log"
    return path.read_text(encoding="utf-8", errors="replace")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_house_rules_game_against_a_bot_to_the_end(
    server: ServerProc, alice: Client, level: str
) -> None:
    gid = create(
        alice, {"house": HOUSE, "seats": [{"kind": "human"}, {"kind": "bot", "level": level}]}
    )
    ((rules, stored_house, practice),) = server.query(
        "select rules, house_rules, practice from games where id=?", gid
    )
    assert rules == "myhouse" and stored_house and not practice
    a = alice.ws(gid)
    last = play_to_the_end(a, 0, random.Random(5), timeout=60)
    state = a.seen[0]
    assert state["rules"] == "myhouse" and state["house"] == HOUSE
    assert last["view"]["winner"] is not None and last["result"]
    bot_lines = [m["line"] for m in a.seen if m["t"] == "event" and m["line"].startswith("p1: ")]
    assert bot_lines, "the bot never moved"
    # The bot chose every move itself: none was a random stand-in for a failed bot.
    assert f"game {gid} fell back" not in log_text(server)
    # Stored, the game replays under the house rules (fives draw two here, not in
    # cuttlecards) to the same end; no message showed a card the seat could not see.
    start, moves = full_game(server, gid)
    assert start.rules == house_rules(HOUSE) and start.rules.oneoffs[4] == "draw-two"
    assert len(moves) == last["n"]
    assert check_no_hidden(server, gid, a.seen, 0) >= len(moves)
    rp = alice.http.get(f"/api/games/{gid}/replay").json()
    assert rp["lines"] == [m["line"] for m in a.seen if m["t"] == "event"]
    # the replay tells every move in words, as a spectator of the finished game reads it
    assert len(rp["said"]) == len(rp["lines"])
    assert all(s.endswith(".") and not s.startswith("p0:") for s in rp["said"])
    assert not any(s.startswith("You ") for s in rp["said"])  # a spectator is never "you"
    record = alice.http.get(f"/api/games/{gid}/record").text
    again = Table.from_record(record, rules=house_rules(HOUSE))
    assert again.is_over and [e.line() for e in again.history] == rp["lines"]
    # A fresh watcher gets the game as the database holds it (reloaded if need be).
    info = alice.http.get(f"/api/games/{gid}").json()
    assert info["rules"] == "myhouse" and info["n"] == len(moves) and info["status"] == "over"
    a.close()


def test_bad_house_rules_and_practice_flags_get_a_400_with_the_reason(alice: Client) -> None:
    human_and_bot = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    cases = [
        ({"base": "poker"}, "'base' must be one of"),
        ({"base": "standard", "oneoffs": {"5": "fly"}}, "unknown effect 'fly'"),
        ({"base": "standard", "goals": [1]}, "'goals' must be a list of five"),
        ({"base": "standard", "name": "x" * 40}, "at most 32 characters"),
        ("standard", "house must be a JSON object"),
    ]
    for house, reason in cases:
        r = alice.post("/api/games", {"house": house, "seats": human_and_bot})
        assert r.status_code == 400, r.text
        assert reason in r.text
    r = alice.post("/api/games", {"practice": "yes", "seats": human_and_bot})
    assert r.status_code == 400 and "practice must be true or false" in r.text
    r = alice.post("/api/games", {"house": {"base": "standard", "players": 3}})
    assert r.status_code == 400 and "standard is played by 2 players" in r.text


def test_practice_game_shows_every_hand_to_every_seat(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = create(
        alice,
        {"practice": True, "seats": [{"kind": "human"}, {"kind": "bot", "level": "medium"}]},
    )
    assert server.query("select practice from games where id=?", gid) == [(1,)]
    a, watcher = alice.ws(gid), bob.ws(gid)
    for sock in (a, watcher):
        state = sock.until(lambda m: m["t"] == "state")
        assert state["practice"] is True
        hands = state["view"]["hands"]
        assert all(card != "??" for hand in hands for card in hand) and hands[1]
    last = a.seen[0]
    for i in range(6):
        if last["view"]["winner"] is not None:
            break
        if last["legal"]:
            a.send({"t": "move", "move": last["legal"][0], "id": f"p{i}", "n": last["n"]})
        last = a.until(lambda m: m["t"] == "event", timeout=30)
        assert "??" not in str(last["view"]["hands"])
    a.close()
    watcher.close()


def test_bot_worker_answers_from_a_house_seat_view() -> None:
    rules = house_rules(HOUSE)
    table = Table(rules, seed=12)
    for spec in ("medium", "hard:50ms"):
        view = table.view(table.to_act)
        assert view.rules == rules
        move, fallback = choose_move(spec, 3, view)
        assert fallback is None and move in view.legal
    broken = table.view(1 - table.to_act)  # not this seat's decision: no legal moves
    with pytest.raises(IndexError):
        choose_move("medium", 3, broken)
    view = table.view(table.to_act)
    move, fallback = choose_move("no-such-bot", 3, view)
    assert move in view.legal and fallback is not None and "unknown bot" in fallback


def test_migration_0003_keeps_existing_games_and_downgrades(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
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
    assert {"house_rules", "practice"} <= columns
    with engine.begin() as conn:
        row = conn.execute(text("select status, house_rules, practice from games")).one()
        assert tuple(row) == ("playing", None, 0)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0002")
    assert not {"house_rules", "practice"} & {
        c["name"] for c in inspect(engine).get_columns("games")
    }
    with engine.begin() as conn:
        assert conn.execute(text("select id, status from games")).one() == ("old", "playing")
    engine.dispose()


def test_stored_rows_read_back_as_events() -> None:
    from cuttle.server.game.store import stored_event, stored_text

    for seat, row in ((0, "draw"), (1, "resign"), (-1, "draw agreed"), (2, "points 7H")):
        event = stored_event(seat, row)
        assert stored_text(event) == (seat, row)
        assert event == parse_event(event.line())
    table = Table(house_rules(HOUSE), seed=4)
    game = table.game.copy()
    apply_event(game, stored_event(table.to_act, "draw"))
    assert game.moves_played == 1
