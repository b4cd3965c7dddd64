"""Cuttle as a single-agent Gymnasium environment against bots from :mod:`cuttle.bots`.

>>> import gymnasium, cuttle.envs
>>> env = gymnasium.make("Cuttle-v0", rules="classic", opponent="random")
>>> obs, info = env.reset(seed=3)
>>> bool(obs.shape == env.observation_space.shape and info["action_mask"].any())
True

The agent holds one seat (``seat``, default 0; ``"random"`` draws it at each reset);
every other seat is played by a bot built with :func:`cuttle.bots.make_bot` (its own
seed derived from the reset seed). ``step`` plays the agent's action, then lets the bots
move until the agent must decide again or the game ends. The reward is +1 for a win of
the agent's side (its team, in team games), -1 for a loss, 0 for a draw; a game stopped
by the move cap is *truncated*. :meth:`CuttleEnv.action_masks` gives the legal-action
mask MaskablePPO (sb3-contrib) asks for; ``info["action_mask"]`` holds it too, and
``info["legal_actions"]`` (and :meth:`CuttleEnv.legal_actions`) the legal indices as a
list. ``env.action_space.sample(info["action_mask"])`` draws from them cheaply (see
:mod:`cuttle.envs.spaces`).

An illegal action (Gymnasium's checker samples blindly) ends the episode as a loss with
``info["illegal_action"] = True``, or raises with ``illegal_action="raise"``.

``seeding`` says where the games' chance comes from. ``"reseed"`` (the default): each
reset draws the deal's seed and a seed for each bot from the environment's
``np_random``, and every bot, the ``random`` one included, plays by its own generator.
``"stream"``: one :class:`random.Random` (seeded by ``reset(seed=s)`` as
``random.Random(s)``, continued by later resets) draws everything in a fixed order: the
agent's seat when it is ``"random"``, the deal (``new_game(rules, rng=gen)``), a seed
for each other bot made from a spec, and every move of a ``"random"`` opponent, drawn
uniformly from ``game.legal_actions()`` in the engine's order (``randbelow(gen, n)``,
CPython's ``randrange``). The same distribution of games, several times cheaper per
game and per bot move; :class:`cuttle.envs.vector.CuttleVectorEnv` runs it by default.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..bots.base import SeatView
from ..bots.policy import randbelow
from ..bots.random_bot import RandomBot
from ..engine.game import new_game
from ..engine.moves import Move, move_text
from ..engine.rules import RuleSet
from .core import EnvGame, make_rules
from .encoding import NUM_ACTIONS, OBS_HIGH, OBS_SIZE, EncodingError
from .render import RENDER_MODES, check_mode, render_view
from .spaces import LegalActionSpace


def bot_move(bot: Bot, game: EnvGame, seat: int) -> str:
    """Ask ``bot`` for the move of ``seat`` with a :class:`SeatView`: it sees the seat's
    view, with the rule set object and the public history, and nothing else. (The
    environment asks a bot that reads the legal moves only, the ``random`` bot, with
    their texts alone: see :func:`_chooser`.)

    The same :class:`SeatView` as ``SeatView.of(game.game, seat)``, with the legal
    move texts and the history events kept by ``game`` rather than rebuilt. A bot whose
    class says ``reads_position = False`` (the ``random`` bot: it reads ``legal`` only)
    gets an empty ``position``: the JSON view is the dearest part of a bot's turn. One
    whose class says ``reads_history = False`` (the ``random`` bot too) gets an empty
    ``history``: the tuple of every event so far grows with the game."""
    return _bot_move(bot, game, seat, getattr(bot, "reads_position", True),
                     getattr(bot, "reads_history", True))  # fmt: skip


def _bot_move(bot: Bot, game: EnvGame, seat: int, position: bool, history: bool) -> str:
    """:func:`bot_move` with the bot's ``reads_position`` and ``reads_history`` given
    (the environment looks them up once a game)."""
    g = game.game
    legal = tuple(game.legal_texts()) if seat == g.to_act and g.winners is None else ()
    return bot.choose(
        SeatView(
            seat,
            g.rules,
            g.view(seat) if position else {},
            legal,
            game.events() if history else (),
        )
    )


_TEXTS: dict[Move, str] = {}
"""Move texts already written (the same moves come up game after game)."""


def _legal_texts(moves: list[Move]) -> dict[str, Move]:
    """The moves ``moves`` by their text (in their order)."""
    known = _TEXTS
    try:  # every text written already (nearly always): one lookup each
        return {known[m]: m for m in moves}
    except KeyError:
        if len(known) >= 200_000:
            known.clear()
        for m in moves:
            if m not in known:
                known[m] = move_text(m)
        return {known[m]: m for m in moves}


SEEDINGS = ("reseed", "stream")
"""The environments' ``seeding`` choices (see the module's description)."""


Chooser = Callable[[Collection[str]], str]
"""A bot's ``choose_legal``: its move from the legal move texts alone."""


_LEAN: dict[type, bool] = {}
"""Whether a bot class may be asked by :meth:`choose_legal` (see :func:`_chooser`)."""


def _chooser(bot: Bot) -> Chooser | None:
    """``bot.choose_legal`` for a bot that reads nothing but the legal moves (its class
    says ``reads_position = False`` and ``reads_history = False``) and offers that
    method, defined by the class that defines its ``choose`` (the ``random`` bot; a
    subclass that overrides ``choose`` alone is asked the usual way); ``None`` for any
    other: it is asked with a :class:`SeatView`."""
    cls = type(bot)
    lean = _LEAN.get(cls)
    if lean is None:
        mro = cls.__mro__
        owner = [
            next((k for k in mro if name in vars(k)), None) for name in ("choose", "choose_legal")
        ]
        lean = _LEAN[cls] = owner[1] is not None and owner[0] is owner[1]
    if not lean or getattr(bot, "reads_position", True) or getattr(bot, "reads_history", True):
        return None
    fn = getattr(bot, "choose_legal", None)
    return fn if callable(fn) else None


class _RandomMaker:
    """Makes the ``random`` bot of one name from a seed (what ``make_bot`` does for it,
    without parsing the spec again); a class, not a closure, so the environment pickles."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, seed: int) -> Bot:
        b = RandomBot(seed)
        b.name = self.name
        return b


class _SpecMaker:
    """Makes the bot of one spec from a seed with ``make_bot`` (picklable, as above)."""

    def __init__(self, spec: str) -> None:
        self.spec = spec

    def __call__(self, seed: int) -> Bot:
        return make_bot(self.spec, seed=seed)


def _spec_maker(spec: str, bot: Bot) -> Callable[[int], Bot]:
    """How to build the bot of ``spec`` at each reset, given one ``make_bot(spec)`` made:
    ``make_bot`` itself, or for the ``random`` bot its class straight."""
    if type(bot) is RandomBot:
        return _RandomMaker(bot.name)
    return _SpecMaker(spec)


class CuttleEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learning seat against bots, under any rule set."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: str | RuleSet = "standard",
        opponent: str | Bot | Sequence[str | Bot] = "random",
        seat: int | str = 0,
        players: int | None = None,
        variants: Sequence[str] = (),
        move_cap: int | None = None,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        seeding: str = "reseed",
    ) -> None:
        """Build the environment.

        ``opponent`` is a bot spec (``"random"``, ``"greedy"``, ``"ismcts:200it"``, ...),
        a bot, or one of either per other seat in seat order. ``seat`` is the agent's
        seat or ``"random"``. ``illegal_action`` is ``"lose"`` or ``"raise"``;
        ``seeding`` ``"reseed"`` or ``"stream"`` (the module's description).
        """
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        if seeding not in SEEDINGS:
            raise ValueError(f"seeding must be 'reseed' or 'stream', not {seeding!r}")
        check_mode(render_mode)
        self.rules = make_rules(rules, players, variants, move_cap)
        n = self.rules.players
        if seat != "random" and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1} or 'random', not {seat!r}")
        if isinstance(opponent, str) or not isinstance(opponent, Sequence):
            specs: list[str | Bot] = [opponent] * (n - 1)
        else:
            specs = list(opponent)
            if len(specs) != n - 1:
                raise ValueError(f"{n} seats need {n - 1} opponents, got {len(specs)}")
        # each seat's bot: a spec's maker (the spec is parsed now: a bad one fails early),
        # with the bot made to check it (unused after), or a given bot alone
        self._makers: list[tuple[Callable[[int], Bot] | None, Bot]] = []
        for spec in specs:
            if isinstance(spec, str):
                probe = make_bot(spec)
                self._makers.append((_spec_maker(spec, probe), probe))
            else:
                self._makers.append((None, spec))
        self._seat_choice = seat
        self.seeding = seeding
        self._gen: random.Random | None = None  # the stream (seeding="stream")
        # per seat, whether the stream draws its moves (a "random" spec, streamed)
        self._drawn: tuple[bool, ...] = (False,) * n
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, OBS_HIGH, (OBS_SIZE,), np.float32)
        self.action_space: LegalActionSpace = LegalActionSpace(NUM_ACTIONS, self._legal_of)
        self.seat = 0
        self.bots: dict[int, Bot] = {}
        self.state_: EnvGame | None = None
        self._reads: dict[int, tuple[bool, bool]] = {}
        self._choosers: dict[int, Chooser | None] = {}
        self._bool: tuple[np.ndarray, np.ndarray] | None = None  # (int8 mask, its bool view)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickle, binding the action space to this environment again (a space
        leaves its environment out when pickled)."""
        self.__dict__.update(state)
        self.action_space.bind(self._legal_of)

    def _legal_of(self, mask: np.ndarray) -> tuple[int, ...] | None:
        """The legal indices of ``mask`` when it is the agent's mask of this position as
        handed out (``int8``, or the ``bool`` view of :meth:`action_masks` and
        ``info``): what :class:`LegalActionSpace` samples from; else ``None``."""
        g = self.state_
        if g is None or (legal := g._legal) is None or g.game.to_act != self.seat:
            return None
        kept = self._bool
        if mask is g._mask or (kept is not None and mask is kept[1] and kept[0] is g._mask):
            return tuple(legal)
        return None

    def legal_actions(self) -> list[int]:
        """The agent's legal action indices now, ascending (empty when the game is over):
        the ones of :meth:`action_masks`."""
        g = self.game
        if g.game.winners is not None or g.game.to_act != self.seat:
            return []
        return g.legal_list()

    @property
    def game(self) -> EnvGame:
        """The driven game (after :meth:`reset`)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a new game; ``options={"seat": k}`` overrides the agent's seat once."""
        super().reset(seed=seed)
        n = self.rules.players
        choice = (options or {}).get("seat", self._seat_choice)
        if self.seeding == "stream":
            gen = self._gen
            if seed is not None or gen is None:
                # seeded as asked, or (no seed yet) from the environment's np_random
                start = seed if seed is not None else int(self.np_random.integers(2**62))
                gen = self._gen = random.Random(start)
            self.seat = randbelow(gen, n) if choice == "random" else int(choice)
            self.state_ = EnvGame(new_game(self.rules, rng=gen))
            draw: Callable[[int], int] = gen.getrandbits
        else:
            rng = self.np_random
            self.seat = int(rng.integers(n)) if choice == "random" else int(choice)
            self.state_ = EnvGame.new(self.rules, seed=int(rng.integers(2**62)))

            def draw(bits: int) -> int:
                return int(rng.integers(2**bits))

        if not 0 <= self.seat < n:
            raise ValueError(f"seat must be 0..{n - 1}")
        me = self.seat
        others = [s for s in range(n) if s != me]
        bots: dict[int, Bot] = {}
        choosers: dict[int, Chooser | None] = {}
        reads: dict[int, tuple[bool, bool]] = {}
        drawn = [False] * n
        for s, (maker, given) in zip(others, self._makers, strict=True):
            if self.seeding == "stream" and isinstance(maker, _RandomMaker):
                drawn[s] = True  # its moves drawn from the stream: no bot object
                continue
            # a spec's bot is made anew, seeded from the reset's generator
            b = bots[s] = given if maker is None else maker(draw(31))
            # how each bot is asked, looked up once a game rather than at each of its turns
            choose = choosers[s] = _chooser(b)
            if choose is None:
                reads[s] = (getattr(b, "reads_position", True), getattr(b, "reads_history", True))
        self.bots, self._choosers, self._reads = bots, choosers, reads
        self._drawn = tuple(drawn)
        self._play_bots()
        g = self.state_
        if g.game.winners is None:  # the agent to act (nearly always): as step ends
            return self._agent_turn(g, me)
        return self._obs(), self._info()

    @property
    def stream(self) -> random.Random | None:
        """The generator of ``seeding="stream"`` (None before the first reset, or
        reseeded)."""
        return self._gen

    def streams_random_only(self) -> bool:
        """Whether ``seeding="stream"`` and every opponent is ``"random"``: the stream
        then draws every move but the agent's, whatever the agent's seat."""
        return self.seeding == "stream" and all(
            isinstance(maker, _RandomMaker) for maker, _ in self._makers
        )

    def adopt(self, game: EnvGame, seat: int) -> None:
        """Take ``game`` as the new game, the agent at ``seat``: a game dealt from this
        environment's stream and played up to the agent's turn exactly as :meth:`reset`
        (with no seed) deals and plays it when every other seat is a ``"random"``
        opponent (the compiled vector stepper deals that way itself)."""
        n = self.rules.players
        if self._gen is None or not self.streams_random_only():
            raise RuntimeError("adopt needs a streamed environment of 'random' opponents")
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}")
        self.state_, self.seat, self._bool = game, seat, None
        self.bots, self._choosers, self._reads = {}, {}, {}
        self._drawn = tuple(s != seat for s in range(n))

    def answer(self) -> tuple[np.ndarray, dict[str, Any]]:
        """The observation and ``info`` of the game now, as :meth:`reset` and
        :meth:`step` return them (the agent to act, or the game over)."""
        g = self.game
        if g.game.winners is None and g.game.to_act == self.seat:
            return self._agent_turn(g, self.seat)
        return self._obs(), self._info()

    def _play_bots(self) -> None:
        g = self.game
        game = g.game
        bots = self.bots
        reads = self._reads
        choosers = self._choosers
        drawn = self._drawn
        me = self.seat
        while game.winners is None and game.to_act != me:
            s = game.to_act
            if drawn[s]:
                moves = game.legal_actions()
                g.apply(moves[randbelow(self._gen, len(moves))])  # type: ignore[arg-type]
                continue
            choose = choosers[s]
            if choose is not None:
                # a bot that reads the legal moves only: given their texts, nothing else
                texts = _legal_texts(game.legal_actions())
                g.apply(texts[choose(texts)])
            else:
                g.play(_bot_move(bots[s], g, s, *reads[s]))

    def _obs(self) -> np.ndarray:
        return self.game.observation(self.seat)

    def _agent_turn(self, g: EnvGame, me: int) -> tuple[np.ndarray, dict[str, Any]]:
        """``(_obs(), _info())`` when the game goes on with agent ``me`` to act (how
        ``reset`` and ``step`` usually end), built straight: the mask's bool view kept
        for :meth:`action_masks`."""
        obs = g.observation(me)
        mask = g._mask
        if mask is None:
            mask = g.mask()
        view = mask.view(np.bool_)
        self._bool = (mask, view)
        return obs, {"action_mask": view, "legal_actions": g.legal_list(), "seat": me}

    def _info(self, **extra: Any) -> dict[str, Any]:
        g = self.game
        info: dict[str, Any] = {
            "action_mask": self.action_masks(),
            "legal_actions": self.legal_actions(),
            "seat": self.seat,
        }
        out = g.game.outcome if g.game.winners is not None else None
        if out is not None:
            info["result"] = out.result()
            info["termination"] = out.termination
        info.update(extra)
        return info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent now, as booleans (for MaskablePPO).

        Computed once per position: repeated calls before the next step give arrays
        over the same memory (do not write into them)."""
        g = self.state_
        if g is None:
            raise RuntimeError("call reset() first")
        kept = self._bool
        if kept is not None and kept[0] is g._mask:
            return kept[1]  # asked again (the agent after step): the same position's mask
        game = g.game
        if game.winners is not None or game.to_act != self.seat:
            return np.zeros(NUM_ACTIONS, dtype=bool)
        # the position's int8 mask (0 or 1: computed once per position), seen as bool
        # (the view kept with it: step's info and the agent both ask, once each)
        mask = g._mask
        if mask is None:
            mask = g.mask()
        view = mask.view(np.bool_)
        self._bool = (mask, view)
        return view

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the bots until the agent must decide."""
        g = self.game
        game = g.game
        if game.winners is not None:
            raise RuntimeError("the episode is over: call reset()")
        legal = g._legal
        if type(action) is int and legal is not None and not g.chosen:
            move = legal.get(action)  # g.known_move(action), its plain-int case inline
        else:
            move = g.known_move(action)
        try:
            if move is not None:
                # a legal move (not a discard step): g.step(action)'s apply, one call
                g.apply(move)
            else:
                g.step(int(action))
        except EncodingError:
            if self.illegal_action == "raise":
                raise
            # the position did not change: a copy, as Gymnasium wants new data per call
            info = self._info(illegal_action=True)
            info["action_mask"] = info["action_mask"].copy()
            return self._obs().copy(), -1.0, True, False, info
        me = self.seat
        if game.winners is None and game.to_act != me:
            # the bots' turns (_play_bots, its usual case inline: bots asked with their
            # legal moves alone)
            choosers = self._choosers
            drawn = self._drawn
            while True:
                s = game.to_act
                if drawn[s]:  # a "random" opponent, streamed: one draw from the stream
                    moves = game.legal_actions()
                    g.apply(moves[randbelow(self._gen, len(moves))])  # type: ignore[arg-type]
                    if game.winners is not None or game.to_act == me:
                        break
                    continue
                choose = choosers[s]
                if choose is None:
                    self._play_bots()
                    break
                texts = _legal_texts(game.legal_actions())
                g.apply(texts[choose(texts)])
                if game.winners is not None or game.to_act == me:
                    break
        if self.render_mode == "human":
            self.render()
        if game.winners is None:  # the agent to act again (the usual case)
            obs, info = self._agent_turn(g, me)
            return obs, 0.0, False, False, info
        reward = g.returns()[self.seat]
        truncated = g.truncated
        return self._obs(), reward, not truncated, truncated, self._info()

    def render(self) -> Any:
        """Draw the agent's view (:mod:`cuttle.envs.render`): ``ansi`` returns the table as text,
        ``human`` prints it, ``rgb_array`` returns a small ``uint8`` picture of it."""
        if self.state_ is None:
            return None
        return render_view(self.render_mode, self.state_.game, self.seat)
