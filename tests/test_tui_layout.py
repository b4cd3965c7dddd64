"""The Textual table fits the terminal: the setup and the game over at 80×24 (every
control and button in sight), and the move list and the log reached and scrolled from
the keyboard, the focused one given more rows.

Bots are seeded local random players; sizes are the smallest terminal the table is laid
out for (80×24) and a common one (120×40).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, OptionList, Select, SelectionList, Static

from cuttle.tui import AppOptions, CuttleApp
from cuttle.tui.screens.dialogs import GameOverDialog
from cuttle.tui.screens.setup import SetupScreen
from cuttle.tui.widgets.table import MoveLog, SeatPanel
from tuiutil import (
    SMALL,
    in_tmp_dir,  # noqa: F401 (an autouse fixture: each test in its own folder)
    local_bot,
    settle,
)


def make_app(**options: Any) -> CuttleApp:
    """An app with bots answering at once."""
    return CuttleApp(AppOptions(bot_delay=0, **options), bot_factory=local_bot)


def in_sight(widget: Widget, size: tuple[int, int]) -> bool:
    """Whether all of ``widget`` is drawn inside the terminal."""
    region = widget.region
    return region.area > 0 and Region(0, 0, *size).contains_region(region)


@pytest.mark.parametrize("players", [2, 8])
async def test_every_setup_control_is_in_sight_at_80x24(players: int) -> None:
    app = make_app(rules="multiplayer", players=players)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        form = setup.query_one("#setup-form", VerticalScroll)
        assert form.max_scroll_y == 0  # nothing hidden below the fold
        controls: list[Widget] = [
            *setup.query(Select).results(Select),
            *setup.query(Input).results(Input),
            *setup.query(Checkbox).results(Checkbox),
            *setup.query(SelectionList).results(SelectionList),
            *setup.query(Button).results(Button),
        ]
        bots = [c for c in controls if "bot-select" in c.classes]
        assert len(bots) == players - 1  # one bot choice for every other seat
        outside = [c.id for c in controls if not in_sight(c, SMALL)]
        assert outside == []


async def test_the_game_over_of_eight_seats_fits_80x24() -> None:
    app = make_app(rules="multiplayer", players=8, seed=3, skip_setup=True)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("r", "y")  # resign: the game is over at once
        await settle(pilot)
        await pilot.pause()
        over = app.screen
        assert isinstance(over, GameOverDialog)
        box = over.query_one(".dialog", Vertical)
        assert in_sight(box, SMALL)
        parts = [
            over.query_one("#result", Static),
            over.query_one(".dialog-body", Static),
            *over.query(Button).results(Button),
        ]
        assert len(parts) == 2 + 5  # result, scores, rematch/review/save/table/quit
        for part in parts:
            assert box.region.contains_region(part.region), part
        text = str(over.query_one(".dialog-body", Static).render())
        for seat in range(8):  # every seat's points are in the dialog
            assert f"p{seat} " in text


def many_moves_app(size: tuple[int, int]) -> CuttleApp:
    """A standard game (a long log once played a while)."""
    return make_app(rules="standard", seed=11, skip_setup=True)


async def test_the_move_list_and_the_log_scroll_from_the_keyboard() -> None:
    app = many_moves_app(SMALL)
    async with app.run_test(size=SMALL) as pilot:
        t = await settle(pilot)
        for _ in range(12):  # a log longer than its panel
            await pilot.press("1", "enter")
            t = await settle(pilot)
        log = t.query_one("#log", MoveLog)
        moves = t.query_one("#move-list", OptionList)
        log_rows, move_rows = log.size.height, moves.size.height
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.press("l")  # the log: focused, and given more rows
        await pilot.pause()
        assert app.focused is log
        assert log.size.height > log_rows
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0
        await pilot.press("m")  # the move list: focused, given more rows, ↓ walks it
        await pilot.pause()
        assert app.focused is moves
        assert moves.size.height > move_rows
        assert moves.highlighted == 0
        await pilot.press("down", "down")
        await pilot.pause()
        assert moves.highlighted == 2


async def test_three_seats_at_80x24_are_drawn_as_cards() -> None:
    app = make_app(rules="multiplayer", players=3, seed=5, skip_setup=True)
    async with app.run_test(size=SMALL) as pilot:
        t = await settle(pilot)
        await pilot.pause()
        seats = list(t.query(SeatPanel).results(SeatPanel))
        assert len(seats) == 3
        # 2 × 7 framed rows do not fit the 80×24 board; unframed cards (5 rows) do
        assert [panel.mode for panel in seats] == ["bare", "bare", "bare"]
        for panel in seats:
            assert in_sight(panel, SMALL)
            assert panel.query_one(".seat-row").display  # the cards, not a line of text
