"""The one driver behind the PettingZoo, Gymnasium and OpenSpiel interfaces.

:class:`EnvGame` wraps an engine :class:`~cuttle.engine.game.Game` with what the
encoded action space needs on top of it: the discard being chosen one card at a time,
the legal indices of the seat to act and the public move history. Observations come
from the seat's own view only: :func:`~cuttle.engine.seatview.seat_position` encoded by
:class:`~cuttle.bots.encoding.SeatEncoder`, or the compiled accelerator writing the
same from the game (:meth:`~cuttle.bots.encoding.SeatEncoder.encode_game`), the vector of encoding
``game.view(seat)``, several times faster). The legal indices, the mask and each seat's
observation are computed at most once per position, on first use.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from ..bots import encoding as _encoding
from ..engine.game import Game, new_game
from ..engine.history import Event, event_of
from ..engine.moves import DISCARD, Move, move_text, parse_move
from ..engine.rules import RuleSet, get_rules
from ..engine.table import Outcome
from .encoding import (
    NUM_ACTIONS,
    DiscardChooser,
    EncodingError,
    SeatEncoder,
    action_name,
    encode_view,
    legal_indices,
    observation_string,
)

if TYPE_CHECKING:
    from ..bots._fastenc import ActionKeys, ObsWriter


def make_rules(
    rules: str | RuleSet = "standard",
    players: int | None = None,
    variants: Sequence[str] = (),
    move_cap: int | None = None,
) -> RuleSet:
    """Build the rule set an environment plays (``move_cap`` overrides the cap)."""
    rs = get_rules(rules, tuple(variants), players)
    if move_cap is not None:
        if move_cap < 1:
            raise ValueError("move_cap must be 1 or more")
        rs = dataclasses.replace(rs, move_cap=move_cap)
    return rs


def outcome_returns(game: Game) -> list[float]:
    """+1 for each winner, -1 for each other seat, 0 for all on a draw or unfinished game."""
    out = game.outcome
    if out is None:
        return [0.0] * game.n
    return returns_of(out, game.n)


def returns_of(outcome: Outcome, n: int) -> list[float]:
    """+1 for each winner of ``outcome``, -1 for each other of the ``n`` seats, 0 for all
    on a draw."""
    winners = outcome.winners
    if not winners:
        return [0.0] * n
    return [1.0 if s in winners else -1.0 for s in range(n)]


_TEXTS: dict[Move, str] = {}


def _text(move: Move) -> str:
    """``move_text(move)``, remembered (the same moves come up game after game)."""
    t = _TEXTS.get(move)
    if t is None:
        if len(_TEXTS) >= 200_000:
            _TEXTS.clear()
        t = _TEXTS[move] = move_text(move)
    return t


_ENCODERS: dict[int, tuple[RuleSet, SeatEncoder]] = {}


def _encoder(rules: RuleSet) -> SeatEncoder:
    """The observation encoder of ``rules`` (one per rule set object, kept)."""
    hit = _ENCODERS.get(id(rules))
    if hit is None or hit[0] is not rules:
        if len(_ENCODERS) >= 64:
            _ENCODERS.clear()
        hit = _ENCODERS[id(rules)] = (rules, SeatEncoder(rules))
    return hit[1]


class EnvGame:
    """A game driven by action indices: legal indices, masks, steps and observations."""

    __slots__ = (
        "_encoder", "_events", "_held", "_legal", "_lines", "_mask", "_obs", "_texts", "chosen",
        "game", "log",
    )  # fmt: skip

    reference_observations: ClassVar[bool] = False
    """Build observations the reference way, encoding ``game.view(seat)``
    (:func:`~cuttle.bots.encoding.encode_view`): for tests and ``bench/envs.py
    --reference``. The vectors are the same; only the time differs."""

    def __init__(
        self,
        game: Game,
        history: Sequence[str] = (),
        log: Sequence[tuple[int, Move]] = (),
    ) -> None:
        """Wrap ``game``; ``history``/``log``: its public move lines/tuples so far, if any."""
        self.game = game
        self.chosen: tuple[int, ...] = ()
        self._lines: list[str] = list(history)
        self.log: list[tuple[int, Move]] = list(log)
        """The moves played so far as ``(seat, move)``."""
        self._legal: dict[int, Move | None] | None = None
        self._mask: np.ndarray | None = None
        self._obs: dict[int, np.ndarray] = {}
        self._texts: dict[str, Move] | None = None
        self._events: list[Event] = []
        self._encoder: SeatEncoder | None = None  # made on the first observation
        self._held: tuple[Game, int, list[Move]] | None = None  # see _moves

    @classmethod
    def new(
        cls, rules: RuleSet, seed: int | None = None, deck: Sequence[int] | None = None
    ) -> EnvGame:
        """Deal a new game of ``rules`` from ``seed`` (or the given ``deck``, top first)."""
        return cls(new_game(rules, seed=seed, deck=deck))

    def copy(self) -> EnvGame:
        """Return an independent copy."""
        e = EnvGame(self.game.copy(), self._lines, self.log)
        e.chosen = self.chosen
        e._legal = self._legal
        return e

    def _moves(self) -> list[Move]:
        """``game.legal_actions()``, kept for the position: a discard chosen card by card
        takes several steps in the same position, which need its moves at each step
        (kept with the game and its move count, which every move changes)."""
        g = self.game
        held = self._held
        if held is not None and held[0] is g and held[1] == g.moves_played:
            return held[2]
        moves = g.legal_actions()
        self._held = (g, g.moves_played, moves)
        return moves

    def _moved(self) -> None:
        """Forget what was computed for the position before (a step was taken)."""
        self._legal = None
        self._mask = None
        self._texts = None
        if self._obs:
            self._obs = {}

    # -------------------------------------------------------------- queries

    @property
    def history(self) -> list[str]:
        """Public move lines, ``"p0: points 7H"``, as bots receive them (written from
        :attr:`log` when asked, not at every step)."""
        lines = self._lines
        if len(lines) < len(self.log):
            lines.extend(f"p{s}: {move_text(m)}" for s, m in self.log[len(lines) :])
        return lines

    @property
    def to_act(self) -> int:
        """The seat that must decide now (-1 once the game is over)."""
        g = self.game
        return g.to_act if g.winners is None else -1

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.winners is not None

    @property
    def truncated(self) -> bool:
        """Whether the game ended by the move cap (a draw that is a time limit)."""
        out = self.game.outcome
        return out is not None and out.termination == "move-cap"

    def legal(self) -> dict[int, Move | None]:
        """Legal indices of the seat to act, each with its move (None: a discard step)."""
        legal = self._legal
        if legal is None:
            g = self.game
            if g.winners is not None:
                legal = self._legal = {}
            elif (keys := _encoding._KEYS) is not None and _encoding._COMPILED and not self.chosen:
                # the compiled map straight from the engine's list (this runs at every
                # step of OpenSpiel's loop); the list kept for a discard's later steps
                moves = g.legal_actions()
                self._held = (g, g.moves_played, moves)
                fast = keys.legal_map(moves, g.to_act, g.n, None)
                legal = self._legal = (
                    fast if fast is not None else legal_indices(moves, g.to_act, g.n)
                )
            else:
                legal = self._legal = legal_indices(self._moves(), g.to_act, g.n, self.chosen)
        return legal

    def fill_mask(self, mask: np.ndarray) -> np.ndarray:
        """Set a 1 in the zeroed one-byte vector ``mask`` (``int8`` or ``bool``,
        :data:`NUM_ACTIONS` entries) at each legal index; return it. The first call of a
        position finds the legal indices and fills the mask in one pass."""
        legal = self._legal
        if legal is None:
            g = self.game
            if g.winners is not None:
                self._legal = {}
            else:
                self._legal = legal_indices(self._moves(), g.to_act, g.n, self.chosen, mask)
            return mask
        w = mask.data.cast("B")  # single entries: cheaper than numpy indexing
        for i in legal:
            w[i] = 1
        w.release()
        return mask

    def legal_texts(self) -> dict[str, Move]:
        """The legal moves of the seat to act by their text, in the order of
        ``game.legal_moves()`` (computed once per position)."""
        if self._texts is None:
            g = self.game
            legal = sorted(g.legal_actions()) if g.winners is None else []
            known = _TEXTS
            try:  # the texts remembered already (nearly always): one lookup each
                self._texts = {known[m]: m for m in legal}
            except KeyError:
                self._texts = {_text(m): m for m in legal}
        return self._texts

    def events(self) -> tuple[Event, ...]:
        """The public history as events, as ``events_of(game)`` gives it (each move's
        event is made once, not at every call)."""
        done = self._events
        history = self.game.history
        if len(done) < len(history):
            done.extend(event_of(s, m) for s, m in history[len(done) :])
        return tuple(done)

    def legal_list(self) -> list[int]:
        """Legal indices, ascending."""
        legal = self._legal
        return sorted(legal if legal is not None else self.legal())

    def mask(self) -> np.ndarray:
        """The legal-action mask (``int8``, length :data:`NUM_ACTIONS`).

        Computed once per position: repeated calls return the same array until the
        next step (do not write into it).
        """
        m = self._mask
        if m is None:
            g = self.game
            if self._legal is None and g.winners is None:
                moves = self._moves()
                keys: ActionKeys | None = _encoding._KEYS if _encoding._COMPILED else None
                if keys is not None and not self.chosen:
                    # legal map and mask in one compiled pass, in a mask nobody holds
                    got = keys.legal_map_new(moves, g.to_act, g.n)
                    if got is not None:
                        self._legal, m = got
                        self._mask = m
                        return m
                m = np.zeros(NUM_ACTIONS, dtype=np.int8)
                self._legal = legal_indices(moves, g.to_act, g.n, self.chosen, m)
            else:
                m = self.fill_mask(np.zeros(NUM_ACTIONS, dtype=np.int8))
            self._mask = m
        return m

    def view(self, seat: int) -> dict[str, Any]:
        """The engine's view of ``seat``."""
        return self.game.view(seat)

    def observation(self, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """Observation vector of ``seat`` (built from what it may see only).

        Without ``out``, computed once per position and seat: repeated calls return
        the same array until the next step (do not write into it). With ``out``, the
        vector is written there.
        """
        encoder = self._encoder
        if encoder is None:
            encoder = self._encoder = _encoder(self.game.rules)
        writer: ObsWriter | None = encoder.writer
        if out is None:
            obs = self._obs
            if obs:
                vec = obs.get(seat)
                if vec is not None:
                    return vec
            g = self.game
            if (
                writer is not None
                and self._mask is None
                and self._legal is None
                and seat == g.to_act
                and g.winners is None
                and not self.chosen
                and not self.reference_observations
            ):
                # the first look at the position (this runs at every step): the legal
                # map, the mask and the vector in one compiled call (the PettingZoo
                # last() holds a copy of this, inline)
                keys: ActionKeys = _encoding._KEYS
                got = keys.legal_map_obs_new(g.legal_actions(), writer, g, seat)
                if got is not None:
                    self._legal, self._mask, vec = got
                    obs[seat] = vec
                    return vec
        if writer is not None and not self.reference_observations:
            # the compiled accelerator, called straight (this runs at every step)
            g = self.game
            chosen = self.chosen
            if chosen and (seat != g.to_act or g.winners is not None):
                chosen = ()
            if out is not None:
                return writer.encode(g, seat, chosen, out)
            vec = self._obs[seat] = writer.encode_new(g, seat, chosen)
            return vec
        if out is not None:
            return self._observe(seat, out)
        vec = self._obs[seat] = self._observe(seat, None)
        return vec

    def _observe(self, seat: int, out: np.ndarray | None) -> np.ndarray:
        g = self.game
        chosen = self.chosen if seat == self.to_act else ()
        if self.reference_observations:
            return encode_view(g.view(seat), g.rules, chosen, out)
        encoder = self._encoder
        if encoder is None:
            encoder = self._encoder = _encoder(g.rules)
        return encoder.encode_game(g, seat, chosen, out)

    def observation_text(self, seat: int) -> str:
        """One-line text of ``seat``'s view."""
        chosen = self.chosen if seat == self.to_act else ()
        return observation_string(self.game.view(seat), chosen)

    def returns(self) -> list[float]:
        """Each seat's result: +1 win, -1 loss, 0 draw (0 while the game is on)."""
        return outcome_returns(self.game)

    # -------------------------------------------------------------- acting

    def step(self, index: int) -> Move | None:
        """Play action ``index`` for the seat to act; return the move made, if one was.

        A ``discard-card`` step that does not yet complete a discard returns ``None``.
        Raises :class:`EncodingError` if ``index`` is not legal now.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal()
        if type(index) is not int:
            index = int(index)
        try:
            move = legal[index]
        except KeyError:
            raise EncodingError(
                f"action {index} ({action_name(index) if 0 <= index < NUM_ACTIONS else '?'})"
                " is not legal now"
            ) from None
        if move is None:
            discards = [m.cards for m in self._moves() if m.verb == DISCARD]
            chooser = DiscardChooser(discards, self.chosen)
            done = chooser.choose(index)
            self._moved()
            if done is None:
                self.chosen = chooser.chosen
                return None
            move = Move(DISCARD, cards=done)
        # self.apply(move), inline (this runs at every step)
        g = self.game
        seat = g.to_act
        g.apply(move)
        self.log.append((seat, move))
        self.chosen = ()
        self._legal = None
        self._mask = None
        self._texts = None
        if self._obs:
            self._obs = {}
        return move

    def known_move(self, action: object) -> Move | None:
        """The whole legal move that integer ``action`` stands for, when the legal map of
        this position is already built and no discard is under way (the wrappers' fast
        path); ``None`` otherwise (a discard step, an illegal or odd action: ask
        :meth:`step`, which explains)."""
        legal = self._legal
        if legal is None or self.chosen:
            return None
        if type(action) is int or isinstance(action, np.integer):
            return legal.get(int(action))
        return None

    def apply(self, move: Move) -> None:
        """Apply a legal move (as ``game.apply``), keeping the history in step.

        (:meth:`step` and the PettingZoo step hold copies of this, inline.)"""
        g = self.game
        seat = g.to_act
        g.apply(move)
        self.log.append((seat, move))
        self.chosen = ()
        # what was computed for the position before (as _moved, inline: every step)
        self._legal = None
        self._mask = None
        self._texts = None
        if self._obs:
            self._obs = {}

    def play(self, text: str) -> None:
        """Apply a move given as notation text; the engine explains an illegal one."""
        g = self.game
        known = self._texts.get(text) if self._texts is not None else None
        if known is not None:
            self.apply(known)
            return
        move = parse_move(text)
        legal = g.legal_actions()
        if move not in legal:
            same = [m for m in legal if m._replace(seat=-1) == move]
            if move.seat != -1 or len(same) != 1:
                g.play(text)  # raises IllegalMoveError with the reason
                raise AssertionError(f"{text!r} is legal but not among legal_actions()")
            move = same[0]  # a seat the position makes obvious, as Game.play accepts
        self.apply(move)
