"""The seats at the table: each seat's heading and cards, drawn in full when they fit
and as text when they do not (so that every seat stays on screen).

Each panel is handed data computed from the human seat's view (see
:mod:`cuttle.tui.model`); none of them sees the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, Static

from ..cardtext import card_text, cards_text
from ..lang import _
from ..model import SeatData, seat_title
from .cards import CardItem, CardRow, fan_lines, join_lines


class SeatPanel(Vertical):
    """One seat: its heading, its hand (fanned, backs unless visible), points, royals, glasses.

    The human's own panel leaves the hand out (:class:`HandView` shows it).
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """An empty panel; :meth:`show` fills it."""
        super().__init__(id=id, classes=classes)
        self.data: SeatData | None = None
        self.targets: frozenset[str] = frozenset()
        self.last: str | None = None
        self.mode = "full"

    def compose(self) -> ComposeResult:
        """The heading and one line of card groups."""
        yield Static("", classes="seat-title")
        yield Static("", classes="seat-summary")
        with Horizontal(classes="seat-row"):
            with Vertical(classes="group hand-group"):
                yield Label(_("hand"), classes="group-label hand-label")
                yield Static("", classes="fan")
            for title in ("points", "royals", "glasses"):
                with Vertical(classes=f"group {title}-group"):
                    yield Label(group_title(title), classes=f"group-label {title}-label")
                    yield CardRow("chip", classes=f"field-row {title}-row")

    def set_mode(self, mode: str) -> None:
        """Draw the seat in ``mode`` (one of :data:`SEAT_MODES`) from now on."""
        if mode not in SEAT_MODES:
            raise ValueError(f"unknown seat mode {mode!r}")
        if mode == self.mode:
            return
        self.mode = mode
        self.set_class(mode == "bare", "-bare")
        self.set_class(mode == "compact", "-compact")
        self.set_class(mode == "line", "-line")
        data, self.data = self.data, None
        if data is not None:
            self.show(data, self.targets, self.last)

    def show(self, data: SeatData, targets: Iterable[str] = (), last: str | None = None) -> None:
        """Draw ``data``; stacks holding one of ``targets`` are highlighted, the stack
        holding ``last`` (the card that moved last) is marked."""
        wanted = frozenset(targets)
        if data == self.data and wanted == self.targets and last == self.last:
            return
        self.data = data
        self.targets = wanted
        self.last = last
        self.set_class(data.to_act, "-to-act")
        self.set_class(data.you, "-you")
        heading = seat_title(data)
        summary = seat_summary(data, wanted, last)
        self.query_one(".seat-summary", Static).update(summary)
        if self.mode == "line" and summary.plain:
            heading = heading.copy().append("  ").append_text(summary)
        self.query_one(".seat-title", Static).update(heading)
        hand_group = self.query_one(".hand-group", Vertical)
        backs_only = data.hidden == len(data.hand)
        compact = backs_only and self.app.size.width < COMPACT_WIDTH
        hand_group.display = not data.you and not compact
        if not data.you:
            self.query_one(".hand-label", Label).update(hand_label(data))
            self.query_one(".fan", Static).update(join_lines(fan_lines(data.hand)))
        self.query_one(".glasses-label", Label).update(glasses_label(data))
        groups: dict[str, list[tuple[str, tuple[str, ...]]]] = {
            "points": [(st.card, st.covers) for st in data.points],
            "royals": [(st.card, st.covers) for st in data.faces],
            "glasses": [(g, ()) for g in data.glasses],
        }
        for title, stacks in groups.items():
            row = self.query_one(f".{title}-row", CardRow)
            row.seat = data.seat
            row.show(
                [CardItem(c, covers, stack_state(c, covers, wanted, last)) for c, covers in stacks]
            )
        self.query_one(".glasses-group", Vertical).display = bool(data.glasses)
        narrow = self.app.size.width < COMPACT_WIDTH
        self.query_one(".royals-group", Vertical).display = bool(data.faces) or not narrow


SEAT_MODES = ("full", "bare", "compact", "line")
"""How a seat is drawn: its cards as cards in a frame (7 rows) or without one (5 rows),
as text under its heading (2 rows), or as text after its heading (1 row)."""

FULL_ROWS = 7
"""Rows a seat drawn in full takes (frame, heading, labels, cards)."""

BARE_ROWS = 5
"""Rows a seat drawn as cards without its frame takes (heading, labels, cards)."""


def seat_mode(rows: int, seats: int) -> str:
    """The way to draw ``seats`` seats in ``rows`` rows: as cards (framed, or without
    frames) if they all fit, else as text (two rows each, or one when even that does not
    fit).

    >>> seat_mode(14, 2), seat_mode(10, 2), seat_mode(9, 2), seat_mode(7, 7)
    ('full', 'bare', 'compact', 'line')
    """
    if seats * FULL_ROWS <= rows:
        return "full"
    if seats * BARE_ROWS <= rows:
        return "bare"
    return "compact" if seats * 2 <= rows else "line"


def seat_summary(data: SeatData, targets: frozenset[str], last: str | None) -> Text:
    """A seat's cards as one line of text (points, royals, glasses, a hand it shows),
    targets of the selected card reversed, the card that moved last underlined."""
    out = Text()
    groups: list[tuple[str, list[tuple[str, tuple[str, ...]]]]] = [
        ("points", [(st.card, st.covers) for st in data.points]),
        ("royals", [(st.card, st.covers) for st in data.faces]),
        ("glasses", [(g, ()) for g in data.glasses]),
    ]
    if not data.you and data.hidden < len(data.hand):
        groups.insert(0, ("hand", [(c, ()) for c in data.hand]))
    for title, stacks in groups:
        if not stacks:
            continue
        if out:
            out.append(" · ", style="dim")
        out.append(f"{group_title(title)} ", style="dim")
        for i, (c, covers) in enumerate(stacks):
            if i:
                out.append(" ")
            start = len(out)
            out.append_text(card_text(c))
            if covers:
                out.append("(")
                out.append_text(cards_text(covers))
                out.append(")")
            state = stack_state(c, covers, targets, last)
            if state != "plain":
                out.stylize("reverse" if state == "target" else "underline", start, len(out))
    return out


class OpponentsArea(VerticalScroll):
    """The other seats, drawn in full when they fit and as text when they do not, so
    that every seat stays on screen."""

    def on_resize(self, event: events.Resize) -> None:
        """Choose how the seats are drawn for the new height."""
        self.fit()

    def fit(self) -> None:
        """Draw the seats in full, compact or one-line form, whichever fits."""
        panels = list(self.query(SeatPanel).results(SeatPanel))
        if not panels or not self.size.height:
            return
        mode = seat_mode(self.size.height, len(panels))
        for panel in panels:
            panel.set_mode(mode)


def stack_state(card: str, covers: Sequence[str], targets: frozenset[str], last: str | None) -> str:
    """How a stack on the table is drawn: a target of the selected card, the card that
    moved last, or plain."""
    stack = {card, *covers}
    if targets & stack:
        return "target"
    return "last" if last is not None and last in stack else "plain"


def hand_label(data: SeatData) -> str:
    """The label over another seat's hand: its size, and whether you see it through
    glasses."""
    out = _("hand ({n})").format(n=len(data.hand))
    return out + " · " + _("your glasses show it") if data.seen_by_you else out


def glasses_label(data: SeatData) -> str:
    """The label over a seat's glasses: whose hands they show (``you`` for the viewer)."""
    if not data.sees:
        return _("glasses")
    seen = " ".join(_("you") if s == data.viewer else f"p{s}" for s in data.sees)
    return _("glasses: see {seats}").format(seats=seen)


def group_title(group: str) -> str:
    """The label of a group of a seat's cards (``hand``, ``points``, ``royals``,
    ``glasses``) in the current language."""
    titles = {
        "hand": _("hand"),
        "points": _("points"),
        "royals": _("royals"),
        "glasses": _("glasses"),
    }
    return titles.get(group, group)


COMPACT_WIDTH = 100
"""Terminal columns below which a hand of backs only is not drawn across the table (the
seat's heading tells its size)."""
