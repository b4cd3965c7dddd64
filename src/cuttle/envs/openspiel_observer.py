"""The OpenSpiel observer of ``python_cuttle``: a seat's view, the public view or the full
state, as a tensor and a string (``game.make_py_observer(iig_obs_type)``).

Three kinds of private information, as ``pyspiel.IIGObservationType`` names them:

* ``SINGLE_PLAYER`` (the default): the seat's own view, the vector of
  :func:`~cuttle.envs.encoding.encode_view` and its one-line string;
* ``NONE`` (``public_info=True``): what every seat and a spectator see: the same layout
  from the seat's chair, with only the hand cards everyone has seen (none, usually, the
  seat's own included), no discard being chosen, and the spectator's string
  (``game.view(None)``);
* ``ALL_PLAYERS``: the full state but for the order of the deck's unseen cards (no seat
  knows it: it is chance's): every hand face up, in the same layout, and the string of an
  open-handed table. For centralized critics and analysis; never for a seat's policy.

``perfect_recall`` adds the public history to each: a fixed-size summary of the cards
each seat played, discarded and took (the tensor) and every public move line (the
string). Private information without the public part (``public_info=False``) is not
offered.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import pyspiel

from ..engine.cards import CARD_NAMES
from ..engine.moves import DISCARD, TAKE, Move
from ..engine.observer import Observer, view_text
from ..engine.rules import RuleSet
from ..engine.seatview import seat_position
from .core import EnvGame, _encoder
from .encoding import MAX_SEATS, N_CARDS, OBS_SIZE


class CuttleState(Protocol):
    """What an observer reads of a ``python_cuttle`` state (:class:`~cuttle.envs.openspiel.
    CuttleState`; named here, not imported, as that module imports this one)."""

    env: EnvGame | None
    deck: list[int]
    rules: RuleSet


HISTORY_SIZE = 3 * MAX_SEATS * N_CARDS
"""Length of the history summary the information-state tensor adds."""

_CARD_INDEX = {name: c for c, name in enumerate(CARD_NAMES)}

SEAT = "seat"
PUBLIC = "public"
FULL = "full"


def _kind(iig_obs_type: pyspiel.IIGObservationType) -> str:
    """The observation kind (:data:`SEAT`, :data:`PUBLIC` or :data:`FULL`) of
    ``iig_obs_type``; ``ValueError`` for one that is not offered."""
    private = iig_obs_type.private_info
    if not iig_obs_type.public_info:
        raise ValueError(
            "observations without the public information are not offered: "
            "use public_info=True (with private_info NONE, SINGLE_PLAYER or ALL_PLAYERS)"
        )
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
        return SEAT
    if private == pyspiel.PrivateInfoType.NONE:
        return PUBLIC
    return FULL


def public_position(env: EnvGame, player: int) -> Any:
    """``player``'s :class:`~cuttle.engine.seatview.SeatPosition` with each hand cut down
    to the cards a spectator sees (``game.view(None)``): the public part of the position,
    from ``player``'s chair."""
    g = env.game
    seen = g.view(None)["hands"]
    hands = tuple(tuple(_CARD_INDEX[x] for x in hand if x in _CARD_INDEX) for hand in seen)
    return seat_position(g, player)._replace(hands=hands)


class CuttleObserver:
    """The PyObserver of one seat: its view, the public view or the full state (see the
    module doc), as a tensor and a string; with ``perfect_recall`` the public history
    too."""

    def __init__(self, iig_obs_type: pyspiel.IIGObservationType, params: Any) -> None:
        """Set up the tensor for ``iig_obs_type``; ``ValueError`` for parameters or an
        observation type not offered."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.kind = _kind(iig_obs_type)
        """:data:`SEAT`, :data:`PUBLIC` or :data:`FULL`."""
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = OBS_SIZE + (HISTORY_SIZE if self.perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self._view = self.tensor[:OBS_SIZE]
        self.dict = {"view": self._view}
        if self.perfect_recall:
            self.dict["history"] = self.tensor[OBS_SIZE:].reshape(3, MAX_SEATS, N_CARDS)

    def set_from(self, state: CuttleState, player: int) -> None:
        """Fill the tensor with ``player``'s observation of ``state``."""
        env = state.env
        if env is None:
            self.tensor.fill(0.0)
            return
        if self.kind == SEAT:
            self._set_seat(env, player)
        elif self.kind == PUBLIC:
            _encoder(env.game.rules).encode(public_position(env, player), (), self._view)
        else:
            chosen = env.chosen if player == env.to_act else ()
            pos = seat_position(env.game, player, open_hands=True)
            _encoder(env.game.rules).encode(pos, chosen, self._view)
        if self.perfect_recall:
            history = self.dict["history"]
            history.fill(0.0)
            _history_planes(env.log, player, env.game.n, history)

    def _set_seat(self, env: EnvGame, player: int) -> None:
        # written in place: every entry of the view is set (the compiled accelerator
        # writes it straight from the game; a vector already computed is copied)
        cached = env._obs.get(player)
        encoder = env._encoder
        writer = encoder.writer if encoder is not None else None
        if cached is not None:
            np.copyto(self._view, cached)
        elif writer is not None and not env.chosen and not env.reference_observations:
            writer.encode(env.game, player, (), self._view)  # env.observation's fast case
        else:
            env.observation(player, out=self._view)

    def string_from(self, state: CuttleState, player: int) -> str:
        """``player``'s observation of ``state`` as text (plus the public history)."""
        env = state.env
        if env is None:
            return f"p{player} dealing {len(state.deck)}/{state.rules.card_count}"
        if self.kind == SEAT:
            text = env.observation_text(player)
        elif self.kind == PUBLIC:
            text = view_text(env.game.view(None), None)
        else:
            text = Observer(env.game.rules, player, open_hands=True).string(env.game)
            if env.chosen and player == env.to_act:
                text += "\ndiscard chosen " + " ".join(CARD_NAMES[c] for c in env.chosen)
        if self.perfect_recall:
            text += " | " + "; ".join(env.history)
        return text


def _history_planes(log: list[tuple[int, Move]], player: int, n: int, planes: np.ndarray) -> None:
    """Mark the cards each seat (relative to ``player``) played, discarded and took."""
    for seat, (verb, c, _t, _s, cs) in log:
        r = (seat - player) % n
        if verb == DISCARD:
            for x in cs:
                planes[1, r, x] = 1.0
        elif verb == TAKE:
            planes[2, r, c] = 1.0
        elif c >= 0:
            planes[0, r, c] = 1.0
