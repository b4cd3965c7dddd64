"""The league's defects of issue 26 in a real chromium: a match's next game shows at the
table and on the match page as soon as a game ends (no 3 s wait, no reload), the rating
change (+N / −N) at the table and on the match page once the match is over, and the
profile with its head-to-head record at 1,280 × 800 and 390 × 844 (axe-core finds
nothing; every tap target on the phone at least 44 px)."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, expect
from webutil import (
    DESKTOP,
    PHONE,
    ServerProc,
    module_fixtures,
    no_horizontal_overflow,
    shot,
    signed_in,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from leagueutil import League, register

site_fixture, browser_fixture = module_fixtures()


def test_the_next_game_and_the_rating_change_come_at_once(
    site: ServerProc, browser: Browser
) -> None:
    ann, bob = register(site.url, "annmatch"), register(site.url, "bobmatch")
    league = League(site, ann, {"annmatch": ann, "bobmatch": bob})
    match_id = league.challenge("annmatch", "bobmatch")
    first = league.get(f"/api/league/matches/{match_id}")["game"]
    ctx = signed_in(browser, site, ann, DESKTOP)
    table, page = ctx.new_page(), ctx.new_page()
    table.goto(f"{site.url}/g/{first}")
    expect(table.locator("#league-banner")).to_contain_text("0 – 0")
    page.goto(f"{site.url}/league/matches/{match_id}")
    expect(page.locator("#match-games li")).to_have_count(0)
    league.end_game(first, "bobmatch")
    ended = time.monotonic()
    second = league.get(f"/api/league/matches/{match_id}")["game"]
    assert second != first
    expect(table.locator("#next-game")).to_have_attribute("href", f"/g/{second}", timeout=2000)
    expect(page.locator("#match-games li")).to_have_count(1, timeout=2500)
    expect(page.locator("#match-next")).to_have_attribute("href", f"/g/{second}")
    assert time.monotonic() - ended < 2.8
    # The last game: the table and the match page say how the ratings moved.
    table.click("#next-game")
    table.wait_for_url(f"**/g/{second}")
    expect(table.locator("#league-banner")).to_contain_text("0 – 1")
    league.end_game(second, "bobmatch")
    banner = table.locator("#league-banner")
    expect(banner).to_contain_text("bobmatch wins the match", timeout=5000)
    expect(banner).to_contain_text("Rating change: annmatch −", timeout=5000)
    expect(page.locator("#rating-change")).to_have_text(
        re.compile(r"^Rating change: annmatch −\d+, bobmatch \+\d+$"), timeout=5000
    )
    m = league.get(f"/api/league/matches/{match_id}")
    loss, gain = m["rating_change"]
    assert f"annmatch −{-loss}, bobmatch +{gain}" in (banner.text_content() or "")
    shot(page, "league-match-rating-change.png")
    ctx.close()

    # Ann's profile: the head-to-head record against Bob, aligned, on a desktop and a phone.
    for name, viewport in (("profile-desktop-1280.png", DESKTOP), ("profile-phone-390.png", PHONE)):
        ctx = signed_in(browser, site, bob, viewport)
        profile = ctx.new_page()
        profile.goto(f"{site.url}/u/annmatch")
        row = profile.locator("#head-to-head tbody tr")
        expect(row).to_have_count(1)
        cells = [row.locator("td").nth(k) for k in range(4)]
        assert [c.text_content() for c in cells] == ["bobmatch", "0", "2", "0"]
        heads = profile.locator("#head-to-head thead th")
        for k in (1, 2, 3):  # each number right-aligned under its own header
            h, c = heads.nth(k).bounding_box(), cells[k].bounding_box()
            assert h is not None and c is not None
            assert abs((h["x"] + h["width"]) - (c["x"] + c["width"])) < 2, (k, h, c)
        no_horizontal_overflow(profile)
        results = Axe().run(profile)
        assert results.response["violations"] == [], [
            v["id"] for v in results.response["violations"]
        ]
        shot(profile, name)
        ctx.close()
