"""Pickled environments go on exactly as the originals, on the compiled path and on the
pure one: ``pickle.loads(pickle.dumps(env))`` then ``last()``/``step`` (a researcher's
report: the compiled writers lost their array factory and ``last()`` raised ``TypeError``;
the Gymnasium environment held a closure and did not pickle at all)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import cuttle.envs  # noqa: E402,F401  (registers Cuttle-v0)
from cuttle.bots import encoding as E  # noqa: E402
from cuttle.envs.pettingzoo import env  # noqa: E402

PATHS = [True, False] if E.compiled_available() else [False]


@pytest.fixture(params=PATHS, ids=lambda c: "compiled" if c else "pure")
def compiled(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Each test on the compiled path (where built) and on the pure-Python path."""
    before = E.use_compiled(request.param)
    yield request.param
    E.use_compiled(before)


def _legal(mask: np.ndarray) -> list[int]:
    return [int(i) for i in np.flatnonzero(mask)]


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "team"])
def test_a_pickled_pettingzoo_env_plays_on_as_the_original(compiled: bool, rules: str) -> None:
    a = env(rules=rules, move_cap=120)
    a.reset(seed=7)
    rng = random.Random(3)
    for _ in range(11):  # into the game, then pickle
        obs, *_ = a.last()
        a.step(rng.choice(_legal(obs["action_mask"])))
    b = pickle.loads(pickle.dumps(a))
    assert b.agent_selection == a.agent_selection
    steps = 0
    for agent in a.agent_iter():
        assert b.agent_selection == agent
        oa, ra, ta, ua, _ = a.last()
        ob, rb, tb, ub, _ = b.last()  # raised TypeError inside the accelerator before
        assert (ra, ta, ua) == (rb, tb, ub)
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])
        action = None if ta or ua else rng.choice(_legal(oa["action_mask"]))
        a.step(action)
        b.step(action)
        steps += 1
    assert not b.agents and steps > 10
    assert a.rewards == b.rewards


def test_a_pettingzoo_env_pickled_before_reset_resets(compiled: bool) -> None:
    b = pickle.loads(pickle.dumps(env(rules="standard")))
    b.reset(seed=1)
    obs, *_ = b.last()
    assert obs is not None and obs["action_mask"].sum() > 0


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_a_pickled_gymnasium_env_plays_on_as_the_original(compiled: bool, opponent: str) -> None:
    a = gymnasium.make("Cuttle-v0", opponent=opponent, move_cap=120)
    fresh = pickle.loads(pickle.dumps(a))  # before reset too
    assert fresh.reset(seed=2)[0].shape == a.observation_space.shape
    _, info = a.reset(seed=5)
    rng = random.Random(9)
    b = pickle.loads(pickle.dumps(a))
    while True:
        action = rng.choice(_legal(info["action_mask"]))
        ra = a.step(action)
        rb = b.step(action)
        assert np.array_equal(ra[0], rb[0]) and ra[1:4] == rb[1:4]
        assert np.array_equal(ra[4]["action_mask"], rb[4]["action_mask"])
        info = ra[4]
        if ra[2] or ra[3]:
            break
        b = pickle.loads(pickle.dumps(b))  # and again at every step


def test_a_pickled_space_leaves_its_environment_behind(compiled: bool) -> None:
    """A space pickled or copied alone (as in a saved Stable-Baselines3 model) is a plain
    ``Discrete``, without the environment; an environment pickled whole binds its spaces
    again, so the masked ``sample`` keeps its shortcut (a Python ``int``; ``Discrete``'s
    own answer is a numpy integer)."""
    import copy

    a = env(rules="standard")
    a.reset(seed=4)
    agent = a.agent_selection
    space = a.action_space(agent)
    alone = pickle.dumps(space)
    assert len(alone) < 2_000 and b"CuttleAECEnv" not in alone
    obs, *_ = a.last()
    mask = obs["action_mask"]
    legal = _legal(mask)
    for other in (pickle.loads(alone), copy.deepcopy(space)):
        drawn = other.sample(mask)
        assert type(drawn) is not int and int(drawn) in legal
    assert type(space.sample(mask)) is int
    b = pickle.loads(pickle.dumps(a))
    obs_b, *_ = b.last()
    drawn = b.action_space(agent).sample(obs_b["action_mask"])
    assert type(drawn) is int and drawn in legal
    g = gymnasium.make("Cuttle-v0")
    g.reset(seed=2)
    h = pickle.loads(pickle.dumps(g))
    _o, info_h = h.reset(seed=2)
    assert type(h.action_space.sample(info_h["action_mask"])) is int
    assert len(pickle.dumps(g.action_space)) < 2_000
