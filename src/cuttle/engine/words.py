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

Languages: every sentence is a message of the ``narration`` gettext catalog whose msgid
is the English sentence with named placeholders (``"{actor} scuttles {target} with
{card}"``; where the reader is the subject, a message of its own: ``"You scuttle {target}
with {card}"``). ``describe(..., lang="de")`` tells it in German (``lang=None``: the
current language, :func:`cuttle.i18n.current`); the placeholders' values come from the
reader's grammar (:mod:`cuttle.engine.lang`), which gives each its case, article or
preposition as the translation asks (``"{actor} versenkt {target:acc} mit
{card:dat}"``). English needs no catalog and no objects: its values are plain strings.

Effect words (intent when a one-off is played, outcome when it resolves) belong to each
effect (:meth:`~cuttle.engine.effect.Effect.intent` and ``outcome``, beside its targets,
resolution and illegal reasons); :data:`_EFFECT_WORDS` indexes the effects that tell
their own, and :func:`_effect_phrase` falls back to an effect's :meth:`words` (the house
effects) or its line in :data:`~cuttle.engine.rules.EFFECTS`. The house effects tell
their intent with ``intent`` alone (a relative phrase, ``"that looks at Bob's hand"``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..i18n import N_
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
    cap,
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

    An effect without words of its own for both stages (the house effects) tells its
    intent with :meth:`~cuttle.engine.effect.Effect.intent` where it has one, else with
    its :meth:`~cuttle.engine.effect.Effect.words` (seats by their names, English); its
    outcome is that the card takes effect, with its description (or its line in
    ``rules.EFFECTS``, or its key).
    """
    teller = _EFFECT_WORDS.get(effect or "")
    if teller is not None:
        said = teller.intent(w, p) if stage == "intent" else teller.outcome(w, p)
        if said is not None:
            return said
    found = EFFECTS_BY_KEY.get(effect or "")
    if found is not None:
        if stage == "intent":
            own = None if _tells_itself(found) else found.intent(w, p)
            if own is not None:
                return own
            if not w.english:
                return w.say(N_("({effect})"), effect=w.text(found.description))
            phrase = _HAND_OF.sub(lambda m: f"{w.whose(int(m.group(1)))} hand", found.words(w.move))
            phrase = _TURN_OF.sub(lambda m: f"{w.whose(int(m.group(1)))} next turn", phrase)
            phrase = _SEAT.sub(lambda m: str(w.who(int(m.group(1)))), phrase)
            return f"that {phrase}"
        about = w.text(found.description)
    else:
        about = R.EFFECTS.get(effect or "") or effect or w.text(N_("no effect"))
        if stage == "intent":
            return w.say(N_("({effect})"), effect=about)
    return w.say(N_("{card} takes effect ({effect})"), card=w.card(p.card), effect=about)


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
    if len(rest) == 1:
        said = w.say(N_("{cards} goes back on top of the deck"), cards=w.cards(rest))
    else:
        said = w.say(N_("{cards} go back on top of the deck"), cards=w.cards(rest))
    return ". " + cap(said)


def _permanent_about(w: Narration, description: str) -> str:
    """A permanent's description without its ``"permanent: "`` head, translated."""
    if w.english:
        return description.removeprefix("permanent: ")
    said = w.text(description)
    return said.split(": ", 1)[-1] if description.startswith("permanent: ") else said


def _play_words(w: Narration) -> str:
    """A card put down: points, scuttle, royal, glasses, jack, one-off."""
    verb, c, t, to, _ = w.move
    s, b, a = w.seat, w.before, w.after
    played = w.full(c)
    if verb == POINTS:
        return w.by(
            s, N_("You play {card} for points"), N_("{actor} plays {card} for points"), card=played
        )
    if verb == SCUTTLE:
        target = w.owned(t, controller(b, t), s)
        if a.pending is not None and a.pending.kind == KIND_SCUTTLE:
            return w.by(
                s,
                N_("You play {card} to scuttle {target}"),
                N_("{actor} plays {card} to scuttle {target}"),
                card=played,
                target=target,
            )
        return w.by(
            s,
            N_("You scuttle {target} with {card}"),
            N_("{actor} scuttles {target} with {card}"),
            card=played,
            target=target,
        )
    if verb == GLASSES:
        return w.by(
            s, N_("You play {card} as glasses"), N_("{actor} plays {card} as glasses"), card=played
        )
    if verb in (ROYAL, JACK_MOVE) and t >= 0:
        target = w.owned(t, controller(b, t), s)
        dest = controller(a, c)
        if dest == s:
            return w.by(
                s,
                N_("You play {card} on {target} and take it"),
                N_("{actor} plays {card} on {target} and takes it"),
                card=played,
                target=target,
            )
        if dest == w.viewer:
            return w.say(
                N_("{actor} plays {card} on {target} and gives it to you"),
                actor=w.person(s),
                card=played,
                target=target,
            )
        return w.by(
            s,
            N_("You play {card} on {target} and give it to {receiver}"),
            N_("{actor} plays {card} on {target} and gives it to {receiver}"),
            card=played,
            target=target,
            receiver=w.person(dest),
        )
    if verb == ROYAL:
        effect = b.rules.effect_of(c)
        if effect is not None and effect.kind == "permanent":
            return w.by(
                s,
                N_("You play {card} as a permanent ({effect})"),
                N_("{actor} plays {card} as a permanent ({effect})"),
                card=played,
                effect=_permanent_about(w, effect.description),
            )
        return w.by(s, N_("You play {card}"), N_("{actor} plays {card}"), card=played)
    # a one-off
    p = Pending(c, s, t, victim=to)
    intent = _effect_phrase(_effect_key(b, c), "intent", w, p)
    if b.phase == ANSWER:
        return w.by(
            s,
            N_("You answer with {card} {intent}"),
            N_("{actor} answers with {card} {intent}"),
            card=played,
            intent=intent,
        )
    return w.by(
        s,
        N_("You play {card} as a one-off {intent}"),
        N_("{actor} plays {card} as a one-off {intent}"),
        card=played,
        intent=intent,
    )


def _counter_words(w: Narration) -> str:
    s, c = w.seat, w.move.card
    b, a = w.before, w.after
    p = b.pending
    if p is not None and p.kind == KIND_SCUTTLE:
        return w.by(
            s,
            N_("You block the scuttle with {card}: {scuttler} goes to the scrap"),
            N_("{actor} blocks the scuttle with {card}: {scuttler} goes to the scrap"),
            card=w.full(c),
            scuttler=w.card(p.card),
        )
    if a.skips[s] > b.skips[s]:
        return w.by(
            s,
            N_("You counter with {card} and give up your next turn"),
            N_("{actor} counters with {card} and gives up their next turn"),
            card=w.full(c),
        )
    return w.by(
        s, N_("You counter with {card}"), N_("{actor} counters with {card}"), card=w.full(c)
    )


def _resolve_words(w: Narration) -> str:
    s, b, a = w.seat, w.before, w.after
    p = b.pending
    lets = w.by(s, N_("You let it resolve"), N_("{actor} lets it resolve"))
    if p is None:  # pragma: no cover - resolve always has a pending card
        return lets
    if b.phase == ANSWER or p.kind == KIND_ROYAL:
        return w.by(
            s, N_("You let {card} stand"), N_("{actor} lets {card} stand"), card=w.card(p.card)
        )
    if a.phase == COUNTER_PHASE and a.pending is not None:
        # the next seat is asked: nothing resolved yet, so say only that this seat let it be
        return w.by(s, N_("You do not counter"), N_("{actor} does not counter"))
    if len(p.counters) % 2 == 1:
        said = w.say(N_("{card} is countered"), card=w.card(p.card))
    elif p.kind == KIND_SCUTTLE:
        v = controller(b, p.target)
        said = w.say(
            N_("{card} scuttles {target}"), card=w.card(p.card), target=w.owned(p.target, v)
        )
    else:
        said = _effect_phrase(_effect_key(b, p.card), "outcome", w, p)
    return w.say(N_("{sentence}: {outcome}"), sentence=lets, outcome=w.clause(said))


def _discard_words(w: Narration) -> str:
    s, b, a = w.seat, w.before, w.after
    cs = w.move.cards
    if b.phase == PICK_PHASE and b.pending is not None:
        victim = b.pending.victim
        if victim == w.viewer:
            return w.say(
                N_("{actor} makes you discard {cards}"), actor=w.person(s), cards=w.cards(cs)
            )
        return w.by(
            s,
            N_("You make {victim} discard {cards}"),
            N_("{actor} makes {victim} discard {cards}"),
            victim=w.person(victim),
            cards=w.cards(cs),
        )
    if b.phase == HAND_LIMIT:
        return w.by(
            s,
            N_("You discard {cards} down to the hand limit"),
            N_("{actor} discards {cards} down to the hand limit"),
            cards=w.cards(cs),
        )
    p = b.pending
    if p is not None and _effect_key(b, p.card) == R.DISCARD_ONE_DRAW_THREE:
        return w.by(
            s,
            N_("You discard {cards} and draw {drawn}"),
            N_("{actor} discards {cards} and draws {drawn}"),
            cards=w.cards(cs),
            drawn=w.cards(w.drawn(p.by)),
        )
    if b.rules.four_random:
        text = w.by(
            s,
            N_("You discard {cards} at random"),
            N_("{actor} discards {cards} at random"),
            cards=w.cards(cs),
        )
    else:
        text = w.by(s, N_("You discard {cards}"), N_("{actor} discards {cards}"), cards=w.cards(cs))
    if a.phase == DISCARD_PHASE and a.to_act != s:
        nxt = w.by(
            a.to_act,
            N_("you must discard {count} next"),
            N_("{actor} must discard {count} next"),
            count=w.count(min(2, len(a.hands[a.to_act]))),
        )
        text = w.say(N_("{sentence}; {more}"), sentence=text, more=nxt)
    return text


def _ending(w: Narration) -> str:
    """The sentence that tells how the game ended, if the move ended it."""
    a = w.after
    if w.before.is_over or a.winners is None:
        return ""
    term = a.termination or ""
    if a.winners:
        if len(a.winners) == 1:
            return w.by(a.winners[0], N_("You win."), N_("{actor} wins."))
        if w.viewer in a.winners:
            others = [v for v in a.winners if v != w.viewer]
            return w.say(N_("You and {players} win."), players=w.group(others))
        return w.say(N_("{players} win."), players=w.group(a.winners))
    if term == "passes":
        return w.say(N_("The game is drawn: too many passes in a row."))
    if term == "move-cap":
        return w.say(N_("The game is drawn: the move limit is reached."))
    return w.say(N_("The game is drawn."))


def _sentence(w: Narration) -> str:
    verb, c = w.move.verb, w.move.card
    s = w.seat
    if verb == AGREE_DRAW:
        return w.say(N_("The players agree to a draw."))
    if verb == RESIGN:
        main = w.by(s, N_("You resign"), N_("{actor} resigns"))
    elif verb == DRAW:
        main = w.by(
            s, N_("You draw {cards}"), N_("{actor} draws {cards}"), cards=w.cards(w.drawn(s))
        )
        if not w.before.deck and w.after.scrap != w.before.scrap:
            main = w.say(N_("The scrap is shuffled into a new deck.")) + " " + main
    elif verb == PASS:
        main = w.by(s, N_("You pass"), N_("{actor} passes"))
    elif verb in (POINTS, SCUTTLE, ROYAL, GLASSES, JACK_MOVE, ONEOFF):
        main = _play_words(w) + _seven_leftover(w, c)
    elif verb == COUNTER:
        main = _counter_words(w)
    elif verb == RESOLVE:
        main = _resolve_words(w)
    elif verb == TAKE and w.before.phase == PICK_PHASE and w.before.pending is not None:
        victim = w.before.pending.victim
        main = w.by(
            s,
            N_("You take {card} from {hand}"),
            N_("{actor} takes {card} from {hand}"),
            card=w.card(c),
            hand=w.hand(victim, s),
        )
    elif verb == TAKE:
        main = w.by(
            s,
            N_("You take {card} from the scrap"),
            N_("{actor} takes {card} from the scrap"),
            card=w.card(c),
        )
    elif verb == DISCARD:
        main = _discard_words(w)
    elif verb == SCRAP:
        main = w.by(
            s,
            N_("You cannot play {card} and scrap it"),
            N_("{actor} cannot play {card} and scraps it"),
            card=w.card(c),
        ) + _seven_leftover(w, c)
    else:  # pragma: no cover - every verb is handled above
        main = w.by(s, N_("You move"), N_("{actor} moves"))
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
    return _sentence(Narration(before, after, seat, m, viewer, full, seen, lang))


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
