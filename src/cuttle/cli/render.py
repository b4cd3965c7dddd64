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
from cuttle.i18n import N_, Domain
from cuttle.table.terms import and_list, phase_name, termination_text

T = Domain("terminal")
_ = T.gettext
NARRATION = Domain("narration")

HIDDEN = "??"

PHASE_HINTS = {
    "main": N_("draw, play a card, or pass when the deck is empty"),
    "counter": N_("counter the pending card with a two, or resolve"),
    "take": N_("take a card from the scrap"),
    "discard": N_("discard"),
    "seven": N_("play a revealed card (or scrap one if none can be played)"),
    "hand-limit": N_("discard down to the hand limit"),
    "answer": N_("answer the royal with a nine, or resolve"),
}
"""What the seat to act must do in each phase, in a few words (English: translate
where shown)."""


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
    note = (
        " " + _("from {seat}").format(seat=f"p{owner}")
        if owner is not None and owner != seat
        else ""
    )
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
    how = f" ({termination_text(term)})" if term else ""
    if w is None:
        return ""
    if w == "draw":
        return _("Draw{how}.").format(how=how)
    seats = [w] if isinstance(w, int) else list(w)
    who = and_list([f"p{s}" for s in seats])
    if you is not None and you in seats:
        if len(seats) == 1:
            return _("You win{how}!").format(how=how)
        return _("Your team ({seats}) wins{how}!").format(seats=who, how=how)
    if len(seats) == 1:
        return _("{seat} wins{how}.").format(seat=who, how=how)
    return _("{seats} win{how}.").format(seats=who, how=how)


def _hand(cards: Sequence[str], frozen: set[str]) -> str:
    shown = [f"{c}*" if c in frozen else c for c in cards if c != HIDDEN]
    hidden = sum(1 for c in cards if c == HIDDEN)
    if not cards:
        return _("(empty)")
    if hidden and shown:
        more = T.ngettext("{cards} + {n} hidden", "{cards} + {n} hidden", hidden)
        return more.format(cards=" ".join(shown), n=hidden)
    if hidden:
        return T.ngettext("{n} hidden card", "{n} hidden cards", hidden).format(n=hidden)
    return " ".join(shown)


def _pending(p: Mapping[str, Any], rules: RuleSet | None) -> str:
    kind = p.get("kind", "oneoff")
    c = str(p.get("card"))
    by = p.get("by")
    seat = f"p{by}"
    if kind == "scuttle":
        text = _("{seat} scuttles {target} with {card}").format(
            seat=seat, target=p.get("target"), card=c
        )
    elif kind == "royal":
        text = _("{seat} played {card}; it may be answered with a nine").format(seat=seat, card=c)
    else:
        if kind == "answer":
            text = _("answering nine {card} by {seat}").format(card=c, seat=seat)
        else:
            text = _("one-off {card} by {seat}").format(card=c, seat=seat)
        if rules is not None and kind == "oneoff":
            note = describe_move(f"oneoff {c}", rules).partition(": ")[2]
            if note:
                text += f" ({note})"
        if p.get("target"):
            text += _(", target {card}").format(card=p["target"])
        if p.get("victim") is not None:
            text += _(", victim {seat}").format(seat=f"p{p['victim']}")
    counters = p.get("counters") or []
    if counters:
        text += _("; countered by {cards}").format(cards=" ".join(counters))
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
    state = _("game over") if over else _("p{seat}'s turn").format(seat=view.get("turn"))
    move = _("move {number}").format(number=view.get("moves", 0))
    lines = [f"== {title} · {move} · {state} =="]
    for s in range(n):
        label = f"p{s}"
        if names is not None and s < len(names) and names[s] != label:
            label += f" {names[s]}"
        if s == you:
            label += " " + _("(you)")
        marker = ">" if s == to_act and not over else " "
        fld = fields[s]
        points = [_stack(e, s, "jacks") for e in fld.get("points", [])]
        faces = [_stack(e, s, "jokers") for e in fld.get("faces", [])]
        score = sum(_value(base) for _, base in points)
        kings = sum(1 for _, base in faces if _rank(base) == KING)
        queens = sum(1 for _, base in faces if _rank(base) == QUEEN)
        goal = f"/{rs.goal(kings)}" if rs is not None else ""
        summary = _("{score}{goal} points, {kings} kings, {queens} queens").format(
            score=score, goal=goal, kings=kings, queens=queens
        )
        lines.append(f"{marker} {label}: {summary}")
        rows = [(_("hand:"), f"{_hand(hands[s], frozen)} ({len(hands[s])})")]
        if points:
            rows.append((_("points:"), " ".join(t for t, _base in points)))
        if faces:
            rows.append((_("royals:"), " ".join(t for t, _base in faces)))
        if fld.get("glasses"):
            rows.append((_("glasses:"), " ".join(fld["glasses"])))
        width = max(9, *(len(name) + 1 for name, _text in rows))
        lines.extend(f"    {name:<{width}}{text}" for name, text in rows)
    deck = list(view.get("deck", []))
    known_top: list[str] = []
    for c in deck:
        if c == HIDDEN:
            break
        known_top.append(c)
    scrap = list(view.get("scrap", []))
    deck_text = T.ngettext("Deck: {n} card", "Deck: {n} cards", len(deck)).format(n=len(deck))
    if known_top and len(known_top) < len(deck):
        deck_text += " " + _("(top: {cards})").format(cards=" ".join(known_top))
    elif known_top and len(deck) <= 3:
        deck_text += f" ({' '.join(known_top)})"
    scrap_text = T.ngettext("Scrap: {n} card", "Scrap: {n} cards", len(scrap)).format(n=len(scrap))
    if scrap:
        scrap_text += _(", top {card}").format(card=scrap[-1])
    lines.append(f"{deck_text} · {scrap_text}")
    removed = view.get("removed") or []
    if removed:
        aside = _("Set aside before the deal (out of the game): {cards}")
        lines.append(aside.format(cards=" ".join(removed)))
    if frozen:
        lines.append(
            _("Frozen (returned by a nine, *): {cards}").format(cards=" ".join(sorted(frozen)))
        )
    pending = view.get("pending")
    if pending:
        lines.append(_("Pending: {pending}").format(pending=_pending(pending, rs)))
    revealed = view.get("revealed") or []
    if revealed:
        lines.append(_("Revealed by the seven: {cards}").format(cards=" ".join(revealed)))
    if over:
        lines.append(_("Game over: {result}").format(result=winner_text(view, you)))
    else:
        phase = str(view.get("phase"))
        hint = _(PHASE_HINTS[phase]) if phase in PHASE_HINTS else phase
        if to_act == you:
            lines.append(
                _("you to act ({phase}): {hint}").format(phase=phase_name(phase), hint=hint)
            )
        else:
            acts = _("{seat} to act ({phase}): {hint}")
            lines.append(acts.format(seat=f"p{to_act}", phase=phase_name(phase), hint=hint))
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
            return f"{text}: {NARRATION.gettext(EFFECTS.get(effect.key, effect.description))}"
    return text
