"""The compiled accelerator (``cuttle.bots._fastenc``) against the pure-Python reference.

``make setup`` (``pip install -e .``) builds it, so these tests fail, rather than skip,
where it is missing. Over random games of every rule set, variants and house rules,
every seat's vector written by the compiled writer must equal, byte for byte, the pure
path's (``SeatEncoder.encode(seat_position(...))``, itself checked against
``encode_view(game.view(seat))`` in ``test_envs_fastobs.py``), and the compiled legal
map and mask must equal the pure ones.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import ClassVar

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_envs_fastobs import RULE_IDS, RULES  # noqa: E402

from cuttle import new_game  # noqa: E402
from cuttle.bots import encoding as E  # noqa: E402
from cuttle.engine.seatview import seat_position  # noqa: E402
from cuttle.envs.core import EnvGame  # noqa: E402


@pytest.fixture(autouse=True)
def _compiled_on() -> object:
    """Every test here runs with the accelerator on (even under CUTTLE_PURE_PYTHON=1,
    which runs the rest of the suite on the pure path); it fails where it is not built."""
    before = E.use_compiled(True)
    yield
    E.use_compiled(before)


def test_the_accelerator_is_built_and_on_by_default() -> None:
    assert E.compiled_available(), "cuttle.bots._fastenc is not built: run `make setup`"
    code = "from cuttle.bots import encoding as E; print(E.compiled_active())"
    env = {k: v for k, v in os.environ.items() if k != "CUTTLE_PURE_PYTHON"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "True"


def _pure_legal(env: EnvGame) -> tuple[dict, np.ndarray]:
    g = env.game
    mask = np.zeros(E.NUM_ACTIONS, dtype=np.int8)
    before = E.use_compiled(False)
    try:
        legal = E.legal_indices(g.legal_actions(), g.to_act, g.n, env.chosen, mask)
    finally:
        E.use_compiled(before)
    return legal, mask


def _walk(rules_index: int, seed: int) -> int:
    """Play one random game, comparing both paths at every position; return checks."""
    rules = RULES[rules_index]
    encoder = E.SeatEncoder(rules)
    assert encoder.writer is not None
    rng = random.Random(seed)
    env = EnvGame(new_game(rules, seed=seed))
    checks = 0
    while True:
        g = env.game
        for s in range(g.n):
            chosen = env.chosen if s == env.to_act else ()
            pure = encoder.encode(seat_position(g, s), chosen)
            out = np.full(E.OBS_SIZE, 7.0, dtype=np.float32)  # every entry is written
            fast = encoder.writer.encode(g, s, chosen, out)
            assert fast is out
            assert fast.tobytes() == pure.tobytes(), (s, np.flatnonzero(fast != pure))
            assert env.observation(s).tobytes() == pure.tobytes()
            checks += 1
        if env.is_over:
            assert env.legal() == {} and not env.mask().any()
            return checks
        legal, mask = _pure_legal(env)
        assert env.mask().tobytes() == mask.tobytes()
        assert env.legal() == legal
        boolmask = env.fill_mask(np.zeros(E.NUM_ACTIONS, dtype=bool))
        assert boolmask.tobytes() == mask.view(bool).tobytes()
        env.step(rng.choice(env.legal_list()))


@pytest.mark.parametrize("rules_index", range(len(RULES)), ids=RULE_IDS)
def test_compiled_equals_pure_for_every_rule_set(rules_index: int) -> None:
    assert sum(_walk(rules_index, seed) for seed in range(4)) >= 50


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_index=st.integers(0, len(RULES) - 1), seed=st.integers(0, 2**32 - 1))
def test_compiled_equals_pure_along_random_games(rules_index: int, seed: int) -> None:
    assert _walk(rules_index, seed) > 0


def test_use_compiled_switches_the_path() -> None:
    env = EnvGame(new_game("cutthroat", seed=9))
    encoder = E.SeatEncoder(env.game.rules)
    before = E.use_compiled(False)
    try:
        assert not E.compiled_active() and encoder.writer is None
        pure = env.observation(1).copy()
    finally:
        E.use_compiled(before)
    assert E.compiled_active() and encoder.writer is not None
    env.step(env.legal_list()[0])
    env2 = EnvGame(new_game("cutthroat", seed=9))
    assert env2.observation(1).tobytes() == pure.tobytes()


def test_the_writer_refuses_a_wrong_buffer_or_seat() -> None:
    g = new_game("standard", seed=1)
    writer = E.SeatEncoder(g.rules).writer
    with pytest.raises(ValueError):
        writer.encode(g, 0, (), np.zeros(E.OBS_SIZE, dtype=np.float64))
    with pytest.raises(ValueError):
        writer.encode(g, 0, (), np.zeros(E.OBS_SIZE - 1, dtype=np.float32))
    with pytest.raises(ValueError):
        writer.encode(g, 2, (), np.zeros(E.OBS_SIZE, dtype=np.float32))


def test_cuttle_pure_python_turns_it_off() -> None:
    code = "from cuttle.bots import encoding as E; print(E.compiled_active())"
    env = {**os.environ, "CUTTLE_PURE_PYTHON": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


def test_encoders_copy_and_pickle_with_their_writer() -> None:
    import copy
    import pickle

    g = new_game("team", seed=4)
    encoder = E.SeatEncoder(g.rules)
    assert copy.deepcopy(encoder).writer is encoder.writer  # immutable: shared
    writer = pickle.loads(pickle.dumps(encoder.writer))
    out = np.zeros(E.OBS_SIZE, dtype=np.float32)
    assert writer.encode(g, 1, (), out).tobytes() == encoder.encode_game(g, 1).tobytes()


def test_a_game_class_with_its_own_can_see_hand_is_asked() -> None:
    from cuttle.engine.game import Game

    class OpenTable(Game):
        __slots__ = ()

        def can_see_hand(self, viewer: int, holder: int) -> bool:
            return True

    g = new_game("cutthroat", seed=2)
    open_table = g.copy()
    open_table.__class__ = OpenTable
    encoder = E.SeatEncoder(g.rules)
    out = np.zeros(E.OBS_SIZE, dtype=np.float32)
    fast = encoder.writer.encode(open_table, 0, (), out)
    pure = encoder.encode(seat_position(g, 0, open_hands=True))
    assert fast.tobytes() == pure.tobytes()
    assert fast.tobytes() != encoder.encode_game(g, 0).tobytes()  # other hands shown


def test_arrays_handed_out_are_never_rewritten_while_held() -> None:
    rng = random.Random(8)
    env = EnvGame(new_game("multiplayer", seed=8))
    kept: list[tuple[object, bytes]] = []
    views = []
    n = 0
    while not env.is_over:
        obs, mask = env.observation(env.to_act), env.mask()
        if n % 3 == 0:
            kept += [(obs, obs.tobytes()), (mask, mask.tobytes())]
        elif n % 3 == 1:
            views.append((obs[5:50], obs[5:50].tobytes()))  # a view holds its base
        env.step(rng.choice(env.legal_list()))
        n += 1
    assert n > 20
    for arr, before in kept + views:
        assert arr.tobytes() == before  # type: ignore[attr-defined]


def test_arrays_nobody_holds_are_reused() -> None:
    rng = random.Random(9)
    env = EnvGame(new_game("standard", seed=9))
    seen_obs, seen_mask = set(), set()
    for _ in range(12):
        seen_obs.add(id(env.observation(env.to_act)))
        seen_mask.add(id(env.mask()))
        env.step(rng.choice(env.legal_list()))
    assert len(seen_obs) <= 3 and len(seen_mask) <= 3


def test_the_gym_leaves_the_position_out_for_the_random_bot_only() -> None:
    from cuttle.bots import SeatView, make_bot
    from cuttle.envs.gym import bot_move

    env = EnvGame(new_game("standard", seed=3))
    got: list[SeatView] = []

    class Spy:
        name = "spy"

        def choose(self, view: SeatView) -> str:
            got.append(view)
            return view.legal[0]

    bot_move(Spy(), env, env.to_act)  # type: ignore[arg-type]
    assert got[-1] == SeatView.of(env.game, env.to_act)
    random_bot = make_bot("random", seed=1)
    assert random_bot.reads_position is False  # type: ignore[attr-defined]
    same = make_bot("random", seed=1)
    assert bot_move(random_bot, env, env.to_act) == same.choose(SeatView.of(env.game, env.to_act))


def test_the_gym_leaves_the_history_out_only_for_bots_that_say_so() -> None:
    from cuttle.bots import SeatView
    from cuttle.envs.gym import bot_move

    env = EnvGame(new_game("standard", seed=4))
    for _ in range(3):  # some history first
        env.step(env.legal_list()[0])
    got: list[SeatView] = []

    class Lean:
        name = "lean"
        reads_position = False
        reads_history = False

        def choose(self, view: SeatView) -> str:
            got.append(view)
            return view.legal[0]

    class Reader(Lean):
        reads_history = True

    bot_move(Lean(), env, env.to_act)  # type: ignore[arg-type]
    bot_move(Reader(), env, env.to_act)  # type: ignore[arg-type]
    full = SeatView.of(env.game, env.to_act)
    assert got[0].history == () and got[0].position == {}
    assert got[1].history == full.history and len(full.history) == 3
    assert got[0].legal == got[1].legal == full.legal


def test_legal_map_obs_new_is_the_two_calls_in_one() -> None:
    for name in ("standard", "cutthroat", "team"):
        rng = random.Random(5)
        g = new_game(name, seed=5)
        writer = E.SeatEncoder(g.rules).writer
        keys = E.compiled_action_keys()
        looks = discards = 0
        while not g.is_over:
            s = g.to_act
            got = keys.legal_map_obs_new(g.legal_actions(), writer, g, s)
            apart = keys.legal_map_new(g.legal_actions(), s, g.n)
            if apart is None:
                assert got is None
                discards += 1
            else:
                legal, mask, vec = got
                assert legal == apart[0] and mask.tobytes() == apart[1].tobytes()
                assert vec.tobytes() == writer.encode_new(g, s, ()).tobytes()
                looks += 1
            g.apply(rng.choice(g.legal_actions()))
        assert looks > 10
    with pytest.raises(TypeError):
        keys.legal_map_obs_new([], None, g, 0)
    with pytest.raises(ValueError):
        keys.legal_map_obs_new([], writer, g, 7)


def test_a_game_class_that_changes_an_attribute_is_read_through_it() -> None:
    from cuttle.engine.game import Game

    class NoScrap(Game):
        __slots__ = ()

        @property
        def scrap(self) -> list[int]:  # type: ignore[override]
            return []

    g = new_game("standard", seed=3)
    rng = random.Random(3)
    while not g.scrap:
        g.apply(rng.choice(g.legal_actions()))
    writer = E.SeatEncoder(g.rules).writer
    plain = writer.encode(g, 0, (), np.zeros(E.OBS_SIZE, dtype=np.float32))
    hidden = g.copy()
    hidden.__class__ = NoScrap
    out = writer.encode(hidden, 0, (), np.zeros(E.OBS_SIZE, dtype=np.float32))
    assert out.tobytes() != plain.tobytes()  # the property, not the slot underneath
    assert writer.encode(g, 0, (), plain.copy()).tobytes() == plain.tobytes()  # back again


def test_an_unset_attribute_raises_as_getattr_does() -> None:
    from cuttle.accel import engine_compiled
    from cuttle.engine.game import Game

    g = new_game("standard", seed=1)
    writer = E.SeatEncoder(g.rules).writer
    if engine_compiled():
        # a compiled game cannot be made without its rules: no unset attribute to read
        with pytest.raises(TypeError, match="rules"):
            Game.__new__(Game)
        return
    blank = Game.__new__(Game)
    with pytest.raises(AttributeError):
        writer.encode(blank, 0, (), np.zeros(E.OBS_SIZE, dtype=np.float32))


def test_a_pending_card_is_read_the_same_by_either_path() -> None:
    from cuttle.engine.table import Pending

    class Traced(Pending):
        __slots__ = ()
        reads: ClassVar[list[str]] = []

        def __getattribute__(self, name: str) -> object:
            Traced.reads.append(name)
            return super().__getattribute__(name)

    rng = random.Random(2)
    g = new_game("cutthroat", seed=2)
    while g.pending is None:
        g.apply(rng.choice(g.legal_actions()))
    writer = E.SeatEncoder(g.rules).writer
    plain = writer.encode(g, g.to_act, (), np.zeros(E.OBS_SIZE, dtype=np.float32)).copy()
    g.pending.__class__ = Traced
    traced = writer.encode(g, g.to_act, (), np.zeros(E.OBS_SIZE, dtype=np.float32))
    assert Traced.reads  # asked through getattr, not read from the slots
    assert traced.tobytes() == plain.tobytes()


def test_the_first_step_of_a_discard_is_mapped_compiled_as_in_python() -> None:
    keys = E.compiled_action_keys()
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        g = new_game("cutthroat", seed=seed)
        while not g.is_over:
            moves = g.legal_actions()
            if any(m[0] == E.DISCARD for m in moves):
                fast = keys.legal_map(moves, g.to_act, g.n, None)
                pure = E._legal_indices(moves, g.to_act, g.n, ())
                assert fast is not None and list(fast.items()) == list(pure.items())
                found += 1
            g.apply(rng.choice(moves))
    assert found > 5


def test_a_class_changed_after_its_first_read_is_read_through_the_change() -> None:
    from cuttle.engine.game import Game

    class Patched(Game):
        __slots__ = ()

    g = new_game("standard", seed=3)
    rng = random.Random(3)
    while not g.scrap:
        g.apply(rng.choice(g.legal_actions()))
    writer = E.SeatEncoder(g.rules).writer
    g.__class__ = Patched
    out = np.zeros(E.OBS_SIZE, dtype=np.float32)
    plain = writer.encode(g, 0, (), out).copy()  # read from the slots
    Patched.scrap = property(lambda self: [])  # type: ignore[assignment]
    try:
        assert writer.encode(g, 0, (), out).tobytes() != plain.tobytes()
    finally:
        del Patched.scrap
    assert writer.encode(g, 0, (), out).tobytes() == plain.tobytes()
