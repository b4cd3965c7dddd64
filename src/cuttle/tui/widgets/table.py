"""The widgets of the table: seats, the human's hand, the status, the moves and the log.

Each widget is handed data computed from the human seat's view (see
:mod:`cuttle.tui.model`) and redraws itself from it; none of them sees the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..choices import matches, parts
from ..model import SeatData, Stack, seat_title
from .cards import CHIP_WIDTH, CardView, fan_lines, join_lines, move_label

CARD_SPAN = CHIP_WIDTH + 1
"""Columns a table card takes with its margin."""


class SeatPanel(Vertical):
    """One seat: its heading, its hand (fanned, backs unless visible), points, royals, glasses.

    The human's own panel leaves the hand out (:class:`HandView` shows it).
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """An empty panel; :meth:`show` fills it."""
        super().__init__(id=id, classes=classes)
        self.data: SeatData | None = None
        self.targets: frozenset[str] = frozenset()

    def show(self, data: SeatData, targets: Iterable[str] = ()) -> None:
        """Draw ``data``; stacks holding one of ``targets`` are highlighted."""
        wanted = frozenset(targets)
        if data == self.data and wanted == self.targets:
            return
        self.data = data
        self.targets = wanted
        self.set_class(data.to_act, "-to-act")
        self.set_class(data.you, "-you")
        self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        """The heading and one row of card groups."""
        d = self.data
        if d is None:
            return
        yield Static(seat_title(d), classes="seat-title")
        with Horizontal(classes="seat-row"):
            if not d.you:
                with Vertical(classes="group hand-group"):
                    yield Label(f"hand ({len(d.hand)})", classes="group-label")
                    yield Static(join_lines(fan_lines(d.hand)), classes="fan")
            yield from self._group("points", d.points, d.seat)
            yield from self._group("royals", d.faces, d.seat)
            if d.glasses:
                with Vertical(classes="group"):
                    yield Label("glasses", classes="group-label")
                    with Horizontal(classes="cards") as row:
                        row.styles.width = CARD_SPAN * len(d.glasses)
                        for g in d.glasses:
                            yield self._card(g, (), d.seat)

    def _group(self, title: str, stacks: Sequence[Stack], seat: int) -> ComposeResult:
        with Vertical(classes=f"group {title}-group"):
            yield Label(title, classes="group-label")
            with Horizontal(classes="cards") as row:
                # Nested auto widths collapse in Textual: give the row its width.
                row.styles.width = max(3, CARD_SPAN * len(stacks))
                if not stacks:
                    yield Static("—", classes="none")
                for st in stacks:
                    yield self._card(st.card, st.covers, seat)

    def _card(self, name: str, covers: Sequence[str], seat: int) -> CardView:
        view = CardView(name, covers=covers, kind="chip", seat=seat, classes="field-card")
        if self.targets & set(view.stack):
            view.add_class("-target")
        return view

    def field_cards(self) -> list[CardView]:
        """The card views on this seat's field."""
        return list(self.query(CardView))


class HandView(Horizontal, can_focus=True):
    """The human's hand, drawn as cards; ←/→ move the cursor, Enter or Space selects."""

    BINDINGS = [
        Binding("left", "cursor(-1)", "card left", show=False),
        Binding("right", "cursor(1)", "card right", show=False),
        Binding("enter,space", "choose", "select card", show=False),
    ]

    class Chosen(Message):
        """A hand card was chosen (by key or click)."""

        def __init__(self, card: str) -> None:
            """Carry the card's name."""
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None) -> None:
        """An empty hand; :meth:`show` fills it."""
        super().__init__(id=id)
        self.cards: tuple[str, ...] = ()
        self.playable: frozenset[str] = frozenset()
        self.selected: str | None = None
        self.cursor = 0

    def show(self, cards: Sequence[str], playable: Iterable[str], selected: str | None) -> None:
        """Draw ``cards``; ``playable`` ones get a dark border, ``selected`` a double one."""
        state = (tuple(cards), frozenset(playable), selected)
        if state == (self.cards, self.playable, self.selected) and self.children:
            return
        self.cards = tuple(cards)
        self.playable = frozenset(playable)
        self.selected = selected
        self.cursor = min(self.cursor, max(0, len(self.cards) - 1))
        self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        """One face-sized card view per card."""
        if not self.cards:
            yield Static("(no cards in hand)", classes="none")
        for i, c in enumerate(self.cards):
            view = CardView(c, kind="face", classes="hand-card")
            view.set_class(c in self.playable, "-playable")
            view.set_class(c == self.selected, "-selected")
            view.set_class(i == self.cursor and self.has_focus, "-cursor")
            yield view

    def _mark_cursor(self) -> None:
        for i, view in enumerate(self.query(CardView)):
            view.set_state(cursor=i == self.cursor and self.has_focus)

    def on_focus(self, event: events.Focus) -> None:
        """Show the cursor."""
        self._mark_cursor()

    def on_blur(self, event: events.Blur) -> None:
        """Hide the cursor."""
        self._mark_cursor()

    def action_cursor(self, step: int) -> None:
        """Move the cursor along the hand."""
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self._mark_cursor()

    def action_choose(self) -> None:
        """Select the card under the cursor."""
        if self.cards:
            self.post_message(self.Chosen(self.cards[self.cursor]))


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
        self.idle_reason = "not your decision"
        self.focus_card: str | None = None
        self.shown: list[int] = []

    def compose(self) -> ComposeResult:
        """The heading, the filter box and the list."""
        yield Label("Moves", id="moves-title", classes="panel-title")
        yield Input(placeholder="filter or number, Enter plays", id="move-filter")
        yield OptionList(id="move-list")

    def set_moves(self, moves: Sequence[str], focus_card: str | None = None) -> None:
        """Show ``moves`` (numbered from 1); with ``focus_card`` only the moves playing it."""
        self.moves = list(moves)
        self.focus_card = focus_card
        self.query_one("#move-filter", Input).value = ""
        self._fill("")

    def _fill(self, query: str) -> None:
        numbers = query.strip()
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
            Option(Text(f"{i + 1:>2}. ").append_text(move_label(self.moves[i])), id=f"move-{i}")
            for i in shown
        )
        if numbers.isdigit() and 1 <= int(numbers) <= len(self.moves):
            target = int(numbers) - 1
            if target in shown:
                options.highlighted = shown.index(target)
        elif shown:
            options.highlighted = 0
        title = self.query_one("#moves-title", Label)
        count = f"{len(shown)} of {len(self.moves)}" if len(shown) != len(self.moves) else ""
        if not self.moves:
            title.update(f"Moves ({self.idle_reason})")
        else:
            title.update(f"Moves {count}".rstrip())

    @on(Input.Changed, "#move-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#move-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(self.moves):
                self.post_message(self.Chosen(self.moves[k - 1]))
            else:
                self.notify(f"There is no move {k}: choose 1 to {len(self.moves)}.")
            return
        options = self.query_one("#move-list", OptionList)
        if options.highlighted is not None and self.shown:
            self.post_message(self.Chosen(self.moves[self.shown[options.highlighted]]))
        elif self.moves:
            self.notify("No move matches; clear the filter with Escape.")

    @on(OptionList.OptionSelected, "#move-list")
    def _option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if option_id.startswith("move-"):
            self.post_message(self.Chosen(self.moves[int(option_id[5:])]))

    def focus_list(self) -> None:
        """Put the keyboard focus on the list."""
        self.query_one("#move-list", OptionList).focus()

    def focus_filter(self, text: str = "") -> None:
        """Put the keyboard focus on the filter box, starting it with ``text``."""
        box = self.query_one("#move-filter", Input)
        box.value = text
        box.cursor_position = len(text)
        box.focus()


class MoveLog(RichLog):
    """The moves of the game, one a line, newest at the bottom."""

    def add(self, line: Text) -> None:
        """Append one line."""
        self.write(line)


def log_line(number: int, seat: int | None, who: str, move: str, you: bool) -> Text:
    """A line of the log: ``"12. p1 medium: points 7♥"``."""
    out = Text(f"{number:>3}. ", style="dim")
    if seat is None:
        out.append(move, style="italic")
        return out
    out.append(f"p{seat} {who}: ", style="bold yellow" if you else "bold")
    out.append_text(move_label(move))
    return out


def widget_text(widget: Widget) -> str:
    """The plain text a widget renders now (for tests and screen readers)."""
    rendered = widget.render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)
