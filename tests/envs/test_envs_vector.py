"""The Gymnasium vector environment (``cuttle.envs.vector``) against the single one.

Sub-environment ``i`` of ``CuttleVectorEnv`` reset with ``seed`` must be the single
``CuttleEnv`` of the same ``seeding`` (``"reseed"``, the single environment's default,
and ``"stream"``, the vector one's) reset with ``seed + i``: given the same actions,
every observation, mask, legal list, reward, end and result must be equal, through
autoresets (the single environment is reset by hand where the vector one starts a new
game itself). Both the compiled stepper and the pure path (the accelerator off) are
checked that way, so the stepper plays the ``random`` bot exactly as the bot plays
itself, deals as the single environment deals and takes a discard card by card as it
does.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import cuttle.envs  # noqa: E402, F401 - registers Cuttle-v0
from cuttle.bots import encoding as E  # noqa: E402
from cuttle.envs.encoding import NUM_ACTIONS, OBS_SIZE  # noqa: E402
from cuttle.envs.gym import CuttleEnv  # noqa: E402
from cuttle.envs.vector import CuttleVectorEnv  # noqa: E402


@pytest.fixture(params=["compiled", "pure"])
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test on both paths: the compiled stepper, and the accelerator turned off."""
    before = E.use_compiled(request.param == "compiled")
    yield str(request.param)
    E.use_compiled(before)


def _lockstep(
    rules: str,
    n: int,
    steps: int,
    seed: int,
    opponent: str = "random",
    seeding: str = "reseed",
    **kw: object,
) -> tuple[CuttleVectorEnv, int, int]:
    """Play the vector env and ``n`` single envs side by side with the same random legal
    actions, asserting equality at every step; return the env, games ended and steps."""
    vec = CuttleVectorEnv(n, rules=rules, opponent=opponent, seeding=seeding, **kw)  # type: ignore[arg-type]
    singles = [
        CuttleEnv(rules=rules, opponent=opponent, seeding=seeding, **kw)  # type: ignore[arg-type]
        for _ in range(n)
    ]
    obs, info = vec.reset(seed=seed)
    answers = [e.reset(seed=seed + i) for i, e in enumerate(singles)]
    pending = [False] * n
    rng = random.Random(seed)
    ended = 0
    for t in range(steps):
        for i, (o, inf) in enumerate(answers):
            assert np.array_equal(obs[i], o), (t, i)
            assert np.array_equal(info["action_mask"][i], inf["action_mask"]), (t, i)
            assert list(info["legal_actions"][i]) == list(inf["legal_actions"]), (t, i)
            assert info["seat"][i] == inf["seat"]
        actions = [rng.choice(legal) if legal else 0 for legal in info["legal_actions"]]
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, env in enumerate(singles):
            if pending[i]:  # the vector env dealt again on this step: so does the single
                answers[i] = env.reset()
                pending[i] = False
                assert rewards[i] == 0.0 and not terminated[i] and not truncated[i]
                continue
            o, r, term, trunc, inf = env.step(actions[i])
            answers[i] = (o, inf)
            assert (rewards[i], terminated[i], truncated[i]) == (r, term, trunc), (t, i)
            if term or trunc:
                pending[i] = True
                ended += 1
                assert info["_result"][i] and info["result"][i] == inf["result"]
                assert info["termination"][i] == inf["termination"]
    return vec, ended, steps


@pytest.mark.parametrize("seeding", ["reseed", "stream"])
@pytest.mark.parametrize(
    "rules", ["standard", "classic", "cuttlecards", "cutthroat", "team", "multiplayer"]
)
def test_each_sub_environment_is_the_single_environment_seeded_seed_plus_i(
    rules: str, seeding: str, path: str
) -> None:
    _vec, ended, _ = _lockstep(rules, 4, 250, seed=11, seeding=seeding)
    assert ended >= 8  # several autoresets were crossed


@pytest.mark.parametrize("seeding", ["reseed", "stream"])
def test_other_bots_and_a_random_seat_take_the_python_path_and_agree(
    seeding: str, path: str
) -> None:
    _lockstep("standard", 3, 120, seed=5, opponent="greedy", seeding=seeding)
    _lockstep("cutthroat", 3, 150, seed=6, seat="random", seeding=seeding)
    _lockstep("cutthroat", 2, 150, seed=7, opponent=["random", "greedy"], seeding=seeding)  # type: ignore[arg-type]


def test_the_compiled_stepper_does_the_work_when_built() -> None:
    before = E.use_compiled(True)
    try:
        vec = CuttleVectorEnv(2)
        vec.reset(seed=1)
        assert vec._stepper is not None
        E.use_compiled(False)
        vec.reset(seed=1)
        assert vec._stepper is None
    finally:
        E.use_compiled(before)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    rules=st.sampled_from(["standard", "cutthroat", "team", "classic"]),
    n=st.integers(1, 5),
    seeding=st.sampled_from(["reseed", "stream"]),
)
def test_vector_and_single_agree_for_any_seed(seed: int, rules: str, n: int, seeding: str) -> None:
    _lockstep(rules, n, 60, seed=seed, seeding=seeding)


def test_make_vec_builds_it_with_batched_spaces() -> None:
    vec = gymnasium.make_vec("Cuttle-v0", num_envs=3, rules="cutthroat")
    assert isinstance(vec.unwrapped, CuttleVectorEnv)
    assert vec.observation_space.shape == (3, OBS_SIZE)
    assert vec.action_space.shape == (3,)
    obs, info = vec.reset(seed=2)
    assert obs.shape == (3, OBS_SIZE) and obs.dtype == np.float32
    assert info["action_mask"].shape == (3, NUM_ACTIONS) and info["action_mask"].dtype == bool
    assert info["_legal_actions"].all()
    for i in range(3):
        assert list(np.flatnonzero(info["action_mask"][i])) == info["legal_actions"][i]
    assert vec.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP


def test_one_seed_per_sub_environment_is_accepted() -> None:
    a = CuttleVectorEnv(2)
    b = CuttleVectorEnv(2)
    obs_a, _ = a.reset(seed=[40, 41])
    obs_b, _ = b.reset(seed=40)
    assert np.array_equal(obs_a, obs_b)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda v: v.reset(seed=[1, 2, 3]), "2 sub-environments need 2 seeds"),
        (lambda v: v.step([0]), "step needs 2 actions"),
        (lambda v: v.step([0.5, 1.5]), "actions must be integers"),
    ],
)
def test_bad_calls_say_what_is_wrong(call: object, message: str) -> None:
    vec = CuttleVectorEnv(2)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match=message):
        call(vec)  # type: ignore[operator]


def test_num_envs_must_be_positive() -> None:
    with pytest.raises(ValueError, match="num_envs must be a positive integer"):
        CuttleVectorEnv(0)


def test_an_illegal_action_loses_that_game_only(path: str) -> None:
    vec = CuttleVectorEnv(3)
    _obs, info = vec.reset(seed=9)
    illegal = next(a for a in range(NUM_ACTIONS) if not info["action_mask"][1][a])
    actions = [info["legal_actions"][0][0], illegal, info["legal_actions"][2][0]]
    _obs, rewards, terminated, _trunc, info = vec.step(actions)
    assert terminated.tolist() == [False, True, False]
    assert rewards[1] == -1.0
    assert info["_illegal_action"].tolist() == [False, True, False]
    assert info["illegal_action"][1]
    # the next step deals sub-environment 1 a new game; the others go on
    actions = [info["legal_actions"][0][0], 0, info["legal_actions"][2][0]]
    _obs, rewards, terminated, _trunc, info = vec.step(actions)
    assert not terminated[1] and rewards[1] == 0.0 and info["legal_actions"][1]


def test_copy_hands_out_new_arrays_and_copy_false_its_own(path: str) -> None:
    fresh = CuttleVectorEnv(2, copy=True)
    obs1, info1 = fresh.reset(seed=3)
    obs2, info2 = fresh.step([legal[0] for legal in info1["legal_actions"]])[::4]
    assert obs1 is not obs2 and not np.shares_memory(obs1, obs2)
    assert not np.shares_memory(info1["action_mask"], info2["action_mask"])
    shared = CuttleVectorEnv(2, copy=False)
    obs1, info1 = shared.reset(seed=3)
    obs2, _info2 = shared.step([legal[0] for legal in info1["legal_actions"]])[::4]
    assert np.shares_memory(obs1, obs2)


def test_action_masks_gives_the_legal_actions_of_every_game() -> None:
    vec = CuttleVectorEnv(2)
    _obs, info = vec.reset(seed=4)
    masks = vec.action_masks()
    assert masks.shape == (2, NUM_ACTIONS)
    for i in range(2):
        assert list(np.flatnonzero(masks[i])) == info["legal_actions"][i]


def test_a_refused_step_changes_no_game(path: str) -> None:
    from cuttle.envs.encoding import EncodingError

    vec = CuttleVectorEnv(3, illegal_action="raise")
    _obs, info = vec.reset(seed=12)
    before = [list(env.game.log) for env in vec.envs]
    illegal = next(a for a in range(NUM_ACTIONS) if not info["action_mask"][2][a])
    actions = [info["legal_actions"][0][0], info["legal_actions"][1][0], illegal]
    with pytest.raises(EncodingError, match="sub-environment 2: action"):
        vec.step(actions)
    assert [list(env.game.log) for env in vec.envs] == before


def test_a_pickled_vector_env_plays_on_as_the_original(path: str) -> None:
    import pickle

    vec = CuttleVectorEnv(3)
    _obs, info = vec.reset(seed=21)
    rng = random.Random(0)
    for _ in range(5):
        _obs, *_rest, info = vec.step([rng.choice(legal) for legal in info["legal_actions"]])
    twin = pickle.loads(pickle.dumps(vec))
    assert (twin._stepper is None) == (vec._stepper is None)
    for _ in range(40):
        actions = [rng.choice(legal) if legal else 0 for legal in info["legal_actions"]]
        a = vec.step(actions)
        b = twin.step(actions)
        info = a[4]
        for x, y in zip(a[:4], b[:4], strict=True):
            assert np.array_equal(x, y)
        assert [list(v) for v in a[4]["legal_actions"]] == [list(v) for v in b[4]["legal_actions"]]


# ------------------------------------------------------------------ seeding="stream"


def _replay_stream(rules: str, seed: int, actions: list[int], seat: int | str = 0) -> list:
    """The games ``seeding="stream"`` promises for one sub-environment, written out from
    its description with the engine alone: one ``random.Random(seed)``; per game the
    agent's seat drawn first when it is "random", then ``new_game(rules, rng=gen)``,
    then every other seat's move ``moves[randbelow(gen, len(moves))]``; the agent plays
    ``actions`` in turn (``None``: the step that deals the next game). Returns each
    game's ``(seat, move)`` log."""
    from cuttle.bots.policy import randbelow
    from cuttle.engine.game import new_game
    from cuttle.envs.core import EnvGame, make_rules

    rs = make_rules(rules, None, (), None)
    gen = random.Random(seed)
    logs: list[list[object]] = []
    todo = iter(actions)
    while True:
        me = randbelow(gen, rs.players) if seat == "random" else int(seat)
        eg = EnvGame(new_game(rs, rng=gen))
        logs.append(eg.log)
        while True:
            g = eg.game
            while g.winners is None and g.to_act != me:
                moves = g.legal_actions()
                eg.apply(moves[randbelow(gen, len(moves))])
            if g.winners is not None:
                break
            action = next(todo, None)
            if action is None:
                return logs
            eg.step(action)  # the agent's index (a discard: card by card)
        if next(todo, None) is not None:  # the step that deals: its action is ignored
            raise AssertionError("the replay expected the dealing step here")


@pytest.mark.parametrize(("rules", "seat"), [("standard", 0), ("cutthroat", "random"), ("team", 1)])
def test_streamed_games_are_the_ones_its_description_gives(
    rules: str, seat: int | str, path: str
) -> None:
    """The compiled stepper (and the pure path) deal and play exactly what the
    ``seeding="stream"`` description says, written out independently above."""
    vec = CuttleVectorEnv(2, rules=rules, seat=seat)
    _obs, info = vec.reset(seed=31)
    rng = random.Random(5)
    played: list[list[int | None]] = [[], []]
    for _ in range(160):
        actions = [rng.choice(legal) if legal else 0 for legal in info["legal_actions"]]
        done = list(vec._done)
        _obs, _r, _t, _u, info = vec.step(actions)
        for i in range(2):
            played[i].append(None if done[i] else actions[i])
    for i in range(2):
        logs = _replay_stream(rules, 31 + i, played[i], seat)
        assert len(logs) >= 3  # games ended and were dealt again
        assert logs[-1] == vec.games[i].log  # the game being played now, move for move


def test_copy_false_hands_out_arrays_that_cannot_be_written() -> None:
    vec = CuttleVectorEnv(2, copy=False)
    obs, info = vec.reset(seed=3)
    with pytest.raises(ValueError, match="read-only"):
        obs[0, 0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        info["action_mask"][0, 0] = True
    obs2, *_rest = vec.step([legal[0] for legal in info["legal_actions"]])
    assert np.shares_memory(obs, obs2)  # still the environment's own memory


def test_games_and_envs_follow_the_games_the_stepper_deals(path: str) -> None:
    vec = CuttleVectorEnv(3, rules="classic")
    _obs, info = vec.reset(seed=8)
    rng = random.Random(2)
    ended = 0
    for _ in range(200):
        actions = [rng.choice(legal) if legal else 0 for legal in info["legal_actions"]]
        _obs, _r, term, trunc, info = vec.step(actions)
        for i in np.flatnonzero(term | trunc).tolist():
            ended += 1
            assert vec.games[i].game.winners is not None  # the game just ended
    assert ended >= 3
    envs = vec.envs
    for i, env in enumerate(envs):
        assert env.game is vec.games[i]  # each sub-environment hears of its new game
        assert env.seat == info["seat"][i]


def _step_singles(
    singles: list[CuttleEnv], actions: list[int], pending: list[bool]
) -> list[tuple[float, bool, bool, dict[str, object]] | None]:
    """Step each single environment as the vector env steps its twin: a new game where
    the last step ended one (None for it: the vector env's dealing step), else the
    action; returns each one's reward, ends and info."""
    out: list[tuple[float, bool, bool, dict[str, object]] | None] = []
    for i, env in enumerate(singles):
        if pending[i]:
            out.append(None)
            env.reset()
            pending[i] = False
            continue
        _o, reward, term, trunc, info = env.step(actions[i])
        out.append((reward, term, trunc, info))
        pending[i] = term or trunc
    return out


def _info_now(env: CuttleEnv) -> dict[str, object]:
    """The single environment's ``info`` for the position now."""
    return env.answer()[1]


def test_an_illegal_action_after_a_compiled_deal_loses_as_the_single_env_says() -> None:
    """A sub-environment the compiled stepper dealt takes its Python path (an illegal
    action) as the single environment of the same stream would."""
    vec = CuttleVectorEnv(2, rules="standard")
    singles = [CuttleEnv(rules="standard", seeding="stream") for _ in range(2)]
    _obs, info = vec.reset(seed=50)
    for i, e in enumerate(singles):
        e.reset(seed=50 + i)
    rng = random.Random(1)
    pending = [False, False]
    illegal_seen = 0
    for t in range(300):
        actions = []
        for i in range(2):
            legal = info["legal_actions"][i]
            assert list(legal) == list(_info_now(singles[i])["legal_actions"]), (t, i)  # type: ignore[call-overload]
            if legal and rng.random() < 0.03:
                actions.append(next(a for a in range(NUM_ACTIONS) if a not in legal))
            else:
                actions.append(rng.choice(legal) if legal else 0)
        _obs, rewards, term, trunc, info = vec.step(actions)
        for i, got in enumerate(_step_singles(singles, actions, pending)):
            if got is not None:
                assert (rewards[i], term[i], trunc[i]) == got[:3], (t, i)
                illegal_seen += bool(got[3].get("illegal_action"))
    assert illegal_seen >= 3


def test_bad_seeding_and_a_misplaced_adopt_are_refused() -> None:
    with pytest.raises(ValueError, match="seeding must be 'reseed' or 'stream'"):
        CuttleEnv(seeding="fresh")
    with pytest.raises(ValueError, match="seeding must be 'reseed' or 'stream'"):
        CuttleVectorEnv(2, seeding="fresh")
    env = CuttleEnv(rules="standard", opponent="greedy", seeding="stream")
    env.reset(seed=1)
    with pytest.raises(RuntimeError, match="adopt needs a streamed environment"):
        env.adopt(env.game, 0)


def test_a_seat_given_at_reset_lasts_one_game_as_in_the_single_env(path: str) -> None:
    vec = CuttleVectorEnv(2, rules="cutthroat", seat=0)
    singles = [CuttleEnv(rules="cutthroat", seeding="stream") for _ in range(2)]
    _obs, info = vec.reset(seed=70, options={"seat": 2})
    for i, e in enumerate(singles):
        e.reset(seed=70 + i, options={"seat": 2})
    rng = random.Random(3)
    pending = [False, False]
    seats = set()
    for t in range(200):
        for i in range(2):
            now = _info_now(singles[i])
            assert info["seat"][i] == now["seat"], (t, i)
            assert list(info["legal_actions"][i]) == list(now["legal_actions"]), (t, i)  # type: ignore[call-overload]
            seats.add(int(info["seat"][i]))
        actions = [rng.choice(legal) if legal else 0 for legal in info["legal_actions"]]
        info = vec.step(actions)[4]
        _step_singles(singles, actions, pending)
    assert seats == {0, 2}  # the given seat for the first game, the usual one after
