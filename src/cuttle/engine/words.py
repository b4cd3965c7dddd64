"""Moves in words: one sentence per move, for the mover, each other seat and spectators.

:func:`describe` turns a move, with the positions just before and just after it, into a
sentence as one reader sees it: ``"Alice plays the Eight of Hearts for points."``,
``"Bob scuttles your 7♦ with the Nine of Clubs."``, ``"You draw the 7♦."`` (to the
drawer) or ``"Bob draws a card."`` (to the others). :func:`describe_history` replays a
whole game and describes every move.

Card names and the phrases sentences are made of live in :mod:`cuttle.engine.narration`
(re-exported here: :func:`short_name`, :func:`full_name`, :func:`card_mentions`,
:func:`seen_cards`).

Hidden cards: a sentence names a card to a reader only when that reader sees the card in
the view before or after the move (``Game.view``), or the card is written in the move's
own text; any other card is ``"a card"`` (``"Bob draws a card."``). A one-off's outcome
(what the ace scrapped, where the nine's card went, the seven's revealed cards, ...) is
told by the move that resolves it: the last ``resolve`` of the counter window, or the
follow-up decision (``take``, ``discard``).

Effect words (intent when a one-off is played, outcome when it resolves) belong to each
effect (:meth:`~cuttle.engine.effect.Effect.intent` and ``outcome``, beside its targets,
resolution and illegal reasons); :data:`_EFFECT_WORDS` indexes the effects that tell
their own, and :func:`_effect_phrase` falls back to an effect's :meth:`words` (the house
effects) or its line in :data:`~cuttle.engine.rules.EFFECTS`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import rules as R
from .core import Core
from .effect import Effect
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
from .narration import (
    SUIT_SYMBOLS,
    Narration,
    card_mentions,
    controller,
    full_name,
    seen_cards,
    short_name,
)
from .table import PICK_PHASE

_Words = Narration
"""The old name of :class:`~cuttle.engine.narration.Narration`."""


# ---------------------------------------------------------------------- effects


def _tells_itself(effect: Effect) -> bool:
    """Whether ``effect`` has sentences of its own (overrides ``intent`` and ``outcome``)."""
    kind = type(effect)
    return kind.intent is not Effect.intent and kind.outcome is not Effect.outcome


_EFFECT_WORDS: dict[str, Effect] = {
    key: effect for key, effect in EFFECTS_BY_KEY.items() if _tells_itself(effect)
}
"""The effects that tell their own intent and outcome (the eleven classic ones), by key."""


def _effect_phrase(effect: str | None, stage: str, w: Narration, p: Pending) -> str:
    """The words of ``effect`` at ``stage`` (``"intent"`` or ``"outcome"``).

    An effect without words here (the house effects) is told by its own
    :meth:`~cuttle.engine.effect.Effect.words` (seats by their names), else by its line
    in ``rules.EFFECTS`` (or its key).
    """
    teller = _EFFECT_WORDS.get(effect or "")
    if teller is not None:
        said = teller.intent(w, p) if stage == "intent" else teller.outcome(w, p)
        if said is not None:
            return said
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


def _effect_key(g: Core, c: int) -> str | None:
    effect = g.rules.effect_of(c)
    return effect.key if effect is not None else None


# ---------------------------------------------------------------------- verbs


def _seven_leftover(w: Narration, c: int) -> str:
    """``". The 7♦ goes back on top of the deck"`` for a seven's unchosen card."""
    if w.before.phase != SEVEN_PHASE:
        return ""
    rest = [x for x in w.before.revealed if x != c]
    if not rest:
        return ""
    verb = "goes" if len(rest) == 1 else "go"
    text = w.cards(rest)
    return f". {text[0].upper()}{text[1:]} {verb} back on top of the deck"


def _play_words(w: Narration) -> str:
    """A card put down: points, scuttle, royal, glasses, jack, one-off."""
    verb, c, t, to, _ = w.move
    s, b, a = w.seat, w.before, w.after
    played = w.full(c)
    if verb == POINTS:
        return f"{w.subj(s, 'play', True)} {played} for points"
    if verb == SCUTTLE:
        v = controller(b, t)
        if a.pending is not None and a.pending.kind == KIND_SCUTTLE:
            return f"{w.subj(s, 'play', True)} {played} to scuttle {w.whose(v, s)} {short_name(t)}"
        return f"{w.subj(s, 'scuttle', True)} {w.whose(v, s)} {short_name(t)} with {played}"
    if verb == GLASSES:
        return f"{w.subj(s, 'play', True)} {played} as glasses"
    if verb in (ROYAL, JACK_MOVE) and t >= 0:
        v = controller(b, t)
        dest = controller(a, c)
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


def _counter_words(w: Narration) -> str:
    s, c = w.seat, w.move.card
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


def _resolve_words(w: Narration) -> str:
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
        v = controller(b, p.target)
        return f"{text}: {w.card(p.card)} scuttles {w.whose(v)} {short_name(p.target)}"
    return f"{text}: {_effect_phrase(_effect_key(b, p.card), 'outcome', w, p)}"


def _discard_words(w: Narration) -> str:
    s, b, a = w.seat, w.before, w.after
    cs = w.move.cards
    if b.phase == PICK_PHASE and b.pending is not None:
        victim = b.pending.victim
        return f"{w.subj(s, 'make', True)} {w.who(victim)} discard {w.cards(cs)}"
    text = f"{w.subj(s, 'discard', True)} {w.cards(cs)}"
    if b.phase == HAND_LIMIT:
        return f"{text} down to the hand limit"
    p = b.pending
    if p is not None and _effect_key(b, p.card) == R.DISCARD_ONE_DRAW_THREE:
        drawn = w.drawn(p.by)
        return f"{text} and {w.verb(s, 'draw')} {w.cards(drawn)}"
    if b.rules.four_random:
        text += " at random"
    if a.phase == DISCARD_PHASE and a.to_act != s:
        text += f"; {w.must_discard(a.to_act)} next"
    return text


def _ending(w: Narration) -> str:
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


def _sentence(w: Narration) -> str:
    verb, c = w.move.verb, w.move.card
    s = w.seat
    if verb == AGREE_DRAW:
        return "The players agree to a draw."
    if verb == RESIGN:
        main = f"{w.subj(s, 'resign', True)}"
    elif verb == DRAW:
        drawn = w.drawn(s)
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
    lang: str | None = None,
) -> str:
    """Return the sentence that tells ``viewer`` about ``move``, in ``lang``.

    ``before`` and ``after`` are the full positions around the move, ``seat`` the seat
    that made it (any seat for ``resign``; ignored for ``draw agreed``), ``move`` the
    move or its text, ``viewer`` the reading seat (``None``: a spectator) and
    ``names`` the seats' names (default ``p0``, ``p1``, ...). The reader is ``you``. A
    card is named only if the reader sees it in ``before.view(viewer)`` or
    ``after.view(viewer)`` or it is in the move's text; otherwise it is ``"a card"``.
    Raises :class:`~cuttle.engine.errors.InvalidMoveError` for unreadable move text and
    ``ValueError`` for a viewer that is not a seat. ``seen``, if given, is
    ``seen_cards(before.view(viewer))`` and ``seen_cards(after.view(viewer))`` computed
    already (a table keeps them). ``lang`` is the reader's language (``None``: the
    current one, :func:`cuttle.i18n.current`).

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
    if m.verb != AGREE_DRAW and not 0 <= seat < n:
        raise InvalidMoveError(f"there is no seat p{seat}")
    full = [f"p{i}" for i in range(n)]
    if names is not None:
        full[: min(n, len(names))] = list(names)[:n]
    return _sentence(Narration(before, after, seat, m, viewer, full, seen))


def describe_history(
    game: Game | str,
    viewer: int | None,
    names: Sequence[str] | None = None,
    lang: str | None = None,
) -> list[str]:
    """Replay ``game`` (or a record's text) from its start; return one sentence per move
    as ``viewer`` (``None``: a spectator) may read it, in ``lang`` (``None``: the current
    language).

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
        if move.verb == AGREE_DRAW:
            cur.agree_draw()
        elif move.verb == RESIGN:
            cur.resign(seat)
        else:
            cur.apply(move)
        out.append(describe(before, cur, seat, move, viewer, names, lang=lang))
    return out


__all__ = [
    "SUIT_SYMBOLS", "card_mentions", "describe", "describe_history", "full_name",
    "seen_cards", "short_name",
]  # fmt: skip
