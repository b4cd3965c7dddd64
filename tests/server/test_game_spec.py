"""One way to create a game: :class:`GameSpec` refuses what no game can be, and
:func:`insert_game` stores on a real (migrated) SQLite database exactly the rows that each
creation path stored by hand before (the lobby, a rematch, a league game, a series round)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.rules import get_rules
from cuttle.server.db import make_engine, migrate
from cuttle.server.game.spec import GameOverNews, GameSpec, SeatSpec, insert_game
from cuttle.server.models import GameRow, SeatRow, User
from cuttle.table import Table

NOW = 1_780_000_000.25

ALICE, BOB, CAROL = 1, 2, 3


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A migrated SQLite database with three registered users."""
    path: Path = tmp_path_factory.mktemp("spec") / "games.db"
    eng = make_engine(f"sqlite:///{path}")
    migrate(eng)
    with eng.begin() as db:
        db.execute(
            insert(User),
            [
                {"id": i, "username": n, "guest": False, "created_at": 0.0}
                for i, n in ((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"))
            ],
        )
    yield eng
    eng.dispose()


def two(**kw: Any) -> GameSpec:
    """A two-seat standard spec between alice and bob, changed by ``kw``."""
    fields: dict[str, Any] = {
        "rules": "standard",
        "players": 2,
        "seats": (SeatSpec(ALICE, None, "alice"), SeatSpec(BOB, None, "bob")),
    }
    fields.update(kw)
    return GameSpec(**fields)


def game_row(engine: Engine, gid: str) -> dict[str, Any]:
    with engine.connect() as db:
        row = db.execute(select(GameRow.__table__).where(GameRow.__table__.c.id == gid)).one()
    return dict(row._mapping)


def seat_rows(engine: Engine, gid: str) -> list[tuple[int, int | None, str | None, str]]:
    with engine.connect() as db:
        rows = db.execute(
            select(SeatRow.seat, SeatRow.user_id, SeatRow.bot, SeatRow.name)
            .where(SeatRow.game_id == gid)
            .order_by(SeatRow.seat)
        ).all()
    return [tuple(r) for r in rows]  # type: ignore[misc]


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"rules": ""}, "rules must be a name"),
        ({"rules": "x" * 33}, "rules must be a name"),
        ({"rules": "chess"}, "unknown rule set 'chess'"),
        ({"rules": "Standard"}, "unknown rule set 'Standard'"),
        ({"players": True}, "players must be a whole number"),
        ({"players": 3}, "3 players need 3 seats, not 2"),
        ({"variants": ["nine-freeze"]}, "variants must be a tuple"),
        ({"variants": ("nine-thaw",)}, "variants must be a tuple of known variants"),
        ({"seats": [SeatSpec(None, None, ""), SeatSpec(None, None, "")]}, "seats must be a tuple"),
        ({"seats": (SeatSpec(None, None, ""), "bob")}, "seats must be a tuple of SeatSpec"),
        ({"private": 1}, "private must be True or False"),
        ({"practice": "yes"}, "practice must be True or False"),
        ({"start_clock": None}, "start_clock must be True or False"),
        ({"house": ["base", "standard"]}, "house must be a JSON object"),
        ({"house": {"base": "standard", "x": {1, 2}}}, "house is not a JSON object"),
        ({"time_control": ""}, "time_control must be text of 1 to 16"),
        ({"time_control": "5+3" * 6}, "time_control must be text of 1 to 16"),
        (
            {
                "time_control": "5+3",
                "seats": (SeatSpec(ALICE, None, "a"), SeatSpec(None, "easy", "b")),
            },
            "clocks are for games between people",
        ),
        ({"match_id": 4}, "a league match's game is ranked"),
        ({"ranked": True, "match_id": "4"}, "match_id must be a whole number"),
        ({"ranked": True, "practice": True}, "a ranked game has a preset rule set"),
        (
            {"ranked": True, "seats": (SeatSpec(ALICE, None, "a"), SeatSpec(None, "hard", "b"))},
            "a ranked game has a preset rule set",
        ),
        ({"rematch_of": ""}, "rematch_of must be a game id"),
        ({"rematch_of": "x" * 17}, "rematch_of must be a game id"),
        ({"created_by": "alice"}, "created_by must be a user id"),
        ({"rules": "multiplayer", "players": 9, "seats": (SeatSpec(None, None, ""),) * 9}, "not 9"),
        (
            {
                "rules": "cutthroat",
                "players": 3,
                "variants": ("joker-swap",),
                "seats": (SeatSpec(None, None, ""),) * 3,
            },
            "no such rule set: variant 'joker-swap' is for two players only",
        ),
    ],
)
def test_a_spec_refuses_what_no_game_can_be(kw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("+", r"\+")):
        two(**kw)


def test_a_house_spec_is_stored_under_its_own_name() -> None:
    house = {"base": "standard", "name": "tens high"}
    with pytest.raises(
        ValueError, match="a house game's rules are its rule set's name 'tens high'"
    ):
        two(house=house)
    with pytest.raises(ValueError, match="a ranked game has a preset rule set"):
        two(rules="tens high", house=house, ranked=True)
    assert two(rules="tens high", house=house).house_json() == (
        '{"base":"standard","name":"tens high"}'
    )


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ((ALICE, "easy", "alice"), "a user or a bot, not both"),
        ((None, "grandmaster", "bot"), "bot level must be one of"),
        ((True, None, "alice"), "user_id must be a whole number"),
        ((ALICE, None, "a" * 41), "at most 40 characters"),
        ((ALICE, None, None), "at most 40 characters"),
        ((None, None, "ghost"), "an empty seat has no name"),
    ],
)
def test_a_seat_refuses_what_no_seat_can_be(seat: tuple[Any, Any, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SeatSpec(*seat)


def test_the_status_is_open_until_every_seat_is_taken() -> None:
    assert two().status == "playing"
    assert two(seats=(SeatSpec(ALICE, None, "alice"), SeatSpec(None, None, ""))).status == "open"
    assert two(seats=(SeatSpec(None, "easy", "bot (easy)"),) * 2).status == "playing"


def test_news_defaults_to_no_change() -> None:
    assert GameOverNews() == GameOverNews(None, None)
    assert GameOverNews(match_id=3).league is None


# ---------------------------------------------------------------- the rows stored


def test_the_rows_stored_are_what_the_spec_asks(engine: Engine) -> None:
    spec = two(ranked=True, match_id=7, created_by=ALICE)
    with engine.begin() as db:
        new = insert_game(db, spec, NOW, seed=12345)
    row = game_row(engine, new.id)
    dealt = Table(get_rules("standard"), seed=12345).game.start_deck
    assert dealt is not None
    assert row == {
        "id": new.id,
        "rules": "standard",
        "variants": "",
        "players": 2,
        "deck": " ".join(CARD_NAMES[c] for c in dealt),
        "status": "playing",
        "result": None,
        "termination": None,
        "private": False,
        "created_by": ALICE,
        "created_at": NOW,
        "updated_at": NOW,
        "rematch_of": None,
        "rematch_id": None,
        "draw_offers": None,
        "rematch_asks": None,
        "house_rules": None,
        "practice": False,
        "time_control": None,
        "clock_start": None,
        "ranked": True,
        "match_id": 7,
    }
    assert seat_rows(engine, new.id) == [(0, ALICE, None, "alice"), (1, BOB, None, "bob")]
    assert len(new.id) == 8 and new.status == "playing"
    assert new.deck == tuple(row["deck"].split()) and len(new.deck) == 52
    assert dict(new.columns) == {k: v for k, v in row.items() if k in new.columns}
    assert [dict(s) for s in new.seats] == [
        {"game_id": new.id, "seat": 0, "user_id": ALICE, "bot": None, "name": "alice"},
        {"game_id": new.id, "seat": 1, "user_id": BOB, "bot": None, "name": "bob"},
    ]


def test_a_rematch_of_a_house_game_starts_its_clock(engine: Engine) -> None:
    house = {"name": "sevens", "base": "standard"}
    spec = two(
        rules="sevens",
        house=house,
        variants=("nine-freeze",),
        practice=True,
        private=True,
        time_control="5+3",
        rematch_of="abcdEFGH",
        start_clock=True,
    )
    with engine.begin() as db:
        new = insert_game(db, spec, NOW)
    row = game_row(engine, new.id)
    assert (row["rules"], row["variants"], row["house_rules"]) == (
        "sevens",
        "nine-freeze",
        '{"base":"standard","name":"sevens"}',
    )
    assert (row["practice"], row["private"], row["time_control"]) == (True, True, "5+3")
    assert (row["clock_start"], row["rematch_of"], row["created_by"]) == (NOW, "abcdEFGH", None)


def test_an_open_seat_leaves_the_game_open(engine: Engine) -> None:
    spec = GameSpec(
        "cutthroat",
        3,
        (
            SeatSpec(CAROL, None, "carol"),
            SeatSpec(None, None, ""),
            SeatSpec(None, "easy", "bot (easy)"),
        ),
        created_by=CAROL,
    )
    with engine.begin() as db:
        new = insert_game(db, spec, NOW)
    assert game_row(engine, new.id)["status"] == new.status == "open"
    assert seat_rows(engine, new.id) == [
        (0, CAROL, None, "carol"),
        (1, None, None, ""),
        (2, None, "easy", "bot (easy)"),
    ]


def test_nothing_is_stored_when_the_transaction_fails(engine: Engine) -> None:
    def count() -> int:
        with engine.connect() as db:
            return len(db.execute(select(GameRow.id)).all())

    before = count()
    spec = two(seats=(SeatSpec(ALICE, None, "alice"), SeatSpec(99, None, "nobody")))
    with pytest.raises(IntegrityError, match="FOREIGN KEY"), engine.begin() as db:
        insert_game(db, spec, NOW)
    assert count() == before


# ---------------------------------------------------------------- as the paths stored before


def _old_orm_game(engine: Engine, gid: str, **columns: Any) -> dict[str, Any]:
    """Store game ``gid`` as the hand-built paths did (an ORM object and its defaults)
    and read it back without its id and deck."""
    with Session(engine) as db, db.begin():
        db.add(GameRow(id=gid, deck="x", **columns))
    row = game_row(engine, gid)
    return {k: v for k, v in row.items() if k not in ("id", "deck")}


def _stored(engine: Engine, spec: GameSpec) -> dict[str, Any]:
    with engine.begin() as db:
        new = insert_game(db, spec, NOW)
    return {k: v for k, v in game_row(engine, new.id).items() if k not in ("id", "deck")}


def test_a_league_game_is_stored_as_the_league_stored_it(engine: Engine) -> None:
    before = _old_orm_game(
        engine,
        "oldleague",
        rules="standard",
        variants="nine-freeze",
        players=2,
        status="playing",
        private=False,
        ranked=True,
        match_id=11,
        created_by=ALICE,
        created_at=NOW,
        updated_at=NOW,
    )
    spec = two(variants=("nine-freeze",), ranked=True, match_id=11, created_by=ALICE)
    assert _stored(engine, spec) == before


def test_a_series_round_is_stored_as_the_series_stored_it(engine: Engine) -> None:
    before = _old_orm_game(
        engine,
        "oldseries",
        rules="cutthroat",
        variants="",
        players=3,
        status="playing",
        private=False,
        created_by=BOB,
        created_at=NOW,
        updated_at=NOW,
    )
    seats = (
        SeatSpec(BOB, None, "bob"),
        SeatSpec(None, "easy", "bot (easy)"),
        SeatSpec(CAROL, None, "carol"),
    )
    assert _stored(engine, GameSpec("cutthroat", 3, seats, created_by=BOB)) == before


def test_a_rematch_is_stored_as_the_rematch_stored_it(engine: Engine) -> None:
    before = _old_orm_game(
        engine,
        "oldrematch",
        rules="standard",
        variants="",
        players=2,
        status="playing",
        private=True,
        house_rules=None,
        practice=False,
        time_control="30s",
        clock_start=NOW,
        created_at=NOW,
        updated_at=NOW,
        rematch_of="prev1234",
    )
    spec = two(private=True, time_control="30s", start_clock=True, rematch_of="prev1234")
    assert _stored(engine, spec) == before


@settings(max_examples=40, deadline=None)
@given(
    rules=st.sampled_from(["standard", "classic", "cutthroat", "team"]),
    kinds=st.lists(st.sampled_from(["me", "open", "bot"]), min_size=4, max_size=4),
    private=st.booleans(),
    practice=st.booleans(),
)
def test_every_seat_is_stored_in_order(
    engine: Engine, rules: str, kinds: list[str], private: bool, practice: bool
) -> None:
    n = get_rules(rules).players
    seats = tuple(
        SeatSpec(ALICE, None, "alice")
        if k == "me"
        else SeatSpec(None, "medium", f"bot {i}")
        if k == "bot"
        else SeatSpec(None, None, "")
        for i, k in enumerate(kinds[:n])
    )
    spec = GameSpec(rules, n, seats, private=private, practice=practice)
    with engine.begin() as db:
        new = insert_game(db, spec, NOW)
    row = game_row(engine, new.id)
    assert (row["rules"], row["players"], row["private"], row["practice"]) == (
        rules,
        n,
        private,
        practice,
    )
    assert row["status"] == ("open" if "open" in kinds[:n] else "playing")
    assert sorted(row["deck"].split()) == sorted(
        CARD_NAMES[c] for c in Table(get_rules(rules), seed=1).game.start_deck or ()
    )
    assert seat_rows(engine, new.id) == [(i, s.user_id, s.bot, s.name) for i, s in enumerate(seats)]
