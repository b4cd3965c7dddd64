"""``examples/sb3_policy_bot.py``: a MaskablePPO model (tiny, untrained, saved to a
temporary folder) plays whole games through the bot interface, as a plug-in by import
path, its answers always legal, discards included."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("torch")
sb3_contrib = pytest.importorskip("sb3_contrib")

from cuttle import new_game  # noqa: E402
from cuttle.bots import SeatView, make_bot  # noqa: E402
from cuttle.envs.gym import CuttleEnv  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = pytest.mark.torch


@pytest.fixture(scope="module")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A freshly made, untrained MaskablePPO model on ``Cuttle-v0``, saved."""
    env = CuttleEnv(rules="standard", opponent="random")
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy", env, n_steps=16, batch_size=16, seed=0, device="cpu",
        policy_kwargs={"net_arch": [16]},
    )  # fmt: skip
    path = tmp_path_factory.mktemp("sb3") / "tiny_ppo.zip"
    model.save(path)
    return path


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch, model_path: Path) -> object:
    """The example importable from the current folder, its model named by the
    environment variable, as ``cuttle arena --bots sb3_policy_bot:MaskablePPOBot`` runs it."""
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "sb3_policy_bot", raising=False)
    monkeypatch.setenv("CUTTLE_SB3_MODEL", str(model_path))
    yield
    sys.modules.pop("sb3_policy_bot", None)


def _play(rules: str, specs: list[str], seed: int) -> tuple[object, int]:
    """A whole game through ``Bot.choose(SeatView)``; the moves the plug-in made."""
    game = new_game(rules, seed=seed)
    bots = [make_bot(spec, seed=seed + i) for i, spec in enumerate(specs)]
    mine = 0
    while not game.is_over:
        seat = game.to_act
        view = SeatView.of(game, seat)
        move = bots[seat].choose(view)
        assert move in view.legal
        mine += specs[seat].startswith("sb3")
        game.play(move)
    return game.outcome, mine


@pytest.mark.usefixtures("plugin")
def test_the_model_plays_whole_games_as_a_plugin() -> None:
    spec = "sb3_policy_bot:MaskablePPOBot"
    for seed, rules, specs in (
        (1, "standard", [spec, "greedy"]),
        (2, "standard", ["random", spec]),
        (3, "cutthroat", [spec, "random", "greedy"]),
    ):
        outcome, mine = _play(rules, specs, seed)
        assert outcome is not None and mine > 2


@pytest.mark.usefixtures("plugin")
def test_the_model_discards_card_by_card_and_answers_from_the_view() -> None:
    """Positions where the model's seat must discard (a four against it): the answer is
    one of the legal discards. The same view gives the same answer (the model is asked
    with the seat's view alone)."""
    bot = make_bot("sb3_policy_bot:MaskablePPOBot", seed=0)
    found = 0
    for seed in range(40):
        game = new_game("standard", seed=seed)
        rng = random.Random(seed)
        while not game.is_over and found < 3:
            view = SeatView.of(game, game.to_act)
            if any(m.startswith("discard") for m in view.legal) and len(view.legal) > 1:
                move = bot.choose(view)
                assert move in view.legal and move.startswith("discard")
                assert bot.choose(SeatView.of(game, game.to_act)) == move
                found += 1
            game.play(rng.choice(view.legal))
        if found >= 3:
            break
    assert found >= 3


def test_a_model_in_hand_and_no_model(model_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", [str(EXAMPLES), *sys.path])
    monkeypatch.delitem(sys.modules, "sb3_policy_bot", raising=False)
    monkeypatch.delenv("CUTTLE_SB3_MODEL", raising=False)
    import sb3_policy_bot

    model = sb3_contrib.MaskablePPO.load(model_path, device="cpu")
    bot = sb3_policy_bot.MaskablePPOBot(seed=1, model=model)
    game = new_game("standard", seed=5)
    view = SeatView.of(game, game.to_act)
    assert bot.choose(view) in view.legal
    with pytest.raises(ValueError, match="CUTTLE_SB3_MODEL"):
        sb3_policy_bot.MaskablePPOBot(seed=1)
    sys.modules.pop("sb3_policy_bot", None)
