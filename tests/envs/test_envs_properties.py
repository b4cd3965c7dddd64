"""Property tests along random games of every rule set: the mask is exactly the engine's
legal moves, every legal index applies, moves round-trip through the encoding, and an
observation depends on nothing but what its seat may see."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from envutil import all_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cuttle import new_game
from cuttle.engine.moves import DISCARD
from cuttle.envs import encoding as E
from cuttle.envs.core import EnvGame

RULES = all_rules(cap=120)


def _discard_paths(env: EnvGame) -> set[tuple[int, ...]]:
    """Every discard reachable by stepping card indices from here."""
    found: set[tuple[int, ...]] = set()
    for i in env.legal_list():
        e = env.copy()
        move = e.step(i)
        if move is None:
            found |= _discard_paths(e)
        else:
            assert move[0] == DISCARD
            found.add(move[4])
    return found


def _check_position(env: EnvGame, rng: random.Random) -> None:
    g = env.game
    seat, n = g.to_act, g.n
    legal = g.legal_actions()
    indices = env.legal()
    mask = env.mask()
    assert set(map(int, mask.nonzero()[0])) == set(indices)
    plain = {m for m in legal if m[0] != DISCARD}
    discards = {m[4] for m in legal if m[0] == DISCARD}
    # the mask is exactly the legal moves: decode every index, encode every move
    assert {indices[i] for i in indices if indices[i] is not None} == plain
    for m in plain:
        i = E.encode_move(m, seat, n)
        assert mask[i] == 1 and E.decode_action(i, seat, n) == m
    if discards:
        k = len(env.chosen)
        assert _discard_paths(env) == {cs for cs in discards if cs[:k] == env.chosen}
        for cs in discards if not k else ():  # an index sequence makes exactly that move
            e = env.copy()
            *head, last = E.encode_discard(cs)
            assert all(e.step(i) is None for i in head)
            assert e.step(last) == (DISCARD, -1, -1, -1, cs)
    # every legal index applies
    for i in indices:
        env.copy().step(i)
    # no card hidden from a seat reaches its observation; the observation (and the
    # mask of the seat to act) is the same in any world consistent with the seat's view
    for s in range(n):
        view = g.view(s)
        obs = env.observation(s)
        assert E.card_planes(obs) <= E.visible_cards(view)
        other = EnvGame(g.sample(s, rng))
        other.chosen = env.chosen
        assert json.dumps(other.game.view(s)) == json.dumps(view)
        assert (other.observation(s) == obs).all()
        if s == seat:
            assert (other.mask() == mask).all()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules_index=st.integers(0, len(RULES) - 1),
    seed=st.integers(0, 2**32 - 1),
    checks=st.integers(4, 20),
)
def test_mask_moves_and_observations_along_random_games(
    rules_index: int, seed: int, checks: int
) -> None:
    rules = RULES[rules_index]
    rng = random.Random(seed)
    env = EnvGame(new_game(rules, seed=seed))
    # check a spread of positions along one random game (every step costs a resample)
    every = max(1, rules.move_cap // checks)
    step = 0
    while not env.is_over:
        if step % every == 0 or env.chosen or env.game.phase != "main":
            _check_position(env, rng)
        env.step(rng.choice(env.legal_list()))
        step += 1
    assert env.legal() == {} and not env.mask().any()


@pytest.mark.parametrize("rules", RULES, ids=[f"{r.name}-{r.players}" for r in RULES])
def test_every_configuration_plays_to_the_end_through_indices(rules) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    for seed in range(3):
        env = EnvGame(new_game(rules, seed=seed))
        while not env.is_over:
            env.step(rng.choice(env.legal_list()))
        returns = env.returns()
        out = env.game.outcome
        assert out is not None
        if out.winners:
            assert all(
                returns[s] == (1.0 if s in out.winners else -1.0) for s in range(rules.players)
            )
        else:
            assert returns == [0.0] * rules.players
