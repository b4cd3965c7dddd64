"""End-to-end: defects found by playing the web table, each fixed and kept fixed: a table
waiting for its players says so, lobby errors show beside their control, a clock and a
bot seat never meet in the create form, the ranked badge and clock survive the lobby's
refresh, the keyboard focus stays on the hand after a move, a replay draws the viewer's
seat as theirs with the goals of its moment, and a one-off's target is marked while the
seat without a two is not told to counter with one."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webutil import (
    DESKTOP,
    PHONE,
    THREE_JACKS,
    ServerProc,
    api_post,
    drawn_board,
    fast,
    module_fixtures,
    no_horizontal_overflow,
    set_deck,
    shot,
    two_seat_deck,
    versus_random_bot,
)

site_fixture, browser_fixture = module_fixtures(forget=True)


@pytest.fixture
def two(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two people, each in a browser context of their own."""
    ca = fast(browser.new_context(viewport=DESKTOP))
    cb = fast(browser.new_context(viewport=DESKTOP))
    yield ca, cb
    ca.close()
    cb.close()


def focused(page: Page) -> str:
    """What has the keyboard focus: "body", or the focused element's classes and id."""
    return str(
        page.evaluate(
            """() => { const a = document.activeElement;
                if (!a || a === document.body) return 'body';
                const where = a.closest('.seat.mine .hand') ? 'hand '
                    : a.closest('#actions') ? 'actions ' : '';
                return where + a.tagName + '#' + a.id + '.' + a.className; }"""
        )
    )


def test_a_table_waiting_for_its_opponent_says_so(
    site: ServerProc, two: tuple[BrowserContext, BrowserContext]
) -> None:
    a, b = two[0].new_page(), two[1].new_page()
    a.goto(site.url + "/")
    seats = [{"kind": "human"}, {"kind": "human"}]
    gid = api_post(a, "/api/games", {"seats": seats})["id"]
    a.goto(f"{site.url}/g/{gid}")
    a.wait_for_selector(".seat.mine .hand .card")
    expect(a.locator("#status-line")).to_contain_text("Waiting for players")
    expect(a.locator("#prompt")).to_contain_text("Waiting for an opponent to join")
    expect(a.locator("#prompt")).not_to_contain_text("Your move")
    # Nothing lights up or offers a move: no draw, no playable card, no "to move" badge.
    expect(a.locator("#board .playable")).to_have_count(0)
    expect(a.locator("#actions button")).to_have_count(0)
    expect(a.locator("#board .badge")).to_have_count(0)
    expect(a.locator("#invite-box")).to_be_visible()
    shot(a, "table-waiting.png", full_page=False)
    a.set_viewport_size(PHONE)
    no_horizontal_overflow(a)
    shot(a, "table-waiting-phone.png", full_page=False)
    a.set_viewport_size(DESKTOP)
    # Once the opponent sits down, the game starts at the creator's table by itself.
    b.goto(site.url + "/")
    api_post(b, f"/api/games/{gid}/join", {})
    expect(a.locator("#deck.playable")).to_have_count(1, timeout=10000)
    expect(a.locator("#prompt")).to_contain_text("Your move")
    expect(a.locator(".seat.mine .badge.act")).to_have_text("your move")


def test_lobby_errors_show_beside_their_control(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.wait_for_selector("#create-seats .seat-row")
    page.select_option("#create-seats .seat-row >> nth=1 >> select", "person")
    page.check("#create-ranked")  # a guest may not create a ranked game: refused
    page.click("#create-game")
    err = page.locator("#create-error")
    expect(err).to_contain_text("ranked")
    expect(err).to_be_in_viewport()
    assert page.url.rstrip("/") == site.url
    ctx.close()


def test_a_clock_and_a_bot_seat_never_meet(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.wait_for_selector("#create-seats .seat-row")
    seat1 = page.locator("#create-seats .seat-row >> nth=1 >> select")
    expect(seat1).to_have_value("easy")  # the default: a bot
    page.select_option("#create-clock", "5+3")
    expect(seat1).to_have_value("person")
    expect(page.locator("#clock-hint")).to_contain_text("every seat is now a person's")
    page.select_option("#create-seats .seat-row >> nth=1 >> select", "hard")
    expect(page.locator("#create-clock")).to_have_value("")
    expect(page.locator("#clock-hint")).to_contain_text("Bots play untimed")
    # With a clock and three seats, every new seat is a person's; the game is made.
    page.select_option("#create-rules", "cutthroat")
    page.select_option("#create-clock", "3+2")
    for k in range(3):
        expect(page.locator(f"#create-seats .seat-row >> nth={k} >> select")).to_have_value(
            "person"
        )
    page.click("#create-game")
    page.wait_for_url("**/g/*")
    expect(page.locator("#create-error")).to_have_count(0)
    ctx.close()


def test_the_lobby_keeps_the_badges_at_its_refresh(site: ServerProc, browser: Browser) -> None:
    ca, cb = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=DESKTOP)
    a, b = ca.new_page(), cb.new_page()
    b.goto(site.url + "/")
    seats = [{"kind": "human"}, {"kind": "human"}]
    gid = api_post(b, "/api/games", {"seats": seats, "time_control": "10+5"})["id"]
    a.goto(site.url + "/")
    row = a.locator(f'#open-games tr[data-game="{gid}"]')
    expect(row).to_contain_text("casual")
    expect(row).to_contain_text("clock 10+5")
    a.wait_for_function("() => document.getElementById('open-updated').textContent !== ''")
    expect(row).to_contain_text("casual")  # drawn again by the refresh
    expect(row).to_contain_text("clock 10+5")
    ca.close()
    cb.close()


def test_the_focus_stays_on_the_hand_after_a_move(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP))
    page = ctx.new_page()
    versus_random_bot(page, site)
    # The notation tools wait folded below the game's controls, for experts.
    expect(page.locator("#move-text")).to_be_hidden()
    expect(page.locator("#movebox #all-moves")).to_have_count(0)
    expect(page.locator("#expert #all-moves")).to_have_count(1)
    page.click("#type-move summary")
    expect(page.locator("#move-text")).to_be_visible()
    # A move from the action list (its button goes away), by keyboard.
    page.locator(".seat.mine .hand .card.playable").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#actions button.cand")
    before = page.locator("#log li").count()
    page.locator("#actions button.cand").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    page.wait_for_function(
        "() => document.querySelector('#all-moves') || "
        "document.getElementById('status-line').textContent.startsWith('Game over')",
        timeout=20000,
    )
    if not page.locator("#status-line").inner_text().startswith("Game over"):
        where = focused(page)
        assert where != "body", "the focus fell to the page after the move"
        assert where.startswith(("hand", "actions")) or "playable" in where, where
    ctx.close()


def test_a_replay_is_drawn_for_its_viewer_with_the_goals_of_the_moment(
    site: ServerProc, two: tuple[BrowserContext, BrowserContext]
) -> None:
    a, b = two[0].new_page(), two[1].new_page()
    a.goto(site.url + "/")
    seats = [{"kind": "human"}, {"kind": "human"}]
    gid = api_post(a, "/api/games", {"seats": seats})["id"]
    b.goto(site.url + "/")
    api_post(b, f"/api/games/{gid}/join", {})
    b.goto(f"{site.url}/g/{gid}")
    b.wait_for_selector("#btn-resign")
    b.on("dialog", lambda d: d.accept())
    b.click("#btn-resign")
    expect(b.locator("#status-line")).to_contain_text("Game over")
    b.goto(f"{site.url}/g/{gid}/replay")
    expect(b.locator(".seat.mine .seat-name")).to_contain_text("(you)")
    expect(b.locator(".seat.mine")).to_have_attribute("data-seat", "1")
    expect(b.locator('.seat[data-seat="0"] .seat-name')).not_to_contain_text("(you)")
    expect(b.locator('.seat[data-seat="0"] .score')).to_have_text("0 / 21 points")


def clear_of_card(page: Page, captions: str) -> bool:
    """Whether every caption matched by ``captions`` lies at least 8 px from the pending
    card (its 3 px highlight ring and a margin) or on another line."""
    return bool(
        page.evaluate(
            """(sel) => {
                const card = document.querySelector('#pending .card').getBoundingClientRect();
                return [...document.querySelectorAll(sel)].every((s) => {
                    const r = s.getBoundingClientRect();
                    const apart = r.right <= card.left - 8 || r.left >= card.right + 8;
                    const below = r.top >= card.bottom || r.bottom <= card.top;
                    return apart || below;
                });
            }""",
            captions,
        )
    )


def test_a_targeted_card_is_marked_and_no_two_is_asked_for(
    site: ServerProc, two: tuple[BrowserContext, BrowserContext]
) -> None:
    a, b = two[0].new_page(), two[1].new_page()
    a.goto(site.url + "/")
    seats = [{"kind": "human"}, {"kind": "human"}]
    gid = api_post(a, "/api/games", {"seats": seats})["id"]
    deck = two_seat_deck(["7C", "3C", "6D", "8H", "4S"], ["9S", "TD", "JH", "QC", "5D", "6H"])
    set_deck(site, gid, deck)  # stacked before anyone opens the table: nobody holds a two
    b.goto(site.url + "/")
    api_post(b, f"/api/games/{gid}/join", {})
    a.goto(f"{site.url}/g/{gid}")
    b.goto(f"{site.url}/g/{gid}")
    a.click('#board .card.playable[data-card="7C"]')
    a.click('#actions button.cand[data-move="points 7C"]')
    b.click('#board .card.playable[data-card="9S"]')
    b.click('#board .card.target[data-card="7C"]')
    b.click('#actions button.cand[data-move="oneoff 9S 7C"]')
    # Seat 0 holds no two: it is not told to counter with one, and sees what is aimed at.
    expect(a.locator("#prompt")).to_contain_text("You have no two to counter it")
    expect(a.locator("#prompt")).not_to_contain_text("Counter it with a two")
    expect(a.locator('.seat.mine .field .card[data-card="7C"]')).to_have_class(
        re.compile(r"\btargeted\b")
    )
    expect(b.locator('.seat[data-seat="0"] .field .card.targeted')).to_have_count(1)
    shot(a, "table-counter.png", full_page=False)
    # The pending card (ringed as the newest move) leaves its captions clear, phone too.
    for size in (DESKTOP, PHONE):
        a.set_viewport_size(size)
        assert clear_of_card(a, "#pending > span"), size


def test_a_rematch_of_a_guided_game_is_guided(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP))
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.click("#learn-play")
    page.wait_for_url(re.compile(r"/g/[^/?]+\?learn=1$"))
    first = page.url
    page.wait_for_selector("#deck.playable")
    page.on("dialog", lambda d: d.accept())
    page.click("#btn-resign")
    expect(page.locator("#status-line")).to_contain_text("Game over")
    expect(page.locator("#board .badge")).to_have_count(0)  # no "turn" once it is over
    page.click("#btn-rematch")
    page.wait_for_url(lambda url: url != first and url.endswith("?learn=1"), timeout=10000)
    page.wait_for_selector("#deck.playable, #status-line")
    expect(page.locator("#hint")).to_be_visible(timeout=10000)
    ctx.close()


def test_three_jacks_stay_readable_and_the_drop_outline_stays_in_its_field(
    site: ServerProc, browser: Browser
) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    got = drawn_board(
        page,
        site,
        THREE_JACKS,
        """const covers = [...root.querySelectorAll('.cstack .cover')]
                .map((c) => c.getBoundingClientRect());
            const field = root.querySelector('.seat.mine .field');
            field.classList.add('drop');
            const head = root.querySelector('.seat.mine .seat-head').getBoundingClientRect();
            const style = getComputedStyle(field);
            // how far the outline's outer edge reaches outside the field's box
            const reach = Math.max(0,
                parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth));
            return {
                covers: covers.map((r) => [r.left, r.right]),
                outlineTop: field.getBoundingClientRect().top - reach,
                headBottom: head.bottom,
            };""",
    )
    covers = got["covers"]
    assert len(covers) == 3
    for (_, right), (left, _) in itertools.pairwise(covers):
        assert left >= right, f"a jack hides the one before it: {covers}"
    assert got["outlineTop"] >= got["headBottom"], got
    ctx.close()
