"""Player-facing reasons why a move is not legal in a position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules as R
from .cards import EIGHT, JACK, JOKER_RANK, KING, QUEEN, RANK_OF, TEN, TWO, describe
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

if TYPE_CHECKING:
    from .game import Game

_PHASE_HELP = {
    "counter": "answer the pending card: 'counter' with a two or 'resolve'",
    "take": "take a card from the scrap with 'take'",
    "discard": "discard with 'discard'",
    "seven": "play one of the revealed cards (or 'scrap' one if none can be played)",
    "hand-limit": "discard down to the hand limit with 'discard'",
    "answer": "answer the royal with a nine ('oneoff 9X card') or 'resolve'",
}
_PHASE_VERBS = {
    "main": {DRAW, PASS, POINTS, SCUTTLE, ROYAL, GLASSES, JACK_MOVE, ONEOFF},
    "counter": {COUNTER, RESOLVE},
    "take": {TAKE},
    "discard": {DISCARD},
    "seven": {POINTS, SCUTTLE, ROYAL, GLASSES, JACK_MOVE, ONEOFF, SCRAP},
    "hand-limit": {DISCARD},
    "answer": {ONEOFF, RESOLVE},
}


def _table_card(g: Game, c: int) -> int | None:
    """Controller of table card ``c`` (any position in a stack), or None."""
    for v in range(g.n):
        if c in g.glasses[v]:
            return v
        for st in (*g.points[v], *g.faces[v]):
            if st[0] == c or any(j == c for j, _ in st[2]):
                return v
    return None


def _seat_problem(g: Game, move: Move) -> str | None:
    """A move legal but for its seat: a missing seat with several choices, or a seat
    where the rule set names none."""
    verb, c, target, seat, _ = move
    same = [m for m in g.legal_actions() if m[:3] == (verb, c, target)]
    if seat == -1:
        named = sorted(m for m in same if m[3] >= 0)
        if len(named) > 1:
            return "Name the seat as well: " + " or ".join(f"'{move_text(m)}'" for m in named)
    elif any(m[3] == -1 for m in same):
        bare = move_text((verb, c, target, -1, ()))
        return f"'{move_text(move)}' takes no seat here: write '{bare}'"
    return None


def _place(g: Game, c: int) -> str:
    """Where table card ``c`` lies: ``point``, ``jack``/``joker`` (top or not),
    ``under`` (a cover with another on it), ``face``, ``glasses``."""
    for v in range(g.n):
        if c in g.glasses[v]:
            return "glasses"
        for group, base_kind, cover_kind in (
            (g.points[v], "point", "jack"),
            (g.faces[v], "face", "joker"),
        ):
            for base, _, covers in group:
                if base == c:
                    return base_kind
                for i, (cov, _) in enumerate(covers):
                    if cov == c:
                        return cover_kind if i == len(covers) - 1 else "under"
    return "none"


def _top_of(g: Game, c: int) -> int:
    """The top cover of the stack holding ``c`` (``c`` itself when nothing lies on it)."""
    for v in range(g.n):
        for base, _, covers in (*g.points[v], *g.faces[v]):
            if covers and (base == c or any(cov == c for cov, _ in covers)):
                return covers[-1][0]
    return c


def _oneoff_problem(g: Game, move: Move, owner: int | None, shielded: bool) -> str | None:
    """Why a one-off cannot be played as written, or None if no reason is found."""
    _, c, target, _, _ = move
    s = g.to_act
    r = RANK_OF[c]
    name = move_text(move).split()[1]
    effect = g.rules.oneoffs.get(r)
    if effect is None:
        if r == EIGHT:
            return "An eight is not a one-off here: play it as glasses or for points"
        return f"The {describe(c)} has no one-off effect in {g.rules.name}"
    if g.phase == "answer":
        p = g.pending
        if effect != R.RETURN_CARD:
            return "Only a nine can answer a royal"
        if p is not None and target != p.card:
            return (
                f"A nine may only answer the royal just played: 'oneoff {name} {describe(p.card)}'"
            )
    if effect in R.TARGETED_EFFECTS:
        if target < 0:
            return f"This one-off needs a target card: 'oneoff {name} CARD'"
        place = _place(g, target)
        top = _top_of(g, target)
        if top != target:
            return (
                f"Only the top card of a stack can be targeted: the {describe(top)}, "
                f"not the {describe(target)}"
            )
        if shielded:
            return f"The {describe(target)} is protected by p{owner}'s Queen"
        if effect == R.SCRAP_ROYAL and place == "point":
            return "A two scraps a royal, glasses or jack, not a point card"
        if effect == R.SCRAP_GLASSES and place != "glasses":
            return "An eight one-off scraps only glasses"
        if effect == R.RETURN_CARD:
            rules = g.rules
            if rules.nine_opponents_only and owner not in g.opponents(s):
                return "A nine may only target an opponent's card here"
            if place == "point" and not rules.nine_targets_points:
                return f"A nine in {rules.name} returns royals, glasses and jacks, not point cards"
    elif target >= 0:
        return f"This one-off takes no target: 'oneoff {name}'"
    if effect == R.TAKE_FROM_SCRAP:
        return "A three needs a card in the scrap it may take"
    if effect == R.DISCARD_TWO:
        return "A four needs an opponent with at least one card in hand"
    if effect in (R.DRAW_TWO, R.DISCARD_ONE_DRAW_THREE, R.REVEAL_AND_PLAY):
        return "The deck is empty"
    return None


def explain_illegal(g: Game, move: Move) -> str:
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
    if verb == DRAW:
        if not g._deck_ok():
            return "The deck is empty: pass instead"
        return f"You cannot draw with {len(hand)} cards in hand (the hand limit)"
    if verb == PASS:
        return "You can only pass when the deck is empty"
    if verb == DISCARD:
        if any(x not in hand for x in cs):
            return "You can only discard cards from your own hand"
        want = len(g.legal_actions()[0][4]) if g.legal_actions() else 0
        if g.rules.four_random and phase == "discard":
            return "With random fours the engine chooses the discarded cards"
        return f"You must discard exactly {want} card(s)"
    if verb == TAKE:
        if c not in g.scrap:
            return f"The {describe(c)} is not in the scrap"
        return f"A three cannot take a three in {g.rules.name}"
    source = g.revealed if phase == "seven" else hand
    if c not in source:
        if phase == "seven":
            return f"The {describe(c)} was not revealed: play one of the revealed cards"
        return f"You do not hold the {describe(c)}"
    if verb == SCRAP:
        return "A revealed card can only be scrapped when none of them can be played"
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
    if target >= 0 and _table_card(g, target) is None:
        return f"The {describe(target)} is not on the table"
    owner = _table_card(g, target) if target >= 0 else None
    shielded = owner is not None and g._protected(owner, target, s)
    if verb == SCUTTLE:
        if r > TEN:
            return f"The {describe(c)} cannot scuttle (only ace to ten)"
        if owner is None or owner not in g.opponents(s) or _place(g, target) != "point":
            return "You can only scuttle an opponent's point card"
        return (
            f"The {describe(c)} cannot scuttle the {describe(target)}: it must be higher, "
            "or equal with a higher suit"
        )
    if verb == JACK_MOVE:
        if r != JACK:
            return "Only a jack can be played onto a point card"
        if _place(g, target) != "point":
            return f"A jack goes onto a point card, not the {describe(target)}"
        if shielded:
            return "You cannot use a Jack while your opponent has a Queen"
        if owner == s or (owner is not None and owner not in g.opponents(s)):
            return "A jack takes an opponent's point card"
        return f"A jack cannot go onto the {describe(target)}"
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
        note = _oneoff_problem(g, move, owner, shielded)
        if note:
            return note
    legal = g.legal_moves()
    shown = ", ".join(legal[:8]) + (" ..." if len(legal) > 8 else "")
    return f"'{text}' is not legal here; legal moves: {shown}"
