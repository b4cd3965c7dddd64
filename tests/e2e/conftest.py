"""Fixtures for the browser tests: a server process and headless chromium per module."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright
from webutil import ARGS, CHROMIUM, ServerProc


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A running server (bots answer after 50 ms)."""
    proc = ServerProc(tmp_path_factory.mktemp("e2e") / "data", bot_delay=0.05).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless chromium (run scripts/install-browser.sh first)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError("chromium is missing: run scripts/install-browser.sh")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()
