"""End-to-end: the table people would rather play at. Each test drives real chromium pages
against a real server: moves shown one at a time in words with the moved card
highlighted, counters explained, draw offers declined, a dead connection refusing
clicks visibly, a live lobby, a compact phone table, accessibility (axe-core), the rules
pages and the guided first game."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webutil import (
    PHONE,
    ServerProc,
    api_post,
    check_no_hidden,
    check_words,
    fast,
    module_fixtures,
    my_turn_or_over,
    no_horizontal_overflow,
    serious,
    set_deck,
    shot,
    two_seat_deck,
    versus_random_bot,
    watch_frames,
)

from cuttle.engine.rules import PRESETS

site_fixture, browser_fixture = module_fixtures(forget=True)

DESKTOP = {"width": 1280, "height": 860}


@pytest.fixture
def people(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two people, each in a browser context of their own."""
    ca = fast(browser.new_context(viewport=DESKTOP))
    cb = fast(browser.new_context(viewport=DESKTOP))
    yield ca, cb
    ca.close()
    cb.close()


def two_person_table(site: ServerProc, a: Page, b: Page, deck: list[str] | None = None) -> str:
    """A standard game made by ``a`` (seat 0) and joined by ``b`` (seat 1), both tables
    open; with ``deck`` stacked."""
    a.goto(site.url + "/")
    gid = str(api_post(a, "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})["id"])
    if deck:
        set_deck(site, gid, deck)
    b.goto(site.url + "/")
    api_post(b, f"/api/games/{gid}/join", {})
    a.goto(f"{site.url}/g/{gid}")
    b.goto(f"{site.url}/g/{gid}")
    for p in (a, b):
        p.wait_for_selector(".seat.mine .hand .card")
    return gid


def until_deck(page: Page) -> None:
    """Play the first offered move until drawing is legal again (after a bot's one-off,
    say); the game must not end meanwhile."""
    for _ in range(10):
        assert not my_turn_or_over(page)
        if page.locator("#deck.playable").count():
            return
        before = page.locator("#log li").count()
        if not page.locator("#all-moves").evaluate("d => d.open"):
            page.locator("#all-moves summary").click()
        page.locator("#all-moves .all-list button").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    raise AssertionError("drawing never became legal")


def name_of(page: Page) -> str:
    """The guest name the page's session plays under."""
    return str(page.evaluate("async () => (await (await fetch('/api/session')).json()).user.name"))


# --------------------------------------------------------------------- a bot's move


def test_a_bots_move_is_highlighted_paced_and_told_in_words(
    site: ServerProc, browser: Browser
) -> None:
    ctx = browser.new_context(viewport=DESKTOP)  # the default pace: 600 ms
    page = ctx.new_page()
    frames = watch_frames(page)
    page.goto(site.url + "/")
    gid = str(api_post(page, "/api/quickplay", {"level": "random"})["id"])
    page.add_init_script(
        """window.__shown = [];
        new MutationObserver(() => {
            const t = document.getElementById('last-move');
            if (t) window.__shown.push([performance.now(), t.textContent]);
        }).observe(document, {subtree: true, childList: true, characterData: true});"""
    )
    page.goto(f"{site.url}/g/{gid}")
    page.wait_for_selector("#deck.playable")
    page.click("#deck")
    expect(page.locator("#last-move")).to_have_text(re.compile(r"^You draw the "))
    # The bot's answer comes after a pause, in words, with its card highlighted.
    expect(page.locator("#last-move")).to_contain_text("Random bot", timeout=10000)
    line = page.locator("#log li").last.get_attribute("data-line") or ""
    assert line.startswith("p1: ")
    text = page.locator("#last-move").inner_text()
    assert "p1" not in text and text == page.locator("#log li").last.inner_text()
    cards = [w for w in line.split()[2:] if re.fullmatch(r"[A2-9TJQK][CDHS]", w)]
    moved = page.locator("#board .card.just-moved")
    expect(moved).to_have_count(1)
    if cards and not line.startswith(("p1: discard", "p1: resolve", "p1: scuttle")):
        assert moved.get_attribute("data-card") == cards[0]
    expect(page.locator('.seat.just-acted[data-seat="1"]')).to_have_count(1)
    page.wait_for_timeout(600)  # the arrival animation done, the highlight stays
    shot(page, "bot-move.png", full_page=False)
    shown: list[list[Any]] = page.evaluate("window.__shown")
    mine = next(t for t, s in shown if s.startswith("You draw"))
    bot = next(t for t, s in shown if s.startswith("Random bot"))
    assert bot - mine >= 550, f"the bot's move came {bot - mine:.0f} ms after ours"
    # Every frame told this seat only what it may see, in words too.
    assert check_no_hidden(site, gid, frames, 0) >= 2
    assert check_words(site, gid, frames, 0) >= 2
    assert all("text" in f and "by" in f for f in frames if f["t"] == "event")
    ctx.close()


# --------------------------------------------------------------------- counters, draws


def test_a_counter_is_explained(
    site: ServerProc, people: tuple[BrowserContext, BrowserContext]
) -> None:
    a, b = (c.new_page() for c in people)
    fa, fb = watch_frames(a), watch_frames(b)
    deck = two_seat_deck(["5S", "3C", "6D", "7C", "8H"], ["2C", "2D", "9S", "TD", "JH", "QC"])
    gid = two_person_table(site, a, b, deck)
    ann, bea = name_of(a), name_of(b)
    a.click('#board .card.playable[data-card="5S"]')
    a.click('#actions button.cand[data-move="oneoff 5S"]')
    # The answering seat is told what the one-off does and what Resolve will do.
    expect(b.locator("#prompt")).to_contain_text(
        f"{ann} plays the Five of Spades as a one-off to draw two cards"
    )
    expect(b.locator("#prompt")).to_contain_text("Resolve")
    b.click('#board .card.playable[data-card="2C"]')
    b.click('#actions button.cand[data-move="counter 2C"]')
    prompt = a.locator("#prompt")
    expect(prompt).to_contain_text(f"{bea} countered your Five of Spades with the Two of Clubs")
    expect(prompt).to_contain_text("Resolve: the Five of Spades is cancelled")
    expect(a.locator("#last-move")).to_have_text(f"{bea} counters with the Two of Clubs.")
    # The counter in the pending box shows its rank.
    expect(a.locator('#pending .card.small[data-card="2C"]')).to_have_text("2♣")
    expect(a.locator("#pending")).to_contain_text(f"{ann} plays")
    a.click('#actions button.primary[data-move="resolve"]')
    expect(b.locator("#last-move")).to_contain_text(f"{ann} lets it resolve")
    assert check_words(site, gid, fa, 0) >= 2 and check_words(site, gid, fb, 1) >= 2


def test_decline_a_draw_then_win_and_lose_by_name(
    site: ServerProc, people: tuple[BrowserContext, BrowserContext], browser: Browser
) -> None:
    a, b = (c.new_page() for c in people)
    gid = two_person_table(site, a, b)
    ann, bea = name_of(a), name_of(b)
    a.click("#btn-draw")
    expect(a.locator("#notice")).to_contain_text(f"You offered a draw; waiting for {bea}")
    expect(a.locator("#btn-draw")).to_be_hidden()  # no second click can accept one's own offer
    expect(b.locator("#notice")).to_contain_text(f"{ann} offers a draw")
    expect(b.locator("#error")).to_have_text("")
    b.click("#btn-decline-draw")
    for p in (a, b):
        expect(p.locator("#notice")).to_contain_text("The draw offer was declined")
        expect(p.locator("#btn-draw")).to_be_visible()
    # A spectator watches: labelled, no move box, no controls.
    watcher = browser.new_context(viewport=PHONE)
    w = watcher.new_page()
    w.goto(f"{site.url}/g/{gid}")
    expect(w.locator("#role")).to_have_text("watching")
    expect(w.locator("#status-line")).to_contain_text("Watching")
    expect(w.locator("#movebox")).to_be_hidden()
    expect(w.locator("#btn-resign")).to_be_hidden()
    expect(w.locator("#invite-box")).to_be_hidden()  # nobody can join any more
    # Ann resigns: results by name, not in the error line; the move box goes away.
    a.once("dialog", lambda d: d.accept())
    a.click("#btn-resign")
    expect(a.locator("#status-line")).to_have_text(
        f"Game over. You lost: {bea} won by resignation."
    )
    expect(b.locator("#status-line")).to_have_text("Game over. You won by resignation!")
    expect(w.locator("#status-line")).to_have_text(f"Game over. {bea} won by resignation.")
    for p in (a, b):
        expect(p.locator("#error")).to_have_text("")
        expect(p.locator("#movebox")).to_be_hidden()
        expect(p.locator("#link-replay")).to_be_visible()
    watcher.close()


def test_the_invite_link_has_a_copy_button_while_a_seat_is_free(
    site: ServerProc, browser: Browser
) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.goto(site.url + "/")
    gid = api_post(page, "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})["id"]
    page.goto(f"{site.url}/g/{gid}")
    expect(page.locator("#invite-box")).to_be_visible()
    page.click("#copy-invite")
    expect(page.locator("#copy-invite")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == f"{site.url}/g/{gid}"
    ctx.close()


# --------------------------------------------------------------------- connection


def test_a_disconnected_click_is_refused_visibly_and_a_double_click_plays_once(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    site = ServerProc(tmp_path_factory.mktemp("offline") / "data", bot_delay=0.05).start()
    ctx = fast(browser.new_context(viewport=DESKTOP))
    try:
        page = ctx.new_page()
        gid = versus_random_bot(page, site)
        # A double click on the deck draws once, with no stale-move error.
        page.dblclick("#deck")
        expect(page.locator("#log li").first).to_have_attribute("data-line", "p0: draw")
        page.wait_for_timeout(500)
        assert page.locator("#log li").nth(1).get_attribute("data-line") != "p0: draw"
        expect(page.locator("#error")).to_have_text("")
        until_deck(page)
        moves_before = page.locator("#log li").count()
        # The server goes away: the table says so and offers nothing.
        site.stop()
        expect(page.locator("#conn")).to_be_visible()
        expect(page.locator("#conn")).to_have_text("Reconnecting…")
        expect(page.locator("#board")).to_have_class(re.compile(r"\boffline\b"))
        expect(page.locator("#board .card.playable")).to_have_count(0)
        expect(page.locator("#prompt")).to_contain_text("Reconnecting")
        page.locator(".seat.mine .hand .card").first.click()
        expect(page.locator("#error")).to_contain_text("Not connected: your move was not sent")
        page.click("#deck")
        # Back again: the table reconnects and plays on.
        site.start()
        expect(page.locator("#conn")).to_be_hidden(timeout=15000)
        expect(page.locator("#error")).to_have_text("")
        page.wait_for_selector("#deck.playable")
        assert page.locator("#log li").count() == moves_before
        with site.db() as db:
            stored = db.execute("select count(*) from moves where game_id=?", (gid,)).fetchone()
        assert stored[0] == moves_before  # nothing was sent while disconnected
        page.click("#deck")
        expect(page.locator("#log li")).to_have_count(moves_before + 2, timeout=10000)
    finally:
        ctx.close()
        site.stop()


# --------------------------------------------------------------------- lobby


def test_the_lobby_updates_live_and_explains_its_choices(
    site: ServerProc, browser: Browser
) -> None:
    ca = browser.new_context(viewport=DESKTOP)
    cb = browser.new_context(viewport=DESKTOP)
    a, b = ca.new_page(), cb.new_page()
    a.goto(site.url + "/")
    a.wait_for_selector("#create-seats .seat-row")
    # Rule sets come with their one-line descriptions and a page each.
    expect(a.locator("#quick-desc")).to_contain_text(PRESETS["standard"].description)
    a.select_option("#create-rules", "cutthroat")
    expect(a.locator("#rules-desc")).to_contain_text(PRESETS["cutthroat"].description)
    expect(a.locator("#rules-desc a")).to_have_attribute("href", "/rules/cutthroat")
    a.select_option("#create-rules", "standard")
    # Checkboxes sit beside their labels, not above them.
    for box in ("#create-private", "#create-practice"):
        cb_box = a.locator(box).bounding_box()
        label = a.locator(f"label:has({box})").bounding_box()
        assert cb_box and label
        assert abs((cb_box["y"] + cb_box["height"] / 2) - (label["y"] + label["height"] / 2)) < 8
        assert label["width"] > cb_box["width"] * 4
    shot(a, "lobby.png")
    # A game made in another browser appears without a reload.
    b.goto(site.url + "/")
    gid = api_post(b, "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})["id"]
    expect(a.locator(f'#open-games tr[data-game="{gid}"]')).to_be_visible(timeout=10000)
    expect(a.locator(f'#open-games tr[data-game="{gid}"] button.join')).to_be_visible()
    # ... and goes once it is full.
    c = browser.new_context()
    cp = c.new_page()
    cp.goto(site.url + "/")
    api_post(cp, f"/api/games/{gid}/join", {})
    expect(a.locator(f'#open-games tr[data-game="{gid}"]')).to_have_count(0, timeout=10000)
    # A practice round lays every hand face up.
    a.check("#create-practice")
    a.click("#create-game")
    a.wait_for_url("**/g/*")
    a.wait_for_selector(".seat.mine .hand .card")
    expect(a.locator('.seat[data-seat="1"] .hand .card')).to_have_count(6)
    expect(a.locator('.seat[data-seat="1"] .hand .card.back')).to_have_count(0)
    for ctx in (ca, cb, c):
        ctx.close()


# --------------------------------------------------------------------- the phone


def test_a_five_seat_table_is_compact_on_a_phone(site: ServerProc, browser: Browser) -> None:
    # Reduced motion asked for: moves are highlighted but never animated.
    ctx = fast(browser.new_context(viewport=PHONE, has_touch=True, reduced_motion="reduce"))
    page = ctx.new_page()
    frames = watch_frames(page)
    page.goto(site.url + "/")
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 4
    gid = api_post(
        page,
        "/api/games",
        {"rules": "multiplayer", "players": 5, "seats": seats, "my_seat": 0},
    )["id"]
    page.goto(f"{site.url}/g/{gid}")
    page.wait_for_selector("#deck.playable")
    for _ in range(3):  # a few turns, so that fields hold cards
        if my_turn_or_over(page):
            break
        legal = page.locator("#all-moves .all-list button").evaluate_all(
            "bs => bs.map(b => b.dataset.move)"
        )
        before = page.locator("#log li").count()
        points = [m for m in legal if m.startswith("points ")]
        if points:  # pick the card, then a click on one's own field plays its points
            page.click(f'.seat.mine .hand .card.playable[data-card="{points[0].split()[1]}"]')
            page.click(".seat.mine button.drop-here")
        elif "draw" in legal:
            page.click("#deck")
        else:
            if not page.locator("#all-moves").evaluate("d => d.open"):
                page.locator("#all-moves summary").click()
            page.locator("#all-moves .all-list button").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    expect(page.locator(".seat.compact")).to_have_count(4)
    for s in range(1, 5):  # name, points, hand count, then the field as chips
        expect(page.locator(f'.seat.compact[data-seat="{s}"] .hand-count')).to_contain_text(
            "in hand"
        )
    heights = page.locator(".seat.compact").evaluate_all(
        "ns => ns.map(n => n.getBoundingClientRect().height)"
    )
    assert max(heights) < 90, heights
    chips = page.locator(".seat.compact .card.chip")
    if chips.count():
        # the card's name (with ", targeted" while a one-off aims at it)
        label = chips.first.get_attribute("aria-label") or ""
        assert re.fullmatch(r"(\w+ of \w+|Joker \d)(, targeted)?", label), label
    no_horizontal_overflow(page)
    expect(page.locator("#board .seat.just-acted")).to_have_count(1)
    expect(page.locator("#board .arrive")).to_have_count(0)
    # The page's height less what the moment shows (the status line, and the middle's
    # pending one-off or discard prompt, which grow with the random deal): 1,000-1,050 px
    # in the runs measured, against about 1,950 px for the whole page before the compact
    # seats. The experts' notation tools (switched on by fast(), off by default; their
    # buttons 44 px tall on a phone) are left out too.
    height, moment = page.evaluate(
        """() => [document.documentElement.scrollHeight,
                  ['main .status', '#board .center', '#expert']
                    .map(q => document.querySelector(q))
                    .reduce((h, n) => h + (n ? n.getBoundingClientRect().height : 0), 0)]"""
    )
    assert height - moment < 1300, f"the 5-seat phone table is {height}px tall ({moment}px prompts)"
    shot(page, "table-5-phone.png")
    assert check_no_hidden(site, gid, frames, 0) > 3
    assert check_words(site, gid, frames, 0) > 3
    ctx.close()


# --------------------------------------------------------------------- accessibility


def test_axe_finds_nothing_serious_on_lobby_table_and_replay(
    site: ServerProc, browser: Browser
) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP))
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.wait_for_selector("#create-seats .seat-row")
    assert serious(page) == []
    gid = api_post(page, "/api/quickplay", {"level": "random"})["id"]
    page.goto(f"{site.url}/g/{gid}")
    page.wait_for_selector("#deck.playable")
    page.click("#deck")
    assert not my_turn_or_over(page)
    playable = page.locator(".seat.mine .hand .card.playable")
    if playable.count():
        playable.first.click()  # a card selected, its moves offered
    assert serious(page) == []
    page.keyboard.press("Escape")
    # Keyboard only: Tab reaches the deck (or the phase's first move) and Enter plays.
    before = page.locator("#log li").count()
    target = "#deck.playable, #actions button.primary"
    for _ in range(80):
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", target):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached a move")
    page.keyboard.press("Enter")
    expect(page.locator("#log li").nth(before)).to_have_attribute("data-line", re.compile(r"^p0: "))
    page.once("dialog", lambda d: d.accept())
    page.wait_for_selector("#btn-resign:enabled")
    page.click("#btn-resign")
    expect(page.locator("#status-line")).to_contain_text("Game over")
    assert serious(page) == []
    page.goto(f"{site.url}/g/{gid}/replay")
    page.wait_for_selector("#board .card")
    page.keyboard.press("ArrowRight")
    assert serious(page) == []
    page.keyboard.press("End")
    expect(page.locator("#status-line")).to_contain_text("Random bot won by resignation")
    # The replay's step buttons are drawn icons, not font glyphs.
    for b in ("#rp-first", "#rp-prev", "#rp-next", "#rp-last"):
        expect(page.locator(f"{b} svg")).to_have_count(1)
        box = page.locator(f"{b} svg").bounding_box()
        assert box and box["width"] >= 16
    ctx.close()


def test_the_favicon_is_served(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(site.url + "/")
    href = page.locator('link[rel="icon"]').get_attribute("href")
    r = page.request.get(site.url + str(href))
    assert r.ok and r.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in r.text()
    ctx.close()


# --------------------------------------------------------------------- rules, learning


def test_the_rules_pages(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/rules")
    # the rules for people (web/howto/en.md), with contents reaching every rule set
    expect(page.locator("h1")).to_have_text("How to play Cuttle")
    for name in PRESETS:
        expect(page.locator(f'#toc a[href="#{name}"]')).to_be_visible()
    page.click('#toc a[href="#cutthroat"]')
    expect(page.locator("h3#cutthroat")).to_be_in_viewport()
    assert serious(page) == []
    # a rule set's own page, where the lobby and the table link
    page.goto(site.url + "/rules/cutthroat")
    expect(page.locator("h1")).to_have_text("Cutthroat: three players")
    expect(page.locator(".doc").first).to_contain_text("Hand limit 7")
    shot(page, "rules.png", full_page=False)
    assert serious(page) == []
    # docs/rules.md, the reference for developers, rendered: its tables are tables.
    page.click('a[href="/rules/reference"]')
    expect(page.locator("#reference h2", has_text="The rule sets at a glance")).to_be_visible()
    assert page.locator("#reference table").count() >= 2
    assert page.request.get(site.url + "/rules/nonsense").status == 404
    ctx.close()
    # on a phone, in Ukrainian (the longest words), nothing is wider than the screen
    phone = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": "uk"})
    page = phone.new_page()
    for path in ("/rules", "/rules/team", "/rules/reference"):
        page.goto(site.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
    expect(page.locator('a[href="/rules"]').first).to_be_visible()
    phone.close()


def test_the_guided_first_game_explains_moves(site: ServerProc, browser: Browser) -> None:
    ctx = fast(browser.new_context(viewport=DESKTOP))
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.click("#learn-play")
    page.wait_for_url(re.compile(r"/g/[^/?]+\?learn=1$"))
    page.wait_for_selector("#deck.playable")
    hint = page.locator("#hint")
    expect(hint).to_be_visible()
    expect(page.locator("#hint-text")).to_contain_text("Draw: click the deck")
    page.click("#hint-ok")
    # One hint per decision: the next waits for the next move.
    expect(hint).to_be_hidden()
    page.click("#deck")
    expect(hint).to_be_visible(timeout=10000)
    expect(page.locator("#hint-text")).not_to_contain_text("Draw:")
    first = page.locator("#hint-text").inner_text()
    # The bot's reply may be a one-off, and then the decision is to counter or resolve it.
    assert first.split(":")[0] in (
        "Points",
        "Scuttle",
        "One-off",
        "Royals",
        "Glasses",
        "Jack",
        "Counter",
        "Resolve",
    )
    page.click("#hint-off")
    expect(hint).to_be_hidden()
    # A plain table shows no hints, at the reader's decision whatever it is (after the
    # bot's reply it may be to counter or resolve a one-off rather than to draw).
    page.goto(page.url.split("?")[0])
    page.wait_for_selector("#deck.playable, .card.playable, .card.target, #actions button")
    expect(hint).to_be_hidden()
    ctx.close()
