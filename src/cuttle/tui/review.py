"""The terminal review of a game (``cuttle analyse RECORD --tui``): every ply with its
chance and mark, a sparkline of the first seat's win chance and the accuracies.

:class:`ReviewApp` shows a :class:`~cuttle.analysis.GameReview`: a table of the plies (the
game in words, the chance before and after, the mark), the chance graph as a Textual
sparkline with its Unicode line under it, and the selected ply told in full with the best
move when it was marked. ``n`` and ``p`` jump to the next and previous marked ply.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Sparkline, Static

from cuttle.analysis import GameReview, PlyReview
from cuttle.analysis.review import SPARK_WIDTH, decimal, mark_label, mark_symbol, sparkline
from cuttle.i18n import Domain

A = Domain("analysis")
_ = A.gettext


def _percent(chance: float) -> str:
    return _("{percent}%").format(percent=round(chance * 100))


def ply_detail(p: PlyReview, sentence: str, name: str) -> str:
    """The selected ply told in full: who moved, what, the chances, the verdict."""
    lines = [_("Ply {ply}, {name}: {sentence}").format(ply=p.ply, name=name, sentence=sentence)]
    if p.forced:
        lines.append(_("The only legal move (not judged)."))
    elif not p.judged:
        lines.append(_("Not judged."))
    else:
        lines.append(
            _("Win chance {before} before, {after} after; loss {loss} points.").format(
                before=_percent(p.before), after=_percent(p.after), loss=decimal(p.loss)
            )
        )
        if p.mark is not None and p.best is not None:
            lines.append(
                _("{mark}: the best move was {best} ({chance}).").format(
                    mark=mark_label(p.mark), best=p.best, chance=_percent(p.best_chance)
                )
            )
    return "\n".join(lines)


def summary_text(review: GameReview) -> str:
    """Each player's accuracy and marks on one line each."""
    return "\n".join(review.summary())


class ReviewApp(App[None]):
    """Browse a game review in the terminal (see the module's text)."""

    CSS = """
    #summary { height: auto; padding: 0 1; }
    #graph { height: 3; margin: 0 1; }
    #sparkline-text { height: 1; padding: 0 1; }
    #plies { height: 1fr; }
    #detail { height: auto; min-height: 3; padding: 0 1; border-top: solid $accent; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "next_mark", show=False),
        Binding("p", "previous_mark", show=False),
        Binding("q", "quit", show=False),
    ]

    def __init__(self, review: GameReview, sentences: Sequence[str]) -> None:
        """Show ``review``; ``sentences`` tells each ply in words (one per ply)."""
        super().__init__()
        if len(sentences) != len(review.plies):
            raise ValueError(
                f"{len(sentences)} sentences for a review of {len(review.plies)} plies"
            )
        self.review = review
        self.sentences = list(sentences)
        self.title = _("Review of {players}").format(players=", ".join(review.players))

    def compose(self) -> ComposeResult:
        """The summary, the graph, the plies' table, the selected ply and the keys."""
        review = self.review
        with Vertical():
            yield Static(summary_text(review), id="summary")
            yield Sparkline(list(review.series), id="graph")
            yield Static(
                _("Win chance of {name}: {sparkline}").format(
                    name=review.players[0], sparkline=sparkline(review.series, SPARK_WIDTH)
                ),
                id="sparkline-text",
            )
            yield DataTable(id="plies", cursor_type="row", zebra_stripes=True)
            yield Static("", id="detail")
            yield Static(_("↑↓ choose a ply · n next mark · p previous mark · q quit"), id="keys")

    def on_mount(self) -> None:
        """Fill the table and select the first marked ply (or the first)."""
        table: DataTable[str] = self.query_one("#plies", DataTable)
        table.add_columns("#", _("Player"), _("Chance"), _("Mark"), _("Move"))
        for p, sentence in zip(self.review.plies, self.sentences, strict=True):
            if p.forced:
                chance = _percent(p.after)
            else:
                chance = f"{_percent(p.before)} → {_percent(p.after)}"
            mark = f"{mark_symbol(p.mark)} {mark_label(p.mark)}" if p.mark else ""
            table.add_row(str(p.ply), self.review.players[p.seat], chance, mark, sentence)
        marked = self._marked()
        table.move_cursor(row=marked[0] if marked else 0)
        self._show(table.cursor_row)
        table.focus()

    def _marked(self) -> list[int]:
        return [i for i, p in enumerate(self.review.plies) if p.mark is not None]

    def _show(self, row: int) -> None:
        if not 0 <= row < len(self.review.plies):
            return
        p = self.review.plies[row]
        text = ply_detail(p, self.sentences[row], self.review.players[p.seat])
        self.query_one("#detail", Static).update(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Tell the highlighted ply in full."""
        self._show(event.cursor_row)

    def _jump(self, step: int) -> None:
        table: DataTable[str] = self.query_one("#plies", DataTable)
        here = table.cursor_row
        marked = self._marked()
        ahead = [i for i in marked if (i - here) * step > 0]
        if ahead:
            table.move_cursor(row=ahead[0] if step > 0 else ahead[-1])

    def action_next_mark(self) -> None:
        """Select the next marked ply."""
        self._jump(1)

    def action_previous_mark(self) -> None:
        """Select the previous marked ply."""
        self._jump(-1)


def run_review(review: GameReview, sentences: Sequence[str]) -> None:
    """Open the terminal review of ``review`` until the user quits."""
    ReviewApp(review, sentences).run()


__all__ = ["ReviewApp", "ply_detail", "run_review", "summary_text"]
