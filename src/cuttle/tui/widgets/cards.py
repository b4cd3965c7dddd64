"""Cards drawn with box-drawing characters and Rich styles, and the card widgets.

Three sizes: a *face* (a hand card, 7×5), a *chip* (a card on the table, 6×3 plus one
line for each jack or joker lying on it) and a *fan* (a hand seen from across the table:
overlapping chips, faces or backs). Hearts and diamonds are red, clubs and spades black,
on a white card; a hidden card (``"??"``) is a blue back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget

from ..cardtext import (
    BACK,
    BORDER_COLOR,
    BORDERS,
    CHIP_WIDTH,
    FACE_WIDTH,
    HIDDEN,
    PAPER,
    card_text,
    ink,
    label,
    rank_text,
    suit_text,
)
from ..lang import _


def _border(state: str) -> tuple[tuple[str, ...], Style]:
    chars = BORDERS.get(state, BORDERS["plain"])
    color = BORDER_COLOR.get(state, BORDER_COLOR["plain"])
    return chars, Style(color=color, bgcolor=PAPER, bold=state != "plain")


def face_lines(name: str, state: str = "plain", mark: str = "") -> list[Text]:
    """A hand-sized card (7 wide, 5 high): rank top left, suit centre, rank bottom right;
    ``mark`` (one cell, e.g. the frozen mark) in the top right corner."""
    (tl, h, tr, v, bl, br), edge = _border(state)
    inner = FACE_WIDTH - 2
    top = Text(tl + h * inner + tr, style=edge)
    bottom = Text(bl + h * inner + br, style=edge)
    if name == HIDDEN:
        mid = [Text(v, style=edge) + Text("░" * inner, style=BACK) + Text(v, style=edge)] * 3
        return [top, *mid, bottom]
    face = Style(color=ink(name), bgcolor=PAPER, bold=True)
    r = rank_text(name)
    centre = "JOKER" if name.startswith("X") else suit_text(name).center(inner)
    rows = [r.ljust(inner), centre, r.rjust(inner)]
    mid = [Text(v, style=edge) + Text(row, style=face) + Text(v, style=edge) for row in rows]
    if mark:
        first = Text(r.ljust(inner - 1), style=face)
        first.append(mark[:1], style=Style(color=BORDER_COLOR["frozen"], bgcolor=PAPER, bold=True))
        mid[0] = Text(v, style=edge) + first + Text(v, style=edge)
    return [top, *mid, bottom]


def chip_lines(
    name: str, covers: Sequence[str] = (), state: str = "plain", mark: str = ""
) -> list[Text]:
    """A table-sized card (6 wide): its label, then one ``+J♣`` line per cover; ``mark``
    (one cell) at the right of the label."""
    (tl, h, tr, v, bl, br), edge = _border(state)
    inner = CHIP_WIDTH - 2
    rows: list[Text] = []
    if name == HIDDEN:
        rows.append(Text("░" * inner, style=BACK))
    elif mark:
        top_row = Text(label(name).center(inner - 1), style=Style(color=ink(name), bgcolor=PAPER))
        top_row.append(mark[:1], style=Style(color=BORDER_COLOR["frozen"], bgcolor=PAPER))
        rows.append(top_row)
    else:
        rows.append(Text(label(name).center(inner), style=Style(color=ink(name), bgcolor=PAPER)))
    for c in covers:
        row = Text("+", style=Style(color="grey30", bgcolor=PAPER))
        row.append_text(card_text(c, on_paper=True))
        row.pad_right(inner - row.cell_len, " ")
        row.stylize(Style(bgcolor=PAPER))
        rows.append(row)
    top = Text(tl + h * inner + tr, style=edge)
    bottom = Text(bl + h * inner + br, style=edge)
    return [top, *(Text(v, style=edge) + r + Text(v, style=edge) for r in rows), bottom]


def fan_lines(names: Sequence[str]) -> list[Text]:
    """A hand seen from across the table: overlapping chips (faces or backs), 3 high."""
    if not names:
        empty = _("empty")
        blank = " " * max(5, len(empty))
        return [Text(blank), Text(empty.ljust(5), style="dim italic"), Text(blank)]
    edge = Style(color="grey50", bgcolor=PAPER)
    top, mid, bottom = Text(), Text(), Text()
    for i, name in enumerate(names):
        last = i == len(names) - 1
        width = CHIP_WIDTH - 2 if last else 3
        top.append("╭" + "─" * width, style=edge)
        bottom.append("╰" + "─" * width, style=edge)
        mid.append("│", style=edge)
        if name == HIDDEN:
            mid.append("░" * width, style=BACK)
        else:
            mid.append(
                label(name).ljust(width)[:width], style=Style(color=ink(name), bgcolor=PAPER)
            )
        if last:
            top.append("╮", style=edge)
            bottom.append("╯", style=edge)
            mid.append("│", style=edge)
    return [top, mid, bottom]


def join_lines(lines: Sequence[Text]) -> Text:
    """Stack lines of text into one renderable."""
    return Text("\n").join(lines)


@dataclass(frozen=True)
class CardItem:
    """One card of a :class:`CardRow`: its name, what lies on it, and how it is marked."""

    card: str
    covers: tuple[str, ...] = ()
    state: str = "plain"
    """``plain``, ``playable``, ``selected``, ``target``, ``cursor``, ``last`` (the card
    that moved last) or ``frozen``."""
    mark: str = ""
    """A one-cell mark drawn on the card (the frozen mark), or ``""``."""

    @property
    def stack(self) -> tuple[str, ...]:
        """The card and everything lying on it."""
        return (self.card, *self.covers)


def row_lines(items: Sequence[CardItem], kind: str) -> list[Text]:
    """Cards side by side, one column apart, aligned at the top."""
    if not items:
        return [Text(""), Text("—", style="dim"), Text("")]
    drawn = [
        face_lines(it.card, it.state, it.mark)
        if kind == "face"
        else chip_lines(it.card, it.covers, it.state, it.mark)
        for it in items
    ]
    width = FACE_WIDTH if kind == "face" else CHIP_WIDTH
    height = max(len(d) for d in drawn)
    lines = []
    for y in range(height):
        line = Text()
        for i, d in enumerate(drawn):
            if i:
                line.append(" ")
            line.append_text(d[y] if y < len(d) else Text(" " * width))
        lines.append(line)
    return lines


def wrapped_lines(
    items: Sequence[CardItem], kind: str, per_line: int | None
) -> tuple[list[Text], list[tuple[int, int]]]:
    """Cards in lines of at most ``per_line``; also each line's ``(first row, height)``."""
    if not items or not per_line or per_line >= len(items):
        lines = row_lines(items, kind)
        return lines, [(0, len(lines))]
    out: list[Text] = []
    tops: list[tuple[int, int]] = []
    for start in range(0, len(items), per_line):
        block = row_lines(items[start : start + per_line], kind)
        tops.append((len(out), len(block)))
        out.extend(block)
    return out, tops


class CardRow(Widget):
    """A row of cards drawn as one widget, ``face`` (hand) or ``chip`` (table) sized.

    Clicking a card posts :class:`CardRow.Clicked` with its index.
    """

    DEFAULT_CSS = """
    CardRow { width: auto; height: auto; }
    """

    class Clicked(Message):
        """A card of the row was clicked."""

        def __init__(self, row: CardRow, index: int) -> None:
            """Carry the row and the index of the card."""
            super().__init__()
            self.row = row
            self.index = index

        @property
        def control(self) -> CardRow:
            """The row clicked."""
            return self.row

        @property
        def item(self) -> CardItem:
            """The card clicked."""
            return self.row.items[self.index]

    def __init__(
        self,
        kind: str = "chip",
        *,
        seat: int | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """An empty row of ``kind`` cards (at ``seat``'s place, for table cards)."""
        super().__init__(id=id, classes=classes)
        self.kind = kind
        self.seat = seat
        self.items: tuple[CardItem, ...] = ()
        self.per_line: int | None = None
        self._tops: list[tuple[int, int]] = [(0, 3)]

    @property
    def span(self) -> int:
        """Columns one card takes, with the gap after it."""
        return (FACE_WIDTH if self.kind == "face" else CHIP_WIDTH) + 1

    @property
    def cards(self) -> tuple[str, ...]:
        """The names of the cards shown."""
        return tuple(it.card for it in self.items)

    def show(self, items: Sequence[CardItem], per_line: int | None = None) -> None:
        """Draw ``items``, at most ``per_line`` cards a line (nothing happens if shown)."""
        items = tuple(items)
        if items != self.items or per_line != self.per_line or self.styles.width is None:
            self.items = items
            self.per_line = per_line
            lines, self._tops = wrapped_lines(items, self.kind, per_line)
            # Explicit sizes: Textual's auto width does not follow changes inside
            # containers that are themselves sized to their content.
            self.styles.width = max(line.cell_len for line in lines)
            self.styles.height = len(lines)
            self.refresh(layout=True)

    def render(self) -> Text:
        """The cards, side by side."""
        lines, _tops = wrapped_lines(self.items, self.kind, self.per_line)
        text = join_lines(lines)
        text.no_wrap = True
        return text

    def offset_of(self, index: int) -> Offset:
        """Where card ``index`` can be clicked, relative to the row."""
        per_line = self.per_line or max(1, len(self.items))
        line, column = divmod(index, per_line)
        return Offset(column * self.span + 2, self._tops[line][0] + 1)

    def index_at(self, x: int, y: int = 0) -> int | None:
        """The index of the card at column ``x`` of row ``y``, if any."""
        per_line = self.per_line or max(1, len(self.items))
        line = next((k for k, (top, h) in enumerate(self._tops) if top <= y < top + h), None)
        column, gap = divmod(x, self.span)
        index = (line or 0) * per_line + column
        if line is None or column >= per_line or gap == self.span - 1:
            return None
        return index if 0 <= index < len(self.items) else None

    def on_click(self, event: events.Click) -> None:
        """Tell the screen which card was clicked."""
        index = self.index_at(event.x, event.y)
        if index is not None:
            event.stop()
            self.post_message(self.Clicked(self, index))
