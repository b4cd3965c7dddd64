"""Helpers for the Textual Pilot tests: terminal sizes, a folder of one's own, seeded
local bots, waiting for the table to come to rest, and what the screen shows.

A test module imports :func:`in_tmp_dir` (an autouse fixture) to run every test in its
own folder, where finished games are saved to ./records.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from cuttle.tui import CuttleApp
from cuttle.tui.screens.table import TableScreen
from cuttle.tui.session import LocalRandomBot

SIZE = (120, 40)
"""A common terminal."""
SMALL = (80, 24)
"""The smallest terminal the table is laid out for."""


@pytest.fixture(autouse=True)
def in_tmp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test runs in its own folder: finished games are saved to ./records."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def local_bot(spec: str, seed: int | None) -> LocalRandomBot:
    """A seeded random bot that does not depend on cuttle.bots."""
    return LocalRandomBot(seed, name=spec)


async def settle(pilot: Pilot[Any]) -> TableScreen:
    """Wait until the bots are done and the human is asked (or the game is over)."""
    app = pilot.app
    assert isinstance(app, CuttleApp)
    for _ in range(200):
        await pilot.pause()
        t = app.table
        if t is None or t.bot_worker is not None:
            await app.workers.wait_for_complete()
            continue
        if t.session.human_to_act or t.session.is_over:
            return t
    raise AssertionError("the table did not come to rest")


def screen_text(app: Any) -> str:
    """The characters on the current screen."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
