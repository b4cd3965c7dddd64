"""The game state and its rules: legal moves and their effects.

:class:`Game` holds a full position (every hidden card included) and the history of
moves that led to it. ``legal_moves()`` and ``play()`` speak notation; the tuple forms
``legal_actions()`` and ``apply()`` are the fast path for bots and benchmarks.
Every rule-set difference is read from :class:`~cuttle.engine.rules.RuleSet` fields.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from . import rules as R
from .cards import (
    CARD_NAMES,
    EIGHT,
    JACK,
    JOKER_RANK,
    KING,
    NINE,
    POINT_VALUE,
    QUEEN,
    RANK_OF,
    TEN,
    THREE,
    TWO,
    full_deck,
)
from .errors import GameOverError, IllegalMoveError
from .moves import (
    AGREE_DRAW,
    COUNTER,
    DISCARD,
    DRAW,
    GLASSES,
    ONEOFF,
    PASS,
    POINTS,
    RESIGN,
    RESOLVE,
    ROYAL,
    SCRAP,
    SCUTTLE,
    TAKE,
    Move,
    make,
    move_text,
    parse_move,
)
from .moves import (
    JACK as JACK_MOVE,
)
from .rules import RuleSet

# Phases (notation.md), plus "answer" for team's out-of-turn nine.
MAIN = "main"
COUNTER_PHASE = "counter"
TAKE_PHASE = "take"
DISCARD_PHASE = "discard"
SEVEN_PHASE = "seven"
HAND_LIMIT = "hand-limit"
ANSWER = "answer"
OVER = "over"
PHASES = (MAIN, COUNTER_PHASE, TAKE_PHASE, DISCARD_PHASE, SEVEN_PHASE, HAND_LIMIT, ANSWER, OVER)

# Pending kinds.
KIND_ONEOFF = "oneoff"
KIND_SCUTTLE = "scuttle"
KIND_ROYAL = "royal"
KIND_ANSWER = "answer"

Stack = tuple[int, int, tuple[tuple[int, int], ...]]
"""A card on a field with what lies on it: ``(card, owner, ((cover, to), ...))``.

For point cards the covers are jacks; for kings and queens, jokers. ``to`` is the
seat that controls the stack once that cover lies on it.
"""

_NONE: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winners`` (empty for a draw) and the ``termination``."""

    winners: tuple[int, ...]
    termination: str

    @property
    def draw(self) -> bool:
        """Whether nobody won."""
        return not self.winners

    def result(self) -> str:
        """The record's ``Result`` value: ``p0``, ``p0 p2`` for a team, or ``draw``."""
        if not self.winners:
            return "draw"
        return " ".join(f"p{s}" for s in self.winners)


class Pending:
    """A card waiting on the table: a one-off, a scuttle (ten-blocks-scuttle) or a royal
    that opponents may answer (team)."""

    __slots__ = ("by", "card", "counter_seats", "counters", "kind", "target", "victim")

    def __init__(
        self,
        card: int,
        by: int,
        target: int = -1,
        kind: str = KIND_ONEOFF,
        victim: int = -1,
    ) -> None:
        self.card = card
        self.by = by
        self.target = target
        self.kind = kind
        self.victim = victim
        self.counters: list[int] = []
        self.counter_seats: list[int] = []

    def copy(self) -> Pending:
        """Return an independent copy."""
        p = Pending(self.card, self.by, self.target, self.kind, self.victim)
        p.counters = self.counters[:]
        p.counter_seats = self.counter_seats[:]
        return p

    @property
    def last(self) -> int:
        """The seat that played the newest card of the chain."""
        return self.counter_seats[-1] if self.counter_seats else self.by


def _effect_of(rules: RuleSet, c: int) -> str | None:
    return rules.oneoffs.get(RANK_OF[c])


class Game:
    """A game of Cuttle: the full position, its rules and its history.

    Create one with :func:`cuttle.new_game` or :meth:`from_json`. The seat to act is
    :attr:`to_act`; :meth:`legal_moves` lists its moves and :meth:`play` applies one.
    """

    # ----------------------------------------------------------------- construction

    def __init__(self, rules: RuleSet) -> None:
        """Create an empty table for ``rules``; use :func:`cuttle.new_game` to deal."""
        n = rules.players
        self.rules = rules
        self.n = n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.points: list[list[Stack]] = [[] for _ in range(n)]
        self.faces: list[list[Stack]] = [[] for _ in range(n)]
        self.glasses: list[list[int]] = [[] for _ in range(n)]
        self.scrap: list[int] = []
        self.deck: list[int] = []  # top of the deck is the END of this list
        self.removed: list[int] = []
        """Cards set aside face up before the deal (:attr:`RuleSet.remove`), out of play."""
        self.frozen: list[int] = []
        self.passes = 0
        self.pending: Pending | None = None
        self.revealed: list[int] = []
        self.phase = MAIN
        self.turn = 0
        self.to_act = 0
        self.winners: tuple[int, ...] | None = None
        self.termination: str | None = None
        self.moves_played = 0
        self.skips = [0] * n
        self.known: dict[int, int] = {}
        """Card in a hand -> bit mask of seats that know it is there."""
        self.deck_known = 0
        """How many cards on top of the deck every seat knows."""
        self.history: list[tuple[int, Move]] = []
        self.start_deck: list[int] | None = None
        self.start_position: dict[str, Any] | None = None
        self._all = (1 << n) - 1
        self._opps: tuple[tuple[int, ...], ...] = tuple(
            tuple(v for v in range(n) if v not in rules.team_of(s)) for s in range(n)
        )
        self._team: tuple[tuple[int, ...], ...] = tuple(rules.team_of(s) for s in range(n))

    @classmethod
    def deal(cls, rules: RuleSet, deck: Sequence[int]) -> Game:
        """Deal ``deck`` (top first) as notation.md says and return the new game.

        The cards :attr:`RuleSet.remove` names are first set aside face up
        (:func:`~cuttle.engine.rules.set_aside`); the rest is dealt in order.
        """
        g = cls(rules)
        g.start_deck = list(deck)
        if rules.remove:
            g.removed = R.set_aside(deck, rules.remove)
            deck = [c for c in deck if c not in g.removed]
        stack = list(reversed(deck))
        sizes = [rules.hand_size(s) for s in range(g.n)]
        while any(len(g.hands[s]) < sizes[s] for s in range(g.n)):
            for s in range(g.n):
                if len(g.hands[s]) < sizes[s]:
                    c = stack.pop()
                    g.hands[s].append(c)
                    g.known[c] = 1 << s
        g.deck = stack
        return g

    def copy(self) -> Game:
        """Return an independent copy of the game (history included)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.n = self.n
        g.hands = [h[:] for h in self.hands]
        g.points = [p[:] for p in self.points]
        g.faces = [f[:] for f in self.faces]
        g.glasses = [x[:] for x in self.glasses]
        g.scrap = self.scrap[:]
        g.deck = self.deck[:]
        g.removed = self.removed[:]
        g.frozen = self.frozen[:]
        g.passes = self.passes
        g.pending = self.pending.copy() if self.pending is not None else None
        g.revealed = self.revealed[:]
        g.phase = self.phase
        g.turn = self.turn
        g.to_act = self.to_act
        g.winners = self.winners
        g.termination = self.termination
        g.moves_played = self.moves_played
        g.skips = self.skips[:]
        g.known = dict(self.known)
        g.deck_known = self.deck_known
        g.history = self.history[:]
        g.start_deck = self.start_deck
        g.start_position = self.start_position
        g._all = self._all
        g._opps = self._opps
        g._team = self._team
        return g

    # ----------------------------------------------------------------- notation

    def to_json(self) -> dict[str, Any]:
        """Return the full position in canonical JSON form (notation.md)."""
        from .position import to_json

        return to_json(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return the position as ``seat`` may see it (``None``: a spectator's view)."""
        from .position import to_json

        return to_json(self, seat)

    @classmethod
    def from_json(cls, obj: Any, rules: RuleSet | None = None) -> Game:
        """Read a position (validated; see :func:`cuttle.engine.position.from_json`)."""
        from .position import from_json

        return from_json(obj, rules)

    def sample(self, seat: int, rng: random.Random) -> Game:
        """Deal a full position consistent with everything ``seat`` knows."""
        from .position import deal_from_view

        return deal_from_view(self.view(seat), rng, self.rules)

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.name} turn=p{self.turn} phase={self.phase} "
            f"moves={self.moves_played}>"
        )

    # ----------------------------------------------------------------- queries

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game is on; else the winners (empty for a draw) and how."""
        if self.winners is None:
            return None
        return Outcome(self.winners, self.termination or "")

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.winners is not None

    def score(self, seat: int) -> int:
        """Points on ``seat``'s field."""
        return sum(POINT_VALUE[st[0]] for st in self.points[seat])

    def kings(self, seat: int) -> int:
        """Kings on ``seat``'s field."""
        return sum(1 for st in self.faces[seat] if RANK_OF[st[0]] == KING)

    def queens(self, seat: int) -> int:
        """Queens on ``seat``'s field."""
        return sum(1 for st in self.faces[seat] if RANK_OF[st[0]] == QUEEN)

    def goal(self, seat: int) -> int:
        """Points ``seat`` needs to win now."""
        return self.rules.goal(self.kings(seat))

    def opponents(self, seat: int) -> tuple[int, ...]:
        """Seats playing against ``seat``."""
        return self._opps[seat]

    def can_see_hand(self, viewer: int, holder: int) -> bool:
        """Whether ``viewer`` sees every card of ``holder``'s hand right now."""
        if viewer == holder or self.winners is not None:
            return True
        rules = self.rules
        if rules.open_hands_on_empty_deck and not self.deck and not self.revealed:
            return True
        if rules.glasses_public:
            return any(self.glasses[v] for v in range(self.n) if v != holder)
        return bool(self.glasses[viewer]) and holder in self._opps[viewer]

    def legal_moves(self) -> list[str]:
        """Return the canonical text of every legal move of the seat to act.

        The list is in a canonical order (by verb, then cards), so equal positions give
        equal lists however they were reached.
        """
        return [move_text(m) for m in sorted(self.legal_actions())]

    def legal_actions(self) -> list[Move]:
        """Return every legal move of the seat to act, as move tuples."""
        if self.winners is not None:
            return []
        phase = self.phase
        s = self.to_act
        if phase == MAIN:
            return self._main_moves(s)
        if phase == COUNTER_PHASE:
            return self._counter_moves(s)
        if phase == SEVEN_PHASE:
            out: list[Move] = []
            for c in self.revealed:
                self._card_plays(s, c, out, True)
            if not out:
                out = [make(SCRAP, c) for c in self.revealed]
            return out
        if phase == TAKE_PHASE:
            return [make(TAKE, c) for c in sorted(set(self._takeable()))]
        if phase == DISCARD_PHASE:
            return self._discard_moves(s)
        if phase == HAND_LIMIT:
            hand = sorted(self.hands[s])
            k = len(hand) - self.rules.hand_limit
            return [(DISCARD, -1, -1, -1, cs) for cs in combinations(hand, k)]
        if phase == ANSWER:
            return self._answer_moves(s)
        return []

    # ----------------------------------------------------------------- move generation

    def _deck_ok(self) -> bool:
        return bool(self.deck) or (self.rules.reshuffle_scrap and bool(self.scrap))

    def _main_moves(self, s: int) -> list[Move]:
        rules = self.rules
        hand = self.hands[s]
        out: list[Move] = []
        if self._deck_ok():
            if not (rules.limit_blocks_draw and len(hand) >= rules.hand_limit > 0):
                out.append(make(DRAW))
        else:
            out.append(make(PASS))
        frozen = self.frozen
        for c in hand:
            if frozen and c in frozen:
                continue
            self._card_plays(s, c, out, False)
        if not out:
            out.append(make(PASS))
        return out

    def _card_plays(self, s: int, c: int, out: list[Move], from_seven: bool) -> None:
        """Append every way ``s`` may play card ``c`` (from hand, or revealed by a seven)."""
        r = RANK_OF[c]
        if r <= TEN:
            out.append((POINTS, c, -1, -1, ()))
            for v in self._opps[s]:
                for st in self.points[v]:
                    if c > st[0]:
                        out.append((SCUTTLE, c, st[0], -1, ()))
        effect = self.rules.oneoffs.get(r)
        if effect is not None:
            self._oneoff_plays(s, c, effect, out)
        if r == EIGHT:
            out.append((GLASSES, c, -1, -1, ()))
        elif r == JACK:
            self._jack_plays(s, c, out, from_seven)
        elif r in (QUEEN, KING):
            out.append((ROYAL, c, -1, -1, ()))
        elif r == JOKER_RANK and self.rules.jokers == 2:
            self._joker_plays(s, c, out)

    def _protected(self, v: int, target: int, attacker: int) -> bool:
        """Whether ``v``'s queens shield ``target`` from ``attacker``."""
        if v in self._team[attacker]:
            return False
        q = 0
        for st in self.faces[v]:
            if RANK_OF[st[0]] == QUEEN:
                q += 1
        if q == 0:
            return False
        r = RANK_OF[target]
        if r == JOKER_RANK:
            # a stolen queen is reached through its top joker: shielded as the queen is
            for st in self.faces[v]:
                if st[2] and st[2][-1][0] == target and RANK_OF[st[0]] == QUEEN:
                    r = QUEEN
        if r == QUEEN:
            return self.rules.queens_guard_queens and q >= 2
        return True

    def _oneoff_plays(self, s: int, c: int, effect: str, out: list[Move]) -> None:
        rules = self.rules
        if effect in (R.SCRAP_POINTS, R.SCRAP_ROYALS, R.SWAP_HANDS):
            out.append((ONEOFF, c, -1, -1, ()))
        elif effect == R.SCRAP_ROYAL:
            for v in range(self.n):
                for t in self._royal_targets(v):
                    if not self._protected(v, t, s):
                        out.append((ONEOFF, c, t, -1, ()))
        elif effect == R.RETURN_CARD:
            for _, t in self._nine_targets(s):
                out.append((ONEOFF, c, t, -1, ()))
        elif effect == R.SCRAP_GLASSES:
            for v in range(self.n):
                for t in self.glasses[v]:
                    if not self._protected(v, t, s):
                        out.append((ONEOFF, c, t, -1, ()))
        elif effect == R.TAKE_FROM_SCRAP:
            # a three revealed by a seven may take the seven, scrapped when it is chosen
            if self._takeable() or (
                self.phase == SEVEN_PHASE
                and self.pending is not None
                and (rules.three_takes_threes or RANK_OF[self.pending.card] != THREE)
            ):
                out.append((ONEOFF, c, -1, -1, ()))
        elif effect == R.DISCARD_TWO:
            victims = [v for v in self._opps[s] if self.hands[v]]
            if rules.four_victims == "all" or self.n == 2:
                if victims:
                    out.append((ONEOFF, c, -1, -1, ()))
            else:
                for v in victims:
                    out.append((ONEOFF, c, -1, v, ()))
        elif (
            effect in (R.DRAW_TWO, R.DISCARD_ONE_DRAW_THREE, R.REVEAL_AND_PLAY) and self._deck_ok()
        ):
            out.append((ONEOFF, c, -1, -1, ()))

    def _royal_targets(self, v: int) -> list[int]:
        """Cards on ``v``'s field a two may scrap: glasses, royals, top jacks and jokers."""
        ts = list(self.glasses[v])
        for st in self.faces[v]:
            ts.append(st[2][-1][0] if st[2] else st[0])
        for st in self.points[v]:
            if st[2]:
                ts.append(st[2][-1][0])
        return ts

    def _nine_targets(self, s: int) -> list[tuple[int, int]]:
        """(seat, card) pairs a nine played by ``s`` may return."""
        rules = self.rules
        seats = self._opps[s] if rules.nine_opponents_only else range(self.n)
        found: list[tuple[int, int]] = []
        for v in seats:
            cands = self._royal_targets(v)
            if rules.nine_targets_points:
                # a jacked point card is reached only through its top jack (spec ruling 3)
                cands.extend(st[0] for st in self.points[v] if not st[2])
            for t in cands:
                if not self._protected(v, t, s):
                    found.append((v, t))
        return found

    def _jack_plays(self, s: int, c: int, out: list[Move], from_seven: bool) -> None:
        before = len(out)
        if self.rules.jacks_any_seat:
            for v in range(self.n):
                for st in self.points[v]:
                    if not self._protected(v, st[0], s):
                        for to in range(self.n):
                            if to != v:
                                out.append((JACK_MOVE, c, st[0], to, ()))
        else:
            for v in self._opps[s]:
                for st in self.points[v]:
                    if not self._protected(v, st[0], s):
                        out.append((JACK_MOVE, c, st[0], -1, ()))
        if len(out) == before and from_seven and self.rules.seven_forced_jack:
            for st in self.points[s]:
                if self.n == 2:
                    out.append((JACK_MOVE, c, st[0], -1, ()))
                else:
                    for to in self._opps[s]:
                        out.append((JACK_MOVE, c, st[0], to, ()))

    def _joker_plays(self, s: int, c: int, out: list[Move]) -> None:
        if self.rules.jacks_any_seat:
            for v in range(self.n):
                for st in self.faces[v]:
                    if not self._protected(v, st[0], s):
                        for to in range(self.n):
                            if to != v:
                                out.append((ROYAL, c, st[0], to, ()))
        else:
            for v in self._opps[s]:
                for st in self.faces[v]:
                    if not self._protected(v, st[0], s):
                        out.append((ROYAL, c, st[0], -1, ()))

    def _takeable(self) -> list[int]:
        if self.rules.three_takes_threes:
            return self.scrap
        return [c for c in self.scrap if RANK_OF[c] != THREE]

    def _responders(self, last: int) -> list[int]:
        """Seats asked to answer a card played by ``last``, in asking order."""
        p = self.pending
        if p is not None and p.kind == KIND_SCUTTLE:
            return [self._controller_of_point(p.target)]
        opps = self._opps[last]
        n = self.n
        return [(last + i) % n for i in range(1, n) if (last + i) % n in opps]

    def _counter_moves(self, s: int) -> list[Move]:
        p = self.pending
        assert p is not None
        out: list[Move] = [make(RESOLVE)]
        frozen = self.frozen
        if p.kind == KIND_SCUTTLE:
            for c in self.hands[s]:
                if RANK_OF[c] == TEN and c not in frozen:
                    out.append((COUNTER, c, -1, -1, ()))
            return out
        if self.queens(p.last) and p.last not in self._team[s]:
            return out
        for c in self.hands[s]:
            if RANK_OF[c] == TWO and c not in frozen:
                out.append((COUNTER, c, -1, -1, ()))
        return out

    def _answer_moves(self, s: int) -> list[Move]:
        p = self.pending
        assert p is not None
        out: list[Move] = [make(RESOLVE)]
        if self.rules.oneoffs.get(NINE) != R.RETURN_CARD:
            return out
        targets = [t for _, t in self._nine_targets(s)]
        if p.card not in targets:
            return out
        for c in self.hands[s]:
            if RANK_OF[c] == NINE and c not in self.frozen:
                out.append((ONEOFF, c, p.card, -1, ()))
        return out

    def _discard_moves(self, s: int) -> list[Move]:
        p = self.pending
        assert p is not None
        hand = sorted(self.hands[s])
        if _effect_of(self.rules, p.card) == R.DISCARD_ONE_DRAW_THREE:
            return [(DISCARD, -1, -1, -1, (c,)) for c in hand]
        k = min(2, len(hand))
        if self.rules.four_random:
            return [(DISCARD, -1, -1, -1, tuple(sorted(self._random_pick(hand, k))))]
        return [(DISCARD, -1, -1, -1, cs) for cs in combinations(hand, k)]

    def _seeded_rng(self, *parts: object) -> random.Random:
        """A generator determined by the position, so replays repeat 'random' events."""
        return random.Random(repr((self.moves_played, tuple(self.scrap), *parts)))

    def _random_pick(self, hand: list[int], k: int) -> list[int]:
        return self._seeded_rng(tuple(hand)).sample(hand, k)

    # ----------------------------------------------------------------- playing

    def play(self, move: str) -> None:
        """Apply ``move`` (notation text) for the seat to act.

        Raises :class:`InvalidMoveError` if the text cannot be parsed and
        :class:`IllegalMoveError` (with the reason) if the move is not legal here; in
        both cases the game is left exactly as it was.
        """
        parsed = parse_move(move)
        if self.winners is not None:
            raise GameOverError("the game is over")
        legal = self.legal_actions()
        if parsed not in legal:
            parsed = self._complete(parsed, legal)
        if parsed not in legal:
            from .explain import explain_illegal

            raise IllegalMoveError(explain_illegal(self, parsed))
        self.apply(parsed)

    def _complete(self, move: Move, legal: list[Move]) -> Move:
        """Accept a move written without a seat the position makes obvious."""
        verb, c, target, seat, cs = move
        if seat == -1:
            matches = [m for m in legal if m[:3] == (verb, c, target) and m[4] == cs]
            if len(matches) == 1:
                return matches[0]
        return move

    def resign(self, seat: int) -> None:
        """Let ``seat`` resign at any moment; its opponents win."""
        if self.winners is not None:
            raise GameOverError("the game is over")
        if not 0 <= seat < self.n:
            raise IllegalMoveError(f"there is no seat p{seat}")
        self.history.append((seat, make(RESIGN)))
        self.moves_played += 1
        self._finish(tuple(v for v in range(self.n) if v in self._opps[seat]), "resign")

    def agree_draw(self) -> None:
        """End the game in a draw agreed by the players."""
        if self.winners is not None:
            raise GameOverError("the game is over")
        self.history.append((-1, make(AGREE_DRAW)))
        self.moves_played += 1
        self._finish((), "agreed")

    def apply(self, move: Move) -> None:
        """Apply a move tuple taken from :meth:`legal_actions` (not checked again)."""
        s = self.to_act
        self.history.append((s, move))
        self.moves_played += 1
        verb = move[0]
        handler = _HANDLERS[verb]
        dirty = handler(self, s, move)
        if self.winners is None:
            if dirty:
                self._check_win(s)
            if self.winners is None and self.moves_played >= self.rules.move_cap:
                self._finish((), "move-cap")
        if self.winners is None and (
            any(self.glasses) or (self.rules.open_hands_on_empty_deck and not self.deck)
        ):
            self._remember_open_hands()

    # --- helpers that move cards

    def _take_card(self, s: int, c: int) -> None:
        """Remove ``c`` from ``s``'s hand, or from the revealed cards in phase seven."""
        if self.phase == SEVEN_PHASE:
            rev = self.revealed
            rev.remove(c)
            for other in reversed(rev):
                self.deck.append(other)
                self.deck_known += 1
            self.revealed = []
            p = self.pending
            assert p is not None
            self.scrap.append(p.card)
            self.pending = None
            self.phase = MAIN
        else:
            self.hands[s].remove(c)
            self.known.pop(c, None)
            if self.frozen and c in self.frozen:
                self.frozen.remove(c)

    def _to_hand(self, s: int, c: int, public: bool) -> None:
        self.hands[s].append(c)
        self.known[c] = self._all if public else (1 << s)

    def _draw_cards(self, s: int, k: int) -> None:
        rules = self.rules
        hand = self.hands[s]
        for _ in range(k):
            if rules.limit_blocks_draw and len(hand) >= rules.hand_limit > 0:
                return
            if not self.deck:
                if rules.reshuffle_scrap and self.scrap:
                    self._reshuffle()
                else:
                    return
            c = self.deck.pop()
            if self.deck_known:
                self.deck_known -= 1
                self._to_hand(s, c, True)
            else:
                self._to_hand(s, c, False)

    def _reshuffle(self) -> None:
        new = self.scrap[:]
        self._seeded_rng("reshuffle").shuffle(new)
        self.deck = new
        self.scrap = []
        self.deck_known = 0

    def _find_point(self, c: int) -> tuple[int, int]:
        for v in range(self.n):
            for i, st in enumerate(self.points[v]):
                if st[0] == c:
                    return v, i
        raise AssertionError(f"{CARD_NAMES[c]} is not a point card on the table")

    def _find_face(self, c: int) -> tuple[int, int]:
        for v in range(self.n):
            for i, st in enumerate(self.faces[v]):
                if st[0] == c:
                    return v, i
        raise AssertionError(f"{CARD_NAMES[c]} is not a royal on the table")

    def _controller_of_point(self, c: int) -> int:
        return self._find_point(c)[0]

    def _locate(self, c: int) -> tuple[str, int, int]:
        """Find a targetable card: its kind (``glasses``, ``face``, ``joker``, ``point`` or
        ``jack``), seat and index."""
        for v in range(self.n):
            if c in self.glasses[v]:
                return "glasses", v, self.glasses[v].index(c)
            for i, st in enumerate(self.faces[v]):
                if st[0] == c:
                    return "face", v, i
                if st[2] and st[2][-1][0] == c:
                    return "joker", v, i
            for i, st in enumerate(self.points[v]):
                if st[0] == c:
                    return "point", v, i
                if st[2] and st[2][-1][0] == c:
                    return "jack", v, i
        raise AssertionError(f"{CARD_NAMES[c]} is not on the table")

    def _uncover(self, group: list[list[Stack]], v: int, i: int) -> None:
        """Take the top cover off stack ``i`` of seat ``v``; the stack goes back to the
        seat that controlled it before that cover."""
        base, owner, covers = group[v].pop(i)
        rest = covers[:-1]
        back = rest[-1][1] if rest else owner
        group[back].append((base, owner, rest))

    def _remove_target(self, c: int) -> tuple[int, list[int]]:
        """Lift target ``c`` off the table; return its controller and cards left over
        for the scrap (jacks or jokers under a removed base card)."""
        kind, v, i = self._locate(c)
        if kind == "glasses":
            self.glasses[v].pop(i)
            return v, []
        if kind == "face":
            st = self.faces[v].pop(i)
            return v, [j for j, _ in st[2]]
        if kind == "point":
            st = self.points[v].pop(i)
            return v, [j for j, _ in st[2]]
        if kind == "joker":
            self._uncover(self.faces, v, i)
        else:
            self._uncover(self.points, v, i)
        return v, []

    # --- the end of a turn

    def _end_turn(self) -> None:
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
        skips = self.skips
        for _ in range(self.n * 4):
            if not skips[t]:
                break
            skips[t] -= 1
            t = (t + 1) % self.n
        self.turn = self.to_act = t
        self.phase = MAIN

    def _after_royal(self, s: int, c: int) -> None:
        """Open team's answer window after a royal, else end the turn."""
        if self.rules.nine_answers_royals:
            self.pending = Pending(c, s, kind=KIND_ROYAL)
            self.phase = ANSWER
            self.to_act = self._responders(s)[0]
        else:
            self._end_turn()

    def _check_win(self, mover: int) -> None:
        rules = self.rules
        reached = []
        for v in range(self.n):
            score = 0
            for st in self.points[v]:
                score += POINT_VALUE[st[0]]
            kings = 0
            for st in self.faces[v]:
                if RANK_OF[st[0]] == KING:
                    kings += 1
            goal = rules.goals[min(kings, 4)]
            if score >= goal:
                reached.append((v, goal))
        if not reached:
            return
        mine = [x for x in reached if x[0] in self._team[mover]]
        if mine:
            winner, goal = mine[0]
        else:
            winner, goal = min(reached, key=lambda x: (x[0] - mover) % self.n)
        self._finish(self._team[winner], "kings" if goal == 0 else "points")

    def _finish(self, winners: tuple[int, ...], termination: str) -> None:
        self.winners = tuple(sorted(winners))
        self.termination = termination
        self.phase = OVER
        # A one-off (and its counters) cut short by a resignation or the move cap stays
        # in ``pending`` so that no card leaves the game; a royal waiting for answers
        # already lies on the table.
        if self.pending is not None and self.pending.kind == KIND_ROYAL:
            self.pending = None

    def _remember_open_hands(self) -> None:
        known = self.known
        for h in range(self.n):
            mask = 0
            for v in range(self.n):
                if v != h and self.can_see_hand(v, h):
                    mask |= 1 << v
            if mask:
                for c in self.hands[h]:
                    known[c] = known.get(c, 1 << h) | mask

    # --- the chain of counters

    def _open_window(self, p: Pending) -> None:
        self.pending = p
        self.phase = COUNTER_PHASE
        self.to_act = self._responders(p.last)[0]

    def _resolve_chain(self) -> bool:
        """Close the counter window; the move that closes it is the pending card's player's
        for spec ruling 10, so the win check is made here with that seat as the mover."""
        p = self.pending
        assert p is not None
        if self._resolve_cards(p) and self.winners is None:
            self._check_win(p.by)
        return False

    def _resolve_cards(self, p: Pending) -> bool:
        cancelled = len(p.counters) % 2 == 1
        self.scrap.extend(p.counters)
        p.counters = []
        p.counter_seats = []
        if p.kind == KIND_SCUTTLE:
            if cancelled:
                self.scrap.append(p.card)
                self._end_turn()
                return False
            v, i = self._find_point(p.target)
            st = self.points[v].pop(i)
            self.scrap.append(st[0])
            self.scrap.extend(j for j, _ in st[2])
            self.scrap.append(p.card)
            self._end_turn()
            return True
        if cancelled:
            self.scrap.append(p.card)
            self._end_turn()
            return False
        return _resolve_effect(self, p)


# ---------------------------------------------------------------------- handlers
# Each takes (game, seat, move), changes the game, and says whether fields changed.


def _h_draw(g: Game, s: int, m: Move) -> bool:
    g.passes = 0
    g._draw_cards(s, 1)
    g._end_turn()
    return False


def _h_pass(g: Game, s: int, m: Move) -> bool:
    g.passes += 1
    if g.passes >= g.rules.pass_limit:
        g._finish((), "passes")
    else:
        g._end_turn()
    return False


def _h_points(g: Game, s: int, m: Move) -> bool:
    g.passes = 0
    c = m[1]
    g._take_card(s, c)
    g.points[s].append((c, s, _NONE))
    g._end_turn()
    return True


def _h_scuttle(g: Game, s: int, m: Move) -> bool:
    g.passes = 0
    c, t = m[1], m[2]
    g._take_card(s, c)
    if g.rules.ten_blocks_scuttle:
        g._open_window(Pending(c, s, t, KIND_SCUTTLE))
        return False
    v, i = g._find_point(t)
    st = g.points[v].pop(i)
    g.scrap.append(t)
    g.scrap.extend(j for j, _ in st[2])
    g.scrap.append(c)
    g._end_turn()
    return True


def _h_royal(g: Game, s: int, m: Move) -> bool:
    g.passes = 0
    c, t, to = m[1], m[2], m[3]
    g._take_card(s, c)
    if t < 0:
        g.faces[s].append((c, s, _NONE))
    else:
        v, i = g._find_face(t)
        base, owner, covers = g.faces[v].pop(i)
        dest = s if to < 0 else to
        g.faces[dest].append((base, owner, (*covers, (c, dest))))
    g._after_royal(s, c)
    return True


def _h_glasses(g: Game, s: int, m: Move) -> bool:
    g.passes = 0
    c = m[1]
    g._take_card(s, c)
    g.glasses[s].append(c)
    g._end_turn()
    return False


def _h_jack(g: Game, s: int, m: Move) -> bool:
    g.passes = 0
    c, t, to = m[1], m[2], m[3]
    g._take_card(s, c)
    v, i = g._find_point(t)
    base, owner, covers = g.points[v].pop(i)
    dest = to if to >= 0 else (s if v != s else g._opps[s][0])
    g.points[dest].append((base, owner, (*covers, (c, dest))))
    g._after_royal(s, c)
    return True


def _h_oneoff(g: Game, s: int, m: Move) -> bool:
    c, t, victim = m[1], m[2], m[3]
    if g.phase == ANSWER:
        g.hands[s].remove(c)
        g.known.pop(c, None)
        g._open_window(Pending(c, s, t, KIND_ANSWER))
        return False
    g.passes = 0
    g._take_card(s, c)
    g._open_window(Pending(c, s, t, KIND_ONEOFF, victim))
    return False


def _h_counter(g: Game, s: int, m: Move) -> bool:
    c = m[1]
    p = g.pending
    assert p is not None
    g.hands[s].remove(c)
    g.known.pop(c, None)
    if g.frozen and c in g.frozen:
        g.frozen.remove(c)
    p.counters.append(c)
    p.counter_seats.append(s)
    if p.kind == KIND_SCUTTLE:
        # a ten stopping a scuttle (variant) is not multiplayer's two-counter: no turn cost
        return g._resolve_chain()
    if g.rules.counter_spends_turn:
        g.skips[s] += 1
    g.to_act = g._responders(s)[0]
    return False


def _h_resolve(g: Game, s: int, m: Move) -> bool:
    p = g.pending
    assert p is not None
    if g.phase == ANSWER:
        order = g._responders(p.by)
        i = order.index(s)
        if i + 1 < len(order):
            g.to_act = order[i + 1]
        else:
            g._end_turn()
        return False
    order = g._responders(p.last)
    i = order.index(s)
    if i + 1 < len(order):
        g.to_act = order[i + 1]
        return False
    return g._resolve_chain()


def _h_take(g: Game, s: int, m: Move) -> bool:
    c = m[1]
    p = g.pending
    assert p is not None
    g.scrap.remove(c)
    g._to_hand(s, c, True)
    g.scrap.append(p.card)
    g._end_turn()
    return False


def _h_discard(g: Game, s: int, m: Move) -> bool:
    cs = m[4]
    hand = g.hands[s]
    for c in cs:
        hand.remove(c)
        g.known.pop(c, None)
        if g.frozen and c in g.frozen:
            g.frozen.remove(c)
        g.scrap.append(c)
    if g.phase == HAND_LIMIT:
        g._end_turn()
        return False
    p = g.pending
    assert p is not None
    if _effect_of(g.rules, p.card) == R.DISCARD_ONE_DRAW_THREE:
        g._draw_cards(p.by, 3)
        g.scrap.append(p.card)
        g._end_turn()
        return False
    nxt = _next_victim(g, p, s)
    if nxt >= 0:
        g.to_act = nxt
        return False
    g.scrap.append(p.card)
    g._end_turn()
    return False


def _h_scrap(g: Game, s: int, m: Move) -> bool:
    c = m[1]
    p = g.pending
    assert p is not None
    g.revealed.remove(c)
    for other in reversed(g.revealed):
        g.deck.append(other)
        g.deck_known += 1
    g.revealed = []
    g.scrap.append(p.card)
    g.scrap.append(c)
    g._end_turn()
    return False


def _next_victim(g: Game, p: Pending, after: int) -> int:
    """The next seat a four makes discard after ``after``, or -1."""
    if g.rules.four_victims != "all" or g.n == 2:
        return -1
    v = (after + 1) % g.n
    while v != p.by:
        if g.hands[v] and v in g._opps[p.by]:
            return v
        v = (v + 1) % g.n
    return -1


def _first_victim(g: Game, p: Pending) -> int:
    if p.victim >= 0:
        return p.victim if g.hands[p.victim] else -1
    if g.rules.four_victims == "all" and g.n > 2:
        return _next_victim(g, p, p.by)
    for v in g._opps[p.by]:
        if g.hands[v]:
            return v
    return -1


def _resolve_effect(g: Game, p: Pending) -> bool:
    """Carry out an uncountered one-off; return whether fields changed."""
    effect = _effect_of(g.rules, p.card)
    s = p.by
    # Fields are scrapped seat by seat in sorted order (the order positions list them),
    # so that a game restored from JSON builds the same scrap.
    if effect == R.SCRAP_POINTS:
        for v in range(g.n):
            for st in sorted(g.points[v]):
                g.scrap.append(st[0])
                g.scrap.extend(j for j, _ in st[2])
            g.points[v] = []
    elif effect == R.SCRAP_ROYALS:
        for v in range(g.n):
            for st in sorted(g.faces[v]):
                g.scrap.append(st[0])
                g.scrap.extend(j for j, _ in st[2])
            g.faces[v] = []
            g.scrap.extend(sorted(g.glasses[v]))
            g.glasses[v] = []
        back: list[list[Stack]] = [[] for _ in range(g.n)]
        for v in range(g.n):
            for st in sorted(g.points[v]):
                g.scrap.extend(j for j, _ in st[2])
                back[st[1]].append((st[0], st[1], _NONE))
        g.points = back
    elif effect in (R.SCRAP_ROYAL, R.SCRAP_GLASSES):
        _, leftovers = g._remove_target(p.target)
        g.scrap.append(p.target)
        g.scrap.extend(leftovers)
    elif effect == R.RETURN_CARD:
        v, leftovers = g._remove_target(p.target)
        g.scrap.extend(leftovers)
        if g.rules.nine_to_deck:
            g.deck.append(p.target)
            g.deck_known += 1
        else:
            g._to_hand(v, p.target, True)
            if g.rules.nine_freezes and p.kind != KIND_ANSWER:
                g.frozen.append(p.target)
    elif effect == R.SWAP_HANDS:
        a, b = g.hands[0], g.hands[1]
        g.hands[0], g.hands[1] = b, a
        g.frozen = []  # a card frozen for one holder is not frozen for the next
        for c in a:
            g.known[c] = g.known.get(c, 1) | 3
        for c in b:
            g.known[c] = g.known.get(c, 2) | 3
    elif effect == R.DRAW_TWO:
        g._draw_cards(s, 2)
    elif effect == R.DISCARD_ONE_DRAW_THREE:
        if g.hands[s]:
            g.phase = DISCARD_PHASE
            g.to_act = s
            return False
        g._draw_cards(s, 3)
    elif effect == R.TAKE_FROM_SCRAP:
        g.phase = TAKE_PHASE
        g.to_act = s
        return False
    elif effect == R.DISCARD_TWO:
        v = _first_victim(g, p)
        if v >= 0:
            g.phase = DISCARD_PHASE
            g.to_act = v
            return False
    elif effect == R.REVEAL_AND_PLAY:
        if not g.deck and g.rules.reshuffle_scrap and g.scrap:
            g._reshuffle()
        k = min(g.rules.seven_reveals, len(g.deck))
        if k:
            g.revealed = [g.deck.pop() for _ in range(k)]
            g.deck_known = max(0, g.deck_known - k)
            g.phase = SEVEN_PHASE
            g.to_act = s
            return False
    g.scrap.append(p.card)
    g._end_turn()
    return True


_HANDLERS = {
    DRAW: _h_draw,
    PASS: _h_pass,
    POINTS: _h_points,
    SCUTTLE: _h_scuttle,
    ROYAL: _h_royal,
    GLASSES: _h_glasses,
    JACK_MOVE: _h_jack,
    ONEOFF: _h_oneoff,
    COUNTER: _h_counter,
    RESOLVE: _h_resolve,
    TAKE: _h_take,
    DISCARD: _h_discard,
    SCRAP: _h_scrap,
}


def new_game(
    rules: str | RuleSet = "standard",
    variants: Sequence[str] = (),
    players: int | None = None,
    seed: int | str | None = None,
    deck: Sequence[str] | Sequence[int] | None = None,
) -> Game:
    """Shuffle (with ``seed``) or take ``deck`` (top first), deal, and return a new game.

    ``rules`` is a rule-set name or a :class:`RuleSet`; ``players`` the seat count
    where the rule set allows a choice (multiplayer: 2 to 8).
    """
    from .cards import card as parse_card
    from .errors import InvalidPositionError

    rs = R.get_rules(rules, variants, players)
    if deck is None:
        cards = full_deck(rs.jokers)
        random.Random(seed).shuffle(cards)
    else:
        cards = [c if isinstance(c, int) else parse_card(c) for c in deck]
        if sorted(cards) != full_deck(rs.jokers):
            missing = sorted(set(full_deck(rs.jokers)) - set(cards))
            extra = sorted({c for c in cards if cards.count(c) > 1 or c >= rs.card_count})
            raise InvalidPositionError(
                f"the deck must hold each of the {rs.card_count} cards once"
                + (f"; missing {' '.join(CARD_NAMES[c] for c in missing)}" if missing else "")
                + (f"; wrong or repeated {' '.join(CARD_NAMES[c] for c in extra)}" if extra else "")
            )
    return Game.deal(rs, cards)
