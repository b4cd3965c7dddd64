"""The table layer: moves, refusals that change nothing, resignations, draw offers, views
that hide cards, practice tables, rebuilding from events and records, house rules."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuttle import get_rules, load_house_rules, write_record
from cuttle.bots import SeatView, make_bot
from cuttle.engine.errors import GameOverError, IllegalMoveError, InvalidMoveError
from cuttle.engine.history import (
    DrawAgreed,
    MovePlayed,
    Resigned,
    events_of,
    parse_event,
)
from cuttle.engine.records import read_record
from cuttle.table import BotError, Seat, Table, bot_move, make_bots, next_bot_seat, run_bots
from cuttle.table.table import replay_table

DATA = Path(__file__).parent / "data"
STANDARD = get_rules("standard")


def _snapshot(t: Table) -> tuple[object, ...]:
    return (json.dumps(t.game.to_json()), t.history, t.draw_offers, t.record())


def _random_table(rules_name: str = "standard", seed: int = 1, practice: bool = False) -> Table:
    rules = get_rules(rules_name)
    seats = [Seat(f"bot {s}", "random") for s in range(rules.players)]
    t = Table(rules, seats, seed=seed, practice=practice)
    run_bots(t, make_bots(t, seed=seed))
    return t


# ---------------------------------------------------------------- playing and refusing


def test_a_move_is_played_and_recorded_as_an_event() -> None:
    t = Table(STANDARD, [Seat("ann"), Seat("bob")], seed=3)
    assert t.n == 2 and t.to_act == 0 and t.legal(1) == []
    event = t.play(0, "draw")
    assert event == MovePlayed(0, "draw")
    assert t.history == (event,) and t.moves_played == 1
    assert t.to_act == 1 and t.legal(0) == [] and "draw" in t.legal(1)
    assert event.line() == "p0: draw" and t.sentence(0, 1) == "ann draws a card."


@pytest.mark.parametrize(
    ("seat", "move", "error", "words"),
    [
        (1, "draw", IllegalMoveError, "p0 is to act"),
        (0, "points 2C", IllegalMoveError, "2C|Two of Clubs"),
        (0, "flip 7H", InvalidMoveError, "flip"),
        (5, "draw", IllegalMoveError, "no seat"),
    ],
)
def test_a_bad_move_is_refused_and_changes_nothing(
    seat: int, move: str, error: type[Exception], words: str
) -> None:
    t = Table(STANDARD, seed=3)
    hand = t.game.view(0)["hands"][0]
    assert "2C" not in hand
    before = _snapshot(t)
    with pytest.raises(error, match=words):
        t.play(seat, move)
    assert _snapshot(t) == before


def test_a_finished_game_refuses_everything() -> None:
    t = Table(STANDARD, seed=3)
    assert t.resign(1) == Resigned(1)
    assert t.is_over and t.outcome is not None
    assert t.outcome.winners == (0,) and t.outcome.termination == "resign"
    before = _snapshot(t)
    for act in (lambda: t.play(0, "draw"), lambda: t.resign(0), lambda: t.offer_draw(0)):
        with pytest.raises(GameOverError):
            act()
    assert isinstance(GameOverError("x"), IllegalMoveError)
    assert _snapshot(t) == before
    assert t.legal(0) == [] and t.legal(1) == []


def test_a_seat_may_resign_out_of_turn() -> None:
    t = Table(get_rules("team"), seed=2)
    assert t.to_act == 0
    t.resign(3)
    assert t.outcome is not None and t.outcome.winners == (0, 2)
    assert t.history[-1].line() == "p3: resign"


# ---------------------------------------------------------------- draw offers


def test_draw_offers_are_agreed_declined_and_lapse() -> None:
    t = Table(get_rules("cutthroat"), seed=4)
    assert t.offer_draw(1) is None and t.draw_offers == {1}
    t.play(0, "draw")
    assert t.draw_offers == frozenset()  # the next move clears them
    t.offer_draw(0)
    t.offer_draw(2)
    t.decline_draw(1)
    assert t.draw_offers == frozenset() and not t.is_over
    with pytest.raises(IllegalMoveError, match="no draw is offered"):
        t.decline_draw(1)
    assert t.offer_draw(0) is None and t.offer_draw(1) is None
    assert t.offer_draw(1) is None  # offering twice counts once
    assert t.offer_draw(2) == DrawAgreed()
    assert t.is_over and t.outcome is not None and t.outcome.draw
    assert t.outcome.termination == "agreed"
    assert t.history[-1] == DrawAgreed() and t.record().rstrip().endswith("draw agreed")


# ---------------------------------------------------------------- views


def test_views_hide_other_hands_and_carry_the_rule_set() -> None:
    rules = get_rules("cutthroat")
    t = Table(rules, seed=5)
    hands = t.game.to_json()["hands"]
    for seat in range(3):
        view = t.view(seat)
        assert isinstance(view, SeatView) and view.seat == seat and view.rules == rules
        text = json.dumps(view.position)
        for other in range(3):
            if other != seat:
                assert not any(c in text for c in hands[other])
        assert view.position["hands"][seat] == hands[seat]
        assert view.legal == (tuple(t.legal(seat)) if seat == t.to_act else ())
    spectator = t.view(None)
    assert spectator.legal == () and all(c == "??" for h in spectator.position["hands"] for c in h)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), viewer=st.integers(0, 1))
def test_no_hidden_card_reaches_a_seat_during_a_game(seed: int, viewer: int) -> None:
    rules = get_rules("standard")
    t = Table(rules, seed=seed)
    bots = {s: make_bot("random", seed=seed + s) for s in range(2)}
    while not t.is_over and t.moves_played < 60:
        view = t.view(viewer)
        assert view.position == t.game.view(viewer)
        full = t.game.to_json()
        other = 1 - viewer
        hidden = [c for c in full["hands"][other] if c not in view.position["hands"][other]]
        assert not any(c in json.dumps(view.position) for c in hidden)
        t.play(t.to_act, bot_move(t, bots[t.to_act]))


def test_a_practice_table_shows_every_hand_to_every_seat() -> None:
    t = Table(STANDARD, [Seat("ann"), Seat("bot", "medium")], seed=6, practice=True)
    full = t.game.to_json()
    for seat in (0, 1, None):
        position = t.view(seat).position
        assert position["hands"] == full["hands"]
        assert all(c == "??" for c in position["deck"])  # the deck stays face down
    assert t.practice and '[Practice "yes"]' in t.record()
    assert Table.from_record(t.record()).practice


# ---------------------------------------------------------------- bots at the table


def test_run_bots_stops_when_a_person_must_act() -> None:
    t = Table(STANDARD, [Seat("ann"), Seat("bot", "random")], seed=7)
    bots = make_bots(t, seed=1)
    assert set(bots) == {1}
    assert next_bot_seat(t, bots) is None and run_bots(t, bots) == []
    t.play(0, "draw")
    seen: list[object] = []
    played = run_bots(t, bots, seen.append)
    assert played == seen and played and all(e.seat == 1 for e in played)  # type: ignore[union-attr]
    assert t.to_act == 0 or t.is_over


def test_an_illegal_bot_answer_is_refused() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, view: SeatView) -> str:
            return "points KH"

    t = Table(STANDARD, seed=1)
    before = _snapshot(t)
    with pytest.raises(BotError, match="cheat"):
        run_bots(t, {0: Cheat(), 1: Cheat()})
    assert _snapshot(t) == before


# ---------------------------------------------------------------- records and events


@pytest.mark.parametrize("rules_name", ["standard", "cutthroat", "team", "classic"])
def test_from_record_and_from_events_rebuild_the_table(rules_name: str) -> None:
    t = _random_table(rules_name, seed=11)
    assert t.is_over
    again = Table.from_record(t.record())
    assert again.history == t.history
    assert again.game.to_json() == t.game.to_json()
    assert [s.name for s in again.seats] == [s.name.replace(" ", "_") for s in t.seats]
    deck = t.game.start_deck
    assert deck is not None
    lines = [e.line() for e in t.history]
    rebuilt = Table.from_events(t.rules, deck, lines, t.seats)
    assert rebuilt.history == t.history and rebuilt.record() == t.record()
    assert replay_table(t) == t.history
    assert [parse_event(line) for line in lines] == [
        MovePlayed(e.seat, e.move) if isinstance(e, MovePlayed) else e for e in t.history
    ]


def test_the_record_is_the_engine_record() -> None:
    t = _random_table("standard", seed=12)
    names = " ".join(s.name.replace(" ", "_") for s in t.seats)
    assert t.record({"Event": "x"}) == write_record(t.game, {"Players": names, "Event": "x"})
    assert read_record(t.record()).to_json() == t.game.to_json()
    assert events_of(t.game) == tuple(
        MovePlayed(e.seat, e.move) if isinstance(e, MovePlayed) else e for e in t.history
    )


def test_shown_names_the_cards_an_event_made_public() -> None:
    for seed in range(40):
        t = _random_table("standard", seed=seed)
        lines = [e.line() for e in t.history]
        for i, e in enumerate(t.history):
            if (
                i
                and lines[i - 1].split(": ")[1].startswith("oneoff 7")
                and e.line().endswith("resolve")
            ):
                assert isinstance(e, MovePlayed)
                deck = t.game.start_deck
                assert deck is not None
                then = Table.from_events(t.rules, deck, lines[: i + 1])
                revealed = then.game.to_json()["revealed"]
                if not revealed:
                    continue  # the seven was countered
                # a resolved seven reveals the deck's top cards: public, not in its text
                assert set(revealed) <= set(e.shown)
                assert then.history[-1] == e
                return
    pytest.fail("no seven revealed anything in 40 random games")


def test_from_events_refuses_a_bad_history() -> None:
    deck = Table(STANDARD, seed=1).game.start_deck
    assert deck is not None
    with pytest.raises(IllegalMoveError, match="p0 is to act"):
        Table.from_events(STANDARD, deck, ["p1: draw"])
    with pytest.raises(InvalidMoveError):
        Table.from_events(STANDARD, deck, ["hello"])


# ---------------------------------------------------------------- house rules


def test_a_house_rule_set_runs_at_the_table_with_bots() -> None:
    house = load_house_rules(DATA / "myhouse.toml")
    seats = [Seat("greedy", "medium"), Seat("random", "random")]
    t = Table(house, seats, seed=21)
    seen: list[SeatView] = []

    class Spy:
        name = "spy"

        def __init__(self) -> None:
            self.inner = make_bot("medium", seed=1)

        def choose(self, view: SeatView) -> str:
            seen.append(view)
            return self.inner.choose(view)

    bots = {0: Spy(), 1: make_bot("random", seed=2)}
    run_bots(t, bots)
    assert t.is_over and seen and all(v.rules == house for v in seen)
    assert '[Rules "myhouse"]' in t.record()
    again = Table.from_record(t.record(), rules=house)
    assert again.history == t.history and again.rules == house


def test_sentences_use_names_and_hide_the_drawn_card() -> None:
    """The move log is in words with the seats' names; a draw is named only to its drawer,
    and the newest event told incrementally equals the replayed log."""
    from cuttle.engine.cards import CARD_NAMES
    from cuttle.engine.words import card_mentions

    table = Table(get_rules("standard"), [Seat("Alice"), Seat("Bob")], seed=5)
    held = set(table.game.hands[0])
    table.play(0, "draw")
    (drawn,) = set(table.game.hands[0]) - held
    assert table.sentence(0, 1) == "Alice draws a card."
    assert table.sentence(0, None) == "Alice draws a card."
    mine = table.sentence(0, 0)
    assert mine.startswith("You draw the ")
    assert card_mentions(mine) == [drawn], (mine, CARD_NAMES[drawn])
    rng = random.Random(2)
    while not table.is_over and table.moves_played < 40:
        seat = table.to_act
        table.play(seat, rng.choice(table.legal(seat)))
        for viewer in (0, 1, None):
            assert table.sentence(-1, viewer) == table.sentences(viewer)[-1]
    with pytest.raises(IndexError):
        table.sentence(table.moves_played)
