"""End-to-end: more defects found by playing the web table, each fixed and kept fixed: the
notation tools wait behind a "Type moves" switch (off by default, remembered), the seat
that decides shows "thinking…" under the one badge of the table, a seat that passes in a
three-seat counter round is told as not countering (not as "lets it resolve" before a
later seat's counter), and jacks stacked on one card are counted."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect
from webutil import (
    DESKTOP,
    THREE_JACKS,
    ServerProc,
    api_post,
    drawn_board,
    module_fixtures,
    set_deck,
    shot,
    versus_random_bot,
)

from cuttle import new_game
from cuttle.engine.cards import CARD_NAMES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from srvutil import Client

site_fixture, browser_fixture = module_fixtures(forget=True)


def quick(ctx: BrowserContext) -> BrowserContext:
    """Other seats' moves shown at once (pace 0), the notation tools left as they are."""
    ctx.add_init_script("localStorage.setItem('cuttle.pace', '0')")
    return ctx


def test_the_notation_tools_wait_behind_a_switch(site: ServerProc, browser: Browser) -> None:
    ctx = quick(browser.new_context(viewport=DESKTOP))
    page = ctx.new_page()
    versus_random_bot(page, site)
    # Off by default: no "All legal moves (N)", no typed-move box, in any panel.
    expect(page.locator("#all-moves summary")).to_be_hidden()
    expect(page.locator("#type-move summary")).to_be_hidden()
    expect(page.locator("#btn-expert")).to_have_attribute("aria-pressed", "false")
    page.click("#btn-expert")
    expect(page.locator("#btn-expert")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#all-moves summary")).to_be_visible()
    expect(page.locator("#all-moves summary")).to_contain_text("All legal moves (")
    page.click("#type-move summary")
    page.fill("#move-text", "draw")
    before = page.locator("#log li").count()
    page.press("#move-text", "Enter")
    expect(page.locator("#log li").nth(before)).to_have_attribute("data-line", "p0: draw")
    # Remembered: a new page of the table opens with the tools shown, until switched off.
    page.reload()
    page.wait_for_selector("#board .card")
    expect(page.locator("#type-move summary")).to_be_visible()
    page.click("#btn-expert")
    expect(page.locator("#type-move summary")).to_be_hidden()
    page.reload()
    page.wait_for_selector("#board .card")
    expect(page.locator("#type-move summary")).to_be_hidden()
    ctx.close()


def two_people(site: ServerProc, a: Page, b: Page) -> str:
    """A standard game made on ``a`` (seat 0) and joined on ``b`` (seat 1), both open."""
    a.goto(site.url + "/")
    gid = str(api_post(a, "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})["id"])
    b.goto(site.url + "/")
    api_post(b, f"/api/games/{gid}/join", {})
    a.goto(f"{site.url}/g/{gid}")
    b.goto(f"{site.url}/g/{gid}")
    return gid


def test_the_seat_that_decides_is_thinking_under_one_badge(
    site: ServerProc, browser: Browser
) -> None:
    ca = quick(browser.new_context(viewport=DESKTOP))
    cb = quick(browser.new_context(viewport=DESKTOP))
    a, b = ca.new_page(), cb.new_page()
    two_people(site, a, b)
    a.wait_for_selector("#deck.playable")
    # Seat 0 to move: its own badge says so; seat 1's page shows seat 0 thinking.
    expect(a.locator("#board .badge")).to_have_count(1)
    expect(a.locator(".seat.mine .badge")).to_have_text("your move")
    expect(b.locator('.seat[data-seat="0"] .badge.thinking')).to_have_text("thinking…")
    expect(b.locator("#board .badge")).to_have_count(1)
    a.click("#deck")
    # Now seat 1 decides: seat 0's page shows it thinking, and nothing else.
    expect(a.locator('.seat[data-seat="1"] .badge.thinking')).to_have_text("thinking…")
    expect(a.locator("#board .badge")).to_have_count(1)
    expect(a.locator(".seat.mine .badge")).to_have_count(0)
    expect(b.locator(".seat.mine .badge")).to_have_text("your move")
    expect(b.locator("#board .badge.thinking")).to_have_count(0)
    shot(a, "table-thinking.png", full_page=False)
    # Once over, no badge at all.
    a.on("dialog", lambda d: d.accept())
    a.click("#btn-resign")
    for p in (a, b):
        expect(p.locator("#status-line")).to_contain_text("Game over")
        expect(p.locator("#board .badge")).to_have_count(0)
    ca.close()
    cb.close()


def stacked_deck(rules: str, players: int, hands: dict[int, list[str]]) -> list[str]:
    """A deck (top first) that deals ``hands[seat]`` to each seat under ``rules``; the
    deal's order is read from the engine dealing the deck in card order (card ``i`` at
    place ``i``, so the cards a seat is dealt are the places it is dealt from)."""
    base = [c for c in CARD_NAMES if c[0] != "X"]
    dealt = new_game(rules, players=players, deck=base).hands
    slots = {
        pos: card for s, cards in hands.items() for pos, card in zip(dealt[s], cards, strict=True)
    }
    rest = iter([c for c in base if c not in slots.values()])
    return [slots.get(i) or next(rest) for i in range(len(base))]


def test_a_pass_in_a_three_seat_counter_round_is_not_told_as_a_resolution(
    site: ServerProc, browser: Browser
) -> None:
    ctx = quick(browser.new_context(viewport=DESKTOP))
    page = ctx.new_page()
    ann, cy = Client(site.url), Client(site.url)
    seats = [{"kind": "human"}] * 3
    r = ann.post("/api/games", {"rules": "multiplayer", "players": 3, "seats": seats})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    deck = stacked_deck(
        "multiplayer",
        3,
        {
            0: ["5D", "7C", "8C", "9C", "TC"],
            1: ["3H", "4H", "6H", "7H", "8H"],  # no two: seat 1 can only let it be
            2: ["2S", "3S", "4S", "6S", "7S", "8S"],
        },
    )
    set_deck(site, gid, deck)  # stacked before anyone opens the table
    page.goto(site.url + "/")
    assert api_post(page, f"/api/games/{gid}/join", {})["seat"] == 1
    assert cy.post(f"/api/games/{gid}/join").json()["seat"] == 2
    s0, s2 = ann.ws(gid), cy.ws(gid)
    page.goto(f"{site.url}/g/{gid}")
    page.wait_for_selector("#board .card")
    state = s0.until(lambda m: m["t"] == "state" and m["view"]["to_act"] == 0)
    s0.send({"t": "move", "move": "oneoff 5D", "id": "a1", "n": state["n"]})
    page.click('#actions button[data-move="resolve"]')
    ask = s2.until(lambda m: m["t"] == "event" and "counter 2S" in m["legal"])
    s2.send({"t": "move", "move": "counter 2S", "id": "c1", "n": ask["n"]})
    cy_name, ann_name = cy.user["name"], ann.user["name"]
    log = page.locator("#log li")
    expect(log).to_have_count(3)
    expect(log.nth(0)).to_contain_text(f"{ann_name} plays the Five of Diamonds as a one-off")
    expect(log.nth(1)).to_have_text("You do not counter.")
    expect(log.nth(2)).to_contain_text(f"{cy_name} counters with the Two of Spades")
    s0.close()
    s2.close()
    ctx.close()


def test_jacks_on_one_card_are_counted(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    count = drawn_board(
        page,
        site,
        THREE_JACKS,
        """const badge = root.querySelector('.cstack .cover-count');
        const r = badge.getBoundingClientRect();
        return { text: badge.textContent, seen: r.width > 0 && r.height > 0 };""",
    )
    assert count == {"text": "×3", "seen": True}
    ctx.close()
