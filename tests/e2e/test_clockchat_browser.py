"""End-to-end: clocks, time-outs, claims and chat in real chromium pages."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from srvutil import ServerProc

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A running server where a win may be claimed after 2 s of absence."""
    old = os.environ.get("CUTTLE_CLAIM_AFTER")
    os.environ["CUTTLE_CLAIM_AFTER"] = "2"
    try:
        proc = ServerProc(tmp_path_factory.mktemp("e2e-cc") / "data").start()
    finally:
        if old is None:
            del os.environ["CUTTLE_CLAIM_AFTER"]
        else:
            os.environ["CUTTLE_CLAIM_AFTER"] = old
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


def create_in_lobby(page: Page, site: ServerProc, clock: str = "") -> None:
    """Create a two-person game from the lobby form, with the clock ``clock``."""
    page.goto(site.url + "/")
    page.wait_for_selector("#create-seats .seat-row")
    page.select_option("#create-seats .seat-row >> nth=1 >> select", "person")
    page.select_option("#create-clock", clock)
    page.click("#create-game")
    page.wait_for_url("**/g/*")


def create_by_api(page: Page, site: ServerProc, body: dict[str, Any]) -> str:
    """Create a game with the page's session (CSRF header) and open its table."""
    page.goto(site.url + "/")
    url = page.evaluate(
        """async (body) => {
          const csrf = document.querySelector('meta[name="csrf"]').content;
          const r = await fetch('/api/games', {method: 'POST', body: JSON.stringify(body),
            headers: {'X-CSRF-Token': csrf, 'content-type': 'application/json'}});
          return (await r.json()).url;
        }""",
        body,
    )
    page.goto(site.url + url)
    return str(url)


def join(ctx: BrowserContext, site: ServerProc, url: str) -> Page:
    """Open the table at ``url`` in ``ctx`` and take the free seat."""
    page = ctx.new_page()
    page.goto(site.url + url)
    page.click("#join-button")
    page.wait_for_selector(".seat.mine")
    return page


def seat_name(page: Page, seat: int) -> str:
    """The name shown for ``seat``'s player at ``page``'s table (without "(you)")."""
    text = page.locator(f'.seat[data-seat="{seat}"] .seat-name').inner_text()
    return text.removesuffix(" (you)")


def say(page: Page, text: str) -> None:
    """Send a chat message through the form."""
    page.fill("#chat-input", text)
    page.click("#chat-send")


def test_chat_between_two_browsers_and_a_spectator(site: ServerProc, browser: Browser) -> None:
    ca, cb, cc = (browser.new_context() for _ in range(3))
    a = ca.new_page()
    create_in_lobby(a, site, "5+3")
    url = a.url.replace(site.url, "")
    b = join(cb, site, url)
    c = cc.new_page()  # a spectator
    c.goto(site.url + url)
    # The clock chosen in the lobby runs for p0, counted down in the page.
    expect(a.locator("#clocks")).to_contain_text("Clock 5+3")
    expect(a.locator(".clock-row.running")).to_have_attribute("data-seat", "0")
    first = a.locator(".clock-row.running .clock-time").inner_text()
    a.wait_for_timeout(1200)
    assert a.locator(".clock-row.running .clock-time").inner_text() != first
    expect(a.locator(".chat-title")).to_have_text("Chat (players)")
    expect(c.locator(".chat-title")).to_have_text("Chat (spectators)")

    evil = '<img src=x onerror="window.pwned=1"> <b>hi</b> & bye'
    say(a, evil)
    for p in (a, b):
        expect(p.locator("#chat-log .chat-text").last).to_have_text(evil)
        assert p.locator("#chat-log img, #chat-log b").count() == 0
        assert p.evaluate("() => window.pwned") is None
    say(c, "spectators here")
    expect(c.locator("#chat-log .chat-text")).to_have_text(["spectators here"])
    # Nobody is offered to mute themselves: a spectator's own line has no mute link.
    expect(c.locator("#chat-log .chat-mute")).to_have_count(0)
    expect(a.locator("#chat-log .chat-mute")).to_have_count(0)
    say(b, "players here")
    expect(a.locator("#chat-log .chat-text")).to_have_text([evil, "players here"])
    expect(c.locator("#chat-log .chat-text")).to_have_text(["spectators here"])
    assert "players here" not in c.locator("#chat-panel").inner_text()
    assert "spectators here" not in a.locator("#chat-panel").inner_text()

    # Bob mutes Alice: her messages vanish on his browser, also after a reload.
    b.locator("#chat-log .chat-mute").first.click()
    expect(b.locator("#chat-log .chat-text")).to_have_text(["players here"])
    b.reload()
    expect(b.locator(".chat-muted")).to_contain_text("Muted:")
    expect(b.locator("#chat-log .chat-text")).to_have_text(["players here"])
    # The reload got the channel's log back; unmuting shows Alice again.
    b.locator(".chat-muted button").click()
    expect(b.locator("#chat-log .chat-text")).to_have_text([evil, "players here"])
    for ctx in (ca, cb, cc):
        ctx.close()


def test_a_flood_is_refused_and_shown(site: ServerProc, browser: Browser) -> None:
    ca, cb = browser.new_context(), browser.new_context()
    a = ca.new_page()
    url = create_by_api(a, site, {"seats": [{"kind": "human"}, {"kind": "human"}]})
    b = join(cb, site, url)
    for i in range(6):
        say(a, f"flood {i}")
    expect(a.locator("#chat-error")).to_contain_text("too many chat messages")
    expect(b.locator("#chat-log .chat-text")).to_have_text([f"flood {i}" for i in range(5)])
    ca.close()
    cb.close()


def test_a_time_out_is_shown_in_both_browsers(site: ServerProc, browser: Browser) -> None:
    ca, cb = browser.new_context(), browser.new_context()
    a = ca.new_page()
    seats = [{"kind": "human"}, {"kind": "human"}]
    url = create_by_api(a, site, {"seats": seats, "time_control": "0.03+0"})  # 1.8 s
    b = join(cb, site, url)
    name_a, name_b = seat_name(b, 0), seat_name(a, 1)
    for p in (a, b):
        expect(p.locator("#status-line")).to_contain_text("Game over", timeout=8000)
        # The ending in words, never as a code, and never as a resignation.
        expect(p.locator("#status-line")).to_contain_text("on time")
        expect(p.locator("#status-line")).not_to_contain_text("(time)")
        expect(p.locator(".clock-row.flagged")).to_have_attribute("data-seat", "0")
        expect(p.locator(".clock-row.flagged .clock-time")).to_have_text("0.0")
        expect(p.locator("#clock-note")).not_to_contain_text("Result:")
    expect(a.locator("#clock-note")).to_contain_text(f"You ran out of time. {name_b} wins.")
    expect(b.locator("#clock-note")).to_contain_text(f"{name_a} ran out of time. You win.")
    expect(a.locator("#last-move")).to_have_text("You ran out of time.")
    expect(b.locator("#log li").last).to_have_text(f"{name_a} ran out of time.")
    # After a reload the table still says so.
    b.reload()
    expect(b.locator("#clock-note")).to_contain_text(f"{name_a} ran out of time")
    expect(b.locator("#log li").last).to_have_text(f"{name_a} ran out of time.")
    ca.close()
    cb.close()


def test_claim_victory_once_the_opponent_left(site: ServerProc, browser: Browser) -> None:
    ca, cb = browser.new_context(), browser.new_context()
    a = ca.new_page()
    url = create_by_api(a, site, {"seats": [{"kind": "human"}, {"kind": "human"}]})
    b = join(cb, site, url)
    expect(a.locator("#btn-claim")).to_be_hidden()
    name_b = seat_name(a, 1)
    b.close()
    expect(a.locator("#clock-note")).to_contain_text(f"{name_b} is disconnected")
    expect(a.locator("#btn-claim")).to_be_visible(timeout=6000)
    a.click("#btn-claim")
    expect(a.locator("#status-line")).to_contain_text("Game over")
    expect(a.locator("#status-line")).to_contain_text("the other side left the table")
    expect(a.locator("#status-line")).not_to_contain_text("(abandoned)")
    expect(a.locator("#clock-note")).to_contain_text("Won by claim")
    expect(a.locator("#clock-note")).to_contain_text("You win.")
    expect(a.locator("#last-move")).to_have_text(f"{name_b} left the table; the win was claimed.")
    ca.close()
    cb.close()
