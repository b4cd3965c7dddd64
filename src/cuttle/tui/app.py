"""The Textual app behind ``cuttle play``: :class:`CuttleApp` and :func:`run_app`.

>>> app = CuttleApp({"rules": "standard", "seed": 1, "skip_setup": True})
>>> app.options.seed, app.options.bots
(1, ['random'])
"""

from __future__ import annotations

from textual.app import App

from .commands import TableCommands
from .lang import translate_bindings
from .options import AppOptions, coerce_options, resolve
from .screens.dialogs import ConfirmDialog
from .screens.setup import SetupScreen
from .screens.table import TableScreen
from .session import BotFactory, Session


class CuttleApp(App[None]):
    """Cuttle at a terminal table: the setup screen, then the table, dialogs and rematches.

    ``options`` is an :class:`~cuttle.tui.options.AppOptions` (or anything
    :func:`~cuttle.tui.options.coerce_options` accepts). With ``skip_setup`` the game is
    dealt at once; if those options cannot be played, the setup screen opens with the
    reason.
    """

    CSS_PATH = "cuttle.tcss"
    TITLE = "Cuttle"
    COMMANDS = App.COMMANDS | {TableCommands}

    def __init__(
        self,
        options: object | None = None,
        *,
        bot_factory: BotFactory | None = None,
        session: Session | None = None,
    ) -> None:
        """Create the app (nothing is dealt until it runs).

        ``bot_factory`` builds the bots from their specs (default:
        :func:`cuttle.tui.session.load_bot`); ``session`` sits down at a game already
        set up (a position to play on) instead of dealing.
        """
        super().__init__()
        translate_bindings(self)
        self.options: AppOptions = coerce_options(options)
        self.bot_factory = bot_factory
        self.session: Session | None = session

    def on_mount(self) -> None:
        """Sit at the given session, deal at once (``skip_setup``), or open the setup."""
        if self.session is not None:
            self.open_table(self.session)
        elif self.options.skip_setup:
            try:
                session = self.make_session(self.options)
            except ValueError as exc:
                self.open_setup(str(exc))
                return
            self.open_table(session)
        else:
            self.open_setup()

    def make_session(self, options: AppOptions) -> Session:
        """Deal the game ``options`` describe; :class:`ValueError` if they cannot be played."""
        rules, bots = resolve(options)
        return Session(
            rules,
            options.seat,
            bots,
            seed=options.seed,
            record=options.record,
            records_dir=options.records_dir,
            bot_factory=self.bot_factory,
            practice=options.practice,
            human=options.name,
        )

    def open_setup(self, error: str = "") -> None:
        """Show the setup screen (with ``error`` if the last options failed)."""
        self.push_screen(
            SetupScreen(self.options, self.make_session, error), callback=self._setup_done
        )

    def _setup_done(self, session: Session | None) -> None:
        if session is None:
            self.exit(return_code=0)
            return
        self.open_table(session)

    def open_table(self, session: Session) -> None:
        """Sit down at ``session``'s table."""
        self.session = session
        self.push_screen(TableScreen(session))

    async def action_table(self, action: str) -> None:
        """Keys the table's dialogs pass on: hint, save, resign, quit (see ``TABLE_KEYS``).

        A move dialog is closed first (``o`` opens it again); a yes/no question or the
        setup screen ignores them.
        """
        table = self.table
        if table is None or isinstance(self.screen, (ConfirmDialog, SetupScreen)):
            return
        if action != "save":
            await table.close_prompt()
        getattr(table, f"action_{action}")()

    async def action_quit(self) -> None:
        """Ctrl+Q: leave as ``q`` does, asking first while a game is on (from the setup
        screen at once; a yes/no question already open waits for its answer)."""
        table = self.table
        if table is None or isinstance(self.screen, SetupScreen):
            self.exit(return_code=0)
            return
        if isinstance(self.screen, ConfirmDialog):
            return
        await table.close_prompt()
        table.action_quit_table()

    @property
    def table(self) -> TableScreen | None:
        """The table screen, once a game is dealt."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        return None


def run_app(options: object | None = None) -> int:
    """Run the table in the terminal until the player quits; return the exit code.

    ``options``: rules, variants, players, seat, seed, bots (one spec per other seat, or
    one for all), record path, ``skip_setup`` (see :class:`AppOptions`). Returns 0 when
    the player left after a finished game (or from the setup), 1 when they left a game
    unfinished.
    """
    app = CuttleApp(options)
    app.run()
    return app.return_code or 0
