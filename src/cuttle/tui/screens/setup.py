"""The setup screen: rule set, variants, seats, your seat, a bot for every other seat, seed.

It dismisses with a ready :class:`~cuttle.tui.session.Session` (or ``None`` to quit);
bad choices are reported on the screen and nothing starts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Header,
    Input,
    Label,
    Select,
    SelectionList,
    Static,
)
from textual.widgets.selection_list import Selection

from cuttle.bots.ladder import rating_of
from cuttle.engine.rules import PRESETS, VARIANTS, RuleSet

from ..lang import N_, _, engine_text, translate_bindings
from ..options import BOT_CHOICES, AppOptions
from ..session import Session

SessionMaker = Callable[[AppOptions], Session]
"""Deals the game some options describe (raising :class:`ValueError` if it cannot)."""


SHORT_HEIGHT = 32
"""Terminal rows below which the form is drawn compact (every control one row high)."""


BOT_PAUSES: tuple[float, ...] = (0.0, 0.3, 0.6, 1.0, 2.0)
"""Pauses between two bot moves the setup screen offers, in seconds."""


def pause_options(current: float) -> list[tuple[str, float]]:
    """The choices of the bot pause, ``current`` among them.

    >>> [label for label, _ in pause_options(0.6)]
    ['none', '0.3 s', '0.6 s', '1 s', '2 s']
    """
    values = sorted({*BOT_PAUSES, max(0.0, float(current))})
    return [(_("none") if v == 0 else _("{seconds} s").format(seconds=f"{v:g}"), v) for v in values]


def bot_label(spec: str) -> str:
    """A bot choice as the setup lists it: a ladder level with its measured rating
    (``medium (1500)``, docs/strength.md "The ladder"), any other spec as it is."""
    rated = rating_of(spec)
    if rated is None:
        return spec
    return _("{bot} ({rating})").format(bot=spec, rating=rated.rating)


def parse_seed(text: str) -> int | str | None:
    """A seed from the seed box: blank is ``None`` (a fresh shuffle), digits an ``int``.

    >>> parse_seed(" 42 "), parse_seed(""), parse_seed("friday")
    (42, None, 'friday')
    """
    text = text.strip()
    if not text:
        return None
    return int(text) if text.isdigit() else text


class SetupScreen(Screen[Session | None]):
    """Choose the game to play, then Start (Enter on Start, or Ctrl+S).

    The form opens at its top; Start and Quit stay at the bottom of the screen however
    far the form is scrolled.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start"), priority=True),
        Binding("escape", "quit_setup", N_("Quit")),
    ]

    def __init__(self, options: AppOptions, make_session: SessionMaker, error: str = "") -> None:
        """Start from ``options``; ``make_session`` deals (or raises :class:`ValueError`).

        ``error`` is shown when the last attempt failed.
        """
        super().__init__(id="setup")
        translate_bindings(self)
        self.options = options
        self.make_session = make_session
        self.error = error
        rules = options.rules
        players: int | None
        if isinstance(rules, RuleSet):
            preset, players, variants = rules.name, rules.players, rules.variants
        else:
            preset, players, variants = str(rules), options.players, options.variants
        if preset not in PRESETS:
            preset, players = "standard", None
        base = PRESETS[preset]
        self.preset = preset
        self.start_players = (
            players if players and base.min_players <= players <= base.max_players else base.players
        )
        self.start_variants = set(variants)
        self.bot_choice: dict[int, str] = {}
        self._bots_for: tuple[int, int] | None = None
        self._seat_count = 0

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        """The form."""
        opts = self.options
        base = PRESETS[self.preset]
        players = self.start_players
        yield Header(show_clock=False)
        with VerticalScroll(id="setup-form"):
            yield Static(_("Set up a game of Cuttle"), classes="setup-title")
            with Horizontal(classes="setup-row"):
                yield Label(_("Rule set"), classes="setup-label")
                yield Select(
                    [(name, name) for name in PRESETS],
                    value=self.preset,
                    allow_blank=False,
                    id="rules",
                )
            yield Static(engine_text(base.description), id="rules-description")
            with Horizontal(classes="setup-row"):
                yield Label(_("Players"), classes="setup-label")
                yield Select(
                    self._player_options(base),
                    value=players,
                    allow_blank=False,
                    id="players",
                )
                yield Label(_("Your seat"), classes="setup-label")
                yield Select(
                    self._seat_options(players),
                    value=opts.seat if 0 <= opts.seat < players else 0,
                    allow_blank=False,
                    id="seat",
                )
            with Horizontal(classes="setup-row"):
                yield Label(_("Seed"), classes="setup-label")
                yield Input(
                    "" if opts.seed is None else str(opts.seed),
                    placeholder=_("blank: a fresh shuffle"),
                    id="seed",
                )
                yield Label(_("Bot pause"), classes="setup-label")
                yield Select(
                    pause_options(opts.bot_delay),
                    value=max(0.0, float(opts.bot_delay)),
                    allow_blank=False,
                    id="bot-pause",
                )
            yield Checkbox(_("Practice round: every hand face up"), opts.practice, id="practice")
            yield Label(_("Opponents (bot level for each other seat)"), classes="setup-section")
            yield Vertical(id="bots")
            yield Label(_("Variants (two-player rule sets)"), classes="setup-section")
            yield SelectionList[str](
                *(
                    Selection(f"{name}: {engine_text(text)}", name, name in self.start_variants)
                    for name, text in VARIANTS.items()
                ),
                id="variants",
            )
        error = Static(self.error, id="setup-error")
        error.display = bool(self.error)  # no blank line above the buttons
        yield error
        with Horizontal(classes="setup-buttons"):
            yield Button(_("Start"), id="start", variant="primary")
            yield Button(_("Quit"), id="quit", variant="error")
        yield Footer()

    @property
    def short(self) -> bool:
        """Whether the terminal is short (80×24): every control drawn in one row."""
        return self.app.size.height < SHORT_HEIGHT

    def on_resize(self, event: events.Resize) -> None:
        """Fit the form to the terminal's height."""
        self._fit()

    def _fit(self) -> None:
        """On a short terminal draw every control without frames and the bots two to a
        row, so that the whole form and its buttons fit 80×24 without scrolling."""
        short = self.short
        self.set_class(short, "-short")
        for select in self.query(Select).results(Select):
            select.compact = short
        for box in self.query(Input).results(Input):
            box.compact = short
        for button in self.query(Button).results(Button):
            button.compact = short
        self.query_one("#practice", Checkbox).compact = short
        self.query_one("#variants", SelectionList).compact = short

    async def on_mount(self) -> None:
        """Fill the bot choices and focus Start."""
        self._seat_count = self._players()
        specs = [s for s in self.options.bots if s] or ["random"]
        others = [s for s in range(self._players()) if s != self._seat()]
        for i, seat in enumerate(others):
            self.bot_choice[seat] = specs[i] if i < len(specs) else specs[-1]
        await self._fill_bots()
        self._fit()
        self.set_focus(self.query_one("#start", Button))
        self.query_one("#setup-form", VerticalScroll).scroll_home(animate=False)

    @staticmethod
    def _player_options(base: RuleSet) -> list[tuple[str, int]]:
        return [(str(k), k) for k in range(base.min_players, base.max_players + 1)]

    @staticmethod
    def _seat_options(players: int) -> list[tuple[str, int]]:
        return [(f"p{s}" + (" " + _("(first)") if s == 0 else ""), s) for s in range(players)]

    def _players(self) -> int:
        value = self.query_one("#players", Select).value
        return int(value) if isinstance(value, int) else PRESETS[self.preset].players

    def _seat(self) -> int:
        value = self.query_one("#seat", Select).value
        return int(value) if isinstance(value, int) else 0

    async def _fill_bots(self) -> None:
        key = (self._players(), self._seat())
        if key == self._bots_for:
            return
        self._bots_for = key
        box = self.query_one("#bots", Vertical)
        self._remember_bots()
        await box.remove_children()
        rows = []
        for seat in range(self._players()):
            if seat == self._seat():
                continue
            spec = self.bot_choice.get(seat, "random")
            choices = list(BOT_CHOICES) if spec in BOT_CHOICES else [spec, *BOT_CHOICES]
            row = Horizontal(
                Label(f"p{seat}", classes="setup-label"),
                Select(
                    [(bot_label(c), c) for c in choices],
                    value=spec,
                    allow_blank=False,
                    id=f"bot-{seat}",
                    classes="bot-select",
                    compact=self.short,
                ),
                classes="setup-row",
            )
            rows.append(row)
        await box.mount_all(rows)

    # ------------------------------------------------------------------ changes

    @on(Select.Changed, "#rules")
    async def _rules_changed(self, event: Select.Changed) -> None:
        if event.value == self.preset:
            return
        self.preset = str(event.value)
        base = PRESETS[self.preset]
        self.query_one("#rules-description", Static).update(engine_text(base.description))
        players = self.query_one("#players", Select)
        players.set_options(self._player_options(base))
        players.value = base.players
        await self._players_changed_to(base.players)

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            await self._players_changed_to(event.value)

    async def _players_changed_to(self, n: int) -> None:
        seat = self.query_one("#seat", Select)
        old = self._seat()
        if self._seat_count != n:
            self._seat_count = n
            seat.set_options(self._seat_options(n))
            seat.value = old if old < n else 0
        await self._fill_bots()

    @on(Select.Changed, "#seat")
    async def _seat_changed(self, event: Select.Changed) -> None:
        await self._fill_bots()

    def _remember_bots(self) -> None:
        for select in self.query(".bot-select").results(Select):
            if select.id and isinstance(select.value, str):
                self.bot_choice[int(select.id[4:])] = select.value

    # ------------------------------------------------------------------ start

    def chosen_options(self) -> AppOptions:
        """The options as the form stands."""
        n = self._players()
        seat = self._seat()
        self._remember_bots()
        bots = [self.bot_choice.get(s, "random") for s in range(n) if s != seat]
        variants = tuple(self.query_one("#variants", SelectionList).selected)
        base = self.options
        pause = self.query_one("#bot-pause", Select).value
        return AppOptions(
            rules=self.preset,
            variants=variants,
            players=n,
            seat=seat,
            seed=parse_seed(self.query_one("#seed", Input).value),
            bots=bots,
            record=base.record,
            records_dir=base.records_dir,
            bot_delay=float(pause) if isinstance(pause, (int, float)) else base.bot_delay,
            practice=self.query_one("#practice", Checkbox).value,
            hint_seconds=base.hint_seconds,
            auto_resolve=base.auto_resolve,
            name=base.name,
        )

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Deal the game, or show why the options cannot be played."""
        options = self.chosen_options()
        try:
            session = self.make_session(options)
        except ValueError as exc:
            error = self.query_one("#setup-error", Static)
            error.update(_("Cannot start: {error}").format(error=exc))
            error.display = True
            return
        self.options = options
        self.dismiss(session)

    @on(Button.Pressed, "#quit")
    def action_quit_setup(self) -> None:
        """Leave without playing."""
        self.dismiss(None)
