"""End-to-end: cards that move at the web table. A drawn card travels from the deck to
the hand and a bot's card from its hand to its field (an animation on the card element,
under 400 ms), nothing travels when the reader asks for reduced motion, and a card
dragged onto one's own field or onto an opponent's card plays there, by mouse and by
touch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webutil import (
    DESKTOP,
    PHONE,
    ServerProc,
    api_post,
    fast,
    module_fixtures,
    set_deck,
    settle,
    shot,
    two_seat_deck,
    versus_random_bot,
)

site_fixture, browser_fixture = module_fixtures(forget=True)

COUNT_TRAVELS = """
window.__travels = [];
new MutationObserver((ms) => {
    for (const m of ms) {
        const t = m.target.dataset && m.target.dataset.travel;
        if (t) window.__travels.push([m.target.dataset.card || 'back', t]);
    }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-travel']});
"""
"""Counts every card that starts travelling (motion.js marks it ``data-travel``)."""

TRAVELLING_IN_HAND = """() => {
    for (const c of document.querySelectorAll('.seat.mine .hand .card')) {
        const a = c.getAnimations().find((x) => x.id === 'travel');
        if (a) return {card: c.dataset.card, from: c.dataset.travel,
                       ms: a.effect.getTiming().duration,
                       transform: getComputedStyle(c).transform,
                       highlighted: document.querySelector(
                           '.seat.mine .hand .card.just-moved')?.dataset.card};
    }
    return null;
}"""
"""The card of one's hand that is travelling right now, with its animation."""


def hand(page: Page) -> list[str]:
    """The cards of the reader's hand, left to right."""
    cards: list[str] = page.locator(".seat.mine .hand .card").evaluate_all(
        "ns => ns.map(n => n.dataset.card)"
    )
    return cards


def test_a_drawn_card_travels_from_the_deck_and_a_bots_card_from_its_hand(
    site: ServerProc, browser: Browser
) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP))
    ctx.add_init_script(COUNT_TRAVELS)
    page = ctx.new_page()
    versus_random_bot(page, site)
    before = hand(page)
    page.click("#deck")
    moving = page.wait_for_function(TRAVELLING_IN_HAND, polling="raf", timeout=5000).json_value()
    new = [c for c in hand(page) if c not in before]
    assert len(new) == 1
    assert moving["card"] == new[0], moving
    assert moving["from"] == "from-deck"
    assert 0 < moving["ms"] < 400
    assert moving["transform"] != "none"  # caught on its way: still displaced
    # The drawn card is the one highlighted, wherever the hand's order puts it.
    assert moving["highlighted"] == new[0], moving
    # The bot moved next (pace 0): its card, or the back it drew, travelled too.
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 2")
    page.wait_for_function("() => window.__travels.length >= 2")
    travels: list[list[str]] = page.evaluate("window.__travels")
    assert travels[0] == [new[0], "from-deck"]
    assert any(how in ("from-hand", "from-deck", "moved") for _, how in travels[1:]), travels
    # Once arrived the card rests where it is drawn.
    page.wait_for_function(
        "() => !document.querySelector('#board [data-travel]')", polling="raf", timeout=2000
    )
    ctx.close()


def test_reduced_motion_moves_no_card(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP, reduced_motion="reduce"))
    ctx.add_init_script(COUNT_TRAVELS)
    page = ctx.new_page()
    versus_random_bot(page, site)
    page.click("#deck")
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 2")
    page.wait_for_timeout(100)
    assert page.evaluate("window.__travels") == []
    animated = page.evaluate(
        "() => document.getAnimations().filter((a) => a.id === 'travel').length"
    )
    assert animated == 0
    expect(page.locator("#board .arrive")).to_have_count(0)
    expect(page.locator("#board .card.just-moved")).to_have_count(1)  # still highlighted
    ctx.close()


def drag(page: Page, source: str, target: str) -> None:
    """Drag ``source`` onto ``target`` with the mouse, in small steps."""
    settle(page)
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 12, a["y"] + a["height"] / 2 - 12, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def touch_drag(page: Page, source: str, target: str) -> None:
    """Drag ``source`` onto ``target`` with a finger (touch events, as a phone sends)."""
    settle(page)
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    assert a and b
    cdp = page.context.new_cdp_session(page)
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2

    def touch(kind: str, x: float, y: float) -> None:
        points: list[dict[str, Any]] = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for k in range(1, 11):
        touch("touchMove", x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10)
    touch("touchEnd", x1, y1)
    cdp.detach()


@pytest.fixture
def two(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two people: one at a desktop, one on a touch phone."""
    ca = fast(browser.new_context(viewport=DESKTOP))
    cb = fast(browser.new_context(viewport=PHONE, has_touch=True))
    yield ca, cb
    ca.close()
    cb.close()


def test_a_card_dragged_onto_a_field_or_an_opponents_card_plays_there(
    site: ServerProc, two: tuple[BrowserContext, BrowserContext]
) -> None:
    a, b = two[0].new_page(), two[1].new_page()
    a.goto(site.url + "/")
    gid = api_post(a, "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})["id"]
    deck = two_seat_deck(["7C", "3C", "6D", "8H", "4S"], ["9S", "TD", "JH", "QC", "5D", "6H"])
    set_deck(site, gid, deck)  # stacked before anyone opens the table
    b.goto(site.url + "/")
    api_post(b, f"/api/games/{gid}/join", {})
    a.goto(f"{site.url}/g/{gid}")
    b.goto(f"{site.url}/g/{gid}")
    a.wait_for_selector('.seat.mine .hand .card.playable[data-card="7C"]')
    # By mouse: the Seven of Clubs dropped on one's own field scores it.
    drag(a, '.seat.mine .hand .card[data-card="7C"]', ".seat.mine .field")
    expect(a.locator("#log li").last).to_have_text("You play the Seven of Clubs for points.")
    expect(a.locator('.seat.mine .field .card[data-card="7C"]')).to_have_count(1)
    # By touch, on the phone: the Ten of Diamonds dropped on that Seven scuttles it.
    b.wait_for_selector('.seat.mine .hand .card.playable[data-card="TD"]')
    touch_drag(b, '.seat.mine .hand .card[data-card="TD"]', '.seat .field .card[data-card="7C"]')
    expect(b.locator("#log li").last).to_contain_text("You scuttle")
    expect(a.locator("#log li").last).to_contain_text("scuttles your 7♣ with the Ten of Diamonds")
    expect(b.locator('#scrap .card[data-card="TD"], #scrap .card[data-card="7C"]')).to_have_count(1)
    shot(b, "table-phone-after-drag.png", full_page=False)
    # A drag let go where nothing can be played plays nothing and selects nothing.
    before = a.locator("#log li").count()
    a.wait_for_selector(".seat.mine .hand .card.playable")
    drag(a, ".seat.mine .hand .card.playable >> nth=0", "#log")
    a.wait_for_timeout(300)
    expect(a.locator("#log li")).to_have_count(before)
    expect(a.locator(".card.selected")).to_have_count(0)
    expect(a.locator(".drag-ghost")).to_have_count(0)
