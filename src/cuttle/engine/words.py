"""Moves in words: one sentence per move, for the mover, each other seat and spectators.

:func:`describe` turns a move, with the positions just before and just after it, into a
sentence as one reader sees it: ``"Alice plays the Eight of Hearts for points."``,
``"Bob scuttles your 7♦ with the Nine of Clubs."``, ``"You draw the 7♦."`` (to the
drawer) or ``"Bob draws a card."`` (to the others). :func:`describe_history` replays a
whole game and describes every move.

Card names: a card that a player puts down (the card of a ``points``, ``scuttle``,
``royal``, ``glasses``, ``jack``, ``oneoff`` or ``counter`` move) is named in full,
``"the Eight of Hearts"``; every other card in short form, ``"the 7♦"``, ``"the 10♣"``.
Jokers are ``"Joker 1"`` and ``"Joker 2"`` in both forms. :func:`card_mentions` reads the
cards back out of a sentence.

Hidden cards: a sentence names a card to a reader only when that reader sees the card in
the view before or after the move (``Game.view``), or the card is written in the move's
own text; any other card is ``"a card"`` (``"Bob draws a card."``). A one-off's outcome
(what the ace scrapped, where the nine's card went, the seven's revealed cards, ...) is
told by the move that resolves it: the last ``resolve`` of the counter window, or the
follow-up decision (``take``, ``discard``).

Effect words (intent when a one-off is played, outcome when it resolves) live together
in :data:`_EFFECT_WORDS`, looked up only by :func:`_effect_phrase`; an effect with no
words there is described by its line in :data:`~cuttle.engine.rules.EFFECTS`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import rules as R
from .cards import CARD_NAMES, RANK_NAMES, RANKS
from .cards import describe as full_card_name
from .effects import EFFECTS_BY_KEY
from .errors import InvalidMoveError
from .game import (
    ANSWER,
    COUNTER_PHASE,
    DISCARD_PHASE,
    HAND_LIMIT,
    KIND_ROYAL,
    KIND_SCUTTLE,
    SEVEN_PHASE,
    Game,
    Pending,
)
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
    parse_move,
)
from .moves import JACK as JACK_MOVE
from .table import PICK_PHASE

SUIT_SYMBOLS = "♣♦♥♠"
"""Suit symbols in suit order (clubs, diamonds, hearts, spades)."""

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def short_name(c: int) -> str:
    """Return the short name of card ``c``: ``"7♦"``, ``"10♣"``, ``"K♥"``, ``"Joker 1"``.

    >>> short_name(25), short_name(37), short_name(52)
    ('7♦', '10♦', 'Joker 1')
    """
    if c >= 52:
        return f"Joker {c - 51}"
    rank = RANKS[c // 4]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[c % 4]


def full_name(c: int) -> str:
    """Return the full name of card ``c``: ``"Seven of Diamonds"``, ``"Joker 2"``."""
    return full_card_name(c)


_SHORT_RE = r"(?:10|[A2-9JQK])[♣♦♥♠]"
_FULL_RE = r"(?:{})\s+of\s+(?:Clubs|Diamonds|Hearts|Spades)".format("|".join(RANK_NAMES[:13]))
_MENTION = re.compile(rf"{_FULL_RE}|{_SHORT_RE}|Joker [12]")
_BY_WORDS: dict[str, int] = {short_name(c): c for c in range(54)}
_BY_WORDS.update({full_name(c): c for c in range(54)})


def card_mentions(text: str) -> list[int]:
    """Return the cards named in ``text`` (short or full names), in order.

    >>> [CARD_NAMES[c] for c in card_mentions("Bob scuttles your 7♦ with the Nine of Clubs.")]
    ['7D', '9C']
    """
    return [_BY_WORDS[re.sub(r"\s+", " ", m)] for m in _MENTION.findall(text)]


_CARD_INDEX: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}


_SKIPPED = frozenset(("rules", "variants", "phase", "termination"))


def seen_cards(view: Any) -> frozenset[int]:
    """Every card named in a view (JSON): what its reader may be told by name."""
    out: set[int] = set()
    index = _CARD_INDEX.get
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            card = index(x)
            if card is not None:
                out.add(card)
        elif isinstance(x, dict):
            stack.extend(value for key, value in x.items() if key not in _SKIPPED)
        elif isinstance(x, list):
            stack.extend(x)
    return frozenset(out)


def _count(k: int, noun: str = "card") -> str:
    """``"one card"``, ``"two cards"``, ``"no card"``."""
    word = _NUMBERS[k] if k < len(_NUMBERS) else str(k)
    return f"{word} {noun}" + ("s" if k > 1 else "")


def _join(parts: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _third(verb: str) -> str:
    """The third-person singular of ``verb``."""
    if verb in ("may", "must", "can", "cannot"):
        return verb
    if verb == "have":
        return "has"
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    return verb + "s"


class _Words:
    """What one reader may be told about one move, and the phrases to tell it with."""

    def __init__(
        self,
        before: Game,
        after: Game,
        seat: int,
        move: Move,
        viewer: int | None,
        names: Sequence[str],
        seen: tuple[frozenset[int], frozenset[int]] | None = None,
    ) -> None:
        self.before = before
        self.after = after
        self.seat = seat
        self.move = move
        self.viewer = viewer
        self.names = names
        if seen is None:
            seen = (seen_cards(before.view(viewer)), seen_cards(after.view(viewer)))
        visible = set(seen[0] | seen[1])
        _, c, target, _, cs = move
        visible.update(x for x in (c, target, *cs) if x >= 0)
        self.visible = visible

    # --- people

    def who(self, s: int, start: bool = False) -> str:
        """The reader's ``you`` or a seat's name."""
        if s == self.viewer:
            return "You" if start else "you"
        return self.names[s]

    def verb(self, s: int, verb: str) -> str:
        """``verb`` agreeing with seat ``s`` as the subject."""
        return verb if s == self.viewer else _third(verb)

    def subj(self, s: int, verb: str, start: bool = False) -> str:
        """``"You draw"`` / ``"Bob draws"``."""
        return f"{self.who(s, start)} {self.verb(s, verb)}"

    def whose(self, s: int, subject: int = -2) -> str:
        """``"your"``, ``"Bob's"``, or ``"their own"`` when ``s`` is the sentence's subject."""
        if s == self.viewer:
            return "your own" if s == subject else "your"
        return "their own" if s == subject else f"{self.names[s]}'s"

    def group(self, seats: Iterable[int], start: bool = False) -> str:
        """Several seats, the reader first: ``"You and Carol"``, ``"Alice and Carol"``."""
        ordered = sorted(seats, key=lambda s: (s != self.viewer, s))
        words = [self.who(s, start and i == 0) for i, s in enumerate(ordered)]
        return _join(words)

    # --- cards

    def card(self, c: int) -> str:
        """A card in short form (``"the 7♦"``), or ``"a card"`` if the reader may not see it."""
        if c not in self.visible:
            return "a card"
        name = short_name(c)
        return name if c >= 52 else f"the {name}"

    def full(self, c: int) -> str:
        """A card put down, in full (``"the Seven of Diamonds"``), or ``"a card"``."""
        if c not in self.visible:
            return "a card"
        return full_name(c) if c >= 52 else f"the {full_name(c)}"

    def cards(self, cs: Sequence[int]) -> str:
        """Several cards: ``"the 3♣ and 4♦"``; unseen ones counted (``"two cards"``)."""
        shown = [c for c in sorted(cs) if c in self.visible]
        hidden = len(cs) - len(shown)
        if not cs:
            return "no card"
        parts = [short_name(c) for c in shown]
        if parts and shown[0] < 52:
            parts[0] = "the " + parts[0]
        if hidden == 1 and not shown:
            parts.append("a card")
        elif hidden:
            parts.append(_count(hidden) if not shown else _count(hidden, "other card"))
        return _join(parts)


# ---------------------------------------------------------------------- the table


def _controller(g: Game, c: int) -> int:
    """The seat whose field holds table card ``c`` (in any place of a stack), or -1."""
    for v in range(g.n):
        if c in g.glasses[v]:
            return v
        for st in (*g.points[v], *g.faces[v]):
            if st[0] == c or any(j == c for j, _ in st[2]):
                return v
    return -1


def _base_under(g: Game, c: int) -> int:
    """The base card of the stack whose top cover is ``c``, or -1."""
    for v in range(g.n):
        for st in (*g.points[v], *g.faces[v]):
            if st[2] and st[2][-1][0] == c:
                return st[0]
    return -1


def _hand_of(g: Game, c: int) -> int:
    """The seat holding ``c`` in hand, or -1."""
    for v in range(g.n):
        if c in g.hands[v]:
            return v
    return -1


def _drawn(w: _Words, s: int) -> list[int]:
    """Cards that came into ``s``'s hand with the move."""
    had = set(w.before.hands[s])
    return [c for c in w.after.hands[s] if c not in had]


def _victim_phrase(w: _Words, v: int) -> str:
    """``"Bob must discard two cards"`` for the seat ``v`` a four has reached."""
    k = min(2, len(w.after.hands[v]))
    return f"{w.subj(v, 'must')} discard {_count(k)}"


# ---------------------------------------------------------------------- effects


@dataclass(frozen=True)
class _EffectWords:
    """The words of one one-off effect: its intent when played (an infinitive phrase,
    ``"to scrap every point card"``) and its outcome when it resolves (a clause)."""

    intent: Callable[[_Words, Pending], str]
    outcome: Callable[[_Words, Pending], str]


def _target_words(w: _Words, p: Pending) -> str:
    """``"your Q♠"``: the pending card's target with its controller before the move."""
    v = _controller(w.before, p.target)
    return f"{w.whose(v, p.by)} {short_name(p.target)}" if v >= 0 else w.card(p.target)


def _goes_back(w: _Words, base: int) -> str:
    """``"; the 7♦ goes back to you"`` when a cover's removal hands ``base`` on."""
    if base < 0:
        return ""
    to = _controller(w.after, base)
    return f", and the {short_name(base)} goes back to {w.who(to)}" if to >= 0 else ""


def _scrap_points_out(w: _Words, p: Pending) -> str:
    b = w.before
    gone = [st[0] for v in range(b.n) for st in b.points[v]]
    gone += [j for v in range(b.n) for st in b.points[v] for j, _ in st[2]]
    listed = f" ({w.cards(gone)})" if gone else " (there are none)"
    return f"{w.card(p.card)} scraps every point card{listed}"


def _scrap_target_out(w: _Words, p: Pending) -> str:
    base = _base_under(w.before, p.target)
    return f"{w.card(p.card)} scraps {_target_words(w, p)}{_goes_back(w, base)}"


def _return_out(w: _Words, p: Pending) -> str:
    t = p.target
    base = _base_under(w.before, t)
    holder = _hand_of(w.after, t)
    if holder < 0:
        where = "goes on top of the deck"
    else:
        where = f"returns to {w.whose(holder)} hand"
        if t in w.after.frozen:
            where += ", frozen for a turn"
    return f"{w.card(t)} {where}{_goes_back(w, base)}"


def _return_intent(w: _Words, p: Pending) -> str:
    if w.before.rules.nine_to_deck:
        where = "to the top of the deck"
    else:
        where = f"to {w.whose(_controller(w.before, p.target))} hand"
    return f"to return {_target_words(w, p)} {where}"


def _take_out(w: _Words, p: Pending) -> str:
    return f"{w.subj(p.by, 'may')} take a card from the scrap"


def _four_intent(w: _Words, p: Pending) -> str:
    if p.victim >= 0:
        return f"to make {w.who(p.victim)} discard two cards"
    if w.before.rules.four_victims == "all" and w.before.n > 2:
        return "to make every opponent discard two cards"
    return f"to make {w.group(w.before.opponents(p.by))} discard two cards"


def _four_out(w: _Words, p: Pending) -> str:
    if w.after.phase == DISCARD_PHASE:
        return _victim_phrase(w, w.after.to_act)
    return "nobody has a card to discard"


def _draw_out(w: _Words, p: Pending) -> str:
    drawn = _drawn(w, p.by)
    if not drawn:
        return f"{w.who(p.by)} can draw nothing"
    return f"{w.subj(p.by, 'draw')} {w.cards(drawn)}"


def _five_cc_out(w: _Words, p: Pending) -> str:
    if w.after.phase == DISCARD_PHASE:
        return f"{w.subj(p.by, 'must')} discard a card, then draw three"
    return _draw_out(w, p)


def _scrap_royals_out(w: _Words, p: Pending) -> str:
    b = w.before
    gone = [st[0] for v in range(b.n) for st in b.faces[v]]
    gone += [j for v in range(b.n) for st in (*b.faces[v], *b.points[v]) for j, _ in st[2]]
    gone += [c for v in range(b.n) for c in b.glasses[v]]
    listed = f" ({w.cards(gone)})" if gone else " (there are none)"
    text = f"{w.card(p.card)} scraps every royal and glasses{listed}"
    for v in range(b.n):
        for st in b.points[v]:
            if st[2] and st[1] != v:
                text += f"; the {short_name(st[0])} goes back to {w.who(st[1])}"
    return text


def _seven_out(w: _Words, p: Pending) -> str:
    if w.after.phase == SEVEN_PHASE:
        return f"{w.subj(p.by, 'reveal')} {w.cards(w.after.revealed)}"
    return "the deck is empty: nothing to reveal"


def _swap_out(w: _Words, p: Pending) -> str:
    return f"{w.group((0, 1))} swap hands"


def _swap_intent(w: _Words, p: Pending) -> str:
    other = 1 - p.by
    return f"to swap hands with {w.who(other)}"


def _fixed(text: str) -> Callable[[_Words, Pending], str]:
    return lambda w, p: text


_EFFECT_WORDS: dict[str, _EffectWords] = {
    R.SCRAP_POINTS: _EffectWords(_fixed("to scrap every point card"), _scrap_points_out),
    R.SCRAP_ROYAL: _EffectWords(lambda w, p: f"to scrap {_target_words(w, p)}", _scrap_target_out),
    R.SCRAP_GLASSES: _EffectWords(
        lambda w, p: f"to scrap {_target_words(w, p)}", _scrap_target_out
    ),
    R.TAKE_FROM_SCRAP: _EffectWords(_fixed("to take a card from the scrap"), _take_out),
    R.DISCARD_TWO: _EffectWords(_four_intent, _four_out),
    R.DRAW_TWO: _EffectWords(_fixed("to draw two cards"), _draw_out),
    R.DISCARD_ONE_DRAW_THREE: _EffectWords(
        _fixed("to discard one card and draw three"), _five_cc_out
    ),
    R.SCRAP_ROYALS: _EffectWords(_fixed("to scrap every royal and glasses"), _scrap_royals_out),
    R.REVEAL_AND_PLAY: _EffectWords(
        lambda w, p: (
            "to reveal the top of the deck and play "
            + ("a revealed card" if w.before.rules.seven_reveals > 1 else "it")
        ),
        _seven_out,
    ),
    R.RETURN_CARD: _EffectWords(_return_intent, _return_out),
    R.SWAP_HANDS: _EffectWords(_swap_intent, _swap_out),
}
"""Each one-off effect's words (see :class:`_EffectWords`)."""


def _effect_phrase(effect: str | None, stage: str, w: _Words, p: Pending) -> str:
    """The words of ``effect`` at ``stage`` (``"intent"`` or ``"outcome"``).

    An effect without words here (the house effects) is told by its own
    :meth:`~cuttle.engine.effect.Effect.words` (seats by their names), else by its line
    in ``rules.EFFECTS`` (or its key).
    """
    words = _EFFECT_WORDS.get(effect or "")
    if words is not None:
        return words.intent(w, p) if stage == "intent" else words.outcome(w, p)
    found = EFFECTS_BY_KEY.get(effect or "")
    if found is not None:
        phrase = _HAND_OF.sub(lambda m: f"{w.whose(int(m.group(1)))} hand", found.words(w.move))
        phrase = _TURN_OF.sub(lambda m: f"{w.whose(int(m.group(1)))} next turn", phrase)
        phrase = _SEAT.sub(lambda m: w.who(int(m.group(1))), phrase)
        about = f"that {phrase}" if stage == "intent" else found.description
    else:
        about = R.EFFECTS.get(effect or "", effect or "no effect")
    if stage == "intent":
        return about if found is not None else f"({about})"
    return f"{w.card(p.card)} takes effect ({about})"


_SEAT = re.compile(r"\bp(\d)\b")
_HAND_OF = re.compile(r"\bthe hand of p(\d)\b")
_TURN_OF = re.compile(r"\bthe next turn of p(\d)\b")


def _effect_key(g: Game, c: int) -> str | None:
    effect = g.rules.effect_of(c)
    return effect.key if effect is not None else None


# ---------------------------------------------------------------------- verbs


def _seven_leftover(w: _Words, c: int) -> str:
    """``". The 7♦ goes back on top of the deck"`` for a seven's unchosen card."""
    if w.before.phase != SEVEN_PHASE:
        return ""
    rest = [x for x in w.before.revealed if x != c]
    if not rest:
        return ""
    verb = "goes" if len(rest) == 1 else "go"
    text = w.cards(rest)
    return f". {text[0].upper()}{text[1:]} {verb} back on top of the deck"


def _play_words(w: _Words) -> str:
    """A card put down: points, scuttle, royal, glasses, jack, one-off."""
    verb, c, t, to, _ = w.move
    s, b, a = w.seat, w.before, w.after
    played = w.full(c)
    if verb == POINTS:
        return f"{w.subj(s, 'play', True)} {played} for points"
    if verb == SCUTTLE:
        v = _controller(b, t)
        if a.pending is not None and a.pending.kind == KIND_SCUTTLE:
            return f"{w.subj(s, 'play', True)} {played} to scuttle {w.whose(v, s)} {short_name(t)}"
        return f"{w.subj(s, 'scuttle', True)} {w.whose(v, s)} {short_name(t)} with {played}"
    if verb == GLASSES:
        return f"{w.subj(s, 'play', True)} {played} as glasses"
    if verb in (ROYAL, JACK_MOVE) and t >= 0:
        v = _controller(b, t)
        dest = _controller(a, c)
        text = f"{w.subj(s, 'play', True)} {played} on {w.whose(v, s)} {short_name(t)}"
        if dest == s:
            return f"{text} and {w.verb(s, 'take')} it"
        return f"{text} and {w.verb(s, 'give')} it to {w.who(dest)}"
    if verb == ROYAL:
        effect = b.rules.effect_of(c)
        if effect is not None and effect.kind == "permanent":
            about = effect.description.removeprefix("permanent: ")
            return f"{w.subj(s, 'play', True)} {played} as a permanent ({about})"
        return f"{w.subj(s, 'play', True)} {played}"
    # a one-off
    p = Pending(c, s, t, victim=to)
    intent = _effect_phrase(_effect_key(b, c), "intent", w, p)
    if b.phase == ANSWER:
        return f"{w.subj(s, 'answer', True)} with {played} {intent}"
    return f"{w.subj(s, 'play', True)} {played} as a one-off {intent}"


def _counter_words(w: _Words) -> str:
    s, c = w.seat, w.move[1]
    b, a = w.before, w.after
    p = b.pending
    if p is not None and p.kind == KIND_SCUTTLE:
        return (
            f"{w.subj(s, 'block', True)} the scuttle with {w.full(c)}: "
            f"{w.card(p.card)} goes to the scrap"
        )
    text = f"{w.subj(s, 'counter', True)} with {w.full(c)}"
    if a.skips[s] > b.skips[s]:
        mine = "your" if s == w.viewer else "their"
        text += f" and {w.verb(s, 'give')} up {mine} next turn"
    return text


def _resolve_words(w: _Words) -> str:
    s, b, a = w.seat, w.before, w.after
    p = b.pending
    if p is None:  # pragma: no cover - resolve always has a pending card
        return f"{w.subj(s, 'let', True)} it resolve"
    if b.phase == ANSWER or p.kind == KIND_ROYAL:
        return f"{w.subj(s, 'let', True)} {w.card(p.card)} stand"
    text = f"{w.subj(s, 'let', True)} it resolve"
    if a.phase == COUNTER_PHASE and a.pending is not None:
        return text  # the next seat is asked
    if len(p.counters) % 2 == 1:
        return f"{text}: {w.card(p.card)} is countered"
    if p.kind == KIND_SCUTTLE:
        v = _controller(b, p.target)
        return f"{text}: {w.card(p.card)} scuttles {w.whose(v)} {short_name(p.target)}"
    return f"{text}: {_effect_phrase(_effect_key(b, p.card), 'outcome', w, p)}"


def _discard_words(w: _Words) -> str:
    s, b, a = w.seat, w.before, w.after
    cs = w.move[4]
    if b.phase == PICK_PHASE and b.pending is not None:
        victim = b.pending.victim
        return f"{w.subj(s, 'make', True)} {w.who(victim)} discard {w.cards(cs)}"
    text = f"{w.subj(s, 'discard', True)} {w.cards(cs)}"
    if b.phase == HAND_LIMIT:
        return f"{text} down to the hand limit"
    p = b.pending
    if p is not None and _effect_key(b, p.card) == R.DISCARD_ONE_DRAW_THREE:
        drawn = _drawn(w, p.by)
        return f"{text} and {w.verb(s, 'draw')} {w.cards(drawn)}"
    if b.rules.four_random:
        text += " at random"
    if a.phase == DISCARD_PHASE and a.to_act != s:
        text += f"; {_victim_phrase(w, a.to_act)} next"
    return text


def _ending(w: _Words) -> str:
    """The sentence that tells how the game ended, if the move ended it."""
    a = w.after
    if w.before.is_over or a.winners is None:
        return ""
    term = a.termination or ""
    if a.winners:
        verb = "wins" if len(a.winners) == 1 and w.viewer not in a.winners else "win"
        return f"{w.group(a.winners, True)} {verb}."
    if term == "passes":
        return "The game is drawn: too many passes in a row."
    if term == "move-cap":
        return "The game is drawn: the move limit is reached."
    return "The game is drawn."


def _sentence(w: _Words) -> str:
    verb, c = w.move[0], w.move[1]
    s = w.seat
    if verb == AGREE_DRAW:
        return "The players agree to a draw."
    if verb == RESIGN:
        main = f"{w.subj(s, 'resign', True)}"
    elif verb == DRAW:
        drawn = _drawn(w, s)
        main = f"{w.subj(s, 'draw', True)} {w.cards(drawn)}"
        if not w.before.deck and w.after.scrap != w.before.scrap:
            main = f"The scrap is shuffled into a new deck. {main}"
    elif verb == PASS:
        main = w.subj(s, "pass", True)
    elif verb in (POINTS, SCUTTLE, ROYAL, GLASSES, JACK_MOVE, ONEOFF):
        main = _play_words(w) + _seven_leftover(w, c)
    elif verb == COUNTER:
        main = _counter_words(w)
    elif verb == RESOLVE:
        main = _resolve_words(w)
    elif verb == TAKE and w.before.phase == PICK_PHASE and w.before.pending is not None:
        victim = w.before.pending.victim
        main = f"{w.subj(s, 'take', True)} {w.card(c)} from {w.whose(victim, s)} hand"
    elif verb == TAKE:
        main = f"{w.subj(s, 'take', True)} {w.card(c)} from the scrap"
    elif verb == DISCARD:
        main = _discard_words(w)
    elif verb == SCRAP:
        main = (
            f"{w.who(s, True)} cannot play {w.card(c)} and {w.verb(s, 'scrap')} it"
            + _seven_leftover(w, c)
        )
    else:  # pragma: no cover - every verb is handled above
        main = f"{w.who(s, True)} {w.verb(s, 'move')}"
    end = _ending(w)
    return f"{main}. {end}" if end else f"{main}."


# ---------------------------------------------------------------------- entry points


def _as_move(move: Move | str) -> Move:
    if isinstance(move, str):
        if " ".join(move.lower().split()) == "draw agreed":
            return make(AGREE_DRAW)
        return parse_move(move)
    return move


def describe(
    before: Game,
    after: Game,
    seat: int,
    move: Move | str,
    viewer: int | None,
    names: Sequence[str] | None = None,
    seen: tuple[frozenset[int], frozenset[int]] | None = None,
) -> str:
    """Return the sentence that tells ``viewer`` about ``move``.

    ``before`` and ``after`` are the full positions around the move, ``seat`` the seat
    that made it (any seat for ``resign``; ignored for ``draw agreed``), ``move`` the
    move tuple or its text, ``viewer`` the reading seat (``None``: a spectator) and
    ``names`` the seats' names (default ``p0``, ``p1``, ...). The reader is ``you``. A
    card is named only if the reader sees it in ``before.view(viewer)`` or
    ``after.view(viewer)`` or it is in the move's text; otherwise it is ``"a card"``.
    Raises :class:`~cuttle.engine.errors.InvalidMoveError` for unreadable move text and
    ``ValueError`` for a viewer that is not a seat. ``seen``, if given, is
    ``seen_cards(before.view(viewer))`` and ``seen_cards(after.view(viewer))`` computed
    already (a table keeps them).

    >>> from cuttle.engine.game import new_game
    >>> g = new_game("classic", seed=1)
    >>> after = g.copy(); after.play("draw")
    >>> describe(g, after, 0, "draw", 1, ["Alice", "Bob"])
    'Alice draws a card.'
    """
    m = _as_move(move)
    n = before.n
    if viewer is not None and not 0 <= viewer < n:
        raise ValueError(f"viewer {viewer!r} is not a seat (0 to {n - 1}) or None")
    if m[0] != AGREE_DRAW and not 0 <= seat < n:
        raise InvalidMoveError(f"there is no seat p{seat}")
    full = [f"p{i}" for i in range(n)]
    if names is not None:
        full[: min(n, len(names))] = list(names)[:n]
    return _sentence(_Words(before, after, seat, m, viewer, full, seen))


def describe_history(
    game: Game | str,
    viewer: int | None,
    names: Sequence[str] | None = None,
) -> list[str]:
    """Replay ``game`` (or a record's text) from its start; return one sentence per move
    as ``viewer`` (``None``: a spectator) may read it.

    Raises ``ValueError`` if the game has neither a starting deck nor a starting
    position, and :class:`~cuttle.engine.errors.RecordError` for a bad record.
    """
    from .records import read_record

    g = read_record(game) if isinstance(game, str) else game
    if g.start_deck is not None:
        cur = Game.deal(g.rules, g.start_deck)
    elif g.start_position is not None:
        cur = Game.from_json(g.start_position, g.rules)
    else:
        raise ValueError("the game has neither a starting deck nor a starting position")
    out: list[str] = []
    for seat, move in g.history:
        before = cur.copy()
        if move[0] == AGREE_DRAW:
            cur.agree_draw()
        elif move[0] == RESIGN:
            cur.resign(seat)
        else:
            cur.apply(move)
        out.append(describe(before, cur, seat, move, viewer, names))
    return out
