"""The table's actions in Textual's command palette (Ctrl+P): draw, pass, every move on
offer, hint, save, resign, rematch, review, the panels, help and quit.

:class:`TableCommands` is an app-level command provider (``CuttleApp.COMMANDS``): it
lists what the table screen can do now, from the human seat's legal moves and the state
of the game, so a player who forgot a key finds the action by its name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from .cardtext import move_label
from .lang import _
from .screens.table import TableScreen

Command = tuple[str, Callable[[], object], str]
"""A palette entry: its name, what it does, and a line of help."""


def table_commands(table: TableScreen) -> Iterator[Command]:
    """What the player may do at ``table`` now, as palette entries: draw or pass, the
    table's actions, then every other move on offer."""
    s = table.session
    legal = s.legal()
    if "draw" in legal:
        yield (
            _("Draw a card"),
            partial(table.play_move, "draw"),
            _("Take the top card (move {n}).").format(n=legal.index("draw") + 1),
        )
    if "pass" in legal:
        yield (
            _("Pass"),
            partial(table.play_move, "pass"),
            _("The deck is empty: pass (move {n}).").format(n=legal.index("pass") + 1),
        )
    if s.human_to_act:
        yield _("Hint"), table.action_hint, _("The moves with their estimated chances (h).")
    yield _("Save the record"), table.action_save, _("Write the game's record to a file (s).")
    if s.is_over:
        yield _("Rematch"), table.action_rematch, _("A new game with the seats moved on (n).")
        yield _("Review the game"), table.action_review, _("Step through it move by move (v).")
    else:
        yield _("Resign"), table.action_resign, _("Give up this game, after a question (r).")
    yield _("Filter the moves"), table.action_filter, _("Type words, ranks or suits (/).")
    yield _("Go to the move list"), table.action_focus_moves, _("Scroll it with ↑/↓ (m).")
    yield _("Go to the log"), table.action_focus_log, _("Scroll the game told in words (l).")
    yield _("Help"), table.action_help, _("Keys, panels and how to play (?).")
    yield _("Leave the table"), table.action_quit_table, _("Asks first while a game is on (q).")
    for number, move in enumerate(legal, start=1):
        if move not in ("draw", "pass"):
            told = _("Play move {n}: {move}").format(n=number, move=move_label(move).plain)
            yield told, partial(table.play_move, move), _("One of the moves on offer now.")


class TableCommands(Provider):
    """The table's actions for the command palette (see the module's text)."""

    def _table(self) -> TableScreen | None:
        screen = self.screen
        if isinstance(screen, TableScreen):
            return screen
        for below in self.app.screen_stack:
            if isinstance(below, TableScreen):
                return below
        return None

    async def discover(self) -> Hits:
        """Every action of the table, before anything is typed."""
        table = self._table()
        if table is None:
            return
        for name, callback, help_text in table_commands(table):
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """The table's actions whose names match ``query``."""
        table = self._table()
        if table is None:
            return
        matcher = self.matcher(query)
        for name, callback, help_text in table_commands(table):
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


__all__ = ["Command", "TableCommands", "table_commands"]
