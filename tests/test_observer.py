"""The engine's observer (engine/observer.py): one object per rule set and seat whose JSON,
string and tensor forms agree on what the seat may see, for every rule set."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cuttle import Game, get_rules, new_game  # noqa: E402
from cuttle.bots import base  # noqa: E402
from cuttle.bots.encoding import SeatEncoder, card_planes, encode_view, visible_cards  # noqa: E402
from cuttle.engine.cards import card  # noqa: E402
from cuttle.engine.observer import Observer, SeatView, view_text  # noqa: E402
from cuttle.engine.words import card_mentions, seen_cards  # noqa: E402
from cuttle.table import Seat, Table  # noqa: E402
from helpers_positions import game  # noqa: E402
from strategies import Config, configs, play_random, seeds  # noqa: E402


def hidden_from(g: Game, seat: int | None, open_hands: bool = False) -> set[int]:
    """The cards ``seat`` may not see (``None``: those some seat may not see): a card in
    a hand the seat cannot see that nobody showed it, and the deck below its known top."""
    out: set[int] = set()
    seats = range(g.n) if seat is None else (seat,)
    for s in seats:
        for h, hand in enumerate(g.hands):
            if not open_hands and h != s and not g.can_see_hand(s, h):
                out.update(c for c in hand if not g.known.get(c, 0) >> s & 1)
    top_first = list(reversed(g.deck))
    out.update(top_first[min(g.deck_known, len(top_first)) :])
    return out


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=seeds, moves=st.integers(0, 150), open_hands=st.booleans())
def test_the_three_forms_agree_on_what_is_hidden(
    config: Config, seed: int, moves: int, open_hands: bool
) -> None:
    g = play_random(config.new(seed), random.Random(seed), moves)
    encoder = SeatEncoder(g.rules)
    for seat in range(g.n):
        obs = Observer(g.rules, seat, open_hands=open_hands, layout=encoder)
        view, text, vec = obs.json(g), obs.string(g), obs.tensor(g)
        hidden = hidden_from(g, seat, open_hands)
        in_json, in_text, in_tensor = seen_cards(view), set(card_mentions(text)), card_planes(vec)
        assert not in_json & hidden
        assert not in_text & hidden
        assert not in_tensor & hidden
        # the same cards in every form: what the seat may see is all shown
        assert in_text == in_json
        assert in_tensor == visible_cards(view)
        seen_hands = range(g.n) if open_hands else (seat,)
        assert all(set(g.hands[h]) <= in_json for h in seen_hands)
        in_play = {c for hand in g.hands for c in hand} | set(g.deck)
        assert in_play - hidden <= in_json
        # the tensor is the encoders' vector, from the JSON form and from the game
        assert np.array_equal(vec, encode_view(view, g.rules))
        if not open_hands:
            assert view == g.view(seat)
            assert np.array_equal(vec, encoder.encode_game(g, seat))
            assert np.array_equal(vec, encoder.observer(seat).tensor(g))
    spectator = Observer(g.rules, None, open_hands=open_hands)
    view = spectator.json(g)
    hidden = hidden_from(g, None, open_hands)
    assert not seen_cards(view) & hidden
    assert set(card_mentions(spectator.string(g))) == seen_cards(view)


@settings(max_examples=20, deadline=None)
@given(config=configs, seed=seeds, moves=st.integers(0, 80), practice=st.booleans())
def test_a_table_shows_each_seat_its_observers_json_form(
    config: Config, seed: int, moves: int, practice: bool
) -> None:
    g = play_random(config.new(seed), random.Random(seed), moves)
    table = Table.from_events(g.rules, g.to_json(), [], practice=practice)
    for seat in (*range(g.n), None):
        obs = table.observer(seat)
        assert obs.seat == seat and obs.open_hands == practice
        assert table.position(seat) == obs.json(table.game)
        assert table.shared_position(seat) == obs.json(table.game)
        assert table.view(seat).position == obs.json(table.game)
        if not practice:
            assert table.position(seat) == table.game.view(seat)
        else:
            assert table.position(seat)["hands"] == table.game.to_json()["hands"]


def test_the_string_form_reads_as_the_view() -> None:
    g = game(
        "standard",
        hands=[["7D", "KH"], ["3S"]],
        fields=[{"points": ["TC"], "glasses": ["8D"]}, {"faces": ["QS"]}],
        deck=["9S", "4C"],
        scrap=["2H"],
    )
    g.show_cards(0, [card("KH")], 0b10)  # p1 was shown the king
    text = Observer(g.rules, 1).string(g)
    assert text.splitlines() == [
        "standard, seen by p1: turn p0, phase main, p0 to act",
        "p0: hand K♥ ??; points 10♣; royals -; glasses 8♦",
        "p1 (you): hand 3♠; points -; royals Q♠; glasses -",
        f"deck {len(g.deck)} cards; scrap 2♥",
        "moves 0",
    ]
    assert view_text(g.view(1), 1) == text
    # p0's glasses show it p1's hand
    mine = Observer(g.rules, 0).string(g).splitlines()
    assert mine[1] == "p0 (you): hand 7♦ K♥; points 10♣; royals -; glasses 8♦"
    assert mine[2] == "p1: hand 3♠; points -; royals Q♠; glasses -"


def test_observers_refuse_bad_seats_other_rule_sets_and_a_missing_layout() -> None:
    rules = get_rules("classic")
    with pytest.raises(ValueError, match="seats 0 to 1"):
        Observer(rules, 2)
    with pytest.raises(ValueError, match="seats 0 to 1"):
        Observer(rules, True)
    g = new_game("cutthroat", seed=3)
    with pytest.raises(ValueError, match="reads games of classic"):
        Observer(rules, 0).json(g)
    classic = new_game(rules, seed=3)
    with pytest.raises(ValueError, match="no tensor layout"):
        Observer(rules, 0).tensor(classic)
    with pytest.raises(ValueError, match="spectator"):
        Observer(rules, None).position(classic)


def test_the_seat_view_is_the_engines_and_the_bots_module_re_exports_it() -> None:
    assert base.SeatView is SeatView
    table = Table(get_rules("standard"), [Seat("ann"), Seat("bob")], seed=5)
    view = table.view(0)
    assert isinstance(view, SeatView)
    assert view.legal == tuple(table.legal(0)) and view.position == table.game.view(0)
