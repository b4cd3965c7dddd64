"""Player-facing reasons why a move is not legal in a position."""

from __future__ import annotations

from .cards import EIGHT, JACK, JOKER_RANK, KING, QUEEN, RANK_OF, TEN, TWO, describe
from .core import Core
from .moves import (
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
    VERBS,
    Move,
    move_text,
)
from .moves import (
    JACK as JACK_MOVE,
)
from .table import DECISION_PHASES

_PHASE_HELP = {
    "counter": "answer the pending card: 'counter' with a two or 'resolve'",
    "take": "take a card from the scrap with 'take'",
    "discard": "discard with 'discard'",
    "seven": "play one of the revealed cards (or 'scrap' one if none can be played)",
    "hand-limit": "discard down to the hand limit with 'discard'",
    "answer": "answer the royal with a nine ('oneoff 9X card') or 'resolve'",
    "pick": "pick a card from the victim's hand ('discard X' or 'take X', as the card says)",
}
_PHASE_VERBS = {
    "main": {DRAW, PASS, POINTS, SCUTTLE, ROYAL, GLASSES, JACK_MOVE, ONEOFF},
    "counter": {COUNTER, RESOLVE},
    "take": {TAKE},
    "discard": {DISCARD},
    "seven": {POINTS, SCUTTLE, ROYAL, GLASSES, JACK_MOVE, ONEOFF, SCRAP},
    "hand-limit": {DISCARD},
    "answer": {ONEOFF, RESOLVE},
    "pick": {TAKE, DISCARD},
}


def _seat_problem(g: Core, move: Move) -> str | None:
    """A move legal but for its seat: a missing seat with several choices, or a seat
    where the rule set names none."""
    verb, c, target, seat, _ = move
    same = [m for m in g.legal_actions() if m.verb == verb and m.card == c and m.target == target]
    if seat == -1:
        named = sorted(m for m in same if m.seat >= 0)
        if len(named) > 1:
            return "Name the seat as well: " + " or ".join(f"'{move_text(m)}'" for m in named)
    elif any(m.seat == -1 for m in same):
        bare = Move(verb, c, target).text()
        return f"'{move_text(move)}' takes no seat here: write '{bare}'"
    return None


def _oneoff_problem(g: Core, move: Move) -> str | None:
    """Why a one-off cannot be played as written, or None if no reason is found."""
    _, c, target, _, _ = move
    r = RANK_OF[c]
    name = move_text(move).split()[1]
    effect = g.rules.effect_of(c)
    if effect is None:
        if r == EIGHT:
            return "An eight is not a one-off here: play it as glasses or for points"
        return f"The {describe(c)} has no one-off effect in {g.rules.name}"
    if g.phase == "answer":
        p = g.pending
        if not effect.answers_royals:
            return "Only a nine can answer a royal"
        if p is not None and target != p.card:
            return (
                f"A nine may only answer the royal just played: 'oneoff {name} {describe(p.card)}'"
            )
    if not effect.targeted and target >= 0:
        return f"This one-off takes no target: 'oneoff {name}'"
    return effect.illegal_reason(g, move)


def explain_illegal(g: Core, move: Move) -> str:
    """Return why ``move`` is illegal for the seat to act in ``g``."""
    verb, c, target, _, cs = move
    s = g.to_act
    text = move_text(move)
    phase = g.phase
    if verb == RESIGN:
        return "Resigning is not a move of the game: call resign(seat), which any seat may do"
    if verb not in _PHASE_VERBS.get(phase, set()):
        help_ = _PHASE_HELP.get(phase, "play a move of the main phase")
        return f"'{VERBS[verb]}' is not possible now: p{s} must {help_}"
    seat_note = _seat_problem(g, move)
    if seat_note:
        return seat_note
    hand = g.hands[s]
    p = g.pending
    if phase == "pick" and p is not None:
        pick_effect = g.rules.effect_of(p.card)
        note = pick_effect.decision_reason(g, move, p) if pick_effect is not None else None
        return note or f"'{text}' is not legal here"
    if verb == DRAW:
        if not g.deck_ok():
            return "The deck is empty: pass instead"
        return f"You cannot draw with {len(hand)} cards in hand (the hand limit)"
    if verb == PASS:
        return "You can only pass when the deck is empty"
    if verb == DISCARD and any(x not in hand for x in cs):
        return "You can only discard cards from your own hand"
    if verb == DISCARD and phase == "hand-limit":
        return f"You must discard exactly {len(hand) - g.rules.hand_limit} card(s)"
    p = g.pending
    effect = g.rules.effect_of(p.card) if p is not None and phase in DECISION_PHASES else None
    if verb in (DISCARD, TAKE) and effect is not None:
        note = effect.decision_reason(g, move, p)
        if note:
            return note
    source = g.revealed if phase == "seven" else hand
    if c not in source:
        if phase == "seven":
            return f"The {describe(c)} was not revealed: play one of the revealed cards"
        return f"You do not hold the {describe(c)}"
    if verb == SCRAP:
        note = effect.decision_reason(g, move, p) if effect is not None else None
        return note or "A revealed card can only be scrapped when none of them can be played"
    if c in g.frozen and phase != "seven":
        return f"The {describe(c)} was returned by a nine and cannot be played this turn"
    r = RANK_OF[c]
    if verb == COUNTER:
        p = g.pending
        if p is not None and p.kind == "scuttle":
            return "Only a ten can stop a scuttle" if r != TEN else "You cannot answer this"
        if r != TWO:
            return "Only a two can counter"
        if p is not None and g.queens(p.last) and p.last in g.opponents(s):
            return f"You cannot counter: p{p.last} has a Queen"
        return "You cannot counter now"
    if verb == POINTS:
        return f"The {describe(c)} cannot be played for points (only ace to ten)"
    if verb == GLASSES:
        return "Only an eight can be played as glasses"
    owner = g.holder_of(target) if target >= 0 else None
    if target >= 0 and owner is None:
        return f"The {describe(target)} is not on the table"
    shielded = owner is not None and g.protected(owner, target, s)
    if verb == SCUTTLE:
        if r > TEN:
            return f"The {describe(c)} cannot scuttle (only ace to ten)"
        if owner is None or owner not in g.opponents(s) or g.place_of(target) != "point":
            return "You can only scuttle an opponent's point card"
        return (
            f"The {describe(c)} cannot scuttle the {describe(target)}: it must be higher, "
            "or equal with a higher suit"
        )
    if verb == JACK_MOVE:
        if r != JACK:
            return "Only a jack can be played onto a point card"
        if g.place_of(target) != "point":
            return f"A jack goes onto a point card, not the {describe(target)}"
        if shielded:
            return "You cannot use a Jack while your opponent has a Queen"
        if owner == s or (owner is not None and owner not in g.opponents(s)):
            return "A jack takes an opponent's point card"
        return f"A jack cannot go onto the {describe(target)}"
    house = g.rules.effect_of(c)
    if verb == ROYAL and house is not None and house.kind != "oneoff":
        return house.illegal_reason(g, move) or f"'{text}' is not legal here"
    if verb == ROYAL:
        if r not in (KING, QUEEN, JOKER_RANK):
            return "Only kings and queens (and jokers) are played as royals"
        if r == JOKER_RANK:
            if shielded:
                return f"The {describe(target)} is protected by p{owner}'s Queen"
            return "A joker steals an opponent's king or queen: name one"
        if target >= 0:
            return f"A king or queen is played without a target: 'royal {text.split()[1]}'"
        return f"'{text}' is not legal here"
    if verb == ONEOFF:
        note = _oneoff_problem(g, move)
        if note:
            return note
    legal = g.legal_moves()
    shown = ", ".join(legal[:8]) + (" ..." if len(legal) > 8 else "")
    return f"'{text}' is not legal here; legal moves: {shown}"
