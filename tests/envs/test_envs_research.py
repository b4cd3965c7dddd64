"""What a researcher using the environments with outside libraries found missing (issue
29), each checked: render modes (Stable-Baselines3's ``make_vec_env`` asks for
``rgb_array``), the parallel PettingZoo form, ``state()``, legal action lists beside the
mask, a cheap masked ``sample``, OpenSpiel's public-only and full-state observations,
and an information-set search bot for OpenSpiel's tools. (Pickling:
``test_envs_pickle.py``.)"""

from __future__ import annotations

import random
import warnings
from collections import Counter

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import parallel_api_test  # noqa: E402

import cuttle.envs  # noqa: E402  (registers Cuttle-v0)
import cuttle.envs.openspiel  # noqa: E402,F401  (registers python_cuttle)
from cuttle.engine.narration import short_name  # noqa: E402
from cuttle.envs import encoding as E  # noqa: E402
from cuttle.envs import render as R  # noqa: E402
from cuttle.envs.gym import CuttleEnv  # noqa: E402
from cuttle.envs.openspiel_bots import CuttleBot, ismcts_bot  # noqa: E402
from cuttle.envs.pettingzoo import env  # noqa: E402
from cuttle.envs.pettingzoo_parallel import parallel_env  # noqa: E402


def _random_play(e, steps: int, seed: int = 0) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for _ in e.agent_iter(max_iter=steps):
        obs, _r, term, trunc, _i = e.last()
        e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


# ------------------------------------------------------------------ render modes


def test_ansi_and_human_draw_the_seats_table(capsys: pytest.CaptureFixture[str]) -> None:
    g = CuttleEnv(rules="standard", render_mode="ansi")
    g.reset(seed=4)
    text = g.render()
    hand = sorted(g.game.game.hands[0])
    assert text.splitlines()[0].startswith("standard, seen by p0:")
    assert f"p0 (you): hand {' '.join(short_name(c) for c in hand)};" in text
    assert "p1: hand ?? ?? ?? ?? ?? ??;" in text  # the other hand stays hidden
    h = CuttleEnv(rules="standard", render_mode="human")
    h.reset(seed=4)
    assert h.render() is None
    assert capsys.readouterr().out.strip() == text


def test_rgb_array_is_a_small_deterministic_picture_of_the_view() -> None:
    e = env(rules="cutthroat", render_mode="rgb_array")
    e.reset(seed=2)
    first = e.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert np.array_equal(first, R.table_image(e.game.game.view(None)))
    sizes = [len(h) for h in e.game.game.hands]
    _random_play(e, 12)
    later = e.render()
    assert later.shape == first.shape and not np.array_equal(later, first)
    assert np.array_equal(later, e.render())  # the same position, the same picture
    # a spectator sees no hand at the deal: the hand bands hold only gray card backs
    x = R.MARGIN + R.GAP
    for v, size in enumerate(sizes):
        y = 2 * v * R.BAND + R.GAP
        for k in range(size):
            left = x + k * (R.CARD_W + R.GAP)
            assert (first[y : y + R.CARD_H, left : left + R.CARD_W] == 110).all()
        after = x + size * (R.CARD_W + R.GAP)
        assert (first[y : y + R.CARD_H, after : after + R.CARD_W] == R._FELT_RGB).all()


def test_a_bad_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode must be one of"):
        CuttleEnv(render_mode="movie")


@pytest.mark.torch
def test_stable_baselines3_make_vec_env_resets_and_steps() -> None:
    sb3 = pytest.importorskip("stable_baselines3")
    vec = sb3.common.env_util.make_vec_env("Cuttle-v0", n_envs=2, seed=0)
    obs = vec.reset()
    assert obs.shape == (2, E.OBS_SIZE)
    for _ in range(30):
        masks = vec.env_method("action_masks")
        actions = np.array([np.flatnonzero(m)[0] for m in masks])
        obs, rewards, _dones, infos = vec.step(actions)
        assert obs.shape == (2, E.OBS_SIZE) and rewards.shape == (2,)
        assert all(not i.get("illegal_action") for i in infos)
    picture = vec.render()
    assert picture is not None and picture.dtype == np.uint8


# ------------------------------------------------------------------ PettingZoo


@pytest.mark.parametrize(("rules", "players"), [("standard", None), ("cutthroat", None),
                                                ("team", None), ("multiplayer", 5)])  # fmt: skip
def test_the_parallel_env_passes_pettingzoos_parallel_api_test(
    rules: str, players: int | None
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        parallel_api_test(parallel_env(rules=rules, players=players, move_cap=150), 300)


def test_the_parallel_env_plays_the_aec_game() -> None:
    """The same seed and the same actions give the same game as the AEC environment;
    the other agents' actions are ignored, and only the agent to act has a mask."""
    p = parallel_env(rules="cutthroat", move_cap=200)
    a = env(rules="cutthroat", move_cap=200)
    obs, infos = p.reset(seed=11)
    a.reset(seed=11)
    rng = random.Random(5)
    steps = 0
    while p.agents:
        actor = infos[p.agents[0]]["active_agent"]
        assert actor == a.agent_selection
        for agent in p.agents:
            assert obs[agent]["action_mask"].any() == (agent == actor)
        action = rng.choice(p.legal_actions())
        assert p.legal_actions() == a.legal_actions(actor) == infos[actor]["legal_actions"]
        assert all(infos[x]["legal_actions"] == [] for x in p.agents if x != actor)
        junk = {agent: 0 for agent in p.agents if agent != actor}
        obs, rewards, term, trunc, infos = p.step({**junk, actor: action})
        a.step(action)
        steps += 1
    assert steps > 10 and set(term) == set(a.possible_agents)
    assert rewards == a.rewards and sum(rewards.values()) != 0
    assert all(term.values()) or all(trunc.values())


def test_legal_actions_beside_the_mask() -> None:
    e = env(rules="team", move_cap=150)
    e.reset(seed=3)
    rng = random.Random(1)
    for agent in e.agent_iter():
        obs, _r, term, trunc, _i = e.last()
        if term or trunc:
            assert e.legal_actions(agent) == []
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert e.legal_actions() == e.legal_actions(agent) == np.flatnonzero(mask).tolist()
        others = [x for x in e.agents if x != agent]
        assert all(e.legal_actions(x) == [] for x in others)
        e.step(rng.choice(e.legal_actions()))
    g = CuttleEnv(rules="standard", opponent="greedy")
    _obs, info = g.reset(seed=0)
    assert info["legal_actions"] == g.legal_actions() == np.flatnonzero(g.action_masks()).tolist()


def test_state_is_the_full_state_for_a_critic() -> None:
    e = env(rules="cutthroat")
    e.reset(seed=8)
    _random_play(e, 9)
    game = e.game.game
    state = e.state()
    assert state.shape == e.state_space.shape and e.state_space.contains(state)
    obs, *_ = e.last()
    me = game.to_act
    assert not np.array_equal(state, obs["observation"])  # it shows more than the seat sees
    layout = E.OBS_LAYOUT
    for k in range(1, game.n):  # every other hand, in full, from the seat to act's chair
        off, size = layout[f"hand_known_{k}"]
        held = set(np.flatnonzero(state[off : off + size]).tolist())
        assert held == set(game.hands[(me + k) % game.n])
    off, size = layout["hand"]
    assert set(np.flatnonzero(state[off : off + size]).tolist()) == set(game.hands[me])


def test_masked_sample_draws_legal_actions_uniformly_and_repeatably() -> None:
    e = env(rules="standard")
    e.reset(seed=6)
    obs, *_ = e.last()
    mask = obs["action_mask"]
    legal = set(np.flatnonzero(mask).tolist())
    space = e.action_space(e.agent_selection)
    space.seed(123)
    draws = [space.sample(mask) for _ in range(4000)]
    assert set(draws) == legal  # every legal action, nothing else
    counts = Counter(draws)
    expected = 4000 / len(legal)
    assert all(abs(c - expected) < 0.35 * expected for c in counts.values())
    space.seed(123)
    assert [space.sample(mask) for _ in range(50)] == draws[:50]
    # any other mask takes Discrete.sample unchanged (its checks included)
    other = np.zeros(E.NUM_ACTIONS, dtype=np.int8)
    other[[5, 9]] = 1
    assert {int(space.sample(other)) for _ in range(40)} == {5, 9}
    with pytest.raises(AssertionError):
        space.sample(mask.astype(np.float32))
    g = gymnasium.make("Cuttle-v0")
    _o, info = g.reset(seed=1)
    assert g.action_space.sample(info["action_mask"]) in info["legal_actions"]


# ------------------------------------------------------------------ OpenSpiel


def _midgame(rules: str = "cutthroat", seed: int = 2, moves: int = 12):  # type: ignore[no-untyped-def]
    game = pyspiel.load_game("python_cuttle", {"rules": rules})
    state = game.new_initial_state()
    rng = random.Random(seed)
    done = 0
    while done < moves and not state.is_terminal():
        if not state.is_chance_node():
            done += 1
        state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():  # to the next decision
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return game, state


def _obs(game, public_info: bool, private: str, recall: bool = False):  # type: ignore[no-untyped-def]
    from open_spiel.python.observation import make_observation

    kind = pyspiel.IIGObservationType(
        public_info=public_info,
        perfect_recall=recall,
        private_info=getattr(pyspiel.PrivateInfoType, private),
    )
    return make_observation(game, kind)


def test_openspiel_public_and_full_state_observations() -> None:
    game, state = _midgame()
    g = state.env.game
    seat, public, full = (_obs(game, True, k) for k in ("SINGLE_PLAYER", "NONE", "ALL_PLAYERS"))
    off, size = E.OBS_LAYOUT["hand"]
    for player in range(game.num_players()):
        for o in (seat, public, full):
            o.set_from(state, player)
        own = set(g.hands[player])
        assert set(np.flatnonzero(seat.tensor[off : off + size])) == own
        assert set(np.flatnonzero(full.tensor[off : off + size])) == own
        for k in range(1, g.n):
            o, s = E.OBS_LAYOUT[f"hand_known_{k}"]
            assert set(np.flatnonzero(full.tensor[o : o + s])) == set(g.hands[(player + k) % g.n])
        # public: no hand card at all (none was shown to every seat here), the rest as
        # the seat's own observation
        every = (1 << g.n) - 1
        shown = {c for c in own if g.known.get(c, 0) == every}
        assert set(np.flatnonzero(public.tensor[off : off + size])) == shown
        points, psize = E.OBS_LAYOUT["points_0"]
        assert np.array_equal(public.tensor[points : points + psize],
                              seat.tensor[points : points + psize])  # fmt: skip
        text = public.string_from(state, player)
        assert "seen by a spectator" in text
        assert not any(short_name(c) in text.split("deck")[0] for c in own - shown)
        full_text = full.string_from(state, player)
        assert all(short_name(c) in full_text for h in g.hands for c in h)
    recall = _obs(game, True, "NONE", recall=True)
    recall.set_from(state, 0)
    assert " | p0: " in recall.string_from(state, 0)
    with pytest.raises(ValueError, match="public information"):
        _obs(game, False, "SINGLE_PLAYER")


def test_openspiels_tools_run_our_information_set_search() -> None:
    """``evaluate_bots`` plays whole games with our bots as ``pyspiel.Bot`` (discards
    answered card by card), and the ISMCTS bot answers from the seat's view only: a
    state resampled from the seat's information state (other hands and the deck dealt
    anew) gets the same action from the same seed."""
    from open_spiel.python.algorithms import evaluate_bots

    for rules, seed in (("standard", 1), ("cutthroat", 2), ("team", 3)):
        game = pyspiel.load_game("python_cuttle", {"rules": rules, "move_cap": 120})
        n = game.num_players()
        bots = [ismcts_bot(game, 0, iterations=15, seed=seed)]
        bots += [CuttleBot(game, p, "greedy", seed=seed + p) for p in range(1, n)]
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(seed)
        )
        assert len(returns) == n and -1.0 <= min(returns) <= max(returns) <= 1.0
    # a discard of several cards, answered one card per action (random bots discard
    # often: a four against them)
    game = pyspiel.load_game("python_cuttle", {"rules": "standard", "move_cap": 120})
    bots = [CuttleBot(game, p, "random", seed=2 + p) for p in range(2)]
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    later_cards = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        action = bots[state.current_player()].step(state)
        later_cards += bool(state.env.chosen)
        state.apply_action(action)
    assert later_cards >= 1
    game, state = _midgame("standard", seed=4, moves=9)
    player = state.current_player()
    assert len(state.legal_actions()) > 1
    twin = state.resample_from_infostate(player, random.Random(9).random)
    assert str(twin) != str(state)  # a different world...
    assert twin.information_state_string(player) == state.information_state_string(player)
    actions = [ismcts_bot(game, player, iterations=60, seed=7).step(s) for s in (state, twin)]
    assert actions[0] == actions[1] and actions[0] in state.legal_actions()
    with pytest.raises(ValueError, match="turn"):
        ismcts_bot(game, 1 - player, iterations=5).step(state)


@pytest.mark.parametrize("rules", ["standard", "cutthroat"])
def test_openspiel_serialization_round_trips(rules: str) -> None:
    """OpenSpiel's serialization works on the game (its simulation test with
    ``serialize=True``, and a state read back from its string is the same state)."""
    game = pyspiel.load_game("python_cuttle", {"rules": rules, "move_cap": 100})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    _game, state = _midgame(rules, seed=5, moves=6)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.num_players() == game.num_players()
    assert state2.history() == state.history() and str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
