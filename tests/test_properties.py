"""Property tests of the engine over many random games in every rule set and variant.

Invariants checked (at every step in the sweep, on drawn games and steps with
hypothesis):

- every card is in the game exactly once;
- every legal move's text parses back to the same move and plays without error;
- illegal moves (mutated legal moves, garbage text) are refused and change nothing;
- positions round-trip through JSON, and the restored game plays on identically;
- a seat's view (and the spectator's) shows no card that seat may not know, with true
  counts; who may know what is followed by the test itself, not read from the engine;
- a position sampled for a seat agrees with that seat's view and legal moves.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cuttle import (
    PRESETS,
    Game,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    RuleSet,
    new_game,
)
from cuttle.engine.cards import CARD_NAMES, card
from cuttle.engine.moves import Move, move_text, parse_move
from cuttle.engine.position import deal_from_view
from cuttle.engine.records import read_record, write_record
from strategies import (
    ALL_CONFIGS,
    PRESET_CONFIGS,
    Config,
    Knowledge,
    check_cards,
    configs,
    illegal_candidates,
    mutate_json,
    play_random,
    seeds,
)

HIDDEN = "??"
PUBLIC_KEYS_SKIPPED = {"hands", "deck", "seat", "known", "deck_known"}

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------- checks


def check_legal_texts(g: Game, legal: list[Move]) -> None:
    """Each legal move's text parses back to it; texts are distinct and match legal_moves."""
    texts = [move_text(m) for m in legal]
    assert sorted(texts) == sorted(g.legal_moves())
    assert len(set(texts)) == len(texts), f"duplicate legal moves: {texts}"
    assert legal, "a game that is not over must offer a move"
    for m, t in zip(legal, texts, strict=True):
        assert parse_move(t) == m, t


def check_play_each(g: Game, legal: list[Move]) -> None:
    """Every legal move, played as text, does what the tuple does."""
    for m in legal:
        by_text = g.copy()
        by_text.play(move_text(m))
        by_tuple = g.copy()
        by_tuple.apply(m)
        assert by_text.to_json() == by_tuple.to_json(), move_text(m)
        check_cards(by_text)


def is_accepted(legal: list[Move], text: str) -> bool:
    """Whether ``play(text)`` should accept ``text``: it parses to a legal move, or to a
    legal move but for a seat suffix only one legal move could have."""
    try:
        m = parse_move(text)
    except InvalidMoveError:
        return False
    if m in legal:
        return True
    if m[3] != -1:
        return False
    return sum(1 for x in legal if x[:3] == m[:3] and x[4] == m[4]) == 1


def check_illegal(g: Game, legal: list[Move], texts: list[str]) -> int:
    """Each text that is not a legal move is refused with a ValueError and changes
    nothing; return how many were refused."""
    before = g.to_json()
    n_hist = len(g.history)
    refused = 0
    for text in texts:
        if is_accepted(legal, text):
            continue
        with pytest.raises((IllegalMoveError, InvalidMoveError)) as info:
            g.play(text)
        assert isinstance(info.value, ValueError)
        assert str(info.value), f"refusal of {text!r} gives no reason"
        assert g.to_json() == before, f"refused {text!r} changed the game"
        assert len(g.history) == n_hist
        refused += 1
    assert g.legal_actions() == legal
    return refused


def house_rules_of(g: Game) -> RuleSet | None:
    """``g``'s rule set if the name in its positions cannot rebuild it (house rules)."""
    return None if g.rules.name in PRESETS else g.rules


def check_json(g: Game) -> Game:
    """The position round-trips through JSON text; return the restored game."""
    j = g.to_json()
    restored = Game.from_json(json.loads(json.dumps(j)), house_rules_of(g))
    assert restored.to_json() == j
    assert sorted(restored.legal_actions()) == sorted(g.legal_actions())
    assert restored.is_over == g.is_over
    return restored


def check_view(g: Game, know: Knowledge, viewer: int | None, full: dict[str, Any]) -> None:
    """``viewer``'s view hides what it may not know and keeps counts and public parts
    (``full`` is the full position, ``g.to_json()``)."""
    view = g.view(viewer)
    if viewer is None:
        assert "seat" not in view
    else:
        assert view["seat"] == viewer
    assert set(view) - {"seat"} == set(full) - {"known", "deck_known"}
    for key, value in full.items():
        if key not in PUBLIC_KEYS_SKIPPED:
            assert view[key] == value, f"view of p{viewer}: {key} differs"
    over = g.winners is not None
    for h, shown in enumerate(view["hands"]):
        hand = g.hands[h]
        assert len(shown) == len(hand), f"p{h}'s hand count in p{viewer}'s view"
        named = [card(x) for x in shown if x != HIDDEN]
        assert len(set(named)) == len(named)
        for c in named:
            assert c in hand, f"{CARD_NAMES[c]} shown in p{h}'s hand but not there"
            assert over or know.may_see(viewer, c), (
                f"p{viewer}'s view shows {CARD_NAMES[c]} in p{h}'s hand"
            )
    deck_top_first = g.deck[::-1]
    assert len(view["deck"]) == len(deck_top_first)
    for i, name in enumerate(view["deck"]):
        if name != HIDDEN:
            c = card(name)
            assert c == deck_top_first[i], f"deck card {i} shown wrongly"
            assert know.may_see(viewer, c), f"p{viewer}'s view shows deck card {name}"
    for name in view["frozen"]:
        assert over or know.may_see(viewer, card(name))


def check_views(g: Game, know: Knowledge, seats: list[int] | None = None) -> None:
    """The views of ``seats`` (default: every seat) and the spectator's."""
    full = g.to_json()
    for seat in range(g.n) if seats is None else seats:
        check_view(g, know, seat, full)
    check_view(g, know, None, full)


def _strip_view(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("known", "deck_known")}


def check_sample(g: Game, seat: int, rng: random.Random) -> None:
    """A position sampled for ``seat`` agrees with its view and legal moves."""
    house = house_rules_of(g)
    sample = g.sample(seat, rng) if house is None else deal_from_view(g.view(seat), rng, house)
    check_cards(sample)
    assert sample.rules == g.rules
    got, want = _strip_view(sample.view(seat)), _strip_view(g.view(seat))
    diff = {k: (got.get(k), want[k]) for k in want if got.get(k) != want[k]}
    assert not diff, f"sample's view of p{seat} differs (sample, original): {diff}"
    if g.to_act == seat:
        got_moves, want_moves = set(sample.legal_moves()), set(g.legal_moves())
        assert got_moves == want_moves, (
            f"sample for p{seat}: extra {got_moves - want_moves}, lacks {want_moves - got_moves}"
        )


def check_record(g: Game) -> None:
    """The game's record reads back to the same game, history and outcome."""
    text = write_record(g)
    back = read_record(text, g.rules)
    assert back.to_json() == g.to_json()
    assert back.history == g.history
    assert back.outcome == g.outcome
    assert write_record(back) == text


def play_cheap(config: Config, seed: int) -> None:
    """Play one whole random game checking the cheap invariants at every step (cards,
    legal move texts, the views of the seat to act, of one more seat and of the
    spectator), then its record."""
    g = config.new(seed)
    know = Knowledge(g)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        check_legal_texts(g, legal)
        seats = list(range(g.n)) if g.n <= 3 else [g.to_act, g.moves_played % g.n]
        check_views(g, know, seats)
        m = rng.choice(legal)
        g.apply(m)
        know.after(g, m)
    check_views(g, know)
    check_record(g)


def play_checked(
    config: Config,
    seed: int,
    *,
    every_play: bool = False,
    illegal: int = 0,
    json_every: int = 1,
    samples: bool = True,
) -> int:
    """Play one random game checking invariants at every step; return its length."""
    rng = random.Random(seed)
    g = config.new(seed)
    know = Knowledge(g)
    steps = 0
    while not g.is_over and steps < 400:
        legal = g.legal_actions()
        check_legal_texts(g, legal)
        check_views(g, know)
        if every_play:
            check_play_each(g, legal)
        if illegal:
            check_illegal(g, legal, illegal_candidates(g, legal, rng, illegal))
        if json_every and steps % json_every == 0:
            check_json(g)
        if samples:
            check_sample(g, g.to_act, rng)
            check_sample(g, rng.randrange(g.n), rng)
        m = rng.choice(legal)
        g.apply(m)
        know.after(g, m)
        steps += 1
    check_cards(g)
    check_views(g, know)
    check_json(g)
    return steps


def play_on_restored(config: Config, seed: int, restore_every: int) -> None:
    """Play a random game; every ``restore_every`` steps restore the position from its
    JSON and play the rest of the game on both, in lockstep, comparing positions."""
    rng = random.Random(seed)
    g = config.new(seed)
    shadows: list[Game] = []
    step = 0
    while not g.is_over:
        if step % restore_every == 0:
            shadows.append(check_json(g))
        legal = g.legal_actions()
        for sh in shadows:
            assert sorted(sh.legal_actions()) == sorted(legal)
        m = rng.choice(legal)
        g.apply(m)
        want = g.to_json()
        for sh in shadows:
            sh.apply(m)
            assert sh.to_json() == want, (
                f"{config.id} seed {seed}: a game restored from JSON diverged after "
                f"{move_text(m)!r} at move {g.moves_played}"
            )
        step += 1


# ---------------------------------------------------------------------- hypothesis


def game_at_step(config: Config, seed: int, step: int) -> Game:
    """The game of ``config`` dealt from ``seed`` after ``step`` random moves (or over)."""
    return play_random(config.new(seed), random.Random(seed), step)


@FAST
@given(config=configs, seed=seeds)
def test_random_games_keep_every_invariant(config: Config, seed: int) -> None:
    play_checked(config, seed, illegal=4, json_every=3)


@settings(max_examples=40, deadline=None)
@given(
    config=configs, seed=seeds, step=st.integers(0, 200), garbage=st.lists(st.text(), max_size=5)
)
def test_illegal_moves_are_refused_and_change_nothing(
    config: Config, seed: int, step: int, garbage: list[str]
) -> None:
    rng = random.Random(seed)
    g = game_at_step(config, seed, step)
    if g.is_over:
        return
    legal = g.legal_actions()
    texts = illegal_candidates(g, legal, rng, 40) + garbage
    # the same legal moves in other forms are accepted
    for m in legal:
        assert is_accepted(legal, move_text(m).lower())
    check_illegal(g, legal, texts)


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=seeds, step=st.integers(0, 150), move_seed=seeds)
@example(config=Config("classic"), seed=5, step=20, move_seed=5)
def test_restored_position_plays_on_identically(
    config: Config, seed: int, step: int, move_seed: int
) -> None:
    g = game_at_step(config, seed, step)
    restored = check_json(g)
    rng = random.Random(move_seed)
    while not g.is_over:
        legal = g.legal_moves()
        assert sorted(restored.legal_moves()) == sorted(legal)
        text = rng.choice(legal)
        g.play(text)
        restored.play(text)
        assert restored.to_json() == g.to_json(), f"diverged after {text!r}"
    assert restored.outcome == g.outcome


def test_sweep_restored_games_play_on() -> None:
    """In every configuration, games restored from JSON every few moves play on exactly
    like the original."""
    for config in ALL_CONFIGS:
        for seed in range(3):
            play_on_restored(config, 3000 + seed, restore_every=7)


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=seeds, step=st.integers(0, 150), sample_seed=seeds)
def test_samples_agree_with_the_seat_view(
    config: Config, seed: int, step: int, sample_seed: int
) -> None:
    g = game_at_step(config, seed, step)
    if g.is_over:
        return
    rng = random.Random(sample_seed)
    for seat in range(g.n):
        check_sample(g, seat, rng)


def game_for_ending(config: Config, seed: int, step: int, cap: int, from_position: bool) -> Game:
    """A random game of ``config`` (with move cap ``cap`` if positive) after ``step``
    moves, perhaps set up from the position a few random moves into it."""
    rng = random.Random(seed)
    g = config.new(seed)
    if cap:
        g = new_game(replace(g.rules, move_cap=cap), seed=seed)
    if from_position:
        play_random(g, rng, rng.randrange(30))
        if not g.is_over:
            g = Game.from_json(g.to_json(), g.rules)
    return play_random(g, rng, step)


def check_finished(g: Game) -> None:
    """A finished game keeps every card, shows every hand, refuses moves and records
    faithfully."""
    assert g.is_over and g.legal_actions() == []
    before = g.to_json()
    for text in ("draw", "pass", "resolve"):
        with pytest.raises(GameOverError):
            g.play(text)
    with pytest.raises(GameOverError):
        g.resign(0)
    assert g.to_json() == before
    check_cards(g)
    check_json(g)
    assert all(HIDDEN not in hand for hand in g.view(None)["hands"])
    check_record(g)


@settings(max_examples=40, deadline=None)
@given(
    config=configs,
    seed=seeds,
    step=st.integers(0, 120),
    agree=st.booleans(),
    from_position=st.booleans(),
)
def test_records_round_trip(
    config: Config, seed: int, step: int, agree: bool, from_position: bool
) -> None:
    """Records of unfinished, whole and agreed-drawn games, dealt or set up from a
    position, read back to the same game."""
    g = game_for_ending(config, seed, step, 0, from_position)
    check_record(g)
    if g.is_over:
        return
    if agree:
        g.agree_draw()
        assert g.outcome is not None and g.outcome.winners == ()
        assert g.outcome.termination == "agreed"
    else:
        play_random(g, random.Random(step), 2000)
    check_finished(g)


@settings(max_examples=40, deadline=None)
@given(
    config=configs,
    seed=seeds,
    step=st.integers(0, 120),
    resign=st.booleans(),
    resigner=st.integers(0, 4),
    from_position=st.booleans(),
)
@example(config=Config("classic"), seed=336, step=30, resign=True, resigner=0, from_position=True)
@example(config=Config("classic"), seed=1, step=3, resign=False, resigner=0, from_position=False)
def test_resignation_and_move_cap_keep_every_card(
    config: Config, seed: int, step: int, resign: bool, resigner: int, from_position: bool
) -> None:
    """Resigning at any moment, and reaching the move cap, end the game with every card
    still in it; the record reads back."""
    g = game_for_ending(config, seed, step, 0 if resign else step + 1, from_position)
    if g.is_over:
        check_finished(g)
        return
    if resign:
        seat = resigner % g.n
        g.resign(seat)
        assert g.outcome is not None and g.outcome.termination == "resign"
        assert set(g.outcome.winners) == set(g.opponents(seat))
    else:
        play_random(g, random.Random(step), 2)
        assert g.outcome is not None
        assert g.outcome.termination == "move-cap" or g.outcome.winners
    check_finished(g)


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=seeds, step=st.integers(0, 120), damage=seeds)
def test_damaged_positions_are_refused_or_playable(
    config: Config, seed: int, step: int, damage: int
) -> None:
    """A position with one random place damaged either loads as a position the engine
    can play on, or is refused with InvalidPositionError (never another exception)."""
    g = game_at_step(config, seed, step)
    rng = random.Random(damage)
    for _ in range(3):
        bad = mutate_json(g.to_json(), rng)
        try:
            loaded = Game.from_json(bad, house_rules_of(g))
        except InvalidPositionError as exc:
            assert str(exc)
            continue
        check_cards(loaded)
        loaded.view(0)
        loaded.view(None)
        play_random(loaded, rng, 3)
        check_cards(loaded)


# ---------------------------------------------------------------------- sweeps


CHEAP_GAMES = {
    "classic": 200,
    "standard": 200,
    "cuttlecards": 200,
    "multiplayer-2": 200,
    "cutthroat": 150,
    "team": 100,
    "multiplayer-3": 80,
    "multiplayer-4": 40,
    "multiplayer-5": 25,
}
"""Games per rule set in the sweep (fewer where games are long and seats many)."""


@pytest.mark.parametrize("config", PRESET_CONFIGS, ids=lambda c: c.id)
def test_sweep_presets(config: Config) -> None:
    """Hundreds of games per rule set with the cheap invariants at every step, and a few
    with every invariant at every step."""
    for seed in range(3):
        play_checked(config, 1000 + seed, every_play=True, illegal=6)
    for seed in range(CHEAP_GAMES[config.id]):
        play_cheap(config, seed)


@pytest.mark.parametrize("config", ALL_CONFIGS[len(PRESET_CONFIGS) :], ids=lambda c: c.id)
def test_sweep_variants(config: Config) -> None:
    """Games with variants switched on, and with house rules: every invariant at every
    step in a few, the cheap ones in more."""
    for seed in range(2):
        play_checked(config, 2000 + seed, every_play=True, illegal=4)
    for seed in range(15):
        play_cheap(config, seed)
