"""The table: every seat, your hand, the status, the legal moves and the log.

The screen draws only from ``session.view()`` (the human seat's view; the drawing is in
:mod:`~cuttle.tui.screens.table_view`, the decision dialogs in
:mod:`~cuttle.tui.screens.prompts`). Moves are chosen
by selecting a hand card then a highlighted target, or from the numbered, filterable
move list; decisions outside the main phase open a dialog. Bots think in a worker
thread and their moves are shown one at a time.
"""

from __future__ import annotations

import time
from typing import ClassVar

from textual import events, on, work
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input
from textual.worker import Worker, WorkerState

from cuttle.bots.base import SeatView
from cuttle.bots.external import BotForfeit
from cuttle.engine.errors import CuttleError

from .. import choices
from ..lang import N_, _
from ..model import result_text
from ..session import BotRequest, Session, start_process_helpers
from ..widgets.cards import CardRow
from ..widgets.table import HandView, MoveLog, MovesPanel
from .dialogs import (
    ChoiceDialog,
    ConfirmDialog,
    DiscardDialog,
    GameOverDialog,
    hint_dialog,
)
from .help import HelpScreen
from .prompts import decision_dialog, final_scores
from .replay import ReplayScreen
from .table_view import TableView

DIALOG_PHASES = frozenset({"counter", "answer", "discard", "hand-limit", "seven", "take"})
"""Phases whose decisions are asked in a dialog."""

HINT_THINKING = N_("Thinking about a hint… (Esc cancels)")
"""What the status line says while a hint is searched."""


class TableScreen(TableView):
    """One game (and its rematches) at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", N_("Hint")),
        Binding("s", "save", N_("Save")),
        Binding("r", "resign", N_("Resign")),
        Binding("n", "rematch", N_("Rematch"), show=False),
        Binding("o", "prompt", N_("Dialog")),
        Binding("slash", "filter", N_("Filter")),
        Binding("escape", "clear", N_("Clear")),
        Binding("question_mark", "help", N_("Help")),
        Binding("q", "quit_table", N_("Quit")),
        Binding("m", "focus_moves", N_("Moves"), show=False),
        Binding("l", "focus_log", N_("Log"), show=False),
        Binding("v", "review", N_("Review"), show=False),
    ]

    def on_mount(self) -> None:
        """Draw the table and start the game."""
        self.start_game(self.session)

    # ------------------------------------------------------------------ flow

    def start_game(self, session: Session) -> None:
        """Show ``session``'s game from its start and let whoever acts first play."""
        self.session = session
        self.token += 1
        self.selected = None
        self.logged = 0
        self.thinking = None
        self.over_shown = False
        self.last_move = None
        self.bot_worker = None
        self.bot_waiting = False
        self.hand_before = ()
        self.query_one("#log", MoveLog).clear()
        self.query_one("#moves", MovesPanel).set_moves([])
        self.advance()

    def advance(self) -> None:
        """Go on after a move: end the game, ask the human, or let a bot play.

        With a bot pause (``bot_delay``) every move stays on the table, named on the
        status line, for that long before the next move that nobody types (a bot's, or
        your automatic resolution) is shown; a bot thinks meanwhile.
        """
        s = self.session
        opts = self.cuttle_app.options
        self.shown_at = time.monotonic()
        if s.is_over:
            self.thinking = None
            self.redraw()
            self._game_over()
            return
        if s.human_to_act:
            view = s.view()
            legal = s.legal()
            phase = str(view["phase"])
            if opts.auto_resolve and phase in ("counter", "answer") and legal == ["resolve"]:
                self.thinking = _("Nothing to answer it with: it resolves…")
                wait = self.pause_left()
                if wait > 0:
                    self.redraw()
                    token, played = self.token, s.moves_played
                    self.set_timer(wait, lambda: self._auto_resolve(token, played))
                else:
                    self.play_move("resolve")
                return
            self.thinking = None
            self.redraw()
            if phase in DIALOG_PHASES:
                self.call_after_refresh(self.open_prompt)
            elif not isinstance(self.app.screen, ModalScreen):
                self.focus_hand()
            return
        request = s.bot_request()
        if request is None:  # pragma: no cover - every other seat has a bot
            return
        self.thinking = _("p{seat} ({name}) is thinking…").format(
            seat=request.seat, name=s.name(request.seat)
        )
        if opts.bot_delay > 0 or not self.is_mounted:
            self.redraw()
        else:  # bots answer at once: the table is drawn when the human is asked again
            self.redraw_status()
        if isinstance(self.focused, Input):  # letters are keys again while bots play
            self.focus_hand()
        self.call_later(self._start_bot, self.token)

    def pause_left(self) -> float:
        """Seconds the newest move must still stay on the table before the next one that
        nobody types is shown (0 without a bot pause)."""
        delay = self.cuttle_app.options.bot_delay
        if delay <= 0:
            return 0.0
        return max(0.0, self.shown_at + delay - time.monotonic())

    def _auto_resolve(self, token: int, played: int) -> None:
        s = self.session
        if token == self.token and s.moves_played == played and s.legal() == ["resolve"]:
            self.play_move("resolve")

    def focus_hand(self) -> None:
        """Put the keyboard focus on your hand (Enter there selects, never plays)."""
        self.set_focus(self.query_one("#hand", HandView))

    def _start_bot(self, token: int) -> None:
        if token != self.token or self.bot_worker is not None:
            return
        request = self.session.bot_request()
        if request is None:
            return
        self.bot_request = request
        session = self.session
        self.bot_worker = self.run_worker(
            lambda: session.ask_bot(request),
            thread=True,
            group="bot",
            exit_on_error=False,
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A bot (or a hint search) finished in its thread: its move is played once the
        move before it has been shown for the bot pause."""
        worker = event.worker
        if worker is self.bot_worker and event.state in (WorkerState.SUCCESS, WorkerState.ERROR):
            request = self.bot_request
            self.bot_worker = None
            self.bot_request = None
            if request is None:
                return
            if event.state == WorkerState.ERROR and isinstance(worker.error, BotForfeit):
                # an outside program that failed loses, as in the arena (docs/protocol.md)
                forfeit = _("{reason}: it forfeits the game.").format(reason=worker.error)
                self.notify(forfeit, severity="warning")
                if self.session.forfeit(request):
                    self.advance()
                return
            if event.state == WorkerState.ERROR:
                failed = _("p{seat}'s bot failed ({error}); it plays at random.")
                self.notify(failed.format(seat=request.seat, error=worker.error))
                choice = ""
            else:
                choice = str(worker.result)
            wait = self.pause_left()
            token = self.token
            if wait > 0:
                self.bot_waiting = True
                self.set_timer(wait, lambda: self._play_bot(token, request, choice))
            else:
                self._play_bot(token, request, choice)

    def _play_bot(self, token: int, request: BotRequest, choice: str) -> None:
        self.bot_waiting = False
        if token != self.token:
            return
        played = self.session.play_bot(request, choice)
        if played is not None:
            self.advance()

    def play_move(self, text: str) -> None:
        """Play the human's move ``text`` (a clear message if it is not possible)."""
        s = self.session
        before = tuple(s.view()["hands"][s.seat])
        try:
            s.play_human(text)
        except (CuttleError, RuntimeError) as exc:
            self.notify(_("Not possible: {error}").format(error=exc), severity="warning")
            return
        self.hand_before = before
        self.selected = None
        if isinstance(self.focused, Input):  # played from the filter: letters are keys again
            self.focus_hand()
        self.advance()

    # ------------------------------------------------------------------ dialogs

    def open_prompt(self) -> None:
        """Ask the human's current decision in a dialog (counter, discard, seven, ...)."""
        s = self.session
        if self.dialog_open or not s.human_to_act:
            return
        dialog = decision_dialog(s)
        if dialog is None:
            return
        self.dialog_open = True
        token = self.token
        self.app.push_screen(dialog, callback=lambda move: self._prompt_done(token, move))

    async def close_prompt(self) -> None:
        """Close the move dialog on top of the table, if one is open."""
        screen = self.app.screen
        if self.dialog_open and isinstance(screen, (ChoiceDialog, DiscardDialog)):
            await screen.dismiss(None)

    def _prompt_done(self, token: int, move: str | None) -> None:
        self.dialog_open = False
        if token != self.token:
            return
        if move:
            self.play_move(move)
        else:
            self.notify(_("Choose from the move list, or press o to open the dialog again."))
            self.query_one("#moves", MovesPanel).focus_list()

    def _game_over(self) -> None:
        if self.over_shown:
            return
        self.over_shown = True
        s = self.session
        saved = self._save_message()  # every finished game is kept (a mid-game save updated)
        scores = final_scores(s, self.names())
        dialog = GameOverDialog(result_text(s.view(), s.seat), scores, self._save_message, saved)
        token = self.token
        self.app.push_screen(dialog, callback=lambda what: self._over_done(token, what))

    def _over_done(self, token: int, what: str | None) -> None:
        if token != self.token:
            return
        self.focus_hand()  # not the filter: n, o, q ... are keys again
        if what == "rematch":
            self.action_rematch()
        elif what == "review":
            self.action_review()
        elif what == "quit":
            self.app.exit(return_code=0)

    # ------------------------------------------------------------------ input

    @on(MovesPanel.Chosen)
    def _move_chosen(self, event: MovesPanel.Chosen) -> None:
        self.play_move(event.move)

    @on(HandView.Chosen)
    def _hand_chosen(self, event: HandView.Chosen) -> None:
        self.select_card(event.card)

    @on(CardRow.Clicked, ".field-row")
    def _card_clicked(self, event: CardRow.Clicked) -> None:
        self.choose_target(event.item.stack)

    def select_card(self, name: str) -> None:
        """Select (or unselect) a hand card; its moves and targets are highlighted."""
        legal = self.session.legal()
        if not legal:
            self.notify(_("Not your decision now."))
            return
        if self.selected == name:
            self.selected = None
        elif name not in choices.playable_cards(legal):
            self.notify(_("{card} cannot be played now.").format(card=name), severity="warning")
            return
        else:
            self.selected = name
        self.redraw()

    def choose_target(self, stack: tuple[str, ...]) -> None:
        """A card on the table was clicked: play the selected card onto it."""
        legal = self.session.legal()
        if self.selected is None:
            onto = [m for m in legal if choices.parts(m).target in stack]
            if not onto:
                self.notify(_("Select a card of your hand first."))
                return
        else:
            onto = choices.moves_onto(legal, self.selected, stack)
            if not onto:
                cannot = _("{card} cannot target {target}.")
                self.notify(cannot.format(card=self.selected, target=stack[-1]), severity="warning")
                return
        if len(onto) == 1 and self.selected is not None:
            self.play_move(onto[0])
            return
        panel = self.query_one("#moves", MovesPanel)
        panel.moves = legal
        panel.focus_card = None
        panel.set_moves(onto)
        panel.focus_list()

    @on(HandView.ToMoves)
    def _hand_to_moves(self, event: HandView.ToMoves) -> None:
        self.query_one("#moves", MovesPanel).focus_list()

    def on_key(self, event: events.Key) -> None:
        """A digit typed on the table starts the move filter with it (the next digits go
        into the filter after it; Enter plays the move of that number)."""
        if isinstance(self.focused, Input):
            return
        if event.character and event.character.isdigit():
            event.stop()
            self.query_one("#moves", MovesPanel).focus_filter(event.character)

    # ------------------------------------------------------------------ actions

    def action_prompt(self) -> None:
        """Open the dialog of the current decision again."""
        if self.session.human_to_act and str(self.session.view()["phase"]) in DIALOG_PHASES:
            self.open_prompt()

    def action_help(self) -> None:
        """Open the help: keys, panels, how to play."""
        self.app.push_screen(HelpScreen())

    def action_focus_moves(self) -> None:
        """Go to the move list (↑/↓ and Page Up/Down scroll it, Enter plays)."""
        self.query_one("#moves", MovesPanel).focus_list()

    def action_focus_log(self) -> None:
        """Go to the log (↑/↓, Page Up/Down, Home/End scroll it)."""
        self.set_focus(self.query_one("#log", MoveLog))

    def action_review(self) -> None:
        """Step through the finished game move by move, as your seat saw it."""
        if not self.session.is_over:
            self.notify(_("The review opens once the game is over."))
            return
        s = self.session
        self.app.push_screen(ReplayScreen(s.table, viewer=s.seat, names=self.names()))

    def action_filter(self) -> None:
        """Type to filter the moves."""
        self.query_one("#moves", MovesPanel).focus_filter()

    def action_clear(self) -> None:
        """Clear the selection and the filter, cancel a hint still thinking, and go back
        to your hand."""
        self.selected = None
        if self.thinking == _(HINT_THINKING):
            self.hint_asked += 1  # its answer, when it comes, is dropped
            self.thinking = None
            self.notify(_("Hint cancelled."))
        self.redraw()
        self.focus_hand()

    def action_hint(self) -> None:
        """Search the position and show the moves with their estimated win chances."""
        s = self.session
        if not s.human_to_act:
            self.notify(_("Hints are for your own decisions: wait for your turn."))
            return
        try:
            from cuttle.bots import analyse  # noqa: F401
        except ImportError:
            self.notify(_("Hints need the bots (cuttle.bots), which are not installed."))
            return
        self.thinking = _(HINT_THINKING)
        self.hint_asked += 1
        self.redraw()
        start_process_helpers()  # the search may start worker processes
        self._hint(self.token, s.moves_played, s.seat_view(), self.hint_asked)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _hint(self, token: int, moves: int, view: SeatView, asked: int) -> None:
        from cuttle.bots import analyse

        seconds = self.cuttle_app.options.hint_seconds
        try:
            result = analyse(view, seconds=seconds)
        except Exception as exc:  # a failed search must not end the game
            self.app.call_from_thread(self._hint_failed, exc)
            result = []
        self.app.call_from_thread(self._hint_done, token, moves, result, seconds, asked)

    def _hint_failed(self, error: Exception) -> None:
        self.notify(_("No hint: {error}").format(error=error), severity="error")

    def _hint_done(
        self,
        token: int,
        moves: int,
        result: list[tuple[str, float]],
        seconds: float,
        asked: int,
    ) -> None:
        if asked != self.hint_asked:  # cancelled with Esc, or asked again since
            return
        self.thinking = None
        if token != self.token or self.session.moves_played != moves:
            return
        self.redraw()
        if not result or self.dialog_open:
            return
        self.dialog_open = True
        self.app.push_screen(
            hint_dialog(result, seconds), callback=lambda m: self._prompt_done(token, m)
        )

    def _save(self) -> tuple[bool, str]:
        try:
            path = self.session.save()
        except (OSError, ValueError) as exc:
            return False, _("Could not save the record: {error}").format(error=exc)
        return True, _("Record saved to {path}").format(path=path)

    def _save_message(self) -> str:
        return self._save()[1]

    def action_save(self) -> None:
        """Save the game's record."""
        saved, message = self._save()
        self.notify(message, severity="information" if saved else "error")

    def action_resign(self) -> None:
        """Resign the game (after a confirmation)."""
        if self.session.is_over:
            self.notify(_("The game is over."))
            return

        def done(yes: bool | None) -> None:
            if yes and not self.session.is_over:
                self.token += 1
                self.bot_worker = None
                self.session.resign()
                self.advance()

        self.app.push_screen(ConfirmDialog(_("Resign this game?"), id="resign-dialog"), done)

    def action_rematch(self) -> None:
        """A new game with the seats moved on (two players swap)."""
        if not self.session.is_over:
            self.notify(_("Finish (or resign) this game first."))
            return
        self.start_game(self.session.rematch())

    def action_quit_table(self) -> None:
        """Leave (asking first if the game is on)."""
        s = self.session
        if s.is_over or not s.moves_played:
            self.app.exit(return_code=0 if s.is_over else 1)
            return

        def done(yes: bool | None) -> None:
            if yes:
                if s.saved_to is not None:  # a record saved earlier gets the latest moves
                    self._save_message()
                self.app.exit(return_code=1)

        question = _("Leave this game unfinished? (Press s first to save it.)")
        self.app.push_screen(ConfirmDialog(question, id="quit-dialog"), done)
