"""The learned ``neural`` bot: shipped weights, legal play under every rule set, seeds,
what it may read, the ``ismcts-neural`` search, and the training script end to end."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from cuttle import new_game  # noqa: E402
from cuttle.bots import SeatView, make_bot  # noqa: E402
from cuttle.bots.encoding import NUM_ACTIONS, OBS_SIZE  # noqa: E402
from cuttle.bots.evaluate import sides  # noqa: E402
from cuttle.bots.ismcts import ISMCTSBot, SearchParams  # noqa: E402
from cuttle.bots.neural import (  # noqa: E402
    WEIGHTS_PATH,
    NeuralBot,
    PolicyValueNet,
    load_default,
    move_priors,
    neural_evaluator,
    view_value,
)
from cuttle.engine.game import Game  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "envs"))
from envutil import all_rules  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _play(game: Game, bots: list, limit: int = 400) -> list[str]:
    """Play ``game`` out with ``bots`` (one per seat), checking each move is legal."""
    moves = []
    while game.winners is None and len(moves) < limit:
        seat = game.to_act
        view = SeatView.of(game, seat)
        move = bots[seat].choose(view)
        assert move in view.legal, (move, view.legal)
        game.play(move)
        moves.append(move)
    return moves


def test_shipped_weights_load_and_are_small() -> None:
    net = load_default()
    assert WEIGHTS_PATH.stat().st_size < 1_000_000
    assert net.wp.shape == (net.hidden_sizes[-1], NUM_ACTIONS)
    assert net.layers[0][0].shape[0] == OBS_SIZE
    assert net.meta.get("samples", 0) > 10_000, "the shipped net should be a trained one"
    bot = make_bot("neural", seed=1)
    assert isinstance(bot, NeuralBot) and bot.name == "neural"


def test_neural_spec_takes_no_budget() -> None:
    with pytest.raises(ValueError, match="no budget"):
        make_bot("neural:1s")


@pytest.mark.parametrize("rules", all_rules(cap=120), ids=lambda r: f"{r.name}-{r.players}")
def test_plays_only_legal_moves_under_every_rule_set(rules) -> None:
    game = new_game(rules, seed=5)
    bots = [make_bot("neural", seed=s) for s in range(game.n)]
    moves = _play(game, bots)
    assert moves, "a game has at least one move"


def test_sampling_temperature_is_seeded() -> None:
    def run(seed: int) -> list[str]:
        game = new_game("standard", seed=11)
        bots = [NeuralBot(seed + s, temperature=1.0) for s in range(2)]
        return _play(game, bots)

    assert run(3) == run(3)
    game = new_game("standard", seed=2)
    view = SeatView.of(game, game.to_act)
    assert len({NeuralBot(s).choose(view) for s in range(5)}) == 1  # temperature 0: argmax
    with pytest.raises(ValueError):
        NeuralBot(1, temperature=-1.0)


def test_choice_depends_only_on_the_seat_view() -> None:
    """Worlds that differ only in cards the seat cannot see give the same move."""
    rng = random.Random(4)
    bot = NeuralBot(0)
    checked = 0
    game = new_game("standard", seed=21)
    bots = [make_bot("greedy", seed=s) for s in range(2)]
    while game.winners is None and checked < 25:
        seat = game.to_act
        view = SeatView.of(game, seat)
        if len(view.legal) > 1:
            other = game.sample(seat, rng)  # the hidden cards dealt anew
            other_view = SeatView.of(other, seat, view.history)
            assert other_view.position == view.position
            assert bot.choose(other_view) == bot.choose(view)
            checked += 1
        game.play(bots[seat].choose(view))
    assert checked > 5


def test_policy_ranks_legal_moves() -> None:
    game = new_game("standard", seed=8)
    rows = NeuralBot(0).policy(SeatView.of(game, game.to_act))
    assert rows and abs(sum(p for _m, p in rows) - 1.0) < 1e-4
    assert [p for _m, p in rows] == sorted((p for _m, p in rows), reverse=True)


def test_value_evaluator_gives_win_chances() -> None:
    game = new_game("standard", seed=9)
    ev = neural_evaluator()
    chances = ev(game)
    assert len(chances) == 2 and abs(sum(chances) - 1.0) < 1e-6
    assert all(0.0 <= c <= 1.0 for c in chances)
    team = new_game("team", seed=9)
    c4 = ev(team)
    assert c4[0] == c4[2] and c4[1] == c4[3]


def _reference_chances(net: PolicyValueNet, g: Game) -> list[float]:
    """The evaluator's answer computed the reference way, from ``g.view(seat)``."""
    side_list = sides(g)
    raw = [0.5 * (view_value(net, g.view(side[0]), g.rules) + 1.0) for side in side_list]
    if len(side_list) == 2:
        probs = [raw[0], 1.0 - raw[0]]
    else:
        probs = [x + 1e-6 for x in raw]
        probs = [x / sum(probs) for x in probs]
    out = [0.0] * g.n
    for side, p in zip(side_list, probs, strict=True):
        for v in side:
            out[v] = p
    return out


@pytest.mark.parametrize("rules", all_rules(cap=60)[::2], ids=lambda r: f"{r.name}-{r.players}")
def test_value_evaluator_is_unchanged_by_the_fast_encoder(rules) -> None:  # type: ignore[no-untyped-def]
    net = load_default()
    ev = neural_evaluator(net)
    rng = random.Random(4)
    game = new_game(rules, seed=4)
    checked = 0
    while game.winners is None:
        assert ev(game) == _reference_chances(net, game)
        checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 5


def test_the_compiled_value_agrees_with_numpy() -> None:
    from cuttle.bots.encoding import SeatEncoder, compiled_available, use_compiled

    net = load_default()
    assert compiled_available(), "make setup builds the compiled accelerator"
    checked = 0
    for rules in all_rules(cap=60)[::2]:
        game = new_game(rules, seed=7)
        enc = SeatEncoder(game.rules)
        rng = random.Random(7)
        while game.winners is None:
            obs = enc.encode_game(game, game.to_act)
            numpy_value = net.value(net.trunk(obs))
            assert abs(net.value_of(obs) - numpy_value) < 1e-5
            was = use_compiled(False)
            try:
                assert net.value_of(obs) == numpy_value  # the reference path, exactly
            finally:
                use_compiled(was)
            checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 100
    with pytest.raises(ValueError, match="reads"):
        net._fast.value(np.zeros(OBS_SIZE - 1, np.float32))


def test_ismcts_neural_plays_legal_moves() -> None:
    bot = make_bot("ismcts-neural:40it", seed=2)
    assert isinstance(bot, ISMCTSBot) and bot.params.evaluator == "neural"
    game = new_game("standard", seed=13)
    _play(game, [bot, make_bot("random", seed=1)], limit=30)
    with pytest.raises(ValueError, match="evaluator"):
        ISMCTSBot(1, SearchParams(iterations=5, evaluator="nope")).choose(
            SeatView.of(new_game("standard", seed=1), 0)
        )


def _decisions(rules: str, seed: int, limit: int = 60):  # type: ignore[no-untyped-def]
    """Views of the seat to act along a greedy game (seat views only)."""
    game = new_game(rules, seed=seed)
    bots = [make_bot("greedy", seed=s) for s in range(game.n)]
    for _ in range(limit):
        if game.winners is not None:
            return
        view = SeatView.of(game, game.to_act)
        yield game, view
        game.play(bots[game.to_act].choose(view))


def test_move_priors_cover_every_legal_move_and_decline_discards() -> None:
    bot = NeuralBot(0)
    seen_priors = seen_discards = 0
    for rules in ("standard", "cutthroat", "team"):
        for _game, view in _decisions(rules, seed=31):
            priors = move_priors(view)
            if any(t.startswith("discard") for t in view.legal):
                assert priors is None
                seen_discards += 1
                continue
            assert priors is not None and set(priors) == set(view.legal)
            assert abs(sum(priors.values()) - 1.0) < 1e-4
            best = max(priors.values())
            # the same policy NeuralBot plays: its favourite move is the most likely one
            assert priors[bot.choose(view)] == best or len(view.legal) == 1
            seen_priors += 1
    assert seen_priors > 50 and seen_discards > 0


def test_ismcts_policy_searches_only_the_policy_s_best_root_moves() -> None:
    bot = make_bot("ismcts-policy:60it", seed=3)
    assert isinstance(bot, ISMCTSBot) and bot.params.prior == "neural"
    keep = bot.params.prior_keep
    narrowed = whole = 0
    rng = random.Random(5)
    for game, view in _decisions("standard", seed=10, limit=40):
        root = bot.root_moves(view)
        priors = move_priors(view)
        if len(view.legal) <= keep or priors is None:
            assert sorted(root) == sorted(view.legal)
            whole += 1
        else:
            assert len(root) == keep
            cut = min(priors[t] for t in root)
            assert all(priors[t] <= cut for t in view.legal if t not in root)
            # chosen from the seat's view alone: a world dealt anew gives the same roots
            other = SeatView.of(game.sample(game.to_act, rng), game.to_act, view.history)
            assert bot.root_moves(other) == root
            narrowed += 1
        assert {m for m, _q, _n in bot.analyse(view)} <= set(root)
    assert narrowed > 3 and whole > 3
    assert ISMCTSBot(1, SearchParams(iterations=5)).root_moves(view) == list(view.legal)
    with pytest.raises(ValueError, match="prior"):
        ISMCTSBot(1, SearchParams(iterations=5, prior="nope")).root_moves(view)


def test_ismcts_policy_plays_legal_moves_under_every_rule_set() -> None:
    for rules in all_rules(cap=60)[::3]:
        game = new_game(rules, seed=6)
        bots = [make_bot("ismcts-policy:20it", seed=s, workers=1) for s in range(game.n)]
        assert _play(game, bots, limit=40)


def test_missing_numpy_gives_a_clear_error() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "from cuttle.bots import make_bot\n"
        "try:\n    make_bot('neural')\nexcept ValueError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "needs numpy" in out.stdout


def _train_module():
    spec = importlib.util.spec_from_file_location("cuttle_train", ROOT / "scripts" / "train.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cuttle_train"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("backend", ["numpy", pytest.param("torch", marks=pytest.mark.torch)])
def test_training_script_runs_end_to_end(tmp_path: Path, backend: str) -> None:
    train = _train_module()
    argv = ["--games", "2", "--epochs", "1", "--teacher", "greedy", "--workers", "1"]
    argv += ["--out", str(tmp_path), "--backend", backend, "--quiet", "--hidden", "16,16"]
    assert train.main(argv) == 0
    net = PolicyValueNet.load(tmp_path / "neural.npz")
    assert net.hidden_sizes == (16, 16)
    assert net.meta["backend"] == backend and net.meta["samples"] > 0
    assert (tmp_path / "data" / "shard-00000.npz").exists()
    game = new_game("standard", seed=3)
    _play(game, [NeuralBot(0, net), NeuralBot(1, net)])
    # resuming finds the shard on disk and plays no game again
    assert train.main(argv) == 0
    assert '"games_played_now": 0' in (tmp_path / "train.json").read_text()


def test_the_neural_bots_play_the_net_named_by_the_environment(tmp_path: Path) -> None:
    train = _train_module()
    net = PolicyValueNet(train._init([16, 16], np.random.default_rng(0)), {"samples": 1})
    net.save(tmp_path / "other.npz")
    code = (
        "from cuttle.bots.neural import load_default\n"
        "from cuttle.bots import make_bot\n"
        "make_bot('ismcts-neural:5it')\n"
        "print(load_default().hidden_sizes)\n"
    )
    env = {**os.environ, "CUTTLE_NEURAL_WEIGHTS": str(tmp_path / "other.npz")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(16, 16)"
    env["CUTTLE_NEURAL_WEIGHTS"] = str(tmp_path / "missing.npz")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode != 0 and "missing.npz" in out.stderr
    assert "ValueError: the 'neural' bot cannot load its network" in out.stderr


def test_a_searching_teacher_s_estimates_become_value_targets(tmp_path: Path) -> None:
    train = _train_module()
    argv = ["--games", "2", "--epochs", "3", "--teacher", "ismcts:30it", "--workers", "1"]
    argv += ["--out", str(tmp_path), "--backend", "numpy", "--quiet", "--hidden", "16,16"]
    assert train.main([*argv, "--value-target", "mix", "--value-mix", "0.25"]) == 0
    data = train.load_data(tmp_path / "data", 2, 50)
    result, search = data["value"], data["search_value"]
    assert set(np.unique(result)) <= {-1.0, 0.0, 1.0}
    # the estimates are win chances from the search: inside [-1, 1], and not the results
    assert np.all(np.abs(search) <= 1.0) and not np.array_equal(search, result)
    assert len(np.unique(search)) > 10
    mixed = train.value_targets(data, "mix", 0.25)
    assert np.allclose(mixed, 0.25 * search + 0.75 * result)
    assert train.value_targets(data, "search", 0.5) is search
    net = PolicyValueNet.load(tmp_path / "neural.npz")
    assert net.meta["value_target"] == "mix 0.25"
    held_out = [e["val_policy_loss"] + e["val_value_mse"] for e in net.meta["epochs"]]
    assert net.meta["kept_epoch"] == 1 + held_out.index(min(held_out))
    # a greedy teacher does not search: its estimates are the results
    greedy = _train_module().play_game((5, "greedy", "standard", 0.0))
    assert greedy.search_value == greedy.value


@pytest.mark.torch
def test_numpy_and_torch_backends_agree(tmp_path: Path) -> None:
    """The hand-written numpy gradients match PyTorch's autograd on one step."""
    train = _train_module()
    rng = np.random.default_rng(0)
    arrays = train._init([8, 8], rng)
    arrays["wp"] = rng.standard_normal(arrays["wp"].shape).astype(np.float32) * 0.1
    x = (rng.random((5, OBS_SIZE)) < 0.02).astype(np.float32)
    mask = np.zeros((5, NUM_ACTIONS), bool)
    mask[:, :7] = True
    target = np.array([0, 1, 2, 3, 6])
    value = np.array([1, -1, 0, 1, -1], np.float32)
    a = train.NumpyModel({k: v.copy() for k, v in arrays.items()}, 1e-2, 1.0)
    b = train.TorchModel({k: v.copy() for k, v in arrays.items()}, 1e-2, 1.0)
    assert np.allclose(a.step(x, mask, target, value), b.step(x, mask, target, value), atol=1e-5)
    for k, v in a.arrays().items():
        assert np.allclose(v, b.arrays()[k], atol=1e-4), k


def test_self_play_on_ray_gives_the_same_data_as_on_local_cores(tmp_path: Path) -> None:
    """``scripts/train.py --ray`` (a local Ray started by ``ray.init()``) plays the same
    seeded self-play games as the multiprocessing pool: the data shards are equal."""
    shards = {}
    for name, extra in (("pool", ["--workers", "2"]), ("ray", ["--ray"])):
        out = tmp_path / name
        argv = [sys.executable, str(ROOT / "scripts" / "train.py"), "--games", "3"]
        argv += ["--teacher", "greedy", "--epochs", "1", "--hidden", "16,16", "--quiet"]
        argv += ["--backend", "numpy", "--seed", "11", "--out", str(out), *extra]
        env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
        done = subprocess.run(argv, capture_output=True, text=True, timeout=300, env=env)
        assert done.returncode == 0, done.stderr[-2000:]
        assert ("Started a local Ray instance" in done.stderr) == (name == "ray")
        with np.load(out / "data" / "shard-00000.npz") as data:
            shards[name] = {k: data[k] for k in data.files}
    assert shards["pool"].keys() == shards["ray"].keys()
    assert shards["pool"]["target"].size > 0
    for key, value in shards["pool"].items():
        assert np.array_equal(value, shards["ray"][key]), key


@pytest.mark.torch
def test_the_maskable_ppo_example_trains_saves_and_scores(tmp_path: Path) -> None:
    """``scripts/ppo_example.py`` on a short budget: MaskablePPO learns on Cuttle-v0 with
    its action masks, saves the model, and scores fresh games with a Wilson interval."""
    argv = [sys.executable, str(ROOT / "scripts" / "ppo_example.py"), "--steps", "1024"]
    argv += ["--eval-games", "6", "--out", str(tmp_path)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads((tmp_path / "ppo.json").read_text())
    assert result["games"] == 6 and result["steps"] == 1024
    assert 0.0 <= result["wilson_low"] <= result["score"] <= result["wilson_high"] <= 1.0
    assert (tmp_path / "maskable_ppo.zip").exists()
