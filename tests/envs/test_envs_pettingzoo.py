"""The PettingZoo AEC environment: PettingZoo's own API and seed tests on every rule set,
out-of-turn agents, end-of-game rewards."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from envutil import PRESET_IDS, PRESETS, VARIANTS  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from cuttle.envs import encoding as E  # noqa: E402
from cuttle.envs.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize(("rules", "players"), PRESETS, ids=PRESET_IDS)
def test_pettingzoo_api_and_seed_tests(rules: str, players: int | None) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations, as classic envs
        api_test(env(rules=rules, players=players, move_cap=150), num_cycles=200)
        seed_test(lambda: env(rules=rules, players=players, move_cap=150), num_cycles=100)


@pytest.mark.parametrize(("rules", "variants", "players"), VARIANTS)
def test_pettingzoo_api_with_variants(
    rules: str, variants: tuple[str, ...], players: int | None
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(rules=rules, variants=variants, players=players, move_cap=150), num_cycles=200)


def _play(e, rng) -> list[str]:  # type: ignore[no-untyped-def]
    """Play random legal actions to the end; return the agents in the order they acted."""
    order = []
    for agent in e.agent_iter():
        obs, _r, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        order.append(agent)
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        e.step(int(rng.choice(legal)))
    return order


def test_agent_selection_follows_the_seat_to_act_and_masks_are_private() -> None:
    e = env(rules="team", move_cap=300)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    out_of_turn = 0
    while not e.game.is_over:
        g = e.game.game
        agent = e.agent_selection
        assert agent == f"player_{g.to_act}"
        out_of_turn += g.to_act != g.turn
        for other in e.agents:
            obs = e.observe(other)
            assert obs["action_mask"].any() == (other == agent)
            assert obs["observation"].shape == (E.OBS_SIZE,)
        e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
    assert out_of_turn > 0  # counters and answers were asked of seats out of turn


@pytest.mark.parametrize(
    ("rules", "players"), [("standard", None), ("team", None), ("multiplayer", 3)]
)
def test_rewards_come_at_the_end(rules: str, players: int | None) -> None:
    rng = np.random.default_rng(1)
    seen = set()
    for seed in range(12):
        e = env(rules=rules, players=players, move_cap=400)
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, reward, term, trunc, _info = e.last()
            totals[agent] += reward
            if term or trunc:
                e.step(None)
                continue
            assert reward == 0
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        out = e.game.game.outcome
        assert out is not None and not e.agents
        for i, agent in enumerate(e.possible_agents):
            want = 0.0 if not out.winners else (1.0 if i in out.winners else -1.0)
            assert totals[agent] == want
        seen.add(bool(out.winners))
        if rules == "team" and out.winners:
            assert totals["player_0"] == totals["player_2"] == -totals["player_1"]
    assert True in seen


def test_move_cap_is_a_truncation() -> None:
    e = env(rules="classic", move_cap=3)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(3):  # nobody can reach 21 (or 14 with a king) in three moves
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    assert e.game.game.outcome.termination == "move-cap"
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_bad_arguments_and_render() -> None:
    with pytest.raises(ValueError):
        env(rules="standard", render_mode="movie")
    with pytest.raises(ValueError):
        env(rules="nonsense")
    e = env(rules="classic", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and "seen by a spectator" in text
    assert "p0: hand ??" in text and "p1: hand ??" in text  # the spectator sees no hand
    with pytest.raises(ValueError):
        e.step(None)
