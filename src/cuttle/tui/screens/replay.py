"""Step through a game move by move, in words: the review after a game, and
``cuttle replay RECORD --tui``.

:class:`ReplayScreen` shows one moment of the game at a time as one seat saw it (or as a
spectator): the move just made told in words, every seat's points toward its goal and
cards on the table, the deck and the scrap, and the whole game as a numbered list of
sentences with the current move highlighted. ←/→ step back and forth, Home/End go to the
deal and to the end, ↑/↓ in the list jump to any move. Only what that seat could see at
that moment is shown: each frame is the table's position for that seat, replayed from
the deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from cuttle.engine.game import Game
from cuttle.engine.history import events_of
from cuttle.table import Seat, Table

from ..cardtext import cards_text, sentence_label
from ..lang import N_, _, translate_bindings
from ..model import result_text, seat_data, seat_title, status_lines
from ..widgets.seats import seat_summary

View = dict[str, Any]


@dataclass(frozen=True)
class Frame:
    """One moment of the game: the position as the viewer saw it, and the move (its
    seat and its sentence) that led there (``None`` for the deal)."""

    view: View
    seat: int | None
    sentence: str | None


def replay_frames(table: Table, viewer: int | None) -> list[Frame]:
    """The deal and the position after every event of ``table``'s history, as ``viewer``
    (a seat, or ``None`` for a spectator) saw each, with each event told in words."""
    game = table.game
    start: Any = game.start_deck if game.start_deck is not None else game.start_position
    if start is None:  # pragma: no cover - every game has a deck or a starting position
        raise ValueError(_("the game has no recorded start"))
    told = table.sentences(viewer)
    again = Table.from_events(table.rules, start, (), table.seats, table.practice)
    frames = [Frame(again.position(viewer), None, None)]
    for event, sentence in zip(table.history, told, strict=True):
        again.apply(event)
        frames.append(Frame(again.position(viewer), getattr(event, "seat", None), sentence))
    return frames


class ReplayScreen(Screen[None]):
    """A finished (or recorded) game, one move at a time (see the module's text)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Back"), priority=True),
        Binding("right", "step(1)", N_("Forward"), priority=True),
        Binding("home", "go('start')", N_("Deal"), priority=True),
        Binding("end", "go('end')", N_("End"), priority=True),
        Binding("escape,q", "close", N_("Close")),
    ]

    def __init__(self, table: Table, *, viewer: int | None, names: Sequence[str]) -> None:
        """Review ``table``'s game as ``viewer`` saw it (``None``: a spectator), the seats
        called by ``names``; it opens at the end of the game."""
        super().__init__(id="replay")
        translate_bindings(self)
        self.rules = table.rules
        self.viewer = viewer
        self.names = list(names)
        self.frames = replay_frames(table, viewer)
        self.at = len(self.frames) - 1

    def compose(self) -> ComposeResult:
        """Where we are, the table at that moment, the game in words, the keys."""
        yield Header(show_clock=False)
        with Vertical(id="replay-body"):
            yield Static("", id="replay-where")
            yield Static("", id="replay-table")
            yield OptionList(id="replay-log", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        """Fill the list of moves and show the end of the game."""
        moves = self.query_one("#replay-log", OptionList)
        options = [Option(Text("  0. ", style="dim").append(_("The deal")), id="ply-0")]
        for ply, frame in enumerate(self.frames[1:], start=1):
            told = sentence_label(frame.sentence or "")
            line = Text(f"{ply:>3}. ", style="dim").append_text(told)
            options.append(Option(line, id=f"ply-{ply}"))
        moves.add_options(options)
        self.title = _("Review")
        self.show_frame(self.at)
        moves.focus()

    # ------------------------------------------------------------------ drawing

    def show_frame(self, at: int) -> None:
        """Show the moment after move ``at`` (0: the deal)."""
        self.at = max(0, min(at, len(self.frames) - 1))
        frame = self.frames[self.at]
        last = len(self.frames) - 1
        self.sub_title = _("move {at} of {last}").format(at=self.at, last=last)
        self.query_one("#replay-where", Static).update(self.where_text(frame, last))
        self.query_one("#replay-table", Static).update(self.table_text(frame.view))
        moves = self.query_one("#replay-log", OptionList)
        if moves.highlighted != self.at:
            moves.highlighted = self.at

    def where_text(self, frame: Frame, last: int) -> Text:
        """The line on top: which move this is, and the move in words."""
        if frame.sentence is None:
            head = _("The deal (move 0 of {last}).").format(last=last)
            return Text(head, style="bold")
        out = Text(_("Move {at} of {last}:").format(at=self.at, last=last) + " ", style="bold")
        return out.append_text(sentence_label(frame.sentence))

    def table_text(self, view: View) -> Text:
        """Every seat (points toward the goal, cards on the table) and the piles."""
        you = self.viewer if self.viewer is not None else -1
        seats = len(view["hands"])
        # two rows a seat where they fit (about half the screen), else one
        one_row = seats * 2 + 4 > self.app.size.height // 2
        out = Text()
        for seat in range(seats):
            data = seat_data(view, seat, rules=self.rules, names=self.names, you=you)
            line = seat_title(data)
            summary = seat_summary(data, frozenset(), None)
            if data.you and data.hand:
                mine = Text(_("your hand") + " ", style="dim").append_text(cards_text(data.hand))
                summary = mine.append(" · ", style="dim").append_text(summary) if summary else mine
            out.append_text(line)
            if summary:
                out.append("  " if one_row else "\n    ").append_text(summary)
            out.append("\n")
        for line in status_lines(view, rules=self.rules, names=self.names, you=-1):
            out.append_text(line).append("\n")
        if view.get("winner") is not None and self.viewer is not None:
            out.append(result_text(view, self.viewer), style="bold")
        out.rstrip()
        return out

    # ------------------------------------------------------------------ keys

    def action_step(self, step: int) -> None:
        """One move back (-1) or forward (1)."""
        self.show_frame(self.at + step)

    def action_go(self, where: str) -> None:
        """To the deal (``start``) or the end (``end``)."""
        self.show_frame(0 if where == "start" else len(self.frames) - 1)

    @on(OptionList.OptionHighlighted, "#replay-log")
    def _picked(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_index != self.at:
            self.show_frame(event.option_index)

    def action_close(self) -> None:
        """Back to where the review was opened from."""
        self.dismiss(None)


class ReplayApp(App[None]):
    """``cuttle replay --tui``: one :class:`ReplayScreen`, closing it quits."""

    CSS_PATH = "../cuttle.tcss"
    TITLE = "Cuttle"

    def __init__(self, table: Table, *, viewer: int | None, names: Sequence[str]) -> None:
        """Review ``table``'s game as ``viewer`` saw it."""
        super().__init__()
        self.replay = ReplayScreen(table, viewer=viewer, names=names)

    def on_mount(self) -> None:
        """Open the review; closing it ends the app."""
        self.push_screen(self.replay, callback=lambda _done: self.exit())


def run_replay(table: Table, viewer: int | None, names: Sequence[str]) -> None:
    """Step through ``table``'s game in the terminal until the reader closes it."""
    ReplayApp(table, viewer=viewer, names=names).run()


def game_table(game: Game, names: Sequence[str] | None = None, every_card: bool = False) -> Table:
    """A table holding a recorded ``game`` (its seats called ``names``, when there is
    one for each), every hand face up with ``every_card``."""
    start: Any = game.start_deck if game.start_deck is not None else game.start_position
    if start is None:  # pragma: no cover - every game has a deck or a starting position
        raise ValueError(_("the game has no recorded start"))
    if names is None or len(names) != game.n:
        names = [f"p{s}" for s in range(game.n)]
    seats = [Seat(name) for name in names]
    return Table.from_events(game.rules, start, events_of(game), seats, every_card)


def run_game_replay(game: Game, viewer: int | str | None, names: Sequence[str] | None) -> None:
    """``cuttle replay RECORD --tui``: step through ``game`` as ``viewer`` saw it (a
    seat, ``None`` for a spectator, ``"all"`` for every card)."""
    table = game_table(game, names, every_card=viewer == "all")
    seat = viewer if isinstance(viewer, int) else None
    names = [s.name for s in table.seats]
    run_replay(table, seat, names)


__all__ = [
    "Frame",
    "ReplayApp",
    "ReplayScreen",
    "game_table",
    "replay_frames",
    "run_game_replay",
    "run_replay",
]
