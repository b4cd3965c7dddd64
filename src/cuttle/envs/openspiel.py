"""Cuttle as an OpenSpiel Python game, registered as ``python_cuttle`` on import.

>>> import pyspiel, cuttle.envs.openspiel
>>> game = pyspiel.load_game("python_cuttle", {"rules": "cutthroat", "move_cap": 300})
>>> game.num_players(), game.num_distinct_actions()
(3, 6278)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 54)
>>> while state.is_chance_node():
...     state.apply_action(state.legal_actions()[0])
>>> len(state.deck), len(state.env.game.deck)  # 15 dealt, 3 fixed on top, 36 unplaced
(18, 39)

Parameters: ``rules`` (a preset name, default ``standard``), ``players`` (0: the rule
set's own count; multiplayer takes 2 to 5), ``variants`` (comma-separated toggles) and
``move_cap`` (0: the rule set's cap).

* The shuffle is explicit chance, one card at a time, top first, each uniform over the
  cards chance has not placed yet, and only as deep as play reaches: the deal's cards
  plus :data:`LOOKAHEAD` more (then the engine deals as notation.md says), and after
  each move as many chance nodes as keep :data:`LOOKAHEAD` cards fixed on top of the
  deck (after a draw, a five, a seven). The cards below are the ones chance has not
  placed (:attr:`CuttleState.left`); no seat sees them and no move reaches them before
  chance places them, so the game is the one a whole shuffle gives, in about half the
  chance nodes (a two-player game leaves ~29 cards undrawn). A rule set that sets cards
  aside at the deal has its whole deck chosen first. Everything else is deterministic.
* Actions are :mod:`cuttle.envs.encoding`'s (a discard is one card per action).
* The observation (string and tensor) is the acting player's view: the vector of
  :func:`~cuttle.envs.encoding.encode_view` (built the fast way,
  :class:`~cuttle.envs.encoding.SeatEncoder`). The information state adds the public
  move history: its string is the observation string plus every public move line,
  which is perfect recall (every card that leaves a hand is shown by the move that
  moves it, and the engine keeps what a seat has seen of other hands); its tensor adds
  a fixed-size summary of that history (the cards each seat played, discarded and took).
  Public-only and full-state observations are offered too (``IIGObservationType``
  with ``private_info`` ``NONE`` or ``ALL_PLAYERS``: :mod:`cuttle.envs.openspiel_observer`).
* Returns: +1 to each winner, -1 to the others, 0 on a draw. Two seats, and team's two
  pairs, are zero-sum; cutthroat and multiplayer with 3+ seats are general-sum.
* ``resample_from_infostate`` deals a world consistent with the player's view (the
  engine's ``Game.sample``), so OpenSpiel's Python ISMCTS runs on the game. OpenSpiel's
  Python ``MCTSBot`` runs too, but it searches the true state, hidden cards included
  (it clones the state it is given): use :class:`cuttle.envs.openspiel_bots.ISMCTSBot`,
  which searches from the seat's view only.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pyspiel

from ..engine.cards import CARD_NAMES
from ..engine.game import Game
from ..engine.moves import DISCARD, move_text
from ..engine.rules import RuleSet
from .core import EnvGame, make_rules
from .encoding import MAX_SEATS, NUM_ACTIONS, decode_action
from .openspiel_observer import HISTORY_SIZE, CuttleObserver

SHORT_NAME = "python_cuttle"
"""The name to give ``pyspiel.load_game``."""
DEFAULTS: dict[str, Any] = {"rules": "standard", "players": 0, "variants": "", "move_cap": 0}
"""Game parameters and their defaults."""
LOOKAHEAD = 3
"""How many cards chance keeps fixed on top of the deck between moves: the most one move
takes from it (a five draws up to three, a seven reveals one or two, a draw one)."""
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def _game_type(utility: pyspiel.GameType.Utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Cuttle (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_SEATS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=DEFAULTS,
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)

_OUTCOMES: list[list[tuple[int, float]]] = []
"""``_OUTCOMES[k][c]``: the chance outcome ``(c, 1.0 / k)``, card ``c`` with ``k`` cards
left, made once (not at each chance node; not a state attribute,
which pyspiel would copy at every clone)."""


def _outcome_rows(count: int) -> None:
    """Make :data:`_OUTCOMES` cover decks of ``count`` cards."""
    if len(_OUTCOMES) <= count or len(_OUTCOMES[1]) < count:
        _OUTCOMES[:] = [[]] + [[(c, 1.0 / k) for c in range(count)] for k in range(1, count + 1)]


def rules_from_params(params: dict[str, Any]) -> RuleSet:
    """The rule set a parameter dict names (missing keys take :data:`DEFAULTS`)."""
    p = {**DEFAULTS, **(params or {})}
    variants = [v.strip() for v in str(p["variants"]).split(",") if v.strip()]
    players = int(p["players"]) or None
    cap = int(p["move_cap"]) or None
    return make_rules(str(p["rules"]), players, variants, cap)


def _first_chance(rules: RuleSet) -> int:
    """Chance nodes before the engine deals: the cards the deal takes off the top plus
    :data:`LOOKAHEAD`, or the whole deck where the deal sets cards aside (which cards it
    picks depends on the whole order)."""
    count = rules.card_count
    if rules.remove:
        return count
    dealt = count - len(Game.deal(rules, range(count)).deck)
    return min(count, dealt + LOOKAHEAD)


def _zero_sum(rules: RuleSet) -> bool:
    if rules.players == 2:
        return True
    sizes = {len(t) for t in rules.teams}
    covered = sorted(s for t in rules.teams for s in t) == list(range(rules.players))
    return len(rules.teams) == 2 and len(sizes) == 1 and covered


class CuttleGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: rule set, seats and cap from the parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        """Build the game for ``params`` (see :data:`DEFAULTS`)."""
        full = {**DEFAULTS, **(params or {})}
        self.rules = rules_from_params(full)
        zero = _zero_sum(self.rules)
        utility = (
            pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=self.rules.card_count,
            num_players=self.rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero else None,
            # every engine move is one action, plus one per discarded card beyond the
            # first; a card re-enters a hand at most three at a time per move
            max_game_length=4 * self.rules.move_cap + self.rules.card_count,
        )
        super().__init__(_game_type(utility), info, full)
        _outcome_rows(self.rules.card_count)
        self.first_chance = _first_chance(self.rules)
        """How many chance nodes open the game (the deal and the lookahead)."""

    def new_initial_state(self) -> CuttleState:
        """The state before the shuffle: a chance node."""
        return CuttleState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> CuttleObserver:
        """An observer of one seat's view, the public view or the full state (with the
        public history for perfect recall): see :mod:`cuttle.envs.openspiel_observer`."""
        return CuttleObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class CuttleState(pyspiel.State):  # type: ignore[misc]
    """A state: the deck chosen so far by chance, then the game driven by actions."""

    def __init__(self, game: CuttleGame) -> None:
        """The state before the shuffle (use ``game.new_initial_state()``)."""
        super().__init__(game)
        self.rules: RuleSet = game.rules
        self.deck: list[int] = []
        """The cards chance has placed, in its order: the top of the deck first."""
        self.left: list[int] = list(range(self.rules.card_count))
        """The cards chance has not placed yet, ascending. After the deal they are the
        bottom ``len(left)`` cards of the engine's deck, in no meaningful order."""
        self.need = 0
        """Chance nodes due before the next move (after the deal)."""
        self.first: int = game.first_chance
        """The deal's chance nodes (kept here: ``get_game()`` crosses into C++)."""
        self.env: EnvGame | None = None

    # -------------------------------------------------------------- OpenSpiel API

    def current_player(self) -> int:
        """The seat to act, CHANCE while dealing, TERMINAL at the end."""
        env = self.env  # asked several times per action: kept cheap
        if env is None or self.need:
            return _CHANCE
        g = env.game
        if g.winners is not None:
            return _TERMINAL
        return g.to_act

    def is_chance_node(self) -> bool:
        """Whether chance acts now (the deal, or a card to fix on top of the deck),
        answered in Python: pyspiel's own asks :meth:`current_player` through C++, twice
        the crossings, at every action."""
        return self.need > 0 or self.env is None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal actions, ascending, as ``pyspiel.State.legal_actions`` gives them: of the
        player to act (the cards left during the deal, none at the end).

        Without ``player`` answered in Python (pyspiel's own crosses into C++ and back
        three times); with one, pyspiel's own."""
        if player is not None:
            return pyspiel.State.legal_actions(self, player)  # type: ignore[no-any-return]
        env = self.env
        if env is None or self.need:
            return list(self.left)
        if env.game.winners is not None:
            return []
        legal = env._legal  # env.legal_list(), its cached case inline
        return sorted(legal if legal is not None else env.legal())

    def _legal_actions(self, player: int) -> list[int]:
        """Legal actions of ``player``, ascending (none for a seat not to act)."""
        if self.env is None or self.need or player != self.env.to_act:
            return []
        return self.env.legal_list()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet placed in the deck, each equally likely (the game's
        ready-made tuples, made once)."""
        left = self.left
        return list(map(_OUTCOMES[len(left)].__getitem__, left))

    def _apply_action(self, action: int) -> None:
        env = self.env
        if env is None or self.need:
            left = self.left
            left.remove(action)  # raises ValueError for a card not left (an illegal action)
            self.deck.append(action)
            if env is None:
                # a card of the deal: once the deal and the lookahead are chosen, the
                # engine deals them with the unplaced cards below (whole by construction)
                if len(self.deck) == self.first:
                    self.env = EnvGame(Game.deal(self.rules, self.deck + left))
                return
            # the next card under the ones fixed on top: ``action`` swaps places with the
            # unplaced card there (the unplaced cards are the bottom of the deck)
            deck = env.game.deck
            top = len(left)
            i = deck.index(action)
            deck[i] = deck[top]
            deck[top] = action
            self.need -= 1
            return
        legal = env._legal
        move = legal.get(action) if legal is not None and not env.chosen else None
        if move is not None:
            env.apply(move)  # env.step(action) for a whole legal move, one call
        else:
            env.step(action)  # a discard step, or an action to explain
        left = self.left
        if left and env.game.winners is None:
            fixed = len(env.game.deck) - len(left)
            if fixed < LOOKAHEAD:
                if fixed < 0:  # a move took a card chance had not placed: a rules change
                    raise RuntimeError(f"one move took more than {LOOKAHEAD} cards off the deck")
                self.need = min(LOOKAHEAD - fixed, len(left))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{CARD_NAMES[action]}"
        move = decode_action(int(action), player, self.rules.players)
        if move.verb == DISCARD:
            return f"discard-card {CARD_NAMES[move.cards[0]]}" if move.cards else "discard-done"
        return move_text(move)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        env = self.env
        return env is not None and env.game.winners is not None

    def returns(self) -> list[float]:
        """+1 winners, -1 the others, 0 on a draw (0 until the end)."""
        if self.env is None:
            return [0.0] * self.rules.players
        return self.env.returns()

    def resample_from_infostate(self, player: int, sampler: Any = None) -> CuttleState:
        """A state ``player`` cannot tell from this one: hidden cards dealt anew."""
        state = CuttleState(self.get_game())
        state.deck = list(self.deck)
        if self.env is None:
            state.left = list(self.left)
            return state
        u = sampler() if callable(sampler) else random.random()
        rng = random.Random(int(u * 2**53))
        world: Game = self.env.game.sample(player, rng)
        env = EnvGame(world, log=self.env.log)
        env.chosen = self.env.chosen
        # the world's bottom cards are as unseen as this state's unplaced ones: they are
        # its unplaced cards, and chance goes on from the same node
        state.left = sorted(world.deck[: len(self.left)])
        state.need = self.need
        state.env = env
        return state

    def __deepcopy__(self, memo: dict[int, Any]) -> CuttleState:
        state = CuttleState(self.get_game())
        state.deck = list(self.deck)
        state.left = list(self.left)
        state.need = self.need
        state.env = self.env.copy() if self.env is not None else None
        return state

    def __str__(self) -> str:
        """The full state (every card): for debugging, not for players."""
        if self.env is None:
            return "deck " + " ".join(CARD_NAMES[c] for c in self.deck)
        chosen = " ".join(CARD_NAMES[c] for c in self.env.chosen)
        return json.dumps(self.env.game.to_json()) + (f" chosen {chosen}" if chosen else "")


pyspiel.register_game(_GAME_TYPE, CuttleGame)

__all__ = ["HISTORY_SIZE", "LOOKAHEAD", "SHORT_NAME", "CuttleGame", "CuttleObserver", "CuttleState"]
