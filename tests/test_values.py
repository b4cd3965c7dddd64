"""The engine's small value types: moves, stacks, phases and endings.

A :class:`Move` and a :class:`Stack` are named tuples, so they equal (and hash as) the
plain tuples they replaced; :class:`Phase` and :class:`Termination` are string enums, so
positions, records and stored rows keep the exact text they had as plain strings.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import sqlite3
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle import (
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Phase,
    Termination,
    new_game,
    parse_move,
    write_record,
)
from cuttle.engine.cards import card
from cuttle.engine.moves import (
    AGREE_DRAW,
    AIMED_MOVES,
    CARD_MOVES,
    DISCARD,
    JACK,
    ONEOFF,
    POINTS,
    ROYAL,
    SCUTTLE,
    VERBS,
    seated,
)
from cuttle.engine.table import BARE_STACKS, PHASES, Cover, Stack
from helpers_positions import game

RULES = ("classic", "standard", "cutthroat", "team", "cuttlecards")


def _random_game(rules: str, seed: int, moves: int = 400) -> Any:
    """Play ``rules`` from ``seed`` with random legal moves; return the game."""
    g = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _plain(value: Any) -> Any:
    """``value`` with every string subclass (an enum member) turned into a plain str."""
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# ---------------------------------------------------------------------- moves


def test_a_move_has_named_fields_and_equals_its_plain_tuple() -> None:
    m = Move(SCUTTLE, card("TH"), card("9C"))
    assert (m.verb, m.card, m.target, m.seat, m.cards) == (SCUTTLE, 38, 32, -1, ())
    assert m == (SCUTTLE, 38, 32, -1, ())
    assert hash(m) == hash((SCUTTLE, 38, 32, -1, ()))
    assert {(SCUTTLE, 38, 32, -1, ()): "found"}[m] == "found"
    assert m[1] == m.card  # still a tuple: indexes and unpacks as before


def test_a_move_reads_and_writes_its_text() -> None:
    m = Move.parse("jack JC 7H p2")
    assert m == Move(JACK, card("JC"), card("7H"), 2)
    assert m.text() == str(m) == "jack JC 7H p2"
    discard = Move.parse("discard 3h ac")
    assert discard == Move(DISCARD, cards=(card("AC"), card("3H")))
    assert discard.text() == "discard AC 3H"
    assert Move(AGREE_DRAW).text() == "draw agreed"


def test_a_move_repr_pastes_back_into_python() -> None:
    m = Move(ONEOFF, card("2C"), card("KH"))
    assert repr(m) == "Move.parse('oneoff 2C KH')"
    assert eval(repr(m)) == m
    # a pseudo-move without a text of its own shows its fields instead
    assert repr(Move(AGREE_DRAW)) == "Move(verb=14, card=-1, target=-1, seat=-1, cards=())"
    assert eval(repr(Move(AGREE_DRAW))) == Move(AGREE_DRAW)
    odd = Move(POINTS, card("7H"), card("8H"))  # a target where points takes none
    assert eval(repr(odd)) == odd


def test_bad_move_text_is_refused() -> None:
    with pytest.raises(InvalidMoveError, match="unknown move"):
        Move.parse("castle 7H")
    with pytest.raises(InvalidMoveError, match="takes 2 card"):
        Move.parse("scuttle TH")


def test_the_shared_move_tables_hold_the_moves_they_name() -> None:
    for verb in range(len(VERBS)):
        for c in (0, 17, 53):
            assert CARD_MOVES[verb][c] == (verb, c, -1, -1, ())
    for verb in (SCUTTLE, ROYAL, JACK, ONEOFF):
        assert AIMED_MOVES[verb][9][40] == (verb, 9, 40, -1, ())
        assert type(AIMED_MOVES[verb][9][40]) is Move


def test_seated_rows_hold_one_move_per_seat_and_none_last() -> None:
    row = seated(JACK, card("JC"), card("7H"))
    assert [row[s] for s in range(10)] == [(JACK, 40, 26, s, ()) for s in range(10)]
    assert row[-1] == (JACK, 40, 26, -1, ())
    assert seated(JACK, card("JC"), card("7H")) is row  # made once
    assert parse_move("jack JC 7H p3") is row[3]
    assert BARE_STACKS[2][card("KD")] == Stack(card("KD"), 2) == (49, 2, ())


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10_000))
def test_every_legal_move_is_a_move_whose_text_reads_back(rules: str, seed: int) -> None:
    """Over whole random games, each legal move is a Move, its text parses back to it,
    its repr evaluates back to it, and the history holds Moves."""
    g = new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not g.is_over and g.moves_played < 300:
        legal = g.legal_actions()
        for m in legal:
            assert type(m) is Move
            assert parse_move(m.text()) == m
            assert eval(repr(m)) == m
        assert [m.text() for m in sorted(legal)] == g.legal_moves()
        g.apply(rng.choice(legal))
    assert all(type(m) is Move for _, m in g.history)


# ---------------------------------------------------------------------- stacks


def test_field_stacks_are_named_and_equal_their_plain_tuples() -> None:
    g = game(
        hands=[["AC"], ["5D"]],
        fields=[
            {
                "points": [{"card": "TH", "owner": 1, "jacks": [{"card": "JC", "to": 0}]}],
                "faces": ["KD"],
            },
            {"points": ["7D"]},
        ],
    )
    ten = g.points[0][0]
    assert type(ten) is Stack
    assert (ten.card, ten.owner, ten.covers) == (card("TH"), 1, ((card("JC"), 0),))
    jack = ten.covers[-1]
    assert type(jack) is Cover and (jack.card, jack.to) == (card("JC"), 0)
    assert type(ten.covers) is tuple  # the accelerator reads covers as an exact tuple
    assert ten == (card("TH"), 1, ((card("JC"), 0),))
    assert g.faces[0][0] == Stack(card("KD"), 0) == (card("KD"), 0, ())


def test_stacks_made_in_play_are_stacks() -> None:
    covered = 0
    for seed in range(20):
        g = _random_game("team", seed)
        for field in (*g.points, *g.faces):
            for st_ in field:
                assert type(st_) is Stack and type(st_.covers) is tuple
                assert all(type(cov) is Cover for cov in st_.covers)
                covered += len(st_.covers)
    assert covered > 0  # jacks were played, so covers were checked


# ---------------------------------------------------------------------- phases and endings


def test_phases_and_endings_are_their_text() -> None:
    assert [str(p) for p in PHASES] == [
        "main", "counter", "take", "discard", "seven", "hand-limit", "answer", "pick", "over",
    ]  # fmt: skip
    assert Phase.HAND_LIMIT == "hand-limit" and Phase("hand-limit") is Phase.HAND_LIMIT
    assert Termination.MOVE_CAP == "move-cap" and f"{Termination.MOVE_CAP}" == "move-cap"
    assert (
        json.dumps({"phase": Phase.MAIN, Termination.KINGS: 1}) == '{"phase": "main", "kings": 1}'
    )
    assert repr(Phase.OVER) == "'over'"  # error messages quote a phase as before
    assert {"main": "found"}[Phase.MAIN] == "found"


def test_a_finished_game_keeps_its_json_and_record_text() -> None:
    ended = 0
    for seed in range(12):
        g = _random_game("standard", seed)
        if not g.is_over:
            continue
        ended += 1
        assert type(g.phase) is Phase and type(g.termination) is Termination
        assert type(g.outcome.termination) is Termination
        obj = g.to_json()
        assert obj["phase"] is Phase.OVER
        assert json.dumps(obj) == json.dumps(_plain(obj))
        assert f'[Termination "{str.__str__(g.termination)}"]' in write_record(g)
    assert ended >= 10


def test_an_ending_is_stored_as_its_text() -> None:
    g = new_game("standard", seed=5)
    g.resign(0)
    assert g.termination is Termination.RESIGN
    db = sqlite3.connect(":memory:")
    db.execute("create table games (termination text, phase text)")
    db.execute("insert into games values (?, ?)", (g.termination, g.phase))
    assert db.execute("select termination, typeof(termination), phase from games").fetchall() == [
        ("resign", "text", "over")
    ]


def test_positions_read_their_phase_and_ending_as_enums() -> None:
    g = new_game("standard", seed=8)
    g.resign(1)
    back = g.from_json(json.loads(json.dumps(g.to_json())))
    assert back.phase is Phase.OVER and back.termination is Termination.RESIGN
    assert back.to_json() == g.to_json()


@pytest.mark.parametrize("clone", [pickle.loads, copy.deepcopy, copy.copy])
def test_a_copied_game_keeps_its_phase_member(clone: Any) -> None:
    """Core compares phases by identity, so every way of copying a game keeps members."""
    g = _random_game("cutthroat", 4, moves=25)
    twin = clone(pickle.dumps(g)) if clone is pickle.loads else clone(g)
    assert twin.phase is g.phase and type(twin.phase) is Phase
    assert twin.legal_actions() == g.legal_actions()
    assert g.from_json(g.to_json()).phase is g.phase


def test_a_position_with_an_unknown_ending_is_refused() -> None:
    g = new_game("standard", seed=8)
    g.resign(1)
    obj = {**g.to_json(), "termination": "boredom"}
    with pytest.raises(InvalidPositionError, match="unknown termination 'boredom'"):
        g.from_json(obj)
