"""The OpenSpiel game: the random-simulation test on every rule set, the chance deal,
observers, resampling, and OpenSpiel's own ISMCTS playing it."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from envutil import PRESET_IDS, PRESETS, VARIANTS  # noqa: E402

import cuttle.envs.openspiel  # noqa: E402, F401 - registers python_cuttle
from cuttle.envs import encoding as E  # noqa: E402
from cuttle.envs.openspiel import HISTORY_SIZE, LOOKAHEAD  # noqa: E402


def _params(rules: str, players: int | None, cap: int = 100) -> dict:  # type: ignore[type-arg]
    return {"rules": rules, "players": players or 0, "move_cap": cap}


@pytest.mark.parametrize(("rules", "players"), PRESETS, ids=PRESET_IDS)
def test_random_sim_test(rules: str, players: int | None) -> None:
    game = pyspiel.load_game("python_cuttle", _params(rules, players))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_variants_parameter() -> None:
    game = pyspiel.load_game(
        "python_cuttle", {"rules": "classic", "variants": "joker-swap,random-four", "move_cap": 80}
    )
    assert game.rules.variants == ("joker-swap", "random-four")
    assert game.max_chance_outcomes() == 53
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_game_info() -> None:
    game = pyspiel.load_game("python_cuttle")
    assert game.num_players() == 2 and game.rules.name == "standard"
    assert game.num_distinct_actions() == E.NUM_ACTIONS
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.observation_tensor_shape() == [E.OBS_SIZE]
    assert game.information_state_tensor_shape() == [E.OBS_SIZE + HISTORY_SIZE]
    team = pyspiel.load_game("python_cuttle", {"rules": "team"})
    assert team.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    three = pyspiel.load_game("python_cuttle", {"rules": "multiplayer", "players": 3})
    assert three.num_players() == 3
    assert three.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    with pytest.raises(Exception, match="unknown rule set"):
        pyspiel.load_game("python_cuttle", {"rules": "chess"})


def _dealt(game, seed: int = 0):  # type: ignore[no-untyped-def]
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    n = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == game.max_chance_outcomes() - n
        assert abs(sum(p for _a, p in outcomes) - 1.0) < 1e-9
        state.apply_action(int(rng.choice([a for a, _p in outcomes])))
        n += 1
    assert n == game.first_chance < game.max_chance_outcomes()
    return state


def test_chance_deal_and_private_observations() -> None:
    game = pyspiel.load_game("python_cuttle", {"rules": "standard"})
    state = _dealt(game)
    assert state.current_player() == 0
    s0, s1 = state.observation_string(0), state.observation_string(1)
    assert s0 != s1 and "hand1[?? ?? ?? ?? ?? ??]" in s0 and "hand0[?? ?? ?? ?? ??]" in s1
    assert state.information_state_string(0).startswith(s0)
    tensor = np.asarray(state.observation_tensor(1))
    assert E.card_planes(tensor) <= E.visible_cards(state.env.game.view(1))
    first = state.legal_actions()[0]
    state.apply_action(first)
    assert state.history()[-1] == first
    assert state.action_to_string(0, first) == state.env.history[-1].split(": ")[1]


def test_resample_keeps_the_information_state() -> None:
    game = pyspiel.load_game("python_cuttle", {"rules": "cutthroat", "move_cap": 200})
    state = _dealt(game, 3)
    rng = np.random.default_rng(3)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player() if not state.is_terminal() else 0
    key = state.information_state_string(player)
    worlds = set()
    for _ in range(5):
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(player) == key
        assert other.legal_actions() == state.legal_actions()
        worlds.add(str(other))
    assert len(worlds) > 1  # the hidden cards really are dealt anew


def test_resample_at_a_chance_node_of_play_stays_one() -> None:
    """Resampled where chance is about to place a card (after a draw), the world is a
    chance node too, over as many cards, and the game goes on from it."""
    import random

    game = pyspiel.load_game("python_cuttle", {"rules": "standard", "move_cap": 200})
    rng = random.Random(4)
    state = _dealt(game, 4)
    while not (state.is_chance_node() or state.is_terminal()):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.is_chance_node() and state.need > 0
    seat = state.env.game.to_act
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.is_chance_node() and other.need == state.need
    assert len(other.chance_outcomes()) == len(state.chance_outcomes())
    assert other.information_state_string(seat) == state.information_state_string(seat)
    while not other.is_terminal():
        other.apply_action(rng.choice(other.legal_actions()))
    assert sum(other.returns()) == 0.0 and other.env.game.termination


def test_openspiel_ismcts_plays_a_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_cuttle", {"rules": "classic", "move_cap": 60})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=10, random_state=np.random.RandomState(1)
    )
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 0 and sum(state.returns()) == 0.0


@pytest.mark.parametrize("rules", ["standard", "cutthroat", "team"])
def test_openspiel_evaluation_tools_play_whole_games(rules: str) -> None:
    """OpenSpiel's own ``evaluate_bots`` plays seeded games with its uniform-random bots
    (chance nodes sampled by it), for 2, 3 and 4 seats; the same seeds give the same
    returns, and they are those of the final state's outcome."""
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    game = pyspiel.load_game("python_cuttle", {"rules": rules, "move_cap": 120})
    n = game.num_players()

    def run(seed: int) -> list[float]:
        bots = [
            uniform_random.UniformRandomBot(p, np.random.RandomState(seed + p)) for p in range(n)
        ]
        state = game.new_initial_state()
        return list(evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(seed)))

    results = [run(seed) for seed in range(4)]
    assert results == [run(seed) for seed in range(4)]
    for returns in results:
        assert len(returns) == n
        assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()
    assert len({tuple(r) for r in results}) > 1  # different deals, different games


@pytest.mark.parametrize(("rules", "players"), PRESETS, ids=PRESET_IDS)
def test_python_side_answers_match_pyspiels_own(rules: str, players: int | None) -> None:
    """legal_actions() and is_chance_node(), answered in Python, give what pyspiel's C++
    path gives at every node of random games (deal, play, discard steps, the end)."""
    import random

    params = {"rules": rules, "move_cap": 60}
    if players:
        params["players"] = players
    game = pyspiel.load_game("python_cuttle", params)
    rng = random.Random(7)
    for _ in range(3):
        state = game.new_initial_state()
        while True:
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            if not state.is_terminal():
                p = state.current_player()
                assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            if state.is_terminal():
                assert state.legal_actions() == []
                break
            state.apply_action(rng.choice(state.legal_actions()))


def test_chance_outcomes_and_the_deal_at_the_end() -> None:
    """Every chance node offers the cards left at 1/k each (the ready-made tuples), and
    the last card deals the game the engine deals from that deck."""
    import random

    from cuttle import new_game

    game = pyspiel.load_game("python_cuttle", {"rules": "team"})
    rng = random.Random(5)
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(ValueError):  # a card not left is refused
        state.apply_action(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        left = state.legal_actions()
        outcomes = state.chance_outcomes()
        assert outcomes == [(c, 1.0 / len(left)) for c in left]
        state.apply_action(rng.choice(left))
    # team deals 4 x 5 cards, then chance fixes LOOKAHEAD more on top of the deck
    assert len(state.deck) == 20 + LOOKAHEAD == game.first_chance
    want = new_game(game.rules, deck=state.deck + state.left)
    assert state.env.game.to_json() == want.to_json()
    assert sorted(vars(state)) == [
        "deck",
        "env",
        "first",
        "left",
        "need",
        "rules",
    ]  # a clone copies


def _random_game(game, rng, check):  # type: ignore[no-untyped-def]
    """Play ``game`` to its end with random actions and chance; ``check(state)`` at every
    node after the deal; return the final state and the players' actions in order."""
    state = game.new_initial_state()
    actions = []
    while not state.is_terminal():
        if state.env is not None:
            check(state)
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply_action(action)
    return state, actions


_CONFIGS = [(r, p, ()) for r, p in PRESETS] + [(r, p, v) for r, v, p in VARIANTS]


@pytest.mark.parametrize(("rules", "players", "variants"), _CONFIGS)
def test_chance_fixes_the_deck_just_ahead_of_play(
    rules: str, players: int | None, variants: tuple[str, ...]
) -> None:
    """Between moves the top LOOKAHEAD cards of the deck (or all it has) are placed by
    chance and the unplaced cards are exactly the rest, below them; chance nodes come
    only when fewer are placed; and the game played is the one the engine deals from
    the whole deck chance made: replaying the same actions from that deck gives the same
    final position, card for card."""
    import random

    from cuttle import new_game
    from cuttle.envs.core import EnvGame

    game = pyspiel.load_game(
        "python_cuttle", {**_params(rules, players, 120), "variants": ",".join(variants)}
    )
    rng = random.Random(11)

    def check(state) -> None:  # type: ignore[no-untyped-def]
        deck, left = state.env.game.deck, state.left
        assert sorted(deck[: len(left)]) == left  # the unplaced cards: the bottom
        fixed = len(deck) - len(left)
        assert state.is_chance_node() == (fixed < LOOKAHEAD and bool(left))
        assert state.need == (min(LOOKAHEAD - fixed, len(left)) if fixed < LOOKAHEAD else 0)

    chance_nodes = 0
    for _ in range(6):
        state, actions = _random_game(game, rng, check)
        chance_nodes += len(state.deck)
        bottom = state.env.game.deck[: len(state.left)]
        full = state.deck + bottom[::-1]  # top first: chance's cards, then the unplaced
        assert sorted(full) == list(range(game.rules.card_count))
        replay = EnvGame(new_game(game.rules, deck=full))
        for action in actions:
            replay.step(action)
        assert replay.game.to_json() == state.env.game.to_json()
    assert chance_nodes < 6 * game.rules.card_count  # fewer than the whole shuffle


def test_openspiel_rl_environment_plays_seeded_episodes() -> None:
    """OpenSpiel's ``rl_environment`` (its RL algorithms' interface) samples the chance
    nodes itself, between moves too: seeded episodes end zero-sum, every action it
    offers is the state's legal one, and the same seeds give the same episodes."""
    from open_spiel.python import rl_environment

    def episodes(seed: int) -> list[tuple[int, tuple[float, ...]]]:
        game = pyspiel.load_game("python_cuttle", {"rules": "standard", "move_cap": 120})
        env = rl_environment.Environment(game)
        env.seed(seed)  # its chance sampler (a seed= argument would go to the game)
        rng = np.random.RandomState(seed)
        out = []
        for _ in range(3):
            ts = env.reset()
            steps = 0
            while not ts.last():
                p = ts.observations["current_player"]
                legal = ts.observations["legal_actions"][p]
                assert legal == env.get_state.legal_actions()
                assert len(ts.observations["info_state"][p]) == E.OBS_SIZE + HISTORY_SIZE
                ts = env.step([int(rng.choice(legal))])
                steps += 1
            assert sum(ts.rewards) == 0.0
            out.append((steps, tuple(ts.rewards)))
        return out

    first = episodes(5)
    assert first == episodes(5)
    assert len(set(first)) > 1
