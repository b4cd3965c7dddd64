"""The dialogs the table opens for a decision (counter, discard, seven, three, nine
answer) and the final points told at the game over, built from the human seat's view."""

from __future__ import annotations

from rich.text import Text
from textual.screen import ModalScreen

from .. import choices
from ..cardtext import cards_text
from ..lang import T, _, rich_format
from ..model import pending_text, seat_data
from ..session import Session
from .dialogs import DiscardDialog, counter_dialog, moves_dialog


def decision_dialog(s: Session) -> ModalScreen[str | None] | None:
    """The dialog asking the human's current decision (``None`` outside those phases)."""
    view = s.view()
    legal = s.legal()
    phase = str(view["phase"])
    pending = view.get("pending") or {}
    pend = pending_text(pending, s.rules) if pending else Text("")
    you = s.seat
    if phase == "counter":
        dialog: ModalScreen[str | None] = counter_dialog(pend, legal)
    elif phase in ("discard", "hand-limit"):
        need = choices.discard_size(legal)
        if phase == "hand-limit":
            why = Text(_("Your hand is over the limit: discard down to it."))
        elif pending:
            why = rich_format(_("Because of {pending}."), pending=pend)
        else:
            why = Text("")
        why.append(" " + T.ngettext("Choose {n} card.", "Choose {n} cards.", need).format(n=need))
        dialog = DiscardDialog(_("Discard"), why, list(view["hands"][you]), legal)
    elif phase == "seven":
        body = rich_format(
            _("The seven revealed {cards}: play one of them."),
            cards=cards_text(view["revealed"]),
        )
        dialog = moves_dialog(
            _("Seven"),
            body,
            legal,
            cards=view["revealed"],
            cards_label=_("revealed"),
            id="seven-dialog",
        )
    elif phase == "take":
        body = Text(_("Your three lets you take a card from the scrap into your hand."))
        takeable = [choices.parts(m).card or "" for m in legal]
        dialog = moves_dialog(
            _("Three: take from the scrap"),
            body,
            legal,
            cards=takeable,
            cards_label=_("scrap"),
            id="take-dialog",
        )
    elif phase == "answer":
        body = rich_format(_("Answer {pending} with a nine, or let it stand."), pending=pend)
        dialog = moves_dialog(_("Answer with a nine?"), body, legal, id="answer-dialog")
    else:
        return None
    return dialog


def final_scores(s: Session, names: list[str]) -> Text:
    """Every seat's points toward its goal at the end, and the number of moves."""
    view = s.view()
    lines = Text()
    for seat in range(s.n):
        d = seat_data(view, seat, rules=s.rules, names=names, you=s.seat)
        if seat:
            lines.append("\n")
        goal = f"/{d.goal}" if d.goal is not None else ""
        points = _("p{seat} {name}: {score}{goal} points")
        lines.append(points.format(seat=seat, name=d.name, score=d.score, goal=goal))
    n = s.moves_played
    lines.append("\n" + T.ngettext("{n} move.", "{n} moves.", n).format(n=n))
    return lines


__all__ = ["decision_dialog", "final_scores"]
