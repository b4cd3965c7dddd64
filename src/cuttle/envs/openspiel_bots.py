"""Our bots as OpenSpiel bots (``pyspiel.Bot``), for OpenSpiel's tools
(``evaluate_bots``, its arenas and bot-against-bot scripts) on ``python_cuttle``.

OpenSpiel's Python ``MCTSBot`` runs on the game, but it clones the state it is handed and
searches that: the true state, every hidden card included, as if the seat could see the
others' hands and the deck. :func:`ismcts_bot` is the search to use instead: our
information-set MCTS (:mod:`cuttle.bots.ismcts`), asked with the seat's own view (its
:class:`~cuttle.bots.base.SeatView`: its hand, the public table, the public history) and
nothing else, so two states the seat cannot tell apart get the same answer.

>>> import numpy as np, pyspiel, cuttle.envs.openspiel
>>> from open_spiel.python.algorithms import evaluate_bots
>>> from cuttle.envs.openspiel_bots import CuttleBot, ismcts_bot
>>> game = pyspiel.load_game("python_cuttle", {"move_cap": 60})
>>> bots = [ismcts_bot(game, 0, iterations=20, seed=1), CuttleBot(game, 1, "random", seed=2)]
>>> returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
>>> len(returns)
2
"""

from __future__ import annotations

from typing import Any

import pyspiel

from ..bots import Bot, make_bot
from ..engine.moves import DISCARD
from .encoding import _DISCARD_BASE, DISCARD_DONE_INDEX, encode_move
from .gym import bot_move
from .openspiel import CuttleState


class CuttleBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our bots (a :func:`~cuttle.bots.make_bot` spec, or a bot) playing
    ``player`` of a ``python_cuttle`` game from that seat's view only.

    Each decision hands the bot a :class:`~cuttle.bots.base.SeatView` made from the
    state's game as the seat may see it and turns its answer (a move in our notation)
    into the action index; a discard of several cards is answered one card per action
    (then ``discard-done`` where the discard needs it), as the game asks.
    """

    def __init__(self, game: pyspiel.Game, player: int, bot: str | Bot, seed: int | None = None):
        """Play ``player`` of ``game`` with ``bot`` (a spec such as ``"ismcts:200it"``,
        built with ``seed`` and one worker, or a bot already made)."""
        pyspiel.Bot.__init__(self)
        self.player = player
        self.players = game.num_players()
        self.bot: Bot = make_bot(bot, seed=seed, workers=1) if isinstance(bot, str) else bot
        self._discard: tuple[int, ...] = ()

    def restart_at(self, state: Any) -> None:
        """A new game or position: forget the discard under way."""
        self._discard = ()

    def restart(self) -> None:
        """As :meth:`restart_at`."""
        self._discard = ()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to follow: each decision reads the state afresh."""

    def provides_policy(self) -> bool:
        """No policy: one action per step."""
        return False

    def step(self, state: CuttleState) -> int:
        """The action of this bot's seat in ``state`` (it must be that seat's turn)."""
        env = state.env
        if env is None or state.is_chance_node() or state.current_player() != self.player:
            raise ValueError(f"it is not player {self.player}'s turn")
        if not env.chosen:
            text = bot_move(self.bot, env, self.player)
            move = env.legal_texts().get(text)
            if move is None:
                raise ValueError(f"{self.bot!r} answered {text!r}, not a legal move")
            if move.verb != DISCARD:
                return encode_move(move, self.player, self.players)
            self._discard = tuple(sorted(move.cards))
        left = [c for c in self._discard if c not in env.chosen]
        return _DISCARD_BASE + left[0] if left else DISCARD_DONE_INDEX


def ismcts_bot(
    game: pyspiel.Game, player: int, iterations: int = 200, seed: int | None = None
) -> CuttleBot:
    """Our information-set MCTS with ``iterations`` per decision, as an OpenSpiel bot of
    ``player`` (searching from that seat's view only)."""
    return CuttleBot(game, player, f"ismcts:{iterations}it", seed=seed)
