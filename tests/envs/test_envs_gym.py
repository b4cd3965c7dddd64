"""The Gymnasium environment: the checker on every rule set, registration, masks,
bots in the other seats, illegal actions, determinism."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from envutil import PRESET_IDS, PRESETS  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import cuttle.envs  # noqa: E402, F401 - registers Cuttle-v0
from cuttle.bots import make_bot  # noqa: E402
from cuttle.envs import encoding as E  # noqa: E402
from cuttle.envs.gym import CuttleEnv  # noqa: E402


@pytest.mark.parametrize(("rules", "players"), PRESETS, ids=PRESET_IDS)
def test_gymnasium_check_env(rules: str, players: int | None) -> None:
    env = gymnasium.make("Cuttle-v0", rules=rules, players=players, opponent="random", move_cap=150)
    check_env(env.unwrapped, skip_render_check=True)


def _run(env: CuttleEnv, seed: int) -> tuple[float, list[int], dict]:  # type: ignore[type-arg]
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and (mask == info["action_mask"]).all()
        assert env.game.to_act == env.seat
        a = int(rng.choice(np.flatnonzero(mask)))
        actions.append(a)
        obs, reward, term, trunc, info = env.step(a)
        assert obs.shape == (E.OBS_SIZE,)
        if term or trunc:
            return reward, actions, info
        assert reward == 0.0


def test_make_with_greedy_opponent_plays_a_game() -> None:
    env = gymnasium.make("Cuttle-v0", rules="standard", opponent="greedy", move_cap=200)
    reward, actions, info = _run(env.unwrapped, seed=4)
    assert reward in (-1.0, 0.0, 1.0) and actions
    assert info["result"] in ("p0", "p1", "draw")
    assert not env.unwrapped.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.unwrapped.step(actions[0])


def test_rewards_follow_the_agents_team() -> None:
    env = CuttleEnv(rules="team", opponent="random", seat=1, move_cap=400)
    results = set()
    for seed in range(8):
        reward, _a, info = _run(env, seed)
        out = env.game.game.outcome
        want = 0.0 if not out.winners else (1.0 if 1 in out.winners else -1.0)
        assert reward == want and env.seat == 1
        results.add(info["result"])
    assert {"p1 p3", "p0 p2"} & results


def test_same_seed_same_episode_and_random_seats() -> None:
    env = CuttleEnv(rules="cutthroat", opponent="random", seat="random", move_cap=300)
    a = _run(env, 11)
    b = _run(env, 11)
    assert a[0] == b[0] and a[1] == b[1]
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1, 2}
    _obs, info = env.reset(seed=0, options={"seat": 2})
    assert info["seat"] == 2


def test_illegal_actions_lose_or_raise() -> None:
    env = CuttleEnv(rules="classic")
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _obs, reward, term, trunc, info = env.step(illegal)
    assert reward == -1.0 and term and not trunc and info["illegal_action"]
    strict = CuttleEnv(rules="classic", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(E.EncodingError, match="not legal"):
        strict.step(illegal)


def test_opponents_per_seat_and_bad_arguments() -> None:
    env = CuttleEnv(rules="multiplayer", players=3, opponent=["random", make_bot("greedy", seed=1)])
    env.reset(seed=2)
    assert [b.name for s, b in sorted(env.bots.items())] == ["random", "greedy"]
    with pytest.raises(ValueError, match="opponents"):
        CuttleEnv(rules="cutthroat", opponent=["random"])
    with pytest.raises(ValueError, match="unknown bot"):
        CuttleEnv(opponent="nobody")
    with pytest.raises(ValueError, match="seat"):
        CuttleEnv(seat=2)
    with pytest.raises(ValueError):
        CuttleEnv(illegal_action="ignore")


def test_bot_call_gets_only_the_seat_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    class Spy:
        name = "spy"

        def choose(self, *args):  # type: ignore[no-untyped-def]
            # choose(seat_view) or the older choose(view, legal, history)
            view, legal = (args[0].position, args[0].legal) if len(args) == 1 else args[:2]
            seen.append(view)
            return sorted(legal)[0]

    env = CuttleEnv(rules="standard", opponent=Spy(), seat=0, move_cap=60)
    _run(env, 3)
    assert seen and all(v["seat"] == 1 for v in seen)
    assert all(
        "??" in " ".join(map(str, v["hands"][0])) or not v["hands"][0] or v["winner"] for v in seen
    )


def test_render_modes() -> None:
    env = CuttleEnv(rules="classic", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    # the agent's view as the engine's observer draws it for people
    assert text is not None and text.splitlines()[0].startswith("classic, seen by p0:")
    assert "p0 (you): hand " in text and "p1: hand ??" in text


def test_the_random_bot_is_asked_with_its_legal_moves_alone() -> None:
    """The random bot's turns (its legal move texts only, no SeatView) play what its
    ``choose`` would, and a subclass that overrides ``choose`` is asked with a view."""
    from cuttle.bots import SeatView
    from cuttle.bots.random_bot import RandomBot
    from cuttle.envs.core import EnvGame
    from cuttle.envs.gym import _chooser

    env = CuttleEnv(rules="cutthroat", opponent="random", seat=1, move_cap=200)
    _run(env, 5)
    bot = env.bots[0]
    twin = make_bot("random", seed=bot.seed)  # type: ignore[attr-defined]
    assert type(bot) is RandomBot and bot.name == twin.name == "random"
    # replay the game: at each of seat 0's turns its twin, asked with a view, agrees
    replay = EnvGame.new(env.rules, deck=env.game.game.start_deck)
    turns = 0
    for seat, move in env.game.log:
        if seat == 0:
            assert replay.legal_texts()[twin.choose(SeatView.of(replay.game, 0))] == move
            turns += 1
        replay.apply(move)
    assert turns > 5

    class First(RandomBot):
        def choose(self, view: SeatView) -> str:
            return sorted(view.legal)[0]

    assert _chooser(RandomBot(1)) is not None and _chooser(First(1)) is None
    assert _chooser(make_bot("greedy", seed=1)) is None
    first = CuttleEnv(rules="classic", opponent=First(1), seat=0, move_cap=100)
    _run(first, 2)
    replay = EnvGame.new(first.rules, deck=first.game.game.start_deck)
    for seat, move in first.game.log:
        if seat == 1:
            assert replay.legal_texts()[sorted(replay.legal_texts())[0]] == move
        replay.apply(move)
