"""The widgets of the table: seats, the human's hand, the status, the moves and the log.

Each widget is handed data computed from the human seat's view (see
:mod:`cuttle.tui.model`) and redraws itself from it; none of them sees the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from cuttle.engine.rules import RuleSet

from ..cardtext import (
    CHIP_WIDTH,
    FACE_WIDTH,
    FROZEN_MARK,
    move_label,
    sentence_label,
)
from ..choices import matches, parts
from ..lang import N_, _, translate_bindings
from ..model import card_effect
from .cards import CardItem, CardRow
from .seats import COMPACT_WIDTH, OpponentsArea, SeatPanel, seat_mode

__all__ = [
    "COMPACT_WIDTH",
    "HandView",
    "MoveLog",
    "MovesPanel",
    "OpponentsArea",
    "SeatPanel",
    "StatusPanel",
    "TableCenter",
    "log_line",
    "seat_mode",
]


class HandView(CardRow, can_focus=True):
    """The human's hand, drawn as cards; ←/→ move the cursor, Enter or Space selects a
    card (never plays it), ↓/↑ go to the move list."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", N_("card left"), show=False),
        Binding("right", "cursor(1)", N_("card right"), show=False),
        Binding("enter,space", "choose", N_("select card"), show=False),
        Binding("down,up", "to_moves", N_("move list"), show=False),
    ]

    class ToMoves(Message):
        """↓ or ↑ on the hand: the player goes to the move list."""

    class Chosen(Message):
        """A hand card was chosen (by key or click)."""

        def __init__(self, card: str) -> None:
            """Carry the card's name."""
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None) -> None:
        """An empty hand; :meth:`show_hand` fills it."""
        super().__init__("face", id=id)
        translate_bindings(self)
        self.hand: tuple[str, ...] = ()
        self.playable: frozenset[str] = frozenset()
        self.selected: str | None = None
        self.cursor = 0
        self.wrap: int | None = None
        self.frozen: frozenset[str] = frozenset()
        self.last: str | None = None

    def show_hand(
        self,
        cards: Sequence[str],
        playable: Iterable[str],
        selected: str | None,
        frozen: Iterable[str] = (),
        last: str | None = None,
    ) -> None:
        """Draw ``cards``; ``playable`` ones get a dark border, ``selected`` a double one,
        ``frozen`` ones (a nine froze them) the frozen mark, ``last`` (the card you just
        drew) the last-move border."""
        self.hand = tuple(cards)
        self.playable = frozenset(playable)
        self.selected = selected
        self.frozen = frozenset(frozen)
        self.last = last
        self.cursor = min(self.cursor, max(0, len(self.hand) - 1))
        self._draw()
        self.fit()

    def fit(self) -> None:
        """Use hand-sized cards if they fit the width, else table-sized ones, wrapped."""
        width = self.parent.size.width if isinstance(self.parent, Widget) else 0
        n = max(1, len(self.hand))
        if not width or (FACE_WIDTH + 1) * n - 1 <= width:
            kind, per_line = "face", None
        else:
            kind, per_line = "chip", max(1, (width + 1) // (CHIP_WIDTH + 1))
            per_line = None if per_line >= n else per_line
        if (kind, per_line) != (self.kind, self.per_line):
            self.kind = kind
            self.wrap = per_line
            self.items = ()
            self._draw()

    def _draw(self) -> None:
        items = []
        for i, c in enumerate(self.hand):
            if c == self.selected:
                state = "selected"
            elif i == self.cursor and self.has_focus:
                state = "cursor"
            elif c == self.last:
                state = "last"
            elif c in self.frozen:
                state = "frozen"
            elif c in self.playable:
                state = "playable"
            else:
                state = "plain"
            items.append(CardItem(c, (), state, FROZEN_MARK if c in self.frozen else ""))
        self.show(items, self.wrap)

    def on_focus(self, event: events.Focus) -> None:
        """Show the cursor."""
        self._draw()

    def on_blur(self, event: events.Blur) -> None:
        """Hide the cursor."""
        self._draw()

    def action_cursor(self, step: int) -> None:
        """Move the cursor along the hand."""
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)
            self._draw()

    def action_choose(self) -> None:
        """Select the card under the cursor."""
        if self.hand:
            self.post_message(self.Chosen(self.hand[self.cursor]))

    def action_to_moves(self) -> None:
        """Go to the move list."""
        self.post_message(self.ToMoves())

    def on_card_row_clicked(self, event: CardRow.Clicked) -> None:
        """A click selects that card."""
        if event.row is self:
            event.stop()
            self.cursor = event.index
            self.post_message(self.Chosen(self.hand[event.index]))


class TableCenter(Horizontal):
    """The middle of the table: the deck, the scrap's top card, what waits, a seven's cards."""

    def compose(self) -> ComposeResult:
        """One labelled group per pile."""
        labels = {
            "deck": _("deck"),
            "scrap": _("scrap"),
            "pending": _("pending"),
            "revealed": _("revealed"),
        }
        for name, label in labels.items():
            with Vertical(classes=f"group {name}-group"):
                yield Label(label, classes=f"group-label {name}-label")
                yield CardRow("chip", classes=f"pile {name}-pile")

    def show(self, view: Mapping[str, Any], last: str | None = None) -> None:
        """Draw the piles of ``view`` (``last``, the card that moved last, marked)."""
        deck = list(view.get("deck", []))
        scrap = list(view.get("scrap", []))
        pending = view.get("pending") or {}
        revealed = list(view.get("revealed") or [])
        piles = {
            "deck": (_("deck {n}").format(n=len(deck)), deck[:1]),
            "scrap": (_("scrap {n}").format(n=len(scrap)), scrap[-1:]),
            "pending": (
                _("played by {seat}").format(seat=f"p{pending.get('by')}") if pending else "",
                [str(pending["card"]), *pending.get("counters", [])] if pending else [],
            ),
            "revealed": (_("revealed by the seven"), revealed),
        }
        for name, (title, cards) in piles.items():
            self.query_one(f".{name}-label", Label).update(title)
            self.query_one(f".{name}-pile", CardRow).show(
                [CardItem(c, (), "last" if c == last else "plain") for c in cards]
            )
            self.query_one(f".{name}-group", Vertical).display = bool(cards) or name in (
                "deck",
                "scrap",
            )


class StatusPanel(Static):
    """Deck and scrap counts, the top of the scrap, whose turn and what is pending."""

    def show(self, lines: Sequence[Text]) -> None:
        """Draw the status lines."""
        self.update(Text("\n").join(lines))


class MovesPanel(Vertical):
    """The legal moves, numbered, with a filter box: type words or a number, Enter plays."""

    class Chosen(Message):
        """A move was chosen from the list."""

        def __init__(self, move: str) -> None:
            """Carry the move text."""
            super().__init__()
            self.move = move

    def __init__(self, *, id: str | None = None) -> None:
        """An empty list."""
        super().__init__(id=id)
        self.moves: list[str] = []
        self.idle_reason = _("not your decision")
        self.focus_card: str | None = None
        self.shown: list[int] = []
        self.by_number = False
        """A number in the filter is a move's number (typed on the table), not a rank
        (typed after ``/``)."""
        self.rules: RuleSet | None = None
        """The rule set, to describe each one-off's effect (house rules included)."""

    def compose(self) -> ComposeResult:
        """The heading, the filter box and the list."""
        yield Label(_("Moves"), id="moves-title", classes="panel-title")
        yield Input(
            placeholder=_("/ filter · number + Enter"),
            id="move-filter",
            select_on_focus=False,
            compact=True,
        )
        yield OptionList(id="move-list", compact=True)

    def set_moves(self, moves: Sequence[str], focus_card: str | None = None) -> None:
        """Show ``moves`` (numbered from 1); with ``focus_card`` only the moves playing it."""
        self.moves = list(moves)
        self.focus_card = focus_card
        self.query_one("#move-filter", Input).value = ""
        self._fill("")

    def _fill(self, query: str) -> None:
        numbers = query.strip() if self.by_number else ""
        shown = []
        for i, m in enumerate(self.moves):
            if self.focus_card is not None and parts(m).card != self.focus_card:
                continue
            if numbers.isdigit() or matches(m, query):
                shown.append(i)
        self.shown = shown
        options = self.query_one("#move-list", OptionList)
        options.clear_options()
        options.add_options(
            Option(Text(f"{i + 1:>2}. ").append_text(self.label(self.moves[i])), id=f"move-{i}")
            for i in shown
        )
        if numbers.isdigit() and 1 <= int(numbers) <= len(self.moves):
            target = int(numbers) - 1
            if target in shown:
                options.highlighted = shown.index(target)
        elif shown and (query.strip() or self.focus_card is not None):
            options.highlighted = 0
        else:  # nothing asked for yet: nothing highlighted, so Enter alone plays nothing
            options.highlighted = None
        title = self.query_one("#moves-title", Label)
        if not self.moves:
            title.update(_("Moves ({reason})").format(reason=self.idle_reason))
        elif len(shown) != len(self.moves):
            title.update(
                _("Moves {shown} of {total}").format(shown=len(shown), total=len(self.moves))
            )
        else:
            title.update(_("Moves"))

    def label(self, move: str) -> Text:
        """A move as the list shows it: a one-off with its effect under the rule set
        (a house rule's own words where it gives the card another effect)."""
        out = move_label(move)
        move_parts = parts(move)
        if move_parts.verb == "oneoff" and move_parts.card is not None:
            effect = card_effect(move_parts.card, self.rules)
            if effect:
                out.append(f" — {effect}", style="dim italic")
        return out

    @on(Input.Changed, "#move-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#move-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if self.by_number and text.isdigit():
            k = int(text)
            if 1 <= k <= len(self.moves):
                self.post_message(self.Chosen(self.moves[k - 1]))
            else:
                no_move = _("There is no move {number}: choose 1 to {last}.")
                self.notify(no_move.format(number=k, last=len(self.moves)))
            return
        options = self.query_one("#move-list", OptionList)
        if options.highlighted is not None and self.shown:
            self.post_message(self.Chosen(self.moves[self.shown[options.highlighted]]))
        elif self.moves:
            self.notify(_("No move matches; clear the filter with Escape."))

    @on(OptionList.OptionSelected, "#move-list")
    def _option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if option_id.startswith("move-"):
            self.post_message(self.Chosen(self.moves[int(option_id[5:])]))

    def focus_list(self) -> None:
        """Put the keyboard focus on the list (now, so that the next key goes there),
        the first move highlighted if none is."""
        options = self.query_one("#move-list", OptionList)
        if options.highlighted is None and options.option_count:
            options.highlighted = 0
        self.screen.set_focus(options)

    def focus_filter(self, text: str = "") -> None:
        """Put the keyboard focus on the filter box, starting it with ``text`` (digits:
        the number of a move; nothing: words, ranks and cards to filter by).

        The focus moves at once: a second digit typed right after the first goes into
        the box after it (``1`` then ``0`` is move 10).
        """
        box = self.query_one("#move-filter", Input)
        self.by_number = text.isdigit()
        box.value = text
        box.cursor_position = len(text)
        self.screen.set_focus(box)


class MoveLog(RichLog):
    """The moves of the game, one a line, newest at the bottom."""

    def add(self, line: Text) -> None:
        """Append one line."""
        self.write(line)


def log_line(number: int, seat: int | None, told: str, you: bool) -> Text:
    """A line of the log, the move in words: ``"12. Bob plays the 7♥ for points."``
    (the human's own moves in bold yellow, an agreed draw in italics)."""
    out = Text(f"{number:>3}. ", style="dim")
    if seat is None:
        out.append(told, style="italic")
        return out
    line = sentence_label(told)
    if you:
        line.stylize("bold yellow", 0, len(told.split(" ", 1)[0]))
    return out.append_text(line)
