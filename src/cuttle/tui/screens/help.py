"""The ``?`` help screen: the table's keys, what each panel shows, and how to play.

It is a modal screen over the table (the game waits); Escape, ``?`` or ``q`` close it.
Its text scrolls with ↑/↓ and Page Up/Down when the terminal is short.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ..lang import N_, _, translate_bindings

KEYS: tuple[tuple[str, str], ...] = (
    ("← →", N_("choose a card of your hand; Enter or Space selects it")),
    ("↓ ↑", N_("from your hand to the move list")),
    ("1 … 99", N_("type a move's number, then Enter, to play it")),
    ("/", N_("filter the moves by words, ranks (9) or suits (♥ or h)")),
    ("m", N_("go to the move list (↑/↓, Page Up/Down, Enter plays)")),
    ("l", N_("go to the log (↑/↓, Page Up/Down, Home/End scroll it)")),
    ("Tab", N_("go to the next panel")),
    ("o", N_("open the dialog of the decision you must make")),
    ("h", N_("a hint: the moves with their estimated chances")),
    ("s", N_("save the game's record")),
    ("r", N_("resign the game")),
    ("n", N_("a rematch, once the game is over")),
    ("v", N_("review the finished game move by move")),
    ("Esc", N_("clear the selection and the filter")),
    ("q, Ctrl+Q", N_("leave (you are asked first while the game is on)")),
    ("Ctrl+P", N_("the command palette: every action of the table")),
    ("?", N_("this help")),
)
"""The table's keys and what they do (descriptions translated when shown)."""

PANELS: tuple[str, ...] = (
    N_(
        "Left: the other seats (name, points toward the goal, hand size, cards on the "
        "table), the deck and the scrap, your seat, and your hand."
    ),
    N_(
        "Right: the status (the last move, the deck, the scrap, whose decision it is and "
        "what waits), the moves you may make, numbered, and the log of the game in words."
    ),
    N_(
        "A seat that does not fit in full is written as text; the seat to act is framed "
        "or lit in yellow, and the card that moved last is marked."
    ),
)
"""What each panel of the table shows."""

HOW_TO_PLAY: tuple[str, ...] = (
    N_("Be the first to reach your points goal, shown next to every seat (kings lower it)."),
    N_(
        "On your turn, draw a card, or play one from your hand: a number card for its "
        "points, or onto a lower point card to scuttle it (both go to the scrap)."
    ),
    N_(
        "A number card may instead be played for its one-off effect (the move list "
        "describes it); any other player may counter a one-off with a two."
    ),
    N_(
        "Royals stay in front of you: kings lower your goal, a queen protects your other "
        "cards, a jack steals a point card, an eight as glasses shows you the hands."
    ),
    N_("Not sure? Press h for a hint, or Ctrl+P for everything you may do now."),
)
"""How to play, in a few lines (the rule set's details are in ``cuttle rules``)."""


def help_text() -> Text:
    """The help's text in the current language: keys, panels, how to play."""
    out = Text()
    out.append(_("Keys") + "\n", style="bold")
    width = max(len(key) for key, _what in KEYS)
    for key, what in KEYS:
        out.append(f"  {key:<{width}}  ", style="bold yellow")
        out.append(_(what) + "\n")
    out.append("\n" + _("The panels") + "\n", style="bold")
    for line in PANELS:
        out.append("  " + _(line) + "\n")
    out.append("\n" + _("How to play") + "\n", style="bold")
    for line in HOW_TO_PLAY:
        out.append("  " + _(line) + "\n")
    return out


class HelpScreen(ModalScreen[None]):
    """Keys, panels and how to play (see the module's text)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", N_("Close")),
    ]

    def __init__(self) -> None:
        """The help, in the current language."""
        super().__init__(id="help")
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        """A title, the scrolling text and how to close it."""
        with Vertical(classes="dialog help-dialog"):
            yield Label(_("Help"), classes="dialog-title")
            with VerticalScroll(id="help-text"):
                yield Static(help_text())
            yield Static(_("↑/↓ scroll · Esc or ? closes"), classes="dialog-help")

    def on_mount(self) -> None:
        """Focus the text, so that ↑/↓ scroll it."""
        self.set_class(self.app.size.height < 32, "-short")
        self.query_one("#help-text", VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


__all__ = ["HOW_TO_PLAY", "KEYS", "PANELS", "HelpScreen", "help_text"]
