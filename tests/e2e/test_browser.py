"""End-to-end: real chromium pages against a real server, frames checked for hidden cards."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from srvutil import ServerProc, check_no_hidden

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


SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def watch_frames(page: Page) -> list[dict[str, Any]]:
    """Collect every websocket message the page receives."""
    frames: list[dict[str, Any]] = []

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_ws)
    return frames


def my_turn_or_over(page: Page, timeout: float = 15000) -> bool:
    """Wait until the page offers moves or the game is over; return whether it is over."""
    page.wait_for_function(
        "() => document.querySelector('#all-moves') || "
        "document.getElementById('status-line').textContent.startsWith('Game over')",
        timeout=timeout,
    )
    return page.locator("#status-line").inner_text().startswith("Game over")


def click_a_move(page: Page, prefer: tuple[str, ...] = ("Points", "Scuttle")) -> None:
    """Play one move by clicking: the deck, a hand card then its action, or a listed move."""
    if prefer[0] == "Draw" and page.locator("#deck.playable").count():
        page.click("#deck")
        return
    hand = page.locator(".seat.mine .hand .card.playable")
    if hand.count() and page.locator("#discard-button").count() == 0:
        hand.first.click()
        cands = page.locator("#actions button.cand")
        for word in prefer:
            found = cands.filter(has_text=word)
            if found.count():
                found.first.click()
                return
        page.locator("#actions button", has_text="Cancel").click()
    details = page.locator("#all-moves")
    if not details.evaluate("d => d.open"):
        details.locator("summary").click()
    moves = page.locator(".all-list button")
    for word in prefer:
        found = moves.filter(has_text=word)
        if found.count():
            found.first.click()
            return
    moves.first.click()


def game_id(page: Page) -> str:
    """The game id of the table page."""
    return str(page.url.rstrip("/").split("/g/")[1].split("/")[0])


def test_sign_up_play_a_bot_to_the_end_and_replay(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    frames = watch_frames(page)
    page.goto(site.url + "/signup")
    page.fill("input[name=username]", "carla")
    page.fill("input[name=password]", "a good password")
    page.click("button[type=submit]")
    expect(page.locator("#whoami")).to_have_text("carla")
    page.wait_for_selector("#create-seats .seat-row")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lobby.png"), full_page=True)
    page.select_option("#quick-level", "random")
    page.click("#quick-play")
    page.wait_for_url("**/g/*")
    gid = game_id(page)
    shot = False
    for _ in range(400):
        if my_turn_or_over(page):
            break
        if not shot and page.locator(".seat .points .card").count() >= 2:
            page.screenshot(path=str(SHOTS / "table.png"), full_page=True)
            shot = True
        before = page.locator("#log li").count()
        click_a_move(page)
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li').length > {before} "
            "|| document.getElementById('error').textContent"
        )
    else:
        raise AssertionError("the game did not end")
    expect(page.locator("#status-line")).to_contain_text("Game over")
    if not shot:
        page.screenshot(path=str(SHOTS / "table.png"), full_page=True)
    assert check_no_hidden(site, gid, frames, 0) > 2
    # Replay every move.
    page.click("#link-replay")
    page.wait_for_selector("#rp-pos")
    expect(page.locator("#rp-pos")).to_contain_text("0 /")
    total = int(page.locator("#rp-pos").inner_text().split("/")[1])
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rp-pos")).to_have_text(f"1 / {total}")
    for _ in range(min(total, 12) - 1):
        page.click("#rp-next")
    page.screenshot(path=str(SHOTS / "replay.png"), full_page=True)
    page.keyboard.press("End")
    expect(page.locator("#rp-pos")).to_have_text(f"{total} / {total}")
    assert page.locator("#board .card.back").count() == 0  # all cards shown
    # The profile lists the game.
    page.goto(site.url + "/me")
    expect(page.locator(f"#games a[href='/g/{gid}']")).to_be_visible()
    ctx.close()


def test_two_browsers_play_and_a_guest_joins_by_invite(site: ServerProc, browser: Browser) -> None:
    ca = browser.new_context(viewport={"width": 1100, "height": 800})
    cb = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    a, b = ca.new_page(), cb.new_page()
    fa, fb = watch_frames(a), watch_frames(b)
    a.goto(site.url + "/")
    a.wait_for_selector("#create-seats .seat-row")
    a.select_option("#create-seats .seat-row >> nth=1 >> select", "person")
    a.click("#create-game")
    a.wait_for_url("**/g/*")
    invite = a.locator("#invite").input_value()
    gid = game_id(a)
    b.goto(invite)
    b.click("#join-button")
    b.wait_for_selector(".seat.mine")
    pages = {0: a, 1: b}
    for i in range(8):
        a.wait_for_function("() => document.querySelector('.seat.acting')")
        acting = int(a.locator(".seat.acting").first.get_attribute("data-seat") or 0)
        page = pages[acting]
        assert not my_turn_or_over(page)
        before = page.locator("#log li").count()
        click_a_move(page, prefer=("Points",) if i % 3 == 1 else ("Draw", "Points"))
        for p in pages.values():
            p.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    b.screenshot(path=str(SHOTS / "table-phone.png"), full_page=True)
    a.once("dialog", lambda d: d.accept())
    a.click("#btn-resign")
    for p in pages.values():
        expect(p.locator("#status-line")).to_contain_text("Game over")
    assert check_no_hidden(site, gid, fa, 0) > 5
    assert check_no_hidden(site, gid, fb, 1) > 5
    ca.close()
    cb.close()
