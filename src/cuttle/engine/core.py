"""The game core: the full position, its move generation and the moves' effects.

:class:`Core` holds a full position (every hidden card included) and the history of
moves that led to it. ``legal_actions()`` and ``apply()`` are the fast path for bots and
benchmarks. Every rule-set difference is read from
:class:`~cuttle.engine.rules.RuleSet` fields, and every one-off's behaviour from its
effect object (:mod:`cuttle.engine.effects`), found through ``rules.card_effects()``.
The public :class:`~cuttle.engine.game.Game` adds notation (JSON, text moves with
reasons for illegal ones) on top.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Self

from ..i18n import N_
from .cards import (
    CARD_NAMES,
    EIGHT,
    JACK,
    JOKER_RANK,
    KING,
    POINT_VALUE,
    QUEEN,
    RANK_OF,
    TEN,
    TWO,
    shuffle,
)
from .errors import GameOverError, IllegalMoveError
from .moves import (
    AGREE_DRAW,
    AIMED_MOVES,
    CARD_MOVES,
    COUNTER,
    DISCARD,
    DRAW,
    DRAW_MOVE,
    GLASSES,
    ONEOFF,
    PASS,
    PASS_MOVE,
    POINTS,
    RESIGN,
    RESOLVE,
    RESOLVE_MOVE,
    ROYAL,
    SCRAP,
    SCUTTLE,
    TAKE,
    Move,
    discards,
    move_text,
    seated,
)
from .moves import (
    JACK as JACK_MOVE,
)
from .reasons import say
from .rules import RuleSet
from .table import (
    ANSWER,
    BARE_STACKS,
    COUNTER_PHASE,
    HAND_LIMIT,
    KIND_ANSWER,
    KIND_ONEOFF,
    KIND_ROYAL,
    KIND_SCUTTLE,
    MAIN,
    OVER,
    SEVEN_PHASE,
    Outcome,
    Pending,
    Phase,
    Stack,
    Termination,
    new_cover,
    new_stack,
)

_POINTS: Final = CARD_MOVES[POINTS]
_GLASSES: Final = CARD_MOVES[GLASSES]
_ROYALS: Final = CARD_MOVES[ROYAL]
_SCUTTLES: Final = AIMED_MOVES[SCUTTLE]
# Rows of the shared moves that card_plays lists for nearly every card in hand.


_SLOTS: Final = (
    "_effects", "_opps", "_perms", "_team", "deck", "deck_known", "faces", "frozen",
    "glasses", "hands", "history", "known", "moves_played", "n", "passes", "pending",
    "phase", "played_by", "points", "removed", "revealed", "rules", "scrap", "skips",
    "start_deck", "start_position", "termination", "to_act", "turn", "winners",
)  # fmt: skip
"""The slots of a game (:class:`Core`): its whole state, pickled by ``__reduce__``."""


class Core:
    """A game of Cuttle without notation: the full position, its rules and its history.

    The seat to act is :attr:`to_act`; :meth:`legal_actions` lists its moves
    (:class:`~cuttle.engine.moves.Move`) and :meth:`apply` applies one. The methods
    without a leading underscore that move cards (``end_turn``, ``draw_cards``, ...) are
    the toolkit the effect objects use.
    """

    __slots__ = _SLOTS
    # Slots, not a dict: search bots copy positions by the hundred thousand a second.

    # ----------------------------------------------------------------- construction

    def __init__(self, rules: RuleSet, source: Core | None = None) -> None:
        """Create an empty table for ``rules``; use :func:`cuttle.new_game` to deal.

        With ``source`` (a game of the same rules), the new game is an independent copy
        of it instead: :meth:`copy` builds its copies here, through the constructor, so
        that the compiled core (mypyc makes no instance without ``__init__``) and the
        plain source make them alike.
        """
        if source is not None:
            self._copy_from(source)
            return
        n = rules.players
        self.rules = rules
        self.n = n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.points: list[list[Stack]] = [[] for _ in range(n)]
        self.faces: list[list[Stack]] = [[] for _ in range(n)]
        """Each seat's royals and house permanents. Replaced (:meth:`set_faces`), never
        changed in place, like :attr:`glasses`: copies share them."""
        self.glasses: list[list[int]] = [[] for _ in range(n)]
        """Each seat's glasses eights. Like :attr:`frozen`, :attr:`revealed` and
        :attr:`skips`, replaced (:meth:`set_glasses`), never changed in place: copies
        share these rarely changed lists rather than copy them."""
        self.scrap: list[int] = []
        self.deck: list[int] = []  # top of the deck is the END of this list
        self.removed: list[int] = []
        """Cards set aside face up before the deal (:attr:`RuleSet.remove`), out of play."""
        self.frozen: list[int] = []
        self.passes = 0
        self.pending: Pending | None = None
        self.revealed: list[int] = []
        self.phase: Phase = MAIN
        self.turn = 0
        self.to_act = 0
        self.winners: tuple[int, ...] | None = None
        self.termination: str | None = None
        """How the game ended (a server may set a plain string of a :class:`Termination`
        value, such as ``"time"``); None while it is on."""
        self.moves_played = 0
        self.skips = [0] * n
        self.known: dict[int, int] = {}
        """Card in a hand -> bit mask of the seats that know it is there (its holder's bit
        included), for the cards some other seat knows; a card missing here is known to
        its holder alone. Replaced (:meth:`show_cards`, :meth:`forget`), never changed in
        place: copies share it, and most positions have it empty."""
        self.deck_known = 0
        """How many cards on top of the deck every seat knows."""
        self.played_by: dict[int, int] = {}
        """Cover (jack or joker) on the table -> the seat that played it, where that is
        not the seat it gave control to (its ``to``). Replaced, never changed in place."""
        self.history: list[tuple[int, Move]] = []
        self.start_deck: list[int] | None = None
        self.start_position: dict[str, Any] | None = None
        tables = rules.seat_tables()
        self._opps: tuple[tuple[int, ...], ...] = tables.opponents
        self._team: tuple[tuple[int, ...], ...] = tables.teams
        self._effects = rules.card_effects()
        self._perms: frozenset[str] = tables.flags

    def copy(self) -> Self:
        """Return an independent copy of the game (history included), of the same class."""
        return type(self)(self.rules, self)

    def _copy_from(self, source: Core) -> None:
        """Set every slot to an independent copy of ``source``'s (for :meth:`copy`)."""
        self.rules = source.rules
        self.n = source.n
        self.hands = [h[:] for h in source.hands]
        self.points = [p[:] for p in source.points]
        self.faces = source.faces  # these six are replaced, never changed in place
        self.glasses = source.glasses
        self.scrap = source.scrap[:]
        self.deck = source.deck[:]
        self.removed = source.removed  # set aside at the deal, never changed afterwards
        self.frozen = source.frozen
        self.passes = source.passes
        self.pending = source.pending.copy() if source.pending is not None else None
        self.revealed = source.revealed
        self.phase = source.phase
        self.turn = source.turn
        self.to_act = source.to_act
        self.winners = source.winners
        self.termination = source.termination
        self.moves_played = source.moves_played
        self.skips = source.skips
        self.known = source.known
        self.deck_known = source.deck_known
        self.played_by = source.played_by
        self.history = source.history[:]
        self.start_deck = source.start_deck
        self.start_position = source.start_position
        self._opps = source._opps
        self._team = source._team
        self._effects = source._effects
        self._perms = source._perms

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickle and deepcopy through the constructor (a compiled core makes no instance
        # without it): the class, the rule set, then every slot's value.
        state = tuple(getattr(self, name) for name in _SLOTS)
        return (_rebuild, (type(self), self.rules, state))

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.rules.name} turn=p{self.turn} phase={self.phase} "
            f"moves={self.moves_played}>"
        )

    # ----------------------------------------------------------------- queries

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game is on; else the winners (empty for a draw) and how."""
        if self.winners is None:
            return None
        return Outcome(self.winners, Termination(self.termination or Termination.DRAW))

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.winners is not None

    def score(self, seat: int) -> int:
        """Points on ``seat``'s field."""
        return sum(POINT_VALUE[st.card] for st in self.points[seat])

    def kings(self, seat: int) -> int:
        """Kings on ``seat``'s field."""
        return sum(1 for st in self.faces[seat] if RANK_OF[st.card] == KING)

    def queens(self, seat: int) -> int:
        """Queens on ``seat``'s field."""
        return sum(1 for st in self.faces[seat] if RANK_OF[st.card] == QUEEN)

    def goal(self, seat: int) -> int:
        """Points ``seat`` needs to win now."""
        return self.rules.goal(self.kings(seat))

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Seats playing against ``seat``."""
        return self._opps[seat]

    def permanent_on(self, seat: int, flag: str) -> bool:
        """Whether ``seat``'s field holds a house permanent with ``flag`` set
        (``opens_hands``, ``shields_group`` or ``counts_against``)."""
        if flag not in self._perms:
            return False
        effects = self._effects
        for st in self.faces[seat]:
            e = effects[st.card]
            if e is not None and getattr(e, flag):
                return True
        return False

    def hands_open(self) -> bool:
        """Whether a house permanent opens every hand right now."""
        return "opens_hands" in self._perms and any(
            self.permanent_on(v, "opens_hands") for v in range(self.n)
        )

    def group_shielded(self, seat: int) -> bool:
        """Whether ``seat``'s field is shielded from group attacks (aces, sixes, fours
        that hit every other player) by a house permanent."""
        return self.permanent_on(seat, "shields_group")

    def counts_against(self, seat: int) -> bool:
        """Whether ``seat``'s points count against it in long-term scoring (a house
        permanent on its field says so); no effect inside a game."""
        return self.permanent_on(seat, "counts_against")

    def can_see_hand(self, viewer: int, holder: int) -> bool:
        """Whether ``viewer`` sees every card of ``holder``'s hand right now."""
        if viewer == holder or self.winners is not None:
            return True
        if self._perms and self.hands_open():
            return True
        rules = self.rules
        if rules.open_hands_on_empty_deck and not self.deck and not self.revealed:
            return True
        if rules.glasses_public:
            for v, glasses in enumerate(self.glasses):  # noqa: SIM110 - a loop is faster
                if glasses and v != holder:
                    return True
            return False
        return bool(self.glasses[viewer]) and holder in self._opps[viewer]

    def holder_of(self, c: int) -> int | None:
        """The seat whose field holds table card ``c`` (anywhere in a stack), or None."""
        for v in range(self.n):
            if c in self.glasses[v]:
                return v
            for st in (*self.points[v], *self.faces[v]):
                if st.card == c or any(j == c for j, _ in st.covers):
                    return v
        return None

    def place_of(self, c: int) -> str:
        """Where table card ``c`` lies: ``point``, ``jack``/``joker`` (a top cover),
        ``under`` (a cover with another on it), ``face``, ``glasses`` or ``none``."""
        for v in range(self.n):
            if c in self.glasses[v]:
                return "glasses"
            for group, base_kind, cover_kind in (
                (self.points[v], "point", "jack"),
                (self.faces[v], "face", "joker"),
            ):
                for base, _, covers in group:
                    if base == c:
                        return base_kind
                    for i, (cov, _) in enumerate(covers):
                        if cov == c:
                            return cover_kind if i == len(covers) - 1 else "under"
        return "none"

    def top_of(self, c: int) -> int:
        """The top cover of the stack holding ``c`` (``c`` itself when nothing is on it)."""
        for v in range(self.n):
            for base, _, covers in (*self.points[v], *self.faces[v]):
                if covers and (base == c or any(cov == c for cov, _ in covers)):
                    return covers[-1].card
        return c

    def owner_of(self, c: int) -> int:
        """The seat that played table card ``c``: a base card's ``owner``, a cover's
        player, a glasses' holder (spec ruling 17)."""
        kind, v, i = self.locate(c)
        if kind == "glasses":
            return v
        st = (self.faces if kind in ("face", "joker") else self.points)[v][i]
        if kind in ("face", "point"):
            return st.owner
        return self.played_by.get(c, st.covers[-1].to)

    def legal_moves(self) -> list[str]:
        """Return the canonical text of every legal move of the seat to act.

        The list is in a canonical order (by verb, then cards), so equal positions give
        equal lists however they were reached.
        """
        return [move_text(m) for m in sorted(self.legal_actions())]

    def legal_actions(self) -> list[Move]:
        """Return every legal move of the seat to act, as :class:`Move` values."""
        if self.winners is not None:
            return []
        phase = self.phase
        s = self.to_act
        # a phase is a Phase member (a singleton): identity is the cheapest comparison
        if phase is MAIN:
            return self._main_moves(s)
        if phase is COUNTER_PHASE:
            return self._counter_moves(s)
        if phase is HAND_LIMIT:
            hand = sorted(self.hands[s])
            k = len(hand) - self.rules.hand_limit
            return discards(hand, k)
        if phase is ANSWER:
            return self._answer_moves(s)
        p = self.pending
        assert p is not None
        effect = self._effects[p.card]
        assert effect is not None
        return effect.decision_moves(self, s, p)

    # ----------------------------------------------------------------- move generation

    def deck_ok(self) -> bool:
        """Whether a card can be drawn or revealed now (deck, or a scrap to reshuffle)."""
        return bool(self.deck) or (self.rules.reshuffle_scrap and bool(self.scrap))

    def _main_moves(self, s: int) -> list[Move]:
        rules = self.rules
        hand = self.hands[s]
        out: list[Move] = []
        if self.deck_ok():
            if not (rules.limit_blocks_draw and len(hand) >= rules.hand_limit > 0):
                out.append(DRAW_MOVE)
        else:
            out.append(PASS_MOVE)
        frozen = self.frozen
        for c in hand:
            if frozen and c in frozen:
                continue
            self.card_plays(s, c, out, False)
        if not out:
            out.append(PASS_MOVE)
        return out

    def card_plays(self, s: int, c: int, out: list[Move], from_seven: bool) -> None:
        """Append every way ``s`` may play card ``c`` (from hand, or revealed by a seven)."""
        r = RANK_OF[c]
        if r <= TEN:
            out.append(_POINTS[c])
            for v in self._opps[s]:
                for st in self.points[v]:
                    if c > st.card:
                        out.append(_SCUTTLES[c][st.card])
        effect = self._effects[c]
        if effect is not None:
            effect.plays(self, s, c, out)
        if r == EIGHT:
            out.append(_GLASSES[c])
        elif r == JACK:
            self._jack_plays(s, c, out, from_seven)
        elif r in (QUEEN, KING):
            out.append(_ROYALS[c])
        elif r == JOKER_RANK and self.rules.jokers == 2:
            self._joker_plays(s, c, out)

    def protected(self, v: int, target: int, attacker: int) -> bool:
        """Whether ``v``'s queens shield ``target`` from ``attacker``."""
        if v in self._team[attacker]:
            return False
        q = 0
        for st in self.faces[v]:
            if RANK_OF[st.card] == QUEEN:
                q += 1
        if q == 0:
            return False
        r = RANK_OF[target]
        if r == JOKER_RANK:
            # a stolen queen is reached through its top joker: shielded as the queen is
            for st in self.faces[v]:
                if st.covers and st.covers[-1].card == target and RANK_OF[st.card] == QUEEN:
                    r = QUEEN
        if r == QUEEN:
            return self.rules.queens_guard_queens and q >= 2
        return True

    def royal_targets(self, v: int) -> list[int]:
        """Cards on ``v``'s field a two may scrap: glasses, royals, top jacks and jokers."""
        ts = list(self.glasses[v])
        for st in self.faces[v]:
            ts.append(st.covers[-1].card if st.covers else st.card)
        for st in self.points[v]:
            if st.covers:
                ts.append(st.covers[-1].card)
        return ts

    def _jack_plays(self, s: int, c: int, out: list[Move], from_seven: bool) -> None:
        before = len(out)
        if self.rules.jacks_any_seat:
            for v in range(self.n):
                for st in self.points[v]:
                    if not self.protected(v, st.card, s):
                        row = seated(JACK_MOVE, c, st.card)
                        for to in range(self.n):
                            if to != v:
                                out.append(row[to])
        else:
            jacks = AIMED_MOVES[JACK_MOVE][c]
            for v in self._opps[s]:
                for st in self.points[v]:
                    if not self.protected(v, st.card, s):
                        out.append(jacks[st.card])
        if len(out) == before and from_seven and self.rules.seven_forced_jack:
            for st in self.points[s]:
                if self.n == 2:
                    out.append(AIMED_MOVES[JACK_MOVE][c][st.card])
                else:
                    row = seated(JACK_MOVE, c, st.card)
                    for to in self._opps[s]:
                        out.append(row[to])

    def _joker_plays(self, s: int, c: int, out: list[Move]) -> None:
        if self.rules.jacks_any_seat:
            for v in range(self.n):
                for st in self.faces[v]:
                    if not self.protected(v, st.card, s):
                        row = seated(ROYAL, c, st.card)
                        for to in range(self.n):
                            if to != v:
                                out.append(row[to])
        else:
            for v in self._opps[s]:
                for st in self.faces[v]:
                    if not self.protected(v, st.card, s):
                        out.append(AIMED_MOVES[ROYAL][c][st.card])

    def responders(self, last: int) -> list[int]:
        """Seats asked to answer a card played by ``last``, in asking order."""
        p = self.pending
        if p is not None and p.kind == KIND_SCUTTLE:
            return [self.find_point(p.target)[0]]
        opps = self._opps[last]
        n = self.n
        return [(last + i) % n for i in range(1, n) if (last + i) % n in opps]

    def _counter_moves(self, s: int) -> list[Move]:
        p = self.pending
        assert p is not None
        out: list[Move] = [RESOLVE_MOVE]
        frozen = self.frozen
        counters = CARD_MOVES[COUNTER]
        if p.kind == KIND_SCUTTLE:
            for c in self.hands[s]:
                if RANK_OF[c] == TEN and c not in frozen:
                    out.append(counters[c])
            return out
        if self.queens(p.last) and p.last not in self._team[s]:
            return out
        for c in self.hands[s]:
            if RANK_OF[c] == TWO and c not in frozen:
                out.append(counters[c])
        return out

    def _answer_moves(self, s: int) -> list[Move]:
        p = self.pending
        assert p is not None
        out: list[Move] = [RESOLVE_MOVE]
        effects = self._effects
        for c in self.hands[s]:
            effect = effects[c]
            if (
                effect is not None
                and effect.answers_royals
                and c not in self.frozen
                and effect.can_target(self, s, p.card)
            ):
                out.append(AIMED_MOVES[ONEOFF][c][p.card])
        return out

    def seeded_rng(self, *parts: object) -> random.Random:
        """A generator determined by the position, so replays repeat 'random' events."""
        return random.Random(repr((self.moves_played, tuple(self.scrap), *parts)))

    # ----------------------------------------------------------------- playing

    def resign(self, seat: int) -> None:
        """Let ``seat`` resign at any moment; its opponents win."""
        if self.winners is not None:
            raise GameOverError(say(N_("the game is over")))
        if not 0 <= seat < self.n:
            raise IllegalMoveError(say(N_("there is no seat {seat}"), seat=f"p{seat}"))
        self.history.append((seat, Move(RESIGN)))
        self.moves_played += 1
        self.finish(tuple(v for v in range(self.n) if v in self._opps[seat]), Termination.RESIGN)

    def agree_draw(self) -> None:
        """End the game in a draw agreed by the players."""
        if self.winners is not None:
            raise GameOverError(say(N_("the game is over")))
        self.history.append((-1, Move(AGREE_DRAW)))
        self.moves_played += 1
        self.finish((), Termination.AGREED)

    def apply(self, move: Move) -> None:
        """Apply a move taken from :meth:`legal_actions` (not checked again)."""
        s = self.to_act
        self.history.append((s, move))
        self.moves_played += 1
        dirty = _handle(self, s, move)
        # Each test reads ``winners`` afresh (no narrowing across the calls that set it:
        # the compiled core trusts a narrowed attribute's type).
        if dirty and self.winners is None:
            self.check_win(s)
        if self.winners is None and self.moves_played >= self.rules.move_cap:
            self.finish((), Termination.MOVE_CAP)
        if self.winners is None and (
            # a generator, not any(self.glasses): compiled, the builtin any() of a list
            # is a Python call, and this runs after every move
            any(row for row in self.glasses)
            or (self.rules.open_hands_on_empty_deck and not self.deck)
            or (self._perms and self.hands_open())
        ):
            self._remember_open_hands()

    # --- helpers that move cards

    def take_card(self, s: int, c: int) -> int:
        """Remove ``c`` from ``s``'s hand, or from the revealed cards in phase seven;
        return the seven that revealed it (now scrapped), or -1."""
        if self.phase is SEVEN_PHASE:
            self.return_revealed(c)
            p = self.pending
            assert p is not None
            self.scrap.append(p.card)
            self.pending = None
            self.phase = MAIN
            return p.card
        self.hands[s].remove(c)
        self.forget(c)
        if self.frozen and c in self.frozen:
            self.unfreeze(c)
        return -1

    def discard(self, s: int, cs: Sequence[int]) -> None:
        """Move cards ``cs`` from ``s``'s hand to the scrap (a freeze on them ends)."""
        hand = self.hands[s]
        for c in cs:
            hand.remove(c)
            self.forget(c)
            if self.frozen and c in self.frozen:
                self.unfreeze(c)
            self.scrap.append(c)

    def return_revealed(self, c: int) -> None:
        """Put the revealed cards other than ``c`` back on top of the deck, known to every
        seat, in their order, and end the reveal."""
        for other in reversed(self.revealed):
            if other != c:
                self.deck.append(other)
                self.deck_known += 1
        self.revealed = []

    def freeze(self, c: int) -> None:
        """Freeze ``c`` in its holder's hand until their next turn ends (nine variant)."""
        self.frozen = [*self.frozen, c]

    def unfreeze(self, c: int) -> None:
        """End the freeze on ``c``."""
        self.frozen = [x for x in self.frozen if x != c]

    def add_skip(self, s: int) -> None:
        """Owe seat ``s`` one more skipped turn."""
        skips = self.skips[:]
        skips[s] += 1
        self.skips = skips

    def set_glasses(self, s: int, cards: list[int]) -> None:
        """Make ``cards`` seat ``s``'s glasses eights (a new list: copies share these)."""
        glasses = self.glasses[:]
        glasses[s] = cards
        self.glasses = glasses

    def set_faces(self, s: int, stacks: list[Stack]) -> None:
        """Make ``stacks`` seat ``s``'s royals (a new list: copies share these)."""
        faces = self.faces[:]
        faces[s] = stacks
        self.faces = faces

    def to_hand(self, s: int, c: int, public: bool) -> None:
        """Put ``c`` into ``s``'s hand, known to every seat if ``public``."""
        self.hands[s].append(c)
        if public:
            known = dict(self.known)
            known[c] = (1 << self.n) - 1
            self.known = known
        else:
            self.forget(c)

    def forget(self, c: int) -> None:
        """Make ``c`` known to nobody but whoever holds it (it left a hand, or came
        into one unseen)."""
        if self.known and c in self.known:
            known = dict(self.known)
            del known[c]
            self.known = known

    def show_cards(self, holder: int, cards: Sequence[int], seats: int) -> None:
        """Let the seats in the bit mask ``seats`` know ``cards``, in ``holder``'s hand
        (a new :attr:`known`: copies share it)."""
        old = self.known
        known: dict[int, int] | None = None
        for c in cards:
            before = old.get(c, 1 << holder)
            after = before | seats
            if after != before:
                if known is None:
                    known = dict(old)
                known[c] = after
        if known is not None:
            self.known = known

    def draw_cards(self, s: int, k: int) -> None:
        """Let ``s`` draw up to ``k`` cards (the hand limit and an empty deck stop it)."""
        rules = self.rules
        hand = self.hands[s]
        for _ in range(k):
            if rules.limit_blocks_draw and len(hand) >= rules.hand_limit > 0:
                return
            if not self.deck:
                if rules.reshuffle_scrap and self.scrap:
                    self.reshuffle()
                else:
                    return
            c = self.deck.pop()
            if self.deck_known:
                self.deck_known -= 1
                self.to_hand(s, c, True)
            else:
                self.to_hand(s, c, False)

    def reshuffle(self) -> None:
        """Turn the scrap into a new deck, shuffled in an order fixed by the position."""
        new = self.scrap[:]
        shuffle(self.seeded_rng("reshuffle"), new)
        self.deck = new
        self.scrap = []
        self.deck_known = 0
        if self.pending is not None:
            # the seven that revealed a pending one-off has left the scrap with the rest
            self.pending.seven = -1

    def find_point(self, c: int) -> tuple[int, int]:
        """Seat and index of point card ``c`` on the table."""
        for v in range(self.n):
            for i, st in enumerate(self.points[v]):
                if st.card == c:
                    return v, i
        raise AssertionError(f"{CARD_NAMES[c]} is not a point card on the table")

    def find_face(self, c: int) -> tuple[int, int]:
        """Seat and index of king or queen ``c`` on the table."""
        for v in range(self.n):
            for i, st in enumerate(self.faces[v]):
                if st.card == c:
                    return v, i
        raise AssertionError(f"{CARD_NAMES[c]} is not a royal on the table")

    def locate(self, c: int) -> tuple[str, int, int]:
        """Find a targetable card: its kind (``glasses``, ``face``, ``joker``, ``point`` or
        ``jack``), seat and index."""
        for v in range(self.n):
            if c in self.glasses[v]:
                return "glasses", v, self.glasses[v].index(c)
            for i, st in enumerate(self.faces[v]):
                if st.card == c:
                    return "face", v, i
                if st.covers and st.covers[-1].card == c:
                    return "joker", v, i
            for i, st in enumerate(self.points[v]):
                if st.card == c:
                    return "point", v, i
                if st.covers and st.covers[-1].card == c:
                    return "jack", v, i
        raise AssertionError(f"{CARD_NAMES[c]} is not on the table")

    def _uncover(self, group: list[list[Stack]], v: int, i: int) -> None:
        """Take the top cover off stack ``i`` of seat ``v``; the stack goes back to the
        seat that controlled it before that cover."""
        base, owner, covers = group[v].pop(i)
        rest = covers[:-1]
        back = rest[-1].to if rest else owner
        group[back].append(new_stack(base, owner, rest) if rest else BARE_STACKS[owner][base])

    def remove_target(self, c: int) -> tuple[int, list[int]]:
        """Lift target ``c`` off the table; return its controller and cards left over
        for the scrap (jacks or jokers under a removed base card)."""
        kind, v, i = self.locate(c)
        if kind == "glasses":
            left = self.glasses[v][:]
            left.pop(i)
            self.set_glasses(v, left)
            return v, []
        if kind == "face":
            row = self.faces[v][:]
            st = row.pop(i)
            self.set_faces(v, row)
            return v, [j for j, _ in st.covers]
        if kind == "point":
            st = self.points[v].pop(i)
            return v, [j for j, _ in st.covers]
        if kind == "joker":
            faces = [row[:] for row in self.faces]
            self._uncover(faces, v, i)
            self.faces = faces
        else:
            self._uncover(self.points, v, i)
        return v, []

    def _cover(self, c: int, s: int, dest: int) -> None:
        """Note who played cover ``c`` when it is not the seat it gives control to."""
        if dest != s:
            self.played_by = {**self.played_by, c: s}
        elif c in self.played_by:
            self.played_by = {k: v for k, v in self.played_by.items() if k != c}

    # --- the end of a turn

    def end_turn(self) -> None:
        """End the turn of :attr:`turn` (hand limit first) and pass it on."""
        rules = self.rules
        s = self.turn
        self.pending = None
        if rules.limit_discard and 0 < rules.hand_limit < len(self.hands[s]):
            self.phase = HAND_LIMIT
            self.to_act = s
            return
        if self.frozen:
            hand = self.hands[s]
            self.frozen = [c for c in self.frozen if c not in hand]
        t = (s + 1) % self.n
        if self.skips[t]:  # rare: a skipped turn owed (copied, as copies share it)
            skips = self.skips[:]
            for _ in range(self.n * 4):
                if not skips[t]:
                    break
                skips[t] -= 1
                t = (t + 1) % self.n
            self.skips = skips
        self.turn = self.to_act = t
        self.phase = MAIN

    def _after_royal(self, s: int, c: int) -> None:
        """Open team's answer window after a royal, else end the turn."""
        if self.rules.nine_answers_royals:
            self.pending = Pending(c, s, kind=KIND_ROYAL)
            self.phase = ANSWER
            self.to_act = self.responders(s)[0]
        else:
            self.end_turn()

    def check_win(self, mover: int) -> None:
        """End the game if a seat has reached its goal (spec ruling 10 for several)."""
        rules = self.rules
        reached = []
        for v in range(self.n):
            score = 0
            for st in self.points[v]:
                score += POINT_VALUE[st.card]
            kings = 0
            for st in self.faces[v]:
                if RANK_OF[st.card] == KING:
                    kings += 1
            goal = rules.goal(kings)
            if score >= goal:
                reached.append((v, goal))
        if not reached:
            return
        mine = [x for x in reached if x[0] in self._team[mover]]
        if mine:
            winner, goal = mine[0]
        else:
            winner, goal = min(reached, key=lambda x: (x[0] - mover) % self.n)
        self.finish(self._team[winner], Termination.KINGS if goal == 0 else Termination.POINTS)

    def finish(self, winners: tuple[int, ...], termination: Termination) -> None:
        """End the game with ``winners`` (empty: a draw)."""
        self.winners = tuple(sorted(winners))
        self.termination = termination
        self.phase = OVER
        # A one-off (and its counters) cut short by a resignation or the move cap stays
        # in ``pending`` so that no card leaves the game; a royal waiting for answers
        # already lies on the table.
        if self.pending is not None and self.pending.kind == KIND_ROYAL:
            self.pending = None

    def _remember_open_hands(self) -> None:
        for h in range(self.n):
            mask = 0
            for v in range(self.n):
                if v != h and self.can_see_hand(v, h):
                    mask |= 1 << v
            if mask:
                self.show_cards(h, self.hands[h], mask)

    # --- the chain of counters

    def _open_window(self, p: Pending) -> None:
        self.pending = p
        self.phase = COUNTER_PHASE
        self.to_act = self.responders(p.last)[0]

    def _resolve_chain(self) -> bool:
        """Close the counter window; the move that closes it is the pending card's player's
        for spec ruling 10, so the win check is made here with that seat as the mover."""
        p = self.pending
        assert p is not None
        if self._resolve_cards(p) and self.winners is None:
            self.check_win(p.by)
        return False

    def _resolve_cards(self, p: Pending) -> bool:
        cancelled = len(p.counters) % 2 == 1
        self.scrap.extend(p.counters)
        p.counters = []
        p.counter_seats = []
        if p.kind == KIND_SCUTTLE:
            if cancelled:
                self.scrap.append(p.card)
                self.end_turn()
                return False
            v, i = self.find_point(p.target)
            st = self.points[v].pop(i)
            self.scrap.append(st.card)
            self.scrap.extend(j for j, _ in st.covers)
            self.scrap.append(p.card)
            self.end_turn()
            return True
        if cancelled:
            self.scrap.append(p.card)
            self.end_turn()
            return False
        effect = self._effects[p.card]
        assert effect is not None
        if effect.resolve(self, p):
            return False
        self.scrap.append(p.card)
        self.end_turn()
        return True


def _rebuild(cls: type[Core], rules: RuleSet, state: tuple[Any, ...]) -> Core:
    """A game of class ``cls`` with the slot values ``state`` (for :meth:`Core.__reduce__`)."""
    g = cls(rules)
    for name, value in zip(_SLOTS, state, strict=True):
        setattr(g, name, value)
    return g


# ---------------------------------------------------------------------- handlers
# Each takes (game, seat, move), changes the game, and says whether fields changed.


def _h_draw(g: Core, s: int, m: Move) -> bool:
    g.passes = 0
    g.draw_cards(s, 1)
    g.end_turn()
    return False


def _h_pass(g: Core, s: int, m: Move) -> bool:
    g.passes += 1
    if g.passes >= g.rules.pass_limit:
        g.finish((), Termination.PASSES)
    else:
        g.end_turn()
    return False


def _h_points(g: Core, s: int, m: Move) -> bool:
    g.passes = 0
    c = m.card
    g.take_card(s, c)
    g.points[s].append(BARE_STACKS[s][c])
    g.end_turn()
    return True


def _h_scuttle(g: Core, s: int, m: Move) -> bool:
    g.passes = 0
    c, t = m.card, m.target
    g.take_card(s, c)
    if g.rules.ten_blocks_scuttle:
        g._open_window(Pending(c, s, t, KIND_SCUTTLE))
        return False
    v, i = g.find_point(t)
    st = g.points[v].pop(i)
    g.scrap.append(t)
    g.scrap.extend(j for j, _ in st.covers)
    g.scrap.append(c)
    g.end_turn()
    return True


def _h_royal(g: Core, s: int, m: Move) -> bool:
    g.passes = 0
    c, t, to = m.card, m.target, m.seat
    g.take_card(s, c)
    if t < 0:
        g.set_faces(s, [*g.faces[s], BARE_STACKS[s][c]])
    else:
        v, i = g.find_face(t)
        faces = [row[:] for row in g.faces]
        base, owner, covers = faces[v].pop(i)
        dest = s if to < 0 else to
        faces[dest].append(new_stack(base, owner, (*covers, new_cover(c, dest))))
        g.faces = faces
        if dest != s or g.played_by:
            g._cover(c, s, dest)
    g._after_royal(s, c)
    return True


def _h_glasses(g: Core, s: int, m: Move) -> bool:
    g.passes = 0
    c = m.card
    g.take_card(s, c)
    g.set_glasses(s, [*g.glasses[s], c])
    g.end_turn()
    return False


def _h_jack(g: Core, s: int, m: Move) -> bool:
    g.passes = 0
    c, t, to = m.card, m.target, m.seat
    g.take_card(s, c)
    v, i = g.find_point(t)
    base, owner, covers = g.points[v].pop(i)
    dest = to if to >= 0 else (s if v != s else g._opps[s][0])
    g.points[dest].append(new_stack(base, owner, (*covers, new_cover(c, dest))))
    if dest != s or g.played_by:
        g._cover(c, s, dest)
    g._after_royal(s, c)
    return True


def _h_oneoff(g: Core, s: int, m: Move) -> bool:
    c, t, victim = m.card, m.target, m.seat
    if g.phase is ANSWER:
        g.hands[s].remove(c)
        g.forget(c)
        g._open_window(Pending(c, s, t, KIND_ANSWER))
        return False
    g.passes = 0
    seven = g.take_card(s, c)
    g._open_window(Pending(c, s, t, KIND_ONEOFF, victim, seven))
    return False


def _h_counter(g: Core, s: int, m: Move) -> bool:
    c = m.card
    p = g.pending
    assert p is not None
    g.hands[s].remove(c)
    g.forget(c)
    if g.frozen and c in g.frozen:
        g.unfreeze(c)
    p.counters.append(c)
    p.counter_seats.append(s)
    if p.kind == KIND_SCUTTLE:
        # a ten stopping a scuttle (variant) is not multiplayer's two-counter: no turn cost
        return g._resolve_chain()
    if g.rules.counter_spends_turn:
        g.add_skip(s)
    g.to_act = g.responders(s)[0]
    return False


def _h_resolve(g: Core, s: int, m: Move) -> bool:
    p = g.pending
    assert p is not None
    if g.phase is ANSWER:
        order = g.responders(p.by)
        i = order.index(s)
        if i + 1 < len(order):
            g.to_act = order[i + 1]
        else:
            g.end_turn()
        return False
    order = g.responders(p.last)
    i = order.index(s)
    if i + 1 < len(order):
        g.to_act = order[i + 1]
        return False
    return g._resolve_chain()


def _h_decide(g: Core, s: int, m: Move) -> bool:
    """A decision of the pending one-off's effect (take, discard, scrap)."""
    if g.phase is HAND_LIMIT:
        g.discard(s, m.cards)
        g.end_turn()
        return False
    p = g.pending
    assert p is not None
    effect = g._effects[p.card]
    assert effect is not None
    effect.decide(g, s, m, p)
    return False


def _handle(g: Core, s: int, m: Move) -> bool:
    """Carry out move ``m`` of seat ``s``; return whether the win check is due. A chain of
    tests, most frequent verbs first, rather than a table of functions: compiled, each
    handler is then a direct C call."""
    verb = m.verb
    if verb == DRAW:
        return _h_draw(g, s, m)
    if verb == POINTS:
        return _h_points(g, s, m)
    if verb == RESOLVE:
        return _h_resolve(g, s, m)
    if verb == ONEOFF:
        return _h_oneoff(g, s, m)
    if verb == PASS:
        return _h_pass(g, s, m)
    if verb == SCUTTLE:
        return _h_scuttle(g, s, m)
    if verb == ROYAL:
        return _h_royal(g, s, m)
    if verb == JACK_MOVE:
        return _h_jack(g, s, m)
    if verb == COUNTER:
        return _h_counter(g, s, m)
    if verb == GLASSES:
        return _h_glasses(g, s, m)
    if verb in (TAKE, DISCARD, SCRAP):
        return _h_decide(g, s, m)
    raise ValueError(f"not a move to apply: {m!r}")
