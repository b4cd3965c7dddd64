"""The lobby's defects of issue 26, each in a real chromium: ranked challenges that are
live (the challenged player sees one arrive, the challenger is taken to the game),
news in a hidden tab (a challenge, one's move), the games in progress, and the lobby on a
phone (one column, 44 px tap targets, installable: manifest, icons, service worker)."""

from __future__ import annotations

import sys
from pathlib import Path

import httpx
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect
from webutil import (
    DESKTOP,
    PHONE,
    ServerProc,
    api_post,
    fast,
    module_fixtures,
    no_horizontal_overflow,
    shot,
    small_targets,
)
from webutil import (
    signed_in as signed_in_context,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from leagueutil import register
from srvutil import Client

site_fixture, browser_fixture = module_fixtures()
HIDDEN_TAB = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", {
  configurable: true, get() { return window.__hidden; } });
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notes.push(options.body); }
  close() {}
};
"""
"""A tab the test can hide (``window.__hidden``) whose system notifications are written
down in ``window.__notes`` (the browser's own Notification, standing in for the
desktop's; chromium has no notification centre to read back)."""


def signed_in(
    browser: Browser, site: ServerProc, client: Client, hidden_tab: bool = False
) -> BrowserContext:
    """A desktop browser context holding ``client``'s session; with ``hidden_tab`` its
    pages can be hidden and record their notifications (:data:`HIDDEN_TAB`)."""
    ctx = fast(signed_in_context(browser, site, client, DESKTOP))
    if hidden_tab:
        ctx.add_init_script(HIDDEN_TAB)
    return ctx


def hide(page: Page, hidden: bool) -> None:
    """Hide or show ``page``'s tab, as a browser does when the player switches tabs."""
    page.evaluate(
        "(h) => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def test_a_challenge_is_live_and_the_game_opens_for_both(
    site: ServerProc, browser: Browser
) -> None:
    ann, bob = register(site.url, "annlive"), register(site.url, "boblive")
    ca, cb = signed_in(browser, site, ann), signed_in(browser, site, bob, hidden_tab=True)
    a, b = ca.new_page(), cb.new_page()
    a.goto(site.url + "/")
    b.goto(site.url + "/")
    expect(b.locator("#challenge-list .challenge")).to_have_count(0)
    plain_title = b.title()
    hide(b, True)  # bob looks at another tab
    a.fill("#challenge input[name=opponent]", "boblive")
    a.click("#challenge button[type=submit]")
    expect(a.locator('#challenge-list [data-way="out"]')).to_contain_text("You challenged boblive")
    # Bob's lobby shows the challenge without a reload, and tells him in his hidden tab.
    line = b.locator('#challenge-list [data-way="in"]')
    expect(line).to_contain_text("annlive challenges you", timeout=8000)
    notes = b.evaluate("window.__notes")
    assert notes == ["annlive challenges you to a ranked match (standard)."], notes
    b.wait_for_function("(t) => document.title !== t", arg=plain_title, timeout=3000)
    hide(b, False)
    expect(b).to_have_title(plain_title)  # back on the tab: the title is its own again
    # Bob accepts: both are at the match's first game, Ann without touching her page.
    line.locator('button[data-answer="accept"]').click()
    b.wait_for_url("**/g/*", timeout=8000)
    a.wait_for_url(b.url, timeout=8000)
    # Ann (seat 0) draws while Bob's tab is hidden: his tab says it is his move.
    hide(b, True)
    a.locator("#deck.playable").click(timeout=10000)
    b.wait_for_function("() => window.__notes.includes('Your move')", timeout=8000)
    ca.close()
    cb.close()


def test_the_lobby_lists_the_games_in_progress(site: ServerProc, browser: Browser) -> None:
    """Two people playing (a game that stays in progress) and a game of bots are listed,
    each with a link to watch it; the bots by the names the table gives them."""
    ann, bob = Client(site.url), Client(site.url)
    made = ann.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    gid = made.json()["id"]
    assert bob.post(f"/api/games/{gid}/join").status_code == 200
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/")
    row = page.locator(f'#live-games tr[data-game="{gid}"]')
    expect(row).to_contain_text(f"{ann.user['name']}, {bob.user['name']}")
    expect(row.locator("a.watch")).to_have_attribute("href", f"/g/{gid}")
    bots = api_post(page, "/api/watch/exhibitions", {"levels": ["medium", "hard"]})
    listed = httpx.get(site.url + "/api/watch/games").json()["games"]
    names = [[s["shown"] for s in g["seats"]] for g in listed if g["id"] == bots["id"]]
    assert names == [["Medium bot", "Hard bot"]]
    ctx.close()


def test_the_lobby_on_a_phone_is_one_column_of_big_targets_and_installable(
    site: ServerProc, browser: Browser
) -> None:
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.wait_for_selector("#create-seats .seat-row")
    assert small_targets(page) == []
    no_horizontal_overflow(page)
    # One column: the create form's fields and the quick-play choices each on a line of
    # their own, one above the other, as wide as the form.
    for form in ("#create > .row", "#quick"):
        boxes = page.eval_on_selector_all(
            f"{form} > label, {form} > button",
            """(es) => es.map((e) => {
                const r = e.getBoundingClientRect(); return [r.left, r.top, r.width]; })""",
        )
        assert len(boxes) >= 3
        assert len({round(x) for x, _, _ in boxes}) == 1, boxes
        tops = [t for _, t, _ in boxes]
        assert tops == sorted(tops) and len(set(tops)) == len(tops), boxes
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]
    shot(page, "lobby-phone-390.png")
    # Installable: the manifest is linked and served with its icons; the worker registers
    # and caches the static files.
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = httpx.get(site.url + str(href))
    assert manifest.status_code == 200
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    info = manifest.json()
    assert info["start_url"] == "/" and info["display"] == "standalone"
    sizes = {i["sizes"] for i in info["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in info["icons"]:
        assert httpx.get(site.url + icon["src"]).status_code == 200
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope == site.url + "/"
    cached = page.evaluate(
        """async () => (await (await caches.open('cuttle-static-v1')).keys())
            .map((r) => new URL(r.url).pathname)"""
    )
    assert "/static/site.css" in cached and "/static/lobby.js" in cached
    ctx.close()


def test_the_lobby_on_a_desktop(site: ServerProc, browser: Browser) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.wait_for_selector("#create-seats .seat-row")
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]
    shot(page, "lobby-desktop-1280.png")
    ctx.close()


def test_the_ranked_lobby_on_a_phone(site: ServerProc, browser: Browser) -> None:
    """A registered player's lobby (the ranked queue, the challenge form, a challenge
    received) keeps its 44 px targets and axe-core's silence on a phone, and a refused
    challenge is said beside its form, in view."""
    car, dor = register(site.url, "carphone"), register(site.url, "dorphone")
    assert dor.post("/api/league/challenges", {"opponent": "carphone"}).status_code == 201
    ctx = signed_in_context(browser, site, car, PHONE)
    page = ctx.new_page()
    page.goto(site.url + "/")
    expect(page.locator('#challenge-list [data-way="in"]')).to_contain_text("dorphone")
    page.wait_for_selector("#create-seats .seat-row")
    assert small_targets(page) == []
    no_horizontal_overflow(page)
    results = Axe().run(page)
    assert results.response["violations"] == [], [v["id"] for v in results.response["violations"]]
    page.locator("#challenge").scroll_into_view_if_needed()
    shot(page, "lobby-ranked-phone-390.png", full_page=False)
    page.fill("#challenge input[name=opponent]", "nobody-of-that-name")
    page.click("#challenge button[type=submit]")
    err = page.locator("#challenge-error")
    expect(err).to_be_visible()
    expect(err).to_be_in_viewport()
    expect(page.locator("#lobby-error")).to_be_hidden()
    ctx.close()
