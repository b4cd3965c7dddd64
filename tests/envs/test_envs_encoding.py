"""The action and observation layouts: sizes, round trips, discards one card at a time."""

from __future__ import annotations

import doctest
import itertools
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from cuttle import new_game  # noqa: E402
from cuttle.engine.cards import card  # noqa: E402
from cuttle.engine.moves import DISCARD, DRAW, JACK, ONEOFF, ROYAL, SCUTTLE, parse_move  # noqa: E402
from cuttle.envs import encoding as E  # noqa: E402
from cuttle.envs.core import EnvGame  # noqa: E402


def test_layout_is_contiguous_and_fixed() -> None:
    at = 0
    for b in E.BLOCKS:
        assert b.offset == at
        at += b.size
    assert at == E.NUM_ACTIONS == 6278
    assert sum(size for _o, size in E.OBS_LAYOUT.values()) == E.OBS_SIZE
    assert E.OBS_HIGH.shape == (E.OBS_SIZE,)
    offsets = sorted(E.OBS_LAYOUT.values())
    for (o1, s1), (o2, _s2) in itertools.pairwise(offsets):
        assert o1 + s1 == o2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_index_round_trips(players: int) -> None:
    for actor in range(players):
        for i in range(E.NUM_ACTIONS):
            move = E.decode_action(i, actor, players)
            if move[0] == DISCARD:
                continue
            rel_seat = E._DECODE[i][3]
            if rel_seat >= players:
                continue  # a seat this table does not have
            assert E.encode_move(move, actor, players) == i


def test_seats_are_relative_to_the_actor() -> None:
    jack = (JACK, card("JC"), card("7H"), 2, ())
    i = E.encode_move(jack, 1, 4)
    assert E.action_name(i) == "jack JC 7H +1"
    assert E.decode_action(i, 3, 4) == (JACK, card("JC"), card("7H"), 0, ())
    four = parse_move("oneoff 4H p0")
    assert E.action_name(E.encode_move(four, 2, 3)) == "oneoff 4H +1"


def test_moves_outside_the_layout_raise_clearly() -> None:
    with pytest.raises(E.EncodingError, match="verb 99"):
        E.encode_move((99, 3, -1, -1, ()), 0, 2)
    with pytest.raises(E.EncodingError, match="no place"):
        E.encode_move((SCUTTLE, card("KH"), card("7H"), -1, ()), 0, 2)
    with pytest.raises(E.EncodingError, match="no place"):
        E.encode_move((ROYAL, card("QH"), card("KS"), -1, ()), 0, 2)
    with pytest.raises(E.EncodingError, match="encode_discard"):
        E.encode_move((DISCARD, -1, -1, -1, (1, 2)), 0, 2)
    with pytest.raises(E.EncodingError, match="outside"):
        E.decode_action(E.NUM_ACTIONS, 0, 2)
    with pytest.raises(E.EncodingError):
        E.action_name(-1)


def test_block_contents() -> None:
    draw = E.encode_move((DRAW, -1, -1, -1, ()), 0, 2)
    assert E.action_name(draw) == "draw"
    nine = E.encode_move((ONEOFF, card("9S"), card("QH"), -1, ()), 0, 2)
    assert E.action_name(nine) == "oneoff 9S QH"
    joker = E.encode_move((ROYAL, 52, card("KH"), 3, ()), 1, 4)
    assert E.decode_action(joker, 1, 4) == (ROYAL, 52, card("KH"), 3, ())


def test_discard_two_of_five_one_card_at_a_time() -> None:
    hand = [card(x) for x in ("3C", "7D", "9H", "JS", "KC")]
    options = list(itertools.combinations(sorted(hand), 2))
    chooser = E.DiscardChooser(options)
    first = chooser.allowed()
    # ascending order: the highest card can never be first
    assert [i - E._DISCARD_BASE for i in first] == sorted(hand)[:-1]
    assert chooser.choose(E._DISCARD_BASE + card("7D")) is None
    assert [i - E._DISCARD_BASE for i in chooser.allowed()] == [card(x) for x in ("9H", "JS", "KC")]
    assert chooser.choose(E._DISCARD_BASE + card("JS")) == (card("7D"), card("JS"))
    with pytest.raises(E.EncodingError, match="not allowed"):
        E.DiscardChooser(options).choose(E._DISCARD_BASE + card("KC"))
    assert E.encode_discard([card("JS"), card("7D")]) == [
        E._DISCARD_BASE + card("7D"),
        E._DISCARD_BASE + card("JS"),
    ]


def test_discards_of_varying_size_need_done() -> None:
    a, b, c = 4, 9, 20
    chooser = E.DiscardChooser([(a,), (a, b), (c,)])
    assert chooser.choose(E._DISCARD_BASE + a) is None  # (a,) or (a, b): undecided
    assert chooser.allowed() == [E.DISCARD_DONE_INDEX, E._DISCARD_BASE + b]
    assert chooser.choose(E.DISCARD_DONE_INDEX) == (a,)
    assert E.DiscardChooser([(a,), (a, b), (c,)]).choose(E._DISCARD_BASE + c) == (c,)


def test_a_four_discard_is_played_card_by_card() -> None:
    # p0 plays a four; p1 resolves, then discards two cards in two steps
    deck = list(range(52))
    deck.remove(card("4C"))
    g = new_game("classic", deck=[card("4C"), *deck])  # p0's first card is the four
    env = EnvGame(g)
    four = (ONEOFF, card("4C"), -1, -1, ())
    assert four in g.legal_actions()
    env.step(E.encode_move(four, 0, 2))
    env.step(E.encode_move(parse_move("resolve"), 1, 2))
    assert g.phase == "discard" and env.to_act == 1
    hand_before = len(g.hands[1])
    first = env.legal_list()
    assert all(E._DISCARD_BASE <= i < E._DISCARD_BASE + 54 for i in first)
    assert env.step(first[0]) is None and env.chosen == (first[0] - E._DISCARD_BASE,)
    obs = env.observation(1)
    off, _ = E.OBS_LAYOUT["discard_chosen"]
    assert obs[off + env.chosen[0]] == 1.0
    assert env.observation(0)[off : off + 54].sum() == 0  # only the chooser sees the choice
    move = env.step(env.legal_list()[0])
    assert move is not None and move[0] == DISCARD and len(move[4]) == 2
    assert len(g.hands[1]) == hand_before - 2


def test_observation_of_the_opening_deal() -> None:
    g = new_game("standard", seed=5)
    obs = E.encode_view(g.view(1), g.rules)
    hand = E.OBS_LAYOUT["hand"][0]
    assert sorted(np.flatnonzero(obs[hand : hand + 54])) == sorted(g.hands[1])
    known = E.OBS_LAYOUT["hand_known_1"][0]
    assert obs[known : known + 54].sum() == 0  # p0's hand is hidden from p1
    counts = E.OBS_LAYOUT["hand_count"][0]
    assert list(obs[counts : counts + 2]) == [6, 5]  # p1 (the dealer) first, then p0
    assert obs[E.OBS_LAYOUT["deck_count"][0]] == 41
    assert obs[E.OBS_LAYOUT["goal"][0]] == 21
    to_act = E.OBS_LAYOUT["to_act"][0]
    assert list(obs[to_act : to_act + 5]) == [0, 1, 0, 0, 0]  # p0 acts: one seat after p1
    assert (obs <= E.OBS_HIGH).all() and (obs >= 0).all()
    text = E.observation_string(g.view(1))
    assert "hand0[?? ?? ?? ?? ??]" in text and text.startswith("p1 ")


def test_core_package_does_not_import_numpy_or_gymnasium() -> None:
    code = (
        "import sys, cuttle, cuttle.bots, cuttle.engine; "
        "heavy = {'numpy', 'gymnasium', 'pettingzoo', 'pyspiel'} & set(sys.modules); "
        "assert not heavy, heavy"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "module",
    [
        "encoding",
        "pettingzoo",
        "pettingzoo_parallel",
        "gym",
        "vector",
        "openspiel",
        "openspiel_bots",
    ],
)
def test_module_doctests(module: str) -> None:
    if module.startswith("pettingzoo"):
        pytest.importorskip("pettingzoo")
    if module.startswith("openspiel"):
        pytest.importorskip("pyspiel")
    import importlib

    mod = importlib.import_module(f"cuttle.envs.{module}")
    failures, _tried = doctest.testmod(mod)
    assert failures == 0
