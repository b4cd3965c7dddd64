"""Tournaments in a real chromium: an organiser creates a Swiss tournament on its page,
players join from the lobby (one on a phone), the organiser adds a bot and starts it,
round 1's matches exist, the standings show, and a result reaches every open page
without a reload; then a double-elimination bracket of bots played to its end.
Screenshots at 1280×800 and 390×844 (docs/screenshots/tournament-*.png with
``CUTTLE_SCREENSHOTS=docs/screenshots``)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from webutil import (
    DESKTOP,
    PHONE,
    ServerProc,
    module_fixtures,
    no_horizontal_overflow,
    shot,
    signed_in,
    small_targets,
    violations,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "server"))
from leagueutil import League, register

_, browser_fixture = module_fixtures()


@pytest.fixture(scope="module", name="site")
def fast_bots_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """A running server whose bots answer at once (a bracket of bots plays out fast)."""
    proc = ServerProc(tmp_path_factory.mktemp("e2e") / "data", bot_delay=0.0).start()
    yield proc
    proc.stop()


def test_organiser_creates_players_join_it_starts_and_standings_show(
    site: ServerProc, browser: Browser
) -> None:
    org = register(site.url, "tess")
    names = ["amy", "ben", "cat"]
    players = {n: register(site.url, n) for n in names}
    boss = signed_in(browser, site, org, DESKTOP)
    page = boss.new_page()
    page.goto(site.url + "/tournaments")
    assert violations(page) == []  # the list and the form
    page.fill("#t-name", "Thursday Swiss")
    page.select_option("#t-format", "swiss")
    page.fill("#t-rounds", "2")
    page.click("#t-create")
    expect(page).to_have_url(re.compile(r"/tournaments/\d+$"))
    tid = int(page.url.rsplit("/", 1)[1])
    expect(page.locator("#t-title")).to_have_text("Thursday Swiss")
    expect(page.locator("#t-entrants")).to_contain_text("Nobody has joined yet.")

    # Players join from the lobby: amy on a phone, ben and cat on a desktop.
    pages = {}
    for n in names:
        ctx = signed_in(browser, site, players[n], PHONE if n == "amy" else DESKTOP)
        p = ctx.new_page()
        p.goto(site.url + "/")
        item = p.locator(f"#lobby-tournament-box li[data-id='{tid}']")
        expect(item).to_contain_text("Thursday Swiss")
        if n == "amy":
            item.scroll_into_view_if_needed()
            no_horizontal_overflow(p)
            box = item.locator("button.t-join").bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
            shot(p, "tournament-lobby-phone.png", full_page=False)
            assert violations(p) == []  # the lobby with its tournaments
            assert small_targets(p) == []  # every link and button at least 44 px
        item.locator("button.t-join").click()
        expect(p).to_have_url(re.compile(rf"/tournaments/{tid}$"))
        expect(p.locator("#t-leave")).to_be_visible()
        pages[n] = p
    # The organiser's page took the entrants in by itself (no reload).
    for n in names:
        expect(page.locator("#t-entrants")).to_contain_text(n)
    page.select_option("#t-bot-level", "easy")
    page.click("#t-add-bot")
    expect(page.locator("#t-entrants li")).to_have_count(4)
    shot(page, "tournament-open-desktop.png")

    # A player may not start it; the organiser does.
    refused = pages["ben"].evaluate(
        """async (id) => {
            const csrf = document.querySelector('meta[name="csrf"]').content;
            const r = await fetch(`/api/tournaments/${id}/start`, {method: 'POST',
                headers: {'X-CSRF-Token': csrf, 'content-type': 'application/json'}, body: '{}'});
            return [r.status, (await r.json()).error];
        }""",
        tid,
    )
    assert refused == [403, "only the tournament's organiser can do that"]
    page.click("#t-start")
    expect(page.locator("#t-round-1 .t-match")).to_have_count(2)
    expect(page.locator("#t-status")).to_contain_text("round 1 of 2")
    rows = page.locator("#t-standings tbody tr")
    expect(rows).to_have_count(4)
    # amy's page (opened before the start) follows by itself.
    amy = pages["amy"]
    expect(amy.locator("#t-round-1 .t-match")).to_have_count(2, timeout=10_000)
    expect(amy.locator("#t-standings")).to_be_visible()

    # The match of two people is a league match: finish it and watch the pages follow.
    t = boss.request.get(f"{site.url}/api/tournaments/{tid}").json()
    people = next(m for m in t["pairings"][0]["matches"] if m["league_match"])
    winner = people["first"]
    league = League(site, org, players)
    league.play(people["league_match"], [winner, winner])
    row = page.locator(f"#t-match-{people['id']}")
    expect(row).to_have_attribute("data-status", "over", timeout=10_000)
    expect(row.locator(".t-score")).to_have_text("2 – 0")
    expect(row.locator(".t-side.won")).to_have_text(winner)
    first_row = page.locator("#t-standings tbody tr").first
    expect(first_row.locator("td").nth(1)).to_have_text(winner)
    expect(first_row.locator("td").nth(2)).to_have_text("1")
    expect(amy.locator(f"#t-match-{people['id']}")).to_have_attribute("data-status", "over")
    # The bot's opponent "does not come": the organiser records a forfeit on the page, and
    # round 2 is paired at once, on every page (winners meet, as do the losers).
    other = next(m for m in t["pairings"][0]["matches"] if not m["league_match"])
    person = other["first"] if other["second"].startswith("bot ") else other["second"]
    forfeit = page.locator(f"#t-match-{other['id']} details.t-forfeit")
    forfeit.locator("summary").click()
    forfeit.get_by_role("button", name=f"{person} wins by forfeit").click()
    expect(page.locator("#t-round-2 .t-match")).to_have_count(2, timeout=10_000)
    expect(page.locator(f"#t-match-{other['id']} .t-score")).to_have_text("forfeit")
    expect(amy.locator("#t-round-2 .t-match")).to_have_count(2, timeout=10_000)
    expect(page.locator("#t-status")).to_contain_text("round 2 of 2")
    t = boss.request.get(f"{site.url}/api/tournaments/{tid}").json()
    round2 = {frozenset((m["first"], m["second"])) for m in t["pairings"][1]["matches"]}
    losers = {n for n in [*names, "bot 1 (easy)"] if n not in (winner, person)}
    assert round2 == {frozenset((winner, person)), frozenset(losers)}
    assert violations(page) == []  # rounds, standings, the organiser's forfeit controls
    shot(page, "tournament-swiss-desktop.png")
    amy.locator("#t-standings").scroll_into_view_if_needed()
    no_horizontal_overflow(amy)
    assert small_targets(amy) == []
    assert violations(amy) == []
    shot(amy, "tournament-swiss-phone.png")
    for ctx in [boss, *(p.context for p in pages.values())]:
        ctx.close()


def test_a_double_elimination_bracket_of_bots_on_desktop_and_phone(
    site: ServerProc, browser: Browser
) -> None:
    org = register(site.url, "dina")
    ctx = signed_in(browser, site, org, DESKTOP)
    page = ctx.new_page()
    page.goto(site.url + "/tournaments")
    page.fill("#t-name", "Bot cup")
    page.select_option("#t-format", "double-elimination")
    expect(page.locator("#t-rounds")).to_be_hidden()
    page.click("#t-create")
    expect(page).to_have_url(re.compile(r"/tournaments/\d+$"))
    for n in range(1, 5):
        page.select_option("#t-bot-level", "random")
        page.click("#t-add-bot")
        expect(page.locator("#t-entrants li:not(.none)")).to_have_count(n)
    page.click("#t-start")
    expect(page.locator("#t-winner")).to_be_visible(timeout=90_000)
    expect(page.locator("#t-places li")).to_have_count(4)
    expect(page.locator("#t-bracket .bcol h2").first).to_have_text("Winners' round 1")
    assert violations(page) == []
    shot(page, "tournament-bracket-desktop.png")
    phone = ctx.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(page.url)
    no_horizontal_overflow(phone)
    shot(phone, "tournament-bracket-phone.png")
    ctx.close()
