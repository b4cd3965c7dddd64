"""Helpers for the browser tests: chromium, screenshots, frames and the hidden-card checks."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from srvutil import ServerProc, apply_line, check_no_hidden, full_game, visible_cards

from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.words import card_mentions

__all__ = ["ServerProc", "check_no_hidden"]  # re-exported from tests/server/srvutil

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

SHOTS = Path(os.environ.get("CUTTLE_SCREENSHOTS") or tempfile.mkdtemp(prefix="cuttle-shots-"))
"""Where the screenshots go: a temporary folder, or ``CUTTLE_SCREENSHOTS`` (``make
screenshots`` sets it to ``docs/screenshots``), so a test run leaves the tree clean."""


def _site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A running server (bots answer after 50 ms), one per test module."""
    proc = ServerProc(tmp_path_factory.mktemp("e2e") / "data", bot_delay=0.05).start()
    yield proc
    proc.stop()


def _browser() -> Iterator[Browser]:
    """Headless chromium (run scripts/install-browser.sh first), one per test module."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError("chromium is missing: run scripts/install-browser.sh")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def module_fixtures() -> tuple[Any, Any]:
    """The ``site`` and ``browser`` fixtures for one test module (assign them to module
    names of any spelling: ``site_fixture, browser_fixture = module_fixtures()``). A
    conftest.py here would clash with tests/server's under pytest's rootless imports."""
    return (
        pytest.fixture(scope="module", name="site")(_site),
        pytest.fixture(scope="module", name="browser")(_browser),
    )


def shot(page: Page, name: str, full_page: bool = True) -> None:
    """Save a screenshot of ``page`` as ``name`` in :data:`SHOTS`."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate(  # let the finite animations (a card arriving) end first
        """() => Promise.all(document.getAnimations()
            .filter((a) => a.effect.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => null)))"""
    )
    page.screenshot(path=str(SHOTS / name), full_page=full_page)


def watch_frames(page: Page) -> list[dict[str, Any]]:
    """Collect every websocket message the page receives."""
    frames: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_ws)
    return frames


def fast(ctx: BrowserContext) -> BrowserContext:
    """Show other seats' moves at once in ``ctx`` (the table's pace setting at 0 ms), with
    the experts' notation tools switched on ("Type moves": every legal move listed)."""
    ctx.add_init_script(
        "localStorage.setItem('cuttle.pace', '0'); localStorage.setItem('cuttle.expert', '1')"
    )
    return ctx


def words_of(msg: dict[str, Any]) -> list[str]:
    """The sentences of a state or event message (``said`` or ``text``)."""
    if msg["t"] == "event":
        return [msg["text"]]
    return list(msg.get("said") or [])


def check_words(
    server: ServerProc, gid: str, frames: list[dict[str, Any]], seat: int | None
) -> int:
    """Every card named in words (``"the Seven of Hearts"``, ``"7♥"``) in the frames is one
    ``seat`` may see by then; return how many sentences were checked."""
    start, moves = full_game(server, gid)
    games = [start.copy()]
    g = start
    for s, text in moves:
        apply_line(g, s, text)
        games.append(g.copy())
    checked = 0
    for msg in frames:
        if msg["t"] not in ("state", "event"):
            continue
        n = msg["n"]
        allowed = visible_cards(games[n], seat)
        if msg["t"] == "event":
            allowed |= visible_cards(games[n - 1], seat)
        else:  # the whole history: anything seen at any point up to n
            for k in range(n):
                allowed |= visible_cards(games[k], seat)
        for text in words_of(msg):
            named = {CARD_NAMES[c] for c in card_mentions(text)}
            leaked = named - allowed
            assert not leaked, f"seat {seat} was told of hidden {leaked} in {text!r}"
            checked += 1
    return checked


def no_horizontal_overflow(page: Page) -> None:
    """The page is no wider than the viewport."""
    extra = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert extra <= 0, f"the page overflows the viewport by {extra}px"


def api_post(page: Page, url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` as JSON to ``url`` from the page's session; the JSON answer."""
    result: dict[str, Any] = page.evaluate(
        """async ([url, body]) => {
            const csrf = document.querySelector('meta[name="csrf"]').content;
            const r = await fetch(url, {method: 'POST', body: JSON.stringify(body),
                headers: {'X-CSRF-Token': csrf, 'content-type': 'application/json'}});
            return {status: r.status, body: await r.json()};
        }""",
        [url, body],
    )
    assert result["status"] < 300, result
    return dict(result["body"])
