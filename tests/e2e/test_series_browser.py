"""A long-term series in a real chromium: started from the lobby's link and form, its
scoring sheet read on a phone-sized screen once the bots have played it out, and the
way from a round's table back to the sheet."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect
from webutil import SHOTS, ServerProc, module_fixtures, settle

site_fixture, browser_fixture = module_fixtures()
PHONE = {"width": 390, "height": 844}


def test_series_sheet_on_a_phone(site: ServerProc, browser: Browser) -> None:
    """Start a bot series from the lobby; the sheet follows the rounds by itself and shows
    every round, totals and the winner."""
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    page.goto(site.url + "/")
    page.click("#new-series")
    page.select_option("#series-rules", "multiplayer")
    page.fill("#series-target", "40")
    page.select_option("#series-seat1", "bot:random")
    page.select_option("#series-seat2", "bot:easy")
    page.select_option("#series-seat3", "bot:random")
    page.click("#series-start")
    expect(page).to_have_url(re.compile(r"/series/\d+$"))
    sid = int(page.url.rsplit("/", 1)[1])
    # The sheet follows the rounds by itself (no reload here) until the winner shows.
    expect(page.locator("#series-winner")).to_be_visible(timeout=180_000)
    sheet = ctx.request.get(f"{site.url}/api/series/{sid}").json()
    names = [p["name"] for p in sheet["players"]]
    assert names == ["bot 1 (random)", "bot 2 (easy)", "bot 3 (random)"]
    rounds = sheet["rounds"]
    rows = page.locator("#sheet tbody tr")
    expect(rows).to_have_count(len(rounds))
    running = dict.fromkeys(names, 0)
    for i, r in enumerate(rounds):
        cells = rows.nth(i).locator("td.num")
        for j, name in enumerate(names):
            running[name] += r["points"][name]
            expect(cells.nth(j)).to_have_text(f"{r['points'][name]:+d} {running[name]}")
    totals = page.locator("#sheet-totals td.num")
    for j, name in enumerate(names):
        expect(totals.nth(j)).to_have_text(str(running[name]))
    top = max(running.values())
    assert top >= 40
    winner = next(n for n in names if running[n] == top)
    expect(page.locator("#series-winner")).to_contain_text(f"Won by {winner}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    page.screenshot(path=str(SHOTS / "series-sheet-phone.png"), full_page=True)
    rows.nth(0).locator("a", has_text="table").click()
    expect(page).to_have_url(re.compile(rf"/g/{rounds[0]['game']}$"))
    # The table drawn first: on a phone it then brings the board to the top of the
    # screen once, and a tap made before would land where the link no longer is.
    expect(page.locator("#status-line")).to_contain_text("Game over")
    settle(page)
    page.click("#link-series")
    expect(page).to_have_url(re.compile(rf"/series/{sid}$"))
    ctx.close()
