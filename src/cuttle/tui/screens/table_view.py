"""The table's state and its drawing: every seat, your hand, the status, the moves, the log.

:class:`TableView` holds what the table screen keeps between moves (the selection, the
log drawn so far, the bot and hint bookkeeping) and draws everything from
``session.view()`` (the human seat's view) and nothing else. The game's flow, the keys
and the actions are in :class:`~cuttle.tui.screens.table.TableScreen`, built on it.
"""

from __future__ import annotations

from typing import Protocol, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Label
from textual.worker import Worker

from cuttle.engine.history import MovePlayed
from cuttle.i18n import DEFAULT, current

from .. import choices
from ..cardtext import FROZEN_MARK, card_text, cards_text, sentence_label
from ..lang import _, translate_bindings
from ..model import SeatData, seat_data, status_lines
from ..options import AppOptions
from ..session import BotRequest, Session
from ..widgets.table import (
    HandView,
    MoveLog,
    MovesPanel,
    OpponentsArea,
    SeatPanel,
    StatusPanel,
    TableCenter,
    log_line,
)


class OptionsHost(Protocol):
    """What the table screen needs of its app: the options it was started with."""

    options: AppOptions


CENTER_MIN_HEIGHT = 32
"""Terminal rows from which the deck and scrap are drawn in the middle of the table."""


class TableView(Screen[None]):
    """The table's state and drawing (see the module's text)."""

    def __init__(self, session: Session) -> None:
        """Seat the human at ``session``'s table (nothing is drawn until it mounts)."""
        super().__init__(id="table")
        translate_bindings(self)
        self.session = session
        self.selected: str | None = None
        self.logged = 0
        self.token = 0
        self.thinking: str | None = None
        self.hint_asked = 0
        """Numbers the hint requests; Esc while one runs moves it on, so the late answer
        of a cancelled hint is dropped (not opened over what the player does next)."""
        self.bot_worker: Worker[str] | None = None
        self.bot_request: BotRequest | None = None
        self.bot_waiting = False
        """A bot's move is chosen and waits for the bot pause to end."""
        self.dialog_open = False
        self.over_shown = False
        self.last_move: Text | None = None
        self.shown_at = 0.0
        """When the newest move was drawn (for the pause before the next bot move)."""
        self.hand_before: tuple[str, ...] = ()
        """Your hand before your newest move (to tell which card a draw brought)."""

    @property
    def cuttle_app(self) -> OptionsHost:
        """The app, as far as this screen needs it (its options)."""
        assert isinstance(getattr(self.app, "options", None), AppOptions)
        return cast(OptionsHost, self.app)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """Seats on the left (yours at the bottom, then your hand), status, moves, log."""
        yield Header(show_clock=False)
        with Horizontal(id="main"):
            with Vertical(id="board"):
                with OpponentsArea(id="opponents"):
                    for _seat in range(self.session.n - 1):
                        yield SeatPanel(classes="seat opponent")
                yield TableCenter(id="center")
                yield SeatPanel(id="my-seat", classes="seat")
                yield Label(_("Your hand"), id="hand-title", classes="panel-title")
                yield HandView(id="hand")
            with Vertical(id="side"):
                yield StatusPanel(id="status")
                yield MovesPanel(id="moves")
                yield Label(_("Log"), classes="panel-title")
                yield MoveLog(id="log", wrap=True, markup=False, min_width=20)
        # the keys' words are longer than English ones in every other language: a compact
        # footer keeps all eight on an 80-column terminal
        yield Footer(show_command_palette=False, compact=current() != DEFAULT)

    def on_resize(self, event: events.Resize) -> None:
        """Fit the hand to the new width (small cards when big ones do not fit); on a
        short terminal leave out the middle of the table (the status tells the same)."""
        self.query_one("#hand", HandView).fit()
        short = event.size.height < CENTER_MIN_HEIGHT
        self.query_one("#center", TableCenter).display = not short
        self.set_class(short, "-short")
        # your own seat without its frame on a short terminal: two rows more for the others
        self.query_one("#my-seat", SeatPanel).set_mode("bare" if short else "full")
        for panel in self.query(SeatPanel).results(SeatPanel):
            panel.data = None  # drawn again for the new width
        self.redraw()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The move list or the log, when focused, gets most of the side's rows."""
        side = self.query_one("#side", Vertical)
        widget = event.widget
        side.set_class(widget.id == "move-list", "-moves-wide")
        side.set_class(widget.id == "log", "-log-wide")

    # ------------------------------------------------------------------ drawing

    def names(self) -> list[str]:
        """Who sits where."""
        return [self.session.name(s) for s in range(self.session.n)]

    def redraw(self) -> None:
        """Draw everything from the human seat's view."""
        s = self.session
        view = s.view()
        legal = s.legal()
        you = s.seat
        n = s.n
        names = self.names()
        if self.selected is not None and self.selected not in choices.playable_cards(legal):
            self.selected = None
        targets = choices.targets(legal, self.selected) if self.selected else set()
        opponents = [(you + k) % n for k in range(1, n)]
        panels = list(self.query(".opponent").results(SeatPanel))
        last = self.last_card()
        for panel, seat in zip(panels, opponents, strict=True):
            data = seat_data(view, seat, rules=s.rules, names=names, you=you)
            panel.show(data, targets, last)
        mine = seat_data(view, you, rules=s.rules, names=names, you=you)
        self.query_one("#my-seat", SeatPanel).show(mine, targets, last)
        self.query_one("#center", TableCenter).show(view, last)
        hand = list(view["hands"][you])
        self.query_one("#hand", HandView).show_hand(
            hand,
            choices.playable_cards(legal) & set(hand),
            self.selected,
            frozen=mine.frozen,
            last=self.drawn_card(),
        )
        self.query_one("#hand-title", Label).update(self.hand_title(mine))
        moves = self.query_one("#moves", MovesPanel)
        moves.idle_reason = _("game over") if s.is_over else _("not your decision")
        moves.rules = s.rules
        moves.set_moves(legal, self.selected)
        self.redraw_status()
        variants = f" + {', '.join(s.rules.variants)}" if s.rules.variants else ""
        team = f", {s.teams_text()}" if s.teams_text() else ""
        self.title = "Cuttle"
        self.sub_title = _("{rules}{variants} · game {number} · you are p{seat}{team}").format(
            rules=s.rules.name, variants=variants, number=s.number, seat=you, team=team
        )

    def hand_title(self, mine: SeatData) -> Text:
        """The line over your hand: its size, the selected card, frozen cards and who
        sees your hand through glasses."""
        title = Text(_("Your hand ({n})").format(n=len(mine.hand)), style="bold")
        if self.selected:
            title.append("  " + _("selected") + " ")
            title.append_text(card_text(self.selected))
            title.append(" " + _("(Esc clears)"), style="dim")
        if mine.frozen:
            title.append(f"  {FROZEN_MARK} " + _("frozen") + " ", style="bold steel_blue1")
            title.append_text(cards_text(mine.frozen))
            title.append(" " + _("(not this turn)"), style="dim")
        if mine.seen_by:
            who = " ".join(f"p{v}" for v in mine.seen_by)
            seen = _("seen by {seats} (glasses)").format(seats=who)
            title.append(f"  {seen}", style="bold magenta")
        return title

    def last_event_move(self) -> tuple[int, str] | None:
        """The seat and move text of the newest move that put a card somewhere (a
        resolution is skipped for the card it resolves), or ``None``."""
        for event in reversed(self.session.table.history):
            if not isinstance(event, MovePlayed):
                return None
            if event.move != "resolve":
                return event.seat, event.move
        return None

    def last_card(self) -> str | None:
        """The card that moved last, to be marked where it now lies on the table (only
        cards the human's view shows on the table are ever marked)."""
        last = self.last_event_move()
        return choices.parts(last[1]).card if last is not None else None

    def drawn_card(self) -> str | None:
        """The card you just drew, when your own draw is the newest move."""
        history = self.session.table.history
        newest = history[-1] if history else None
        if not isinstance(newest, MovePlayed) or newest.seat != self.session.seat:
            return None
        if newest.move != "draw":
            return None
        hand = self.session.view()["hands"][self.session.seat]
        new = [c for c in hand if c not in self.hand_before]
        return new[0] if len(new) == 1 else None

    def redraw_status(self) -> None:
        """Bring the log and the status panel up to date."""
        self._sync_log()
        s = self.session
        lines = status_lines(
            s.view(), rules=s.rules, names=self.names(), you=s.seat, thinking=self.thinking
        )
        if self.last_move is not None and not self.has_class("-short"):
            # on a short terminal the log's newest line tells it: the rows go to the moves
            lines.insert(0, Text(_("Last:") + " ", style="bold").append_text(self.last_move))
        self.query_one("#status", StatusPanel).show(lines)

    def _sync_log(self) -> None:
        if self.logged == len(self.session.table.history):
            return
        log = self.query_one("#log", MoveLog)
        entries = self.session.log_entries(self.logged)  # the new events alone
        for number, (seat, told) in enumerate(entries, start=self.logged + 1):
            log.add(log_line(number, seat, told, seat == self.session.seat))
            if seat is not None:
                self.last_move = sentence_label(told)
        self.logged += len(entries)
        log.scroll_end(animate=False)


__all__ = ["CENTER_MIN_HEIGHT", "OptionsHost", "TableView"]
