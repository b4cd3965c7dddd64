"""What the table shows, computed from one seat's view and nothing else.

:func:`seat_data` describes one seat's place at the table, :func:`status_lines` the deck,
scrap, turn and what is pending, :func:`result_text` how the game ended. None of them
sees the game: they read the view (``game.view(seat)``), so they can only show what that
seat may see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from cuttle.engine.cards import KING, POINT_VALUE, QUEEN, RANK_OF, card
from cuttle.engine.errors import CuttleError
from cuttle.engine.rules import EFFECTS, RuleSet
from cuttle.table.terms import and_list, phase_name, termination_text

from .cardtext import HIDDEN, card_text, cards_text
from .lang import N_, _, engine_text, rich_format

PHASE_PROMPTS = {
    "main": N_("draw, play a card, or pass when the deck is empty"),
    "counter": N_("counter with a two, or resolve"),
    "take": N_("take a card from the scrap"),
    "discard": N_("discard"),
    "seven": N_("play a card the seven revealed"),
    "hand-limit": N_("discard down to the hand limit"),
    "answer": N_("answer the royal with a nine, or resolve"),
}
"""What the seat to act must do in each phase, in a few words (English: translate
where shown)."""


@dataclass(frozen=True)
class Stack:
    """A card on the table and the jacks (or jokers) on it, bottom to top."""

    card: str
    covers: tuple[str, ...] = ()
    owner: int | None = None

    @property
    def cards(self) -> tuple[str, ...]:
        """The card and everything on it."""
        return (self.card, *self.covers)


@dataclass(frozen=True)
class SeatData:
    """One seat as the viewer sees it."""

    seat: int
    name: str
    you: bool
    hand: tuple[str, ...]
    points: tuple[Stack, ...]
    faces: tuple[Stack, ...]
    glasses: tuple[str, ...]
    score: int
    goal: int | None
    kings: int
    queens: int
    to_act: bool
    turn: bool
    partner: bool = False
    frozen: tuple[str, ...] = field(default_factory=tuple)
    sees: tuple[int, ...] = ()
    """Seats whose hands this seat sees through glasses (eights on the table)."""
    seen_by: tuple[int, ...] = ()
    """Seats that see this seat's hand through their glasses."""
    seen_by_you: bool = False
    """Whether the viewer sees this (other) seat's hand through glasses."""
    viewer: int | None = None
    """The seat this is seen from."""

    @property
    def hidden(self) -> int:
        """How many cards of the hand the viewer cannot see."""
        return sum(1 for c in self.hand if c == HIDDEN)


def _rank(name: str) -> int:
    try:
        return RANK_OF[card(name)]
    except CuttleError:
        return -1


def _value(name: str) -> int:
    try:
        return POINT_VALUE[card(name)]
    except CuttleError:
        return 0


def _stack(entry: Any, key: str) -> Stack:
    if isinstance(entry, str):
        return Stack(entry)
    covers = tuple(str(c.get("card", HIDDEN)) for c in entry.get(key, []))
    return Stack(str(entry.get("card", HIDDEN)), covers, entry.get("owner"))


def glasses_sight(view: Mapping[str, Any], rules: RuleSet | None) -> dict[int, tuple[int, ...]]:
    """Whose hands each seat sees through glasses, from the eights on the table.

    Glasses show the holder every opponent's hand; under rules with public glasses
    (``glasses_public``) any glasses open every hand but their holder's to everyone.
    Only the table is read, which every seat sees.
    """
    fields_ = view.get("fields", [])
    n = len(fields_)
    holds = [bool(f.get("glasses")) for f in fields_]
    sight: dict[int, tuple[int, ...]] = {}
    for viewer in range(n):
        if rules is not None and rules.glasses_public:
            seen = [h for h in range(n) if h != viewer and any(holds[:h] + holds[h + 1 :])]
        elif holds[viewer]:
            team = rules.team_of(viewer) if rules is not None else (viewer,)
            seen = [h for h in range(n) if h not in team]
        else:
            seen = []
        sight[viewer] = tuple(seen)
    return sight


def seat_data(
    view: Mapping[str, Any],
    seat: int,
    *,
    rules: RuleSet | None,
    names: Sequence[str],
    you: int,
) -> SeatData:
    """Describe ``seat`` from ``view`` (the viewer ``you``'s view of the position)."""
    fld = view["fields"][seat]
    points = tuple(_stack(e, "jacks") for e in fld.get("points", []))
    faces = tuple(_stack(e, "jokers") for e in fld.get("faces", []))
    kings = sum(1 for st in faces if _rank(st.card) == KING)
    queens = sum(1 for st in faces if _rank(st.card) == QUEEN)
    over = view.get("winner") is not None
    frozen = set(view.get("frozen", []))
    hand = tuple(view["hands"][seat])
    partner = rules is not None and seat != you and seat in rules.team_of(you)
    sight = glasses_sight(view, rules)
    return SeatData(
        seat=seat,
        name=names[seat] if seat < len(names) else f"p{seat}",
        you=seat == you,
        hand=hand,
        points=points,
        faces=faces,
        glasses=tuple(fld.get("glasses", [])),
        score=sum(_value(st.card) for st in points),
        goal=rules.goal(kings) if rules is not None else None,
        kings=kings,
        queens=queens,
        to_act=not over and view.get("to_act") == seat,
        turn=not over and view.get("turn") == seat,
        partner=partner,
        frozen=tuple(c for c in hand if c in frozen),
        sees=sight.get(seat, ()),
        seen_by=tuple(v for v, seen in sight.items() if seat in seen),
        seen_by_you=seat != you and seat in sight.get(you, ()),
        viewer=you,
    )


def seat_title(data: SeatData) -> Text:
    """The heading of a seat: who, points toward the goal, kings, queens, hand size."""
    out = Text()
    out.append("▶ " if data.to_act else "  ", style="bold yellow")
    who = f"p{data.seat} · {data.name}"
    if data.partner:
        who += " " + _("(partner)")
    out.append(who, style="bold" if data.you else "")
    out.append("  ")
    goal = f"/{data.goal}" if data.goal is not None else ""
    points = _("{score}{goal} points").format(score=data.score, goal=goal)
    out.append(points, style="bold green" if data.score else "green")
    royals = [f"K×{data.kings}" if data.kings else "", f"Q×{data.queens}" if data.queens else ""]
    if any(royals):
        out.append("  " + " ".join(r for r in royals if r), style="cyan")
    out.append("  " + _("hand {n}").format(n=len(data.hand)), style="dim")
    if data.turn and not data.to_act:
        out.append("  " + _("(their turn)"), style="dim italic")
    if data.frozen:
        out.append("  " + _("frozen:") + " ", style="blue")
        out.append_text(cards_text(data.frozen))
    return out


def card_effect(name: str, rules: RuleSet | None) -> str | None:
    """What the one-off of card ``name`` does under ``rules`` (the card's own effect:
    house rules may give one card of a rank another), or ``None``."""
    if rules is None:
        return None
    try:
        effect = rules.effect_of(card(name))
    except CuttleError:
        return None
    return engine_text(EFFECTS.get(effect.key, effect.description)) if effect is not None else None


def pending_text(pending: Mapping[str, Any], rules: RuleSet | None) -> Text:
    """What waits on the table: the card, who played it, its target or victim, counters."""

    kind = pending.get("kind", "oneoff")
    c = str(pending.get("card"))
    by = f"p{pending.get('by')}"
    out = Text()
    if kind == "scuttle":
        target = card_text(str(pending.get("target")))
        out = rich_format(
            _("{seat} scuttles {target} with {card}"), seat=by, target=target, card=card_text(c)
        )
    elif kind == "royal":
        out = rich_format(
            _("{seat} played {card} (may be answered with a nine)"), seat=by, card=card_text(c)
        )
    else:
        told = (
            _("answering nine {card} by {seat}")
            if kind == "answer"
            else _("one-off {card} by {seat}")
        )
        out = rich_format(told, card=card_text(c), seat=by)
        effect = card_effect(c, rules) if kind == "oneoff" else None
        if effect:
            out.append(f": {effect}", style="italic")
        if pending.get("target"):
            out.append_text(
                rich_format(_(", target {card}"), card=card_text(str(pending["target"])))
            )
        if pending.get("victim") is not None:
            out.append(_(", victim {seat}").format(seat=f"p{pending['victim']}"))
    counters = list(pending.get("counters") or [])
    if counters:
        out.append_text(rich_format(_("; countered by {cards}"), cards=cards_text(counters, " ← ")))
        state = _("(so far it cancelled)") if len(counters) % 2 else _("(so far it resolves)")
        out.append(f" {state}", style="dim")
    return out


def result_text(view: Mapping[str, Any], you: int) -> str:
    """How the game ended, in words, from ``you``'s side (``""`` while it is on)."""
    w = view.get("winner")
    if w is None:
        return ""
    term = view.get("termination", "")
    how = f" ({termination_text(term)})" if term else ""
    if w == "draw":
        return _("Draw{how}.").format(how=how)
    seats = [w] if isinstance(w, int) else list(w)
    who = and_list([f"p{s}" for s in seats])
    if you in seats:
        if len(seats) == 1:
            return _("You win{how}!").format(how=how)
        return _("Your side ({seats}) wins{how}!").format(seats=who, how=how)
    if len(seats) == 1:
        return _("You lose: {seat} wins{how}.").format(seat=who, how=how)
    return _("You lose: {seats} win{how}.").format(seats=who, how=how)


def status_lines(
    view: Mapping[str, Any],
    *,
    rules: RuleSet | None,
    names: Sequence[str],
    you: int,
    thinking: str | None = None,
) -> list[Text]:
    """The centre of the table: deck, scrap, whose turn, the phase and what is pending."""
    deck = list(view.get("deck", []))
    scrap = list(view.get("scrap", []))
    lines: list[Text] = []
    line = Text(_("Deck {n}").format(n=len(deck)), style="bold")
    known = []
    for c in deck:
        if c == HIDDEN:
            break
        known.append(c)
    if known:
        line.append("  " + _("top:") + " ")
        line.append_text(cards_text(known))
    line.append("   " + _("Scrap {n}").format(n=len(scrap)), style="bold")
    if scrap:
        line.append("  " + _("top") + " ")
        line.append_text(card_text(scrap[-1]))
    lines.append(line)
    removed = list(view.get("removed") or [])
    if removed:  # face up, out of the game (a large table)
        lines.append(Text(_("Set aside:") + " ", style="bold").append_text(cards_text(removed)))
    revealed = list(view.get("revealed") or [])
    if revealed:
        seven = Text(_("Seven revealed:") + " ", style="bold")
        lines.append(seven.append_text(cards_text(revealed)))
    pending = view.get("pending")
    if pending:
        waiting = Text(_("Pending:") + " ", style="bold")
        lines.append(waiting.append_text(pending_text(pending, rules)))
    if view.get("winner") is not None:
        over = _("Game over. {result}").format(result=result_text(view, you))
        lines.append(Text(over, style="bold magenta"))
        return lines
    turn, to_act = int(view.get("turn", 0)), int(view.get("to_act", 0))
    phase = str(view.get("phase"))
    t = Text(_("Turn") + " ", style="bold")
    t.append(f"p{turn} " + (_("(you)") if turn == you else f"({names[turn]})"))
    t.append("   " + _("phase {phase}").format(phase=phase_name(phase)), style="cyan")
    if view.get("passes"):
        t.append("   " + _("passes {n}").format(n=view["passes"]), style="dim")
    lines.append(t)
    if to_act == you:
        prompt = _(PHASE_PROMPTS[phase]) if phase in PHASE_PROMPTS else phase
        lines.append(Text(_("Your decision: {prompt}").format(prompt=prompt), style="bold yellow"))
        if thinking:  # a hint being searched for you
            lines.append(Text(thinking, style="italic"))
    else:
        who = f"p{to_act} ({names[to_act]})"
        lines.append(Text(thinking or _("Waiting for {who}").format(who=who), style="italic"))
    return lines
