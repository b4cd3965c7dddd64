"""Modal dialogs: a choice among moves (counter, seven, three, nine answer, hint), a
discard of N cards, a yes/no question and the end of the game.

Each dialog is handed move texts and cards the human seat may see, and dismisses with
the chosen move text (or ``None`` when closed with Escape).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..cardtext import card_text, cards_text, move_label
from ..choices import discard_move
from ..lang import N_, T, _, rich_format, translate_bindings
from ..typeahead import TypeAhead
from ..widgets.cards import CardItem, CardRow

TABLE_KEYS = [
    Binding("h", "app.table('hint')", N_("Hint")),
    Binding("s", "app.table('save')", N_("Save")),
    Binding("r", "app.table('resign')", N_("Resign")),
    Binding("q", "app.table('quit_table')", N_("Quit")),
]
"""The table's keys, still working while a move dialog is open (it closes first)."""

SHORT_HEIGHT = 32
"""Terminal rows below which dialogs leave out their blank lines."""

GAME_OVER_WIDTH = 96
"""Terminal columns from which the game over's five buttons fit with their frames."""


def cards_per_line(dialog: Screen[Any], row: CardRow) -> int | None:
    """How many cards of ``row`` fit a line of ``dialog``'s box (``None``: not laid out)."""
    box = dialog.query_one(".dialog", Vertical)
    width = box.content_region.width
    return max(1, (width + 1) // row.span) if width else None


Choice = tuple[Text, str]
"""An option of a dialog: what is shown, and the move text it stands for."""


class ChoiceDialog(ModalScreen[str | None]):
    """Choose one move from a list: ↑/↓ and Enter, its number, or a click.

    A number of two digits is typed digit by digit (``1`` then ``1`` is choice 11); a
    digit that may start a longer number waits a moment (or Enter) before it picks.
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Close")), *TABLE_KEYS]

    def __init__(
        self,
        title: str,
        body: Text | str,
        choices: Sequence[Choice],
        *,
        cards: Sequence[str] = (),
        cards_label: str = "",
        id: str | None = None,
    ) -> None:
        """A dialog titled ``title`` explaining ``body``, offering ``choices``.

        ``cards`` (with ``cards_label``) are drawn above the choices, e.g. a seven's
        revealed cards or the scrap a three picks from.
        """
        super().__init__(id=id)
        translate_bindings(self)
        self.title_text = title
        self.body = body
        self.choices = list(choices)
        self.cards = list(cards)
        self.cards_label = cards_label
        self.typed = TypeAhead()
        self._typed_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """Title, explanation, cards and the numbered choices."""
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.body, classes="dialog-body")
            if self.cards:
                if self.cards_label:
                    yield Label(self.cards_label, classes="group-label")
                yield CardRow("chip", id="dialog-cards", classes="dialog-cards")
            options = [
                Option(Text(f"{i}. ").append_text(label), id=f"choice-{i - 1}")
                for i, (label, _move) in enumerate(self.choices, start=1)
            ]
            yield OptionList(*options, id="choices")
            yield Label(_("Enter chooses · digits pick · Esc closes"), classes="dialog-help")

    def on_mount(self) -> None:
        """Focus the choices, the first one highlighted; lay out the cards."""
        options = self.query_one("#choices", OptionList)
        options.highlighted = 0
        options.focus()
        self._fit_cards()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the cards to the dialog's new width."""
        self._fit_cards()

    def _fit_cards(self) -> None:
        """Draw the cards in as many lines as the dialog's width needs: every card shows."""
        self.set_class(self.app.size.height < SHORT_HEIGHT, "-short")
        if not self.cards:
            return
        row = self.query_one("#dialog-cards", CardRow)
        row.show([CardItem(c) for c in self.cards], cards_per_line(self, row))

    @on(OptionList.OptionSelected, "#choices")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int((event.option.id or "choice-0")[7:])
        self.dismiss(self.choices[index][1])

    def on_key(self, event: events.Key) -> None:
        """A digit picks that choice (or waits for a second digit, see the class doc)."""
        if not (event.character and event.character.isdigit()):
            return
        event.stop()
        number, final = self.typed.push(event.character, len(self.choices))
        if self._typed_timer is not None:
            self._typed_timer.stop()
            self._typed_timer = None
        if number is None:
            return
        self.query_one("#choices", OptionList).highlighted = number - 1
        if final:
            self.dismiss(self.choices[number - 1][1])
        else:
            self._typed_timer = self.set_timer(self.typed.timeout, self._typed_done)

    def _typed_done(self) -> None:
        self._typed_timer = None
        number = self.typed.take()
        if number is not None and self.is_current:
            self.dismiss(self.choices[number - 1][1])

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)


def counter_dialog(pending: Text, legal: Sequence[str]) -> ChoiceDialog:
    """Counter the pending card with a two (or a ten against a scuttle), or resolve."""
    choices: list[Choice] = []
    for m in legal:
        words = m.split()
        if words[0] == "counter":
            label = rich_format(_("Counter with {card}"), card=card_text(words[1]))
            choices.append((label, m))
    choices.append((Text(_("Resolve: let it happen")), "resolve"))
    body = rich_format(_("On the table: {pending}"), pending=pending)
    return ChoiceDialog(_("Counter?"), body, choices, id="counter-dialog")


def moves_dialog(
    title: str,
    body: Text | str,
    legal: Sequence[str],
    *,
    cards: Sequence[str] = (),
    cards_label: str = "",
    id: str | None = None,
) -> ChoiceDialog:
    """A :class:`ChoiceDialog` offering the legal moves as they are written."""
    choices = [(move_label(m), m) for m in legal]
    return ChoiceDialog(title, body, choices, cards=cards, cards_label=cards_label, id=id)


def hint_dialog(analysis: Sequence[tuple[str, float]], seconds: float) -> ChoiceDialog:
    """The moves a search recommends, with their estimated win chances, best first."""
    choices = [
        (Text(f"{100 * q:5.1f}%  ", style="bold green").append_text(move_label(m)), m)
        for m, q in analysis
    ]
    body = Text(
        _(
            "Best first: the moves {seconds} s of search (from what your seat can see) "
            "looked at most, with its estimated chance to win after each. Choose one to "
            "play it."
        ).format(seconds=f"{seconds:g}")
    )
    return ChoiceDialog(_("Hint"), body, choices, id="hint-dialog")


class DiscardDialog(ModalScreen[str | None]):
    """Choose ``need`` cards of the hand to discard: ←/→ and Space, digits, or clicks."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", N_("card left"), show=False),
        Binding("right", "cursor(1)", N_("card right"), show=False),
        Binding("space", "toggle_card", N_("choose card"), show=False),
        Binding("enter", "confirm", N_("Discard"), show=False),
        Binding("escape", "cancel", N_("Close")),
        *TABLE_KEYS,
    ]

    def __init__(self, title: str, body: Text | str, hand: Sequence[str], legal: Sequence[str]):
        """Offer ``hand``; the chosen cards must make one of the ``legal`` discards."""
        super().__init__(id="discard-dialog")
        translate_bindings(self)
        self.title_text = title
        self.body = body
        self.hand = list(hand)
        self.legal = list(legal)
        sizes = {len(m.split()) - 1 for m in self.legal if m.startswith("discard")}
        self.need = max(sizes) if sizes else 0
        self.chosen: list[str] = []
        self.cursor = 0
        self.typed = TypeAhead()
        self._typed_timer: Timer | None = None
        if len(self.legal) == 1:
            self.chosen = self.legal[0].split()[1:]

    def compose(self) -> ComposeResult:
        """Title, explanation, the hand and the discard button."""
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(self.body, classes="dialog-body")
            yield CardRow("face", id="discard-hand", classes="dialog-cards")
            yield Static(self._count_text(), id="discard-count")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Discard"), id="discard-ok", variant="primary")
            yield Label(
                _("←/→ move · Space or digit picks · Enter discards · Esc closes"),
                classes="dialog-help",
            )

    def _count_text(self) -> Text:
        if len(self.legal) == 1 and self.need:
            out = Text(_("The cards to discard were chosen for you:") + " ")
            return out.append_text(cards_text(self.chosen))
        need = self.need
        out = Text(T.ngettext("Choose {n} card:", "Choose {n} cards:", need).format(n=need) + " ")
        out.append_text(cards_text(self.chosen) if self.chosen else Text(_("none yet"), "dim"))
        return out

    def on_mount(self) -> None:
        """Draw the hand."""
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the hand to the dialog's new width."""
        self.set_class(self.app.size.height < SHORT_HEIGHT, "-short")
        self._redraw()

    def _redraw(self) -> None:
        items = [
            CardItem(
                c,
                (),
                "selected" if c in self.chosen else "cursor" if i == self.cursor else "playable",
            )
            for i, c in enumerate(self.hand)
        ]
        row = self.query_one("#discard-hand", CardRow)
        row.show(items, cards_per_line(self, row))
        self.query_one("#discard-count", Static).update(self._count_text())

    def toggle(self, name: str) -> None:
        """Add ``name`` to the chosen cards, or take it out."""
        if len(self.legal) == 1:
            return
        if name in self.chosen:
            self.chosen.remove(name)
        elif len(self.chosen) < self.need:
            self.chosen.append(name)
        else:
            only = T.ngettext(
                "Only {n} to choose: click a chosen card to put it back.",
                "Only {n} to choose: click a chosen card to put it back.",
                self.need,
            )
            self.notify(only.format(n=self.need))
        self._redraw()

    def action_cursor(self, step: int) -> None:
        """Move the cursor along the hand."""
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)
            self._redraw()

    def action_toggle_card(self) -> None:
        """Choose (or un-choose) the card under the cursor."""
        if self.hand:
            self.toggle(self.hand[self.cursor])

    def on_key(self, event: events.Key) -> None:
        """A digit chooses that card of the hand (two digits for the tenth card on)."""
        if not (event.character and event.character.isdigit()):
            return
        event.stop()
        number, final = self.typed.push(event.character, len(self.hand))
        if self._typed_timer is not None:
            self._typed_timer.stop()
            self._typed_timer = None
        if number is None:
            return
        self.cursor = number - 1
        if final:
            self.toggle(self.hand[number - 1])
        else:
            self._redraw()
            self._typed_timer = self.set_timer(self.typed.timeout, self._typed_done)

    def _typed_done(self) -> None:
        self._typed_timer = None
        number = self.typed.take()
        if number is not None:
            self.toggle(self.hand[number - 1])

    @on(CardRow.Clicked, "#discard-hand")
    def _clicked(self, event: CardRow.Clicked) -> None:
        self.cursor = event.index
        self.toggle(self.hand[event.index])

    @on(Button.Pressed, "#discard-ok")
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_confirm()

    def action_confirm(self) -> None:
        """Discard the chosen cards if they make a legal discard (a card whose number
        is still being typed counts as chosen)."""
        self._typed_done()
        move = discard_move(self.legal, self.chosen)
        if move is None:
            first = T.ngettext("Choose {n} card first.", "Choose {n} cards first.", self.need)
            self.notify(first.format(n=self.need))
            return
        self.dismiss(move)

    def action_cancel(self) -> None:
        """Close without discarding."""
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: ``y`` or Enter on Yes, ``n`` or Escape for no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, *, id: str | None = None) -> None:
        """Ask ``question``."""
        super().__init__(id=id)
        translate_bindings(self)
        self.question = question

    def compose(self) -> ComposeResult:
        """The question and two buttons."""
        with Vertical(classes="dialog small-dialog"):
            yield Static(self.question, classes="dialog-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Yes"), id="yes", variant="error")
                yield Button(_("No"), id="no", variant="primary")

    def on_mount(self) -> None:
        """Focus No, the safe answer."""
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)


class GameOverDialog(ModalScreen[str]):
    """The result, the final points, and what next: rematch, save, look, quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('rematch')", N_("Rematch")),
        Binding("s", "save", N_("Save record")),
        Binding("v", "choose('review')", N_("Review the game")),
        Binding("escape,l", "choose('look')", N_("Look at the table")),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def __init__(
        self, result: str, scores: Text, on_save: Callable[[], str], saved: str = ""
    ) -> None:
        """Show ``result`` and ``scores``; ``on_save`` saves and returns a message;
        ``saved`` tells where the record was saved at the end of the game."""
        super().__init__(id="game-over")
        translate_bindings(self)
        self.result = result
        self.scores = scores
        self.on_save = on_save
        self.saved = saved

    def compose(self) -> ComposeResult:
        """Result, scores, buttons."""
        with Vertical(classes="dialog"):
            yield Label(_("Game over"), classes="dialog-title")
            yield Static(Text(self.result, style="bold"), id="result")
            yield Static(self.scores, classes="dialog-body")
            yield Static(self.saved, id="save-message")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Rematch (n)"), id="rematch", variant="primary")
                yield Button(_("Review (v)"), id="review")
                yield Button(_("Save (s)"), id="save")
                yield Button(_("Table (l)"), id="look")
                yield Button(_("Quit (q)"), id="quit", variant="error")

    def on_mount(self) -> None:
        """Fit the terminal, focus Rematch (absent when the app closes as the dialog
        mounts: nothing to focus then)."""
        self._fit()
        for button in self.query("#rematch").results(Button):
            button.focus()

    def on_resize(self, event: events.Resize) -> None:
        """Fit the new size."""
        self._fit()

    def _fit(self) -> None:
        """On a short or narrow terminal (80×24) leave out the blank lines and draw the
        buttons without frames, so that the result and every button are in sight."""
        size = self.app.size
        self.set_class(size.height < SHORT_HEIGHT, "-short")
        compact = size.height < SHORT_HEIGHT or size.width < GAME_OVER_WIDTH
        self.set_class(compact, "-tight")
        for button in self.query(Button).results(Button):
            button.compact = compact

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.dismiss(event.button.id or "look")

    def action_save(self) -> None:
        """Save the record and say where."""
        self.query_one("#save-message", Static).update(self.on_save())

    def action_choose(self, what: str) -> None:
        """Close with ``what``."""
        self.dismiss(what)
