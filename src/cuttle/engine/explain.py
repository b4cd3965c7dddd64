"""Player-facing reasons why a move is not legal in a position."""

from __future__ import annotations

from ..i18n import DEFAULT, N_, current
from .cards import (
    CARD_NAMES,
    EIGHT,
    JACK,
    JOKER_RANK,
    KING,
    QUEEN,
    RANK_OF,
    TEN,
    TWO,
    describe,
)
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
from .reasons import Card, must_discard, protected, say
from .table import DECISION_PHASES

_PHASE_HELP = {
    "counter": N_("answer the pending card: 'counter' with a two or 'resolve'"),
    "take": N_("take a card from the scrap with 'take'"),
    "discard": N_("discard with 'discard'"),
    "seven": N_("play one of the revealed cards (or 'scrap' one if none can be played)"),
    "hand-limit": N_("discard down to the hand limit with 'discard'"),
    "answer": N_("answer the royal with a nine ('oneoff 9X card') or 'resolve'"),
    "pick": N_("pick a card from the victim's hand ('discard X' or 'take X', as the card says)"),
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
            return say(
                N_("Name the seat as well: {moves}"),
                moves=say(N_(" or ")).join(f"'{move_text(m)}'" for m in named),
            )
    elif any(m.seat == -1 for m in same):
        bare = Move(verb, c, target).text()
        return say(
            N_("'{move}' takes no seat here: write '{bare}'"), move=move_text(move), bare=bare
        )
    return None


def _oneoff_problem(g: Core, move: Move) -> str | None:
    """Why a one-off cannot be played as written, or None if no reason is found."""
    _, c, target, _, _ = move
    r = RANK_OF[c]
    name = move_text(move).split()[1]
    effect = g.rules.effect_of(c)
    if effect is None:
        if r == EIGHT:
            return say(N_("An eight is not a one-off here: play it as glasses or for points"))
        return say(
            N_("The {card} has no one-off effect in {rules}"), card=Card(c), rules=g.rules.name
        )
    if g.phase == "answer":
        p = g.pending
        if not effect.answers_royals:
            return say(N_("Only a nine can answer a royal"))
        if p is not None and target != p.card:
            return say(
                N_("A nine may only answer the royal just played: 'oneoff {name} {card}'"),
                name=name,
                card=describe(p.card) if current() == DEFAULT else CARD_NAMES[p.card],
            )
    if not effect.targeted and target >= 0:
        return say(N_("This one-off takes no target: 'oneoff {name}'"), name=name)
    return effect.illegal_reason(g, move)


def explain_illegal(g: Core, move: Move) -> str:
    """Return why ``move`` is illegal for the seat to act in ``g``."""
    verb, c, target, _, cs = move
    s = g.to_act
    text = move_text(move)
    phase = g.phase
    if verb == RESIGN:
        return say(
            N_("Resigning is not a move of the game: call resign(seat), which any seat may do")
        )
    if verb not in _PHASE_VERBS.get(phase, set()):
        help_ = say(_PHASE_HELP.get(phase, N_("play a move of the main phase")))
        return say(
            N_("'{verb}' is not possible now: {seat} must {what}"),
            verb=VERBS[verb],
            seat=f"p{s}",
            what=help_,
        )
    seat_note = _seat_problem(g, move)
    if seat_note:
        return seat_note
    hand = g.hands[s]
    p = g.pending
    if phase == "pick" and p is not None:
        pick_effect = g.rules.effect_of(p.card)
        note = pick_effect.decision_reason(g, move, p) if pick_effect is not None else None
        return note or say(N_("'{move}' is not legal here"), move=text)
    if verb == DRAW:
        if not g.deck_ok():
            return say(N_("The deck is empty: pass instead"))
        return say(N_("You cannot draw with {n} cards in hand (the hand limit)"), n=len(hand))
    if verb == PASS:
        return say(N_("You can only pass when the deck is empty"))
    if verb == DISCARD and any(x not in hand for x in cs):
        return say(N_("You can only discard cards from your own hand"))
    if verb == DISCARD and phase == "hand-limit":
        return must_discard(len(hand) - g.rules.hand_limit)
    p = g.pending
    effect = g.rules.effect_of(p.card) if p is not None and phase in DECISION_PHASES else None
    if verb in (DISCARD, TAKE) and effect is not None:
        note = effect.decision_reason(g, move, p)
        if note:
            return note
    source = g.revealed if phase == "seven" else hand
    if c not in source:
        if phase == "seven":
            return say(
                N_("The {card} was not revealed: play one of the revealed cards"), card=Card(c)
            )
        return say(N_("You do not hold the {card}"), card=Card(c))
    if verb == SCRAP:
        note = effect.decision_reason(g, move, p) if effect is not None else None
        return note or say(
            N_("A revealed card can only be scrapped when none of them can be played")
        )
    if c in g.frozen and phase != "seven":
        return say(
            N_("The {card} was returned by a nine and cannot be played this turn"), card=Card(c)
        )
    r = RANK_OF[c]
    if verb == COUNTER:
        p = g.pending
        if p is not None and p.kind == "scuttle":
            if r != TEN:
                return say(N_("Only a ten can stop a scuttle"))
            return say(N_("You cannot answer this"))
        if r != TWO:
            return say(N_("Only a two can counter"))
        if p is not None and g.queens(p.last) and p.last in g.opponents(s):
            return say(N_("You cannot counter: {seat} has a Queen"), seat=f"p{p.last}")
        return say(N_("You cannot counter now"))
    if verb == POINTS:
        return say(N_("The {card} cannot be played for points (only ace to ten)"), card=Card(c))
    if verb == GLASSES:
        return say(N_("Only an eight can be played as glasses"))
    owner = g.holder_of(target) if target >= 0 else None
    if target >= 0 and owner is None:
        return say(N_("The {card} is not on the table"), card=Card(target))
    shielded = owner is not None and g.protected(owner, target, s)
    if verb == SCUTTLE:
        if r > TEN:
            return say(N_("The {card} cannot scuttle (only ace to ten)"), card=Card(c))
        if owner is None or owner not in g.opponents(s) or g.place_of(target) != "point":
            return say(N_("You can only scuttle an opponent's point card"))
        return say(
            N_(
                "The {card} cannot scuttle the {target}: it must be higher, "
                "or equal with a higher suit"
            ),
            card=Card(c),
            target=Card(target),
        )
    if verb == JACK_MOVE:
        if r != JACK:
            return say(N_("Only a jack can be played onto a point card"))
        if g.place_of(target) != "point":
            return say(N_("A jack goes onto a point card, not the {card}"), card=Card(target))
        if shielded:
            return say(N_("You cannot use a Jack while your opponent has a Queen"))
        if owner == s or (owner is not None and owner not in g.opponents(s)):
            return say(N_("A jack takes an opponent's point card"))
        return say(N_("A jack cannot go onto the {card}"), card=Card(target))
    house = g.rules.effect_of(c)
    if verb == ROYAL and house is not None and house.kind != "oneoff":
        return house.illegal_reason(g, move) or say(N_("'{move}' is not legal here"), move=text)
    if verb == ROYAL:
        if r not in (KING, QUEEN, JOKER_RANK):
            return say(N_("Only kings and queens (and jokers) are played as royals"))
        if r == JOKER_RANK:
            if shielded and owner is not None:
                return protected(target, owner)
            return say(N_("A joker steals an opponent's king or queen: name one"))
        if target >= 0:
            return say(
                N_("A king or queen is played without a target: 'royal {name}'"),
                name=text.split()[1],
            )
        return say(N_("'{move}' is not legal here"), move=text)
    if verb == ONEOFF:
        note = _oneoff_problem(g, move)
        if note:
            return note
    legal = g.legal_moves()
    shown = ", ".join(legal[:8]) + (" ..." if len(legal) > 8 else "")
    return say(N_("'{move}' is not legal here; legal moves: {moves}"), move=text, moves=shown)
