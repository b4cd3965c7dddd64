"""Draw a position as plain text: one block per seat, then the deck, scrap and what waits.

:func:`render` works from a position or a view (``game.view(seat)``), never from the
game itself, so it can only show what the caller was allowed to see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cuttle.engine.cards import KING, POINT_VALUE, QUEEN, RANK_OF, card
from cuttle.engine.errors import CuttleError
from cuttle.engine.rules import EFFECTS, RuleSet, get_rules

HIDDEN = "??"

PHASE_HINTS = {
    "main": "draw, play a card, or pass when the deck is empty",
    "counter": "counter the pending card with a two, or resolve",
    "take": "take a card from the scrap",
    "discard": "discard",
    "seven": "play a revealed card (or scrap one if none can be played)",
    "hand-limit": "discard down to the hand limit",
    "answer": "answer the royal with a nine, or resolve",
}
"""What the seat to act must do in each phase, in a few words."""


def _value(name: str) -> int:
    try:
        return POINT_VALUE[card(name)]
    except CuttleError:
        return 0


def _rank(name: str) -> int:
    try:
        return RANK_OF[card(name)]
    except CuttleError:
        return -1


def _stack(entry: Any, seat: int, cover_key: str) -> tuple[str, str]:
    """Text of a field card and the name of its base card."""
    if isinstance(entry, str):
        return entry, entry
    base = str(entry.get("card", HIDDEN))
    covers = " ".join(str(c.get("card", HIDDEN)) for c in entry.get(cover_key, []))
    owner = entry.get("owner")
    note = f" from p{owner}" if owner is not None and owner != seat else ""
    return f"{base}[{covers}{note}]", base


def rules_of(view: Mapping[str, Any], rules: RuleSet | None = None) -> RuleSet | None:
    """The rule set of a position (``rules`` for house rules), or ``None`` if unknown."""
    if rules is not None:
        return rules
    try:
        return get_rules(str(view["rules"]), list(view["variants"]), len(view["hands"]))
    except (CuttleError, KeyError, TypeError):
        return None


def winner_text(view: Mapping[str, Any], you: int | None = None) -> str:
    """How the game ended, in words (``""`` while it is on)."""
    w = view.get("winner")
    term = view.get("termination", "")
    how = f" ({term})" if term else ""
    if w is None:
        return ""
    if w == "draw":
        return f"Draw{how}."
    seats = [w] if isinstance(w, int) else list(w)
    who = " and ".join(f"p{s}" for s in seats)
    if you is not None and you in seats:
        return f"You win{how}!" if len(seats) == 1 else f"Your team ({who}) wins{how}!"
    verb = "wins" if len(seats) == 1 else "win"
    return f"{who} {verb}{how}."


def _hand(cards: Sequence[str], frozen: set[str]) -> str:
    shown = [f"{c}*" if c in frozen else c for c in cards if c != HIDDEN]
    hidden = sum(1 for c in cards if c == HIDDEN)
    if not cards:
        return "(empty)"
    if hidden and shown:
        return f"{' '.join(shown)} + {hidden} hidden"
    if hidden:
        return f"{hidden} hidden card{'s' if hidden != 1 else ''}"
    return " ".join(shown)


def _pending(p: Mapping[str, Any], rules: RuleSet | None) -> str:
    kind = p.get("kind", "oneoff")
    c = str(p.get("card"))
    by = p.get("by")
    if kind == "scuttle":
        text = f"p{by} scuttles {p.get('target')} with {c}"
    elif kind == "royal":
        text = f"p{by} played {c}; it may be answered with a nine"
    else:
        label = "answering nine" if kind == "answer" else "one-off"
        text = f"{label} {c} by p{by}"
        if rules is not None and kind == "oneoff":
            note = describe_move(f"oneoff {c}", rules).partition(": ")[2]
            if note:
                text += f" ({note})"
        if p.get("target"):
            text += f", target {p['target']}"
        if p.get("victim") is not None:
            text += f", victim p{p['victim']}"
    counters = p.get("counters") or []
    if counters:
        text += f"; countered by {' '.join(counters)}"
    return text


def render(
    view: Mapping[str, Any],
    *,
    rules: RuleSet | None = None,
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """Return ``view`` (a position or a seat's view) drawn as lines of text.

    ``names`` labels the seats; ``you`` marks the human's seat. Hidden cards are shown
    only as counts.
    """
    rs = rules_of(view, rules)
    hands: list[list[str]] = [list(h) for h in view["hands"]]
    fields: list[Mapping[str, Any]] = list(view["fields"])
    n = len(hands)
    frozen = set(view.get("frozen", []))
    to_act = view.get("to_act")
    over = view.get("winner") is not None
    variants = " ".join(view.get("variants", []))
    title = f"{view.get('rules')}{' + ' + variants if variants else ''}"
    state = "game over" if over else f"p{view.get('turn')}'s turn"
    lines = [f"== {title} · move {view.get('moves', 0)} · {state} =="]
    for s in range(n):
        label = f"p{s}"
        if names is not None and s < len(names) and names[s] != label:
            label += f" {names[s]}"
        if s == you:
            label += " (you)"
        marker = ">" if s == to_act and not over else " "
        fld = fields[s]
        points = [_stack(e, s, "jacks") for e in fld.get("points", [])]
        faces = [_stack(e, s, "jokers") for e in fld.get("faces", [])]
        score = sum(_value(base) for _, base in points)
        kings = sum(1 for _, base in faces if _rank(base) == KING)
        queens = sum(1 for _, base in faces if _rank(base) == QUEEN)
        goal = f"/{rs.goal(kings)}" if rs is not None else ""
        lines.append(f"{marker} {label}: {score}{goal} points, {kings} kings, {queens} queens")
        lines.append(f"    hand:    {_hand(hands[s], frozen)} ({len(hands[s])})")
        if points:
            lines.append(f"    points:  {' '.join(t for t, _ in points)}")
        if faces:
            lines.append(f"    royals:  {' '.join(t for t, _ in faces)}")
        if fld.get("glasses"):
            lines.append(f"    glasses: {' '.join(fld['glasses'])}")
    deck = list(view.get("deck", []))
    known_top: list[str] = []
    for c in deck:
        if c == HIDDEN:
            break
        known_top.append(c)
    scrap = list(view.get("scrap", []))
    deck_text = f"Deck: {len(deck)} cards"
    if known_top and len(known_top) < len(deck):
        deck_text += f" (top: {' '.join(known_top)})"
    elif known_top and len(deck) <= 3:
        deck_text += f" ({' '.join(known_top)})"
    scrap_text = f"Scrap: {len(scrap)} cards" + (f", top {scrap[-1]}" if scrap else "")
    lines.append(f"{deck_text} · {scrap_text}")
    removed = view.get("removed") or []
    if removed:
        lines.append(f"Set aside before the deal (out of the game): {' '.join(removed)}")
    if frozen:
        lines.append(f"Frozen (returned by a nine, *): {' '.join(sorted(frozen))}")
    pending = view.get("pending")
    if pending:
        lines.append(f"Pending: {_pending(pending, rs)}")
    revealed = view.get("revealed") or []
    if revealed:
        lines.append(f"Revealed by the seven: {' '.join(revealed)}")
    if over:
        lines.append(f"Game over: {winner_text(view, you)}")
    else:
        phase = str(view.get("phase"))
        who = "you" if to_act == you else f"p{to_act}"
        lines.append(f"{who} to act ({phase}): {PHASE_HINTS.get(phase, phase)}")
    return "\n".join(lines)


def describe_move(text: str, rules: RuleSet | None) -> str:
    """A move with a short note on what a one-off does (``oneoff AC: scrap every ...``)."""
    words = text.split()
    if rules is not None and len(words) >= 2 and words[0] == "oneoff":
        try:  # the card's own effect: house rules may give one card of a rank another
            effect = rules.effect_of(card(words[1]))
        except CuttleError:
            return text
        if effect is not None:
            return f"{text}: {EFFECTS.get(effect.key, effect.description)}"
    return text
