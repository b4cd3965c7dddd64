"""Helpers for the browser tests: chromium, screenshots, frames and the hidden-card checks."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from srvutil import Client, ServerProc, apply_line, check_no_hidden, full_game, visible_cards

from cuttle import new_game
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


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

FORGET_AFTER = 0.2
"""Seconds a forgetful server (``module_fixtures(forget=True)``) keeps a game nobody
watches, so a deck stacked in the database before the join is read."""


def _site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A running server (bots answer after 50 ms), one per test module."""
    proc = ServerProc(tmp_path_factory.mktemp("e2e") / "data", bot_delay=0.05).start()
    yield proc
    proc.stop()


def _forgetful_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A running server (bots answer after 50 ms) that soon forgets games nobody opened."""
    data = tmp_path_factory.mktemp("e2e") / "data"
    proc = ServerProc(data, bot_delay=0.05, env={"CUTTLE_FORGET_AFTER": str(FORGET_AFTER)})
    yield proc.start()
    proc.stop()


def _browser() -> Iterator[Browser]:
    """Headless chromium (run scripts/install-browser.sh first), one per test module."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError("chromium is missing: run scripts/install-browser.sh")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def module_fixtures(forget: bool = False) -> tuple[Any, Any]:
    """The ``site`` and ``browser`` fixtures for one test module (assign them to module
    names of any spelling: ``site_fixture, browser_fixture = module_fixtures()``); with
    ``forget`` the server forgets unwatched games after :data:`FORGET_AFTER` seconds. A
    conftest.py here would clash with tests/server's under pytest's rootless imports."""
    return (
        pytest.fixture(scope="module", name="site")(_forgetful_site if forget else _site),
        pytest.fixture(scope="module", name="browser")(_browser),
    )


def settle(page: Page) -> None:
    """Wait until every card has arrived (no travel or arrival animation running: the
    finite animations end; a looping one, "thinking…", is left running)."""
    page.evaluate(
        """() => Promise.all(document.getAnimations()
            .filter((a) => a.effect.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => null)))"""
    )


def shot(page: Page, name: str, full_page: bool = True) -> None:
    """Save a screenshot of ``page`` as ``name`` in :data:`SHOTS` (its cards settled)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
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


def signed_in(
    browser: Browser, site: ServerProc, client: Client, viewport: dict[str, int]
) -> BrowserContext:
    """A browser context of size ``viewport`` holding ``client``'s session."""
    ctx = browser.new_context(viewport=viewport)
    ctx.add_cookies(
        [{"name": k, "value": v, "url": site.url} for k, v in client.http.cookies.items()]
    )
    return ctx


def violations(page: Page, impacts: tuple[str, ...] = ()) -> list[str]:
    """Every axe-core finding on ``page`` (only those of ``impacts`` where given)."""
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in results.response["violations"]
        if not impacts or v["impact"] in impacts
    ]


def serious(page: Page) -> list[str]:
    """The serious and critical axe-core findings on ``page``."""
    return violations(page, ("serious", "critical"))


def small_targets(page: Page) -> list[str]:
    """Every visible link, button, field and menu on ``page`` smaller than 44 × 44 px (a
    checkbox or radio button by the label that holds it: tapping the label ticks it)."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('a, button, select, input, summary, textarea')]
        .filter((e) => e.checkVisibility() && !e.closest('.sr, .skip'))
        .map((e) => (e.type === 'checkbox' || e.type === 'radio') && e.closest('label')
          ? e.closest('label') : e)
        .map((e) => { const r = e.getBoundingClientRect();
          const name = e.tagName + '#' + (e.id || e.textContent.trim().slice(0, 24));
          return [name, r.width, r.height]; })
        .filter(([, w, h]) => w < 44 || h < 44)
        .map(([name, w, h]) => `${name} ${Math.round(w)}x${Math.round(h)}`)"""
    )
    return found


def my_turn_or_over(page: Page, timeout: float = 20000) -> bool:
    """Wait until the page offers moves or the game is over; return whether it is over."""
    page.wait_for_function(
        "() => document.querySelector('#all-moves') || "
        "document.getElementById('status-line').textContent.startsWith('Game over')",
        timeout=timeout,
    )
    return page.locator("#status-line").inner_text().startswith("Game over")


def two_seat_deck(p0: list[str], p1: list[str]) -> list[str]:
    """A standard deck dealing ``p0`` (5 cards) to seat 0 and ``p1`` (6) to seat 1."""
    rest = [c for c in CARD_NAMES if c[0] != "X" and c not in p0 and c not in p1]
    deck = [card for pair in zip(p0, p1[:5], strict=True) for card in pair] + [p1[5], *rest]
    hands = new_game("standard", deck=deck).to_json()["hands"]
    assert sorted(hands[0]) == sorted(p0) and sorted(hands[1]) == sorted(p1), hands
    return deck


THREE_JACKS = {
    "hands": [["7S"], ["??"]],
    "fields": [
        {
            "points": [{"card": "7H", "jacks": [{"card": c, "to": 0} for c in ("JC", "JD", "JS")]}],
            "faces": [],
            "glasses": [],
        },
        {"points": [], "faces": [], "glasses": []},
    ],
    "deck": ["??"],
    "scrap": [],
    "pending": None,
    "revealed": [],
    "to_act": 0,
    "turn": 0,
    "winner": None,
    "phase": "main",
}
"""A position where three jacks sit on one point card (seat 0 took it thrice)."""


def set_deck(site: ServerProc, gid: str, deck: list[str]) -> None:
    """Stack a new game's deck in the database before anyone opens its table, and wait
    until a forgetful server (``module_fixtures(forget=True)``) has forgotten the copy it
    held since creation (it reads the game again, stacked, on the join)."""
    with site.db() as db:
        db.execute("update games set deck = ? where id = ?", (" ".join(deck), gid))
    time.sleep(5 * FORGET_AFTER)


def versus_random_bot(page: Page, site: ServerProc) -> str:
    """Open a new game against the random bot on ``page``, with drawing offered."""
    page.goto(site.url + "/")
    gid = str(api_post(page, "/api/quickplay", {"level": "random"})["id"])
    page.goto(f"{site.url}/g/{gid}")
    page.wait_for_selector("#deck.playable")
    return gid


def drawn_board(page: Page, site: ServerProc, view: dict[str, Any], measure: str) -> Any:
    """Draw ``view`` with the site's board.js (ann and bob, 7 points to 0, from seat 0's
    side) on the rules page, and return what the JavaScript ``measure`` returns: statements
    that read ``root``, the drawn board."""
    page.goto(site.url + "/rules")
    return page.evaluate(
        """async (view) => {
            const { renderBoard } = await import('/static/board.js');
            const root = document.createElement('div');
            root.className = 'board';
            document.querySelector('main').prepend(root);
            renderBoard(root, view, { names: ['ann', 'bob'], scores: [7, 0], goals: [21, 21] }, 0);
"""
        + measure
        + "\n}",
        view,
    )
