"""The whole-world value net: its encoding, its loading, its search bot (``ismcts-world``)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cuttle import new_game  # noqa: E402
from cuttle.bots import make_bot  # noqa: E402
from cuttle.bots.encoding import SeatEncoder, compiled_active  # noqa: E402
from cuttle.bots.neural import PolicyValueNet, neural_evaluator, reads_world  # noqa: E402
from cuttle.engine.seatview import seat_position  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "envs"))
from envutil import all_rules  # noqa: E402

from test_learned import _train_module  # noqa: E402

RULES = all_rules()


def _net(world: bool) -> PolicyValueNet:
    train = _train_module()
    arrays = train._init([16, 16], np.random.default_rng(0))
    return PolicyValueNet(arrays, {"input": "world"} if world else {})


@settings(max_examples=60, deadline=None)
@given(
    rules=st.sampled_from(RULES),
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 60),
)
def test_the_world_encoding_is_the_seat_s_view_with_every_hand_open(rules, seed, plies) -> None:  # type: ignore[no-untyped-def]
    """From any seat, at any point of a random game: every other hand shows in full,
    in the place its known cards take in the seat's own view, and the game is left as
    it was (the known cards included)."""
    game = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.winners is not None:
            break
        game.apply(rng.choice(game.legal_actions()))
    encoder = SeatEncoder(game.rules)
    before = (dict(game.known), game.to_json())
    for seat in range(game.n):
        world = encoder.encode_world(game, seat)
        expected = encoder.encode(seat_position(game, seat, open_hands=True))
        assert np.array_equal(world, expected)
        assert (dict(game.known), game.to_json()) == before
    # a seat that does not see some other hand gets more from the world than its view
    hidden = [
        s for s in range(game.n) for h in range(game.n)
        if h != s and not game.can_see_hand(s, h) and game.hands[h]
        and any(not game.known.get(c, 0) & (1 << s) for c in game.hands[h])
    ]  # fmt: skip
    for seat in hidden[:1]:
        assert not np.array_equal(encoder.encode_world(game, seat), encoder.encode_game(game, seat))


def test_the_world_encoding_agrees_with_and_without_the_accelerator() -> None:
    from cuttle.bots.encoding import use_compiled

    game = new_game("cutthroat", seed=4)
    rng = random.Random(4)
    for _ in range(12):
        if game.winners is None:
            game.apply(rng.choice(game.legal_actions()))
    encoder = SeatEncoder(game.rules)
    fast = [encoder.encode_world(game, s) for s in range(game.n)]
    before = use_compiled(False)
    try:
        assert not compiled_active()
        slow = [encoder.encode_world(game, s) for s in range(game.n)]
    finally:
        use_compiled(before)
    for a, b in zip(fast, slow, strict=True):
        assert np.array_equal(a, b)


def test_a_world_net_scores_leaves_and_a_seat_net_is_refused_for_it() -> None:
    world = _net(world=True)
    assert reads_world(world) and not reads_world(_net(world=False))
    evaluate = neural_evaluator(world, world=True)
    game = new_game("standard", seed=2)
    chances = evaluate(game)
    assert len(chances) == 2 and abs(sum(chances) - 1.0) < 1e-6
    with pytest.raises(ValueError, match="input"):
        neural_evaluator(_net(world=False), world=True)
    with pytest.raises(ValueError, match="input"):
        neural_evaluator(world)  # a seat-view evaluation cannot use a world net


def test_ismcts_world_plays_the_net_named_by_the_environment(tmp_path: Path) -> None:
    _net(world=True).save(tmp_path / "world.npz")
    _net(world=False).save(tmp_path / "seat.npz")
    code = (
        "from cuttle import new_game\n"
        "from cuttle.bots import SeatView, make_bot\n"
        "g = new_game('standard', seed=5)\n"
        "bots = [make_bot('ismcts-world:20it', seed=s, workers=1) for s in range(2)]\n"
        "for _ in range(30):\n"
        "    if g.winners is not None: break\n"
        "    v = SeatView.of(g, g.to_act)\n"
        "    m = bots[g.to_act].choose(v)\n"
        "    assert m in v.legal, m\n"
        "    g.play(m)\n"
        "print('ok')\n"
    )

    def run(path: Path) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "CUTTLE_WORLD_WEIGHTS": str(path)}
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)

    out = run(tmp_path / "world.npz")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
    out = run(tmp_path / "seat.npz")
    assert "'ismcts-world' cannot load its network" in out.stderr
    assert "reads a seat's view" in out.stderr
    out = run(tmp_path / "missing.npz")
    assert "'ismcts-world' cannot load its network" in out.stderr and "missing.npz" in out.stderr


def test_the_neural_bot_refuses_a_world_net(tmp_path: Path) -> None:
    _net(world=True).save(tmp_path / "world.npz")
    code = "from cuttle.bots import make_bot\nmake_bot('neural')\n"
    env = {**os.environ, "CUTTLE_NEURAL_WEIGHTS": str(tmp_path / "world.npz")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode != 0
    assert "reads whole worlds" in out.stderr and "CUTTLE_WORLD_WEIGHTS" in out.stderr


def test_training_on_whole_worlds_records_what_the_net_reads(tmp_path: Path) -> None:
    train = _train_module()
    argv = ["--games", "2", "--epochs", "1", "--teacher", "greedy", "--workers", "1"]
    argv += ["--out", str(tmp_path), "--backend", "numpy", "--quiet", "--hidden", "16,16"]
    assert train.main([*argv, "--input", "world"]) == 0
    net = PolicyValueNet.load(tmp_path / "neural.npz")
    assert reads_world(net)
    # each sample is the acting seat's world: every other hand is in it
    seat = train.play_game((7, "greedy", "standard", 0.0, False))
    world = train.play_game((7, "greedy", "standard", 0.0, True))
    assert len(seat.obs) == len(world.obs) and seat.target == world.target
    assert sum(o.sum() for o in world.obs) > sum(o.sum() for o in seat.obs)


def test_the_shipped_world_net_loads_and_is_small() -> None:
    from cuttle.bots.ismcts import ISMCTSBot
    from cuttle.bots.neural import WORLD_WEIGHTS_PATH, load_world

    net = load_world()
    assert reads_world(net) and WORLD_WEIGHTS_PATH.stat().st_size < 1_000_000
    assert net.meta.get("samples", 0) > 10_000, "the shipped net should be a trained one"
    bot = make_bot("ismcts-world:10it", seed=1, workers=1)
    assert isinstance(bot, ISMCTSBot) and bot.params.evaluator == "world"
