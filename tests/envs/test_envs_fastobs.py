"""The fast observation path against the reference one.

``SeatEncoder.encode(seat_position(game, seat))`` must give, byte for byte, the vector
``encode_view(game.view(seat))`` gives (the shipped neural weights read that layout),
for every preset rule set, variants, house rules and practice tables, every seat and
every kind of position a random game reaches (discards chosen card by card included).
The structured view must name no card the JSON view hides.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from envutil import all_rules  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cuttle import load_house_rules, new_game  # noqa: E402
from cuttle.bots import SeatView, make_bot  # noqa: E402
from cuttle.engine.cards import CARD_NAMES  # noqa: E402
from cuttle.engine.game import Game  # noqa: E402
from cuttle.engine.rules import PRESETS, get_rules  # noqa: E402
from cuttle.engine.seatview import SeatPosition, seat_position  # noqa: E402
from cuttle.envs import encoding as E  # noqa: E402
from cuttle.envs.core import EnvGame  # noqa: E402
from cuttle.envs.gym import bot_move  # noqa: E402

MYHOUSE = load_house_rules(Path(__file__).parents[1] / "data" / "myhouse.toml")
RULES = [*all_rules(cap=120), *(get_rules(name) for name in PRESETS), MYHOUSE]
RULE_IDS = [f"{r.name}-{r.players}-{'+'.join(r.variants) or 'plain'}" for r in RULES]


def _names(cards: object) -> list[str]:
    return sorted(CARD_NAMES[c] for c in cards)  # type: ignore[attr-defined]


def _check_structured(pos: SeatPosition, view: dict, practice_hands: list | None) -> None:
    """``pos`` names exactly the cards ``view`` names, where privacy applies."""
    hands = practice_hands if practice_hands is not None else view["hands"]
    for h, hand in enumerate(hands):
        assert _names(pos.hands[h]) == sorted(x for x in hand if x != "??")
        assert pos.hand_sizes[h] == len(hand)
    assert [CARD_NAMES[c] for c in pos.deck_top] == [x for x in view["deck"] if x != "??"]
    assert pos.deck_size == len(view["deck"])


def _check_all_seats(env: EnvGame, practice: bool) -> int:
    """Compare fast and reference vectors for every seat of ``env``'s position."""
    g = env.game
    rules = g.rules
    encoder = E.SeatEncoder(rules)
    full_hands = g.to_json()["hands"] if practice else None
    for s in range(g.n):
        chosen = env.chosen if s == env.to_act else ()
        view = g.view(s)
        if practice:
            view["hands"] = full_hands
        pos = seat_position(g, s, open_hands=practice)
        _check_structured(pos, view, full_hands)
        fast = encoder.encode(pos, chosen)
        ref = E.encode_view(view, rules, chosen)
        assert fast.dtype == ref.dtype == np.float32
        assert fast.tobytes() == ref.tobytes(), (s, np.flatnonzero(fast != ref))
        if not practice:
            assert env.observation(s).tobytes() == ref.tobytes()
            out = np.full(E.OBS_SIZE, 7.0, dtype=np.float32)
            assert env.observation(s, out=out) is out and out.tobytes() == ref.tobytes()
    return g.n


def _walk(rules_index: int, seed: int, practice: bool) -> int:
    """Play one random game through indices, checking every position; return checks."""
    rules = RULES[rules_index]
    rng = random.Random(seed)
    env = EnvGame(new_game(rules, seed=seed))
    checks = 0
    while True:
        checks += _check_all_seats(env, practice)
        if env.is_over:
            return checks
        env.step(rng.choice(env.legal_list()))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_index=st.integers(0, len(RULES) - 1),
    seed=st.integers(0, 2**32 - 1),
    practice=st.booleans(),
)
def test_fast_observation_equals_the_reference_along_random_games(
    rules_index: int, seed: int, practice: bool
) -> None:
    assert _walk(rules_index, seed, practice) > 0


@pytest.mark.parametrize("rules_index", range(len(RULES)), ids=RULE_IDS)
def test_fast_observation_equals_the_reference_for_every_rule_set(rules_index: int) -> None:
    # a few games per configuration, both seating modes: thousands of positions in all
    checks = sum(_walk(rules_index, seed, seed % 2 == 1) for seed in range(4))
    assert checks >= 50


def test_the_seat_view_shares_no_hidden_hand() -> None:
    g = new_game("cutthroat", seed=4)
    for s in range(g.n):
        pos = seat_position(g, s)
        assert pos.hands[s] == tuple(g.hands[s])
        for h in range(g.n):
            if h != s:
                assert pos.hands[h] == () and pos.hand_sizes[h] == len(g.hands[h])
        assert pos.deck_top == () and pos.deck_size == len(g.deck)
    # a practice table opens every hand
    assert seat_position(g, 0, open_hands=True).hands[1] == tuple(g.hands[1])


def test_observation_and_mask_are_computed_once_per_position() -> None:
    env = EnvGame(new_game("standard", seed=2))
    obs, mask = env.observation(0), env.mask()
    assert env.observation(0) is obs and env.mask() is mask
    before = obs.copy()
    env.step(env.legal_list()[0])
    assert env.observation(0) is not obs and env.mask() is not mask
    assert (obs == before).all()  # an array handed out is never rewritten


def test_reference_switch_gives_the_same_vectors() -> None:
    rng = random.Random(3)
    env = EnvGame(new_game("team", seed=3))
    try:
        while not env.is_over:
            fast = [env.observation(s).copy() for s in range(env.game.n)]
            EnvGame.reference_observations = True
            ref = [env._observe(s, None) for s in range(env.game.n)]
            EnvGame.reference_observations = False
            assert all(a.tobytes() == b.tobytes() for a, b in zip(fast, ref, strict=True))
            env.step(rng.choice(env.legal_list()))
    finally:
        EnvGame.reference_observations = False


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "team"])
def test_bots_in_the_gym_see_what_seat_view_of_gives(rules: str) -> None:
    rng = random.Random(5)
    env = EnvGame(new_game(rules, seed=5))
    seen: list[SeatView] = []

    class Spy:
        name = "spy"

        def choose(self, view: SeatView) -> str:
            seen.append(view)
            return rng.choice(sorted(view.legal))

    spy = Spy()
    while not env.is_over:
        g: Game = env.game
        seat = g.to_act
        expected = SeatView.of(g, seat)
        env.play(bot_move(spy, env, seat))  # type: ignore[arg-type]
        assert seen[-1] == expected
    assert len(seen) > 10
    # the gym's bots play exactly as before
    bot = make_bot("random", seed=1)
    env = EnvGame(new_game(rules, seed=6))
    ref = new_game(rules, seed=6)
    other = make_bot("random", seed=1)
    while not env.is_over:
        env.play(bot_move(bot, env, env.game.to_act))
        ref.play(other.choose(SeatView.of(ref, ref.to_act)))
        assert env.game.to_json() == ref.to_json()
